import type {
  InventorySourceListItem,
  OrderTrackingSourceListItem,
  ReprocessOutcome,
  RunListResponse,
  RunRecord,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource, insertInventorySource, insertOrderTrackingSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { createSource, csv, HEADER, processFile } from '../../../test/modules/order-tracking-ingestion';
import { runHousekeeping } from '../../jobs/housekeeping';
import { storeFile } from '../files/stored-files';
import { recordRun } from './repository';

const DAY = 86_400_000;

let t: TestApp;
let admin: Session;
let orderUser: Session;
let inventoryUser: Session;
let submissionUser: Session;
let noFlags: Session;
let emailSourceId: number;
let orderSourceId: number;
let inventorySourceId: number;

async function createOrderSource(name: string) {
  const row = await insertOrderTrackingSource(t.db.db, {
    sourceName: name,
    emailSourceId,
    fileType: '.csv',
    fromEmail: 'ship@supplier.example',
    subjectValue: 'Shipments',
    attachmentName: '*.csv',
    uniqueColumn: 'CustomerPoNumber',
    columnMapping: { customerPoNumber: 'PO', trackingNumbers: 'Tracking' },
  });
  return row!.id;
}

async function createInventorySource(name: string, sampleFileId: number | null = null) {
  const row = await insertInventorySource(t.db.db, { sourceName: name, emailSourceId, sampleFileId });
  return row!.id;
}

/** A finished run of a source, started `ageDays` ago, optionally with stored input and output files. */
async function seedRun(options: {
  sourceType: 'order-tracking' | 'inventory' | 'email' | 'order-submission' | 'vendor';
  sourceId: number;
  sourceName?: string;
  ageDays?: number;
  input?: { fileName: string; content: Buffer } | number;
  output?: { fileName: string; content: Buffer };
  status?: 'succeeded' | 'failed' | 'held';
  message?: string;
}) {
  const db = t.db.db;
  const inputFileId =
    typeof options.input === 'number'
      ? options.input
      : options.input
        ? await storeFile(db, options.input.fileName, options.input.content)
        : null;
  const outputFileId = options.output
    ? await storeFile(db, options.output.fileName, options.output.content)
    : null;
  const runId = await recordRun(
    db,
    {
      sourceType: options.sourceType,
      sourceId: options.sourceId,
      sourceName: options.sourceName ?? `source ${options.sourceId}`,
      trigger: 'mail',
      fileName: typeof options.input === 'object' ? options.input.fileName : null,
      inputFileId,
    },
    {
      status: options.status ?? 'succeeded',
      message: options.message ?? 'done',
      ordersUpdated: 3,
      details: { counts: { rows: 3 }, warnings: ['w1'] },
      outputFileId,
    },
  );
  if (options.ageDays) {
    await db
      .update(schema.runs)
      .set({ startedAt: new Date(Date.now() - options.ageDays * DAY) })
      .where(eq(schema.runs.id, runId));
  }
  return { runId, inputFileId, outputFileId };
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, orderUser, inventoryUser, submissionUser, noFlags] = await Promise.all([
    t.signIn({ isAdmin: true }).then((r) => r.session),
    t.signIn({ orderUser: true }).then((r) => r.session),
    t.signIn({ inventoryUser: true }).then((r) => r.session),
    t.signIn({ submissionUser: true }).then((r) => r.session),
    t.signIn({}).then((r) => r.session),
  ]);
  const mailbox = await insertEmailSource(t.db.db, {
    username: 'Shipments mailbox',
    email: 'ops@retailer.example',
  });
  emailSourceId = mailbox!.id;
  orderSourceId = await createOrderSource('Acme shipments');
  inventorySourceId = await createInventorySource('Acme stock');
});
afterAll(async () => {
  await t?.close();
});

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, ...(session ? { headers: session.headers } : {}) });
const post = (session: Session | null, url: string) =>
  t.app.inject({ method: 'POST', url, ...(session ? { headers: session.headers } : {}) });

describe('GET /api/runs', () => {
  it('lists one source’s runs newest first, 25 to a page, with the total', async () => {
    const sourceId = await createOrderSource('Paged source');
    for (let index = 0; index < 27; index += 1) {
      await seedRun({ sourceType: 'order-tracking', sourceId, ageDays: 27 - index, message: `run ${index}` });
    }
    // Another source's and another type's runs with the same id stay out.
    await seedRun({ sourceType: 'inventory', sourceId });
    await seedRun({ sourceType: 'order-tracking', sourceId: orderSourceId });

    const first = await get(orderUser, `/api/runs?sourceType=order-tracking&sourceId=${sourceId}`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json<RunListResponse>();
    expect(page1.totalRecordCount).toBe(27);
    expect(page1.runs).toHaveLength(25);
    expect(page1.runs[0]!.message).toBe('run 26');
    expect(page1.runs[24]!.message).toBe('run 2');
    const startedAt = page1.runs.map((run) => Date.parse(run.startedAt));
    expect([...startedAt].sort((a, b) => b - a)).toEqual(startedAt);
    expect(page1.runs[0]).toMatchObject({
      sourceType: 'order-tracking',
      sourceId,
      trigger: 'mail',
      status: 'succeeded',
      ordersUpdated: 3,
      // A run whose counts do not split its orders (recorded before the split was counted).
      ordersNew: null,
      ordersChanged: null,
      details: { counts: { rows: 3 }, warnings: ['w1'] },
      hasInputFile: false,
      hasOutputFile: false,
      reprocessOfRunId: null,
    });

    const second = await get(orderUser, `/api/runs?sourceType=order-tracking&sourceId=${sourceId}&page=2`);
    expect(second.json<RunListResponse>().runs.map((run) => run.message)).toEqual(['run 1', 'run 0']);

    const small = await get(
      orderUser,
      `/api/runs?sourceType=order-tracking&sourceId=${sourceId}&page=3&pageSize=10`,
    );
    expect(small.json<RunListResponse>()).toMatchObject({ totalRecordCount: 27 });
    expect(small.json<RunListResponse>().runs).toHaveLength(7);

    const beyond = await get(orderUser, `/api/runs?sourceType=order-tracking&sourceId=${sourceId}&page=9`);
    expect(beyond.json<RunListResponse>()).toEqual({ runs: [], totalRecordCount: 27 });
  });

  it('answers an empty list for a source without runs', async () => {
    const response = await get(admin, '/api/runs?sourceType=inventory&sourceId=99999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ runs: [], totalRecordCount: 0 });
  });

  it('checks the flag of the source type asked for', async () => {
    await seedRun({ sourceType: 'email', sourceId: emailSourceId });
    await seedRun({ sourceType: 'vendor', sourceId: 1 });
    await seedRun({ sourceType: 'order-submission', sourceId: 1 });
    const cases: Array<[Session, string, number]> = [
      [orderUser, 'order-tracking', 200],
      [orderUser, 'inventory', 403],
      [orderUser, 'email', 200],
      [orderUser, 'order-submission', 403],
      [orderUser, 'vendor', 403],
      [inventoryUser, 'order-tracking', 403],
      [inventoryUser, 'inventory', 200],
      [inventoryUser, 'email', 200],
      [inventoryUser, 'vendor', 403],
      [submissionUser, 'order-tracking', 403],
      [submissionUser, 'inventory', 403],
      [submissionUser, 'email', 200],
      [submissionUser, 'order-submission', 200],
      [submissionUser, 'vendor', 200],
      [admin, 'order-tracking', 200],
      [admin, 'inventory', 200],
      [admin, 'email', 200],
      [admin, 'order-submission', 200],
      [admin, 'vendor', 200],
      [noFlags, 'email', 403],
    ];
    for (const [session, sourceType, status] of cases) {
      const response = await get(session, `/api/runs?sourceType=${sourceType}&sourceId=1`);
      expect(response.statusCode, `${session.username} ${sourceType}`).toBe(status);
      if (status === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('needs a session', async () => {
    const response = await get(null, `/api/runs?sourceType=order-tracking&sourceId=${orderSourceId}`);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a bad query, naming each field', async () => {
    const cases = [
      ['', ['sourceType', 'sourceId']],
      ['sourceType=orders&sourceId=1', ['sourceType']],
      ['sourceType=inventory', ['sourceId']],
      ['sourceType=inventory&sourceId=abc', ['sourceId']],
      ['sourceType=inventory&sourceId=0', ['sourceId']],
      ['sourceType=inventory&sourceId=1&page=0', ['page']],
      ['sourceType=inventory&sourceId=1&pageSize=1000', ['pageSize']],
      ['sourceType=inventory&sourceId=1&page=1.5', ['page']],
    ] as const;
    for (const [query, fields] of cases) {
      const response = await get(admin, `/api/runs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().fields).sort(), query).toEqual([...fields].sort());
    }
  });
});

describe('GET /api/runs/:id', () => {
  it('answers the run to users of its source type', async () => {
    const { runId } = await seedRun({
      sourceType: 'inventory',
      sourceId: inventorySourceId,
      input: { fileName: 'stock.csv', content: Buffer.from('SKU,Qty\n1,2\n') },
    });
    const response = await get(inventoryUser, `/api/runs/${runId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<RunRecord>()).toMatchObject({
      id: runId,
      sourceType: 'inventory',
      sourceId: inventorySourceId,
      fileName: 'stock.csv',
      hasInputFile: true,
      hasOutputFile: false,
    });
    expect((await get(orderUser, `/api/runs/${runId}`)).statusCode).toBe(403);
    expect((await get(submissionUser, `/api/runs/${runId}`)).statusCode).toBe(403);
    expect((await get(admin, `/api/runs/${runId}`)).statusCode).toBe(200);
    expect((await get(null, `/api/runs/${runId}`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown run and 400 for a bad id', async () => {
    expect((await get(admin, '/api/runs/987654')).statusCode).toBe(404);
    expect((await get(admin, '/api/runs/abc')).statusCode).toBe(400);
    expect((await get(admin, '/api/runs/-1')).statusCode).toBe(400);
  });
});

describe('run file downloads', () => {
  it('sends the stored input and output byte for byte, with type and file name', async () => {
    // Bytes that are not valid UTF-8 prove nothing is re-encoded on the way.
    const input = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00, 0xff, 0x80, 0x7f]);
    const output = Buffer.from('Item,Status,Date\n00123,Active,2026-01-01\n', 'utf8');
    const { runId } = await seedRun({
      sourceType: 'inventory',
      sourceId: inventorySourceId,
      input: { fileName: 'Stock äö "June".xls', content: input },
      output: { fileName: 'availability.csv', content: output },
    });

    const inputResponse = await get(inventoryUser, `/api/runs/${runId}/input`);
    expect(inputResponse.statusCode).toBe(200);
    expect(inputResponse.rawPayload.equals(input)).toBe(true);
    expect(inputResponse.headers['content-type']).toBe('application/vnd.ms-excel');
    const disposition = String(inputResponse.headers['content-disposition']);
    // The name is cleaned (docs/design/security.md#file-names): its quotes go, its accents stay.
    expect(disposition).toMatch(/^attachment; filename="Stock __ June.xls"/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Stock äö June.xls')}`);

    const outputResponse = await get(admin, `/api/runs/${runId}/output`);
    expect(outputResponse.statusCode).toBe(200);
    expect(outputResponse.rawPayload.equals(output)).toBe(true);
    expect(outputResponse.headers['content-type']).toMatch(/^text\/csv/);
    expect(outputResponse.headers['content-disposition']).toContain('filename="availability.csv"');
  });

  it('answers 404 when the run has no such file, 403 to other flags, 401 without a session', async () => {
    const { runId } = await seedRun({ sourceType: 'order-tracking', sourceId: orderSourceId });
    const noInput = await get(orderUser, `/api/runs/${runId}/input`);
    expect(noInput.statusCode).toBe(404);
    expect(noInput.json().message).toMatch(/no stored input file/);
    expect((await get(orderUser, `/api/runs/${runId}/output`)).statusCode).toBe(404);
    expect((await get(orderUser, '/api/runs/987654/input')).statusCode).toBe(404);

    const withFile = await seedRun({
      sourceType: 'order-tracking',
      sourceId: orderSourceId,
      input: { fileName: 'ship.csv', content: Buffer.from('PO,Tracking\n1,Z\n') },
    });
    expect((await get(inventoryUser, `/api/runs/${withFile.runId}/input`)).statusCode).toBe(403);
    expect((await get(null, `/api/runs/${withFile.runId}/input`)).statusCode).toBe(401);
  });
});

describe('POST /api/runs/:id/reprocess', () => {
  it('runs the order tracking processor again on the stored input: a new run linked to the old one', async () => {
    const source = await createSource(t, { emailSourceId });
    const file = csv([
      HEADER,
      ['L1', 'PO-1', 'A', '2026-01-02', '1', 'TRK1'],
      ['L2', 'PO-2', 'B', '', '2', ''],
    ]);
    const first = await processFile(t, source.id, file, 'shipments.csv');
    expect(first).toMatchObject({ status: 'succeeded', ordersUpdated: 2 });
    const filesBefore = await t.db.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles);

    const response = await post(orderUser, `/api/runs/${first.runId}/reprocess`);
    expect(response.statusCode).toBe(200);
    const outcome = response.json<ReprocessOutcome>();
    // The same rows again change nothing, and say so.
    expect(outcome).toMatchObject({
      status: 'succeeded',
      ordersUpdated: 0,
      ordersNew: 0,
      ordersChanged: 0,
      ordersDeleted: 0,
      reprocessOfRunId: first.runId,
    });
    expect(outcome.runId).toBeGreaterThan(first.runId);
    expect(outcome.message).toMatch(/Imported 2 rows/);

    // The first run's orders were all new (docs/behaviour/order-tracking.md#new-and-changed-orders).
    expect((await get(orderUser, `/api/runs/${first.runId}`)).json<RunRecord>()).toMatchObject({
      ordersUpdated: 2,
      ordersNew: 2,
      ordersChanged: 0,
    });
    const run = (await get(orderUser, `/api/runs/${outcome.runId}`)).json<RunRecord>();
    expect(run).toMatchObject({
      ordersNew: 0,
      ordersChanged: 0,
      sourceType: 'order-tracking',
      sourceId: source.id,
      trigger: 'reprocess',
      status: 'succeeded',
      fileName: 'shipments.csv',
      hasInputFile: true,
      reprocessOfRunId: first.runId,
    });
    const [oldRow, newRow] = await Promise.all([
      t.db.db.select().from(schema.runs).where(eq(schema.runs.id, first.runId)),
      t.db.db.select().from(schema.runs).where(eq(schema.runs.id, outcome.runId)),
    ]);
    expect(newRow[0]!.inputFileId).toBe(oldRow[0]!.inputFileId);
    // The input is read again, not stored again.
    const filesAfter = await t.db.db.select({ id: schema.storedFiles.id }).from(schema.storedFiles);
    expect(filesAfter).toHaveLength(filesBefore.length);
    const input = await get(orderUser, `/api/runs/${outcome.runId}/input`);
    expect(input.rawPayload.equals(file)).toBe(true);

    const history = (
      await get(orderUser, `/api/runs?sourceType=order-tracking&sourceId=${source.id}`)
    ).json<RunListResponse>();
    expect(history.runs.map((entry) => entry.id)).toEqual([outcome.runId, first.runId]);
  });

  it('re-processes a failed run after its mapping was fixed', async () => {
    const source = await createSource(t, { emailSourceId });
    const file = csv([
      ['Line', 'PO', 'Item', 'Shipped', 'Qty', 'Tracking #'],
      ['L9', 'PO-9', 'C', '', '1', 'T9'],
    ]);
    const failed = await processFile(t, source.id, file, 'renamed.csv');
    expect(failed.status).toBe('failed');

    await t.db.db
      .update(schema.orderTrackingSources)
      .set({ columnMapping: { ...source.columnMapping, trackingNumbers: 'Tracking #' } })
      .where(eq(schema.orderTrackingSources.id, source.id));
    const response = await post(admin, `/api/runs/${failed.runId}/reprocess`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReprocessOutcome>()).toMatchObject({
      status: 'succeeded',
      ordersUpdated: 1,
      reprocessOfRunId: failed.runId,
    });
    const [order] = await t.db.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.orderTrackingSourceId, source.id));
    expect(order).toBeDefined();
  });

  it('answers a failed outcome (not an error) when the file still cannot be imported', async () => {
    const source = await createSource(t, { emailSourceId });
    const failed = await processFile(t, source.id, Buffer.from('nothing,useful\n1,2\n'), 'bad.csv');
    expect(failed.status).toBe('failed');
    const response = await post(orderUser, `/api/runs/${failed.runId}/reprocess`);
    expect(response.statusCode).toBe(200);
    expect(response.json<ReprocessOutcome>()).toMatchObject({
      status: 'failed',
      reprocessOfRunId: failed.runId,
    });
  });

  it('answers 409 for a kind of source that has no processor', async () => {
    const { runId } = await seedRun({
      sourceType: 'email',
      sourceId: emailSourceId,
      input: { fileName: 'message.eml', content: Buffer.from('Subject: hi\r\n\r\nbody') },
    });
    const response = await post(orderUser, `/api/runs/${runId}/reprocess`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Runs of this kind of source cannot be re-processed');
  });

  it('answers 409 when the run has no input file', async () => {
    const { runId } = await seedRun({ sourceType: 'order-tracking', sourceId: orderSourceId });
    const response = await post(orderUser, `/api/runs/${runId}/reprocess`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/no stored input file/);
  });

  it('answers 409 when the source has been deleted', async () => {
    const sourceId = await createOrderSource('Soon deleted');
    const { runId } = await seedRun({
      sourceType: 'order-tracking',
      sourceId,
      sourceName: 'Soon deleted',
      input: { fileName: 'ship.csv', content: Buffer.from('PO,Tracking\n1,Z\n') },
    });
    await t.db.db
      .update(schema.orderTrackingSources)
      .set({ deletedStatus: true })
      .where(eq(schema.orderTrackingSources.id, sourceId));
    const response = await post(orderUser, `/api/runs/${runId}/reprocess`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The source of this run ("Soon deleted") has been deleted');

    const inventoryId = await createInventorySource('Deleted stock');
    const inventoryRun = await seedRun({
      sourceType: 'inventory',
      sourceId: inventoryId,
      input: { fileName: 'stock.csv', content: Buffer.from('SKU,Qty\n1,1\n') },
    });
    await t.db.db
      .update(schema.inventorySources)
      .set({ deletedAt: new Date() })
      .where(eq(schema.inventorySources.id, inventoryId));
    expect((await post(inventoryUser, `/api/runs/${inventoryRun.runId}/reprocess`)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown run, 403 to other flags, 401 without a session', async () => {
    expect((await post(admin, '/api/runs/987654/reprocess')).statusCode).toBe(404);
    const { runId } = await seedRun({
      sourceType: 'order-tracking',
      sourceId: orderSourceId,
      input: { fileName: 'ship.csv', content: Buffer.from('PO,Tracking\n1,Z\n') },
    });
    expect((await post(inventoryUser, `/api/runs/${runId}/reprocess`)).statusCode).toBe(403);
    expect((await post(null, `/api/runs/${runId}/reprocess`)).statusCode).toBe(401);
  });
});

describe('source lists carry the last run', () => {
  it('order tracking and inventory list rows show their latest run, null when none', async () => {
    const quiet = await createOrderSource('Never ran');
    const busy = await createOrderSource('Ran twice');
    await seedRun({ sourceType: 'order-tracking', sourceId: busy, ageDays: 2, message: 'older' });
    const latest = await seedRun({
      sourceType: 'order-tracking',
      sourceId: busy,
      status: 'failed',
      message: 'newest',
    });
    const list = (await get(orderUser, '/api/order-tracking-sources/active')).json<
      OrderTrackingSourceListItem[]
    >();
    expect(list.find((row) => row.id === quiet)!.lastRun).toBeNull();
    expect(list.find((row) => row.id === busy)!.lastRun).toMatchObject({
      id: latest.runId,
      status: 'failed',
      trigger: 'mail',
      message: 'newest',
    });

    const stock = await createInventorySource('Stock with a run');
    const stockRun = await seedRun({ sourceType: 'inventory', sourceId: stock, status: 'held' });
    const inventoryList = (await get(inventoryUser, '/api/inventory-sources/inventories')).json<
      InventorySourceListItem[]
    >();
    expect(inventoryList.find((row) => row.id === stock)!.lastRun).toMatchObject({
      id: stockRun.runId,
      status: 'held',
    });
  });
});

describe('retention of run files', () => {
  it('deletes the files of runs older than RUN_FILE_RETENTION_DAYS, never sample files or shared ones', async () => {
    const db = t.db.db;
    const sampleId = await storeFile(db, 'sample.csv', Buffer.from('Item,Status,Date\n'));
    const stockId = await createInventorySource('Retention stock', sampleId);

    const old = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 31,
      input: { fileName: 'old.csv', content: Buffer.from('old input') },
      output: { fileName: 'old-out.csv', content: Buffer.from('old output') },
    });
    const recent = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 29,
      input: { fileName: 'recent.csv', content: Buffer.from('recent input') },
    });
    // An old run whose input is shared with a recent re-process keeps the file for the recent one.
    const shared = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 40,
      input: { fileName: 'shared.csv', content: Buffer.from('shared input') },
    });
    const reprocessed = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 1,
      input: shared.inputFileId!,
    });
    // A run that (wrongly or not) points at the sample file: the sample survives, the link goes.
    const sampleRun = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 60,
      input: sampleId,
    });
    // A held run waits for an operator: its files stay whatever its age.
    const held = await seedRun({
      sourceType: 'inventory',
      sourceId: stockId,
      ageDays: 45,
      status: 'held',
      input: { fileName: 'held.csv', content: Buffer.from('held input') },
      output: { fileName: 'held-out.csv', content: Buffer.from('held output') },
    });

    const removed = await runHousekeeping(db, new Date(), { runFileRetentionDays: 30 });
    expect(removed.expiredRunFiles).toBeGreaterThanOrEqual(2);

    const runRows = await db
      .select()
      .from(schema.runs)
      .where(
        inArray(schema.runs.id, [
          old.runId,
          recent.runId,
          shared.runId,
          reprocessed.runId,
          sampleRun.runId,
          held.runId,
        ]),
      );
    const byId = new Map(runRows.map((row) => [row.id, row]));
    expect(byId.get(old.runId)).toMatchObject({ inputFileId: null, outputFileId: null });
    expect(byId.get(recent.runId)!.inputFileId).toBe(recent.inputFileId);
    expect(byId.get(shared.runId)!.inputFileId).toBeNull();
    expect(byId.get(reprocessed.runId)!.inputFileId).toBe(shared.inputFileId);
    expect(byId.get(sampleRun.runId)!.inputFileId).toBeNull();
    expect(byId.get(held.runId)).toMatchObject({
      inputFileId: held.inputFileId,
      outputFileId: held.outputFileId,
    });

    const files = await db
      .select({ id: schema.storedFiles.id })
      .from(schema.storedFiles)
      .where(
        inArray(schema.storedFiles.id, [
          old.inputFileId!,
          old.outputFileId!,
          recent.inputFileId!,
          shared.inputFileId!,
          sampleId,
          held.inputFileId!,
          held.outputFileId!,
        ]),
      );
    expect(files.map((file) => file.id).sort((a, b) => a - b)).toEqual(
      [recent.inputFileId!, shared.inputFileId!, sampleId, held.inputFileId!, held.outputFileId!].sort(
        (a, b) => a - b,
      ),
    );

    // The expired run's downloads now answer 404; the sample file still downloads from its source.
    expect((await get(inventoryUser, `/api/runs/${old.runId}/input`)).statusCode).toBe(404);
    expect((await get(inventoryUser, `/api/runs/${old.runId}/output`)).statusCode).toBe(404);
    expect((await get(inventoryUser, `/api/runs/${old.runId}`)).json<RunRecord>()).toMatchObject({
      hasInputFile: false,
      hasOutputFile: false,
    });
    expect((await post(inventoryUser, `/api/runs/${old.runId}/reprocess`)).statusCode).toBe(409);
    const sample = await get(inventoryUser, `/api/inventory-sources/inventory/${stockId}/sample-file`);
    expect(sample.statusCode).toBe(200);

    // A second pass finds nothing left to do.
    const again = await runHousekeeping(db, new Date(), { runFileRetentionDays: 30 });
    expect(again).toMatchObject({ expiredRunFiles: 0, runsPastRetention: 0 });
  });

  it("deletes a vendor submission's printed PDF with its run, unless a later re-send still uses it", async () => {
    const db = t.db.db;
    const pdfId = await storeFile(db, 'po.pdf', Buffer.from('%PDF-1.4 old'));
    const sharedPdfId = await storeFile(db, 'shared.pdf', Buffer.from('%PDF-1.4 shared'));
    const old = await seedRun({ sourceType: 'vendor', sourceId: 1, ageDays: 31 });
    const oldShared = await seedRun({ sourceType: 'vendor', sourceId: 1, ageDays: 31 });
    const resent = await seedRun({ sourceType: 'vendor', sourceId: 1, ageDays: 1 });
    const setPdf = (runId: number, fileId: number) =>
      db
        .update(schema.runs)
        .set({ details: { to: ['po@vendor.test'], pdfFileId: fileId } })
        .where(eq(schema.runs.id, runId));
    await setPdf(old.runId, pdfId);
    await setPdf(oldShared.runId, sharedPdfId);
    await setPdf(resent.runId, sharedPdfId);

    await runHousekeeping(db, new Date(), { runFileRetentionDays: 30 });

    const left = await db
      .select({ id: schema.storedFiles.id })
      .from(schema.storedFiles)
      .where(inArray(schema.storedFiles.id, [pdfId, sharedPdfId]));
    expect(left.map((file) => file.id)).toEqual([sharedPdfId]);
    const [oldRow] = await db.select().from(schema.runs).where(eq(schema.runs.id, old.runId));
    expect(oldRow!.details).toEqual({ to: ['po@vendor.test'] });
  });

  it('honours a shorter retention from the configuration', async () => {
    const { runId, inputFileId } = await seedRun({
      sourceType: 'order-tracking',
      sourceId: orderSourceId,
      ageDays: 3,
      input: { fileName: 'three-days.csv', content: Buffer.from('x') },
    });
    await runHousekeeping(t.db.db, new Date(), { runFileRetentionDays: 30 });
    expect((await get(orderUser, `/api/runs/${runId}/input`)).statusCode).toBe(200);
    await runHousekeeping(t.db.db, new Date(), { runFileRetentionDays: 2 });
    expect((await get(orderUser, `/api/runs/${runId}/input`)).statusCode).toBe(404);
    const left = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, inputFileId!));
    expect(left).toHaveLength(0);
  });
});
