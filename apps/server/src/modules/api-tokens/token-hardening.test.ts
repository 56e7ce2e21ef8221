/**
 * Ending and minting API tokens (docs/behaviour/api-tokens.md, issue 27): the current password before a
 * token is minted, an admin's "Revoke all API tokens" of a user, an admin's password reset revoking them,
 * and the audit log naming the token a change was made with.
 */
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, TEST_PASSWORD, type TestApp } from '../../../test/helper';
import { changePasswordBody, notificationSettingBody } from '../../../test/payloads';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SETTINGS = '/api/notification-settings';

async function mint(session: Session, name = 'ERP sync', scope = 'read-write') {
  const response = await t.as(session).post('/api/tokens', {
    name,
    expiresInDays: 30,
    scope,
    currentPassword: TEST_PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; token: string };
}

const bearer = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, origin: undefined },
    ...(payload ? { payload } : {}),
  });

const works = async (token: string) => (await bearer(token, 'GET', SETTINGS)).statusCode === 200;

const liveTokens = (userId: number) =>
  t.db.db
    .select()
    .from(schema.apiTokens)
    .where(eq(schema.apiTokens.userId, userId))
    .then((rows) => rows.filter((row) => row.revokedAt === null));

const tokenEntries = (tokenId: number) =>
  t.db.db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.entityType, 'token'), eq(schema.auditEntries.entityId, tokenId)))
    .orderBy(asc(schema.auditEntries.id));

describe('the current password before a token is minted', () => {
  it('refuses a missing or wrong password with 400 on currentPassword, and stores nothing', async () => {
    const { user, session } = await t.signIn();
    for (const currentPassword of [undefined, '', 'not my password']) {
      const response = await t.as(session).post('/api/tokens', {
        name: 'stolen session',
        expiresInDays: 365,
        scope: 'read-write',
        ...(currentPassword === undefined ? {} : { currentPassword }),
      });
      expect(response.statusCode, String(currentPassword)).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual(['currentPassword']);
    }
    expect(await liveTokens(user.id)).toEqual([]);
    await mint(session);
    expect(await liveTokens(user.id)).toHaveLength(1);
  });
});

describe('POST /api/accounts/revoke-tokens/{userId}', () => {
  const revokeAll = (session: Session, userId: number | string) =>
    t.as(session).post(`/api/accounts/revoke-tokens/${userId}`);

  it('an admin ends every live token of the user at once, each audited as revoked by the admin', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, session } = await t.signIn({ orderUser: true });
    const other = await t.signIn({ orderUser: true });
    const first = await mint(session, 'first');
    const second = await mint(session, 'second', 'read');
    const untouched = await mint(other.session, 'someone else');
    // Already revoked by its user: not counted again.
    const gone = await mint(session, 'gone');
    expect((await t.as(session).delete(`/api/tokens/${gone.id}`)).statusCode).toBe(204);

    const response = await revokeAll(admin.session, user.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ revoked: 2 });
    expect(await works(first.token)).toBe(false);
    expect(await works(second.token)).toBe(false);
    expect(await works(untouched.token)).toBe(true);
    expect(await liveTokens(user.id)).toEqual([]);
    for (const { id } of [first, second]) {
      const entries = await tokenEntries(id);
      expect(entries.map((entry) => [entry.action, entry.userId])).toEqual([
        ['created', user.id],
        ['revoked', admin.user.id],
      ]);
    }
    expect((await revokeAll(admin.session, user.id)).json()).toEqual({ revoked: 0 });
  });

  it('is refused to a non-admin (403), without a session (401) and with an API token (403); tokens live on', async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await mint(session);
    const admin = await t.signIn({ isAdmin: true });
    const adminToken = await mint(admin.session);

    expect((await revokeAll(session, user.id)).statusCode).toBe(403);
    expect((await t.signIn({ submissionUser: true, orderUser: true })).session).toBeDefined();
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/accounts/revoke-tokens/${user.id}` });
    expect(anonymous.statusCode).toBe(401);
    const byToken = await bearer(adminToken.token, 'POST', `/api/accounts/revoke-tokens/${user.id}`);
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().code).toBe('API_TOKEN_NOT_ACCEPTED');
    expect(await works(token)).toBe(true);
    expect(await liveTokens(user.id)).toHaveLength(1);
  });

  it('answers 400 for a user id that is not one and 404 for no such user, revoking nothing', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await mint(session);
    for (const bad of ['abc', '-1', '1.5', '1e3']) {
      const response = await revokeAll(admin.session, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), bad).toContain('userId');
    }
    expect((await revokeAll(admin.session, 999_999)).statusCode).toBe(404);
    expect((await revokeAll(admin.session, 0)).statusCode).toBe(404);
    expect(await works(token)).toBe(true);
    expect(await liveTokens(user.id)).toHaveLength(1);
  });
});

describe('password changes and tokens (docs/decisions/0015-api-tokens.md)', () => {
  it("an admin's reset of a user's password revokes the user's tokens and says so", async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await mint(session);
    const form = (await t.as(admin.session).get(`/api/accounts/user/${user.id}`)).json();

    // An edit that leaves the password blank keeps the tokens.
    const edited = await t
      .as(admin.session)
      .post('/api/accounts/update/user', { ...form, firstName: 'Kept' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().notice).toBeUndefined();
    expect(await works(token)).toBe(true);

    const reset = await t.as(admin.session).post('/api/accounts/update/user', {
      ...form,
      password: 'a new password from the admin',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().notice).toBe(
      `The password was reset, and 1 API token of ${user.username} was revoked.`,
    );
    expect(await works(token)).toBe(false);
  });

  it("the user's own password change keeps their tokens", async () => {
    const { user, session } = await t.signIn({ orderUser: true });
    const { token } = await mint(session);
    const changed = await t
      .as(session)
      .post('/api/accounts/update/password', changePasswordBody(user, TEST_PASSWORD, 'my own new password'));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await works(token)).toBe(true);
  });
});

describe('the audit log names the token (docs/behaviour/audit-log.md#what-is-recorded)', () => {
  it('records the public id and name of the token a change was made with, and filters by it', async () => {
    const admin = await t.signIn({ isAdmin: true });
    const { session } = await t.signIn({ orderUser: true });
    const { token } = await mint(session, 'Nightly ERP');
    const other = await mint(session, 'Other script');
    const prefix = token.slice(0, 'iot_'.length + 12);

    const byToken = await bearer(token, 'POST', SETTINGS, notificationSettingBody('set by the ERP'));
    expect(byToken.statusCode, byToken.body).toBe(201);
    const byOther = await bearer(other.token, 'POST', SETTINGS, notificationSettingBody('set by another'));
    expect(byOther.statusCode, byOther.body).toBe(201);
    const bySession = await t.as(session).post(SETTINGS, notificationSettingBody('set in the browser'));
    expect(bySession.statusCode, bySession.body).toBe(201);

    const page = async (query: string) => {
      const response = await t.as(admin.session).get(`/api/audit?entityType=notification-setting&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        entries: Array<{ entityId: number; apiToken: { prefix: string; name: string } | null }>;
      };
    };
    const all = await page('');
    const entryOf = (id: number) => all.entries.find((entry) => entry.entityId === id);
    expect(entryOf(byToken.json().id)?.apiToken).toEqual({ prefix, name: 'Nightly ERP' });
    expect(entryOf(bySession.json().id)?.apiToken).toBeNull();

    for (const spelling of [prefix, `${prefix}…`, prefix.slice(4), prefix.toUpperCase()]) {
      const filtered = await page(`apiToken=${encodeURIComponent(spelling)}`);
      expect(
        filtered.entries.map((entry) => entry.entityId),
        spelling,
      ).toEqual([byToken.json().id]);
    }
    const [row] = await t.db.db
      .select()
      .from(schema.auditEntries)
      .where(
        and(
          eq(schema.auditEntries.entityType, 'notification-setting'),
          eq(schema.auditEntries.entityId, byToken.json().id),
        ),
      );
    expect(row).toMatchObject({ apiTokenPublicId: prefix.slice(4), apiTokenName: 'Nightly ERP' });
  });

  it('answers 400 for a filter that is no token prefix', async () => {
    const admin = await t.signIn({ isAdmin: true });
    for (const bad of ['iot_', 'iot_xyz', 'iot_0123456789abc', `iot_${'0'.repeat(12)}_secret`]) {
      const response = await t.as(admin.session).get(`/api/audit?apiToken=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json().fields), bad).toEqual(['apiToken']);
    }
  });
});
