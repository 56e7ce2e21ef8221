import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type Database } from '@app/db';
import { buildApp } from './app';
import { ensureInitialAdmin, upgradeLegacySecrets } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { closeBrowser } from './integrations/browser/chromium';
import { startJobs } from './jobs/queue';
import { createBackup, describeKey, listenForBackups } from './lib/backup';
import { redactError } from './lib/error-redaction';
import { JOBS_STOP_MS, stopOnSignals } from './lib/shutdown';

async function main() {
  const config = loadConfig();
  config.webDistDir ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  // On the embedded database, before opening it: refuses a second process on the same DATA_DIR, and
  // serves `npm run backup` while running.
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

  const app = await buildApp({ database, config });
  const admin = await ensureInitialAdmin(database.db, config);
  const sealed = await upgradeLegacySecrets(database.db, app.context.secrets);
  if (sealed > 0) app.log.info({ sealed }, 'sealed stored secrets to their connection settings');
  if (admin.generatedPassword) {
    // Printed once, on purpose outside the JSON log so that a person starting the app sees it.
    console.log(
      `\n  First start: created the admin account.\n    username: ${config.adminUsername}\n    password: ${admin.generatedPassword}\n  Change it on the Account page after signing in.\n`,
    );
  } else if (admin.created) {
    app.log.info(
      { username: config.adminUsername },
      'created the admin account from ADMIN_USERNAME/ADMIN_PASSWORD',
    );
  }

  const jobs = await startJobs(database, app.log, {
    runFileRetentionDays: config.runFileRetentionDays,
    context: app.context,
  });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
  );

  stopOnSignals(app.log, () => [
    // The job queue first: /ready answers 503 from here on, polls in progress are abandoned and their
    // mailboxes handed on, while the HTTP server stops taking connections and finishes its requests.
    {
      name: 'jobs and HTTP server',
      run: () => Promise.all([jobs.stop({ graceful: true, timeoutMs: JOBS_STOP_MS }), app.close()]),
    },
    { name: 'browser', run: closeBrowser },
    { name: 'backup socket', run: async () => backups?.close() },
    { name: 'database', run: () => database.close() },
  ]);
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  // A start-up query that fails (the first admin's insert) must not print the values it was writing.
  else console.error(redactError(error));
  process.exit(1);
});
