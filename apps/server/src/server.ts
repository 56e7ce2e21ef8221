import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ensureInitialAdmin, upgradeLegacySecrets } from './bootstrap';
import { loadConfig } from './config/env';
import { closeBrowser } from './integrations/browser/chromium';
import { startJobs } from './jobs/queue';
import { logDataDirRepair } from './lib/private-data-dir';
import { JOBS_STOP_MS, stopOnSignals } from './lib/shutdown';
import { openProcessDatabase, releaseStartUpMemory, runEntryPoint, startUpSteps } from './process-start';

async function main() {
  const steps = startUpSteps();
  const config = loadConfig();
  config.webDistDir ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  const { database, closeBackups, dataDirRepair } = await openProcessDatabase(config);
  steps.step('database');

  const app = await buildApp({ database, config });
  logDataDirRepair(app.log, config.dataDir, dataDirRepair);
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

  steps.step('app');
  const jobs = await startJobs(database, app.log, {
    runFileRetentionDays: config.runFileRetentionDays,
    context: app.context,
  });
  steps.step('jobs');
  await app.listen({ port: config.port, host: config.host });
  steps.step('listen');
  app.log.info(
    `database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
  );
  const started = steps.summary();
  app.log.info({ startUpSeconds: started.seconds }, started.message);
  releaseStartUpMemory();

  stopOnSignals(app.log, () => [
    // The job queue first: /ready answers 503 from here on, polls in progress are abandoned and their
    // mailboxes handed on, while the HTTP server stops taking connections and finishes its requests.
    {
      name: 'jobs and HTTP server',
      run: () => Promise.all([jobs.stop({ graceful: true, timeoutMs: JOBS_STOP_MS }), app.close()]),
    },
    { name: 'browser', run: closeBrowser },
    { name: 'backup socket', run: closeBackups },
    { name: 'database', run: () => database.close() },
  ]);
}

runEntryPoint(main);
