/**
 * Inventory files by mail, end to end against real peers: a supplier's stock e-mail with a LibreOffice-made
 * .xlsx lands in a real Dovecot mailbox; one "Check now" poll runs the real inventory processor (trigger
 * 'mail'), and the generated availability file goes out after the commit by e-mail through the e-mail
 * source's own outgoing server (a real SMTP catcher) to the inventory recipients, and to the source's SFTP
 * outbound folder on a real OpenSSH server. docs/behaviour/mail-intake.md, docs/behaviour/inventory.md#overview.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EmailSourcePollResult, InventoryRunDetails, LastRunSummary } from '@app/contracts';
import { schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import * as XLSX from '@e965/xlsx';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DovecotServer, startDovecot } from '../../../../../test-servers/dovecot';
import { type SftpTestServer, startSftpServer } from '../../../../../test-servers/sftp';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  buildMail,
  createMailboxSource,
  createTrackingSource,
  mailboxFlags,
  runsOf,
  trackingCsv,
} from '../../../test/modules/intake';
import { sftpFields } from '../../../test/modules/inventory-delivery';
import { createInventorySource, fixture } from '../../../test/modules/inventory-processing';
import { parseTable } from '../../integrations/spreadsheet';
import { readStoredFile } from '../files/stored-files';
import { deliverySubject, type RunDeliveryRecord } from '../inventory-delivery/deliver';

/** One secret for the mailbox and its outgoing server: an e-mail source has one password for both. */
const MAILBOX = { user: 'stock-intake@shop.example', password: 'stock-intake-secret' };
const MIXED_MAILBOX = { user: 'mixed-intake@shop.example', password: 'stock-intake-secret' };
const GUARDED_MAILBOX = { user: 'guarded-intake@shop.example', password: 'stock-intake-secret' };
const SUPPLIER = 'stock@acme.example';
const SUBJECT = 'Acme stock levels';
const RECIPIENT = 'stock.keeper@shop.example';

/** supplier-stock.* with the default rule (quantity above 0), in the order the retailer listed the items. */
const EXPECTED_STATUSES = [
  ['000123', 'Active'],
  ['004567', 'Active'],
  ['89012', 'Inactive'],
  ['000001', 'Active'],
  ['A-100', 'Inactive'],
  ['B-200', 'Inactive'],
  ['C-300', 'Active'],
  ['D-400', 'Active'],
  ['Z-999', 'Inactive'],
];

let t: TestApp;
let dovecot: DovecotServer;
/** One SMTP catcher per mailbox: each e-mail source signs in to its outgoing server as itself. */
let catcher: SmtpCatcher;
let mixedCatcher: SmtpCatcher;
let guardedCatcher: SmtpCatcher;
let sftp: SftpTestServer;
let stockKeeper: Session;

beforeAll(async () => {
  // sshd first: PGlite's start-up keeps the event loop busy long enough to trip sshd's start timeout.
  sftp = await startSftpServer();
  [dovecot, catcher, mixedCatcher, guardedCatcher] = await Promise.all([
    startDovecot({ users: [MAILBOX, MIXED_MAILBOX, GUARDED_MAILBOX] }),
    startSmtpCatcher({ user: MAILBOX.user, password: MAILBOX.password }),
    startSmtpCatcher({ user: MIXED_MAILBOX.user, password: MIXED_MAILBOX.password }),
    startSmtpCatcher({ user: GUARDED_MAILBOX.user, password: GUARDED_MAILBOX.password }),
  ]);
  t = await createTestApp({ env: { MAIL_POLL_TIMEOUT_SECONDS: '60' } });
  // The only inventory recipient: active, wants e-mail, Inventory User. It also presses "Check now".
  stockKeeper = (
    await t.signIn({
      email: RECIPIENT,
      inventoryUser: true,
      sendNotificationsToEmail: true,
    })
  ).session;
  // Users who must not receive the file: no inventory flag, no e-mail wanted, inactive.
  await t.createUser({ email: 'orders@shop.example', orderUser: true, sendNotificationsToEmail: true });
  await t.createUser({ email: 'quiet@shop.example', inventoryUser: true, sendNotificationsToEmail: false });
  await t.createUser({
    email: 'gone@shop.example',
    inventoryUser: true,
    sendNotificationsToEmail: true,
    activeStatus: false,
  });
}, 120_000);
afterAll(async () => {
  await Promise.all([
    t?.close(),
    dovecot?.stop(),
    catcher?.close(),
    mixedCatcher?.close(),
    guardedCatcher?.close(),
    sftp?.stop(),
  ]);
});
beforeEach(() => {
  for (const each of [catcher, mixedCatcher, guardedCatcher]) each.messages.length = 0;
});

/** A mailbox source on Dovecot whose outgoing server is an SMTP catcher. */
function mailboxSource(user: typeof MAILBOX, outgoing: SmtpCatcher) {
  return createMailboxSource(t, dovecot, user, {
    email: 'inventory@shop.example',
    outgoingServer: outgoing.host,
    outgoingPort: outgoing.port,
  });
}

/** An inventory source reading Acme's .xlsx stock files from `emailSourceId`, uploading to `outbound`. */
async function stockSource(emailSourceId: number, outbound: string) {
  await sftp.makeFolder(outbound);
  return createInventorySource(t, {
    emailSourceId,
    fileType: '.xlsx',
    fromEmail: SUPPLIER,
    subjectValue: SUBJECT,
    attachmentName: 'stock_*.xlsx',
    ...sftpFields(t, sftp, { outbound }),
  });
}

async function checkNow(emailSourceId: number): Promise<EmailSourcePollResult> {
  const response = await t.as(stockKeeper).post(`/api/email-sources/${emailSourceId}/poll`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmailSourcePollResult>();
}

function inboundOf(emailSourceId: number) {
  return t.db.db
    .select()
    .from(schema.inboundMessages)
    .where(eq(schema.inboundMessages.emailSourceId, emailSourceId))
    .orderBy(asc(schema.inboundMessages.uid));
}

async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(path.join(sftp.root, folder))).sort();
}

const stockXlsx = fixture('supplier-stock.xlsx');

/** YYYY-MM-DD of `at` in the server's time zone (the generated file's status date). */
function localDate(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

describe(`inventory files by mail (${DB_KIND}, real Dovecot, SMTP catcher and OpenSSH)`, () => {
  it('one poll processes the stock e-mail, e-mails and uploads the generated file, flags it \\Seen; a second poll does nothing', async () => {
    const mailbox = await mailboxSource(MAILBOX, catcher);
    const source = await stockSource(mailbox.id, 'retailer/availability');
    // The workbook really is LibreOffice's (its docProps/app.xml names the application).
    expect(XLSX.read(stockXlsx, { type: 'buffer', bookProps: true }).Props?.Application).toMatch(
      /^LibreOffice\//,
    );
    const uid = await dovecot.appendMessage(
      MAILBOX.user,
      await buildMail({
        from: `"Acme Warehouse" <${SUPPLIER}>`,
        subject: SUBJECT,
        attachments: [
          {
            filename: 'stock_20250307.xlsx',
            content: stockXlsx,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
      }),
    );
    expect(uid).toBeGreaterThan(0);

    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({
      status: 'succeeded',
      message: '1 new message: 1 processed, 0 ignored, 0 failed.',
      messagesSeen: 1,
      processed: 1,
      ignored: 0,
      failed: 0,
    });

    // One inventory run from mail, pointing at the inbound message, with the input and the output kept.
    const [inbound] = await inboundOf(mailbox.id);
    expect(inbound).toMatchObject({ uid, status: 'processed', fromAddress: SUPPLIER, attachmentCount: 1 });
    const runs = await runsOf(t, 'inventory', source.id);
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({
      trigger: 'mail',
      status: 'succeeded',
      fileName: 'stock_20250307.xlsx',
      inboundMessageId: inbound!.id,
      sourceName: source.sourceName,
      message: 'Processed 9 items: 5 Active, 4 Inactive (1 missing from the file).',
    });
    const input = await readStoredFile(t.db.db, run.inputFileId!);
    expect(input!.content.equals(stockXlsx)).toBe(true);
    const output = await readStoredFile(t.db.db, run.outputFileId!);
    expect(output!.fileName).toMatch(/^retailer-feed_\d{8}-\d{6}\.xlsx$/);
    // The generated file: the sample's rows above the header, its header, one row per activated item.
    const table = parseTable(output!.content, { fileName: output!.fileName });
    expect(table.format).toBe('xlsx');
    expect(table.rows.slice(0, 3)).toEqual([
      ['Retailer Availability Feed', '', '', ''],
      ['Account 4711', '', '', ''],
      ['Item Number', 'Status', 'Status Date', 'Notes'],
    ]);
    expect(table.rows.slice(3)).toEqual(
      EXPECTED_STATUSES.map(([item, status]) => [item, status, localDate(run.startedAt), '']),
    );
    // The download the history offers is the same file.
    const download = await t.as(stockKeeper).get(`/api/runs/${run.id}/output`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(output!.content)).toBe(true);

    // E-mailed from the source's own address through its outgoing server, to the inventory recipient only.
    const [mail] = await catcher.waitFor(1);
    expect(catcher.messages).toHaveLength(1);
    expect(mail!.envelopeFrom).toBe('inventory@shop.example');
    expect(mail!.envelopeTo).toEqual([RECIPIENT]);
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: RECIPIENT }] });
    expect(mail!.parsed.subject).toBe(deliverySubject(source.sourceName, run.finishedAt!));
    expect(mail!.parsed.text).toContain(`Run #${run.id} (E-mail, from stock_20250307.xlsx)`);
    expect(mail!.parsed.attachments).toHaveLength(1);
    const attachment = mail!.parsed.attachments[0]!;
    expect(attachment.filename).toBe(output!.fileName);
    expect(attachment.content.equals(output!.content)).toBe(true);

    // Uploaded to the outbound folder with the same bytes.
    expect(await filesIn('retailer/availability')).toEqual([output!.fileName]);
    const uploaded = await readFile(path.join(sftp.root, 'retailer/availability', output!.fileName));
    expect(uploaded.equals(output!.content)).toBe(true);

    // Both outcomes are in the run's history.
    const [delivered] = await runsOf(t, 'inventory', source.id);
    const delivery = (delivered!.details as InventoryRunDetails & { delivery?: RunDeliveryRecord }).delivery;
    expect(delivery?.email).toEqual({
      ok: true,
      message: `Sent "${output!.fileName}" to ${RECIPIENT}`,
      recipients: [RECIPIENT],
    });
    expect(delivery?.sftp).toEqual({
      ok: true,
      message: `Uploaded "${output!.fileName}" to 127.0.0.1:${sftp.port} as retailer/availability/${output!.fileName}`,
      remotePath: `retailer/availability/${output!.fileName}`,
    });

    // The item states are what the file said; the message is \Seen only now that the work is committed.
    const states = await t.db.db
      .select()
      .from(schema.inventoryItemStates)
      .where(eq(schema.inventoryItemStates.sourceId, source.id));
    expect(Object.fromEntries(states.map((row) => [row.itemNumber, row.status]))).toEqual(
      Object.fromEntries(EXPECTED_STATUSES),
    );
    expect((await mailboxFlags(dovecot, MAILBOX)).get(uid!)?.has('\\Seen')).toBe(true);
    expect((await inboundOf(mailbox.id))[0]!.needsSeenFlag).toBe(false);
    // The source list shows the run as the last one.
    const list = await t.as(stockKeeper).get('/api/inventory-sources/inventories');
    const listed = list
      .json<Array<{ id: number; lastRun: LastRunSummary | null }>>()
      .find((item) => item.id === source.id);
    expect(listed?.lastRun).toMatchObject({ id: run.id, status: 'succeeded', trigger: 'mail' });

    // A second poll finds nothing new: no run, no mail, no upload.
    const again = await checkNow(mailbox.id);
    expect(again).toMatchObject({
      status: 'succeeded',
      message: 'No new messages.',
      messagesSeen: 0,
      processed: 0,
    });
    expect(await runsOf(t, 'inventory', source.id)).toHaveLength(1);
    expect(await inboundOf(mailbox.id)).toHaveLength(1);
    expect(await filesIn('retailer/availability')).toEqual([output!.fileName]);
    // A poll returns after its after-commit work (delivery) is done, and nothing delivers later: counting now
    // is conclusive.
    expect(catcher.messages).toHaveLength(1);
    expect((await runsOf(t, 'email', mailbox.id)).map((pollRun) => pollRun.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  });

  it('a message matching an order tracking source and an inventory source by different attachment names feeds both', async () => {
    const mailbox = await mailboxSource(MIXED_MAILBOX, mixedCatcher);
    const inventory = await stockSource(mailbox.id, 'mixed/out');
    // Same sender and subject; the attachment name tells the two sources' files apart.
    const tracking = await createTrackingSource(t, mailbox.id, {
      fromEmail: SUPPLIER,
      subjectValue: SUBJECT,
      attachmentName: 'tracking_*.csv',
    });
    const both = await dovecot.appendMessage(
      MIXED_MAILBOX.user,
      await buildMail({
        from: SUPPLIER,
        subject: SUBJECT,
        attachments: [
          {
            filename: 'tracking_0307.csv',
            content: trackingCsv([
              ['PO-1', '1Z001'],
              ['PO-2', '1Z002'],
            ]),
            contentType: 'text/csv',
          },
          { filename: 'stock_0307.xlsx', content: stockXlsx },
        ],
      }),
    );
    // Only one of the two files: the other source was not meant to get this one, so it does not fail.
    const trackingOnly = await dovecot.appendMessage(
      MIXED_MAILBOX.user,
      await buildMail({
        from: SUPPLIER,
        subject: SUBJECT,
        attachments: [{ filename: 'tracking_0308.csv', content: trackingCsv([['PO-3', '1Z003']]) }],
      }),
    );

    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({ status: 'succeeded', messagesSeen: 2, processed: 2, ignored: 0, failed: 0 });

    const inbound = await inboundOf(mailbox.id);
    expect(inbound.map((row) => [row.uid, row.status])).toEqual([
      [both, 'processed'],
      [trackingOnly, 'processed'],
    ]);
    const trackingRuns = await runsOf(t, 'order-tracking', tracking.id);
    expect(
      trackingRuns.map((run) => [
        run.trigger,
        run.status,
        run.fileName,
        run.ordersUpdated,
        run.inboundMessageId,
      ]),
    ).toEqual([
      ['mail', 'succeeded', 'tracking_0307.csv', 2, inbound[0]!.id],
      ['mail', 'succeeded', 'tracking_0308.csv', 1, inbound[1]!.id],
    ]);
    const inventoryRuns = await runsOf(t, 'inventory', inventory.id);
    expect(inventoryRuns.map((run) => [run.trigger, run.status, run.fileName, run.inboundMessageId])).toEqual(
      [['mail', 'succeeded', 'stock_0307.xlsx', inbound[0]!.id]],
    );
    const orders = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, tracking.id))
      .orderBy(asc(schema.orders.uniqueKey));
    expect(orders.map((order) => order.uniqueKey)).toEqual(['PO-1', 'PO-2', 'PO-3']);

    // The inventory run's file went out on both channels; the tracking file is not an inventory file.
    const output = await readStoredFile(t.db.db, inventoryRuns[0]!.outputFileId!);
    const [mail] = await mixedCatcher.waitFor(1);
    expect(mail!.envelopeTo).toEqual([RECIPIENT]);
    expect(mail!.parsed.attachments.map((file) => file.filename)).toEqual([output!.fileName]);
    expect(mail!.parsed.attachments[0]!.content.equals(output!.content)).toBe(true);
    expect(await filesIn('mixed/out')).toEqual([output!.fileName]);
    expect(
      (await readFile(path.join(sftp.root, 'mixed/out', output!.fileName))).equals(output!.content),
    ).toBe(true);

    const flags = await mailboxFlags(dovecot, MIXED_MAILBOX);
    expect(flags.get(both!)?.has('\\Seen')).toBe(true);
    expect(flags.get(trackingOnly!)?.has('\\Seen')).toBe(true);
    expect(mixedCatcher.messages).toHaveLength(1);
    expect(catcher.messages).toHaveLength(0);

    const again = await checkNow(mailbox.id);
    expect(again.messagesSeen).toBe(0);
    expect(await runsOf(t, 'order-tracking', tracking.id)).toHaveLength(2);
    expect(await runsOf(t, 'inventory', inventory.id)).toHaveLength(1);
  });

  it('a stock file that would turn most Active items Inactive is held: not e-mailed, not uploaded, still \\Seen', async () => {
    const mailbox = await mailboxSource(GUARDED_MAILBOX, guardedCatcher);
    const source = await stockSource(mailbox.id, 'guarded/out');
    const stockMail = (filename: string, content: Buffer) =>
      buildMail({ from: SUPPLIER, subject: SUBJECT, attachments: [{ filename, content }] });
    // The good file, then one whose every quantity is 0 (a supplier export gone wrong): both in one poll.
    const good = await dovecot.appendMessage(
      GUARDED_MAILBOX.user,
      await stockMail('stock_1.xlsx', stockXlsx),
    );
    const zeroes = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      zeroes,
      XLSX.utils.aoa_to_sheet([
        ['SKU', 'Description', 'Qty On Hand', 'Status'],
        ...EXPECTED_STATUSES.filter(([item]) => item !== 'Z-999').map(([item]) => [item, 'x', 0, '']),
      ]),
      'Stock',
    );
    const bad = await dovecot.appendMessage(
      GUARDED_MAILBOX.user,
      await stockMail('stock_2.xlsx', XLSX.write(zeroes, { type: 'buffer', bookType: 'xlsx' }) as Buffer),
    );

    const poll = await checkNow(mailbox.id);
    expect(poll).toMatchObject({ status: 'succeeded', messagesSeen: 2, processed: 2, failed: 0 });
    const runs = await runsOf(t, 'inventory', source.id);
    expect(runs.map((run) => [run.fileName, run.status])).toEqual([
      ['stock_1.xlsx', 'succeeded'],
      ['stock_2.xlsx', 'held'],
    ]);
    expect(runs[1]!.message).toMatch(
      /^Held for approval: This file would turn 5 items of the 5 Active items Inactive \(100%\)/,
    );
    // Only the good run's file went out; the held run has a file for the operator but no delivery.
    const good1 = await readStoredFile(t.db.db, runs[0]!.outputFileId!);
    const [mail] = await guardedCatcher.waitFor(1);
    expect(mail!.parsed.attachments[0]!.content.equals(good1!.content)).toBe(true);
    expect(await filesIn('guarded/out')).toEqual([good1!.fileName]);
    expect(
      (await readFile(path.join(sftp.root, 'guarded/out', good1!.fileName))).equals(good1!.content),
    ).toBe(true);
    expect(runs[1]!.outputFileId).not.toBeNull();
    expect((runs[1]!.details as { delivery?: unknown }).delivery).toBeUndefined();
    expect(guardedCatcher.messages).toHaveLength(1);
    // The store keeps what the good file said.
    const states = await t.db.db
      .select()
      .from(schema.inventoryItemStates)
      .where(eq(schema.inventoryItemStates.sourceId, source.id));
    expect(Object.fromEntries(states.map((row) => [row.itemNumber, row.status]))).toEqual(
      Object.fromEntries(EXPECTED_STATUSES),
    );
    // Both messages were for the source and were handled: both are \Seen.
    const flags = await mailboxFlags(dovecot, GUARDED_MAILBOX);
    expect([flags.get(good!)?.has('\\Seen'), flags.get(bad!)?.has('\\Seen')]).toEqual([true, true]);
  });
});
