import { GRID_PATH, gridRow, orderToken, test } from './fixtures/orders';

test('debug', async ({ page, createUser, signIn, orders }) => {
  const t = orderToken();
  await orders.seed([{ customerPoNumber: `${t}-PO-1`, shipToName: `${t} Ship` }], { token: t });
  const user = await createUser({ orderUser: true });
  await signIn(page, user.username, { path: `${GRID_PATH}?po=${t}` });
  const row = gridRow(page, `${t}-PO-1`);
  await row.waitFor();
  await page.evaluate(() => {
    (window as any).__log = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) (window as any).__log.push(['add', performance.now(), (n as Element).outerHTML?.slice(0, 200)]);
      for (const r of records) for (const n of r.removedNodes) (window as any).__log.push(['rm', performance.now(), (n as Element).outerHTML?.slice(0, 200)]);
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.mouse.move(0, 0);
  await row.getByRole('gridcell', { name: `${t} Ship`, exact: true }).hover();
  await page.waitForTimeout(1500);
  console.log(JSON.stringify(await page.evaluate(() => (window as any).__log), null, 1));
  console.log(await page.evaluate(() => document.querySelector('[data-slot="tooltip-content"], [role=tooltip]')?.outerHTML));
});
