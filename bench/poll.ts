/**
 * Mail intake benchmark: 1,000 messages (each with a small CSV; most from the supplier, the rest other mail)
 * in a real Dovecot mailbox, one order tracking source reading it with the real processor, and one poll
 * timed end to end on PostgreSQL (database `inboxops_bench_poll`, recreated each run; BENCH_DATABASE_URL
 * names another server). Target: at least 50 messages per second. Prints PASS or FAIL and exits 0 either
 * way; only a broken run exits non-zero.
 *
 *   npm run bench:poll
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { createDatabase, schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import type { FileProcessor } from '../apps/server/src/modules/intake/file-processors';
import { pollMailbox } from '../apps/server/src/modules/intake/poll-mailbox';
import { fileProcessors } from '../apps/server/src/modules/intake/processor-registry';
import { startDovecot } from '../test-servers/dovecot';
import { createTrackedMailbox } from './bench-support';

const MESSAGES = 1_000;
const MATCHING_SHARE = 0.6;
const TARGET_PER_SECOND = 50;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'inboxops_bench_poll';
const USER = { user: 'bench@shop.example', password: 'bench-secret' };
const SUPPLIER = 'shipping@supplier.example';

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.query(`create database ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

function message(index: number, matching: boolean): Promise<Buffer> {
  const lines = Array.from({ length: 5 }, (_, line) => `B-${index}-${line},1Z${index}X${line}`);
  const composer = new MailComposer({
    from: matching ? SUPPLIER : index % 2 ? 'colleague@shop.example' : SUPPLIER,
    to: USER.user,
    subject: matching ? 'Shipment report' : index % 2 ? 'Lunch on Friday' : 'Invoice 2024',
    messageId: `<bench-${index}-${randomBytes(4).toString('hex')}@bench.example>`,
    text: 'Report attached.',
    attachments: [
      { filename: `tracking_${index}.csv`, content: `Line,Tracking\r\n${lines.join('\r\n')}\r\n` },
    ],
  });
  return composer.compile().build();
}

async function main() {
  const dovecot = await startDovecot({ users: [USER] });
  const url = await recreateDatabase();
  const database = await createDatabase({ url, poolSize: 5 });
  try {
    await database.migrate();
    const config = loadConfig({
      DATABASE_URL: url,
      APP_SECRET_KEY: randomBytes(32).toString('base64url'),
      DATA_DIR: '/tmp/inbox-ops-bench-poll',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ database, config, logger: false });
    await app.ready();
    const { source, tracking } = await createTrackedMailbox(database.db, app.context.secrets, dovecot, USER, {
      sourceName: 'Bench supplier',
      supplier: SUPPLIER,
    });

    // One IMAP connection for all the APPENDs (a login per message would time the setup, not intake).
    const appender = await dovecot.connect(USER.user);
    let expectedMatching = 0;
    const setupStarted = Date.now();
    for (let index = 1; index <= MESSAGES; index += 1) {
      // Deterministic mix: 6 of every 10 messages are the supplier's report.
      const matching = index % 10 < MATCHING_SHARE * 10;
      if (matching) expectedMatching += 1;
      await appender.append('INBOX', await message(index, matching));
    }
    await appender.logout();
    console.log(`appended ${MESSAGES} messages in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s`);

    // The registry's processors, timed: how much of the poll is the processors' own work.
    let processorMs = 0;
    const processors: FileProcessor[] = fileProcessors().map((processor) => ({
      ...processor,
      async process(request) {
        const began = performance.now();
        try {
          return await processor.process(request);
        } finally {
          processorMs += performance.now() - began;
        }
      },
    }));
    const started = process.hrtime.bigint();
    const outcome = await pollMailbox(app.context, source.id, { trigger: 'manual', processors });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (outcome.status !== 'succeeded') {
      console.error(`poll did not succeed: ${outcome.message}`);
      process.exitCode = 1;
      return;
    }
    const [orders] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, tracking.id));
    const rate = outcome.counts.messagesSeen / seconds;
    const { messagesSeen, processed, ignored, failed } = outcome.counts;
    console.log(`poll: ${messagesSeen} messages in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} messages/s`);
    console.log(
      `  of which in the file processors: ${(processorMs / 1000).toFixed(2)} s; load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${cpus().length} cores`,
    );
    console.log(
      `matched (processed): ${processed} (expected ${expectedMatching}), ignored: ${ignored}, failed: ${failed}, orders imported: ${orders?.count ?? 0}`,
    );
    const correct = processed === expectedMatching && ignored === MESSAGES - expectedMatching && failed === 0;
    if (!correct) console.log('FAIL: the counts are not what was appended');
    console.log(
      rate >= TARGET_PER_SECOND && correct
        ? `PASS (target ≥ ${TARGET_PER_SECOND} messages/s)`
        : `FAIL (target ≥ ${TARGET_PER_SECOND} messages/s)`,
    );
    await app.close();
  } finally {
    await database.close();
    await dovecot.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
