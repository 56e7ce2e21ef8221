/**
 * Cross-site request forgery, in a real browser: the admin is signed in, and a page served from another
 * origin of the same site (another port on the same loopback address, so SameSite=Lax cookies go along)
 * tries every way a page can send a state-changing request with those cookies. Nothing may happen.
 */
import { createServer, type Server } from 'node:http';
import type { Request } from '@playwright/test';
import { E2E_ADMIN } from './fixtures/constants';
import { expect, listNotificationSettings, NOTIFICATION_SETTINGS_API, test } from './fixtures/notifications';

interface Targets {
  app: string;
  /** Users each attack tries to delete, one per attack. */
  users: Record<string, number>;
  settingId: number;
}

/** The attacker's page: forms into hidden frames, then fetch and beacon calls; the title says when it is done. */
function attackPage({ app, users, settingId }: Targets): string {
  const form = (name: string, enctype: string) => `
    <iframe name="frame-${name}"></iframe>
    <form id="form-${name}" method="POST" enctype="${enctype}" target="frame-${name}"
          action="${app}/api/accounts/delete/${users[name]}">
      <input name="userId" value="${users[name]}">
    </form>`;
  return `<!doctype html><html><head><title>attack</title></head><body>
    ${form('urlencoded', 'application/x-www-form-urlencoded')}
    ${form('multipart', 'multipart/form-data')}
    ${form('textplain', 'text/plain')}
    <script>
      for (const form of document.forms) form.submit();
      const attempts = [
        fetch('${app}/api/accounts/delete/${users.fetchNoCors}', {
          method: 'POST', mode: 'no-cors', credentials: 'include', body: 'userId=${users.fetchNoCors}',
        }),
        fetch('${app}/api/accounts/delete/${users.fetchJson}', {
          method: 'POST', credentials: 'include',
          headers: { 'Content-Type': 'application/json' }, body: '{}',
        }),
        fetch('${app}${NOTIFICATION_SETTINGS_API}/${settingId}', { method: 'DELETE', credentials: 'include' }),
      ];
      navigator.sendBeacon('${app}/api/accounts/delete/${users.beacon}', 'userId=${users.beacon}');
      Promise.allSettled(attempts).then(() => { document.title = 'done'; });
    </script>
  </body></html>`;
}

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  attacker = createServer();
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as { port: number }).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test('a page on another port of the same host cannot delete users or settings with the admin’s cookies', async ({
  page,
  baseURL,
  adminApi,
  createUser,
  notifications,
  signIn,
}) => {
  const app = new URL(baseURL!).origin;
  const names = ['urlencoded', 'multipart', 'textplain', 'fetchNoCors', 'fetchJson', 'beacon'];
  const users: Record<string, number> = {};
  for (const name of names) users[name] = (await createUser()).userId;
  const setting = await notifications.create();
  attacker.removeAllListeners('request');
  attacker.on('request', (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage({ app, users, settingId: setting.id }));
  });

  // Every request the attack made to the product, once it has finished or failed.
  const attempts: Request[] = [];
  const settled = (url: string, method = 'POST') =>
    new Promise<Request>((resolve) => {
      const done = (request: Request) => {
        if (request.url() !== url || request.method() !== method) return;
        attempts.push(request);
        resolve(request);
      };
      page.on('requestfinished', done);
      page.on('requestfailed', done);
    });
  const deleteUrl = (name: string) => `${app}/api/accounts/delete/${users[name]}`;
  const forms = ['urlencoded', 'multipart', 'textplain'].map((name) => settled(deleteUrl(name)));
  // Simple requests the browser sends without asking; the answer is hidden from the page (opaque).
  const opaque = ['fetchNoCors', 'beacon'].map((name) => settled(deleteUrl(name)));
  // Requests that need CORS, which the product never grants: the browser does not send them at all.
  const preflighted = [
    settled(deleteUrl('fetchJson')),
    settled(`${app}${NOTIFICATION_SETTINGS_API}/${setting.id}`, 'DELETE'),
  ];

  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));

  await signIn(page, E2E_ADMIN.username, { password: E2E_ADMIN.password });
  await page.goto(`${attackerOrigin}/`);
  await expect(page).toHaveTitle('done');

  await Promise.all([...forms, ...opaque, ...preflighted]);

  // Nothing happened on the server: every user and the setting are still there.
  const left = (await (await adminApi.get('/api/accounts/list')).json()) as Array<{ userId: number }>;
  const deleted = names.filter((name) => !left.some((user) => user.userId === users[name]));
  expect(deleted, 'users deleted by the attack').toEqual([]);
  expect((await listNotificationSettings(adminApi)).map((entry) => entry.id)).toContain(setting.id);

  for (const request of await Promise.all(forms)) {
    // Sent with the admin's cookies, from the attacker's origin, and refused for it.
    const sent = await request.allHeaders();
    expect(sent.cookie, request.url()).toContain('access_token=');
    expect(sent.origin, request.url()).toBe(attackerOrigin);
    expect(sent['sec-fetch-site'], request.url()).toBe('same-site');
    expect((await request.response())?.status(), request.url()).toBe(403);
  }
  // Sent too, but their answers are opaque: neither the page nor the test can read them (Chromium reports
  // only the headers the page set). The server's state above is the proof.
  expect(await Promise.all(opaque)).toHaveLength(2);
  for (const request of await Promise.all(preflighted)) {
    expect(await request.response(), request.url()).toBeNull();
    expect(request.failure()?.errorText, request.url()).toBe('net::ERR_FAILED');
  }
  // The refusals were not shown in the attacker's frames either: the product may not be framed.
  expect(consoleLines.filter((line) => line.includes("frame-ancestors 'none'"))).toHaveLength(3);

  // The same cookies from the product's own page do work: the refusal was about where the request came from.
  await page.goto(`${app}/home`);
  const own = await page.evaluate(
    async ([url]) => (await fetch(url!, { method: 'POST', credentials: 'include' })).status,
    [`${app}/api/accounts/delete/${users.urlencoded}`],
  );
  expect(own).toBe(204);
  const ownDelete = await page.evaluate(
    async ([url]) => (await fetch(url!, { method: 'DELETE', credentials: 'include' })).status,
    [`${app}${NOTIFICATION_SETTINGS_API}/${setting.id}`],
  );
  expect(ownDelete).toBe(204);
});
