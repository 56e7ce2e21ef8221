import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { createTestApp, type TestApp } from '../../../test/helper';
import { createMailboxSource, createTrackingSource, recordingProcessor } from '../../../test/modules/intake';
import { buildCorpus, SUBJECT, SUPPLIER } from '../../../test/modules/intake-mime-corpus';
import { pollMailbox } from './poll-mailbox';

const USER = { user: 'structures@shop.example', password: 'secret-structures' };
const NO_FILE_USER = { user: 'nofile@shop.example', password: 'secret-nofile' };

let t: TestApp;
let dovecot: DovecotServer;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([createTestApp(), startDovecot({ users: [USER, NO_FILE_USER] })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

describe(`every attachment structure of the corpus through a real Dovecot (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('becomes its order exactly once, named as the table says; a forwarded match says so in its run', async () => {
    const mailbox = await createMailboxSource(t, dovecot, USER);
    const source = await createTrackingSource(t, mailbox.id, {
      fromEmail: SUPPLIER,
      subjectValue: SUBJECT,
      attachmentName: '*',
      fileType: '.csv',
    });
    const corpus = buildCorpus('1ZS');
    for (const mail of corpus) await dovecot.appendMessage(USER.user, mail.raw);
    // A person's mail in the same mailbox: never read, never a run.
    await dovecot.appendMessage(
      USER.user,
      Buffer.from('From: friend@elsewhere.example\r\nSubject: lunch?\r\n\r\nToday at noon?\r\n'),
    );
    const poll = () =>
      pollMailbox(t.app.context, mailbox.id, { trigger: 'manual', processors: [recordingProcessor] });

    const first = await poll();
    expect(first.status === 'succeeded' && first.counts).toEqual({
      messagesSeen: corpus.length + 1,
      processed: corpus.length,
      ignored: 1,
      failed: 0,
    });
    const orders = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, source.id))
      .orderBy(asc(schema.orders.id));
    const table = corpus.map((mail) => {
      const order = orders.find((row) => row.notes?.includes(`1,${mail.tracking}\r\n`));
      return { structure: mail.structure, name: order?.documentNumber ?? null };
    });
    expect(table).toEqual(corpus.map((mail) => ({ structure: mail.structure, name: mail.fileName })));
    expect(orders).toHaveLength(corpus.length);

    const runs = await t.db.db
      .select()
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'order-tracking'), eq(schema.runs.sourceId, source.id)))
      .orderBy(asc(schema.runs.id));
    const matchedOn = runs.map((run) => (run.details as { matchedOn?: string } | null)?.matchedOn ?? null);
    expect(matchedOn).toEqual(
      corpus.map((mail) => (mail.forwarded ? `the forwarded message from ${SUPPLIER} ("${SUBJECT}")` : null)),
    );

    const second = await poll();
    expect(second.status === 'succeeded' && second.counts.messagesSeen).toBe(0);
    const after = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, source.id));
    expect(after).toHaveLength(corpus.length);
  });

  it('a message that matched but gave no file fails naming the e-mail, offers its .eml, and Re-process reads it with the corrected rule', async () => {
    const mailbox = await createMailboxSource(t, dovecot, NO_FILE_USER);
    const source = await createTrackingSource(t, mailbox.id, {
      fromEmail: SUPPLIER,
      subjectValue: SUBJECT,
      attachmentName: 'tracking_*',
      fileType: '.csv',
    });
    const raw = Buffer.from(
      [
        `From: "Supplier" <${SUPPLIER}>`,
        `Subject: ${SUBJECT}`,
        'Date: Tue, 24 Nov 2026 08:00:00 +0000',
        'Message-ID: <no-file-1@supplier.example>',
        'Content-Type: multipart/mixed; boundary="nf"',
        '',
        '--nf',
        'Content-Type: text/plain',
        '',
        'Attached.',
        '--nf',
        'Content-Type: text/csv; name="Shipments-0312.csv"',
        '',
        'Line,Tracking',
        '1,1ZNOFILE',
        '--nf--',
        '',
      ].join('\r\n'),
    );
    const uid = await dovecot.appendMessage(NO_FILE_USER.user, raw);
    const outcome = await pollMailbox(t.app.context, mailbox.id, {
      trigger: 'manual',
      processors: [recordingProcessor],
    });
    expect(outcome.status === 'succeeded' && outcome.counts.failed).toBe(1);
    const [run] = await t.db.db
      .select()
      .from(schema.runs)
      .where(and(eq(schema.runs.sourceType, 'order-tracking'), eq(schema.runs.sourceId, source.id)));
    expect(run).toMatchObject({
      status: 'failed',
      fileName: `message-${await uidValidity(mailbox.id)}-${uid}.eml`,
    });
    expect(run!.message).toContain('"Shipments-0312.csv"');
    expect(run!.details).toMatchObject({
      email: {
        from: SUPPLIER,
        subject: SUBJECT,
        date: '2026-11-24T08:00:00.000Z',
        messageId: '<no-file-1@supplier.example>',
        uid,
        parts: [
          { contentType: 'text/plain', fileName: null, size: 9 },
          { contentType: 'text/csv', fileName: 'Shipments-0312.csv', size: 25 },
        ],
      },
    });

    const { session } = await t.signIn({ orderUser: true });
    const input = await t.as(session).get(`/api/runs/${run!.id}/input`);
    expect(input.statusCode).toBe(200);
    expect(input.rawPayload.equals(raw)).toBe(true);

    // Still the wrong name: Re-process says so and changes nothing.
    const refused = await t.as(session).post(`/api/runs/${run!.id}/reprocess`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"Shipments-0312.csv"');

    await t.db.db
      .update(schema.orderTrackingSources)
      .set({ attachmentName: 'Shipments-*' })
      .where(eq(schema.orderTrackingSources.id, source.id));
    const again = await t.as(session).post(`/api/runs/${run!.id}/reprocess`);
    expect(again.statusCode).toBe(200);
    const [rerun] = await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, again.json().runId));
    expect(rerun).toMatchObject({
      fileName: 'Shipments-0312.csv',
      reprocessOfRunId: run!.id,
      inboundMessageId: run!.inboundMessageId,
    });
  });
});

async function uidValidity(emailSourceId: number): Promise<number | null> {
  const [row] = await t.db.db
    .select({ uidValidity: schema.mailboxStates.uidValidity })
    .from(schema.mailboxStates)
    .where(eq(schema.mailboxStates.emailSourceId, emailSourceId));
  return row?.uidValidity ?? null;
}
