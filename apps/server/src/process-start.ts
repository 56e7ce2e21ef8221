import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createDatabase, type Database } from '@app/db';
import type { AppConfig } from './config/env';
import { ConfigError } from './config/env';
import { createBackup, describeKey, listenForBackups } from './lib/backup';
import { isDatabaseUnreachable } from './lib/database-errors';
import { redactError } from './lib/error-redaction';
import { type DataDirRepair, makeDataDirPrivate, useOwnerOnlyUmask } from './lib/private-data-dir';

export interface ProcessDatabase {
  database: Database;
  /** Closes the backup socket of the embedded database (nothing on PostgreSQL). */
  closeBackups(): Promise<void>;
  /** What was made owner-only in DATA_DIR at this start (docs/design/security.md#the-data-folder); to be logged. */
  dataDirRepair: DataDirRepair;
}

/**
 * Opens and migrates the database the way both production processes (web server and worker) do. On the
 * embedded database the backup socket is opened first: it refuses a second process on the same DATA_DIR
 * and serves `npm run backup` while this one runs (docs/decisions/0010-backups-of-the-embedded-database.md).
 */
export async function openProcessDatabase(config: AppConfig): Promise<ProcessDatabase> {
  let database: Database | undefined;
  const backups = config.databaseUrl
    ? undefined
    : await listenForBackups(
        config.dataDir,
        () => createBackup(database!.pglite!, describeKey(config.dataDir, config.secretKey)),
        { error: (obj, msg) => console.error(msg, obj) },
      );
  database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrateOnceReachable(database);
  return {
    database,
    // After the database is open: a new database's files were unpacked with the mode of PGlite's image.
    dataDirRepair: makeDataDirPrivate(config.dataDir),
    closeBackups: async () => {
      backups?.close();
    },
  };
}

/**
 * A process started while PostgreSQL is down (restarted, failing over, the network cut) waits for it rather
 * than exiting: a supervisor that restarts it would only try again, and one that gives up after a few tries
 * leaves the instance down after the database is back (docs/behaviour/operations.md#what-the-product-survives).
 * A setting that cannot work (wrong password, no such database) still stops it at once.
 */
async function migrateOnceReachable(database: Database): Promise<void> {
  let waitingSince: number | undefined;
  for (;;) {
    try {
      await database.migrate();
      if (waitingSince !== undefined) {
        console.error(`database reachable after ${Math.round((Date.now() - waitingSince) / 1000)} s`);
      }
      return;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      if (waitingSince === undefined) {
        waitingSince = Date.now();
        console.error(`database unreachable (${(error as Error).message}); trying again every 2 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/**
 * Where a start's time went, from the process's own start (module loading included) to each step: logged once
 * it is up (`started in N s (modules …, database …, …)`), so that a slow start after a kill or a database
 * fault says which step waited (docs/behaviour/operations.md#what-the-product-survives).
 */
export function startUpSteps(): {
  step(name: string): void;
  summary(): { message: string; seconds: object };
} {
  const steps: Array<[string, number]> = [['modules', process.uptime()]];
  return {
    step(name) {
      steps.push([name, process.uptime()]);
    },
    summary() {
      const lengths = steps.map(([name, at], index) => [name, at - (steps[index - 1]?.[1] ?? 0)] as const);
      const total = steps.at(-1)![1];
      return {
        message: `started in ${total.toFixed(1)} s (${lengths.map(([name, length]) => `${name} ${length.toFixed(1)} s`).join(', ')})`,
        seconds: Object.fromEntries(lengths.map(([name, length]) => [name, Number(length.toFixed(2))])),
      };
    },
  };
}

type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back the memory that starting took, once a process is up (docs/decisions/0013-lazy-start-up.md).
 * Loading modules, migrating and building routes leave garbage and a grown heap that V8 returns only when its
 * memory reducer finds the process idle, and the job queue's polling never looks idle to it: it ran on its
 * watchdog, about 100 s after start. This is the reducer's own kind of collection (one that shrinks the heap),
 * run once: about 75 ms. The collector is taken from a fresh context, so `gc` stays out of the app's globals.
 */
export function releaseStartUpMemory(): void {
  v8.setFlagsFromString('--expose-gc');
  const collectGarbage = runInNewContext('gc') as CollectGarbage;
  v8.setFlagsFromString('--no-expose-gc');
  collectGarbage({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Runs a process's main function; a failed start prints why (a bad setting plainly) and exits 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  // Before anything is created: DATA_DIR's files are the owner's alone (docs/design/security.md#the-data-folder).
  useOwnerOnlyUmask();
  main().catch((error) => {
    if (error instanceof ConfigError) console.error(error.message);
    // A start-up query that fails (the first admin's insert) must not print the values it was writing.
    else console.error(redactError(error));
    process.exit(1);
  });
}
