import { createHash } from 'node:crypto';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { notificationSettingBody as settingBody } from '../../../test/payloads';
import { LAST_USED_INTERVAL_MS } from './service';

let t: TestApp;
// The app's clock, moved by the last-use test.
let nowMs = Date.now();

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(nowMs) } });
});
afterAll(async () => {
  await t.close();
});

const FOREIGN_ORIGIN = 'https://attacker.example';
const TOKEN_PATTERN = /^iot_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

async function createToken(session: Session, body: object = {}) {
  const response = await t.as(session).post('/api/tokens', {
    name: 'ERP export',
    expiresInDays: 30,
    scope: 'read-write',
    currentPassword: TEST_PASSWORD,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; token: string };
}

/** A request with only the bearer token: no cookie, and no Origin unless given (a script, not a browser). */
function withToken(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string | undefined> = { origin: undefined },
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

const tokenRows = async (userId: number) =>
  t.db.db.select().from(schema.apiTokens).where(eq(schema.apiTokens.userId, userId));

const settingNamed = async (name: string) =>
  t.db.db
    .select({ id: schema.notificationSettings.id })
    .from(schema.notificationSettings)
    .where(eq(schema.notificationSettings.name, name));

describe('POST /api/tokens', () => {
  it('creates a token shown once, stored only as its SHA-256', async () => {
    const { user, session } = await t.signIn();
    const response = await t.as(session).post('/api/tokens', {
      name: '  Nightly ERP sync ',
      expiresInDays: 90,
      scope: 'read',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { id, token } = response.json();
    expect(Object.keys(response.json()).sort()).toEqual(['id', 'token']);
    expect(token).toMatch(TOKEN_PATTERN);

    const [row] = await tokenRows(user.id);
    expect(row).toMatchObject({
      id,
      name: 'Nightly ERP sync',
      scope: 'read',
      revokedAt: null,
      lastUsedAt: null,
    });
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const secret = token.split('_').slice(2).join('_');
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(90 * 86_400_000);
  });

  it('refuses bad input with 400 naming the field, and stores nothing', async () => {
    const { user, session } = await t.signIn();
    const bad: Array<[object, string]> = [
      [{ expiresInDays: 30, scope: 'read' }, 'name'],
      [{ name: '   ', expiresInDays: 30, scope: 'read' }, 'name'],
      [{ name: 'x'.repeat(101), expiresInDays: 30, scope: 'read' }, 'name'],
      [{ name: 'a', scope: 'read' }, 'expiresInDays'],
      [{ name: 'a', expiresInDays: 0, scope: 'read' }, 'expiresInDays'],
      [{ name: 'a', expiresInDays: 366, scope: 'read' }, 'expiresInDays'],
      [{ name: 'a', expiresInDays: 1.5, scope: 'read' }, 'expiresInDays'],
      [{ name: 'a', expiresInDays: '30', scope: 'read' }, 'expiresInDays'],
      [{ name: 'a', expiresInDays: 30 }, 'scope'],
      [{ name: 'a', expiresInDays: 30, scope: 'admin' }, 'scope'],
    ];
    for (const [body, field] of bad) {
      const response = await t.as(session).post('/api/tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().fields), JSON.stringify(body)).toContain(field);
    }
    expect(await tokenRows(user.id)).toEqual([]);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = await t.db.db.select().from(schema.apiTokens);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { name: 'anon', expiresInDays: 1, scope: 'read' },
    });
    expect(response.statusCode).toBe(401);
    expect(await t.db.db.select().from(schema.apiTokens)).toHaveLength(before.length);
  });

  it('is open to a user of any role (no flag, an order user, an admin)', async () => {
    for (const flags of [{}, { orderUser: true }, { isAdmin: true }]) {
      const { session } = await t.signIn(flags);
      await createToken(session, { scope: 'read-write' });
    }
  });

  it('refuses a token beyond the per-user limit with 409', async () => {
    const { user, session } = await t.signIn();
    const now = new Date(nowMs);
    await t.db.db.insert(schema.apiTokens).values(
      Array.from({ length: 50 }, (_, index) => ({
        userId: user.id,
        name: `bulk ${index}`,
        scope: 'read',
        publicId: `limit${user.id}`.padEnd(10, '0') + String(index).padStart(2, '0'),
        tokenHash: 'x',
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    );
    const response = await t.as(session).post('/api/tokens', {
      name: 'one more',
      expiresInDays: 1,
      scope: 'read',
      currentPassword: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(await tokenRows(user.id)).toHaveLength(50);
  });
});

describe('GET /api/tokens and DELETE /api/tokens/{id}', () => {
  it('lists the caller’s own tokens without their secret', async () => {
    const { session } = await t.signIn();
    const other = await t.signIn();
    const { id, token } = await createToken(session, { name: 'Mine' });
    await createToken(other.session, { name: 'Theirs' });
    const response = await t.as(session).get('/api/tokens');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toEqual([
      {
        id,
        name: 'Mine',
        scope: 'read-write',
        prefix: token.slice(0, 'iot_'.length + 12),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(response.body).not.toContain(token.slice(17));
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/tokens' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/tokens/1' })).statusCode).toBe(401);
  });

  it('revokes the caller’s token: gone from the list, refused at once; another user’s token is 404', async () => {
    const { session } = await t.signIn({ orderUser: true });
    const other = await t.signIn({ orderUser: true });
    const mine = await createToken(session);
    const theirs = await createToken(other.session);
    expect((await withToken(mine.token, 'GET', '/api/notification-settings')).statusCode).toBe(200);

    const foreign = await t.as(session).delete(`/api/tokens/${theirs.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await withToken(theirs.token, 'GET', '/api/notification-settings')).statusCode).toBe(200);

    expect((await t.as(session).delete(`/api/tokens/${mine.id}`)).statusCode).toBe(204);
    expect((await t.as(session).get('/api/tokens')).json()).toEqual([]);
    const refused = await withToken(mine.token, 'GET', '/api/notification-settings');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toContain('revoked');
    expect((await t.as(session).delete(`/api/tokens/${mine.id}`)).statusCode).toBe(404);
    expect((await t.as(session).delete('/api/tokens/abc')).statusCode).toBe(400);
  });
});

describe('audit log (docs/behaviour/audit-log.md)', () => {
  const entriesOf = (id: number) =>
    t.db.db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.entityType, 'token'), eq(schema.auditEntries.entityId, id)))
      .orderBy(asc(schema.auditEntries.id));

  it('records a creation and a revocation by their user, never the token or its digest', async () => {
    const { session, user } = await t.signIn();
    const { id, token } = await createToken(session, { name: 'Audited', scope: 'read' });
    expect((await t.as(session).delete(`/api/tokens/${id}`)).statusCode).toBe(204);

    const entries = await entriesOf(id);
    expect(entries.map((entry) => [entry.action, entry.userId, entry.username])).toEqual([
      ['created', user.id, user.username],
      ['revoked', user.id, user.username],
    ]);
    expect(entries[0]!.changes).toMatchObject({
      name: { from: null, to: 'Audited' },
      scope: { from: null, to: 'read' },
      prefix: { from: null, to: token.slice(0, 'iot_'.length + 12) },
    });
    expect(Object.keys(entries[1]!.changes)).toEqual(['revokedAt']);
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(token.slice(17));
    expect(stored).not.toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('records nothing for a refused revocation', async () => {
    const { session } = await t.signIn();
    const other = await t.signIn();
    const theirs = await createToken(other.session);
    expect((await t.as(session).delete(`/api/tokens/${theirs.id}`)).statusCode).toBe(404);
    expect((await entriesOf(theirs.id)).map((entry) => entry.action)).toEqual(['created']);
  });
});

describe('Authorization: Bearer on the API', () => {
  it('works on an API route with the user’s rights, without Origin and from a foreign origin (no CSRF check)', async () => {
    const { session } = await t.signIn({ orderUser: true });
    const { token } = await createToken(session);
    expect((await withToken(token, 'GET', '/api/notification-settings')).statusCode).toBe(200);
    const list = await withToken(token, 'POST', '/api/order-tracking/list', { PageSize: 10, PageIndex: 1 });
    expect(list.statusCode, list.body).toBe(200);

    const scripted = await withToken(token, 'POST', '/api/notification-settings', settingBody('by script'));
    expect(scripted.statusCode, scripted.body).toBe(201);
    const foreign = await withToken(
      token,
      'POST',
      '/api/notification-settings',
      settingBody('by foreign page'),
      {
        origin: FOREIGN_ORIGIN,
      },
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
  });

  it('never grants more than the user’s current flags', async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await createToken(session);
    expect((await withToken(token, 'GET', '/api/inventory-sources/inventories')).statusCode).toBe(403);
    expect((await withToken(token, 'GET', '/api/order-tracking-sources/active')).statusCode).toBe(200);
    await t.db.db.update(schema.users).set({ orderUser: false }).where(eq(schema.users.id, user.id));
    const after = await withToken(token, 'POST', '/api/order-tracking/list', {});
    expect(after.statusCode).toBe(403);
  });

  it('a read token reads (GET, the read-only POST search) and is refused on a write, storing nothing', async () => {
    const { session } = await t.signIn({ orderUser: true });
    const { token } = await createToken(session, { scope: 'read' });
    expect((await withToken(token, 'GET', '/api/notification-settings')).statusCode).toBe(200);
    expect((await withToken(token, 'POST', '/api/order-tracking/list', {})).statusCode).toBe(200);
    const write = await withToken(
      token,
      'POST',
      '/api/notification-settings',
      settingBody('read token write'),
    );
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('API_TOKEN_READ_ONLY');
    expect(await settingNamed('read token write')).toEqual([]);
    expect((await withToken(token, 'DELETE', '/api/notification-settings/1')).statusCode).toBe(403);
  });

  it('is refused (403) on sign-in, account, user administration, token and progress routes', async () => {
    const { user, session } = await t.signIn({ isAdmin: true });
    const { token } = await createToken(session);
    const refused: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['GET', `/api/accounts/user-info/${user.username}`],
      ['POST', '/api/accounts/update/password', { UserID: user.id, Username: user.username }],
      ['GET', '/api/accounts/list'],
      ['POST', '/api/accounts/update/user', {}],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'minted by a token', expiresInDays: 1, scope: 'read-write' }],
      ['DELETE', '/api/tokens/1'],
      ['POST', '/auth/logout'],
      ['POST', '/auth/login', { username: user.username, password: 'x' }],
      ['GET', '/api/progress/some-key'],
    ];
    for (const [method, url, payload] of refused) {
      const response = await withToken(token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('API_TOKEN_NOT_ACCEPTED');
    }
    expect(await tokenRows(user.id)).toHaveLength(1);
  });

  it('leaves the public routes alone (health, metrics keep their own rules)', async () => {
    const response = await withToken('iot_000000000000_nonsense', 'GET', '/health');
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 for a malformed, unknown or wrong token, an expired one and a deactivated user', async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const { id, token } = await createToken(session);
    const url = '/api/notification-settings';
    const wrongSecret = `${token.slice(0, 17)}${'A'.repeat(43)}`;
    for (const bad of ['iot_', 'iot_abc', `${token}x`, wrongSecret, `iot_ffffffffffff_${'B'.repeat(43)}`]) {
      expect((await withToken(bad, 'GET', url)).statusCode, bad).toBe(401);
    }
    expect((await withToken(token, 'GET', url)).statusCode).toBe(200);

    await t.db.db.update(schema.users).set({ activeStatus: false }).where(eq(schema.users.id, user.id));
    const inactive = await withToken(token, 'GET', url);
    expect(inactive.statusCode).toBe(401);
    expect(inactive.json().message).toContain('deactivated');
    await t.db.db.update(schema.users).set({ activeStatus: true }).where(eq(schema.users.id, user.id));

    await t.db.db
      .update(schema.apiTokens)
      .set({ expiresAt: new Date(nowMs - 1000) })
      .where(eq(schema.apiTokens.id, id));
    const expired = await withToken(token, 'GET', url);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toContain('expired');
  });

  it('with a session cookie too: the origin check still applies, and the token (not the cookie) decides', async () => {
    const { session } = await t.signIn({ orderUser: true });
    const { token } = await createToken(session, { scope: 'read' });
    const both = (origin: string, name: string) =>
      withToken(token, 'POST', '/api/notification-settings', settingBody(name), {
        cookie: session.headers.cookie,
        origin,
      });
    const forged = await both(FOREIGN_ORIGIN, 'forged with cookie');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CROSS_ORIGIN_REQUEST');
    // Same origin: the cookie's session could write, but the read-only token is what is used.
    const own = await both(new URL(t.config.publicUrl).origin, 'own origin with cookie');
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('API_TOKEN_READ_ONLY');
    expect(await settingNamed('forged with cookie')).toEqual([]);
    expect(await settingNamed('own origin with cookie')).toEqual([]);
  });

  it('records the last use at most once a minute', async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await createToken(session);
    const lastUsed = async () => (await tokenRows(user.id))[0]!.lastUsedAt?.getTime();
    const call = () => withToken(token, 'GET', '/api/notification-settings');
    await call();
    const first = await lastUsed();
    expect(first).toBe(nowMs);
    nowMs += LAST_USED_INTERVAL_MS - 1000;
    await call();
    expect(await lastUsed()).toBe(first);
    nowMs += 2000;
    await call();
    expect(await lastUsed()).toBe(nowMs);
    const listed = (await t.as(session).get('/api/tokens')).json();
    expect(listed[0].lastUsedAt).toBe(new Date(nowMs).toISOString());
  });
});
