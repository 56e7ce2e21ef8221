/**
 * POST /api/mapping-suggestions and DELETE /api/mapping-suggestions/evidence
 * (docs/behaviour/sources.md#suggest-from-a-sample-file): who may ask for which kind, the refusals of a bad
 * request (nothing stored), and what the installation's saved mappings change in later suggestions.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type MappingSuggestion, ZMappingSuggestionSchema } from '@app/contracts';
import { schema } from '@app/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { type FormPart, multipart } from '../../../test/multipart';
import { inventoryFileDataBody, inventorySourceBody, orderTrackingSourceBody } from '../../../test/payloads';

const URL_PATH = '/api/mapping-suggestions';

/** A shipment report with a title row; "Lot Ref" is a header no catalogue knows. */
const SHIPMENTS_CSV = [
  'Acme Shipment Report',
  'PO #,Tracking #,Ship Date,Lot Ref',
  'PO-10001,1Z999AA10123456784,2026-11-02,LR-7781',
  'PO-10002,1Z999AA10123456784,2026-11-03,LR-7782',
  'PO-10003,1Z999AA10123456784,2026-11-04,LR-7783',
].join('\n');

const STOCK_CSV = ['SKU,On Hand,Avail Flag', '000123,5,Y', '004567,0,N', '89012,12,Y'].join('\n');

const inventorySample = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/inventory-sample.csv', import.meta.url)),
);
const corruptXlsx = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/corrupt.xlsx', import.meta.url)),
);

let t: TestApp;
let orderUser: Session;
let inventoryUser: Session;
let admin: Session;
let noFlags: Session;
let emailSourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  orderUser = (await t.signIn({ orderUser: true })).session;
  inventoryUser = (await t.signIn({ inventoryUser: true, orderUser: false })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  noFlags = (await t.signIn({ orderUser: false })).session;
  emailSourceId = (await insertEmailSource(t.db.db, { username: 'Suggest mailbox' }))!.id;
});
afterAll(async () => {
  await t?.close();
});

function ask(session: Session | null, parts: FormPart[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { ...(session?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

const filePart = (fileName: string, content: Buffer | string): FormPart => ({
  name: 'file',
  fileName,
  content,
});

async function suggestion(session: Session, kind: string, fileName: string, content: string | Buffer) {
  const response = await ask(session, [{ name: 'kind', content: kind }, filePart(fileName, content)]);
  expect(response.statusCode, response.body).toBe(200);
  return ZMappingSuggestionSchema.parse(response.json()) as MappingSuggestion;
}

async function storedCounts() {
  const db = t.db.db;
  const [evidence] = await db.select({ n: count() }).from(schema.mappingEvidence);
  const [files] = await db.select({ n: count() }).from(schema.storedFiles);
  const [runs] = await db.select({ n: count() }).from(schema.runs);
  return { evidence: evidence!.n, files: files!.n, runs: runs!.n };
}

describe('POST /api/mapping-suggestions: who may ask', () => {
  it('an order user asks for order tracking: the columns, their samples and a proposal per field', async () => {
    const answer = await suggestion(orderUser, 'order-tracking', 'shipments.csv', SHIPMENTS_CSV);
    expect(answer.fileHasHeader).toBe(true);
    expect(answer.headerRowIndex).toBe(1);
    expect(answer.columns.map((column) => column.header)).toEqual([
      'PO #',
      'Tracking #',
      'Ship Date',
      'Lot Ref',
    ]);
    expect(answer.columns[0]!.samples.slice(0, 2)).toEqual(['PO-10001', 'PO-10002']);
    expect(answer.fields.trackingNumbers?.column).toBe('Tracking #');
    expect(answer.fields.customerPoNumber?.column).toBe('PO #');
    expect(Object.keys(answer.fields)).toContain('wildcard2');
  });

  it('an inventory user asks for inventory: the three inventory fields, no unique column or delimiter', async () => {
    const answer = await suggestion(inventoryUser, 'inventory', 'stock.csv', STOCK_CSV);
    expect(Object.keys(answer.fields).sort()).toEqual([
      'itemNumberColumnName',
      'itemStatusColumnName',
      'qtyColumnName',
    ]);
    expect(answer.fields.itemNumberColumnName?.column).toBe('SKU');
    expect(answer.uniqueColumn).toBeNull();
    expect(answer.secondaryDelimiter).toBeNull();
  });

  it('an admin asks for both kinds', async () => {
    await suggestion(admin, 'order-tracking', 'shipments.csv', SHIPMENTS_CSV);
    await suggestion(admin, 'inventory', 'stock.csv', STOCK_CSV);
  });

  it('refuses the other kind of user with 403, a user without flags with 403, and no session with 401', async () => {
    const parts = (kind: string) => [{ name: 'kind', content: kind }, filePart('file.csv', SHIPMENTS_CSV)];
    const before = await storedCounts();
    const orderForInventory = await ask(orderUser, parts('inventory'));
    expect(orderForInventory.statusCode).toBe(403);
    expect(orderForInventory.json().message).toBe(
      'Suggestions for inventory sources are for inventory users',
    );
    const inventoryForOrder = await ask(inventoryUser, parts('order-tracking'));
    expect(inventoryForOrder.statusCode).toBe(403);
    expect(inventoryForOrder.json().message).toBe(
      'Suggestions for order tracking sources are for order users',
    );
    expect((await ask(noFlags, parts('order-tracking'))).statusCode).toBe(403);
    expect((await ask(null, parts('order-tracking'))).statusCode).toBe(401);
    expect(await storedCounts()).toEqual(before);
  });
});

describe('POST /api/mapping-suggestions: bad requests (400, nothing stored)', () => {
  it('a wrong or missing kind', async () => {
    const before = await storedCounts();
    const wrong = await ask(orderUser, [
      { name: 'kind', content: 'orders' },
      filePart('a.csv', SHIPMENTS_CSV),
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ kind: 'Kind must be order-tracking or inventory' });
    const missing = await ask(orderUser, [filePart('a.csv', SHIPMENTS_CSV)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.kind).toBe('Kind must be order-tracking or inventory');
    expect(await storedCounts()).toEqual(before);
  });

  it('no file, an empty file, a file of another type, a damaged spreadsheet, and JSON instead of a file', async () => {
    const before = await storedCounts();
    const kind = { name: 'kind', content: 'order-tracking' };
    const noFile = await ask(orderUser, [kind]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields).toEqual({ file: 'No file was uploaded' });
    const empty = await ask(orderUser, [kind, filePart('empty.csv', '')]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ file: 'empty.csv is empty (0 bytes).' });
    const text = await ask(orderUser, [kind, filePart('notes.txt', 'hello')]);
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toBe('Invalid file type. Expected .csv, .xls, .xlsx but got .txt');
    const damaged = await ask(orderUser, [kind, filePart('report.xlsx', corruptXlsx)]);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().fields.file).toBeTruthy();
    const json = await t.as(orderUser).post(URL_PATH, { kind: 'order-tracking' });
    expect(json.statusCode).toBe(415);
    expect(await storedCounts()).toEqual(before);
  });

  it('a file of only blank rows', async () => {
    const response = await ask(orderUser, [
      { name: 'kind', content: 'order-tracking' },
      filePart('blank.csv', '\n\n\n'),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.file).toBeTruthy();
  });
});

describe('learning from this installation', () => {
  const saveOrderSource = (mapping: Record<string, string>, overrides: Record<string, unknown> = {}) =>
    t.as(orderUser).post(
      '/api/order-tracking-sources/save',
      orderTrackingSourceBody(emailSourceId, {
        sourceName: `Learning ${Math.random().toString(16).slice(2)}`,
        headerRowIndex: 1,
        columnNormalizationValues: { id: 0, ...mapping },
        ...overrides,
      }),
    );

  const evidenceRows = () =>
    t.db.db
      .select({
        sourceId: schema.mappingEvidence.sourceId,
        field: schema.mappingEvidence.field,
        header: schema.mappingEvidence.header,
        origin: schema.mappingEvidence.origin,
      })
      .from(schema.mappingEvidence);

  it('a header mapped by hand is proposed for that field next time; deleting the source or clearing forgets it', async () => {
    const before = await suggestion(orderUser, 'order-tracking', 'shipments.csv', SHIPMENTS_CSV);
    expect(before.fields.wildcard1?.column ?? null).not.toBe('Lot Ref');

    const saved = await saveOrderSource({
      customerPoNumber: 'PO #',
      trackingNumbers: 'Tracking #',
      wildcard1: 'Lot Ref',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sourceId = saved.json().id as number;
    const rows = (await evidenceRows()).filter((row) => row.sourceId === sourceId);
    expect(rows.find((row) => row.field === 'wildcard1')).toMatchObject({
      header: 'Lot Ref',
      origin: 'typed',
    });

    const after = await suggestion(orderUser, 'order-tracking', 'other-supplier.csv', SHIPMENTS_CSV);
    expect(after.fields.wildcard1?.column).toBe('Lot Ref');
    expect(after.fields.wildcard1?.confidence).toBeGreaterThan(before.fields.wildcard1?.confidence ?? 0);

    // Deleting the source takes its evidence with it.
    expect((await t.as(orderUser).post(`/api/order-tracking-sources/delete/${sourceId}`)).statusCode).toBe(
      204,
    );
    expect((await evidenceRows()).filter((row) => row.sourceId === sourceId)).toEqual([]);
    const forgotten = await suggestion(orderUser, 'order-tracking', 'shipments.csv', SHIPMENTS_CSV);
    expect(forgotten.fields.wildcard1?.column ?? null).not.toBe('Lot Ref');

    // Saved again, then cleared by an admin.
    expect((await saveOrderSource({ wildcard1: 'Lot Ref' })).statusCode).toBe(200);
    expect(
      (await suggestion(orderUser, 'order-tracking', 's.csv', SHIPMENTS_CSV)).fields.wildcard1?.column,
    ).toBe('Lot Ref');
    expect((await t.as(orderUser).delete(`${URL_PATH}/evidence`)).statusCode).toBe(403);
    expect((await t.as(orderUser).get(`${URL_PATH}/evidence`)).statusCode).toBe(403);
    const summary = await t.as(admin).get(`${URL_PATH}/evidence`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().pairs).toBeGreaterThan(0);
    expect(summary.json().sources).toBeGreaterThan(0);
    const cleared = await t.as(admin).delete(`${URL_PATH}/evidence`);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().deleted).toBeGreaterThan(0);
    expect(await evidenceRows()).toEqual([]);
    expect((await t.as(admin).get(`${URL_PATH}/evidence`)).json()).toEqual({ pairs: 0, sources: 0 });
    expect(
      (await suggestion(orderUser, 'order-tracking', 's.csv', SHIPMENTS_CSV)).fields.wildcard1?.column ??
        null,
    ).not.toBe('Lot Ref');
  });

  it('records whether a pair was accepted from the suggestion, changed from it, or typed; a resave keeps the origin', async () => {
    const saved = await saveOrderSource(
      { customerPoNumber: 'PO #', shippedDate: 'Lot Ref', wildcard2: 'Ship Date' },
      { suggestedMapping: { customerPoNumber: 'PO #', shippedDate: 'Ship Date', wildcard2: null } },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const sourceId = saved.json().id as number;
    const origins = async () =>
      Object.fromEntries(
        (await evidenceRows())
          .filter((row) => row.sourceId === sourceId)
          .map((row) => [row.field, row.origin]),
      );
    expect(await origins()).toEqual({
      customerPoNumber: 'accepted',
      shippedDate: 'corrected',
      wildcard2: 'typed',
    });

    const { columnNormalizationValues: _mapping, ...rest } = saved.json();
    const resaved = await t.as(orderUser).post('/api/order-tracking-sources/save', {
      ...rest,
      Id: sourceId,
      columnNormalizationValues: { customerPoNumber: 'PO #', shippedDate: 'Lot Ref', wildcard2: '' },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(await origins()).toEqual({ customerPoNumber: 'accepted', shippedDate: 'corrected' });
  });

  it('a source whose file has no header records nothing', async () => {
    const saved = await saveOrderSource(
      { customerPoNumber: '0', trackingNumbers: '1' },
      { fileHasHeader: false },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await evidenceRows()).filter((row) => row.sourceId === saved.json().id)).toEqual([]);
  });

  it('inventory: a status column mapped on a saved source is proposed next time, for inventory suggestions only', async () => {
    const file = ['Part Code,Units,Zq State', 'A-1,5,Y', 'A-2,0,N', 'A-3,9,Y'].join('\n');
    const before = await suggestion(inventoryUser, 'inventory', 'stock.csv', file);
    expect(before.fields.itemStatusColumnName?.column ?? null).not.toBe('Zq State');
    const saved = await t.as(inventoryUser).post('/api/inventory-sources/inventory/save', {
      ...inventorySourceBody(emailSourceId, {
        sourceName: 'Learning stock',
        itemNumberColumnName: 'Part Code',
        qtyColumnName: 'Units',
        itemStatusColumnName: 'Zq State',
      }),
      fileData: inventoryFileDataBody(inventorySample.toString('base64'), {
        inventoryFileName: 'inventory-sample.csv',
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await suggestion(inventoryUser, 'inventory', 'stock.csv', file);
    expect(after.fields.itemStatusColumnName?.column).toBe('Zq State');
    const orderKind = await suggestion(orderUser, 'order-tracking', 'stock.csv', file);
    expect(orderKind.fields.itemStatus?.column ?? null).not.toBe('Zq State');

    expect(
      (await t.as(inventoryUser).post(`/api/inventory-sources/inventory/${saved.json().id}`)).statusCode,
    ).toBeLessThan(300);
    const forgotten = await suggestion(inventoryUser, 'inventory', 'stock.csv', file);
    expect(forgotten.fields.itemStatusColumnName?.column ?? null).not.toBe('Zq State');
  });
});
