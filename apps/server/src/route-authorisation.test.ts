import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, TEST_PASSWORD, type TestApp } from '../test/helper';

/** The only routes reachable without a session (issue 2); anything else registered must answer 401. */
const PUBLIC_ROUTES = new Set([
  'GET /health',
  'GET /ready',
  // Not a session route: it checks its own bearer token (METRICS_TOKEN), see modules/operations/routes.test.ts.
  'GET /metrics',
  'POST /auth/login',
  'POST /auth/refresh-token',
  'POST /auth/reset-password',
  'POST /auth/reset-password/confirm',
  // The provider's redirect back after a mailbox sign-in and its session renewal: they check the session
  // themselves so that every outcome ends in the web app (modules/email-sources/mailbox-sign-in.test.ts).
  'GET /api/email-sources/oauth/callback',
  'GET /auth/mailbox-sign-in/resume',
]);

/**
 * Routes where `Authorization: Bearer iot_…` (an API token) is refused with 403 (issue 17, decision 0015):
 * signing in and out, the own account, user administration, the tokens themselves and the progress poll.
 */
const API_TOKEN_REFUSED_ROUTES = new Set([
  'POST /auth/login',
  'POST /auth/refresh-token',
  'POST /auth/reset-password',
  'POST /auth/reset-password/confirm',
  'GET /auth/user',
  'POST /auth/logout',
  'GET /api/accounts/user-info/:username',
  'GET /api/accounts/order-tracking-settings',
  'GET /api/accounts/order-tracking-settings/username',
  'POST /api/accounts/update/user-info',
  'POST /api/accounts/update/username',
  'POST /api/accounts/update/password',
  'POST /api/accounts/update/order-tracking-settings',
  'GET /api/accounts/count',
  'GET /api/accounts/list',
  'GET /api/accounts/user/:userId',
  'POST /api/accounts/delete/:userId',
  'POST /api/accounts/update/user',
  'POST /api/accounts/revoke-tokens/:userId',
  'POST /api/tokens',
  'GET /api/tokens',
  'DELETE /api/tokens/:id',
  'GET /api/progress/:key',
]);

/** The POST calls that change nothing, which a read-only API token may make. */
const READ_ONLY_POSTS = new Set([
  'POST /api/order-tracking/list',
  'POST /api/notification-settings/validate-cron',
  'POST /api/order-submission/vendor/preview',
  'POST /api/tracking-numbers/recognise',
  'POST /api/mapping-suggestions',
  'POST /api/email-sources/:id/test-rules',
  'POST /api/email-sources/:id/messages/:messageId/suggest-source',
  'POST /api/inventory-sources/activated-items/read',
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function concreteUrl(url: string): string {
  return url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
}

describe('every registered route', () => {
  it('declares public access only for the allowed few', () => {
    const declaredPublic = t.app.context.routes
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(declaredPublic)).toEqual(PUBLIC_ROUTES);
  });

  it('answers 401 without a session, whatever the route', async () => {
    const guarded = t.app.context.routes.filter(
      (route) => !PUBLIC_ROUTES.has(`${route.method} ${route.url}`),
    );
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 401 before reading the body: a body that is not even JSON gets 401, not a parse error', async () => {
    const guardedWrites = t.app.context.routes.filter(
      (route) => route.method !== 'GET' && !PUBLIC_ROUTES.has(`${route.method} ${route.url}`),
    );
    for (const route of guardedWrites) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concreteUrl(route.url),
        payload: '{"not json',
        headers: {
          'content-type': route.body === 'file' ? 'multipart/form-data; boundary=x' : 'application/json',
        },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('declares read-only POST calls only for the listed few', () => {
    const declared = t.app.context.routes
      .filter((route) => route.readOnly)
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(declared)).toEqual(READ_ONLY_POSTS);
  });

  it('API tokens: refused where listed; a read-only token is refused on every call that changes data', async () => {
    const { session } = await t.signIn({ isAdmin: true });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: session.headers,
      payload: { name: 'route walk', expiresInDays: 1, scope: 'read', currentPassword: TEST_PASSWORD },
    });
    const authorization = `Bearer ${created.json().token}`;
    for (const route of t.app.context.routes) {
      const key = `${route.method} ${route.url}`;
      const refused = API_TOKEN_REFUSED_ROUTES.has(key);
      const write = route.method !== 'GET' && !route.readOnly;
      // Public routes outside /auth ignore API tokens; a permitted GET is not worth calling here.
      if (!refused && (!write || PUBLIC_ROUTES.has(key))) continue;
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concreteUrl(route.url),
        headers: { authorization },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, key).toBe(403);
      expect(response.json().code, key).toBe(refused ? 'API_TOKEN_NOT_ACCEPTED' : 'API_TOKEN_READ_ONLY');
    }
  });

  it('GET /health answers 200 with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('unknown API paths answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

/**
 * Notification settings by source type (issue 12): every call on a setting needs the flag of the
 * setting's source type — Inventory: inventory users, Order Tracking: order users, Order Submission and
 * Order Vendor: submission users; admins all — both for the stored setting and for the type in the body.
 * The table below is written out by hand, not derived from the code under test.
 */
describe('notification settings: each call × each source type × each flag', () => {
  const BASE = '/api/notification-settings';
  const TYPES = [1, 2, 3, 4] as const;
  type Type = (typeof TYPES)[number];
  const HOLDS: Record<string, readonly Type[]> = {
    admin: [1, 2, 3, 4],
    inventoryUser: [1],
    orderUser: [3],
    submissionUser: [2, 4],
    noFlag: [],
  };
  const GROUPS: Record<string, string[]> = {
    admin: ['inventory', 'order', 'submission'],
    inventoryUser: ['inventory'],
    orderUser: ['order'],
    submissionUser: ['submission'],
  };
  const sessions: Record<string, Session> = {};

  beforeAll(async () => {
    sessions.admin = (await t.signIn({ isAdmin: true })).session;
    sessions.inventoryUser = (await t.signIn({ inventoryUser: true })).session;
    sessions.orderUser = (await t.signIn({ orderUser: true })).session;
    sessions.submissionUser = (await t.signIn({ submissionUser: true })).session;
    sessions.noFlag = (await t.signIn({ orderUser: false })).session;
  }, 120_000);

  const body = (sourceTypeId: Type, name = `Digest of type ${sourceTypeId}`) => ({
    name,
    sourceTypeId,
    sourceIds: [],
    notificationInterval: 'Daily',
    overrideEmailRecipients: 'watcher@outside.example',
  });

  async function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({
      method,
      url,
      headers: sessions[who]!.headers,
      ...(payload ? { payload } : {}),
    });
  }

  /** A fresh setting of the type, made by an admin. */
  async function settingOf(sourceTypeId: Type): Promise<number> {
    const response = await call('admin', 'POST', BASE, body(sourceTypeId));
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  async function stored(id: number) {
    const [row] = await t.db.db
      .select()
      .from(schema.notificationSettings)
      .where(eq(schema.notificationSettings.id, id));
    return row;
  }

  async function notificationRuns(id: number) {
    return t.db.db
      .select({ id: schema.runs.id })
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'notification'), eq(schema.runs.sourceId, id)));
  }

  const users = Object.keys(HOLDS);
  const holds = (who: string, type: number) => (HOLDS[who] as readonly number[]).includes(type);

  it.each(users)('GET list and GET one (%s)', async (who) => {
    const ids = new Map<Type, number>();
    for (const type of TYPES) ids.set(type, await settingOf(type));
    const list = await call(who, 'GET', BASE);
    if (who === 'noFlag') {
      expect(list.statusCode).toBe(403);
    } else {
      const types = new Set(list.json().map((setting: { sourceTypeId: number }) => setting.sourceTypeId));
      expect([...types].sort()).toEqual([...HOLDS[who]!]);
    }
    for (const [type, id] of ids) {
      const one = await call(who, 'GET', `${BASE}/${id}`);
      expect(one.statusCode, `type ${type}`).toBe(holds(who, type) ? 200 : 403);
      if (one.statusCode === 200) expect(one.json().id).toBe(id);
      else expect(one.body).not.toContain('watcher@outside.example');
    }
  });

  it.each(users)('POST create with each type (%s)', async (who) => {
    for (const type of TYPES) {
      const name = `Created by ${who} as ${type}`;
      const response = await call(who, 'POST', BASE, body(type, name));
      expect(response.statusCode, `type ${type}`).toBe(holds(who, type) ? 201 : 403);
      const [row] = await t.db.db
        .select({ id: schema.notificationSettings.id })
        .from(schema.notificationSettings)
        .where(eq(schema.notificationSettings.name, name));
      expect(row !== undefined, `type ${type} stored`).toBe(holds(who, type));
    }
  });

  it.each(users)('PUT on each stored type, and moving a setting to each type (%s)', async (who) => {
    for (const type of TYPES) {
      const id = await settingOf(type);
      const before = await stored(id);
      const change = { ...body(type), overrideEmailRecipients: 'attacker@outside.example' };
      const response = await call(who, 'PUT', `${BASE}/${id}`, change);
      expect(response.statusCode, `type ${type}`).toBe(holds(who, type) ? 200 : 403);
      if (!holds(who, type)) expect(await stored(id)).toEqual(before);
    }
    for (const from of TYPES.filter((type) => holds(who, type))) {
      for (const to of TYPES) {
        const id = await settingOf(from);
        const response = await call(who, 'PUT', `${BASE}/${id}`, body(to));
        expect(response.statusCode, `${from} → ${to}`).toBe(holds(who, to) ? 200 : 403);
        expect((await stored(id))?.sourceTypeId, `${from} → ${to}`).toBe(holds(who, to) ? to : from);
      }
    }
  });

  it.each(users)('DELETE each type (%s)', async (who) => {
    for (const type of TYPES) {
      const id = await settingOf(type);
      const response = await call(who, 'DELETE', `${BASE}/${id}`);
      expect(response.statusCode, `type ${type}`).toBe(holds(who, type) ? 204 : 403);
      expect((await stored(id)) === undefined, `type ${type} deleted`).toBe(holds(who, type));
    }
  });

  it.each(users)('POST test of each type (%s)', async (who) => {
    for (const type of TYPES) {
      const id = await settingOf(type);
      const response = await call(who, 'POST', `${BASE}/${id}/test`);
      // This app has no system sender: a permitted test is tried, recorded, and answers 503.
      expect(response.statusCode, `type ${type}`).toBe(holds(who, type) ? 503 : 403);
      expect((await notificationRuns(id)).length, `type ${type} runs`).toBe(holds(who, type) ? 1 : 0);
    }
  });

  it.each(users)('GET source-options of each type (%s)', async (who) => {
    for (const type of TYPES) {
      const response = await call(who, 'GET', `${BASE}/source-options?sourceTypeId=${type}`);
      expect(response.statusCode, `type ${type}`).toBe(holds(who, type) ? 200 : 403);
    }
  });

  it.each(users)('GET email-info names only the recipient groups of the flags held (%s)', async (who) => {
    const response = await call(who, 'GET', `${BASE}/email-info`);
    if (who === 'noFlag') {
      expect(response.statusCode).toBe(403);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().recipients).sort()).toEqual(GROUPS[who]);
  });

  it.each(users)('GET the runs of each type’s setting (%s)', async (who) => {
    for (const type of TYPES) {
      const id = await settingOf(type);
      await call('admin', 'POST', `${BASE}/${id}/test`);
      const [run] = await notificationRuns(id);
      const list = await call(who, 'GET', `/api/runs?sourceType=notification&sourceId=${id}`);
      expect(list.statusCode, `type ${type} list`).toBe(holds(who, type) ? 200 : 403);
      const one = await call(who, 'GET', `/api/runs/${run!.id}`);
      expect(one.statusCode, `type ${type} run`).toBe(holds(who, type) ? 200 : 403);
    }
  });
});
