import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunDetails } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  recordingProcessor,
  runsOf,
  type TestMail,
  THROW_IN_PROCESSOR,
} from '../../../test/modules/intake';
import { ProgressBoard, type ProgressReporter } from '../../lib/progress';
import { pollMailbox } from './poll-mailbox';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

const USERS = Array.from({ length: 8 }, (_, index) => ({
  user: `box${index + 1}@shop.example`,
  password: `secret-${index + 1}`,
}));
const SUPPLIER = 'shipping@supplier.example';

let t: TestApp;
let dovecot: DovecotServer;

beforeAll(async () => {
  [t, dovecot] = await Promise.all([
    createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } }),
    startDovecot({ users: USERS }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), dovecot?.stop()]);
});

type User = (typeof USERS)[number];

async function mailbox(user: User) {
  const source = await createMailboxSource(t, dovecot, user);
  return {
    source,
    append: async (mail: TestMail) => dovecot.appendMessage(user.user, await buildMail(mail)),
    poll: async (progress?: ProgressReporter) => {
      const outcome = await pollMailbox(t.app.context, source.id, {
        trigger: 'manual',
        processors: [recordingProcessor],
        ...(progress ? { progress } : {}),
      });
      if (outcome.status === 'skipped') throw new Error(`poll skipped: ${outcome.message}`);
      return outcome;
    },
    flags: () => mailboxFlags(dovecot, user),
    inbound: () =>
      t.db.db
        .select()
        .from(schema.inboundMessages)
        .where(eq(schema.inboundMessages.emailSourceId, source.id))
        .orderBy(asc(schema.inboundMessages.uidValidity), asc(schema.inboundMessages.uid)),
  };
}

const csvFile = (name: string, text = 'Line,Tracking\r\n1,1Z999\r\n') => ({
  filename: name,
  content: Buffer.from(text),
  contentType: 'text/csv',
});

function ordersOf(trackingSourceId: number) {
  return t.db.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.orderTrackingSourceId, trackingSourceId))
    .orderBy(asc(schema.orders.id));
}

function seenUids(flags: Map<number, Set<string>>): number[] {
  return [...flags].filter(([, set]) => set.has('\\Seen')).map(([uid]) => uid);
}

describe(`mail intake poll (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, real Dovecot)`, () => {
  it('processes matching csv, xls and xlsx mail once, ignores the rest unseen, and a second poll finds nothing new', async () => {
    const box = await mailbox(USERS[0]!);
    const csvSource = await createTrackingSource(t, box.source.id, {
      subjectValue: 'Tracking CSV',
      attachmentName: 'inventory-sample*',
    });
    const xlsSource = await createTrackingSource(t, box.source.id, {
      subjectValue: 'Tracking XLS',
      fileType: '.xls',
      attachmentName: 'inventory-sample*',
    });
    const xlsxSource = await createTrackingSource(t, box.source.id, {
      subjectValue: 'Tracking XLSX',
      fileType: '.xlsx',
      attachmentName: 'inventory-sample*',
      expectedAttachmentCount: 1,
    });
    const file = (name: string) => ({ filename: name, content: fixture(name) });
    const uids = [
      await box.append({
        from: SUPPLIER,
        subject: 'Tracking CSV',
        attachments: [file('inventory-sample.csv')],
      }),
      await box.append({
        from: SUPPLIER,
        subject: 'Tracking XLS',
        attachments: [file('inventory-sample.xls')],
      }),
      await box.append({
        from: SUPPLIER,
        subject: 'Tracking XLSX',
        attachments: [file('inventory-sample.xlsx')],
      }),
      // Wrong sender, wrong subject (exact match expected), wrong attachment count.
      await box.append({
        from: 'someone@supplier.example',
        subject: 'Tracking CSV',
        attachments: [file('inventory-sample.csv')],
      }),
      await box.append({
        from: SUPPLIER,
        subject: 'Tracking CSV weekly',
        attachments: [file('inventory-sample.csv')],
      }),
      await box.append({
        from: SUPPLIER,
        subject: 'Tracking XLSX',
        attachments: [file('inventory-sample.xlsx'), file('inventory-sample.csv')],
      }),
      // Display name, other case and spaces: the address part and the trimmed subject still match.
      await box.append({
        from: '"Shipping Dept" <SHIPPING@Supplier.Example>',
        subject: '  tracking csv ',
        attachments: [file('inventory-sample.csv')],
      }),
    ];

    // Check now's progress (docs/behaviour/runs-and-history.md#progress): messages done / listed.
    const board = new ProgressBoard();
    const first = await box.poll(board.start('check-now-progress-key', 1, 'messages'));
    expect(first.status, first.message).toBe('succeeded');
    expect(first.counts).toEqual({ messagesSeen: 7, processed: 4, ignored: 3, failed: 0 });
    expect(board.read('check-now-progress-key', 1)).toEqual({ unit: 'messages', done: 7, total: 7 });
    expect(board.read('check-now-progress-key', 2)).toBeUndefined();
    expect(first.message).toBe('7 new messages: 4 processed, 3 ignored, 0 failed.');

    const csvOrders = await ordersOf(csvSource.id);
    expect(csvOrders.map((order) => order.documentNumber)).toEqual([
      'inventory-sample.csv',
      'inventory-sample.csv',
    ]);
    expect(csvOrders[0]!.notes).toContain('Item Number,Status');
    expect((await ordersOf(xlsSource.id)).map((order) => order.documentNumber)).toEqual([
      'inventory-sample.xls',
    ]);
    expect((await ordersOf(xlsxSource.id)).map((order) => order.documentNumber)).toEqual([
      'inventory-sample.xlsx',
    ]);

    const inbound = await box.inbound();
    expect(inbound.map((row) => [row.uid, row.status])).toEqual([
      [uids[0], 'processed'],
      [uids[1], 'processed'],
      [uids[2], 'processed'],
      [uids[3], 'ignored'],
      [uids[4], 'ignored'],
      [uids[5], 'ignored'],
      [uids[6], 'processed'],
    ]);
    // The raw message is kept for the processed ones only.
    expect(inbound.map((row) => row.rawFileId !== null)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
    expect(inbound.every((row) => !row.needsSeenFlag)).toBe(true);
    // Every processor run points at its inbound message.
    const csvRuns = await runsOf(t, 'order-tracking', csvSource.id);
    expect(csvRuns.map((run) => run.inboundMessageId)).toEqual([inbound[0]!.id, inbound[6]!.id]);
    expect(csvRuns.every((run) => run.trigger === 'mail' && run.status === 'succeeded')).toBe(true);

    // \Seen only on the processed ones: the rest belongs to the people sharing the mailbox.
    expect(seenUids(await box.flags()).sort()).toEqual([uids[0], uids[1], uids[2], uids[6]].sort());

    // One run per poll, with the counts; the source shows when it was polled.
    const [pollRun] = await runsOf(t, 'email', box.source.id);
    // Named as everywhere else: the username (here also the address) and the server.
    expect(pollRun).toMatchObject({
      trigger: 'manual',
      status: 'succeeded',
      sourceName: `${USERS[0]!.user} (${box.source.incomingServer})`,
    });
    expect((pollRun!.details as RunDetails).counts).toEqual({
      messagesSeen: 7,
      processed: 4,
      ignored: 3,
      failed: 0,
    });
    const [polled] = await t.db.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, box.source.id));
    expect(polled!.lastPollAt).toBeInstanceOf(Date);
    expect(polled!.lastPollSucceededAt).toBeInstanceOf(Date);
    expect(polled!.lastPollError).toBeNull();

    const second = await box.poll();
    expect(second.counts).toEqual({ messagesSeen: 0, processed: 0, ignored: 0, failed: 0 });
    expect(second.message).toBe('No new messages.');
    expect(await runsOf(t, 'email', box.source.id)).toHaveLength(2);

    const later = await box.append({
      from: SUPPLIER,
      subject: 'Tracking CSV',
      attachments: [file('inventory-sample.csv')],
    });
    const third = await box.poll();
    expect(third.counts).toEqual({ messagesSeen: 1, processed: 1, ignored: 0, failed: 0 });
    expect(await ordersOf(csvSource.id)).toHaveLength(3);
    expect(seenUids(await box.flags())).toContain(later);
    expect(await box.inbound()).toHaveLength(8);
  });

  it('matches the subject exactly, or as a part when "contains" is on, both case-insensitive', async () => {
    const box = await mailbox(USERS[1]!);
    const exact = await createTrackingSource(t, box.source.id, {
      fromEmail: 'exact@supplier.example',
      subjectValue: 'Daily report',
      attachmentName: '*',
    });
    const contains = await createTrackingSource(t, box.source.id, {
      fromEmail: 'contains@supplier.example',
      subjectValue: 'daily report',
      containsNotExact: true,
      attachmentName: '*',
    });
    const attachments = [csvFile('report.csv')];
    await box.append({ from: 'exact@supplier.example', subject: 'DAILY REPORT', attachments });
    await box.append({ from: 'exact@supplier.example', subject: 'Re: Daily report 2024-01-01', attachments });
    await box.append({
      from: 'contains@supplier.example',
      subject: 'FW: Daily Report for Monday',
      attachments,
    });
    await box.append({ from: 'contains@supplier.example', subject: 'Weekly report', attachments });

    const outcome = await box.poll();
    expect(outcome.counts).toEqual({ messagesSeen: 4, processed: 2, ignored: 2, failed: 0 });
    expect(await ordersOf(exact.id)).toHaveLength(1);
    expect(await ordersOf(contains.id)).toHaveLength(1);
    expect((await box.inbound()).map((row) => row.status)).toEqual([
      'processed',
      'ignored',
      'processed',
      'ignored',
    ]);
  });

  it('chooses the attachment by type and name, never counting inline pictures', async () => {
    const box = await mailbox(USERS[2]!);
    const source = await createTrackingSource(t, box.source.id, {
      attachmentName: 'tracking_*.csv',
      expectedAttachmentCount: 3,
    });
    const logo = {
      filename: 'logo.png',
      content: Buffer.from('89504e47', 'hex'),
      contentType: 'image/png',
      cid: 'logo@sig',
    };
    const files = [
      { filename: 'notes.txt', content: 'see the csv', contentType: 'text/plain' },
      csvFile('summary.csv'),
      csvFile('Tracking_0101.CSV', 'Line,Tracking\r\n7,1ZCHOSEN\r\n'),
    ];
    // Three files and a signature logo in the HTML body: three attachments.
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      html: '<p>Files attached.</p><img src="cid:logo@sig">',
      attachments: [...files, logo],
    });
    // Four files: the expected count is 3, so this one is not for the source.
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [...files, { filename: 'terms.pdf', content: '%PDF-1.4', contentType: 'application/pdf' }],
    });

    const outcome = await box.poll();
    expect(outcome.counts).toEqual({ messagesSeen: 2, processed: 1, ignored: 1, failed: 0 });
    const [order] = await ordersOf(source.id);
    expect(order!.documentNumber).toBe('Tracking_0101.CSV');
    expect(order!.notes).toContain('1ZCHOSEN');
    const inbound = await box.inbound();
    expect(inbound.map((row) => row.attachmentCount)).toEqual([3, 4]);
  });

  it('fails a source whose file is missing with a clear message, unless a sibling source took the message', async () => {
    const box = await mailbox(USERS[3]!);
    const east = await createTrackingSource(t, box.source.id, { attachmentName: 'east_*.csv' });
    const west = await createTrackingSource(t, box.source.id, { attachmentName: 'west_*.csv' });
    const eastUid = await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('east_1.csv')],
    });
    const northUid = await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('north_1.csv')],
    });
    const bareUid = await box.append({ from: SUPPLIER, subject: 'Shipment report' });

    const outcome = await box.poll();
    expect(outcome.status).toBe('succeeded');
    expect(outcome.counts).toEqual({ messagesSeen: 3, processed: 1, ignored: 0, failed: 2 });
    expect(await ordersOf(east.id)).toHaveLength(1);
    expect(await ordersOf(west.id)).toHaveLength(0);

    const eastRuns = await runsOf(t, 'order-tracking', east.id);
    const westRuns = await runsOf(t, 'order-tracking', west.id);
    // The east file was not meant for west: no run for west on that message.
    expect(eastRuns.map((run) => run.status)).toEqual(['succeeded', 'failed', 'failed']);
    expect(westRuns.map((run) => run.message)).toEqual([
      'The e-mail had no .csv attachment matching "west_*.csv" (its attachments: "north_1.csv").',
      'The e-mail had no .csv attachment matching "west_*.csv" (it had no attachments).',
    ]);
    expect(eastRuns[1]!.message).toBe(
      'The e-mail had no .csv attachment matching "east_*.csv" (its attachments: "north_1.csv").',
    );
    const inbound = await box.inbound();
    expect(inbound.map((row) => row.status)).toEqual(['processed', 'failed', 'failed']);
    expect(inbound[1]!.message).toContain('no .csv attachment matching');
    // Failed messages were meant for us: they are flagged \Seen like processed ones.
    expect(seenUids(await box.flags()).sort()).toEqual([eastUid, northUid, bareUid].sort());
    const [pollRun] = await runsOf(t, 'email', box.source.id);
    // One line per failed source run, for the poll's history entry.
    expect((pollRun!.details as RunDetails).errors).toHaveLength(4);
  });

  it('gives a message that matches two sources to each of them', async () => {
    const box = await mailbox(USERS[4]!);
    const first = await createTrackingSource(t, box.source.id, { attachmentName: '*.csv' });
    const second = await createTrackingSource(t, box.source.id, {
      subjectValue: 'shipment',
      containsNotExact: true,
      attachmentName: 'tracking_*',
    });
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_9.csv')],
    });
    const outcome = await box.poll();
    expect(outcome.counts).toEqual({ messagesSeen: 1, processed: 1, ignored: 0, failed: 0 });
    expect(await ordersOf(first.id)).toHaveLength(1);
    expect(await ordersOf(second.id)).toHaveLength(1);
    const [inbound] = await box.inbound();
    const runs = await t.db.db
      .select()
      .from(schema.runs)
      .where(eq(schema.runs.inboundMessageId, inbound!.id));
    expect(runs.map((run) => run.sourceId).sort()).toEqual([first.id, second.id].sort());
  });

  it('turns a processor that throws into a failed run and goes on with the next message', async () => {
    const box = await mailbox(USERS[5]!);
    const source = await createTrackingSource(t, box.source.id);
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_bad.csv', THROW_IN_PROCESSOR)],
    });
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_good.csv')],
    });

    const outcome = await box.poll();
    expect(outcome.status).toBe('succeeded');
    expect(outcome.counts).toEqual({ messagesSeen: 2, processed: 1, ignored: 0, failed: 1 });
    // The failing processor's own writes were rolled back to its savepoint; the failure is a run.
    expect((await ordersOf(source.id)).map((order) => order.documentNumber)).toEqual(['tracking_good.csv']);
    const runs = await runsOf(t, 'order-tracking', source.id);
    expect(runs.map((run) => [run.status, run.fileName])).toEqual([
      ['failed', 'tracking_bad.csv'],
      ['succeeded', 'tracking_good.csv'],
    ]);
    expect(runs[0]!.message).toBe(
      'Processing "tracking_bad.csv" failed: the test processor was told to fail',
    );
    expect(runs[0]!.inputFileId).not.toBeNull();
    expect((await box.inbound()).map((row) => row.status)).toEqual(['failed', 'processed']);
  });

  it('reads the mailbox again after a UIDVALIDITY change and handles only messages it has not seen (by Message-ID)', async () => {
    const user = USERS[6]!;
    const box = await mailbox(user);
    const source = await createTrackingSource(t, box.source.id);
    const firstMail = await buildMail({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_1.csv')],
    });
    await dovecot.appendMessage(user.user, firstMail);
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_2.csv')],
    });
    expect((await box.poll()).counts.processed).toBe(2);
    const [stateBefore] = await t.db.db
      .select()
      .from(schema.mailboxStates)
      .where(eq(schema.mailboxStates.emailSourceId, box.source.id));

    // The server's UIDVALIDITY changes (a rebuilt or migrated mailbox): every UID is new again.
    dovecot.setUidValidity(user.user, stateBefore!.uidValidity! + 1000);
    // A genuinely new message, and a second copy of the first one (same Message-ID).
    await box.append({
      from: SUPPLIER,
      subject: 'Shipment report',
      attachments: [csvFile('tracking_3.csv')],
    });
    await dovecot.appendMessage(user.user, firstMail);

    const rescan = await box.poll();
    expect(rescan.status).toBe('succeeded');
    expect(rescan.message).toMatch(/^UIDVALIDITY changed/);
    expect(rescan.counts).toEqual({ messagesSeen: 4, processed: 1, ignored: 3, failed: 0 });
    expect((await ordersOf(source.id)).map((order) => order.documentNumber)).toEqual([
      'tracking_1.csv',
      'tracking_2.csv',
      'tracking_3.csv',
    ]);
    const [stateAfter] = await t.db.db
      .select()
      .from(schema.mailboxStates)
      .where(eq(schema.mailboxStates.emailSourceId, box.source.id));
    expect(stateAfter!.uidValidity).toBe(stateBefore!.uidValidity! + 1000);
    expect(stateAfter!.lastUid).toBe(4);
    // Messages handled before the change keep their \Seen after it.
    expect(seenUids(await box.flags()).sort()).toEqual([1, 2, 3, 4]);
    expect((await box.poll()).counts.messagesSeen).toBe(0);
  });

  it('does not handle a message twice when two polls of the same mailbox race', async () => {
    const box = await mailbox(USERS[7]!);
    const source = await createTrackingSource(t, box.source.id);
    for (let index = 0; index < 5; index += 1) {
      await box.append({
        from: SUPPLIER,
        subject: 'Shipment report',
        attachments: [csvFile(`tracking_${index}.csv`)],
      });
    }
    const polls = await Promise.all([
      pollMailbox(t.app.context, box.source.id, {
        trigger: 'manual',
        processors: [recordingProcessor],
        waitForLeaseMs: 20_000,
      }),
      pollMailbox(t.app.context, box.source.id, {
        trigger: 'manual',
        processors: [recordingProcessor],
        waitForLeaseMs: 20_000,
      }),
    ]);
    const processed = polls.map((poll) => (poll.status === 'skipped' ? 0 : poll.counts.processed));
    expect(processed.sort()).toEqual([0, 5]);
    expect(await ordersOf(source.id)).toHaveLength(5);
    expect(await box.inbound()).toHaveLength(5);
  });
});
