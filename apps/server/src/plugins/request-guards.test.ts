import { NUL_CHARACTER_MESSAGE } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, createTestApp, type Session, TEST_PASSWORD, type TestApp } from '../../test/helper';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { findNulCharacter } from '../lib/validate';

const PUBLIC_ORIGIN = 'http://localhost:3000';
const FOREIGN_ORIGIN = 'http://localhost:3001';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn({ isAdmin: true })).session;
});
afterAll(async () => {
  await t.close();
});

const userExists = async (id: number) =>
  (await t.db.db.select().from(schema.users).where(eq(schema.users.id, id))).length === 1;

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
}

/** Deletes a fresh user as the admin with the given headers; the user is still there when it was refused. */
async function deleteUserWith(headers: Record<string, string | undefined>) {
  const victim = await t.createUser();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/accounts/delete/${victim.id}`,
    headers: { ...admin.headers, ...headers },
  });
  return { response, deleted: !(await userExists(victim.id)) };
}

describe('cross-site requests: the origin of every state-changing request', () => {
  it('refuses a signed-in admin’s request from another origin of the same site with 403, and does nothing', async () => {
    const { response, deleted } = await deleteUserWith({ origin: FOREIGN_ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'CROSS_ORIGIN_REQUEST',
      message: `Refused: this request came from ${FOREIGN_ORIGIN}, not from ${PUBLIC_ORIGIN}.`,
    });
    expect(deleted).toBe(false);
  });

  it('accepts the same request from PUBLIC_URL’s origin', async () => {
    const { response, deleted } = await deleteUserWith({ origin: PUBLIC_ORIGIN });
    expect(response.statusCode).toBe(204);
    expect(deleted).toBe(true);
  });

  it('refuses an opaque origin ("null", a sandboxed frame or a file)', async () => {
    const { response, deleted } = await deleteUserWith({ origin: 'null' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('an unnamed origin');
    expect(deleted).toBe(false);
  });

  it('falls back to Referer when Origin is missing', async () => {
    const foreign = await deleteUserWith({ origin: undefined, referer: `${FOREIGN_ORIGIN}/attack.html` });
    expect(foreign.response.statusCode).toBe(403);
    expect(foreign.deleted).toBe(false);
    const own = await deleteUserWith({ origin: undefined, referer: `${PUBLIC_ORIGIN}/admin/manage/users` });
    expect(own.response.statusCode).toBe(204);
    expect(own.deleted).toBe(true);
  });

  it('without Origin and Referer, trusts Sec-Fetch-Site only when it says same-origin', async () => {
    for (const site of ['same-site', 'cross-site', 'none']) {
      const { response, deleted } = await deleteUserWith({ origin: undefined, 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
      expect(deleted, site).toBe(false);
    }
    const own = await deleteUserWith({ origin: undefined, 'sec-fetch-site': 'same-origin' });
    expect(own.response.statusCode).toBe(204);
  });

  it('refuses a signed-in request that names no origin at all, and tells the client what to send', async () => {
    const { response, deleted } = await deleteUserWith({ origin: undefined });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      `Refused: a signed-in request that changes data must name its origin. Send the header "Origin: ${PUBLIC_ORIGIN}".`,
    );
    expect(deleted).toBe(false);
    // The refresh cookie alone (path /auth) is a session too.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { origin: undefined, cookie: `refresh_token=${'x'.repeat(43)}` },
    });
    expect(refresh.statusCode).toBe(403);
  });

  it('lets a client without any session cookie sign in without naming an origin (nothing to borrow)', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: user.username, password: TEST_PASSWORD },
      headers: { origin: undefined },
    });
    expect(response.statusCode).toBe(204);
    expect(cookiesFrom(response).access_token).toBeTruthy();
  });

  it('lets reads through from anywhere (GET changes nothing)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/list',
      headers: { ...admin.headers, origin: FOREIGN_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
  });

  it('covers every state-changing route, public ones (login, password reset) included', async () => {
    const writes = t.app.context.routes.filter((route) => route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concreteUrl(route.url),
        payload: {},
        headers: { ...admin.headers, origin: FOREIGN_ORIGIN },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().code, `${route.method} ${route.url}`).toBe('CROSS_ORIGIN_REQUEST');
    }
  });

  it('without PUBLIC_URL, compares the origin with the host the request was sent to', async () => {
    // A second app on the same database, configured without PUBLIC_URL.
    const config = loadConfig({ APP_SECRET_KEY: t.config.secretKey, DATA_DIR: t.config.dataDir });
    expect(config.publicOrigin).toBeUndefined();
    const bare = await buildApp({ database: t.db, config, logger: false });
    try {
      const victim = await t.createUser();
      const attempt = (origin: string) =>
        bare.inject({
          method: 'POST',
          url: `/api/accounts/delete/${victim.id}`,
          headers: { ...admin.headers, host: 'ops.internal:8080', origin },
        });
      expect((await attempt('http://ops.internal:8081')).statusCode).toBe(403);
      expect((await attempt('http://evil.example:8080')).statusCode).toBe(403);
      expect(await userExists(victim.id)).toBe(true);
      expect((await attempt('http://ops.internal:8080')).statusCode).toBe(204);
    } finally {
      await bare.close();
    }
  });
});

describe('body types: only JSON for JSON routes, multipart only where a route takes a file', () => {
  const formBodies = [
    { type: 'text/plain', payload: '{"username":"x"}' },
    { type: 'text/plain;charset=UTF-8', payload: 'a=b' },
    { type: 'application/x-www-form-urlencoded', payload: 'a=b' },
    {
      type: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    },
  ];

  it('answers 415 to a form body on every JSON route, before the route runs', async () => {
    const victim = await t.createUser();
    const jsonRoutes = t.app.context.routes.filter(
      (route) => route.method !== 'GET' && route.body === 'json',
    );
    for (const route of jsonRoutes) {
      const url =
        route.url === '/api/accounts/delete/:userId'
          ? `/api/accounts/delete/${victim.id}`
          : concreteUrl(route.url);
      for (const body of formBodies) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload: body.payload,
          headers: { ...admin.headers, 'content-type': body.type },
        });
        expect(response.statusCode, `${route.method} ${route.url} ${body.type}`).toBe(415);
        expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    }
    expect(await userExists(victim.id)).toBe(true);
  });

  it('keeps multipart on the upload routes and refuses anything else there', async () => {
    const uploads = t.app.context.routes.filter((route) => route.body === 'file');
    expect(uploads.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
      'POST /api/inventory-sources/activated-items/read',
      'POST /api/inventory-sources/debug-modify-file',
      'POST /api/inventory-sources/manually-process',
      'POST /api/mapping-suggestions',
      'POST /api/order-tracking-sources/:id/preview',
      'POST /api/order-tracking-sources/:id/process',
    ]);
    for (const route of uploads) {
      for (const type of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
        const response = await t.app.inject({
          method: 'POST',
          url: concreteUrl(route.url),
          payload: '{}',
          headers: { ...admin.headers, 'content-type': type },
        });
        expect(response.statusCode, `${route.url} ${type}`).toBe(415);
        expect(response.json().message).toBe(
          `This call takes a file upload (multipart/form-data), not ${type}.`,
        );
      }
      const multipart = await t.app.inject({
        method: 'POST',
        url: concreteUrl(route.url),
        payload: formBodies[3]!.payload,
        headers: { ...admin.headers, 'content-type': formBodies[3]!.type },
      });
      expect(multipart.statusCode, route.url).not.toBe(415);
    }
  });

  it('names what the route wants', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: 'username=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(
      'This call takes JSON (application/json), not application/x-www-form-urlencoded.',
    );
  });
});

describe('text with a NUL character', () => {
  it('is refused with 400 naming the field in a body, and nothing is stored', async () => {
    const before = (await t.db.db.select().from(schema.users)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/update/user',
      payload: { userId: 0, username: 'nul\u0000user', email: 'nul@example.com', password: 'long-enough-1' },
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: `Invalid request: username: ${NUL_CHARACTER_MESSAGE}`,
      fields: { username: NUL_CHARACTER_MESSAGE },
    });
    expect((await t.db.db.select().from(schema.users)).length).toBe(before);
  });

  it('is refused on a public route before the database sees it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'admin\u0000', password: 'whatever-it-is' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ username: NUL_CHARACTER_MESSAGE });
  });

  it('is refused in a query string and in a path parameter', async () => {
    for (const [url, field] of [
      ['/api/accounts/order-tracking-settings/username?userName=a%00b', 'userName'],
      ['/api/accounts/user-info/a%00b', 'username'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields, url).toEqual({ [field]: NUL_CHARACTER_MESSAGE });
    }
  });

  it('is refused in the text parts and the file name of an upload', async () => {
    const boundary = 'nulboundary';
    const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
    const upload = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/inventory-sources/manually-process',
        payload: `${body}--${boundary}--\r\n`,
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const field = await upload(
      part('Content-Disposition: form-data; name="sourceId"', '1\u00002') +
        part('Content-Disposition: form-data; name="file"; filename="a.csv"', 'Item,Qty\n1,2'),
    );
    expect(field.statusCode).toBe(400);
    expect(field.json().fields).toEqual({ sourceId: NUL_CHARACTER_MESSAGE });
    const fileName = await upload(
      part('Content-Disposition: form-data; name="file"; filename="a\u0000.csv"', 'Item,Qty\n1,2'),
    );
    expect(fileName.statusCode).toBe(400);
    expect(fileName.json().fields).toEqual({ file: NUL_CHARACTER_MESSAGE });
  });

  it('is found at any depth, in keys too, without recursion', () => {
    expect(findNulCharacter({ a: 'ok', list: [{ name: 'x' }, { name: 'y\u0000' }] })).toBe('list.1.name');
    expect(findNulCharacter({ staticData: { 'col\u0000': 'v' } })).toBe('staticData.col\\u0000');
    expect(findNulCharacter('plain\u0000')).toBe('');
    expect(findNulCharacter({ a: 'fine', b: [1, true, null] })).toBeUndefined();
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 50_000; level += 1) deep = [deep];
    expect(findNulCharacter(deep)).toBe(Array.from({ length: 50_000 }, () => '0').join('.'));
  });
});
