import type { LedgerMessage, LedgerPage } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { insertInventorySource } from '../../../test/factories';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  eachFailingRuleMails,
} from '../../../test/modules/intake';
import { pollMailbox } from '../intake/poll-mailbox';

const USER = { user: 'ledger@shop.example', password: 'ledger-secret' };

let t: TestApp;
let dovecot: DovecotServer;
let admin: Session;
let orders: Session;
let stock: Session;
let emailSourceId: number;
let trackingId: number;
let stockId: number;
let all: LedgerMessage[];

const url = (query = '') => `/api/email-sources/${emailSourceId}/messages${query}`;

async function page(session: Session, query = ''): Promise<LedgerPage> {
  const response = await t.as(session).get(url(query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LedgerPage;
}

const bySubject = (subject: string) => all.find((message) => message.subject === subject)!;
const trackingOf = (message: LedgerMessage) =>
  message.sources.find((s) => s.sourceType === 'order-tracking')!;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: [USER] }),
  ]);
  const mailbox = await createMailboxSource(t, dovecot, USER);
  emailSourceId = mailbox.id;
  const tracking = await createTrackingSource(t, emailSourceId, {
    sourceName: 'Acme tracking',
    fromEmail: 'tracking@acme.example',
    subjectValue: 'Shipment report',
    attachmentName: 'tracking_*',
    expectedAttachmentCount: 1,
  });
  trackingId = tracking.id;
  const inventory = await insertInventorySource(t.db.db, {
    sourceName: 'Beta stock',
    emailSourceId,
    fromEmail: 'stock@beta.example',
    subjectValue: 'Stock levels',
  });
  stockId = inventory.id;
  for (const mail of eachFailingRuleMails()) await dovecot.appendMessage(USER.user, await buildMail(mail));
  const outcome = await pollMailbox(t.app.context, emailSourceId, { trigger: 'manual' });
  expect(outcome.status).toBe('succeeded');
  admin = (await t.signIn({ isAdmin: true })).session;
  orders = (await t.signIn({ orderUser: true })).session;
  stock = (await t.signIn({ inventoryUser: true })).session;
  all = (await page(admin)).messages;
  // Two servers to start and a real poll on a machine shared with other work.
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

describe(`the mailbox ledger (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot)`, () => {
  it("lists every message the poll saw, newest first, with its outcome and each source's decision", () => {
    expect(all).toHaveLength(6);
    expect(all.map((message) => message.uid)).toEqual([6, 5, 4, 3, 2, 1]);
    const processed = all.find((message) => message.uid === 1)!;
    expect(processed).toMatchObject({
      outcome: 'processed',
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      reason: 'Processed by "Acme tracking" (order tracking).',
    });
    expect(processed.attachments).toEqual([
      expect.objectContaining({ fileName: 'tracking_1127.csv', contentType: 'text/csv' }),
    ]);
    expect(processed.attachments[0]!.size).toBeGreaterThan(0);
    expect(trackingOf(processed)).toMatchObject({
      sourceId: trackingId,
      sourceName: 'Acme tracking',
      matched: true,
      failedRule: null,
      detail: 'matched; reads tracking_1127.csv',
    });
    expect(trackingOf(processed).runId).toEqual(expect.any(Number));
    expect(processed.sources.find((s) => s.sourceType === 'inventory')).toMatchObject({
      sourceId: stockId,
      matched: false,
      failedRule: 'from',
      detail: 'sent by tracking@acme.example; this source expects stock@beta.example',
      runId: null,
    });
  });

  it('names the subject rule and suggests Contains', () => {
    const message = bySubject('Shipment report 27/11');
    expect(message.outcome).toBe('unmatched');
    expect(trackingOf(message)).toMatchObject({
      matched: false,
      failedRule: 'subject',
      detail:
        "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
      runId: null,
    });
    expect(message.reason).toBe(`"Acme tracking": ${trackingOf(message).detail}.`);
  });

  it('names the attachment count and the missing attachment (a failed run)', () => {
    const twoFiles = all.find((message) => message.attachments.length === 2)!;
    expect(twoFiles.outcome).toBe('unmatched');
    expect(trackingOf(twoFiles)).toMatchObject({
      failedRule: 'attachmentCount',
      detail: '2 attachments; this source expects 1',
    });
    const workbook = all.find((message) => message.attachments[0]?.fileName === 'Shipment_1127.xlsx')!;
    expect(workbook.outcome).toBe('failed');
    expect(workbook.reason).toContain('no .csv attachment matching "tracking_*"');
    expect(trackingOf(workbook)).toMatchObject({
      matched: false,
      failedRule: 'attachment',
      detail: 'no .csv attachment named tracking_*; the message carries Shipment_1127.xlsx; its run failed',
      runId: expect.any(Number),
    });
  });

  it('names the nearest source for a sender nobody expects, and none when nothing is near', () => {
    const orders = bySubject('Order confirmation');
    expect(orders).toMatchObject({ outcome: 'ignored', from: 'orders@acme.example', attachments: [] });
    expect(orders.reason).toBe(
      'No source of this mailbox expects orders@acme.example; the nearest is "Acme tracking" (order tracking): same domain; it expects tracking@acme.example.',
    );
    expect(trackingOf(orders)).toMatchObject({ failedRule: 'from' });
    expect(bySubject('Lunch?').reason).toBe('No source of this mailbox expects friend@home.example.');
  });

  it('shows a user only the sources of the types whose flag they hold', async () => {
    const forOrders = await page(orders);
    expect(forOrders.messages).toHaveLength(6);
    for (const message of forOrders.messages) {
      expect(message.sources.map((s) => s.sourceType)).toEqual(['order-tracking']);
    }
    const forStock = await page(stock);
    for (const message of forStock.messages)
      expect(message.sources.map((s) => s.sourceType)).toEqual(['inventory']);
    for (const message of all) expect(message.sources).toHaveLength(2);
  });

  it('searches sender and subject, filters by outcome', async () => {
    expect((await page(admin, '?q=ORDERS%40acme')).messages.map((m) => m.subject)).toEqual([
      'Order confirmation',
    ]);
    expect((await page(admin, '?q=27%2F11')).messages.map((m) => m.subject)).toEqual([
      'Shipment report 27/11',
    ]);
    expect((await page(admin, '?q=100%25')).messages).toEqual([]);
    const unmatched = await page(admin, '?outcome=unmatched');
    expect(unmatched.messages.map((m) => m.uid)).toEqual([3, 2]);
    expect((await page(admin, '?outcome=ignored&q=home')).messages.map((m) => m.uid)).toEqual([6]);
    expect((await page(admin, '?outcome=')).messages).toHaveLength(6);
  });

  it('pages newest first with a keyset cursor', async () => {
    const seen: number[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const next: LedgerPage = await page(admin, `?limit=4${before ? `&before=${before}` : ''}`);
      seen.push(...next.messages.map((m) => m.uid));
      before = next.nextBefore;
      pages += 1;
    } while (before);
    expect(pages).toBe(2);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1]);
    expect((await page(admin, '?limit=6')).nextBefore).toBeNull();
  });

  it('refuses a user without a source flag and a caller without a session', async () => {
    const { session: none } = await t.signIn({});
    await expectRefusedWithoutRole(t, [{ method: 'GET', url: url() }], none);
  });

  it('answers bad ids and parameters with a clear 4xx and changes nothing', async () => {
    const count = async () =>
      (
        await t.db.db
          .select()
          .from(schema.mailLedgerEntries)
          .where(eq(schema.mailLedgerEntries.emailSourceId, emailSourceId))
      ).length;
    const before = await count();
    const cases: Array<[string, number, string]> = [
      ['/api/email-sources/abc/messages', 400, 'id must be a whole number'],
      ['/api/email-sources/999999/messages', 404, 'Email source not found'],
      [url('?limit=0'), 400, 'limit must be a whole number from 1 to 200'],
      [url('?limit=201'), 400, 'limit must be a whole number from 1 to 200'],
      [url('?limit=ten'), 400, 'limit must be a whole number from 1 to 200'],
      [url('?outcome=lost'), 400, 'outcome must be one of'],
      [url('?before=yesterday'), 400, 'before must be the nextBefore of an earlier page'],
      [url(`?q=${'x'.repeat(201)}`), 400, 'q must be at most 200 characters'],
      [url('?sort=asc'), 400, 'sort'],
    ];
    for (const [path, status, text] of cases) {
      const response = await t.as(admin).get(path);
      expect(response.statusCode, path).toBe(status);
      expect(response.json().message, path).toContain(text);
    }
    expect(await count()).toBe(before);
  });
});
