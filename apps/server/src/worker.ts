/**
 * The job workers alone, without the HTTP server: mailbox polls, IDLE watchers, housekeeping and the
 * notification digest scheduler. Run one or more beside (or instead of the workers of) the web instances
 * to scale intake: `npm run start:worker` with the same DATABASE_URL and APP_SECRET_KEY. The queue and the mailbox leases keep two workers from
 * polling one mailbox at once. On embedded PGlite only one process may open the database, so use the
 * web server alone there.
 */
import { upgradeLegacySecrets } from './bootstrap';
import { loadConfig } from './config/env';
import { createAppContext } from './context';
import { closeBrowser } from './integrations/browser/chromium';
import { startJobs } from './jobs/queue';
import { createLogger } from './lib/logger';
import { logDataDirRepair } from './lib/private-data-dir';
import { JOBS_STOP_MS, stopOnSignals } from './lib/shutdown';
import { openProcessDatabase, releaseStartUpMemory, runEntryPoint, startUpSteps } from './process-start';

async function main() {
  const steps = startUpSteps();
  const config = loadConfig();
  const { database, closeBackups, dataDirRepair } = await openProcessDatabase(config);
  steps.step('database');
  const log = createLogger(config.logLevel);
  logDataDirRepair(log, config.dataDir, dataDirRepair);
  // The jobs need the context (secrets, mailer, clock), not the HTTP app: no routes are built here.
  const context = createAppContext({ database, config, log });
  const sealed = await upgradeLegacySecrets(database.db, context.secrets);
  if (sealed > 0) log.info({ sealed }, 'sealed stored secrets to their connection settings');
  steps.step('context');
  const jobs = await startJobs(database, log, {
    context,
    runFileRetentionDays: config.runFileRetentionDays,
  });
  steps.step('jobs');
  const started = steps.summary();
  log.info({ startUpSeconds: started.seconds }, started.message);
  log.info(
    { database: database.kind, pollSeconds: config.mailPollSeconds, pid: process.pid },
    'worker started: mail intake, housekeeping, notification and webhook jobs',
  );
  releaseStartUpMemory();

  stopOnSignals(log, () => [
    { name: 'jobs', run: () => jobs.stop({ graceful: true, timeoutMs: JOBS_STOP_MS }) },
    { name: 'browser', run: closeBrowser },
    { name: 'backup socket', run: closeBackups },
    { name: 'database', run: () => database.close() },
  ]);
}

runEntryPoint(main);
