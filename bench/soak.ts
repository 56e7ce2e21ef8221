/**
 * The soak run (docs/behaviour/operations.md#soak-run): the production processes against real servers,
 * while instances are killed with -9 and restarted. It proves mail intake's promise (every appended message
 * imported exactly once) under crashes, a UIDVALIDITY reset and several instances on one database.
 *
 * - A database of its own on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
 *   created and dropped here; a private Dovecot with several mailboxes; a loopback SMTP catcher.
 * - K web instances (`apps/server/dist/server.js` as `npm start` runs it; `npm run build` first) and
 *   one worker (`apps/server/dist/worker.js` as `npm run start:worker` runs it), started directly so
 *   that the signal reaches the process itself and not an npm wrapper.
 * - N messages (each a CSV of 3 order lines) appended round-robin across the mailboxes over T minutes;
 *   M kills spread over the same time (the holder of a poll lease first: a kill during a poll), each
 *   victim restarted 2 s later; the first mailbox's UIDVALIDITY changed half-way; a digest every minute.
 * - With --db-restart R or --db-cut C, a PostgreSQL server of its own instead (test-servers/postgres.ts), which
 *   the processes reach through a proxy of the harness: R fast shutdowns and C network cuts (the proxy holds
 *   every socket and forwards nothing), 5–30 s each, one at a time, spread over the window beside the kills.
 *   After each, the time every web instance took to answer /ready 200 again.
 * - With --imap-outage I, the private Dovecot stopped I times (its sessions with it) and started again on the
 *   same port 10–60 s later; messages that arrive meanwhile wait and are appended once it is back. How many
 *   polls each mailbox tried during the outage (its poll_failures just before the restart), per minute.
 * - With --smtp-outage S, the SMTP catcher refusing every message with 451 for 10–60 s, S times.
 * - Every tenth message, an order e-mail besides to the first mailbox, with lines for two or three vendors
 *   (soak-vendor-orders.ts): each vendor batch must reach the catcher exactly once.
 * - Then it waits for quiet and prints the table; exit 1 on any duplicate or lost message, or any vendor batch
 *   not e-mailed exactly once.
 *
 *   npm run soak -- --messages 200 --instances 2 --kills 3 [--minutes 1] [--db-restart 1] [--db-cut 1]
 *     [--imap-outage 1] [--smtp-outage 1]
 *     [--env MALLOC_ARENA_MAX=2]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, type Database, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import { createSecretBox } from '../apps/server/src/lib/secrets';
import { type DovecotServer, startDovecot } from '../test-servers/dovecot';
import {
  type HarnessPostgres,
  startHarnessPostgres,
  startTcpProxy,
  type TcpProxy,
} from '../test-servers/postgres';
import { type SmtpCatcher, smtpEnv, startSmtpCatcher } from '../test-servers/smtp-catcher';
import { adminQuery, createTrackedMailbox, percentile } from './bench-support';
import {
  isVendorMail,
  ORDER_EVERY,
  orderMessage,
  setUpVendorOrders,
  VENDORS,
  vendorBatchCounts,
  vendorBatchReport,
  vendorWorkOpen,
} from './soak-vendor-orders';

const REPO = path.resolve(import.meta.dirname, '..');
const SERVER_JS = path.join(REPO, 'apps/server/dist/server.js');
const WORKER_JS = path.join(REPO, 'apps/server/dist/worker.js');
let SERVER_URL = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const MAILBOXES = 4;
const LINES_PER_MESSAGE = 3;
const SUPPLIER = 'shipping@supplier.example';
/** Ports of the web instances (the range this repository's soak uses). */
const FIRST_PORT = Number(process.env.SOAK_FIRST_PORT ?? 4510);
const RESTART_DELAY_MS = 2_000;
/** Turns on the web instances' /metrics, where the soak reads their heap. */
const METRICS_TOKEN = `soak-${randomBytes(12).toString('hex')}`;
/** The options of `npm start` and `npm run start:worker` (apps/server/package.json). */
const NODE_ARGS = ['--enable-source-maps', '--max-semi-space-size=16'];

const { values: flags } = parseArgs({
  options: {
    messages: { type: 'string' },
    instances: { type: 'string', default: '2' },
    kills: { type: 'string', default: '0' },
    /** Fast shutdowns of the soak's own PostgreSQL, each followed by a start 5–30 s later. */
    'db-restart': { type: 'string', default: '0' },
    /** Network cuts between the processes and the soak's own PostgreSQL, 5–30 s each. */
    'db-cut': { type: 'string', default: '0' },
    /** Stops of the private Dovecot, 10–60 s each. */
    'imap-outage': { type: 'string', default: '0' },
    /** Spells of the SMTP catcher refusing with 451, 10–60 s each. */
    'smtp-outage': { type: 'string', default: '0' },
    minutes: { type: 'string', default: '1' },
    /** KEY=VALUE for every process's environment (e.g. MALLOC_ARENA_MAX=2); may be given more than once. */
    env: { type: 'string', multiple: true, default: [] },
  },
});
const EXTRA_ENV = Object.fromEntries(
  flags.env.map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--env takes KEY=VALUE, not "${pair}"`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const MINUTES = Number(flags.minutes);
// 100 messages a minute unless told otherwise.
const MESSAGES = Number(flags.messages ?? Math.round(100 * MINUTES));
const INSTANCES = Number(flags.instances);
const KILLS = Number(flags.kills);
const DB_RESTARTS = Number(flags['db-restart']);
const DB_CUTS = Number(flags['db-cut']);
const IMAP_OUTAGES = Number(flags['imap-outage']);
const SMTP_OUTAGES = Number(flags['smtp-outage']);
for (const [name, value] of Object.entries({
  messages: MESSAGES,
  instances: INSTANCES,
  kills: KILLS,
  minutes: MINUTES,
  'db-restart': DB_RESTARTS,
  'db-cut': DB_CUTS,
  'imap-outage': IMAP_OUTAGES,
  'smtp-outage': SMTP_OUTAGES,
})) {
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`);
}
/** The database faults need a server the soak may stop and cut off: its own, never DATABASE_URL's. */
const OWN_DATABASE_SERVER = DB_RESTARTS + DB_CUTS > 0;
const FAULT_MIN_MS = 5_000;
const FAULT_MAX_MS = 30_000;
const MAIL_OUTAGE_MIN_MS = 10_000;
const MAIL_OUTAGE_MAX_MS = 60_000;
if (INSTANCES < 1) throw new Error('--instances must be at least 1');

/** The rows of a raw query, on node-postgres (a result with rows) as on PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Slot {
  name: string;
  script: string;
  port?: number;
  /** The worker's inspector port: it has no HTTP server, so its heap is read through the inspector. */
  inspectPort?: number;
  child?: ChildProcess;
  /** When the current process was started (RSS samples are per process). */
  startedAt: number;
  alive: boolean;
  log: WriteStream;
  logPath: string;
  restarts: number;
  rss: Array<{ at: number; mb: number; pid: number }>;
  /** V8 heap in use (web instances from their /metrics, the worker through its inspector): what a leak would grow, unlike RSS. */
  heap: Array<{ at: number; mb: number }>;
  /**
   * After each database fault ended: how long until this (web) instance answered /ready 200 again, and whether
   * it had been restarted (a kill) during the fault, so that its time includes a start-up.
   */
  readyAgainMs: Array<{ ms: number; restartedDuring: boolean; trace: string }>;
  /** Answered /ready 200 since its last start: only then does a failed /health count against it. */
  up: boolean;
}

interface DatabaseFault {
  kind: 'restart' | 'cut';
  /** When the database went away and came back. */
  from: number;
  to: number;
}

async function recreateDatabase(name: string): Promise<string> {
  await dropDatabase(name);
  await adminQuery(SERVER_URL, `create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string): Promise<void> {
  await adminQuery(SERVER_URL, `drop database if exists ${name} with (force)`);
}

function startSlot(slot: Slot, env: Record<string, string>): void {
  const inspect = slot.inspectPort ? [`--inspect=127.0.0.1:${slot.inspectPort}`] : [];
  const child = spawn(process.execPath, [...NODE_ARGS, ...inspect, slot.script], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      ...EXTRA_ENV,
      ...env,
      ...(slot.port ? { PORT: String(slot.port), PUBLIC_URL: `http://127.0.0.1:${slot.port}` } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(slot.log, { end: false });
  child.stderr?.pipe(slot.log, { end: false });
  slot.child = child;
  slot.alive = true;
  slot.up = false;
  slot.startedAt = Date.now();
  child.once('exit', () => {
    slot.alive = false;
  });
}

function rssMb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The V8 heap in use of a process started with --inspect, through the inspector's Runtime.getHeapUsage. */
async function inspectorHeapUsedMb(port: number): Promise<number | undefined> {
  try {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
      webSocketDebuggerUrl: string;
    }>;
    const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
    return await new Promise<number | undefined>((resolve) => {
      const done = (value: number | undefined) => {
        socket.close();
        resolve(value);
      };
      const timer = setTimeout(() => done(undefined), 5_000);
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }));
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; result?: { usedSize: number } };
        if (answer.id !== 1) return;
        clearTimeout(timer);
        done(answer.result ? answer.result.usedSize / 1024 / 1024 : undefined);
      };
      socket.onerror = () => {
        clearTimeout(timer);
        done(undefined);
      };
    });
  } catch {
    return undefined;
  }
}

/** The V8 heap in use of a web instance, read from its Prometheus metrics (prom-client's default metrics). */
async function heapUsedMb(port: number): Promise<number | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(5_000),
    });
    const match = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(await response.text());
    return match ? Number(match[1]) / 1024 / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function message(index: number): Promise<Buffer> {
  const lines = Array.from(
    { length: LINES_PER_MESSAGE },
    (_, line) => `S${index}-${line},1Z${index}X${line}`,
  );
  return new MailComposer({
    from: SUPPLIER,
    to: 'intake@shop.example',
    subject: 'Shipment report',
    messageId: `<soak-${index}-${randomBytes(4).toString('hex')}@soak.example>`,
    text: 'Report attached.',
    attachments: [
      { filename: `tracking_${index}.csv`, content: `Line,Tracking\r\n${lines.join('\r\n')}\r\n` },
    ],
  })
    .compile()
    .build();
}

/** An outage of a mail server: when, and (IMAP) how many polls each mailbox tried meanwhile. */
interface MailOutage {
  kind: 'imap' | 'smtp';
  from: number;
  to: number;
  /** IMAP: each mailbox's failed polls during the outage (email_sources.poll_failures before the restart). */
  attemptsPerMailbox?: number[];
}

/** Whether the private Dovecot is stopped right now (appends wait for it). */
const imapState = { down: false };

/**
 * The IMAP and SMTP outages, each kind one at a time, spread over the window (and combinable with the kills
 * and database faults): Dovecot stopped and started again on its port, or the catcher refusing with 451.
 */
function runMailOutages(options: {
  windowStart: number;
  windowMs: number;
  dovecot: DovecotServer;
  catcher: SmtpCatcher;
  database: () => Database;
  outages: MailOutage[];
}): Promise<void> {
  const { windowStart, windowMs, dovecot, catcher, outages } = options;
  const plan = (count: number, kind: MailOutage['kind']) =>
    (async () => {
      for (let index = 0; index < count; index += 1) {
        // Offset from the database faults' slots, so that a run with both sees them apart as well as together.
        const due = windowStart + ((index + 0.3) / count) * windowMs * 0.8;
        await sleep(Math.max(0, due - Date.now()));
        const lengthMs = MAIL_OUTAGE_MIN_MS + Math.random() * (MAIL_OUTAGE_MAX_MS - MAIL_OUTAGE_MIN_MS);
        const from = Date.now();
        let attemptsPerMailbox: number[] | undefined;
        if (kind === 'imap') {
          imapState.down = true;
          await dovecot.pause();
          await sleep(Math.max(0, from + lengthMs - Date.now()));
          attemptsPerMailbox = await pollFailures(options.database());
          await dovecot.resume();
          imapState.down = false;
        } else {
          const release = catcher.refuse(451);
          await sleep(Math.max(0, from + lengthMs - Date.now()));
          release();
        }
        const to = Date.now();
        outages.push({ kind, from, to, ...(attemptsPerMailbox ? { attemptsPerMailbox } : {}) });
        console.log(`soak: ${kind === 'imap' ? 'IMAP' : 'SMTP'} outage of ${seconds(to - from)}`);
      }
    })();
  return Promise.all([plan(IMAP_OUTAGES, 'imap'), plan(SMTP_OUTAGES, 'smtp')]).then(() => {});
}

/** Each mailbox's failed polls in a row (undefined entries when the database is away at that moment). */
async function pollFailures(database: Database): Promise<number[] | undefined> {
  try {
    const rows = await database.db
      .select({ failures: schema.emailSources.pollFailures })
      .from(schema.emailSources)
      .orderBy(schema.emailSources.id);
    return rows.map((row) => row.failures);
  } catch {
    return undefined;
  }
}

/** Appends a message, waiting out an IMAP outage and reconnecting the appender after one. */
async function appendWaiting(
  appenders: ImapFlow[],
  index: number,
  connect: () => Promise<ImapFlow>,
  raw: Buffer,
): Promise<void> {
  for (;;) {
    while (imapState.down) await sleep(200);
    try {
      await appenders[index]!.append('INBOX', raw);
      return;
    } catch {
      await sleep(500);
      appenders[index] = await connect().catch(() => appenders[index]!);
    }
  }
}

function mailOutageRow(outages: MailOutage[], kind: MailOutage['kind'], flag: number): string {
  const lengths = outages.filter((outage) => outage.kind === kind).map((outage) => outage.to - outage.from);
  if (flag === 0) return `not run (no --${kind}-outage)`;
  const total = lengths.reduce((sum, ms) => sum + ms, 0);
  return `${lengths.length}, ${seconds(total)} in all (${lengths.map(seconds).join(', ')})`;
}

/** Poll attempts per minute per mailbox while IMAP was down: the busiest mailbox and the mean. */
function reconnectRow(outages: MailOutage[]): string {
  const imap = outages.filter((outage) => outage.kind === 'imap');
  if (imap.length === 0) return 'no IMAP outage';
  return imap
    .map((outage) => {
      const minutes = (outage.to - outage.from) / 60_000;
      const attempts = outage.attemptsPerMailbox;
      if (!attempts || attempts.length === 0) return 'not read (database away)';
      const rates = attempts.map((count) => count / minutes);
      const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
      return `max ${Math.max(...rates).toFixed(1)}, mean ${mean.toFixed(1)} a minute (${attempts.join(', ')} attempts in ${seconds(outage.to - outage.from)})`;
    })
    .join('; ');
}

async function main() {
  const databaseName = `inboxops_soak_${process.pid}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'inbox-ops-soak-'));
  const users = Array.from({ length: MAILBOXES }, (_, index) => ({
    user: `soak${index + 1}@shop.example`,
    password: `soak-secret-${index + 1}`,
  }));
  let postgres: HarnessPostgres | undefined;
  let proxy: TcpProxy | undefined;
  if (OWN_DATABASE_SERVER) {
    postgres = await startHarnessPostgres();
    proxy = await startTcpProxy({ host: postgres.host, port: () => postgres!.port });
    SERVER_URL = new URL(postgres.url());
  }
  const [dovecot, catcher, url] = await Promise.all([
    startDovecot({ users }),
    startSmtpCatcher(),
    recreateDatabase(databaseName),
  ]);
  // The processes reach the database through the proxy (when there is one); the soak's own checks directly.
  const processUrl = new URL(url);
  if (proxy) processUrl.port = String(proxy.port);
  const secretKey = randomBytes(32).toString('base64url');
  let database: Database | undefined;
  const slots: Slot[] = [];
  // Ctrl-C: no instance is left running (Dovecot is stopped by its own exit handler).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const slot of slots) slot.child?.kill('SIGKILL');
      console.error(
        postgres
          ? `soak: stopped by ${signal}; its PostgreSQL in ${postgres.dir} is stopped on exit`
          : `soak: stopped by ${signal}; database ${databaseName} is left on the server`,
      );
      process.exit(130);
    });
  }
  let exitCode = 1;
  let keepLogs = false;
  try {
    database = await createDatabase({ url, poolSize: 3 });
    await database.migrate();
    const secrets = createSecretBox(secretKey);
    const mailboxIds: number[] = [];
    for (const user of users) {
      const { source } = await createTrackedMailbox(database.db, secrets, dovecot, user, {
        sourceName: `Soak supplier ${user.user}`,
        supplier: SUPPLIER,
      });
      mailboxIds.push(source.id);
    }
    await setUpVendorOrders(database.db, secrets, mailboxIds[0]!, catcher);
    // A digest every minute ('Custom', every minute), to the catcher.
    const firstSlot = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    await database.db.insert(schema.notificationSettings).values({
      name: 'Soak digest',
      sourceTypeId: 3,
      notificationEnabled: true,
      notificationInterval: 'Custom',
      cronExpression: '* * * * *',
      overrideEmailRecipients: 'ops@shop.example',
      // One e-mail per digest, not one per source: the count per minute is then the count of digests.
      consolidatedEmail: true,
      nextRunAt: new Date(firstSlot),
    });

    const env = {
      DATABASE_URL: processUrl.toString(),
      APP_SECRET_KEY: secretKey,
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'a long enough soak password',
      MAIL_POLL_SECONDS: '5',
      LOG_LEVEL: 'info',
      METRICS_TOKEN,
      ...smtpEnv(catcher),
    };
    for (let index = 0; index <= INSTANCES; index += 1) {
      const name = index < INSTANCES ? `web-${index + 1}` : 'worker';
      const logPath = path.join(workDir, `${name}.log`);
      slots.push({
        name,
        script: index < INSTANCES ? SERVER_JS : WORKER_JS,
        ...(index < INSTANCES ? { port: FIRST_PORT + index } : { inspectPort: FIRST_PORT + 90 }),
        startedAt: 0,
        alive: false,
        log: createWriteStream(logPath),
        logPath,
        restarts: 0,
        rss: [],
        heap: [],
        readyAgainMs: [],
        up: false,
      });
    }
    const slotEnv = (slot: Slot) => ({ ...env, DATA_DIR: path.join(workDir, slot.name) });
    for (const slot of slots) startSlot(slot, slotEnv(slot));
    const webs = slots.filter((slot) => slot.port);
    const started = Date.now();
    for (const slot of webs) {
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${slot.port}/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) break;
        if (!slot.alive) throw new Error(`${slot.name} exited during start-up; see ${slot.logPath}`);
        if (Date.now() - started > 120_000) throw new Error(`${slot.name} not ready after 120 s`);
        await sleep(250);
      }
    }
    console.log(
      `soak: ${slots.length} processes ready in ${seconds(Date.now() - started)}; logs in ${workDir}`,
    );

    // The database faults: the one in progress (if any) and those done.
    const faults: DatabaseFault[] = [];
    let faultSince: number | undefined;
    /** Whether the database was away at any moment from `since` until now. */
    const databaseAway = (since: number) =>
      faultSince !== undefined || faults.some((fault) => fault.to >= since);

    // Survivors' /health, every second: a failure of an instance that was not just killed counts.
    let healthFailures = 0;
    let healthChecks = 0;
    const healthReasons = new Map<string, number>();
    const healthTimer = setInterval(() => {
      for (const slot of webs) {
        if (!slot.alive) continue;
        // A restarted instance counts once it is ready: it may have started while the database was away.
        if (!slot.up) {
          void fetch(`http://127.0.0.1:${slot.port}/ready`, { signal: AbortSignal.timeout(5_000) }).then(
            (response) => {
              if (response.ok) slot.up = true;
            },
            () => {},
          );
          continue;
        }
        if (Date.now() - slot.startedAt < 15_000) continue;
        // While the database is away /health answers 503 by design (docs/behaviour/operations.md), and an
        // instance has 10 s after it returns to be ready again (counted apart, as ready-again times).
        if (databaseAway(Date.now() - 10_000)) continue;
        healthChecks += 1;
        const pid = slot.child?.pid;
        const checkedAt = Date.now();
        // A check cut short by this very instance's kill is not a survivor's failure.
        const failed = (why: string) =>
          void sleep(1_000).then(() => {
            if (!slot.alive || slot.child?.pid !== pid) return;
            if (databaseAway(checkedAt)) return;
            healthFailures += 1;
            healthReasons.set(why, (healthReasons.get(why) ?? 0) + 1);
          });
        fetch(`http://127.0.0.1:${slot.port}/health`, { signal: AbortSignal.timeout(5_000) }).then(
          (response) => {
            if (!response.ok) failed(`HTTP ${response.status}`);
          },
          (error: Error) =>
            failed(
              error.name === 'TimeoutError'
                ? 'no answer within 5 s'
                : ((error.cause as { code?: string } | undefined)?.code ?? error.message),
            ),
        );
      }
    }, 1_000);
    const rssTimer = setInterval(() => {
      for (const slot of slots) {
        const mb = slot.alive ? rssMb(slot.child?.pid) : undefined;
        if (mb !== undefined) slot.rss.push({ at: Date.now(), mb, pid: slot.child!.pid! });
        if (slot.alive && (slot.port || slot.inspectPort)) {
          const reading = slot.port ? heapUsedMb(slot.port) : inspectorHeapUsedMb(slot.inspectPort!);
          void reading.then((heapMb) => {
            if (heapMb !== undefined) slot.heap.push({ at: Date.now(), mb: heapMb });
          });
        }
      }
    }, 10_000);

    // Appends, kills and the UIDVALIDITY reset on one clock over the window.
    const windowMs = MINUTES * 60_000;
    const appenders = await Promise.all(users.map((user) => dovecot.connect(user.user)));
    const appendedAt = new Map<number, number>();
    const kills: Array<{ at: number; slot: string; duringPollOf: number | undefined }> = [];
    const killTimes = Array.from({ length: KILLS }, (_, index) => ((index + 0.5) / KILLS) * windowMs);
    let resetDone = false;
    let orderMessages = 0;
    const windowStart = Date.now();
    const killer = (async () => {
      for (const due of killTimes) {
        await sleep(Math.max(0, windowStart + due - Date.now()));
        // Only one process down at a time: the survivors carry on, as in a rolling failure.
        while (slots.some((slot) => !slot.alive)) await sleep(200);
        // During a database fault nobody holds a lease the soak could see: any process is the victim then.
        const holders = rowsOf<{ lease_owner: string; email_source_id: number }>(
          await database!.db
            .execute(sql`select lease_owner, email_source_id from mailbox_states where lease_until > now()`)
            .catch(() => []),
        );
        const byPid = new Map(slots.map((slot) => [String(slot.child?.pid), slot]));
        const polling = holders
          .map((row) => ({
            slot: byPid.get(row.lease_owner.split(':')[1] ?? ''),
            mailbox: row.email_source_id,
          }))
          .filter((entry) => entry.slot?.alive);
        const pick = polling.length > 0 ? polling[Math.floor(Math.random() * polling.length)] : undefined;
        const victim = pick?.slot ?? slots[Math.floor(Math.random() * slots.length)]!;
        kills.push({ at: Date.now(), slot: victim.name, duringPollOf: pick?.mailbox });
        victim.child?.kill('SIGKILL');
        await new Promise((resolve) => victim.child?.once('exit', resolve));
        await sleep(RESTART_DELAY_MS);
        victim.restarts += 1;
        startSlot(victim, slotEnv(victim));
      }
    })();
    // Database faults, one at a time, restarts and cuts alternating, spread over the window beside the kills.
    const faultPlan: Array<DatabaseFault['kind']> = [];
    for (let index = 0; index < Math.max(DB_RESTARTS, DB_CUTS); index += 1) {
      if (index < DB_RESTARTS) faultPlan.push('restart');
      if (index < DB_CUTS) faultPlan.push('cut');
    }
    const mailOutages: MailOutage[] = [];
    const mailOutager = runMailOutages({
      windowStart,
      windowMs,
      dovecot,
      catcher,
      database: () => database!,
      outages: mailOutages,
    });
    const faulter = (async () => {
      for (const [index, kind] of faultPlan.entries()) {
        // Each starts after the previous one is over, at its share of the window.
        await sleep(
          Math.max(0, windowStart + ((index + 0.5) / faultPlan.length) * windowMs * 0.8 - Date.now()),
        );
        const lengthMs = FAULT_MIN_MS + Math.random() * (FAULT_MAX_MS - FAULT_MIN_MS);
        faultSince = Date.now();
        // The instances up (ready since their start) when it began: only theirs is a time to be ready *again*.
        const upAtStart = new Set(
          webs.filter((slot) => slot.alive && slot.up).map((slot) => slot.child?.pid),
        );
        if (kind === 'restart') await postgres!.stop();
        else proxy!.cut({ mode: 'hold' });
        await sleep(Math.max(0, faultSince + lengthMs - Date.now()));
        if (kind === 'restart') await postgres!.start();
        else proxy!.restore();
        const back = Date.now();
        faults.push({ kind, from: faultSince, to: back });
        faultSince = undefined;
        console.log(
          `soak: database ${kind === 'restart' ? 'restart' : 'cut'} of ${seconds(back - faults.at(-1)!.from)}`,
        );
        // Every web instance up at that moment: how long until it answers /ready 200 again.
        await Promise.all(
          webs
            .filter((slot) => slot.alive)
            .map(async (slot) => {
              const pid = slot.child?.pid;
              // Its time includes a start-up: restarted during the fault, or still starting when it began.
              const restartedDuring = slot.startedAt > faults.at(-1)!.from || !upAtStart.has(pid);
              // What /ready said until it answered 200, each change with its second: which check held it
              // back, or no answer.
              let lastNo = '';
              const trace: string[] = [];
              const note = (state: string) => {
                if (state !== lastNo) trace.push(`${((Date.now() - back) / 1000).toFixed(1)} ${state}`);
                lastNo = state;
              };
              while (Date.now() - back < 120_000) {
                if (!slot.alive || slot.child?.pid !== pid) return;
                const ok = await fetch(`http://127.0.0.1:${slot.port}/ready`, {
                  signal: AbortSignal.timeout(5_000),
                }).then(
                  async (response) => {
                    if (response.ok) return true;
                    const body = (await response.json().catch(() => ({}))) as {
                      checks?: Record<string, string>;
                    };
                    const failed = Object.entries(body.checks ?? {})
                      .filter(([, check]) => check !== 'ok')
                      .map(([name]) => name);
                    note(`${failed.join(' + ') || `HTTP ${response.status}`} failed`);
                    return false;
                  },
                  (error: Error) => {
                    note(
                      error.name === 'TimeoutError'
                        ? 'no answer within 5 s'
                        : ((error.cause as { code?: string } | undefined)?.code ?? error.message),
                    );
                    return false;
                  },
                );
                if (ok) {
                  slot.readyAgainMs.push({ ms: Date.now() - back, restartedDuring, trace: trace.join(', ') });
                  return;
                }
                await sleep(100);
              }
              slot.readyAgainMs.push({
                ms: Number.POSITIVE_INFINITY,
                restartedDuring,
                trace: trace.join(', '),
              });
            }),
        );
      }
    })();
    for (let index = 1; index <= MESSAGES; index += 1) {
      await sleep(Math.max(0, windowStart + ((index - 1) / MESSAGES) * windowMs - Date.now()));
      if (!resetDone && index > MESSAGES / 2 && !imapState.down) {
        resetDone = true;
        const status = await appenders[0]!.status('INBOX', { uidValidity: true });
        dovecot.setUidValidity(
          users[0]!.user,
          (status === false ? 1 : Number(status.uidValidity ?? 1)) + 1000,
        );
        console.log(`soak: UIDVALIDITY of ${users[0]!.user} changed after ${index - 1} messages`);
      }
      const raw = await message(index);
      const mailbox = (index - 1) % MAILBOXES;
      await appendWaiting(appenders, mailbox, () => dovecot.connect(users[mailbox]!.user), raw);
      appendedAt.set(index, Date.now());
      if (index % ORDER_EVERY === 0) {
        await appenders[0]!.append('INBOX', await orderMessage(index));
        orderMessages += 1;
      }
    }
    await Promise.all([killer, faulter, mailOutager]);
    await Promise.all(appenders.map((client) => client.logout().catch(() => {})));
    const appendsDone = Date.now();
    console.log(
      `soak: ${MESSAGES} messages appended, ${kills.length} kills, ${faults.length} database faults, in ${seconds(appendsDone - windowStart)}`,
    );

    // Quiet: every order present and no poll lease held, or 2 minutes (+1 per 500 messages) without progress.
    const expected = MESSAGES * LINES_PER_MESSAGE;
    const countOrders = async () => {
      const [row] = await database!.db.select({ count: sql<number>`count(*)::int` }).from(schema.orders);
      return row?.count ?? 0;
    };
    const quietLimit = 120_000 + Math.ceil(MESSAGES / 500) * 60_000;
    let last = -1;
    let lastChange = Date.now();
    for (;;) {
      const present = await countOrders();
      const [leases] = await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(schema.mailboxStates)
        .where(sql`lease_until > now()`);
      if (present >= expected && (leases?.count ?? 0) === 0) break;
      if (present !== last) {
        last = present;
        lastChange = Date.now();
      }
      if (Date.now() - lastChange > quietLimit) break;
      await sleep(1_000);
    }
    // The vendor e-mails: every line taken by a finished run, or five and a half minutes more. The due-work job
    // resumes what a kill interrupted when a process starts, and every five minutes, which is also when lines
    // the relay deferred during an SMTP outage are sent again; a send a kill stopped short of its hand-over is
    // sent again 2 minutes after it began (docs/behaviour/order-submission.md#sending-exactly-once). A run that
    // settles at once does not wait.
    const settleUntil = Date.now() + 330_000;
    // The last answer: undefined while the database does not answer (a fault may still be on).
    let stillOpen: string[] | undefined;
    while (Date.now() < settleUntil) {
      stillOpen = await vendorWorkOpen(database.db).catch(() => undefined);
      if (stillOpen?.length === 0) break;
      await sleep(1_000);
    }
    if (stillOpen?.length !== 0) {
      // What was still open when the soak stopped waiting: the run's verdict may still hold, but why it did
      // not settle is worth reading (the logs stay too).
      for (const line of stillOpen ?? ['the database did not answer'])
        console.log(`soak: still open after the wait: ${line}`);
      keepLogs = true;
    }
    const quietAt = Date.now();
    // A last digest slot completes, so that the count per slot covers whole minutes.
    await sleep(3_000);
    clearInterval(healthTimer);
    clearInterval(rssTimer);

    // What the database holds.
    const orderRows = await database.db
      .select({ key: schema.orders.uniqueKey, createdAt: schema.orders.createdAt })
      .from(schema.orders);
    const firstOrderAt = new Map<number, number>();
    const keys = new Set<string>();
    for (const row of orderRows) {
      keys.add(row.key ?? '');
      const index = Number(/^S(\d+)-/.exec(row.key ?? '')?.[1]);
      const at = row.createdAt.getTime();
      if (Number.isFinite(index) && at > (firstOrderAt.get(index) ?? 0)) firstOrderAt.set(index, at);
    }
    let lost = 0;
    const latencies: number[] = [];
    for (let index = 1; index <= MESSAGES; index += 1) {
      const complete = Array.from({ length: LINES_PER_MESSAGE }, (_, line) => `S${index}-${line}`).every(
        (key) => keys.has(key),
      );
      if (!complete) lost += 1;
      else latencies.push(firstOrderAt.get(index)! - appendedAt.get(index)!);
    }
    latencies.sort((a, b) => a - b);
    // A duplicate import: a message's file read by more than one succeeded run.
    const importRows = rowsOf<{ file_name: string; count: number }>(
      await database.db.execute(
        sql`select file_name, count(*)::int as count from runs where source_type = 'order-tracking' and status = 'succeeded' group by file_name`,
      ),
    );
    const duplicates = importRows.reduce((sum, row) => sum + Math.max(0, row.count - 1), 0);
    const [processed] = rowsOf<{ count: number }>(
      await database.db.execute(
        sql`select count(*)::int as count from (select email_source_id, message_id_hash from inbound_messages where status = 'processed' group by 1, 2 having count(*) > 1) twice`,
      ),
    );
    const processedTwice = processed?.count ?? 0;

    // The longest gap between a kill during a poll and the next poll of that mailbox.
    const gaps: number[] = [];
    for (const kill of kills) {
      if (kill.duringPollOf === undefined) continue;
      const [row] = rowsOf<{ started_at: Date | null }>(
        await database.db.execute(
          sql`select min(started_at) as started_at from runs where source_type = 'email' and source_id = ${kill.duringPollOf} and started_at > ${new Date(kill.at).toISOString()}`,
        ),
      );
      if (row?.started_at) gaps.push(new Date(row.started_at).getTime() - kill.at);
    }

    // Digests per minute slot, from the first due minute to the last whole minute.
    const perSlot = new Map<number, number>();
    for (let at = firstSlot; at + 60_000 <= quietAt; at += 60_000) perSlot.set(at, 0);
    for (const mail of catcher.messages.filter((caught) => !isVendorMail(caught))) {
      const at = Math.floor((mail.parsed.date?.getTime() ?? 0) / 60_000) * 60_000;
      if (perSlot.has(at)) perSlot.set(at, perSlot.get(at)! + 1);
    }
    const counts = [...perSlot.values()];
    const slotsNotOne = counts.filter((count) => count !== 1).length;

    const batchCounts = await vendorBatchCounts(database.db, catcher.messages);
    const vendorBatches = vendorBatchReport(batchCounts);
    // A batch not e-mailed once: what its vendor run says (the database goes with the soak's own server).
    for (const entry of batchCounts.filter((count) => count.emails !== 1).slice(0, 5)) {
      const runRows = rowsOf<{ id: number | null; status: string | null; message: string | null }>(
        await database.db.execute(
          sql`select distinct r.id, r.status, r.message from submission_vendor_lines l left join runs r on r.id = l.run_id where l.batch_id = ${entry.batchId} and l.vendor_id = ${entry.vendorId}`,
        ),
      );
      for (const run of runRows) {
        console.log(
          `soak: batch ${entry.batchId} vendor ${entry.vendorId}: ${entry.emails} e-mails; run ${run.id ?? 'none'} ${run.status ?? ''}: ${run.message ?? ''}`,
        );
      }
    }

    const warnings = slots.map((slot) => {
      slot.log.end();
      const text = readFileSync(slot.logPath, 'utf8');
      return { slot: slot.name, warn: (text.match(/"level":(40|50|60)/g) ?? []).length };
    });

    const rows: Array<[string, string]> = [
      [
        'processes',
        `${INSTANCES} web + 1 worker on PostgreSQL${postgres ? ' (its own server, through a proxy)' : ''}, ${MAILBOXES} mailboxes on Dovecot${
          flags.env.length > 0 ? `; environment ${flags.env.join(' ')}` : ''
        }`,
      ],
      ['messages appended', `${MESSAGES} over ${seconds(appendsDone - windowStart)}`],
      [
        'kill -9 (restarted)',
        `${kills.length} (${kills.filter((kill) => kill.duringPollOf !== undefined).length} during a poll)`,
      ],
      ['UIDVALIDITY reset', resetDone ? `yes, ${users[0]!.user}` : 'no (too few messages)'],
      ['database restarts', faultRow(faults, 'restart')],
      ['database cuts', faultRow(faults, 'cut')],
      ['IMAP outages', mailOutageRow(mailOutages, 'imap', IMAP_OUTAGES)],
      ['SMTP outages', mailOutageRow(mailOutages, 'smtp', SMTP_OUTAGES)],
      ['poll attempts per minute per mailbox during IMAP outages', reconnectRow(mailOutages)],
      [
        'ready again after the database returned (max per instance; * restarted during the fault or still starting when it began)',
        faults.length === 0
          ? 'no database fault'
          : webs
              .map((slot) => {
                const running = slot.readyAgainMs.filter((entry) => !entry.restartedDuring);
                const worst = Math.max(...running.map((entry) => entry.ms));
                const each = slot.readyAgainMs
                  .map(
                    (entry) =>
                      `${Number.isFinite(entry.ms) ? seconds(entry.ms) : 'not within 120 s'}${entry.restartedDuring ? '*' : ''}${
                        // Beyond a second: what held it back (from which second: failed checks, or no answer).
                        entry.ms > 1_000 && entry.trace ? ` [${entry.trace}]` : ''
                      }`,
                  )
                  .join(', ');
                return `${slot.name} ${running.length > 0 ? (Number.isFinite(worst) ? seconds(worst) : 'not within 120 s') : '-'} (${each})`;
              })
              .join('; '),
      ],
      [
        'start-ups after a kill (web and worker: the longest step)',
        restartRow(slots.map((slot) => ({ name: slot.name, log: readFileSync(slot.logPath, 'utf8') }))),
      ],
      ['orders expected / present', `${expected} / ${orderRows.length}`],
      [
        'order e-mails (vendor purchase orders)',
        `${orderMessages}, with lines for ${VENDORS.length} vendors, two or three each`,
      ],
      vendorBatches.row,
      ['duplicate imports', `${duplicates} (messages processed twice: ${processedTwice})`],
      ['lost messages', String(lost)],
      [
        'append → order p50 / p95 / max',
        `${seconds(percentile(latencies, 50))} / ${seconds(percentile(latencies, 95))} / ${seconds(latencies.at(-1) ?? Number.NaN)}`,
      ],
      [
        'kill during a poll → next poll (max)',
        gaps.length > 0
          ? `${seconds(Math.max(...gaps))} (${gaps.length} kills during a poll)`
          : 'no kill hit a poll',
      ],
      [
        'digests per minute slot',
        counts.length > 0
          ? `${counts.join(' ')} (${counts.length} slots, ${slotsNotOne} not exactly one)`
          : 'no whole minute',
      ],
      [
        'survivors /health failures',
        `${healthFailures} of ${healthChecks}${healthFailures > 0 ? ` (${[...healthReasons].map(([why, count]) => `${why}: ${count}`).join(', ')})` : ''}`,
      ],
      ['warnings/errors in logs', warnings.map((entry) => `${entry.slot} ${entry.warn}`).join(', ')],
      [
        'RSS per process (last / max)',
        slots
          .map((slot) => {
            const last = slot.rss.at(-1)?.mb;
            const max = Math.max(...slot.rss.map((sample) => sample.mb));
            return `${slot.name} ${last?.toFixed(0) ?? '-'} / ${Number.isFinite(max) ? max.toFixed(0) : '-'} MB`;
          })
          .join(', '),
      ],
      ['quiet after the last append', seconds(quietAt - appendsDone)],
    ];
    console.log('\n| soak | figure |\n| --- | --- |');
    for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
    // Memory over time: one column per minute, per process that was never killed (a restart resets it).
    if (MINUTES >= 2) {
      console.log('\nRSS (MB) per minute of processes never restarted:');
      for (const slot of slots.filter((entry) => entry.restarts === 0)) {
        const perMinute: string[] = [];
        for (let minute = 0; minute * 60_000 <= quietAt - started; minute += 1) {
          const sample = slot.rss.find((entry) => entry.at >= started + minute * 60_000);
          if (sample) perMinute.push(sample.mb.toFixed(0));
        }
        console.log(`  ${slot.name}: ${perMinute.join(' ')}`);
      }
      // The lowest of each minute's six samples: the heap after a collection, without GC's sawtooth.
      console.log('\nV8 heap in use (MB, lowest sample of each minute) of processes never restarted:');
      for (const slot of slots.filter((entry) => entry.restarts === 0)) {
        const perMinute: string[] = [];
        for (let minute = 0; minute * 60_000 <= quietAt - started; minute += 1) {
          const inMinute = slot.heap.filter(
            (entry) => entry.at >= started + minute * 60_000 && entry.at < started + (minute + 1) * 60_000,
          );
          if (inMinute.length > 0) perMinute.push(Math.min(...inMinute.map((entry) => entry.mb)).toFixed(0));
        }
        console.log(`  ${slot.name}: ${perMinute.join(' ')}`);
      }
    }
    console.log(`\nsoak: ${MESSAGES} messages, ${duplicates} duplicates, ${lost} lost`);
    console.log(vendorBatches.verdict);
    exitCode = duplicates > 0 || lost > 0 || (orderMessages > 0 && !vendorBatches.ok) ? 1 : 0;
    keepLogs = keepLogs || healthFailures > 0;
  } finally {
    for (const slot of slots) {
      if (slot.alive) {
        slot.child?.kill('SIGTERM');
        await new Promise((resolve) => slot.child?.once('exit', resolve));
      }
    }
    await database?.close();
    await Promise.all([dovecot.stop(), catcher.close()]);
    if (postgres) {
      await proxy?.close();
      await postgres.destroy();
    } else {
      await dropDatabase(databaseName);
    }
    // The logs stay for a run that failed or saw a survivor's /health fail.
    if (exitCode === 0 && keepLogs === false && !process.env.SOAK_KEEP_LOGS)
      rmSync(workDir, { recursive: true, force: true });
    else console.log(`soak: logs kept in ${workDir}`);
  }
  process.exit(exitCode);
}

/** Each restart's start-up, from the processes' own `started in N s (step …)` lines (the first start left out). */
function restartRow(logs: Array<{ name: string; log: string }>): string {
  const entries = logs.flatMap(({ name, log }) =>
    [...log.matchAll(/"msg":"started in ([\d.]+) s \(([^)]*)\)"/g)].slice(1).map((match) => {
      const longest = match[2]!
        .split(', ')
        .map((step) => /^(.+) ([\d.]+) s$/.exec(step))
        .filter((step) => step !== null)
        .sort((a, b) => Number(b[2]) - Number(a[2]))[0];
      return `${name} ${match[1]} s${longest ? ` (${longest[1]} ${longest[2]} s)` : ''}`;
    }),
  );
  return entries.length > 0 ? entries.join(', ') : 'none';
}

function faultRow(faults: DatabaseFault[], kind: DatabaseFault['kind']): string {
  const lengths = faults.filter((fault) => fault.kind === kind).map((fault) => fault.to - fault.from);
  if (lengths.length === 0) return '0';
  const total = lengths.reduce((sum, ms) => sum + ms, 0);
  return `${lengths.length}, ${seconds(total)} in all (${lengths.map(seconds).join(', ')})`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
