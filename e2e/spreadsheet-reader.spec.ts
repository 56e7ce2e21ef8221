import iconv from 'iconv-lite';
import { ballooningOleFile } from '../apps/server/test/integrations/spreadsheet-builders';
import { choose, expect, pickerName, saveButton, signInAt, test } from './fixtures/sources';

/**
 * The spreadsheet reader as the built server runs it (dist/table-worker.js in its own process): a supplier's
 * pinned encoding in the order tracking editor, and a hostile workbook refused while the server goes on.
 */

const CSV_1250 = iconv.encode('Item,Qty,Tracking\r\nŁódź-01,1,T1\r\n', 'windows-1250');

test('Text Encoding: the order tracking editor pins a supplier’s encoding and Process File reads with it', async ({
  page,
  createUser,
  sources,
}) => {
  const user = await createUser({ orderUser: true });
  const mailbox = await sources.emailSource();
  const source = await sources.orderTrackingSource(mailbox.id);
  await signInAt(page, user.username, `/order-tracking-sources/edit/${source.id}`);

  const encoding = page.getByLabel('Text Encoding', { exact: true });
  await expect(encoding).toHaveText('Detect automatically');
  await expect(encoding).toHaveAccessibleDescription(
    /^CSV and text files only\. Detected from each file unless set/,
  );
  await expect(page.getByLabel('Email Source', { exact: true })).toHaveText(pickerName(mailbox));
  await choose(page, 'Text Encoding', 'Central European (Windows-1250)');
  await saveButton(page).click();
  await expect(saveButton(page)).toHaveText('Saved!');
  const stored = await (await sources.api.get(`/api/order-tracking-sources/get/${source.id}`)).json();
  expect(stored.textEncoding).toBe('windows-1250');

  await page.getByRole('button', { name: 'Process File' }).click();
  const dialog = page.getByRole('dialog', { name: 'Process File' });
  await dialog.getByLabel('File', { exact: true }).setInputFiles({
    name: 'tracking_pl.csv',
    mimeType: 'text/csv',
    buffer: CSV_1250,
  });
  await expect(dialog.getByRole('row', { name: '2 Łódź-01 Łódź-01 1 T1' })).toBeVisible();
});

test('a workbook that would exhaust the server’s memory is refused with its reason, and the server answers on', async ({
  sources,
}) => {
  // The reader's heap (1 GB by default) fills before the refusal: give it the time.
  test.setTimeout(180_000);
  const mailbox = await sources.emailSource();
  const source = await sources.orderTrackingSource(mailbox.id, { fileType: '.xls', attachmentName: '*.xls' });
  const preview = (name: string, buffer: Buffer) =>
    sources.api.post(`/api/order-tracking-sources/${source.id}/preview`, {
      multipart: { file: { name, mimeType: 'application/vnd.ms-excel', buffer } },
      timeout: 170_000,
    });

  const refused = await preview('stock.xls', ballooningOleFile());
  expect(refused.status()).toBe(200);
  expect((await refused.json()).error).toMatch(
    /^stock\.xls was refused: reading it needed more than \d+ MB of memory/,
  );

  expect((await sources.api.get('/health')).status()).toBe(200);
  const csvSource = await sources.orderTrackingSource(mailbox.id);
  const read = await sources.api.post(`/api/order-tracking-sources/${csvSource.id}/preview`, {
    multipart: {
      file: {
        name: 'tracking.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Item,Qty,Tracking\n000123,1,T1\n'),
      },
    },
  });
  expect((await read.json()).rows[0]).toMatchObject({ itemNumber: '000123' });
});
