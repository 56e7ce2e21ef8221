/**
 * Forgot Password timing: the answer to POST /auth/reset-password for an existing and for an unknown username,
 * through the real HTTP server, with a real SMTP server on loopback receiving the e-mails from the job queue.
 * Both kinds of request should take the same time (the e-mail is sent by a job, not in the request). Prints
 * p50/p95 per kind and how long the e-mails took to arrive; exits 0 whatever the figures.
 *
 *   npm run bench:forgot-password            (embedded PGlite; TEST_DATABASE_URL=… for PostgreSQL)
 */

import { schema } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { startJobs } from '../apps/server/src/jobs/queue';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { smtpEnv, startSmtpCatcher } from '../test-servers/smtp-catcher';

const PER_KIND = 60;
const WARMUPS = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function main() {
  const smtp = await startSmtpCatcher();
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
    DATA_DIR: '/tmp/inbox-ops-bench',
    LOG_LEVEL: 'silent',
    // Every request names its own client address, so the per-address allowance does not end the run.
    TRUST_PROXY: 'loopback',
    ...smtpEnv(smtp),
  });
  const app = await buildApp({ database, config, logger: false });
  const jobs = await startJobs(database, pino({ level: 'silent' }), { context: app.context, idle: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // One account per known request, so that each one really sends an e-mail (3 per account per hour).
  const passwordHash = await hashPassword('bench password');
  const known = await database.db
    .insert(schema.users)
    .values(
      Array.from({ length: PER_KIND + WARMUPS }, (_, index) => ({
        username: `bench-user-${index}`,
        email: `bench-user-${index}@example.com`,
        passwordHash,
        activeStatus: true,
      })),
    )
    .returning({ username: schema.users.username });

  let client = 0;
  const ask = async (username: string) => {
    client += 1;
    const started = performance.now();
    const response = await fetch(`${address}/auth/reset-password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      },
      body: JSON.stringify(username),
    });
    await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    return performance.now() - started;
  };

  for (let index = 0; index < WARMUPS; index++) {
    await ask(known[index]!.username);
    await ask(`nobody-${index}`);
  }
  await smtp.waitFor(WARMUPS, 60_000);
  smtp.messages.length = 0;

  const times = { known: [] as number[], unknown: [] as number[] };
  const started = performance.now();
  for (let index = 0; index < PER_KIND; index++) {
    times.known.push(await ask(known[WARMUPS + index]!.username));
    times.unknown.push(await ask(`nobody-at-all-${index}`));
  }
  const answered = performance.now() - started;
  await smtp.waitFor(PER_KIND, 120_000);
  const delivered = performance.now() - started;

  console.log(
    `POST /auth/reset-password on ${database.kind}, ${PER_KIND} requests per kind (after ${WARMUPS} warm-ups)`,
  );
  console.log('kind      p50 ms  p95 ms  max ms');
  for (const [kind, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${kind.padEnd(8)} ${percentile(sorted, 50).toFixed(1).padStart(7)} ${percentile(sorted, 95).toFixed(1).padStart(7)} ${sorted.at(-1)!.toFixed(1).padStart(7)}`,
    );
  }
  console.log(
    `all ${2 * PER_KIND} answers in ${(answered / 1000).toFixed(1)} s; all ${PER_KIND} e-mails delivered by the queue after ${(delivered / 1000).toFixed(1)} s`,
  );

  await app.close();
  await jobs.stop({ graceful: false, timeoutMs: 2000 });
  await database.dispose();
  await smtp.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
