/**
 * The embedded PGlite database, in a module of its own so that only a process without DATABASE_URL loads
 * PGlite (docs/decisions/0013-lazy-start-up.md).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type AppDb, countPendingMigrations, type Database, migrationsFolder } from './database';
import * as schema from './schema';

export async function createPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the order grid's contains-searches, as on the PostgreSQL server.
  const pglite = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return wrapPglite(pglite);
}

/** The Database over an opened PGlite instance (tests open theirs from a saved, migrated image). */
export function wrapPglite(pglite: PGlite): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as AppDb;
  return {
    db,
    kind: 'pglite',
    pglite,
    async query(text, params) {
      const result = await pglite.query(text, params as unknown[]);
      return result.rows as never;
    },
    // In the process itself: it answers unless the process is stuck, and then no timer would fire either.
    async ping() {
      await pglite.query('select 1');
      return true;
    },
    async migrate() {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
    },
    pendingMigrations() {
      return countPendingMigrations(async (text) => (await pglite.query(text)).rows as never);
    },
    async close() {
      await pglite.close();
    },
  };
}
