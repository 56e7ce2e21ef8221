/**
 * What both drivers share: the database's types and the migrations folder. In a module of its own so that
 * client.ts and pglite-client.ts both import it and neither imports the other at the type level.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type * as schema from './schema';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction (or savepoint) of AppDb, as `db.transaction(async (tx) => …)` hands it over. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/**
 * What every repository function takes: the database, or the caller's transaction so that its writes commit or
 * roll back with the caller's.
 */
export type DbOrTx = AppDb | AppTx;

/**
 * Runs a raw statement and hands back its rows typed as the caller declares them. Both drivers answer
 * `{ rows }`, but drizzle types `execute` by driver, so this is the one place that narrows it.
 */
export async function queryRows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** Set on PGlite: pg-boss and raw SQL use the same instance (one per process: opening a file-backed PGlite takes seconds). */
  pglite?: PGlite;
  /** Set on PostgreSQL. */
  pool?: pg.Pool;
  connectionString?: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Whether the database answers `select 1` within `timeoutMs` (readiness and liveness): never waits longer,
   * whatever the network does (docs/behaviour/operations.md#what-the-product-survives).
   */
  ping(timeoutMs: number): Promise<boolean>;
  migrate(): Promise<void>;
  /** Migrations of this build not yet applied to the database (readiness: 0 once `migrate` has run). */
  pendingMigrations(): Promise<number>;
  close(): Promise<void>;
}

// Found through the package's own name, not this file's location: the compiled server bundles this module
// into apps/server/dist, where a path relative to the module would point nowhere.
export const migrationsFolder = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@app/db/package.json')),
  'migrations',
);
/**
 * Drizzle's migrator applies every migration newer than the newest `created_at` in its table, so the same
 * comparison tells how many are left.
 */
export async function countPendingMigrations(
  query: (text: string) => Promise<Array<{ last: string | number | null }>>,
): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  let last = 0;
  try {
    const [row] = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
    last = Number(row?.last ?? 0);
  } catch {
    // No migrations table yet: nothing was applied.
  }
  return journal.entries.filter((entry) => entry.when > last).length;
}
