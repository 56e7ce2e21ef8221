import { COOKIE_NAMES } from '@app/contracts';
import { schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { SystemMailer } from '../src/integrations/system-mailer';
import { hashPassword } from '../src/lib/passwords';

export const TEST_PASSWORD = 'correct horse battery';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  mailer?: SystemMailer;
}

/** A real app on a fresh database (PGlite in memory, or a new database on TEST_DATABASE_URL). */
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
    logger: false,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.ready();
  return {
    app,
    config,
    db,
    async close() {
      await app.close();
      await db.dispose();
    },
  };
}

let userCounter = 0;

export type UserOverrides = Partial<typeof schema.users.$inferInsert> & { password?: string };

/** Factory: an active user with a known password; flags as given. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}) {
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

export async function loginAs(
  t: TestApp,
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

/** Signs in a new user with the given flags in one step. */
export async function signIn(t: TestApp, overrides: UserOverrides = {}) {
  const user = await createUser(t, overrides);
  return { user, session: await loginAs(t, user) };
}

export { COOKIE_NAMES };
