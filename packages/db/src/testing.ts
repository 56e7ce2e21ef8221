import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from './client';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped afterwards), or an in-memory PGlite when that is unset.
 */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return Object.assign(database, { dispose: () => database.close() });
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), poolSize: 5 });
  await database.migrate();
  return Object.assign(database, {
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  });
}
