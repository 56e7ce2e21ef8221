/**
 * A vendor's purchase-order e-mail through a relay and a database that fail
 * (docs/behaviour/order-submission.md#sending-exactly-once): a 4xx defers it and the next due-work run sends
 * it once, with the same Message-ID; a 5xx fails it, visibly and for good; a "sent" step whose database went
 * away is tried again until it answers; a "sent" step that cannot commit
 * after the relay accepted (the database failing, or the process dying there) never leads to a second
 * e-mail by itself, and a Re-send carries the same Message-ID. Real SMTP catcher, real database.
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import type { VendorSubmissionDetails } from '@app/contracts';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../../test-servers/smtp-catcher';
import { createTestApp, type Session, type TestApp } from '../../../../test/helper';
import { createSendingEmailSource } from '../../../../test/modules/inventory-delivery';
import {
  createSubmissionSource,
  createVendor,
  deliverOrderEmail,
  fixture,
  localTime,
  runsOf,
  useTestClock,
} from '../../../../test/modules/order-submission-engine';
import { runDueSubmissionWork } from './due-work';
import {
  nextInterruptedSendCheck,
  VENDOR_RUN_LEASE_SECONDS,
  VENDOR_SEND_START_LEASE_SECONDS,
  vendorsWithWaitingLines,
} from './repository';

let t: TestApp;
let catcher: SmtpCatcher;
let submissionUser: Session;
let senderId: number;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  t = await createTestApp();
  useTestClock(t, localTime('2025-06-02', 9));
  submissionUser = (await t.signIn({ submissionUser: true })).session;
  senderId = (await createSendingEmailSource(t, catcher, { email: 'purchasing@shop.example' })).id;
}, 600_000);
afterAll(async () => {
  await Promise.all([t?.close(), catcher?.close()]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

let acme: { sourceId: number; vendorId: number; to: string } | undefined;

/**
 * Acme Supply and its source (vendor names are unique, so one for all tests), with the vendor runs of the
 * calling test only: `runs()` lists those made since.
 */
async function acmeSource() {
  if (!acme) {
    const sourceId = (await createSubmissionSource(t)).id;
    const vendor = await createVendor(t, {
      orderSubmissionSourceId: sourceId,
      sendFromEmailSourceModelId: senderId,
      vendorNameFromFile: 'Acme Supply',
      submitEmails: 'orders@acme.example',
      submitEmailSubjectLine: 'PO {poNumbers}',
    });
    acme = { sourceId, vendorId: vendor.id, to: 'orders@acme.example' };
  }
  const { sourceId, vendorId, to } = acme;
  const before = (await runsOf(t, 'vendor', vendorId)).length;
  const runs = async () => (await runsOf(t, 'vendor', vendorId)).slice(before);
  return { sourceId, vendorId, to, runs };
}

function deliver(sourceId: number) {
  return deliverOrderEmail(t, sourceId, {
    file: { fileName: 'orders_1.xlsx', content: fixture('order-file.xlsx') },
  });
}

const detailsOf = (run: { details: unknown }) => run.details as VendorSubmissionDetails;
const mailsTo = (address: string) => catcher.messages.filter((mail) => mail.envelopeTo.includes(address));

function resend(runId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/order-submission/runs/${runId}/resend`,
    headers: submissionUser.headers,
  });
}

/**
 * Runs `work` with a trigger that runs `body` (PL/pgSQL) on every update that ends a vendor run: the
 * "sent" step's commit.
 */
async function whileSentStepFails(body: SQL, work: () => Promise<unknown>): Promise<void> {
  await t.db.db.execute(
    sql`create function sent_step_fault() returns trigger language plpgsql as $$ begin ${body} end $$`,
  );
  await t.db.db.execute(sql`
    create trigger sent_step_fault before update on runs for each row
    when (new.source_type = 'vendor' and new.status <> 'running')
    execute function sent_step_fault()`);
  try {
    await work();
  } finally {
    await t.db.db.execute(sql`drop trigger sent_step_fault on runs`);
    await t.db.db.execute(sql`drop function sent_step_fault()`);
  }
}

describe(`a vendor e-mail through faults (${DB_KIND}, SMTP catcher)`, () => {
  it('a 4xx defers it: the lines wait, and the next due-work run sends one e-mail with the same Message-ID', async () => {
    const { sourceId, vendorId, to, runs } = await acmeSource();
    const accept = catcher.refuse(451);
    try {
      await deliver(sourceId);
      const [deferred] = await runs();
      expect(deferred).toMatchObject({ status: 'failed' });
      expect(deferred!.message).toMatch(/was not sent yet: .*\(SMTP 451\)\. The relay did not take it/);
      expect(detailsOf(deferred!)).toMatchObject({ deferred: true });
      expect(detailsOf(deferred!).messageId).toMatch(/^<purchase-order\.[0-9a-f]{32}@shop\.example>$/);
      expect(await vendorsWithWaitingLines(t.db.db)).toContain(vendorId);
      const [batchRun] = await runsOf(t, 'order-submission', sourceId).then((rows) => rows.slice(-1));
      expect(batchRun!.status).toBe('succeeded');
      expect(batchRun!.message).toMatch(/Waiting: Acme Supply/);
      // Deferred: the operator has nothing to re-send.
      expect((await resend(deferred!.id)).statusCode).toBe(409);

      // Still refused: another deferred attempt, still nothing delivered.
      await runDueSubmissionWork(t.app.context);
      expect(catcher.refusedCount).toBeGreaterThanOrEqual(2);
      expect(mailsTo(to)).toHaveLength(0);
      accept();

      await runDueSubmissionWork(t.app.context);
      await runDueSubmissionWork(t.app.context);
      const [mail] = await catcher.waitFor(1);
      expect(mailsTo(to)).toHaveLength(1);
      expect(mail!.parsed.messageId).toBe(detailsOf(deferred!).messageId);
      expect(mail!.parsed.subject).toBe('PO 000123');
      const made = await runs();
      expect(made.map((run) => run.status)).toEqual(['failed', 'failed', 'succeeded']);
      expect(new Set(made.map((run) => detailsOf(run).messageId)).size).toBe(1);
      expect(await vendorsWithWaitingLines(t.db.db)).not.toContain(vendorId);
    } finally {
      accept();
    }
  });

  it('a 5xx fails it for good: visible on the run, never sent again by itself', async () => {
    const { sourceId, to, runs } = await acmeSource();
    const accept = catcher.refuse(550);
    try {
      await deliver(sourceId);
    } finally {
      accept();
    }
    const [failed] = await runs();
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.message).toMatch(/was not sent: .*\(SMTP 550\)\. Use Re-send once the problem is fixed\./);
    expect(detailsOf(failed!).deferred).toBeUndefined();
    await runDueSubmissionWork(t.app.context);
    expect(mailsTo(to)).toHaveLength(0);
    expect(await runs()).toHaveLength(1);
  });

  it('the hand-over cannot be recorded: the relay gets no end of data and keeps nothing; the lines go once, later', async () => {
    const { sourceId, vendorId, to, runs } = await acmeSource();
    await t.db.db.execute(
      sql`create function handover_fault() returns trigger language plpgsql as $$ begin raise exception 'no hand-over (test)'; end $$`,
    );
    await t.db.db.execute(sql`
      create trigger handover_fault before update on runs for each row
      when (new.source_type = 'vendor' and new.status = 'running' and new.details->>'handover' = 'started')
      execute function handover_fault()`);
    try {
      await deliver(sourceId);
    } finally {
      await t.db.db.execute(sql`drop trigger handover_fault on runs`);
      await t.db.db.execute(sql`drop function handover_fault()`);
    }
    // The catcher saw the data begin and the connection close before its end: nothing delivered.
    expect(mailsTo(to)).toHaveLength(0);
    const [stopped] = await runs();
    expect(stopped).toMatchObject({ status: 'failed' });
    expect(stopped!.message).toMatch(
      /was not sent yet: The e-mail was not handed over to .*the hand-over could not be recorded/,
    );
    expect(detailsOf(stopped!)).toMatchObject({ deferred: true, handover: 'pending' });
    expect(await vendorsWithWaitingLines(t.db.db)).toContain(vendorId);

    await runDueSubmissionWork(t.app.context);
    const [mail] = await catcher.waitFor(1);
    expect(mailsTo(to)).toHaveLength(1);
    expect(mail!.parsed.messageId).toBe(detailsOf(stopped!).messageId);
    const [, sent] = await runs();
    expect(sent).toMatchObject({ status: 'succeeded' });
    expect(detailsOf(sent!).handover).toBe('started');
  });

  it('an instance gone before the hand-over: past two minutes its lines go once, and the stuck attempt changes nothing', async () => {
    const { sourceId, vendorId, to, runs } = await acmeSource();
    // A relay that holds its first connection before the greeting: the send waits there, short of its
    // hand-over, which is what the database holds of an instance that died there. Later connections, and
    // the first once let go, reach the catcher.
    const held: Socket[] = [];
    const open = new Set<Socket>();
    const forward = (socket: Socket) => {
      const upstream = connect(catcher.port, catcher.host);
      open.add(upstream);
      socket.pipe(upstream).pipe(socket);
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    };
    const relay = createServer((socket) => {
      open.add(socket);
      if (held.length === 0) held.push(socket);
      else forward(socket);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const viaRelay = await createSendingEmailSource(
      t,
      { ...catcher, port: (relay.address() as AddressInfo).port },
      { email: 'purchasing@shop.example' },
    );
    await t.db.db
      .update(schema.orderVendorSources)
      .set({ sendFromEmailSourceId: viaRelay.id })
      .where(eq(schema.orderVendorSources.id, vendorId));
    try {
      const stuck = deliver(sourceId);
      await expect.poll(async () => (await runs()).length, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => held.length, { timeout: 10_000 }).toBe(1);
      const [sending] = await runs();
      expect(sending).toMatchObject({ status: 'running' });
      expect(detailsOf(sending!).handover).toBe('pending');

      // Within the lease nothing touches it.
      expect((await runDueSubmissionWork(t.app.context)).interruptedBeforeHandover).toBe(0);
      expect(await nextInterruptedSendCheck(t.db.db)).toEqual(
        new Date(sending!.startedAt.getTime() + VENDOR_SEND_START_LEASE_SECONDS * 1000),
      );
      await t.db.db
        .update(schema.runs)
        .set({ startedAt: sql`now() - make_interval(secs => ${VENDOR_SEND_START_LEASE_SECONDS + 1})` })
        .where(eq(schema.runs.id, sending!.id));
      const report = await runDueSubmissionWork(t.app.context);
      expect(report).toMatchObject({ interruptedBeforeHandover: 1, interruptedVendorRuns: 0 });
      const [mail] = await catcher.waitFor(1);
      expect(mail!.parsed.messageId).toBe(detailsOf(sending!).messageId);

      // The stuck attempt goes on once its relay answers, and stops at its hand-over: its run was ended by
      // the due-work run, so the relay never gets the end of its data.
      forward(held[0]!);
      await stuck;
      const [closed, sent] = await runs();
      expect(closed).toMatchObject({ status: 'failed' });
      expect(closed!.message).toMatch(/before its e-mail was handed over to the relay, so nothing was sent/);
      expect(detailsOf(closed!)).toMatchObject({ deferred: true, handover: 'pending' });
      expect(sent).toMatchObject({ status: 'succeeded' });
      expect(await runs()).toHaveLength(2);
      await runDueSubmissionWork(t.app.context);
      expect(mailsTo(to)).toHaveLength(1);
      expect(await nextInterruptedSendCheck(t.db.db)).toBeNull();
    } finally {
      await t.db.db
        .update(schema.orderVendorSources)
        .set({ sendFromEmailSourceId: senderId })
        .where(eq(schema.orderVendorSources.id, vendorId));
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    }
  });

  it('the database going away at the "sent" step: the step is tried again once it answers, and the run is sent', async () => {
    const { sourceId, to, runs } = await acmeSource();
    // The first commit of the step fails as a fast shutdown ends a session (admin_shutdown, 57P01).
    await t.db.db.execute(sql`create sequence sent_step_attempts`);
    try {
      await whileSentStepFails(
        sql`if nextval('sent_step_attempts') = 1 then
          raise exception 'terminating connection due to administrator command (test)' using errcode = '57P01';
        end if;
        return new;`,
        () => deliver(sourceId),
      );
    } finally {
      await t.db.db.execute(sql`drop sequence sent_step_attempts`);
    }
    const [sent] = await runs();
    expect(sent!.status).toBe('succeeded');
    await runDueSubmissionWork(t.app.context);
    expect(mailsTo(to)).toHaveLength(1);
    expect(mailsTo(to)[0]!.parsed.messageId).toBe(detailsOf(sent!).messageId);
  });

  it('the "sent" step failing after the relay accepted: one e-mail, never a second by itself; Re-send keeps the Message-ID', async () => {
    const { sourceId, to, runs } = await acmeSource();
    // The database refuses to record any vendor run as sent: the state a process leaves when it dies, or
    // loses its database for good, between the relay's 250 and the commit.
    await whileSentStepFails(sql`raise exception 'the sent step cannot commit (test)';`, () =>
      deliver(sourceId),
    );
    const [first] = await catcher.waitFor(1);
    const [sending] = await runs();
    expect(sending!.status).toBe('running');
    expect(first!.parsed.messageId).toBe(detailsOf(sending!).messageId);

    // Within its lease nothing touches it; past it, it is closed as interrupted and not sent again.
    expect((await runDueSubmissionWork(t.app.context)).interruptedVendorRuns).toBe(0);
    await t.db.db
      .update(schema.runs)
      .set({ startedAt: sql`now() - make_interval(secs => ${VENDOR_RUN_LEASE_SECONDS + 60})` })
      .where(eq(schema.runs.id, sending!.id));
    expect((await runDueSubmissionWork(t.app.context)).interruptedVendorRuns).toBe(1);
    await runDueSubmissionWork(t.app.context);
    expect(mailsTo(to)).toHaveLength(1);
    const [closed] = await runs();
    expect(closed!.status).toBe('failed');
    expect(closed!.message).toMatch(/may or may not have reached the vendor/);

    // The operator's Re-send is the same purchase order to the vendor's mail system.
    const response = await resend(closed!.id);
    expect(response.statusCode, response.body).toBe(200);
    await catcher.waitFor(2);
    const mails = mailsTo(to);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.parsed.messageId).toBe(first!.parsed.messageId);
    expect(mails[1]!.parsed.subject).toBe(first!.parsed.subject);
  });
});
