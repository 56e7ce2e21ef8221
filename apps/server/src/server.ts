import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@app/db';
import { buildApp } from './app';
import { ensureInitialAdmin, upgradeLegacySecrets } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { closeBrowser } from './integrations/browser/chromium';
import { startJobs } from './jobs/queue';
import { redactError } from './lib/error-redaction';

async function main() {
  const config = loadConfig();
  config.webDistDir ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
  const database = await createDatabase({
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

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await closeBrowser();
    await jobs.stop({ graceful: true, timeoutMs: 10_000 }).catch(() => {});
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  // A start-up query that fails (the first admin's insert) must not print the values it was writing.
  else console.error(redactError(error));
  process.exit(1);
});
