import path from 'node:path';
import { createDatabase, type Database } from '@app/db';
import type { AppConfig } from './config/env';
import { ConfigError } from './config/env';
import { createBackup, describeKey, listenForBackups } from './lib/backup';
import { redactError } from './lib/error-redaction';

export interface ProcessDatabase {
  database: Database;
  /** Closes the backup socket of the embedded database (nothing on PostgreSQL). */
  closeBackups(): Promise<void>;
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
  await database.migrate();
  return {
    database,
    closeBackups: async () => {
      backups?.close();
    },
  };
}

/** Runs a process's main function; a failed start prints why (a bad setting plainly) and exits 1. */
export function runEntryPoint(main: () => Promise<void>): void {
  main().catch((error) => {
    if (error instanceof ConfigError) console.error(error.message);
    // A start-up query that fails (the first admin's insert) must not print the values it was writing.
    else console.error(redactError(error));
    process.exit(1);
  });
}
