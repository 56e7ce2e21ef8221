import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type AppDb, countPendingMigrations, type Database, migrationsFolder } from './database';
import * as schema from './schema';

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
