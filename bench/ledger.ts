/**
 * The mailbox ledger's benchmark (issue 31): `npm run bench:ledger`. One mailbox with 100,000 messages in
 * its ledger (three bound sources evaluated on each; every outcome represented), read over HTTP through
 * GET /api/email-sources/{id}/messages: the first page, a page deep in the list (keyset cursor), the
 * outcome filter and searches by sender (a common one, and a rare one: the trigram indexes' case) and by
 * subject. On PostgreSQL (DATABASE_URL's server, database `inboxops_bench_ledger`, seeded once and reused)
 * and on embedded PGlite (a temporary folder, seeded each time). Prints p50 and p95 per call against the
 * target (p95 < 100 ms) and PASS/FAIL; exits 0 either way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Database, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { migratedBenchDatabase, PAGE_TIMING, signIn, timeGetCalls } from './bench-support';

const DATABASE = 'inboxops_bench_ledger';
const MESSAGES = 100_000;
const MAILBOX = 'ledger@bench.example';
const TARGET_MS = PAGE_TIMING.targetMs;
const TRIGRAM_INDEXES = ['mail_ledger_entries_from_trgm_idx', 'mail_ledger_entries_subject_trgm_idx'];

async function seed(database: Database): Promise<void> {
  const started = performance.now();
  const [mailbox] = await database.db
    .insert(schema.emailSources)
    .values({ username: MAILBOX, email: MAILBOX })
    .returning({ id: schema.emailSources.id });
  const id = mailbox!.id;
  console.log(`  seeding ${MESSAGES.toLocaleString('en-US')} messages…`);
  await database.query(
    `insert into inbound_messages (email_source_id, uid_validity, uid, message_id_hash, from_address, subject, received_at, attachment_count, status)
     select $1::int, 1, i, 'bench-' || i,
            case when i % 10 = 0 then 'person' || (i % 97) || '@elsewhere.example' else 'tracking@acme.example' end,
            'Shipment report ' || (i % 28 + 1) || '/11', now() - make_interval(mins => $2::int - i),
            1, case when i % 10 = 0 then 'ignored' when i % 50 = 7 then 'failed' else 'processed' end
     from generate_series(1, $2::int) as i`,
    [id, MESSAGES],
  );
  const evaluations = (matched: boolean) =>
    JSON.stringify([
      {
        sourceType: 'order-tracking',
        sourceId: 1,
        sourceName: 'Acme tracking',
        matched,
        failedRule: matched ? null : 'subject',
        detail: matched
          ? 'matched; reads tracking_1127.csv'
          : "subject 'Shipment report 3/11' does not equal 'Shipment report'; turn on Contains to match it",
        runId: matched ? 1 : null,
      },
      {
        sourceType: 'inventory',
        sourceId: 1,
        sourceName: 'Beta stock',
        matched: false,
        failedRule: 'from',
        detail: 'sent by tracking@acme.example; this source expects stock@beta.example',
        runId: null,
      },
      {
        sourceType: 'order-submission',
        sourceId: 1,
        sourceName: 'Gamma orders',
        matched: false,
        failedRule: 'from',
        detail: 'sent by tracking@acme.example; this source expects orders@gamma.example',
        runId: null,
      },
    ]);
  // The trigram indexes take each entry at once (fastupdate off: a poll writes a few); 100,000 in one statement
  // go faster through their pending lists, which the VACUUM below empties before fastupdate is off again.
  for (const index of TRIGRAM_INDEXES) await database.query(`alter index ${index} set (fastupdate = on)`);
  await database.query(
    `insert into mail_ledger_entries (email_source_id, inbound_message_id, uid, received_at, from_address, subject, attachments, outcome, reason, evaluations)
     select m.email_source_id, m.id, m.uid, m.received_at, m.from_address, m.subject,
            '[{"fileName":"tracking_1127.csv","size":1834,"contentType":"text/csv"}]'::jsonb,
            case when m.uid % 10 = 0 then 'ignored' when m.uid % 50 = 7 then 'failed' when m.uid % 10 = 3 then 'unmatched' else 'processed' end,
            case when m.uid % 10 = 3 then '"Acme tracking": subject does not equal' else 'Processed by "Acme tracking" (order tracking).' end,
            case when m.uid % 10 = 3 then $2::jsonb else $3::jsonb end
     from inbound_messages m where m.email_source_id = $1::int`,
    [id, evaluations(false), evaluations(true)],
  );
  await database.query('vacuum analyze mail_ledger_entries');
  for (const index of TRIGRAM_INDEXES) await database.query(`alter index ${index} set (fastupdate = off)`);
  await database.query('analyze');
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function measure(label: string, database: Database): Promise<boolean> {
  const [mailbox] = await database.db
    .select({ id: schema.emailSources.id })
    .from(schema.emailSources)
    .where(eq(schema.emailSources.username, MAILBOX));
  const id = mailbox!.id;
  const config = loadConfig({
    ...(database.connectionString ? { DATABASE_URL: database.connectionString } : {}),
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: path.join(tmpdir(), 'inbox-ops-bench'),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ database, config, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let allPass = true;
  try {
    const user = { username: 'bench-ledger-user', password: randomBytes(12).toString('base64url') };
    await database.db.delete(schema.users).where(eq(schema.users.username, user.username));
    await database.db.insert(schema.users).values({
      username: user.username,
      email: 'bench-ledger@example.com',
      passwordHash: await hashPassword(user.password),
      orderUser: true,
      inventoryUser: true,
      activeStatus: true,
    });
    const cookie = await signIn(address, user);
    const base = `/api/email-sources/${id}/messages`;
    // A cursor half-way down the list: keyset paging must not slow down with depth.
    let deep = '';
    let before: string | null = null;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${address}${base}?limit=200${before ? `&before=${before}` : ''}`, {
        headers: { cookie },
      });
      before = ((await response.json()) as { nextBefore: string | null }).nextBefore;
    }
    const [middle] = await database.query<{ ms: string; id: number }>(
      `select (extract(epoch from received_at) * 1000)::bigint::text as ms, id::int as id from mail_ledger_entries
       where email_source_id = $1 order by received_at desc, id desc offset $2 limit 1`,
      [id, MESSAGES / 2],
    );
    deep = `${middle!.ms.padStart(13, '0')}_${middle!.id}`;
    const cases = [
      ['first page (50)', `${base}?limit=50`],
      ['sixth page of 200 (cursor)', `${base}?limit=200&before=${before}`],
      ['page 50,000 deep (cursor)', `${base}?limit=50&before=${deep}`],
      ['outcome=unmatched', `${base}?limit=50&outcome=unmatched`],
      ['outcome=failed, deep', `${base}?limit=50&outcome=failed&before=${deep}`],
      ['q=elsewhere (sender)', `${base}?limit=50&q=elsewhere`],
      ['q=person42@ (one sender, 0.1 %)', `${base}?limit=50&q=person42%40`],
      // Nothing matches: without the trigram indexes this read every entry of the mailbox (about 500 ms).
      ['q=nobody@ (no match)', `${base}?limit=50&q=nobody%40`],
      ['q=27/11 (subject)', `${base}?limit=50&q=27%2F11`],
    ] as const;
    allPass = await timeGetCalls(label, { address, cookie }, cases, { ...PAGE_TIMING, width: 32 });
  } finally {
    await app.close();
  }
  return allPass;
}

async function postgres(): Promise<boolean> {
  const database = await migratedBenchDatabase(DATABASE, 4);
  try {
    const [row] = await database.query<{ n: number }>(
      `select count(*)::int as n from mail_ledger_entries l join email_sources e on e.id = l.email_source_id where e.username = $1`,
      [MAILBOX],
    );
    if (row?.n === MESSAGES) console.log(`database ${DATABASE}: already seeded`);
    else {
      await database.query('delete from email_sources where username = $1', [MAILBOX]);
      console.log(`database ${DATABASE}: seeding`);
      await seed(database);
    }
    const [version] = await database.query<{ version: string }>(
      `select current_setting('server_version') as version`,
    );
    return await measure(`PostgreSQL ${version?.version}`, database);
  } finally {
    await database.close();
  }
}

async function pglite(): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ledger-'));
  const database = await createDatabase({ dataDir: dir });
  try {
    await database.migrate();
    console.log(`\nPGlite in ${dir}: seeding`);
    await seed(database);
    return await measure('PGlite', database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results: boolean[] = [];
if (!process.argv.includes('--pglite-only')) results.push(await postgres());
if (!process.argv.includes('--postgres-only')) results.push(await pglite());
console.log(`\n${results.every(Boolean) ? 'PASS' : 'FAIL'}: every ledger page p95 < ${TARGET_MS} ms`);
process.exit(0);
