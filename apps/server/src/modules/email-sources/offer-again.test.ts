import type { LedgerMessage, LedgerPage, OfferAgainResult } from '@app/contracts';
import { schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { insertInventorySource } from '../../../test/factories';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import {
  ACME_TRACKING,
  buildMail,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  runsOf,
  trackingCsv,
} from '../../../test/modules/intake';
import { pollMailbox } from '../intake/poll-mailbox';

const USER = { user: 'offer@shop.example', password: 'offer-secret' };

let t: TestApp;
let dovecot: DovecotServer;
let admin: Session;
let orders: Session;
let stock: Session;
let emailSourceId: number;
let trackingId: number;
let stockId: number;
let ledger: LedgerMessage[];

const offerUrl = (messageId: number, mailbox = emailSourceId) =>
  `/api/email-sources/${mailbox}/messages/${messageId}/offer-again`;
const bySubject = (subject: string) => ledger.find((message) => message.subject === subject)!;

async function readLedger(): Promise<LedgerMessage[]> {
  const response = await t.as(admin).get(`/api/email-sources/${emailSourceId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as LedgerPage).messages;
}

async function offer(session: Session, messageId: number): Promise<OfferAgainResult> {
  const response = await t.as(session).post(offerUrl(messageId));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OfferAgainResult;
}

const trackingRuns = () => runsOf(t, 'order-tracking', trackingId);
const ordersOf = (keys: string[]) =>
  t.db.db.select().from(schema.orders).where(inArray(schema.orders.documentNumber, keys));

async function inboundOf(uid: number) {
  const [row] = await t.db.db
    .select()
    .from(schema.inboundMessages)
    .where(eq(schema.inboundMessages.uid, uid));
  return row!;
}

async function setTrackingRule(values: Partial<typeof schema.orderTrackingSources.$inferInsert>) {
  await t.db.db
    .update(schema.orderTrackingSources)
    .set(values)
    .where(eq(schema.orderTrackingSources.id, trackingId));
}

const csvMail = (subject: string, fileName: string, line: string) =>
  buildMail({
    from: 'tracking@acme.example',
    subject,
    attachments: [{ filename: fileName, content: trackingCsv([[line, `1Z${line}`]]) }],
  });

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: [USER] }),
  ]);
  emailSourceId = (await createMailboxSource(t, dovecot, USER)).id;
  trackingId = (await createTrackingSource(t, emailSourceId, ACME_TRACKING)).id;
  stockId = (
    await insertInventorySource(t.db.db, {
      sourceName: 'Beta stock',
      emailSourceId,
      fromEmail: 'stock@beta.example',
      subjectValue: 'Stock levels',
    })
  ).id;
  const mails = [
    await csvMail('Shipment report', 'tracking_1.csv', 'SO-1'),
    await csvMail('Shipment report 27/11', 'tracking_2.csv', 'SO-2'),
    await csvMail('Shipment report 28/11', 'tracking_3.csv', 'SO-3'),
    await csvMail('Shipment report', 'Tracking-4.csv', 'SO-4'),
    await csvMail('Shipment report 29/11', 'tracking_5.csv', 'SO-5'),
  ];
  for (const mail of mails) await dovecot.appendMessage(USER.user, mail);
  const outcome = await pollMailbox(t.app.context, emailSourceId, { trigger: 'manual' });
  expect(outcome.status).toBe('succeeded');
  admin = (await t.signIn({ isAdmin: true })).session;
  orders = (await t.signIn({ orderUser: true })).session;
  stock = (await t.signIn({ inventoryUser: true })).session;
  ledger = await readLedger();
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

describe(`offer a message again (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot)`, () => {
  it('answers with the failing rule while the rule is unchanged, and imports nothing', async () => {
    expect(bySubject('Shipment report 27/11').outcome).toBe('unmatched');
    const runsBefore = (await trackingRuns()).length;
    const answer = await offer(admin, bySubject('Shipment report 27/11').id);
    expect(answer.sources).toEqual([
      {
        sourceType: 'order-tracking',
        sourceId: trackingId,
        sourceName: 'Acme tracking',
        outcome: 'unmatched',
        detail:
          "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
        runId: null,
      },
      expect.objectContaining({
        sourceType: 'inventory',
        sourceId: stockId,
        outcome: 'unmatched',
        detail: 'sent by tracking@acme.example; this source expects stock@beta.example',
      }),
    ]);
    expect(await trackingRuns()).toHaveLength(runsBefore);
    expect((await inboundOf(2)).rawFileId).toBeNull();
  });

  it('after the subject rule is fixed, reads the never-stored message again by UID and imports it once', async () => {
    await setTrackingRule({ containsNotExact: true });
    const flagsBefore = await mailboxFlags(dovecot, USER);
    const runsBefore = (await trackingRuns()).length;
    const message = bySubject('Shipment report 27/11');
    const answer = await offer(orders, message.id);
    expect(answer.sources).toHaveLength(1);
    expect(answer.sources[0], answer.sources[0]?.detail).toMatchObject({
      sourceId: trackingId,
      outcome: 'processed',
      runId: expect.any(Number),
    });
    const runs = await trackingRuns();
    expect(runs).toHaveLength(runsBefore + 1);
    const run = runs.at(-1)!;
    expect(run).toMatchObject({
      id: answer.sources[0]!.runId,
      status: 'succeeded',
      inboundMessageId: (await inboundOf(2)).id,
    });
    expect(run.details).toMatchObject({ offeredAgain: { by: expect.any(String) } });
    expect(await ordersOf(['SO-2'])).toHaveLength(1);
    // Read with BODY.PEEK: nothing flagged yet; the .eml is kept now and the next poll sets \Seen.
    expect(await mailboxFlags(dovecot, USER)).toEqual(flagsBefore);
    const inbound = await inboundOf(2);
    expect(inbound).toMatchObject({ status: 'processed', needsSeenFlag: true });
    expect(inbound.rawFileId).not.toBeNull();
    const entry = (await readLedger()).find((m) => m.id === message.id)!;
    expect(entry.outcome).toBe('processed');
    expect(entry.reason).toBe('Processed by "Acme tracking" (order tracking).');
    expect(entry.attachments).toEqual([expect.objectContaining({ fileName: 'tracking_2.csv' })]);
    expect(entry.sources.find((s) => s.sourceType === 'order-tracking')).toMatchObject({
      matched: true,
      runId: run.id,
    });
  });

  it('a second offer imports nothing more: the source already processed it', async () => {
    const runsBefore = (await trackingRuns()).length;
    const message = bySubject('Shipment report 27/11');
    const answer = await offer(admin, message.id);
    const tracking = answer.sources.find((s) => s.sourceType === 'order-tracking')!;
    expect(tracking.outcome).toBe('already-processed');
    expect(tracking.detail).toContain('already processed');
    expect(await trackingRuns()).toHaveLength(runsBefore);
    expect(await ordersOf(['SO-2'])).toHaveLength(1);
    // A message the poll processed answers the same.
    const first = await offer(orders, ledger.find((m) => m.uid === 1)!.id);
    expect(first.sources).toEqual([expect.objectContaining({ outcome: 'already-processed' })]);
  });

  it('offers only to the source types whose flag the user holds', async () => {
    const runsBefore = (await trackingRuns()).length;
    const answer = await offer(stock, bySubject('Shipment report 28/11').id);
    expect(answer.sources).toEqual([
      expect.objectContaining({ sourceType: 'inventory', outcome: 'unmatched' }),
    ]);
    expect(await trackingRuns()).toHaveLength(runsBefore);
  });

  it('two offers at once import the message once', async () => {
    const runsBefore = (await trackingRuns()).length;
    const message = bySubject('Shipment report 28/11');
    const answers = await Promise.all([offer(orders, message.id), offer(admin, message.id)]);
    const outcomes = answers
      .map((answer) => answer.sources.find((s) => s.sourceType === 'order-tracking')!.outcome)
      .sort();
    expect(outcomes).toEqual(['already-processed', 'processed']);
    expect(await trackingRuns()).toHaveLength(runsBefore + 1);
    expect(await ordersOf(['SO-3'])).toHaveLength(1);
  });

  it('a message whose stored .eml is past the retention is read again by UID; its failed source now processes it', async () => {
    const failed = ledger.find((m) => m.attachments[0]?.fileName === 'Tracking-4.csv')!;
    expect(failed.outcome).toBe('failed');
    // What housekeeping leaves of an old message: the record, without its content.
    const inbound = await inboundOf(4);
    await t.db.db
      .update(schema.runs)
      .set({ inputFileId: null })
      .where(eq(schema.runs.inboundMessageId, inbound.id));
    await t.db.db
      .update(schema.inboundMessages)
      .set({ rawFileId: null })
      .where(eq(schema.inboundMessages.id, inbound.id));
    await t.db.db.delete(schema.storedFiles).where(eq(schema.storedFiles.id, inbound.rawFileId!));
    await setTrackingRule({ attachmentName: 'tracking*' });
    const runsBefore = (await trackingRuns()).length;
    const answer = await offer(orders, failed.id);
    expect(answer.sources).toEqual([expect.objectContaining({ outcome: 'processed' })]);
    expect(await trackingRuns()).toHaveLength(runsBefore + 1);
    expect(await ordersOf(['SO-4'])).toHaveLength(1);
    expect((await inboundOf(4)).rawFileId).not.toBeNull();
    expect((await readLedger()).find((m) => m.id === failed.id)!.outcome).toBe('processed');
  });

  it('answers 410 for a message no longer stored nor in the mailbox, and changes nothing', async () => {
    const client = await dovecot.connect(USER.user);
    try {
      await client.mailboxOpen('INBOX');
      await client.messageDelete('5', { uid: true });
    } finally {
      await client.logout();
    }
    const runsBefore = (await trackingRuns()).length;
    const message = bySubject('Shipment report 29/11');
    const response = await t.as(admin).post(offerUrl(message.id));
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(
      'The message is gone: UID 5 is no longer in the mailbox (deleted or moved), and its content was not stored.',
    );
    expect(await trackingRuns()).toHaveLength(runsBefore);
    expect((await readLedger()).find((m) => m.id === message.id)!.outcome).toBe('unmatched');
  });

  it('refuses a user without a source flag and a caller without a session', async () => {
    const { session: none } = await t.signIn({});
    await expectRefusedWithoutRole(
      t,
      [{ method: 'POST', url: offerUrl(bySubject('Shipment report 29/11').id) }],
      none,
    );
  });

  it('answers bad ids with a clear 4xx and changes nothing', async () => {
    const runsBefore = (await trackingRuns()).length;
    const other = await createMailboxSource(t, dovecot, USER, { username: 'other mailbox' });
    const id = bySubject('Shipment report 27/11').id;
    const cases: Array<[string, number, string]> = [
      [`/api/email-sources/abc/messages/${id}/offer-again`, 400, 'id must be a whole number'],
      [
        `/api/email-sources/${emailSourceId}/messages/x1/offer-again`,
        400,
        'messageId must be a whole number',
      ],
      [offerUrl(id, 999999), 404, 'Email source not found'],
      [offerUrl(999999), 404, 'Message not found'],
      [offerUrl(id, other.id), 404, 'Message not found'],
    ];
    for (const [path, status, text] of cases) {
      const response = await t.as(admin).post(path);
      expect(response.statusCode, path).toBe(status);
      expect(response.json().message, path).toContain(text);
    }
    expect(await trackingRuns()).toHaveLength(runsBefore);
  });
});
