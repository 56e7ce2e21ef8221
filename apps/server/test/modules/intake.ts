/**
 * Factories and helpers for the mail intake tests: real MIME messages, e-mail and order tracking sources
 * pointing at a test Dovecot, a file processor that writes real rows, and misbehaving TCP peers (a proxy
 * whose connections can be cut; the other misbehaving servers are in test/fake-servers.ts).
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import MailComposer from 'nodemailer/lib/mail-composer';
import pino from 'pino';
import type { DovecotServer } from '../../../../test-servers/dovecot';
import { type Jobs, startJobs } from '../../src/jobs/queue';
import { storeFile } from '../../src/modules/files/stored-files';
import type { FileProcessor } from '../../src/modules/intake/file-processors';
import { orderTrackingMailRules } from '../../src/modules/order-tracking-ingestion/processor';
import { finishRun, startRun } from '../../src/modules/runs/repository';
import { sealedMailboxPassword, type TestApp } from '../helper';

export interface TestAttachment {
  filename?: string;
  content: Buffer | string;
  contentType?: string;
  /** An inline picture referenced from the HTML body (a signature logo). */
  cid?: string;
  contentDisposition?: 'attachment' | 'inline';
}

export interface TestMail {
  from: string;
  subject: string;
  attachments?: TestAttachment[];
  messageId?: string;
  text?: string;
  html?: string;
}

let mailCounter = 0;

/** A real MIME message, as a mail client would send it. */
export async function buildMail(mail: TestMail): Promise<Buffer> {
  mailCounter += 1;
  const composer = new MailComposer({
    from: mail.from,
    to: 'intake@shop.example',
    subject: mail.subject,
    messageId:
      mail.messageId ??
      `<test-${Date.now()}-${mailCounter}-${Math.random().toString(36).slice(2)}@test.example>`,
    text: mail.text ?? 'Please find the file attached.',
    ...(mail.html ? { html: mail.html } : {}),
    attachments: (mail.attachments ?? []).map((attachment) => ({
      ...(attachment.filename ? { filename: attachment.filename } : {}),
      content: attachment.content,
      ...(attachment.contentType ? { contentType: attachment.contentType } : {}),
      ...(attachment.cid ? { cid: attachment.cid } : {}),
      ...(attachment.contentDisposition ? { contentDisposition: attachment.contentDisposition } : {}),
    })),
  });
  return composer.compile().build();
}

/** An e-mail source whose mailbox is a Dovecot user (plain IMAP on loopback). */
export async function createMailboxSource(
  t: TestApp,
  dovecot: { host: string; port: number },
  user: { user: string; password: string },
  overrides: Partial<typeof schema.emailSources.$inferInsert> = {},
) {
  const values = {
    username: user.user,
    email: user.user,
    incomingServer: dovecot.host,
    incomingPort: dovecot.port,
    ssl: false,
    ...overrides,
  };
  const [row] = await t.db.db
    .insert(schema.emailSources)
    .values({ passwordEncrypted: sealedMailboxPassword(t, values, user.password), ...values })
    .returning();
  return row!;
}

let sourceCounter = 0;

export async function createTrackingSource(
  t: TestApp,
  emailSourceId: number,
  overrides: Partial<typeof schema.orderTrackingSources.$inferInsert> = {},
) {
  sourceCounter += 1;
  const [row] = await t.db.db
    .insert(schema.orderTrackingSources)
    .values({
      sourceName: `Tracking ${sourceCounter}`,
      emailSourceId,
      fileType: '.csv',
      fromEmail: 'shipping@supplier.example',
      subjectValue: 'Shipment report',
      attachmentName: 'tracking_*.csv',
      uniqueColumn: 'DocumentNumber',
      columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking' },
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * The supplier of the ledger and Offer again tests: shipment reports from tracking@acme.example, whose
 * subject (with a date added) or file name the tests let drift from the rule.
 */
export const ACME_TRACKING = {
  sourceName: 'Acme tracking',
  fromEmail: 'tracking@acme.example',
  subjectValue: 'Shipment report',
  attachmentName: 'tracking_*',
};

/** The CSV the real order tracking processor reads with `createTrackingSource`'s mapping. */
export function trackingCsv(lines: Array<[string, string]>): Buffer {
  return Buffer.from(
    `Line,Tracking\r\n${lines.map(([line, tracking]) => `${line},${tracking}`).join('\r\n')}\r\n`,
  );
}

/**
 * Six messages, oldest first, for a rule from tracking@acme.example, subject 'Shipment report', one
 * attachment, tracking_*.csv: one that matches, then one failing each rule in turn (subject, attachment count,
 * attachment, sender), and a sender no rule is near. The ledger and rule tester tests read the same mailbox.
 */
export function eachFailingRuleMails(): TestMail[] {
  const csv = (name: string) => ({ filename: name, content: trackingCsv([['SO-1', '1Z999AA10123456784']]) });
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return [
    { from: 'tracking@acme.example', subject: 'Shipment report', attachments: [csv('tracking_1127.csv')] },
    { from: 'tracking@acme.example', subject: 'Shipment report 27/11', attachments: [csv('tracking_1.csv')] },
    {
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      text: 'two files',
      attachments: [csv('tracking_2.csv'), csv('tracking_3.csv')],
    },
    {
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      text: 'a workbook',
      attachments: [{ filename: 'Shipment_1127.xlsx', content: Buffer.from('PK'), contentType: xlsx }],
    },
    { from: 'Orders <orders@acme.example>', subject: 'Order confirmation', attachments: [] },
    { from: 'friend@home.example', subject: 'Lunch?', attachments: [] },
  ];
}

/**
 * Appends shipment reports number `from` to `to` to `user`'s mailbox, as the supplier of `createTrackingSource`
 * sends them: one message each, with `tracking_<n>.csv` holding line `<linePrefix>-<n>` and tracking `1Z<n>`.
 */
export async function appendTrackingMails(
  dovecot: DovecotServer,
  user: string,
  { linePrefix, from = 1, to }: { linePrefix: string; from?: number; to: number },
): Promise<void> {
  for (let index = from; index <= to; index += 1) {
    const raw = await buildMail({
      from: 'shipping@supplier.example',
      subject: 'Shipment report',
      attachments: [
        {
          filename: `tracking_${index}.csv`,
          content: trackingCsv([[`${linePrefix}-${index}`, `1Z${index}`]]),
        },
      ],
    });
    await dovecot.appendMessage(user, raw);
  }
}

/** Content that makes `recordingProcessor` throw, to prove a processor's failure stays contained. */
export const THROW_IN_PROCESSOR = 'THROW-IN-PROCESSOR';

/**
 * A FileProcessor for order tracking sources that writes real rows: the stored input, a run, and one
 * orders row per file (unique key: inbound message and file name), so a test can count what was done.
 */
export const recordingProcessor: FileProcessor = {
  sourceType: 'order-tracking',
  // The real order tracking rules: only what the processor does with a file is a test's own.
  mailRules: orderTrackingMailRules,
  async process({ db, sourceId, file, trigger, inboundMessageId }) {
    const [source] = await db
      .select()
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.id, sourceId));
    const inputFileId = await storeFile(db, file.fileName, file.content);
    const runId = await startRun(db, {
      sourceType: 'order-tracking',
      sourceId,
      sourceName: source!.sourceName,
      trigger,
      fileName: file.fileName,
      inputFileId,
      inboundMessageId: inboundMessageId ?? null,
    });
    if (file.content.includes(THROW_IN_PROCESSOR)) throw new Error('the test processor was told to fail');
    await db.insert(schema.orders).values({
      orderTrackingSourceId: sourceId,
      uniqueKey: `${inboundMessageId}:${file.fileName}`,
      documentNumber: file.fileName,
      // Text files as they are; a workbook's bytes would not fit a text column.
      notes: file.fileName.toLowerCase().endsWith('.csv')
        ? file.content.subarray(0, 200).toString('utf8')
        : null,
    });
    await finishRun(db, runId, { status: 'succeeded', message: `Read ${file.fileName}`, ordersUpdated: 1 });
    return { runId, status: 'succeeded', message: `Read ${file.fileName}`, ordersUpdated: 1 };
  },
};

/** UID → flags of every message in a Dovecot user's INBOX. */
export async function mailboxFlags(
  dovecot: Pick<DovecotServer, 'host' | 'port'>,
  user: { user: string; password: string },
): Promise<Map<number, Set<string>>> {
  const client = new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: user.user, pass: user.password },
    logger: false,
  });
  client.on('error', () => {});
  await client.connect();
  try {
    const mailbox = await client.mailboxOpen('INBOX', { readOnly: true });
    const flags = new Map<number, Set<string>>();
    if (mailbox.exists === 0) return flags;
    for (const message of await client.fetchAll('1:*', { uid: true, flags: true })) {
      flags.set(message.uid, message.flags ?? new Set());
    }
    return flags;
  } finally {
    await client.logout();
  }
}

export interface CuttableProxy {
  host: '127.0.0.1';
  port: number;
  /** Destroys every open connection (the client sees the server hang up). */
  cutAll(): void;
  close(): Promise<void>;
}

/** A TCP proxy to a real server whose connections a test can cut mid-conversation. */
export async function startCuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = tcpConnect({ host: target.host, port: target.port });
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  const port = await listen(server);
  return {
    host: '127.0.0.1',
    port,
    cutAll() {
      for (const socket of sockets) socket.destroy();
    },
    close: () => closeServer(server, sockets),
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The runs of one source (a mailbox's polls, a file source's files), in the order they were started. */
export function runsOf(t: TestApp, sourceType: string, sourceId: number) {
  return t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceType, sourceType), eq(schema.runs.sourceId, sourceId)))
    .orderBy(asc(schema.runs.id));
}

/**
 * The job queue of `t`'s app with the recording processor in place of the real ones: the mail poll's jobs run
 * as in production, and what they hand over is recorded. `idle: false` leaves IDLE out, for tests of timed polls.
 */
export function startRecordingJobs(t: TestApp, options: { idle?: boolean } = {}): Promise<Jobs> {
  return startJobs(t.db, pino({ level: 'silent' }), {
    context: t.app.context,
    processors: () => [recordingProcessor],
    ...(options.idle === false ? { idle: false } : {}),
  });
}
