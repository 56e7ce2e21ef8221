import { createCipheriv, randomBytes } from 'node:crypto';
import { COOKIE_NAMES } from '@app/contracts';
import { schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { Clock } from '../src/context';
import type { SystemMail, SystemMailer } from '../src/integrations/system-mailer';
import { deriveKey } from '../src/lib/crypto';
import { hashPassword } from '../src/lib/passwords';
import type { SecretBox } from '../src/lib/secrets';
import { sealMailboxSecret } from '../src/modules/email-sources/source-connection';
import { sealSftpSecret } from '../src/modules/inventory-sources/sftp-connection';

export const TEST_PASSWORD = 'correct horse battery';

/** The app of a test on its database. */
export interface TestAppParts {
  app: FastifyInstance;
  config: AppConfig;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

/** The app, and the calls nearly every API test makes, bound to it: `t.signIn(…)`, `t.as(session).get(url)`. */
export interface TestApp extends TestAppParts {
  /** Factory: an active user with a known password (TEST_PASSWORD unless given); flags as given. */
  createUser(overrides?: UserOverrides): Promise<UserRow>;
  /** Signs `user` in through /auth/login. */
  loginAs(user: { id: number; username: string }, password?: string): Promise<Session>;
  /** A new user with the given flags, signed in. */
  signIn(overrides?: UserOverrides): Promise<{ user: UserRow; session: Session }>;
  /**
   * `app.inject` as a signed-in user: `t.as(session).get(url)`, `.post(url, payload)`. For the many calls of a
   * test that differ only in who asks and what.
   */
  as(session: Session): SessionRequests;
}

/** Binds the test calls to an app built some other way than createTestApp (a clock of its own, say). */
export function withTestCalls(parts: TestAppParts): TestApp {
  const t: TestApp = {
    ...parts,
    createUser: (overrides) => createUser(t, overrides),
    loginAs: (user, password) => loginAs(t, user, password),
    signIn: (overrides) => signIn(t, overrides),
    as: (session) => sessionRequests(t, session),
  };
  return t;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: SystemMailer;
  /** Where the app reads the time (login backoff, reset limits, schedules); the system clock when unset. */
  clock?: Clock;
  /** Fastify's logger option; off when unset. */
  logger?: FastifyServerOptions['logger'];
}

/** A real app on a fresh database (PGlite in memory, or a new database on TEST_DATABASE_URL). */
/** 27 November 2026, 10:00 in New York: where the tests of the daily figures stand. */
export const NEW_YORK_NOW = new Date('2026-11-27T15:00:00Z');

/** An app whose clock stands at NEW_YORK_NOW and whose days (the daily figures' windows) are New York's. */
export const NEW_YORK_DAYS: TestAppOptions = {
  clock: { now: () => NEW_YORK_NOW },
  env: { NOTIFICATIONS_TIME_ZONE: 'America/New_York' },
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({
    APP_SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    DATA_DIR: '/tmp/inbox-ops-test',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({
    database: db,
    config,
    logger: options.logger ?? false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  injectFromPublicOrigin(app, config);
  return withTestCalls({
    app,
    config,
    db,
    async close() {
      await app.close();
      await db.dispose();
    },
  });
}

/**
 * `app.inject` as the web app's own pages call the API: every request carries the Origin of PUBLIC_URL, as a
 * browser sends it, unless the test names `origin` itself (`origin: undefined` sends none).
 */
export function injectFromPublicOrigin(app: FastifyInstance, config: Pick<AppConfig, 'publicUrl'>) {
  const origin = new URL(config.publicUrl).origin;
  const inject = app.inject.bind(app);
  const withOrigin = (options: InjectOptions | string): InjectOptions => {
    const request = typeof options === 'string' ? { url: options } : options;
    const given = Object.entries(request.headers ?? {});
    if (given.some(([name]) => name.toLowerCase() === 'origin')) {
      return { ...request, headers: Object.fromEntries(given.filter(([, value]) => value !== undefined)) };
    }
    return { ...request, headers: { ...request.headers, origin } };
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(withOrigin(options))) as typeof app.inject;
}

let userCounter = 0;

export type UserOverrides = Partial<typeof schema.users.$inferInsert> & { password?: string };
type UserRow = typeof schema.users.$inferSelect;

async function createUser(t: TestAppParts, overrides: UserOverrides = {}): Promise<UserRow> {
  userCounter += 1;
  const { password = TEST_PASSWORD, ...rest } = overrides;
  const [row] = await t.db.db
    .insert(schema.users)
    .values({
      username: `user${userCounter}_${Math.random().toString(36).slice(2, 7)}`,
      email: `user${userCounter}@example.com`,
      passwordHash: await hashPassword(password),
      activeStatus: true,
      orderUser: false,
      ...rest,
    })
    .returning();
  return row!;
}

export function cookiesFrom(response: LightMyRequestResponse): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const cookie of response.cookies as Array<{ name: string; value: string }>)
    jar[cookie.name] = cookie.value;
  return jar;
}

export function cookieHeader(jar: Record<string, string>): string {
  return Object.entries(jar)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

export interface Session {
  cookies: Record<string, string>;
  headers: { cookie: string };
  userId: number;
  username: string;
}

async function loginAs(
  t: TestAppParts,
  user: { id: number; username: string },
  password = TEST_PASSWORD,
): Promise<Session> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username: user.username, password },
  });
  if (response.statusCode !== 204) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookies = cookiesFrom(response);
  return { cookies, headers: { cookie: cookieHeader(cookies) }, userId: user.id, username: user.username };
}

async function signIn(t: TestAppParts, overrides: UserOverrides = {}) {
  const user = await createUser(t, overrides);
  return { user, session: await loginAs(t, user) };
}

export { COOKIE_NAMES };

type EmailSourceInsert = typeof schema.emailSources.$inferInsert;
type InventorySourceInsert = typeof schema.inventorySources.$inferInsert;

/**
 * A mailbox secret for a row inserted by a test, sealed to that row's settings as the editor would
 * (the columns' defaults where the row leaves them out).
 */
export function sealedMailboxPassword(
  t: TestApp | SecretBox,
  row: Omit<EmailSourceInsert, 'passwordEncrypted'>,
  password: string,
): string {
  return sealMailboxSecret(
    'app' in t ? t.app.context.secrets : t,
    {
      username: row.username,
      email: row.email,
      incomingServer: row.incomingServer ?? '',
      incomingPort: row.incomingPort ?? null,
      outgoingServer: row.outgoingServer ?? '',
      outgoingPort: row.outgoingPort ?? null,
      ssl: row.ssl ?? true,
      isMsal: row.isMsal ?? false,
      msalClientId: row.msalClientId ?? '',
      msalTenantId: row.msalTenantId ?? '',
    },
    password,
  );
}

/** An SFTP password for a row inserted by a test, sealed to that row's SFTP settings. */
export function sealedSftpPassword(
  t: TestApp,
  row: Pick<InventorySourceInsert, 'sftpServerAddress' | 'sftpPort' | 'sftpUsername'>,
  password: string,
): string {
  return sealSftpSecret(
    t.app.context.secrets,
    {
      sftpServerAddress: row.sftpServerAddress ?? '',
      sftpPort: row.sftpPort ?? null,
      sftpUsername: row.sftpUsername ?? '',
    },
    password,
  );
}

/** A secret as the release before bindings stored it (v1: AES-256-GCM without additional data). */
export function legacySealedSecret(secretKey: string, plain: string): string {
  const key = Buffer.from(deriveKey(secretKey, 'stored-secrets'));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

type SessionRequest = (url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
export interface SessionRequests {
  get: SessionRequest;
  post: SessionRequest;
  put: SessionRequest;
  delete: SessionRequest;
}

function sessionRequests(t: TestAppParts, session: Session): SessionRequests {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') };
}

/** Each route answers 403 to `withoutRole`, a session that lacks the routes' flag, and 401 to a caller without a session. */
export async function expectRefusedWithoutRole(
  t: TestApp,
  routes: readonly InjectOptions[],
  withoutRole: Session,
): Promise<void> {
  for (const route of routes) {
    const wrongRole = await t.app.inject({ ...route, headers: withoutRole.headers });
    expect(wrongRole.statusCode, `${route.method} ${route.url}`).toBe(403);
    const anonymous = await t.app.inject(route);
    expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
  }
}

/** A configured system mailer that keeps each e-mail it is given in `sent`, for tests of the product's own alerts. */
export function recordingMailer(sent: SystemMail[]): SystemMailer {
  return {
    configured: true,
    from: 'inbox-ops@example.com',
    send: async (mail) => {
      sent.push(mail);
    },
  };
}
