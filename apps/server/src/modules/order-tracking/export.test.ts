import { PassThrough, type Writable } from 'node:stream';
import {
  ORDER_EXPORT_CARRIER_COLUMNS,
  ORDER_GRID_COLUMN_IDS,
  ORDER_GRID_COLUMNS,
  type OrderExportColumnId,
  type OrderGridColumnId,
  type OrderListResponse,
  type OrderRecord,
  orderExportSearch,
  type TOrderListRequest,
} from '@app/contracts';
import { schema } from '@app/db';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertOrderTrackingSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import { type ExportLayout, writeExportFile } from './export-file';
import { type ExportQuery, type ExportRow, exportSelect, forEachHeldExportBatch } from './export-repository';
import { EXPORT_THREADS, writeExportInThread } from './export-thread';
import { sortKeyFor } from './grid-query-repository';
import { exportColumns, exportLayout } from './service';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let orderUser: Session;
let otherUser: Session;
let admin: Session;

const ALL_COLUMNS = [...ORDER_GRID_COLUMNS, ...ORDER_EXPORT_CARRIER_COLUMNS];
const LABELS = new Map(ALL_COLUMNS.map((column) => [column.id as string, column.label as string]));
const KINDS = new Map(ALL_COLUMNS.map((column) => [column.id as string, column.kind as string]));
/** Every grid column as the file has them: the carrier columns follow Tracking Numbers. */
const FILE_COLUMNS = exportColumns(ORDER_GRID_COLUMN_IDS);

beforeAll(async () => {
  t = await createTestApp();
  ({ session: orderUser } = await t.signIn({ orderUser: true }));
  ({ session: otherUser } = await t.signIn({ orderUser: false, inventoryUser: true }));
  ({ session: admin } = await t.signIn({ isAdmin: true, orderUser: false }));
  // Beta first: sorting by source name must not follow the source ids.
  const beta = await insertOrderTrackingSource(t.db.db, { sourceName: 'Beta Feed' });
  const alpha = await insertOrderTrackingSource(t.db.db, { sourceName: 'Alpha Feed' });
  const base = new Date('2026-11-01T12:00:00Z').getTime();
  const at = (minutes: number) => new Date(base - minutes * 60_000);
  await insertOrder(
    t.db.db,
    {
      orderTrackingSourceId: alpha.id,
      customerPoNumber: '007700',
      itemNumber: '000123',
      documentNumber: '0042',
      shipToName: 'Zoë "Zed" Müller, Jr.',
      supplierName: 'Acme Supply',
      brandName: 'Bosch',
      notes: 'two\nlines',
      orderDate: '2026-10-05',
      poDate: '2026-10-01',
      shippedDate: '2026-10-07',
      qty: 2,
      qtyFulfilled: 1.5,
      lastUpdated: at(1),
    },
    ['1Z999AA10123456784', '0001234'],
  );
  await insertOrder(t.db.db, {
    orderTrackingSourceId: beta.id,
    customerPoNumber: '=HYPERLINK("http://evil.example")',
    itemNumber: '-5',
    shipToName: '  padded  ',
    supplierName: 'Acme Supply',
    brandName: 'Makita <b>&</b>',
    wildcard1: '@home',
    lastUpdated: at(2),
  });
  await insertOrder(t.db.db, { customerPoNumber: 'NO-SOURCE', brandName: 'Bosch', lastUpdated: at(3) });
  await insertOrder(t.db.db, {
    orderTrackingSourceId: alpha.id,
    customerPoNumber: 'DELETED-1',
    deletedStatus: true,
    lastUpdated: at(0),
  });
  for (let n = 0; n < 40; n++) {
    await insertOrder(
      t.db.db,
      {
        orderTrackingSourceId: n % 2 === 0 ? alpha.id : beta.id,
        customerPoNumber: `BULK-${String(n).padStart(3, '0')}`,
        itemNumber: `0${n % 7}`,
        supplierName: n % 3 === 0 ? 'Acme Supply' : 'Globex',
        brandName: n % 4 === 0 ? 'Bosch' : null,
        estimatedArrivalDate: `2026-12-${String((n % 28) + 1).padStart(2, '0')}`,
        qty: n % 5,
        lastUpdated: at(10 + (n % 6)),
      },
      n % 3 === 0 ? [`TRK-${n}`] : [],
    );
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function listAll(request: TOrderListRequest): Promise<OrderRecord[]> {
  const response = await t.as(orderUser).post('/api/order-tracking/list', { ...request, PageSize: 250 });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as OrderListResponse;
  expect(answer.totalRecordCount).toBeLessThanOrEqual(250);
  return answer.orders;
}

function exportUrl(
  format: 'csv' | 'xlsx',
  columns: readonly OrderGridColumnId[],
  request: TOrderListRequest,
) {
  return `/api/order-tracking/export?${orderExportSearch(format, columns, request)}`;
}

async function download(url: string, session: Session = orderUser) {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** RFC 4180 as the test reads it: quoted fields, doubled quotes, CRLF row ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field).toBe('');
  return rows;
}

/** What the export promises for a cell: the grid's value, dates as YYYY-MM-DD, formulas defused (CSV). */
function expectedCsvCell(order: OrderRecord, column: OrderExportColumnId): string {
  if (column === 'trackingNumbers')
    return order.trackingNumbers.map((entry) => entry.trackingNumber).join(', ');
  // One entry per number, '' where it has no carrier or page, so the three lists line up; '' when none has.
  if (column === 'trackingCarriers' || column === 'trackingUrls') {
    const values = order.trackingNumbers.map((entry) =>
      column === 'trackingUrls' ? entry.url : entry.carrierName,
    );
    return values.some((value) => value !== null) ? values.map((value) => value ?? '').join(', ') : '';
  }
  const value = order[column];
  if (value === null || value === undefined) return '';
  const text = String(value);
  return KINDS.get(column) === 'number' || !/^[=+\-@\t\r]/.test(text) ? text : `'${text}`;
}

const SEARCHES: Array<[string, TOrderListRequest]> = [
  ['no search, default sort', {}],
  ['one field, sorted by PO number', { PoNumberParam: 'bulk-0', SortParams: { customerPoNumber: true } }],
  [
    'OR of supplier and brand, two sort columns',
    { SupplierNameParam: 'acme', BrandNameParam: 'bosch', SortParams: { itemNumber: false, qty: true } },
  ],
  [
    'AND, sorted by source name',
    { SupplierNameParam: 'acme', AndOrParam: true, ItemNumberParam: '0', SortParams: { sourceName: true } },
  ],
  [
    'tracking number, sorted by arrival descending',
    { TrackingNumberParam: 'trk', SortParams: { estimatedArrivalDate: false } },
  ],
  ['source name descending alone', { SortParams: { sourceName: false } }],
];

describe('GET /api/order-tracking/export: CSV', () => {
  it.each(SEARCHES)("has the list call's rows in its order, cell by cell (%s)", async (_name, request) => {
    const expected = await listAll(request);
    const response = await download(exportUrl('csv', ORDER_GRID_COLUMN_IDS, request));
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="order-tracking-\d{4}-\d{2}-\d{2}-\d{4}\.csv"/,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual(FILE_COLUMNS.map((id) => LABELS.get(id)));
    expect(rows.length).toBe(expected.length);
    expected.forEach((order, index) => {
      expect(rows[index], `row ${index + 1}`).toEqual(FILE_COLUMNS.map((id) => expectedCsvCell(order, id)));
    });
  });

  it("writes the asked columns in the grid's order, and the grid's default columns (no PO Date) when none are named", async () => {
    const chosen = await download(
      '/api/order-tracking/export?format=csv&columns=itemNumber,customerPoNumber',
    );
    expect(parseCsv(chosen.body.slice(1))[0]).toEqual(['Customer PO Number', 'Item Number']);
    const byDefault = await download('/api/order-tracking/export?format=csv');
    const header = parseCsv(byDefault.body.slice(1))[0]!;
    expect(header).toEqual(FILE_COLUMNS.filter((id) => id !== 'poDate').map((id) => LABELS.get(id)));
  });

  it('leaves deleted orders out and answers a header alone when nothing matches', async () => {
    const all = await download('/api/order-tracking/export?format=csv&columns=customerPoNumber');
    expect(all.body).not.toContain('DELETED-1');
    const none = await download(
      '/api/order-tracking/export?format=csv&columns=customerPoNumber&SupplierNameParam=nobody&AndOrParam=true',
    );
    expect(none.body).toBe('\ufeffCustomer PO Number\r\n');
  });
});

describe('GET /api/order-tracking/export: XLSX', () => {
  it.each(SEARCHES)(
    "has the list call's rows, codes as text, dates as dates, numbers as numbers (%s)",
    async (_name, request) => {
      const expected = await listAll(request);
      const response = await download(exportUrl('xlsx', ORDER_GRID_COLUMN_IDS, request));
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(/filename="order-tracking-.*\.xlsx"/);
      const book = XLSX.read(response.rawPayload, { type: 'buffer', dense: true });
      expect(book.SheetNames).toEqual(['Orders']);
      const data = (book.Sheets.Orders!['!data'] ?? []) as (XLSX.CellObject | undefined)[][];
      expect(data[0]!.map((cell) => cell?.v)).toEqual(FILE_COLUMNS.map((id) => LABELS.get(id)));
      expect(data.length - 1).toBe(expected.length);
      expected.forEach((order, index) => {
        const row = data[index + 1] ?? [];
        FILE_COLUMNS.forEach((id, column) => {
          const cell = row[column];
          const where = `row ${index + 1} ${id}`;
          const value =
            id === 'trackingNumbers' || id === 'trackingCarriers' || id === 'trackingUrls'
              ? expectedCsvCell(order, id)
              : order[id];
          if (value === null || value === '' || value === undefined) {
            expect(cell?.v ?? '', where).toBe('');
          } else if (KINDS.get(id) === 'date') {
            expect(cell?.t, where).toBe('n');
            expect(XLSX.SSF.format('yyyy-mm-dd', cell!.v as number), where).toBe(value);
          } else if (KINDS.get(id) === 'number') {
            expect(cell, where).toMatchObject({ t: 'n', v: value });
          } else {
            expect(cell, where).toMatchObject({ t: 's', v: value });
          }
        });
      });
    },
  );

  it('keeps leading zeros: codes are text cells with the Text format', async () => {
    const response = await download(
      exportUrl('xlsx', ['customerPoNumber', 'documentNumber', 'itemNumber', 'trackingNumbers'], {
        PoNumberParam: '007700',
      }),
    );
    const book = XLSX.read(response.rawPayload, { type: 'buffer', dense: true, cellNF: true });
    const row = (book.Sheets.Orders!['!data'] as XLSX.CellObject[][])[1]!;
    expect(row.map((cell) => [cell.t, cell.v, cell.z])).toEqual([
      ['s', '007700', '@'],
      ['s', '0042', '@'],
      ['s', '000123', '@'],
      ['s', '1Z999AA10123456784, 0001234', '@'],
      ['s', 'UPS, ', '@'],
      ['s', 'https://www.ups.com/track?tracknum=1Z999AA10123456784, ', '@'],
    ]);
  });
});

describe('reading in batches', () => {
  const poQuery = {
    filter: undefined,
    sort: [sortKeyFor('customerPoNumber', true)!],
    columns: ['customerPoNumber'] as OrderGridColumnId[],
  };
  const poLayout = () => exportLayout('csv', ['customerPoNumber']);
  const threadData = (query: ExportQuery, layout: ExportLayout, batchSize: number) => ({
    connectionString: t.db.connectionString!,
    statement: new PgDialect().sqlToQuery(exportSelect(query)),
    layout,
    batchSize,
  });
  const exportThreadData = (batchSize: number) => threadData(poQuery, poLayout(), batchSize);
  /** The file of `query`, `batchSize` rows a batch, read the way the route reads on this database. */
  const writeQuery = (out: Writable, query: ExportQuery, layout: ExportLayout, batchSize: number) =>
    onPostgres
      ? writeExportInThread(out, threadData(query, layout, batchSize))
      : writeExportFile(out, layout, (onBatch) => forEachHeldExportBatch(t.db.db, query, batchSize, onBatch));
  /** A CSV of every PO number, ascending, `batchSize` rows a FETCH, read the way the route reads on this database. */
  const writePos = (out: Writable, batchSize: number) => writeQuery(out, poQuery, poLayout(), batchSize);
  const collect = (out: PassThrough) => {
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    return () => Buffer.concat(chunks);
  };
  /** What is left open of exports: PGlite's held cursors, or PostgreSQL's export connections. */
  const openExports = async () =>
    Number(
      (
        await t.db.query<{ n: number }>(
          onPostgres
            ? "select count(*)::int as n from pg_stat_activity where application_name = 'inbox-ops order export' and datname = current_database()"
            : "select count(*)::int as n from pg_cursors where name like 'order_export%'",
        )
      )[0]!.n,
    );
  const expectedPos = async () =>
    (await listAll({ SortParams: { customerPoNumber: true } })).map((order) =>
      expectedCsvCell(order, 'customerPoNumber'),
    );
  const posOf = (csv: string) =>
    parseCsv(csv.replace(/^\ufeff/, ''))
      .slice(1)
      .map(([po]) => po);

  it("writes every row once, in the list's order, over many FETCHes, and leaves nothing open", async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const count = await writePos(out, 7);
    const expected = await expectedPos();
    expect(count).toBe(expected.length);
    expect(posOf(Buffer.concat(chunks).toString('utf8'))).toEqual(expected);
    await expect.poll(openExports).toBe(0);
  });

  it.each(['csv', 'xlsx'] as const)(
    'writes the same file as the whole SELECT read at once and written in one go (%s)',
    async (format) => {
      const query: ExportQuery = {
        filter: undefined,
        sort: [sortKeyFor('lastUpdated', false)!],
        columns: ORDER_GRID_COLUMN_IDS,
      };
      const layout = exportLayout(format, ORDER_GRID_COLUMN_IDS);
      const statement = new PgDialect().sqlToQuery(exportSelect(query));
      const whole = (
        await t.db.query<Record<string, string | number | null>>(statement.sql, statement.params)
      ).map((row): ExportRow => ORDER_GRID_COLUMN_IDS.map((_, index) => row[`c${index}`] ?? null));
      const atOnce = new PassThrough();
      const atOnceBytes = collect(atOnce);
      await writeExportFile(atOnce, layout, async (onBatch) => {
        await onBatch(whole);
        return whole.length;
      });
      const batched = new PassThrough();
      const batchedBytes = collect(batched);
      expect(await writeQuery(batched, query, layout, 3)).toBe(whole.length);
      if (format === 'csv') {
        expect(batchedBytes().toString('utf8')).toBe(atOnceBytes().toString('utf8'));
      } else {
        // The archive's entries carry the time they were written; the sheets must be the same.
        const sheet = (bytes: Buffer) =>
          XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true }).Sheets.Orders!['!data'];
        expect(sheet(batchedBytes())).toEqual(sheet(atOnceBytes()));
      }
    },
  );

  it(
    onPostgres
      ? 'reads one snapshot: an order changed while the download waits is written as it was (PostgreSQL)'
      : 'does not read ahead: an order changed while the download waits is written as it is then (the embedded database)',
    async () => {
      const query: ExportQuery = { ...poQuery, columns: ['customerPoNumber', 'notes'] };
      const last = (await listAll({ SortParams: { customerPoNumber: true } })).at(-1)!;
      // Nobody reads `out`: the export stops once `out` is full, rows and rows before the last order.
      const out = new PassThrough({ highWaterMark: 16 });
      const written = writeQuery(out, query, exportLayout('csv', query.columns), 2);
      const bytes = collect(out);
      out.pause();
      try {
        // A thread and its connection may take a while to start on a busy machine.
        await expect.poll(() => out.readableLength, { timeout: 20_000 }).toBeGreaterThan(0);
        await t.db.db
          .update(schema.orders)
          .set({ notes: 'changed mid-export' })
          .where(eq(schema.orders.id, last.id));
        out.resume();
        await written;
        const rows = parseCsv(bytes().toString('utf8').slice(1));
        // On PGlite the one connection ran the UPDATE between two of the export's statements, and the last
        // order's row was read after it: the export had not read all its rows up front.
        expect(rows.at(-1)).toEqual([
          expectedCsvCell(last, 'customerPoNumber'),
          onPostgres ? (last.notes ?? '') : 'changed mid-export',
        ]);
      } finally {
        // Whatever failed, the export must not stay open for the next tests.
        out.resume();
        await written.catch(() => {});
        await t.db.db.update(schema.orders).set({ notes: last.notes }).where(eq(schema.orders.id, last.id));
      }
    },
  );

  it.skipIf(onPostgres)('hands the file at most a batch at a time (the embedded database)', async () => {
    const sizes: number[] = [];
    await forEachHeldExportBatch(t.db.db, poQuery, 7, async (rows) => {
      sizes.push(rows.length);
    });
    expect(Math.max(...sizes)).toBe(7);
    expect(sizes.length).toBeGreaterThan(2);
  });

  it('stops reading when the download is closed, leaves nothing open, and the database stays usable', async () => {
    const out = new PassThrough({ highWaterMark: 64 });
    out.once('data', () => out.destroy());
    await expect(writePos(out, 2)).rejects.toThrow('The download was closed');
    await expect.poll(openExports).toBe(0);
    expect((await listAll({ PoNumberParam: '007700' })).length).toBe(1);
  });

  it('answers other requests while a download waits for its reader (backpressure, not a held database)', async () => {
    // Nobody reads `out`: the export stops once `out` is full and waits there.
    const out = new PassThrough({ highWaterMark: 16 });
    const written = writePos(out, 2);
    await expect.poll(() => out.readableLength).toBeGreaterThan(0);
    expect((await listAll({ PoNumberParam: '007700' })).length).toBe(1);
    const waitingWith = out.readableLength;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(out.readableLength).toBe(waitingWith);
    // Reading on lets it finish.
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await written;
    expect(posOf(Buffer.concat(chunks).toString('utf8'))).toEqual(await expectedPos());
    // Each wait for the reader removed its listeners again.
    expect(out.listenerCount('drain')).toBe(0);
  });

  describe.skipIf(!onPostgres)('in threads of their own (PostgreSQL)', () => {
    it(`runs at most ${EXPORT_THREADS} at once; the next waits for a free thread and then runs`, async () => {
      const outs = Array.from({ length: EXPORT_THREADS + 1 }, () => new PassThrough({ highWaterMark: 16 }));
      const written = outs.map((out) => writePos(out, 2));
      // Threads and their connections may take a while to start on a busy machine.
      await expect.poll(openExports, { timeout: 20_000 }).toBe(EXPORT_THREADS);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await openExports()).toBe(EXPORT_THREADS);
      expect(outs.filter((out) => out.readableLength > 0)).toHaveLength(EXPORT_THREADS);
      for (const out of outs) out.resume();
      const expected = (await expectedPos()).length;
      expect(await Promise.all(written)).toEqual(outs.map(() => expected));
      await expect.poll(openExports).toBe(0);
    });

    it("fails with the database's reason when the statement fails, and the thread is gone", async () => {
      const out = new PassThrough();
      out.resume();
      await expect(
        writeExportInThread(out, { ...exportThreadData(10), statement: { sql: 'select 1 / 0', params: [] } }),
      ).rejects.toThrow('division by zero');
      await expect.poll(openExports).toBe(0);
    });
  });
});

describe('bad input and access', () => {
  const good = '/api/order-tracking/export?format=csv';

  it.each([
    ['no format', '/api/order-tracking/export'],
    ['an unknown format', '/api/order-tracking/export?format=pdf'],
    ['an unknown column', `${good}&columns=customerPoNumber,password`],
    ['no column', `${good}&columns=`],
    ['an unknown sort column', `${good}&SortParams=password:asc`],
    ['an unknown sort direction', `${good}&SortParams=customerPoNumber:sideways`],
    ['more than five sort columns', `${good}&SortParams=qty,itemNumber,brandName,notes,poDate,orderDate`],
    ['too long a search', `${good}&PoNumberParam=${'x'.repeat(201)}`],
  ])('answers 400 with a message for %s', async (_name, url) => {
    const response = await t.app.inject({ method: 'GET', url, headers: orderUser.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Invalid request/);
  });

  it('401 without a session, 403 without the order flag, 200 for an order user and an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: good })).statusCode).toBe(401);
    const forbidden = await t.app.inject({ method: 'GET', url: good, headers: otherUser.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('007700');
    for (const session of [orderUser, admin]) {
      const response = await download(good, session);
      expect(response.body).toContain('007700');
    }
  });
});
