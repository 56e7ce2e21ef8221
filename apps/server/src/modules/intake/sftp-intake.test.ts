import { readdir, readFile, rename, utimes } from 'node:fs/promises';
import path from 'node:path';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SftpTestServer, startSftpServer } from '../../../../../test-servers/sftp';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { createTestApp, sealedSftpPassword, type TestApp } from '../../../test/helper';
import {
  createSendingEmailSource,
  type RunNotes,
  sftpFields,
} from '../../../test/modules/inventory-delivery';
import {
  createInventorySource,
  csvFile,
  processFile,
  stockFile,
} from '../../../test/modules/inventory-processing';
import { readStoredFile } from '../files/stored-files';
import { inventoryFileProcessor } from '../inventory-processing/processor';
import type { FileProcessor } from './file-processors';
import { pollInventorySftp } from './sftp-intake';

let t: TestApp;
let sftp: SftpTestServer;
let catcher: SmtpCatcher;

beforeAll(async () => {
  // sshd first: PGlite's start-up keeps the event loop busy long enough to trip sshd's start timeout.
  sftp = await startSftpServer();
  catcher = await startSmtpCatcher();
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all([t?.close(), catcher?.close(), sftp?.stop()]);
});

const HOUR = 3_600_000;
const STOCK = stockFile({
  '000123': 5,
  '4567': 12,
  '89012': 0,
  '1': 3,
  'A-100': 9,
  'B-200': 1,
  'C-300': 2,
  'D-400': 7,
});

/** Puts a file in the server's folder with a modification time (whole seconds, as SFTP reports it). */
async function putFile(relativePath: string, content: Buffer | string, modifiedAt: Date) {
  const target = await sftp.putFile(relativePath, content);
  const seconds = Math.floor(modifiedAt.getTime() / 1000);
  await utimes(target, seconds, seconds);
  return target;
}

async function names(relativeFolder: string) {
  return (await readdir(path.join(sftp.root, relativeFolder))).sort();
}

async function sftpRuns(sourceId: number) {
  return t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceId, sourceId), eq(schema.runs.trigger, 'sftp')))
    .orderBy(schema.runs.id);
}

async function sftpState(sourceId: number) {
  const [row] = await t.db.db
    .select()
    .from(schema.inventorySftpStates)
    .where(eq(schema.inventorySftpStates.sourceId, sourceId));
  return row;
}

describe('SFTP intake', () => {
  it('reads the matching files oldest first, moves them to processed/ and leaves the others alone', async () => {
    const source = await createInventorySource(t, {
      ...sftpFields(t, sftp, { inbound: 'in1' }),
      attachmentName: 'stock*',
    });
    const now = new Date();
    await putFile('in1/stock_b.csv', STOCK, new Date(now.getTime() - HOUR));
    await putFile('in1/STOCK_a.CSV', STOCK, new Date(now.getTime() - 2 * HOUR));
    await putFile('in1/prices.csv', 'SKU,Price\n1,2\n', new Date(now.getTime() - 2 * HOUR));
    await putFile('in1/stock_c.xlsx', 'not a workbook', new Date(now.getTime() - 2 * HOUR));
    // Still being written (modified a moment ago): it waits.
    await putFile('in1/stock_uploading.csv', STOCK, now);

    const outcome = await pollInventorySftp(t.app.context, source.id, { now });

    expect(outcome.status).toBe('succeeded');
    if (outcome.status !== 'succeeded') return;
    expect(outcome.files.map((file) => [file.name, file.action, file.status])).toEqual([
      ['STOCK_a.CSV', 'processed', 'succeeded'],
      ['stock_b.csv', 'processed', 'succeeded'],
    ]);
    expect(outcome.message).toBe('2 files processed');
    const runs = await sftpRuns(source.id);
    expect(runs.map((run) => [run.fileName, run.status, run.sourceType])).toEqual([
      ['STOCK_a.CSV', 'succeeded', 'inventory'],
      ['stock_b.csv', 'succeeded', 'inventory'],
    ]);
    const input = await readStoredFile(t.db.db, runs[0]!.inputFileId!);
    expect(Buffer.compare(input!.content, STOCK)).toBe(0);
    expect(runs[0]!.outputFileId).not.toBeNull();
    expect((runs[0]!.details as RunNotes).sftp).toEqual({
      remotePath: path.join(sftp.root, 'in1/STOCK_a.CSV'),
      movedTo: path.join(sftp.root, 'in1/processed/STOCK_a.CSV'),
    });

    expect(await names('in1')).toEqual(['prices.csv', 'processed', 'stock_c.xlsx', 'stock_uploading.csv']);
    expect(await names('in1/processed')).toEqual(['STOCK_a.CSV', 'stock_b.csv']);
    expect(Buffer.compare(await readFile(path.join(sftp.root, 'in1/processed/stock_b.csv')), STOCK)).toBe(0);

    const recorded = await t.db.db
      .select()
      .from(schema.inventorySftpFiles)
      .where(eq(schema.inventorySftpFiles.sourceId, source.id));
    expect(recorded.map((row) => [path.basename(row.remotePath), row.runId, row.size])).toEqual([
      ['STOCK_a.CSV', runs[0]!.id, STOCK.length],
      ['stock_b.csv', runs[1]!.id, STOCK.length],
    ]);
    expect(recorded.every((row) => row.movedTo !== null)).toBe(true);
    const state = await sftpState(source.id);
    expect(state).toMatchObject({ lastError: null, lastErrorAt: null });
    expect(state!.lastPollAt!.getTime()).toBe(now.getTime());
    expect(state!.lastPollSucceededAt!.getTime()).toBe(now.getTime());

    // A second poll finds nothing new.
    const again = await pollInventorySftp(t.app.context, source.id, { now: new Date(now.getTime() + 1_000) });
    expect(again).toMatchObject({
      status: 'succeeded',
      files: [],
      message: 'No new files in the inbound folder',
    });
    expect(await sftpRuns(source.id)).toHaveLength(2);
  });

  it('only moves a file whose run committed before a crash, and never overwrites an earlier processed file', async () => {
    const source = await createInventorySource(t, { ...sftpFields(t, sftp, { inbound: 'in2' }) });
    const modified = new Date(Date.now() - HOUR);
    await putFile('in2/stock.csv', STOCK, modified);
    const first = await pollInventorySftp(t.app.context, source.id);
    expect(first.status).toBe('succeeded');
    expect(await names('in2/processed')).toEqual(['stock.csv']);

    // The crash: the run and the record committed, the move never happened (same name, size and time).
    await rename(path.join(sftp.root, 'in2/processed/stock.csv'), path.join(sftp.root, 'in2/stock.csv'));
    await utimes(path.join(sftp.root, 'in2/stock.csv'), modified, modified);
    await putFile('in2/processed/stock.csv', 'an earlier file of the same name', modified);

    const recovered = await pollInventorySftp(t.app.context, source.id);
    expect(recovered.status).toBe('succeeded');
    if (recovered.status !== 'succeeded') return;
    expect(recovered.files).toHaveLength(1);
    expect(recovered.files[0]).toMatchObject({ name: 'stock.csv', action: 'moved' });
    expect(recovered.files[0]!.movedTo).toMatch(/\/in2\/processed\/stock\.\d{4}-\d\d-\d\dT[\d-]+Z\.csv$/);
    expect(await sftpRuns(source.id)).toHaveLength(1);
    expect(await names('in2')).toEqual(['processed']);
    const kept = await names('in2/processed');
    expect(kept).toHaveLength(2);
    expect(await readFile(path.join(sftp.root, 'in2/processed/stock.csv'), 'utf8')).toBe(
      'an earlier file of the same name',
    );

    // The same name with new content is a new file.
    await putFile('in2/stock.csv', stockFile({ '000123': 6 }), new Date(Date.now() - 60_000));
    const next = await pollInventorySftp(t.app.context, source.id);
    expect(next.status === 'succeeded' && next.files.map((file) => file.action)).toEqual(['processed']);
    expect(await sftpRuns(source.id)).toHaveLength(2);
  });

  it('keeps a processor that throws to a failed run and moves its file', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'in-throw' }));
    await putFile('in-throw/stock.csv', STOCK, new Date(Date.now() - HOUR));
    const throwing: FileProcessor = {
      ...inventoryFileProcessor,
      async process() {
        throw new Error('the processor broke');
      },
    };
    const outcome = await pollInventorySftp(t.app.context, source.id, { processor: throwing });
    expect(outcome.status === 'succeeded' && outcome.files[0]).toMatchObject({
      action: 'processed',
      status: 'failed',
      message: 'Processing "stock.csv" failed: the processor broke',
    });
    const [run] = await sftpRuns(source.id);
    expect(run).toMatchObject({ status: 'failed', fileName: 'stock.csv' });
    expect(Buffer.compare((await readStoredFile(t.db.db, run!.inputFileId!))!.content, STOCK)).toBe(0);
    expect(await names('in-throw')).toEqual(['processed']);
  });

  it('reads a file once when two polls of one source run at the same time', async () => {
    const source = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'in-race' }));
    await putFile('in-race/stock_1.csv', STOCK, new Date(Date.now() - 2 * HOUR));
    await putFile('in-race/stock_2.csv', STOCK, new Date(Date.now() - HOUR));
    const outcomes = await Promise.all([
      pollInventorySftp(t.app.context, source.id),
      pollInventorySftp(t.app.context, source.id),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded', 'succeeded']);
    const runs = await sftpRuns(source.id);
    expect(runs.map((run) => [run.fileName, run.status])).toEqual([
      ['stock_1.csv', 'succeeded'],
      ['stock_2.csv', 'succeeded'],
    ]);
    expect(await names('in-race')).toEqual(['processed']);
    expect(await names('in-race/processed')).toEqual(['stock_1.csv', 'stock_2.csv']);
    expect(await sftpState(source.id)).toMatchObject({ lastError: null });
  });

  it('records a failed run and the error for bad credentials or an unreachable server', async () => {
    const badLogin = await createInventorySource(t, sftpFields(t, sftp, { password: 'wrong-password' }));
    const outcome = await pollInventorySftp(t.app.context, badLogin.id);
    expect(outcome.status).toBe('failed');
    const [run] = await sftpRuns(badLogin.id);
    expect(run).toMatchObject({
      sourceType: 'inventory',
      trigger: 'sftp',
      status: 'failed',
      message: `SFTP intake failed: Could not sign in to 127.0.0.1:${sftp.port} as "inboxops-sftp": authentication failed.`,
    });
    const state = await sftpState(badLogin.id);
    expect(state!.lastError).toBe(run!.message);
    expect(state!.lastErrorAt).not.toBeNull();
    expect(state!.lastPollSucceededAt).toBeNull();

    const closed = await createInventorySource(t, sftpFields(t, { ...sftp, port: 1 }));
    await pollInventorySftp(t.app.context, closed.id);
    const [refused] = await sftpRuns(closed.id);
    expect(refused!.message).toMatch(
      /^SFTP intake failed: Could not connect to 127\.0\.0\.1:1: connection refused /,
    );

    const missingFolder = await createInventorySource(t, sftpFields(t, sftp, { inbound: 'no-such-folder' }));
    await pollInventorySftp(t.app.context, missingFolder.id);
    expect((await sftpRuns(missingFolder.id))[0]!.message).toBe(
      'SFTP intake failed: the inbound folder "no-such-folder" does not exist',
    );

    // Fixed: the next good poll clears the error.
    await t.db.db
      .update(schema.inventorySources)
      .set({ sftpPasswordEncrypted: sealedSftpPassword(t, badLogin, sftp.password) })
      .where(eq(schema.inventorySources.id, badLogin.id));
    expect((await pollInventorySftp(t.app.context, badLogin.id)).status).toBe('succeeded');
    expect(await sftpState(badLogin.id)).toMatchObject({ lastError: null, lastErrorAt: null });
  });

  it('skips sources that are inactive, deleted or have no SFTP server', async () => {
    const inactive = await createInventorySource(t, { ...sftpFields(t, sftp), activeStatus: false });
    const deleted = await createInventorySource(t, { ...sftpFields(t, sftp), deletedAt: new Date() });
    const noSftp = await createInventorySource(t);
    expect(await pollInventorySftp(t.app.context, inactive.id)).toMatchObject({
      status: 'skipped',
      reason: 'inactive',
    });
    expect(await pollInventorySftp(t.app.context, deleted.id)).toMatchObject({
      status: 'skipped',
      reason: 'not-found',
    });
    expect(await pollInventorySftp(t.app.context, noSftp.id)).toMatchObject({
      status: 'skipped',
      reason: 'no-sftp',
    });
  });
});

describe('delivery of SFTP runs', () => {
  it('e-mails and uploads a succeeded run, and neither a held nor a failed one', async () => {
    await t.createUser({
      email: 'stock.team@shop.example',
      inventoryUser: true,
      sendNotificationsToEmail: true,
    });
    const sender = await createSendingEmailSource(t, catcher);
    await sftp.makeFolder('to-retailer');
    const source = await createInventorySource(t, {
      ...sftpFields(t, sftp, { inbound: 'in-deliver', outbound: 'to-retailer' }),
      emailSourceId: sender.id,
      sourceName: 'Delivered Supplier',
    });
    const old = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await putFile('in-deliver/stock_1.csv', STOCK, old(30));
    // Held by the drift guard: a file without data rows.
    await putFile('in-deliver/stock_2.csv', stockFile({}), old(20));
    // Failed: no item number column.
    await putFile(
      'in-deliver/stock_3.csv',
      csvFile([
        ['Item', 'Count'],
        ['1', '2'],
      ]),
      old(10),
    );

    const outcome = await pollInventorySftp(t.app.context, source.id);
    expect(outcome.status).toBe('succeeded');
    if (outcome.status !== 'succeeded') return;
    expect(outcome.files.map((file) => [file.name, file.status])).toEqual([
      ['stock_1.csv', 'succeeded'],
      ['stock_2.csv', 'held'],
      ['stock_3.csv', 'failed'],
    ]);
    // Every handled file is moved, the failed one too (its run keeps the input for re-processing).
    expect(await names('in-deliver/processed')).toEqual(['stock_1.csv', 'stock_2.csv', 'stock_3.csv']);

    const [delivered, held, failed] = outcome.files;
    expect(delivered!.delivery).toMatchObject({
      email: { ok: true, recipients: ['stock.team@shop.example'] },
      sftp: { ok: true },
    });
    expect(held!.delivery).toBeUndefined();
    expect(failed!.delivery).toBeUndefined();

    const [run] = await sftpRuns(source.id);
    const output = await readStoredFile(t.db.db, run!.outputFileId!);
    const [mail] = await catcher.waitFor(1);
    expect(catcher.messages).toHaveLength(1);
    expect(mail!.parsed.subject).toMatch(/^Delivered Supplier: inventory availability file /);
    expect(Buffer.compare(mail!.parsed.attachments[0]!.content, output!.content)).toBe(0);
    const uploaded = await readFile(path.join(sftp.root, 'to-retailer', output!.fileName));
    expect(Buffer.compare(uploaded, output!.content)).toBe(0);
    expect((run!.details as RunNotes).delivery?.sftp?.remotePath).toBe(`to-retailer/${output!.fileName}`);
  });

  it('delivers a run whose poll crashed before delivery, unless a newer file came since', async () => {
    const sender = await createSendingEmailSource(t, catcher);
    const source = await createInventorySource(t, {
      ...sftpFields(t, sftp, { inbound: 'in-crash' }),
      emailSourceId: sender.id,
      sourceName: 'Crashed Supplier',
    });
    const modified = new Date(Date.now() - HOUR);
    await putFile('in-crash/stock.csv', STOCK, modified);
    // The crash: committed, then neither moved nor delivered.
    await pollInventorySftp(t.app.context, source.id, { deliver: false });
    await rename(
      path.join(sftp.root, 'in-crash/processed/stock.csv'),
      path.join(sftp.root, 'in-crash/stock.csv'),
    );
    await utimes(path.join(sftp.root, 'in-crash/stock.csv'), modified, modified);
    const [run] = await sftpRuns(source.id);
    expect((run!.details as RunNotes).delivery).toBeUndefined();

    catcher.messages.length = 0;
    const recovered = await pollInventorySftp(t.app.context, source.id);
    expect(recovered.status === 'succeeded' && recovered.files[0]).toMatchObject({
      action: 'moved',
      runId: run!.id,
      delivery: { email: { ok: true } },
    });
    await catcher.waitFor(1);
    expect(catcher.messages[0]!.parsed.subject).toMatch(/^Crashed Supplier: /);

    // Crashed again for the same file, but a newer file was read meanwhile: the old output is not sent.
    await rename(
      path.join(sftp.root, 'in-crash/processed/stock.csv'),
      path.join(sftp.root, 'in-crash/stock.csv'),
    );
    await utimes(path.join(sftp.root, 'in-crash/stock.csv'), modified, modified);
    await t.db.db.update(schema.runs).set({ details: {} }).where(eq(schema.runs.id, run!.id));
    await processFile(t, source.id, { fileName: 'manual.csv', content: STOCK });
    catcher.messages.length = 0;
    const stale = await pollInventorySftp(t.app.context, source.id);
    expect(stale.status === 'succeeded' && stale.files[0]).toMatchObject({ action: 'moved', runId: run!.id });
    expect(stale.status === 'succeeded' && stale.files[0]!.delivery).toBeUndefined();
    expect(catcher.messages).toHaveLength(0);
  });
});
