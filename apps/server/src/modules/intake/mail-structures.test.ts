import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { createTestApp, type TestApp } from '../../../test/helper';
import { buildCorpus, SUBJECT, SUPPLIER } from './mime/corpus';
import { pollMailbox } from './poll-mailbox';
import { createMailboxSource, createTrackingSource, recordingProcessor } from './testing';

const USER = { user: 'structures@shop.example', password: 'secret-structures' };

let t: TestApp;
let dovecot: DovecotServer;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([createTestApp(), startDovecot({ users: [USER] })]);
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
});
