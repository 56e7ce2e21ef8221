/**
 * POST /api/email-sources/{id}/messages/{messageId}/suggest-source
 * (docs/behaviour/mail-intake.md#create-a-source-from-a-message): the prefill a ledger message gives, from its
 * stored .eml or downloaded again by UID from the real Dovecot (no \Seen flag, nothing stored), without the
 * mapping when the message is gone; who may ask for which kind; the refusals of bad ids and bodies.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type LedgerMessage,
  type LedgerPage,
  type SourcePrefill,
  ZSourcePrefillSchema,
} from '@app/contracts';
import { schema } from '@app/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { insertInventorySource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  trackingCsv,
} from '../../../test/modules/intake';
import { pollMailbox } from '../intake/poll-mailbox';

const USER = { user: 'create@shop.example', password: 'create-secret' };
const OTHER = { user: 'other@shop.example', password: 'other-secret' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const shipmentsXlsx = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/order-tracking/shipments.xlsx', import.meta.url)),
);
const STOCK_CSV = ['SKU,On Hand,Avail Flag', '000123,5,Y', '004567,0,N', '89012,12,Y'].join('\r\n');

let t: TestApp;
let dovecot: DovecotServer;
let admin: Session;
let orders: Session;
let stock: Session;
let submission: Session;
let emailSourceId: number;
let otherMessageId: number;
let messages: LedgerMessage[];

const bySubject = (subject: string) => messages.find((message) => message.subject === subject)!;
const url = (messageId: number | string, mailbox: number | string = emailSourceId) =>
  `/api/email-sources/${mailbox}/messages/${messageId}/suggest-source`;

async function ledger(session: Session, mailbox = emailSourceId): Promise<LedgerMessage[]> {
  const response = await t.as(session).get(`/api/email-sources/${mailbox}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as LedgerPage).messages;
}

async function prefill(session: Session, messageId: number, body: object): Promise<SourcePrefill> {
  const response = await t.as(session).post(url(messageId), body);
  expect(response.statusCode, response.body).toBe(200);
  return ZSourcePrefillSchema.parse(response.json());
}

/** What a suggestion must leave as it was: sources, stored files, the ledger, inbound records. */
async function storedCounts() {
  const db = t.db.db;
  const tables = [
    schema.orderTrackingSources,
    schema.inventorySources,
    schema.storedFiles,
    schema.mailLedgerEntries,
    schema.inboundMessages,
    schema.runs,
    schema.mappingEvidence,
  ];
  return Promise.all(tables.map(async (table) => (await db.select({ n: count() }).from(table))[0]!.n));
}

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: [USER, OTHER] }),
  ]);
  emailSourceId = (await createMailboxSource(t, dovecot, USER)).id;
  await createTrackingSource(t, emailSourceId, {
    sourceName: 'Acme tracking',
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
  });
  await insertInventorySource(t.db.db, {
    sourceName: 'Beta stock',
    emailSourceId,
    fromEmail: 'stock@beta.example',
    subjectValue: 'Stock levels',
  });
  const mails = [
    {
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      attachments: [
        { filename: 'tracking_1127.csv', content: trackingCsv([['SO-1', '1Z999AA10123456784']]) },
      ],
    },
    {
      from: 'Acme <tracking@acme.example>',
      subject: 'Shipment report 27/11/2026',
      attachments: [{ filename: 'Shipment_20261127_03.xlsx', content: shipmentsXlsx, contentType: XLSX }],
    },
    {
      from: 'stock@beta.example',
      subject: 'Stock levels 27/11',
      attachments: [
        { filename: 'label.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' },
        { filename: 'stock_1127.csv', content: STOCK_CSV },
      ],
    },
    {
      from: 'stock@beta.example',
      subject: 'Stock levels 28/11',
      attachments: [{ filename: 'stock_1128.csv', content: STOCK_CSV }],
    },
    { from: 'tracking@acme.example', subject: 'Shipment report 29/11', text: 'nothing attached' },
  ];
  for (const mail of mails) await dovecot.appendMessage(USER.user, await buildMail(mail));
  const outcome = await pollMailbox(t.app.context, emailSourceId, { trigger: 'manual' });
  expect(outcome.status).toBe('succeeded');
  // "Stock levels 28/11" was never stored (no source took it): deleted from the mailbox, it is gone.
  const client = await dovecot.connect(USER.user);
  try {
    await client.mailboxOpen('INBOX');
    await client.messageDelete('4', { uid: true });
  } finally {
    await client.logout();
  }
  const other = await createMailboxSource(t, dovecot, OTHER);
  await createTrackingSource(t, other.id, {
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
  });
  await dovecot.appendMessage(
    OTHER.user,
    await buildMail({
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      attachments: [{ filename: 'tracking_1.csv', content: trackingCsv([['SO-2', '1Z2']]) }],
    }),
  );
  await pollMailbox(t.app.context, other.id, { trigger: 'manual' });
  admin = (await t.signIn({ isAdmin: true })).session;
  orders = (await t.signIn({ orderUser: true })).session;
  stock = (await t.signIn({ inventoryUser: true })).session;
  submission = (await t.signIn({ submissionUser: true })).session;
  messages = await ledger(admin);
  otherMessageId = (await ledger(admin, other.id))[0]!.id;
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

describe(`create a source from a message (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot)`, () => {
  it('downloads an unmatched message again by UID: rules and mapping, no \\Seen flag, nothing stored', async () => {
    const message = bySubject('Shipment report 27/11/2026');
    expect(message.outcome).toBe('unmatched');
    const flagsBefore = await mailboxFlags(dovecot, USER);
    const before = await storedCounts();
    const answer = await prefill(orders, message.id, { kind: 'order-tracking', attachment: 0 });
    expect(answer).toMatchObject({
      kind: 'order-tracking',
      messageId: message.id,
      fileName: 'Shipment_20261127_03.xlsx',
      emailSourceId,
      fromEmail: 'tracking@acme.example',
      subjectValue: 'Shipment report',
      containsNotExact: true,
      attachmentName: 'Shipment_*_*.xlsx',
      fileType: '.xlsx',
      mappingNote: null,
    });
    expect(answer.mapping?.fileHasHeader).toBe(true);
    expect(answer.mapping?.fields.trackingNumbers?.column).toBe('Tracking Numbers');
    expect(await storedCounts()).toEqual(before);
    expect(await mailboxFlags(dovecot, USER)).toEqual(flagsBefore);
    expect(flagsBefore.get(message.uid)?.has('\\Seen')).toBe(false);
  });

  it('reads a processed message from its stored .eml', async () => {
    const message = bySubject('Shipment report');
    expect(message.outcome).toBe('processed');
    const answer = await prefill(admin, message.id, { kind: 'order-tracking', attachment: 0 });
    expect(answer).toMatchObject({
      subjectValue: 'Shipment report',
      containsNotExact: false,
      attachmentName: 'tracking_*.csv',
      fileType: '.csv',
      mappingNote: null,
    });
    expect(answer.mapping?.fields.trackingNumbers?.column).toBe('Tracking');
  });

  it('takes the chosen attachment of several, for an inventory source', async () => {
    const message = bySubject('Stock levels 27/11');
    const answer = await prefill(stock, message.id, { kind: 'inventory', attachment: 1 });
    expect(answer).toMatchObject({
      kind: 'inventory',
      fromEmail: 'stock@beta.example',
      subjectValue: 'Stock levels',
      containsNotExact: true,
      attachmentName: 'stock_*.csv',
      fileType: '.csv',
      mappingNote: null,
    });
    expect(answer.mapping?.fields.itemNumberColumnName?.column).toBe('SKU');
    expect(answer.mapping?.fields.qtyColumnName?.column).toBe('On Hand');
  });

  it('pre-fills without the mapping, and says why, when the message is stored nowhere', async () => {
    const message = bySubject('Stock levels 28/11');
    const before = await storedCounts();
    const answer = await prefill(stock, message.id, { kind: 'inventory', attachment: 0 });
    expect(answer).toMatchObject({
      subjectValue: 'Stock levels',
      containsNotExact: true,
      attachmentName: 'stock_*.csv',
      fileType: '.csv',
      mapping: null,
    });
    expect(answer.mappingNote).toBe(
      'No column mapping was suggested: "stock_1128.csv" is not stored here (intake keeps a message only when a source took it), and the message is gone from the mailbox. Fill in the mappings, or use Suggest from a sample file.',
    );
    expect(await storedCounts()).toEqual(before);
  });

  it('lets admins ask for both kinds, users only for the kind of their flag', async () => {
    const message = bySubject('Stock levels 27/11');
    await prefill(admin, message.id, { kind: 'inventory', attachment: 1 });
    await prefill(admin, message.id, { kind: 'order-tracking', attachment: 1 });
    const refused = [
      [orders, 'inventory', 'Inventory sources are for inventory users'],
      [stock, 'order-tracking', 'Order tracking sources are for order users'],
      [submission, 'order-tracking', 'Order tracking sources are for order users'],
      [submission, 'inventory', 'Inventory sources are for inventory users'],
    ] as const;
    for (const [session, kind, text] of refused) {
      const response = await t.as(session).post(url(message.id), { kind, attachment: 1 });
      expect(response.statusCode, kind).toBe(403);
      expect(response.json().message).toBe(text);
    }
    const noFlags = (await t.signIn({})).session;
    expect(
      (await t.as(noFlags).post(url(message.id), { kind: 'order-tracking', attachment: 1 })).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: url(message.id),
      payload: { kind: 'order-tracking', attachment: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for an unknown mailbox or a message of another mailbox, 400 for ids that are not numbers', async () => {
    const message = bySubject('Shipment report');
    const body = { kind: 'order-tracking', attachment: 0 };
    const cases = [
      [url(message.id, 999_999), 404, 'Email source not found'],
      [url(999_999_999), 404, 'Message not found in this mailbox'],
      [url(otherMessageId), 404, 'Message not found in this mailbox'],
      [url(message.id, 'abc'), 400, 'id must be a whole number'],
      [url('x1'), 400, 'messageId must be a whole number'],
    ] as const;
    for (const [path, status, text] of cases) {
      const response = await t.as(orders).post(path, body);
      expect(response.statusCode, path).toBe(status);
      expect(response.json().message).toBe(text);
    }
  });

  it('refuses a bad body, a message without attachments and a file no source reads, storing nothing', async () => {
    const before = await storedCounts();
    const shipment = bySubject('Shipment report 27/11/2026').id;
    const cases = [
      [shipment, { kind: 'orders', attachment: 0 }, 'kind'],
      [shipment, { kind: 'order-tracking' }, 'attachment'],
      [shipment, { kind: 'order-tracking', attachment: -1 }, 'attachment'],
      [shipment, { kind: 'order-tracking', attachment: 0, extra: true }, ''],
      [shipment, { kind: 'order-tracking', attachment: 1 }, 'attachment'],
      [bySubject('Shipment report 29/11').id, { kind: 'order-tracking', attachment: 0 }, 'attachment'],
      [bySubject('Stock levels 27/11').id, { kind: 'inventory', attachment: 0 }, 'attachment'],
    ] as const;
    for (const [messageId, body, field] of cases) {
      const response = await t.as(admin).post(url(messageId), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(response.json().fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const none = await t.as(admin).post(url(bySubject('Shipment report 29/11').id), {
      kind: 'order-tracking',
      attachment: 0,
    });
    expect(none.json().message).toBe(
      'The message lists no attachments: a source is made from one of its files',
    );
    const pdf = await t
      .as(admin)
      .post(url(bySubject('Stock levels 27/11').id), { kind: 'inventory', attachment: 0 });
    expect(pdf.json().message).toBe('"label.pdf" is not a .csv, .xls or .xlsx file, which sources read');
    expect(await storedCounts()).toEqual(before);
  });
});
