import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

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

// Any constant works; it only has to be the same for every instance migrating one database.
const MIGRATION_LOCK_ID = 724_310_001;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database in `dataDir` is used. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** PGlite: a data-directory tarball (a backup) to fill an empty `dataDir` with. */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return createPostgres(options.url, options.poolSize ?? 10);
  // Loaded only here: a process on PostgreSQL never loads PGlite (docs/decisions/0013-lazy-start-up.md).
  const { createPglite } = await import('./pglite-client');
  return createPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

async function createPostgres(url: string, poolSize: number): Promise<Database> {
  // JIT compilation costs 0.1–1.5 s on the first execution of a large plan and saves nothing on the
  // app's short, index-driven queries (the order grid at a million rows measured it), so it is off.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle connection that the server ends (a restart, pg_terminate_backend, a failover) is reported
  // here. Without a listener node-postgres raises it as an uncaught error and the whole process stops;
  // the pool has already dropped that client and opens a new one for the next query.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as AppDb;
  return {
    db,
    kind: 'postgres',
    pool,
    connectionString: url,
    async query(text, params) {
      const result = await pool.query(text, params as unknown[]);
      return result.rows;
    },
    async migrate() {
      // Several instances may start at once; the advisory lock makes the second one wait, then find
      // nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    pendingMigrations() {
      return countPendingMigrations(async (text) => (await pool.query(text)).rows);
    },
    async close() {
      await pool.end();
    },
  };
}
