/** Factories for the notification scheduler and digest tests: apps on a movable clock, settings, runs. */
import { createDatabase, type Database, schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { type AppConfig, loadConfig } from '../../src/config/env';
import type { Clock } from '../../src/context';
import { nextRunAt, notificationSchedule } from '../../src/modules/notifications/schedule';
import { injectFromPublicOrigin, type TestApp, withTestCalls } from '../helper';

/** A clock the test sets; every app built with it reads the same time. */
export class MovableClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
}

export const TEST_SECRET = 'test-secret-key-test-secret-key-0123456789';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    APP_SECRET_KEY: TEST_SECRET,
    DATA_DIR: '/tmp/inbox-ops-test',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** An app instance on a database another test app may share; closing it leaves the database open. */
export async function buildClockedApp(
  database: TestDatabase,
  clock: Clock,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const app: FastifyInstance = await buildApp({ database, config, logger: false, clock });
  await app.ready();
  injectFromPublicOrigin(app, config);
  return withTestCalls({ app, config, db: database, close: () => app.close() });
}

/**
 * A second connection to the same database, as a second app instance or a restarted one would open: on
 * PostgreSQL a new pool; on in-memory PGlite (one process, one instance) the same database.
 */
export async function secondConnection(
  database: TestDatabase,
): Promise<{ database: TestDatabase; close(): Promise<void> }> {
  if (database.kind !== 'postgres' || !database.connectionString) {
    return { database, close: async () => {} };
  }
  const other: Database = await createDatabase({ url: database.connectionString, poolSize: 3 });
  return {
    database: Object.assign(other, { dispose: () => other.close() }),
    close: () => other.close(),
  };
}

export type SettingValues = Partial<typeof schema.notificationSettings.$inferInsert>;

let counter = 0;

/** A notification setting as a save stores it: next_run_at computed from the clock's now. */
export async function insertSetting(t: TestApp, clock: Clock, values: SettingValues = {}) {
  counter += 1;
  const row = {
    name: `Digest ${counter}`,
    sourceTypeId: 1,
    sourceIds: [],
    notificationEnabled: true,
    notificationInterval: 'Weekly',
    notificationDayOfWeek: 3,
    cronExpression: '',
    ...values,
  } satisfies typeof schema.notificationSettings.$inferInsert;
  const next =
    values.nextRunAt !== undefined
      ? values.nextRunAt
      : nextRunAt(
          {
            notificationEnabled: row.notificationEnabled,
            notificationInterval: row.notificationInterval,
            notificationDayOfWeek: row.notificationDayOfWeek ?? null,
            cronExpression: row.cronExpression,
          },
          clock.now(),
          notificationSchedule(t.config),
        );
  const [inserted] = await t.db.db
    .insert(schema.notificationSettings)
    .values({ ...row, nextRunAt: next })
    .returning();
  return inserted!;
}

export { createTestDatabase };
