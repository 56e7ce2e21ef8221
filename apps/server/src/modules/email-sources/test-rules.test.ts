import type { LedgerPage, TestedMessage, TestRulesRequest, TestRulesResult } from '@app/contracts';
import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { closedLoopbackPort } from '../../../test/fake-servers';
import { createTestApp, expectRefusedWithoutRole, type Session, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  eachFailingRuleMails,
} from '../../../test/modules/intake';
import { pollMailbox } from '../intake/poll-mailbox';

const USER = { user: 'rules@shop.example', password: 'rules-secret' };
const RULES = {
  fromEmail: 'tracking@acme.example',
  subjectValue: 'Shipment report',
  containsNotExact: false,
  expectedAttachmentCount: 1,
  fileType: '.csv',
  attachmentName: 'tracking_*',
  noAttachmentsNeedsLinkClick: false,
};

let t: TestApp;
let dovecot: DovecotServer;
let admin: Session;
let orders: Session;
let stock: Session;
let emailSourceId: number;

const url = (id: number | string = emailSourceId) => `/api/email-sources/${id}/test-rules`;
const body = (overrides: Partial<TestRulesRequest> = {}): TestRulesRequest => ({
  sourceType: 'order-tracking',
  rules: RULES,
  ...overrides,
});

async function test(session: Session, payload: unknown = body()): Promise<TestedMessage[]> {
  const response = await t.as(session).post(url(), payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TestRulesResult).messages;
}

/** Every message's flags, by UID, as the server holds them. */
async function flags(): Promise<Record<number, string[]>> {
  const client = await dovecot.connect(USER.user);
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    const fetched = await client.fetchAll('1:*', { uid: true, flags: true });
    return Object.fromEntries(fetched.map((message) => [message.uid, [...(message.flags ?? [])].sort()]));
  } finally {
    await client.logout();
  }
}

/** What intake writes when it reads a mailbox, and the mailbox's own poll state. */
async function databaseState() {
  const db = t.db.db;
  const [runs, inbound, ledger, files, states, sources] = await Promise.all([
    db.select().from(schema.runs),
    db.select().from(schema.inboundMessages),
    db.select().from(schema.mailLedgerEntries),
    db.select({ id: schema.storedFiles.id }).from(schema.storedFiles),
    db.select().from(schema.mailboxStates),
    db.select().from(schema.emailSources),
  ]);
  return { runs, inbound, ledger, files, states, sources };
}

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: [USER] }),
  ]);
  emailSourceId = (await createMailboxSource(t, dovecot, USER)).id;
  for (const mail of eachFailingRuleMails()) await dovecot.appendMessage(USER.user, await buildMail(mail));
  // A message a person has read already: the test must leave both kinds as they are.
  const client = await dovecot.connect(USER.user);
  await client.mailboxOpen('INBOX');
  await client.messageFlagsAdd('6', ['\\Seen'], { uid: true });
  await client.logout();
  admin = (await t.signIn({ isAdmin: true })).session;
  orders = (await t.signIn({ orderUser: true })).session;
  stock = (await t.signIn({ inventoryUser: true })).session;
}, 180_000);
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

describe(`test rules against the mailbox (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot)`, () => {
  it('names, newest first, the attachment chosen or the first rule that failed, and changes nothing', async () => {
    const flagsBefore = await flags();
    expect(flagsBefore[6]).toEqual(['\\Seen']);
    expect(flagsBefore[1]).toEqual([]);
    const before = await databaseState();

    const messages = await test(orders);
    expect(messages.map((message) => message.uid)).toEqual([6, 5, 4, 3, 2, 1]);
    const byUid = Object.fromEntries(messages.map((message) => [message.uid, message]));
    expect(byUid[1]).toMatchObject({
      from: 'tracking@acme.example',
      subject: 'Shipment report',
      matched: true,
      failedRule: null,
      detail: 'matched; reads tracking_1127.csv',
      attachment: 'tracking_1127.csv',
    });
    expect(byUid[1]!.receivedAt).toEqual(expect.any(String));
    expect(byUid[2]).toMatchObject({
      matched: false,
      failedRule: 'subject',
      detail:
        "subject 'Shipment report 27/11' does not equal 'Shipment report'; turn on Contains to match it",
      attachment: null,
    });
    expect(byUid[3]).toMatchObject({
      failedRule: 'attachmentCount',
      detail: '2 attachments; this source expects 1',
    });
    expect(byUid[4]).toMatchObject({
      failedRule: 'attachment',
      detail: 'no .csv attachment named tracking_*; the message carries Shipment_1127.xlsx',
      attachment: null,
    });
    expect(byUid[5]).toMatchObject({
      from: 'orders@acme.example',
      subject: 'Order confirmation',
      failedRule: 'from',
      detail: 'sent by orders@acme.example; this source expects tracking@acme.example',
    });
    expect(byUid[6]).toMatchObject({ failedRule: 'from', subject: 'Lunch?' });

    // No \Seen set (nor any other flag), and nothing recorded: no run, message, ledger entry, file or poll state.
    expect(await flags()).toEqual(flagsBefore);
    expect(await databaseState()).toEqual(before);
  });

  it('tries the rules as they are in the form: Contains, the count left empty, the limit', async () => {
    const contains = await test(orders, body({ rules: { ...RULES, containsNotExact: true } }));
    expect(contains.find((m) => m.uid === 2)).toMatchObject({ matched: true, attachment: 'tracking_1.csv' });
    const anyCount = await test(admin, body({ rules: { ...RULES, expectedAttachmentCount: null } }));
    expect(anyCount.find((m) => m.uid === 3)).toMatchObject({ matched: true, attachment: 'tracking_2.csv' });
    const last = await test(orders, body({ limit: 2 }));
    expect(last.map((m) => m.uid)).toEqual([6, 5]);
    const many = await test(orders, body({ limit: 200 }));
    expect(many).toHaveLength(6);
  });

  it('reads an order submission rule whose file is behind a link the way intake does', async () => {
    const messages = await test(
      admin,
      body({
        sourceType: 'order-submission',
        rules: {
          ...RULES,
          fromEmail: 'orders@acme.example',
          subjectValue: 'Order confirmation',
          fileType: '',
          attachmentName: '',
          noAttachmentsNeedsLinkClick: true,
        },
      }),
    );
    expect(messages.find((m) => m.uid === 5)).toMatchObject({
      matched: true,
      failedRule: null,
      detail: 'matched; the source reads the message itself (its file is behind a link)',
      attachment: null,
    });
  });

  it('lets a user test only the source types whose flag they hold; admins all', async () => {
    await test(stock, body({ sourceType: 'inventory' }));
    for (const [session, sourceType] of [
      [stock, 'order-tracking'],
      [orders, 'inventory'],
      [orders, 'order-submission'],
    ] as const) {
      const response = await t.as(session).post(url(), body({ sourceType }));
      expect(response.statusCode, sourceType).toBe(403);
      expect(response.json().message).toContain('needs that user flag');
    }
    for (const sourceType of ['order-tracking', 'inventory', 'order-submission'] as const) {
      await test(admin, body({ sourceType }));
    }
    const { session: none } = await t.signIn({});
    await expectRefusedWithoutRole(t, [{ method: 'POST', url: url(), payload: body() }], none);
  });

  it('answers bad ids and bodies with a clear 4xx and changes nothing', async () => {
    const before = await databaseState();
    const flagsBefore = await flags();
    const cases: Array<[string, unknown, number, string]> = [
      [url('abc'), body(), 400, 'id must be a whole number'],
      [url(999999), body(), 404, 'Email source not found'],
      [url(), { sourceType: 'order-tracking' }, 400, 'rules'],
      [url(), body({ sourceType: 'email' as never }), 400, 'sourceType must be one of'],
      [url(), body({ limit: 0 }), 400, 'limit must be a whole number from 1 to 200'],
      [url(), body({ limit: 201 }), 400, 'limit must be a whole number from 1 to 200'],
      [url(), body({ limit: 'ten' as never }), 400, 'limit must be a whole number from 1 to 200'],
      [url(), body({ rules: { ...RULES, fromEmail: ' ' } }), 400, 'Enter the From Email'],
      [url(), body({ rules: { ...RULES, expectedAttachmentCount: -1 } }), 400, 'expectedAttachmentCount'],
      [url(), { ...body(), sort: 'asc' }, 400, 'sort'],
    ];
    for (const [path, payload, status, text] of cases) {
      const response = await t.as(admin).post(path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(status);
      expect(response.json().message, path).toContain(text);
    }
    expect(await databaseState()).toEqual(before);
    expect(await flags()).toEqual(flagsBefore);
  });

  it('answers 502 with the reason when the mailbox cannot be reached, and records nothing', async () => {
    const unreachable = await createMailboxSource(
      t,
      { host: '127.0.0.1', port: await closedLoopbackPort() },
      { user: 'gone@shop.example', password: 'x' },
    );
    const before = await databaseState();
    const response = await t.as(orders).post(url(unreachable.id), body());
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toContain('Could not connect to 127.0.0.1:');
    expect(await databaseState()).toEqual(before);
  });

  it("says what the poll then decides: the ledger's reasons equal the tester's", async () => {
    const tested = await test(admin);
    const { noAttachmentsNeedsLinkClick: _, ...trackingRules } = RULES;
    await createTrackingSource(t, emailSourceId, { sourceName: 'Acme tracking', ...trackingRules });
    const outcome = await pollMailbox(t.app.context, emailSourceId, { trigger: 'manual' });
    expect(outcome.status).toBe('succeeded');
    const response = await t.as(admin).get(`/api/email-sources/${emailSourceId}/messages`);
    const ledger = (response.json() as LedgerPage).messages;
    for (const message of tested) {
      const entry = ledger.find((candidate) => candidate.uid === message.uid)!;
      const source = entry.sources.find((candidate) => candidate.sourceType === 'order-tracking')!;
      expect(source.matched, `UID ${message.uid}`).toBe(message.matched);
      expect(source.failedRule, `UID ${message.uid}`).toBe(message.failedRule);
      // The ledger adds what became of the run ("; its run failed").
      expect(source.detail.startsWith(message.detail), `UID ${message.uid}`).toBe(true);
    }
  });
});
