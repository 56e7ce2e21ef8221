/**
 * POST /api/inventory-sources/activated-items/read (docs/behaviour/inventory.md#activated-items-from-a-file):
 * the items of an uploaded list, from text, CSV and LibreOffice's .xlsx and .xls; who may ask; and the refusals
 * of a bad file (400, nothing stored).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ZActivatedItemListSchema } from '@app/contracts';
import { schema } from '@app/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';

const URL_PATH = '/api/inventory-sources/activated-items/read';
const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url)));

/** The items of test/fixtures/activated-items.*: the SKU column, trimmed, the repeat and the blank row dropped. */
const FIXTURE_ITEMS = ['000123', '004567', '89012', 'AB-77'];

let t: TestApp;
let inventoryUser: Session;
let admin: Session;
let orderUser: Session;

beforeAll(async () => {
  t = await createTestApp();
  inventoryUser = (await t.signIn({ inventoryUser: true, orderUser: false })).session;
  admin = (await t.signIn({ isAdmin: true })).session;
  orderUser = (await t.signIn({ orderUser: true, inventoryUser: false })).session;
});
afterAll(async () => {
  await t?.close();
});

function upload(session: Session | null, fileName: string | null, content: Buffer | string = '') {
  const body = multipart(
    fileName === null ? [{ name: 'note', content: 'x' }] : [{ name: 'file', fileName, content }],
  );
  return t.app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { ...(session?.headers ?? {}), ...body.headers },
    payload: body.payload,
  });
}

async function itemsOf(session: Session, fileName: string, content: Buffer | string) {
  const response = await upload(session, fileName, content);
  expect(response.statusCode, response.body).toBe(200);
  return ZActivatedItemListSchema.parse(response.json());
}

async function storedCounts() {
  const db = t.db.db;
  const counts = await Promise.all(
    [schema.storedFiles, schema.runs, schema.inventorySources, schema.auditEntries].map((table) =>
      db.select({ n: count() }).from(table),
    ),
  );
  return counts.map(([row]) => row!.n);
}

describe('POST /api/inventory-sources/activated-items/read: the items of a file', () => {
  it('an .xlsx and an .xls saved by LibreOffice: the SKU column, trimmed, each once', async () => {
    for (const name of ['activated-items.xlsx', 'activated-items.xls']) {
      expect(await itemsOf(inventoryUser, name, fixture(name))).toEqual({
        items: FIXTURE_ITEMS,
        column: 'SKU',
      });
    }
  });

  it('the same list as CSV, and a text file of one item a line', async () => {
    expect(await itemsOf(inventoryUser, 'items.csv', fixture('activated-items.csv'))).toEqual({
      items: FIXTURE_ITEMS,
      column: 'SKU',
    });
    expect(await itemsOf(inventoryUser, 'items.txt', '\uFEFFA-100\r\n  B-200 \n\nA-100\nC-300\n')).toEqual({
      items: ['A-100', 'B-200', 'C-300'],
      column: null,
    });
  });

  it('a CSV without an item header: the first column; semicolons, quotes and UTF-8 as the reader reads them', async () => {
    expect((await itemsOf(inventoryUser, 'plain.csv', 'X1;10\nX2;0\nX3;4\n')).items).toEqual([
      'X1',
      'X2',
      'X3',
    ]);
    const quoted = 'Description,Item Number,Qty\n"Widget, large",W-1,4\nBolt,"B-""2""",9\n';
    expect(await itemsOf(inventoryUser, 'quoted.csv', quoted)).toEqual({
      items: ['W-1', 'B-"2"'],
      column: 'Item Number',
    });
    const accented = Buffer.from('Item\nCAFÉ-1\nNAÏVE-2\n', 'utf8');
    expect((await itemsOf(inventoryUser, 'accented.csv', accented)).items).toEqual(['CAFÉ-1', 'NAÏVE-2']);
  });
});

describe('POST /api/inventory-sources/activated-items/read: who may ask', () => {
  it('an admin may; an order user gets 403 and no session 401, nothing stored', async () => {
    const before = await storedCounts();
    expect((await itemsOf(admin, 'a.xlsx', fixture('activated-items.xlsx'))).items).toEqual(FIXTURE_ITEMS);
    expect((await upload(orderUser, 'a.txt', 'A-1')).statusCode).toBe(403);
    expect((await upload(null, 'a.txt', 'A-1')).statusCode).toBe(401);
    expect(await storedCounts()).toEqual(before);
  });
});

describe('POST /api/inventory-sources/activated-items/read: bad files (400, nothing stored)', () => {
  it('no file, an empty file, a file of another type, a damaged workbook, a list without items, JSON', async () => {
    const before = await storedCounts();
    const refusal = async (fileName: string | null, content?: Buffer | string) => {
      const response = await upload(inventoryUser, fileName, content);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().fields.file as string;
    };
    expect(await refusal(null)).toBe('No file was uploaded');
    expect(await refusal('empty.xlsx', '')).toBe('empty.xlsx is empty (0 bytes).');
    expect(await refusal('items.pdf', '%PDF-1.4')).toBe(
      'Invalid file type. Expected .txt, .csv, .xls, .xlsx but got .pdf',
    );
    expect(await refusal('items', 'A-1')).toBe(
      'Invalid file type. Expected .txt, .csv, .xls, .xlsx but got no extension',
    );
    expect(await refusal('items.xlsx', fixture('corrupt.xlsx'))).toBeTruthy();
    expect(await refusal('items.xlsx', 'A-1\nA-2')).toMatch(/items\.xlsx/);
    expect(await refusal('blank.csv', '\n\n')).toBeTruthy();
    expect(await refusal('header.csv', 'Item Number,Qty\n')).toBe('header.csv has no item numbers.');
    const json = await t.as(inventoryUser).post(URL_PATH, { items: ['A-1'] });
    expect(json.statusCode).toBe(415);
    expect(await storedCounts()).toEqual(before);
  });
});
