/**
 * Webhook delivery figures (docs/design/webhooks.md#figures): signed deliveries through the real job queue
 * (pg-boss, 4 concurrent deliveries per instance) to a loopback HTTP receiver.
 *
 * - throughput: EVENTS run.succeeded events in the outbox, one endpoint; deliveries/s until the receiver has
 *   them all;
 * - latency: "Send test event" (the request hands its delivery to the queue at once) one at a time; p50/p95
 *   from the request to the receiver.
 *
 *   npm run bench:webhooks            (embedded PGlite; TEST_DATABASE_URL=… for PostgreSQL)
 */
import { createTestDatabase, DB_KIND } from '@app/db/testing';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { startJobs } from '../apps/server/src/jobs/queue';
import { SYSTEM_ACTOR } from '../apps/server/src/modules/audit/record-audit';
import { emitWebhookEvent } from '../apps/server/src/modules/webhooks/outbox-repository';
import { saveWebhook, sendTestEvent } from '../apps/server/src/modules/webhooks/service';
import { startReceiver } from '../apps/server/test/modules/webhooks';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const LATENCY_SAMPLES = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function main() {
  const receiver = await startReceiver();
  const database = await createTestDatabase();
  const config = loadConfig({
    APP_SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
    DATA_DIR: '/tmp/inbox-ops-bench',
    LOG_LEVEL: 'silent',
    ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  const app = await buildApp({ database, config, logger: false });
  const context = app.context;
  const endpoint = await saveWebhook(
    context,
    null,
    {
      url: receiver.url,
      events: ['run.succeeded'],
      secret: 'bench-webhook-secret-0123456789',
      active: true,
    },
    SYSTEM_ACTOR,
  );
  const jobs = await startJobs(database, pino({ level: 'silent' }), { context, idle: false });

  // Throughput: the outbox filled first, then drained by the dispatcher and the delivery jobs.
  for (let index = 0; index < EVENTS; index += 1) {
    await emitWebhookEvent(database.db, 'run.succeeded', {
      runId: index,
      sourceName: 'Bench',
      status: 'succeeded',
    });
  }
  const started = performance.now();
  const draining = receiver.waitFor(EVENTS, 600_000);
  let done = false;
  void draining.then(() => {
    done = true;
  });
  while (!done) {
    await jobs.webhooks!.dispatch();
    await Promise.race([draining, new Promise((resolve) => setTimeout(resolve, 250))]);
  }
  const seconds = (performance.now() - started) / 1000;
  const ids = new Set(receiver.received.map((request) => JSON.parse(request.body).id));

  // Latency: one test event at a time, from the request to its arrival.
  const latencies: number[] = [];
  for (let index = 0; index < LATENCY_SAMPLES; index += 1) {
    const before = receiver.received.length;
    const sentWall = Date.now();
    await sendTestEvent(context, endpoint.id, { username: 'bench' });
    await receiver.waitFor(before + 1, 30_000);
    latencies.push(receiver.received[before]!.at - sentWall);
  }
  latencies.sort((a, b) => a - b);

  console.log(`database: ${DB_KIND}`);
  console.log(
    `throughput: ${EVENTS} deliveries in ${seconds.toFixed(2)} s = ${(EVENTS / seconds).toFixed(0)} deliveries/s (${ids.size} distinct event ids)`,
  );
  console.log(
    `latency (test event → receiver): p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms over ${LATENCY_SAMPLES}`,
  );

  await jobs.stop({ graceful: false, timeoutMs: 2_000 });
  await app.close();
  await database.dispose();
  await receiver.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
