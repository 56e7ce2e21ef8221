import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { createDatabase } from './client';
import { type Database, migrationsFolder } from './database';
import { wrapPglite } from './pglite-client';
import { countOpenedTestDatabase } from './test-database-count';

/** Which database the tests run on, for test titles: the run on PostgreSQL and the one on PGlite read apart. */
export const DB_KIND = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server named by
 * TEST_DATABASE_URL (dropped afterwards), or an in-memory PGlite when that is unset.
 *
 * Migrating costs seconds per database (about 5 s on PGlite, 1 s on PostgreSQL on a loaded 2-core machine) and
 * every server test file needs one, so the migrated database is made once and copied: a PostgreSQL template
 * database, or a PGlite data directory saved as a tarball in the temporary folder. Both are named after a hash of
 * the migrations, so a new migration makes a new copy and a stale one is never used.
 */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  countOpenedTestDatabase();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pglite = await PGlite.create({
      loadDataDir: new Blob([await migratedPgliteImage()]),
      extensions: { pg_trgm },
    });
    const database = wrapPglite(pglite);
    return Object.assign(database, { dispose: () => database.close() });
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = await migratedTemplate(serverUrl);
  await withServer(serverUrl, (admin) => createFromTemplate(admin, name, template));
  const database = await createDatabase({ url: databaseUrl(serverUrl, name), poolSize: 5 });
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await withServer(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  });
}

/** Changes whenever a migration (or the PGlite build) does. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(readFileSync(full));
  }
  return hash.update(pgliteVersion()).digest('hex').slice(0, 16);
}

/** A data directory saved by one PGlite build may not load in another. (Its package.json is not exported.) */
function pgliteVersion(): string {
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
  return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')).version as string;
}

async function migratedPgliteImage(): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `inbox-ops-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return readFileSync(file);
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const image = Buffer.from(await (await database.pglite!.dumpDataDir('none')).arrayBuffer());
  await database.close();
  // Written aside and renamed: a test file starting at the same moment reads a whole image or none.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, image);
  renameSync(partial, file);
  return image;
}

async function migratedTemplate(serverUrl: string): Promise<string> {
  const template = `inboxops_template_${migrationsHash()}`;
  const exists = await withServer(serverUrl, (admin) =>
    admin.query('select 1 from pg_database where datname = $1', [template]),
  );
  if (exists.rowCount) return template;
  // Built under another name and renamed when complete, so no test copies a half-migrated template.
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (admin) => admin.query(`create database ${building}`));
  const database = await createDatabase({ url: databaseUrl(serverUrl, building), poolSize: 1 });
  await database.migrate();
  await database.close();
  await withServer(serverUrl, async (admin) => {
    try {
      await admin.query(`alter database ${building} rename to ${template}`);
    } catch (error) {
      // Another test file finished the same template first.
      if ((error as { code?: string }).code !== '42P04') throw error;
      await admin.query(`drop database if exists ${building} with (force)`);
    }
  });
  return template;
}

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      // 55006: the template is in use — for a moment while another file's copy or the rename finishes.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
