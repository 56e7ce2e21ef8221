import type { EmailSourceListItem, EmailSourcePollResult } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  trackingCsv,
  waitFor,
} from '../../../test/modules/intake';
import { pollEmailSourceNow } from './check-now';

const USER = { user: 'checknow@shop.example', password: 'check-now-secret' };
/** A mailbox of its own for the shutdown test, whose poll must really run (sign in, then read slowly). */
const STOPPING = { user: 'stopping@shop.example', password: 'stopping-secret' };
const SUPPLIER = 'shipping@supplier.example';

let t: TestApp;
let dovecot: DovecotServer;
let orderUser: Session;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([createTestApp(), startDovecot({ users: [USER, STOPPING] })]);
  orderUser = (await t.signIn({ orderUser: true })).session;
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

function checkNow(id: number | string, headers?: { cookie: string }) {
  return t.app.inject({
    method: 'POST',
    url: `/api/email-sources/${id}/poll`,
    ...(headers ? { headers } : {}),
  });
}

describe('Check now: POST /api/email-sources/{id}/poll', () => {
  it('polls at once with the real order tracking processor and answers with the counts; the list shows the poll', async () => {
    const source = await createMailboxSource(t, dovecot, USER);
    const tracking = await createTrackingSource(t, source.id);
    const matching = await buildMail({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [
        {
          filename: 'tracking_0101.csv',
          content: trackingCsv([
            ['L-1', '1Z001'],
            ['L-2', '1Z002'],
          ]),
        },
      ],
    });
    await dovecot.appendMessage(USER.user, matching);
    await dovecot.appendMessage(
      USER.user,
      await buildMail({ from: 'colleague@shop.example', subject: 'Lunch?' }),
    );

    const response = await checkNow(source.id, orderUser.headers);
    expect(response.statusCode, response.body).toBe(200);
    const result: EmailSourcePollResult = response.json();
    expect(result).toMatchObject({
      status: 'succeeded',
      messagesSeen: 2,
      processed: 1,
      ignored: 1,
      failed: 0,
    });
    expect(result.runId).toBeGreaterThan(0);

    // The real processor imported both lines, in the same transaction as the inbound record.
    const orders = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, tracking.id));
    expect(orders.map((order) => order.uniqueKey).sort()).toEqual(['L-1', 'L-2']);
    const flags = await mailboxFlags(dovecot, USER);
    expect(flags.get(1)?.has('\\Seen')).toBe(true);
    expect(flags.get(2)?.has('\\Seen')).toBe(false);

    const list = await t.as(orderUser).get('/api/email-sources/emails');
    const item = (list.json() as EmailSourceListItem[]).find((row) => row.id === source.id)!;
    expect(item.lastPollAt).not.toBeNull();
    expect(item.lastPollSucceededAt).not.toBeNull();
    expect(item.lastPollError).toBeNull();
    expect(item.lastRun).toMatchObject({ id: result.runId, status: 'succeeded', trigger: 'manual' });

    const again: EmailSourcePollResult = (await checkNow(source.id, orderUser.headers)).json();
    expect(again).toMatchObject({ status: 'succeeded', messagesSeen: 0, processed: 0 });
  });

  it('answers 200 with status "failed" and the reason when the mailbox cannot be read, and the list shows the error', async () => {
    const source = await createMailboxSource(t, dovecot, { user: USER.user, password: 'wrong' });
    const response = await checkNow(source.id, orderUser.headers);
    expect(response.statusCode).toBe(200);
    const result: EmailSourcePollResult = response.json();
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^Could not sign in to 127\.0\.0\.1:\d+ as checknow@shop\.example/);
    const list = await t.as(orderUser).get('/api/email-sources/emails');
    const item = (list.json() as EmailSourceListItem[]).find((row) => row.id === source.id)!;
    expect(item.lastPollError).toBe(result.message);
    expect(item.lastPollSucceededAt).toBeNull();
    expect(item.lastRun).toMatchObject({ status: 'failed', message: result.message });
  });

  it('needs a session (401) and a source flag (403); unknown sources are 404, inactive ones 409', async () => {
    const source = await createMailboxSource(t, dovecot, USER, { username: 'route-checks' });
    expect((await checkNow(source.id)).statusCode).toBe(401);
    const nobody = (await t.signIn({ orderUser: false, inventoryUser: false, submissionUser: false }))
      .session;
    expect((await checkNow(source.id, nobody.headers)).statusCode).toBe(403);
    const inventoryUser = (await t.signIn({ inventoryUser: true })).session;
    expect((await checkNow(source.id, inventoryUser.headers)).statusCode).toBe(200);
    const missing = await checkNow(999_999, orderUser.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Email source not found');
    expect((await checkNow('abc', orderUser.headers)).statusCode).toBe(400);
    await t.db.db
      .update(schema.emailSources)
      .set({ activeStatus: false })
      .where(eq(schema.emailSources.id, source.id));
    const inactive = await checkNow(source.id, orderUser.headers);
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(
      'The email source "route-checks" is inactive. Activate it to read its mailbox.',
    );
  });

  it('gives up a poll in progress when the process starts to shut down; the source shows no error', async () => {
    const source = await createMailboxSource(t, dovecot, STOPPING);
    await createTrackingSource(t, source.id);
    // Ten messages at 3 s each: the poll outlasts any lag of a loaded machine before the abort.
    for (let index = 1; index <= 10; index += 1) {
      await dovecot.appendMessage(
        STOPPING.user,
        await buildMail({
          from: SUPPLIER,
          subject: 'Shipment report',
          attachments: [{ filename: `t_${index}.csv`, content: trackingCsv([[`X-${index}`, `1Z${index}`]]) }],
        }),
      );
    }
    const stopping = new AbortController();
    // The documented test hook: a pause before each message, so that the poll is still running when the
    // shutdown begins.
    process.env.INTAKE_TEST_DELAY_MS = '3000';
    let result: EmailSourcePollResult;
    try {
      const polling = pollEmailSourceNow(t.app.context, source.id, stopping.signal);
      await waitFor(
        async () =>
          (
            await t.db.db
              .select()
              .from(schema.runs)
              .where(and(eq(schema.runs.sourceType, 'email'), eq(schema.runs.sourceId, source.id)))
          ).length > 0,
        30_000,
        'the poll to start',
      );
      stopping.abort();
      result = await polling;
    } finally {
      delete process.env.INTAKE_TEST_DELAY_MS;
    }
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/instance was stopped during the poll/);
    const [row] = await t.db.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, source.id));
    expect(row?.lastPollError).toBeNull();
    const [released] = await t.db.db
      .select()
      .from(schema.mailboxStates)
      .where(eq(schema.mailboxStates.emailSourceId, source.id));
    expect(released?.leaseOwner).toBeNull();
  }, 60_000);
});
