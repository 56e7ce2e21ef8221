import { createServer } from 'node:net';
import { MAX_UPLOAD_BYTES, PROGRESS_HEADER } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SmtpCatcher, startSmtpCatcher } from '../../../../../test-servers/smtp-catcher';
import { insertRun } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { createSendingEmailSource, sftpFields } from '../../../test/modules/inventory-delivery';
import {
  ALL_STOCKED,
  createInventorySource,
  csvFile,
  fixture,
  runOf,
  SUPPLIER_HEADER,
  snapshotsOf,
  statesOf,
  stockFile,
} from '../../../test/modules/inventory-processing';
import { type FormPart, multipart } from '../../../test/multipart';
import { parseTable } from '../../integrations/spreadsheet';

// Delivery is the real one: e-mail through an SMTP catcher, SFTP to a loopback port where nothing listens.
let t: TestApp;
let catcher: SmtpCatcher;
let closedPort: number;
let inventoryUser: Session;
let debugUser: Session;
let orderUser: Session;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  closedPort = await freePort();
  t = await createTestApp();
  inventoryUser = (await t.signIn({ inventoryUser: true })).session;
  debugUser = (await t.signIn({ inventoryUser: true, debugMode: true })).session;
  orderUser = (await t.signIn({ orderUser: true, debugMode: true })).session;
  await t.createUser({
    email: 'buyer@retailer.example',
    inventoryUser: true,
    sendNotificationsToEmail: true,
  });
});
afterAll(async () => {
  await Promise.all([t?.close(), catcher?.close()]);
});
beforeEach(() => {
  catcher.messages.length = 0;
});

/** A loopback port that was free a moment ago: connecting to it is refused. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A source whose file goes out by e-mail through the catcher and by SFTP to a server that refuses. */
async function deliveringSource() {
  const mailbox = await createSendingEmailSource(t, catcher);
  return createInventorySource(t, {
    emailSourceId: mailbox.id,
    ...sftpFields(t, { host: '127.0.0.1', port: closedPort, username: 'feed', password: 'feed-secret' }),
  });
}

/** Which runs of the source the database holds while the catcher holds the e-mail back. */
async function statusesDuringDelivery(sourceId: number, request: Promise<unknown>): Promise<string[]> {
  const release = catcher.hold();
  try {
    await catcher.waitForHeld(1, 20_000);
    const runs = await t.db.db.select().from(schema.runs).where(eq(schema.runs.sourceId, sourceId));
    return runs.map((run) => run.status);
  } finally {
    release();
    await request;
  }
}

function form(fields: Record<string, string>, file?: { fileName: string; content: Buffer | string }) {
  const parts: FormPart[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (file) parts.push({ name: 'file', ...file });
  return multipart(parts);
}

async function post(url: string, session: Session | null, body?: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(body ? { payload: body.payload } : {}),
    headers: { ...(body?.headers ?? {}), ...(session ? session.headers : {}) },
  });
}

async function countRows() {
  const [runs] = await t.db.query<{ n: string | number }>('select count(*) as n from runs');
  const [files] = await t.db.query<{ n: string | number }>('select count(*) as n from stored_files');
  return { runs: Number(runs!.n), files: Number(files!.n) };
}

const PROCESS = '/api/inventory-sources/manually-process';
const DEBUG = '/api/inventory-sources/debug-modify-file';
const supplierCsv = () => ({ fileName: 'supplier-stock.csv', content: fixture('supplier-stock.csv') });
const flags = (sourceId: number, sendEmail = false, submitSftp = false) => ({
  sourceId: String(sourceId),
  sendEmailNotification: String(sendEmail),
  submitViaSftp: String(submitSftp),
});

describe('POST /api/inventory-sources/manually-process', () => {
  it('processes the file and answers the processing result with the generated file', async () => {
    const source = await createInventorySource(t);
    const body = form(flags(source.id), supplierCsv());
    // The screen names the work to ask for its progress (docs/behaviour/runs-and-history.md#progress).
    const key = 'inventory-progress-key-0001';
    const response = await post(PROCESS, inventoryUser, {
      ...body,
      headers: { ...body.headers, [PROGRESS_HEADER]: key } as typeof body.headers,
    });
    expect(response.statusCode).toBe(200);
    const progress = await t.app.inject({
      method: 'GET',
      url: `/api/progress/${key}`,
      headers: inventoryUser.headers,
    });
    // Counted in the file's items (one snapshot each); all done once the answer is in.
    expect(progress.json()).toMatchObject({ unit: 'rows', done: progress.json().total });
    expect(progress.json().total).toBeGreaterThan(0);
    const result = response.json();
    expect(result).toMatchObject({
      success: true,
      message: 'Processed 9 items: 5 Active, 4 Inactive (1 missing from the file).',
      errors: [],
      processedCount: 9,
      activeCount: 5,
      inactiveCount: 4,
      modificationsCount: 0,
      status: 'succeeded',
      heldReason: null,
      delivery: null,
      // Named, not only counted (docs/behaviour/inventory.md#processing-result).
      missingItems: ['Z-999'],
      columnInfo: { expectedItemColumn: 'SKU', itemColumnIndex: 0, qtyColumnIndex: 2, hasHeaders: true },
      processingSummary: {
        totalRows: 9,
        processedRows: 8,
        skippedRows: 1,
        activeItemsFound: 5,
        itemsModified: 0,
      },
    });
    expect(result.fileName).toMatch(/^retailer-feed_\d{8}-\d{6}\.xlsx$/);
    const table = parseTable(Buffer.from(result.fileData, 'base64'), { fileName: result.fileName });
    expect(table.rows[2]).toEqual(['Item Number', 'Status', 'Status Date', 'Notes']);
    expect(table.rows[3]!.slice(0, 2)).toEqual(['000123', 'Active']);
    expect(result.processingLogs.length).toBeGreaterThan(0);
    expect(result.debugLogs.length).toBeGreaterThan(0);
    const run = await runOf(t, result.runId);
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual', fileName: 'supplier-stock.csv' });
    expect(run.details.deliveryRequest).toEqual({ mode: 'manual', sendEmail: false, submitSftp: false });
    expect(catcher.messages).toHaveLength(0);
  });

  it('delivers after commit as the switches ask and reports the outcome', async () => {
    const source = await deliveringSource();
    const request = post(PROCESS, inventoryUser, form(flags(source.id, true, true), supplierCsv()));
    // The e-mail goes out only once the run is committed as succeeded.
    expect(await statusesDuringDelivery(source.id, request)).toEqual(['succeeded']);
    const result = (await request).json();
    expect(catcher.messages).toHaveLength(1);
    const [mail] = catcher.messages;
    expect(mail!.envelopeTo).toEqual(['buyer@retailer.example']);
    expect(mail!.parsed.attachments.map((attachment) => attachment.filename)).toEqual([result.fileName]);
    const emailed = `Sent "${result.fileName}" to buyer@retailer.example`;
    expect(result.delivery.email).toEqual({ ok: true, message: emailed });
    expect(result.delivery.sftp.ok).toBe(false);
    expect(result.delivery.sftp.message).toMatch(/connection refused/i);
    expect(result.processingLogs).toEqual(
      expect.arrayContaining([
        `Email notification: ${emailed}`,
        `SFTP submission: failed: ${result.delivery.sftp.message}`,
      ]),
    );
    expect(result.message).toBe(
      'Processed 9 items: 5 Active, 4 Inactive (1 missing from the file). File e-mailed, SFTP upload failed.',
    );
  });

  it('a failed run answers success false with the message, one error and zero counts', async () => {
    const mailbox = await createSendingEmailSource(t, catcher);
    const source = await createInventorySource(t, { qtyColumnName: 'Stock', emailSourceId: mailbox.id });
    const response = await post(PROCESS, inventoryUser, form(flags(source.id, true), supplierCsv()));
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      success: false,
      status: 'failed',
      processedCount: 0,
      activeCount: 0,
      inactiveCount: 0,
      fileName: null,
      fileData: null,
      delivery: null,
      missingItems: [],
    });
    expect(result.errors).toEqual([result.message]);
    expect(result.message).toMatch(/^Column "Stock" \(quantity\) is not in the file\./);
    expect(catcher.messages).toHaveLength(0);
  });

  it('refuses bad input and stores nothing', async () => {
    const source = await createInventorySource(t);
    const before = await countRows();
    const cases: Array<[ReturnType<typeof multipart>, number, string]> = [
      [form(flags(source.id)), 400, 'No file was uploaded'],
      [
        form(flags(source.id), { fileName: 'stock.xlsx', content: fixture('supplier-stock.xlsx') }),
        400,
        'Invalid file type. Expected .csv but got .xlsx',
      ],
      [
        form(flags(source.id), { fileName: 'stock.csv', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41) }),
        413,
        'File size must be less than 10MB',
      ],
      [form(flags(999_999), supplierCsv()), 404, 'Inventory source not found'],
      [
        form({ ...flags(source.id), sourceId: 'abc' }, supplierCsv()),
        400,
        'Invalid request: sourceId: sourceId must be a whole number',
      ],
      [
        form({ ...flags(source.id), sendEmailNotification: 'yes' }, supplierCsv()),
        400,
        "Invalid request: sendEmailNotification: sendEmailNotification must be 'true' or 'false'",
      ],
      [
        multipart([
          { name: 'sourceId', content: String(source.id) },
          { name: 'file', fileName: 'a.csv', content: 'SKU,Qty On Hand\n1,1\n' },
          { name: 'file', fileName: 'b.csv', content: 'SKU,Qty On Hand\n1,1\n' },
        ]),
        400,
        'Only one file is accepted',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(PROCESS, inventoryUser, body);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
    }
    const json = await t.app.inject({
      method: 'POST',
      url: PROCESS,
      payload: { sourceId: source.id },
      headers: inventoryUser.headers,
    });
    expect(json.statusCode).toBe(415);
    expect(await countRows()).toEqual(before);
    expect(catcher.messages).toHaveLength(0);
  });
});

describe('held runs: approve and discard', () => {
  const wipe = () => stockFile(Object.fromEntries(Object.keys(ALL_STOCKED).map((item) => [item, 0])));

  async function heldRun(sendEmail = false) {
    const source = await deliveringSource();
    const first = await post(
      PROCESS,
      inventoryUser,
      form(flags(source.id), { fileName: 's.csv', content: stockFile(ALL_STOCKED) }),
    );
    expect(first.json().status).toBe('succeeded');
    const response = await post(
      PROCESS,
      inventoryUser,
      form(flags(source.id, sendEmail), { fileName: 's.csv', content: wipe() }),
    );
    const result = response.json();
    expect(result).toMatchObject({ success: false, status: 'held', activeCount: 0, inactiveCount: 9 });
    expect(result.heldReason).toMatch(
      /^This file would turn 9 items of the 9 Active items Inactive \(100%\)/,
    );
    expect(result.fileData).not.toBeNull();
    return { source, runId: result.runId as number, result };
  }

  it('a held run is not delivered; approving applies its statuses, then delivers as the switches asked', async () => {
    const { source, runId, result } = await heldRun(true);
    expect(result.processingLogs).toContain(
      'Not delivered: the run is held for approval; approving it delivers the file as requested.',
    );
    expect(catcher.messages).toHaveLength(0);
    expect((await statesOf(t, source.id))['000123']).toBe('Active');

    const approval = post(`/api/inventory-sources/runs/${runId}/approve`, inventoryUser);
    // The approved run is committed (the held one became succeeded) before its file is e-mailed.
    expect(await statusesDuringDelivery(source.id, approval)).toEqual(['succeeded', 'succeeded']);
    const response = await approval;
    expect(response.statusCode).toBe(200);
    const run = response.json();
    expect(run).toMatchObject({ id: runId, status: 'succeeded', hasOutputFile: true });
    expect(run.message).toBe(
      `Approved by ${inventoryUser.username} after the drift guard held it: 9 items: 0 Active, 9 Inactive.`,
    );
    expect(run.details.approved.by).toBe(inventoryUser.username);
    expect(Object.values(await statesOf(t, source.id))).toEqual(Array(9).fill('Inactive'));
    // As the held request asked: e-mailed, not uploaded.
    expect(catcher.messages).toHaveLength(1);
    expect(catcher.messages[0]!.parsed.attachments).toHaveLength(1);
    expect(run.details.delivery?.sftp).toBeUndefined();
    const [row] = await t.db.db
      .select()
      .from(schema.inventoryItemStates)
      .where(eq(schema.inventoryItemStates.itemNumber, '000123'));
    expect(row).toBeDefined();

    // Only once.
    const again = await post(`/api/inventory-sources/runs/${runId}/approve`, inventoryUser);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Only a held run can be approved; run #${runId} is succeeded.`);
  });

  it('discarding keeps the states, drops the snapshots, and cannot be undone', async () => {
    const { source, runId } = await heldRun();
    expect(Object.keys(await snapshotsOf(t, runId))).toHaveLength(9);
    const response = await post(`/api/inventory-sources/runs/${runId}/discard`, inventoryUser);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: runId, status: 'discarded' });
    expect(response.json().message).toMatch(
      new RegExp(`^Discarded by ${inventoryUser.username}: This file would turn`),
    );
    expect(await snapshotsOf(t, runId)).toEqual({});
    expect(Object.values(await statesOf(t, source.id))).toEqual(Array(9).fill('Active'));
    expect((await post(`/api/inventory-sources/runs/${runId}/discard`, inventoryUser)).statusCode).toBe(409);
    expect((await post(`/api/inventory-sources/runs/${runId}/approve`, inventoryUser)).statusCode).toBe(409);
    expect(catcher.messages).toHaveLength(0);
  });

  it('an older held run cannot be approved over a newer successful one', async () => {
    const { source, runId } = await heldRun();
    const later = await post(
      PROCESS,
      inventoryUser,
      form(flags(source.id), { fileName: 's.csv', content: stockFile(ALL_STOCKED) }),
    );
    expect(later.json().status).toBe('succeeded');
    const response = await post(`/api/inventory-sources/runs/${runId}/approve`, inventoryUser);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/succeeded after this one was held/);
  });

  it('404 for unknown runs and runs of other kinds; 409 for runs that are not held', async () => {
    expect((await post('/api/inventory-sources/runs/987654/approve', inventoryUser)).statusCode).toBe(404);
    const other = await insertRun(t.db.db, {
      sourceType: 'order-tracking',
      sourceName: 'x',
      trigger: 'mail',
      status: 'held',
    });
    expect((await post(`/api/inventory-sources/runs/${other!.id}/discard`, inventoryUser)).statusCode).toBe(
      404,
    );
    const source = await createInventorySource(t);
    const ok = (await post(PROCESS, inventoryUser, form(flags(source.id), supplierCsv()))).json();
    const response = await post(`/api/inventory-sources/runs/${ok.runId}/discard`, inventoryUser);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Only a held run can be discarded; run #${ok.runId} is succeeded.`);
  });
});

describe('POST /api/inventory-sources/debug-modify-file', () => {
  /** 20 items with quantities 10, 20, … 200. */
  const rows = Array.from({ length: 20 }, (_, i) => [
    `M-${String(i + 1).padStart(3, '0')}`,
    'x',
    String((i + 1) * 10),
    '',
  ]);
  const file = () => ({ fileName: 'stock.csv', content: csvFile([SUPPLIER_HEADER, ...rows]) });

  it('rewrites every 5th quantity (some to 0) and one large drop, listing each change; deterministic', async () => {
    const source = await createInventorySource(t, { largeDropThreshold: 150 });
    const before = await countRows();
    const response = await post(DEBUG, debugUser, form({ sourceId: String(source.id) }, file()));
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      success: true,
      errors: [],
      fileName: 'stock_modified.csv',
      modificationsCount: 4,
    });
    const modifications = result.processingSummary.modifications as Array<{
      rowIndex: number;
      itemNumber: string;
      originalQuantity: number;
      newQuantity: number;
      reason: string;
    }>;
    // every 5th: M-005, M-010, M-015 (sold out), M-020 (the largest, replaced by the large drop); large drop on M-020
    expect(modifications.map((m) => m.itemNumber)).toEqual(['M-005', 'M-010', 'M-015', 'M-020']);
    const [m5, m10, m15, m20] = modifications;
    for (const m of [m5!, m10!]) {
      const percent = Math.round((1 - m.newQuantity / m.originalQuantity) * 100);
      expect(percent).toBeGreaterThanOrEqual(39);
      expect(percent).toBeLessThanOrEqual(90);
      expect(m.reason).toMatch(/^Every 5th item: dropped \d+% \(\d+ → \d+\)$/);
    }
    expect(m15).toMatchObject({
      originalQuantity: 150,
      newQuantity: 0,
      reason: 'Every 5th item: sold out (150 → 0)',
    });
    expect(m20!.originalQuantity - m20!.newQuantity).toBeGreaterThan(150);
    expect(m20!.reason).toMatch(
      /^Large drop of \d+, more than the large drop threshold of 150 \(200 → \d+\)$/,
    );

    // The file holds exactly these changes.
    const table = parseTable(Buffer.from(result.fileData, 'base64'), { fileName: 'x.csv' });
    for (let r = 1; r < table.rows.length; r++) {
      const changed = modifications.find((m) => m.rowIndex === r);
      expect(Number(table.rows[r]![2])).toBe(changed ? changed.newQuantity : r * 10);
    }
    expect(result.processingSummary).toMatchObject({ totalRows: 20, processedRows: 20, itemsModified: 4 });
    expect(
      result.debugLogs.some((line: string) => line.startsWith('Row 6, item M-005: Every 5th item')),
    ).toBe(true);

    const again = (await post(DEBUG, debugUser, form({ sourceId: String(source.id) }, file()))).json();
    expect(again.fileData).toBe(result.fileData);
    const otherSeed = (
      await post(DEBUG, debugUser, form({ sourceId: String(source.id), seed: '7' }, file()))
    ).json();
    expect(otherSeed.fileData).not.toBe(result.fileData);
    expect(await countRows()).toEqual(before);
  });

  it('keeps a workbook a workbook, changing only quantity cells', async () => {
    const source = await createInventorySource(t, { fileType: '.xlsx', largeDropThreshold: 10 });
    const response = await post(
      DEBUG,
      debugUser,
      form(
        { sourceId: String(source.id) },
        { fileName: 'supplier-stock.xlsx', content: fixture('supplier-stock.xlsx') },
      ),
    );
    const result = response.json();
    expect(result.success).toBe(true);
    expect(result.fileName).toBe('supplier-stock_modified.xlsx');
    const original = parseTable(fixture('supplier-stock.xlsx'), { fileName: 'a.xlsx' }).rows;
    const modified = parseTable(Buffer.from(result.fileData, 'base64'), { fileName: 'b.xlsx' });
    expect(modified.format).toBe('xlsx');
    const changedRows = new Set(
      result.processingSummary.modifications.map((m: { rowIndex: number }) => m.rowIndex),
    );
    expect(changedRows.size).toBeGreaterThan(0);
    original.forEach((row, r) => {
      if (changedRows.has(r)) {
        expect(modified.rows[r]!.filter((_, c) => c !== 2)).toEqual(row.filter((_, c) => c !== 2));
        expect(modified.rows[r]![2]).not.toBe(row[2]);
      } else {
        expect(modified.rows[r]).toEqual(row);
      }
    });
  });

  it('needs Debug Mode; refuses a wrong file type like processing does', async () => {
    const source = await createInventorySource(t);
    const refused = await post(DEBUG, inventoryUser, form({ sourceId: String(source.id) }, file()));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Debug: Modify File needs Debug Mode on your account');
    const wrongType = await post(
      DEBUG,
      debugUser,
      form({ sourceId: String(source.id) }, { fileName: 'a.xls', content: 'x' }),
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Invalid file type. Expected .csv but got .xls');
    expect((await post(DEBUG, debugUser, form({ sourceId: '424242' }, file()))).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  it('inventory users only; no session is 401', async () => {
    const source = await createInventorySource(t);
    const urls = [
      PROCESS,
      DEBUG,
      '/api/inventory-sources/runs/1/approve',
      '/api/inventory-sources/runs/1/discard',
    ];
    for (const url of urls) {
      const body = form(flags(source.id), supplierCsv());
      expect((await post(url, orderUser, body)).statusCode).toBe(403);
      expect((await post(url, null, body)).statusCode).toBe(401);
    }
    const admin = (await t.signIn({ isAdmin: true })).session;
    expect((await post(PROCESS, admin, form(flags(source.id), supplierCsv()))).statusCode).toBe(200);
    // Debug Mode is a flag of its own: an admin without it is refused too.
    expect((await post(DEBUG, admin, form(flags(source.id), supplierCsv()))).statusCode).toBe(403);
  });
});
