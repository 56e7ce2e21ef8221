import {
  ORDER_TRACKING_COLUMN_KEYS,
  type OrderListResponse,
  type OrderRecord,
  type TOrderListRequest,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEmailSource } from '../../../test/factories';
import { createTestApp, type Session, type TestApp } from '../../../test/helper';
import {
  type Condition,
  countLiveOrders,
  type Filter,
  findOrderPage,
  type PageRequest,
  sortKeyFor,
} from './grid-query-repository';
import { containsPattern } from './service';

let t: TestApp;
let orderUser: Session;
let otherUser: Session;
let admin: Session;
let alpha: number;
let beta: number;

const { orders, orderTrackingNumbers, orderTrackingSources } = schema;
type OrderValues = Partial<typeof orders.$inferInsert>;

let keyCounter = 0;
const base = new Date('2026-11-01T12:00:00Z').getTime();

/** Factory: one order (lastUpdated `minutesAgo` before a fixed time) with its tracking numbers. */
async function insertOrder(values: OrderValues & { minutesAgo?: number }, trackingNumbers: string[] = []) {
  keyCounter += 1;
  const { minutesAgo = keyCounter, ...rest } = values;
  const [row] = await t.db.db
    .insert(orders)
    .values({
      orderTrackingSourceId: alpha,
      uniqueKey: `key-${keyCounter}`,
      lastUpdated: new Date(base - minutesAgo * 60_000),
      ...rest,
    })
    .returning();
  if (trackingNumbers.length > 0) {
    await t.db.db
      .insert(orderTrackingNumbers)
      .values(trackingNumbers.map((trackingNumber) => ({ orderId: row!.id, trackingNumber })));
  }
  return row!;
}

async function list(body: TOrderListRequest | Record<string, unknown>, session: Session = orderUser) {
  const response = await t.as(session).post('/api/order-tracking/list', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as OrderListResponse;
}

const ids = (response: OrderListResponse) => response.orders.map((order) => order.id);
const liveCount = async () =>
  Number(
    (await t.db.query<{ n: number }>('select count(*)::int as n from orders where not deleted_status'))[0]!.n,
  );

// The fixture: named orders for search semantics, BULK orders for paging and sorting.
let smith: OrderRecord['id'];
let doe: OrderRecord['id'];
let percent: number;
let noPercent: number;
let underscore: number;
let noUnderscore: number;
let backslash: number;
let injection: number;
let deleted: number;
const bulk: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  ({ session: orderUser } = await t.signIn({ orderUser: true }));
  ({ session: otherUser } = await t.signIn({ orderUser: false, inventoryUser: true, submissionUser: true }));
  ({ session: admin } = await t.signIn({ isAdmin: true, orderUser: false }));
  const mailbox = await insertEmailSource(t.db.db, {
    username: 'feed@example.com',
    email: 'feed@example.com',
  });
  const source = (sourceName: string) => ({
    sourceName,
    emailSourceId: mailbox!.id,
    fileType: '.csv',
    fromEmail: 'feed@example.com',
    subjectValue: 'Tracking',
    attachmentName: '*.csv',
    uniqueColumn: 'DocumentNumber',
    columnMapping: {},
  });
  // Inserted Beta first, so that sorting by source name differs from sorting by source id.
  const [b] = await t.db.db.insert(orderTrackingSources).values(source('Beta Feed')).returning();
  const [a] = await t.db.db.insert(orderTrackingSources).values(source('Alpha Feed')).returning();
  alpha = a!.id;
  beta = b!.id;

  smith = (
    await insertOrder(
      {
        customerPoNumber: 'PO-2026-000101',
        itemNumber: '000123',
        shipToName: 'John Smith',
        supplierName: 'Acme Supply',
        brandName: 'Bosch',
        orderDate: '2026-10-05',
        qty: 2,
        minutesAgo: 1,
      },
      ['1Z999AA10123456784', '1Z999AA10123456785'],
    )
  ).id;
  doe = (
    await insertOrder(
      {
        orderTrackingSourceId: beta,
        customerPoNumber: 'PO-2026-000102',
        itemNumber: '000456',
        shipToName: 'Jane Doe',
        supplierName: 'Acme Supply',
        brandName: 'Moen',
        minutesAgo: 2,
      },
      ['TBA123456789012'],
    )
  ).id;
  percent = (
    await insertOrder({
      customerPoNumber: '50% OFF',
      itemNumber: 'A_B',
      shipToName: 'Back\\slash Co',
      minutesAgo: 3,
    })
  ).id;
  noPercent = (
    await insertOrder({
      customerPoNumber: '50 OFF',
      itemNumber: 'AXB',
      shipToName: 'Backslash Co',
      minutesAgo: 4,
    })
  ).id;
  underscore = percent;
  noUnderscore = noPercent;
  backslash = percent;
  injection = (
    await insertOrder({
      customerPoNumber: "'; drop table orders; --",
      supplierName: 'Widget Works',
      brandName: 'Bosch',
      minutesAgo: 5,
    })
  ).id;
  deleted = (
    await insertOrder(
      {
        customerPoNumber: 'PO-2026-000101-X',
        shipToName: 'John Smith',
        supplierName: 'Acme Supply',
        brandName: 'Bosch',
        deletedStatus: true,
        minutesAgo: 0,
      },
      ['1Z999AA10123456784'],
    )
  ).id;
  const suppliers = ['Zeta Parts', 'Acme Supply', 'Northwind Traders'];
  for (let n = 0; n < 30; n += 1) {
    const row = await insertOrder({
      orderTrackingSourceId: n % 2 === 0 ? alpha : beta,
      customerPoNumber: `BULK-${String(n).padStart(3, '0')}`,
      supplierName: suppliers[n % 3]!,
      brandName: n % 5 === 0 ? null : `Brand ${n % 4}`,
      orderDate: n % 7 === 0 ? null : `2026-09-${String(1 + (n % 9)).padStart(2, '0')}`,
      // Ties on lastUpdated, so that id has to break them.
      minutesAgo: 100 + Math.floor(n / 3),
    });
    bulk.push(row.id);
  }
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/order-tracking/list', () => {
  it('lists every live order, most recently updated first, with tracking numbers, source name and dates', async () => {
    const response = await list({ PageSize: 250 });
    expect(response.totalRecordCount).toBe(await liveCount());
    expect(response.orders).toHaveLength(response.totalRecordCount);
    expect(ids(response)).not.toContain(deleted);
    expect(ids(response).slice(0, 5)).toEqual([smith, doe, percent, noPercent, injection]);
    const first = response.orders[0]!;
    expect(first).toMatchObject({
      id: smith,
      customerPoNumber: 'PO-2026-000101',
      itemNumber: '000123',
      orderDate: '2026-10-05',
      poDate: null,
      qty: 2,
      sourceName: 'Alpha Feed',
      orderTrackingSourceId: alpha,
      activeStatus: true,
      deletedStatus: false,
      lastUpdated: new Date(base - 60_000).toISOString(),
    });
    expect(first.trackingNumbers.map((number) => number.trackingNumber)).toEqual([
      '1Z999AA10123456784',
      '1Z999AA10123456785',
    ]);
    expect(first.trackingNumbers[0]!.id).toEqual(expect.any(Number));
    expect(response.orders[1]).toMatchObject({ id: doe, sourceName: 'Beta Feed' });
    expect(response.orders[2]!.trackingNumbers).toEqual([]);
    // Equal lastUpdated: the higher id first (the default order is lastUpdated desc, id desc).
    const bulkOrder = ids(response).filter((id) => bulk.includes(id));
    expect(bulkOrder.slice(0, 3)).toEqual([bulk[2], bulk[1], bulk[0]]);
  });

  it('finds "contains" matches, case-insensitively, on trimmed input', async () => {
    expect(ids(await list({ PoNumberParam: '  po-2026-0001  ' }))).toEqual([smith, doe]);
    expect(ids(await list({ ItemNumberParam: '0012' }))).toEqual([smith]);
    expect(ids(await list({ ShipToNameParam: 'SMITH' }))).toEqual([smith]);
    expect(ids(await list({ SupplierNameParam: 'widget' }))).toEqual([injection]);
    expect((await list({ SupplierNameParam: 'acme' })).totalRecordCount).toBe(12);
    expect(ids(await list({ BrandNameParam: 'MOE' }))).toEqual([doe]);
    // Blank inputs are no search at all.
    expect((await list({ PoNumberParam: '   ', BrandNameParam: '' })).totalRecordCount).toBe(
      await liveCount(),
    );
  });

  it('searches the tracking numbers of each order', async () => {
    expect(ids(await list({ TrackingNumberParam: '456785' }))).toEqual([smith]);
    expect(ids(await list({ TrackingNumberParam: 'tba1234' }))).toEqual([doe]);
    // Two numbers of one order match: the order is counted once.
    expect(await list({ TrackingNumberParam: '1z999aa' })).toMatchObject({ totalRecordCount: 1 });
    expect((await list({ TrackingNumberParam: 'nothing-like-this' })).totalRecordCount).toBe(0);
  });

  it('AND needs every given field to match, OR any of them (the default)', async () => {
    const and = await list({ SupplierNameParam: 'acme', BrandNameParam: 'bosch', AndOrParam: true });
    expect(ids(and)).toEqual([smith]);
    const or = await list({ SupplierNameParam: 'acme', BrandNameParam: 'bosch' });
    expect(or.totalRecordCount).toBe(13);
    expect(ids(or)).toContain(injection);
    expect(ids(or)).toContain(doe);
    const mixed = { PoNumberParam: '000102', TrackingNumberParam: '456784', ShipToNameParam: 'slash' };
    expect(new Set(ids(await list(mixed)))).toEqual(new Set([doe, smith, percent, noPercent]));
    expect((await list({ ...mixed, AndOrParam: true })).totalRecordCount).toBe(0);
    expect(
      ids(await list({ PoNumberParam: '000101', TrackingNumberParam: '456784', AndOrParam: true })),
    ).toEqual([smith]);
    // A supplier no order has: AND finds nothing, OR ignores that term.
    expect(
      (await list({ SupplierNameParam: 'no such', BrandNameParam: 'moen', AndOrParam: true }))
        .totalRecordCount,
    ).toBe(0);
    expect(ids(await list({ SupplierNameParam: 'no such', BrandNameParam: 'moen' }))).toEqual([doe]);
  });

  it('takes % _ and \\ in the search text literally', async () => {
    expect(ids(await list({ PoNumberParam: '50%' }))).toEqual([percent]);
    expect(ids(await list({ PoNumberParam: '%' }))).toEqual([percent]);
    expect(ids(await list({ ItemNumberParam: 'A_B' }))).toEqual([underscore]);
    expect(ids(await list({ ItemNumberParam: '_' }))).toEqual([underscore]);
    expect(ids(await list({ ShipToNameParam: 'k\\s' }))).toEqual([backslash]);
    expect(ids(await list({ ShipToNameParam: 'backslash' }))).toEqual([noPercent]);
    expect(ids(await list({ BrandNameParam: '%', SupplierNameParam: '_' }))).toEqual([]);
    expect(containsPattern('50%_\\x')).toBe('%50\\%\\_\\\\x%');
    expect(noUnderscore).toBe(noPercent);
  });

  it('searches for SQL text like any other text and never runs it', async () => {
    const response = await list({
      PoNumberParam: "'; drop table orders; --",
      SupplierNameParam: "' or 1=1 --",
    });
    expect(ids(response)).toEqual([injection]);
    const quoted = await list({ ShipToNameParam: "x' union select * from users --", AndOrParam: true });
    expect(quoted.totalRecordCount).toBe(0);
    expect(await liveCount()).toBeGreaterThan(30);
  });

  it('refuses unknown or malicious sort keys with 400 before any SQL runs', async () => {
    const transaction = vi.spyOn(t.db.db, 'transaction');
    const execute = vi.spyOn(t.db.db, 'execute');
    for (const sortParams of [
      '{"id; drop table orders; --": true}',
      '{"customer_po_number": true}',
      '{"trackingNumbers": true}',
      '{"__proto__": true}',
      '{"constructor": true}',
      '{"lastUpdated": "yes"}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/order-tracking/list',
        headers: { ...orderUser.headers, 'content-type': 'application/json' },
        payload: `{"PageSize": 10, "SortParams": ${sortParams}}`,
      });
      expect(response.statusCode, sortParams).toBe(400);
    }
    expect(transaction).not.toHaveBeenCalled();
    expect(execute).not.toHaveBeenCalled();
    transaction.mockRestore();
    execute.mockRestore();
    expect(sortKeyFor('id; drop table orders', true)).toBeUndefined();
    expect(sortKeyFor('toString', true)).toBeUndefined();
  });

  it('refuses bad paging and search input with 400', async () => {
    for (const body of [
      { PageSize: 7 },
      { PageSize: 'ten' },
      { PageIndex: 0 },
      { PageIndex: -1 },
      { PageIndex: 1.5 },
      { AndOrParam: 'yes' },
      { PoNumberParam: 5 },
      { PoNumberParam: 'x'.repeat(201) },
      { SortParams: [] },
    ]) {
      const response = await t.as(orderUser).post('/api/order-tracking/list', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('sorts by one column in either direction, id breaking ties', async () => {
    const bulkFilter = { PoNumberParam: 'BULK-', PageSize: 250 } as const;
    const asc = await list({ ...bulkFilter, SortParams: { customerPoNumber: true } });
    expect(ids(asc)).toEqual(bulk);
    const desc = await list({ ...bulkFilter, SortParams: { customerPoNumber: false } });
    expect(ids(desc)).toEqual([...bulk].reverse());

    const bySupplier = await list({ ...bulkFilter, SortParams: { supplierName: true } });
    const expected = bulk
      .map((id, n) => ({ id, supplier: ['Zeta Parts', 'Acme Supply', 'Northwind Traders'][n % 3]! }))
      .sort((a, b) => a.supplier.localeCompare(b.supplier) || a.id - b.id)
      .map((row) => row.id);
    expect(ids(bySupplier)).toEqual(expected);

    // Empty values sort last ascending and first descending.
    const byDate = await list({ ...bulkFilter, SortParams: { orderDate: true } });
    const dates = byDate.orders.map((order) => order.orderDate);
    expect(dates.slice(-5)).toEqual([null, null, null, null, null]);
    expect(dates.filter(Boolean)).toEqual([...dates.filter(Boolean)].sort());
    const byDateDesc = await list({ ...bulkFilter, SortParams: { orderDate: false } });
    expect(ids(byDateDesc)).toEqual([...ids(byDate)].reverse());
  });

  it('sorts by two columns, each in its own direction', async () => {
    const response = await list({
      PoNumberParam: 'BULK-',
      PageSize: 250,
      SortParams: { supplierName: true, customerPoNumber: false },
    });
    const rows = response.orders.map((order) => [order.supplierName, order.customerPoNumber] as const);
    const expected = [...rows].sort((a, b) => a[0]!.localeCompare(b[0]!) || b[1]!.localeCompare(a[1]!));
    expect(rows).toEqual(expected);
    const flipped = await list({
      PoNumberParam: 'BULK-',
      PageSize: 250,
      SortParams: { supplierName: false, customerPoNumber: true },
    });
    expect(ids(flipped)).toEqual([...ids(response)].reverse());
  });

  it('sorts by source name (not by source id)', async () => {
    const response = await list({ PoNumberParam: 'BULK-', PageSize: 250, SortParams: { sourceName: true } });
    const names = response.orders.map((order) => order.sourceName);
    expect(names.slice(0, 15)).toEqual(Array(15).fill('Alpha Feed'));
    expect(names.slice(15)).toEqual(Array(15).fill('Beta Feed'));
    const alphaIds = ids(response).slice(0, 15);
    expect(alphaIds).toEqual([...alphaIds].sort((a, b) => a - b));
    const desc = await list({ PoNumberParam: 'BULK-', PageSize: 250, SortParams: { sourceName: false } });
    expect(ids(desc)).toEqual([...ids(response)].reverse());
    // Every column of the allow-list sorts without error.
    for (const column of ['qty', 'notes', 'wildcard1', 'poDate', 'lineStatus', 'lastUpdated', 'sourceName']) {
      const all = await list({ PageSize: 25, SortParams: { [column]: false } });
      expect(all.orders).toHaveLength(25);
    }
  });

  it('pages: page sizes, the last page, past the end', async () => {
    const all = ids(await list({ PoNumberParam: 'BULK-', PageSize: 250, SortParams: { orderDate: false } }));
    const page = async (PageSize: number, PageIndex: number) =>
      list({ PoNumberParam: 'BULK-', PageSize, PageIndex, SortParams: { orderDate: false } });
    for (const size of [10, 25]) {
      const pages: number[] = [];
      for (let index = 1; index <= Math.ceil(30 / size); index += 1) {
        const response = await page(size, index);
        expect(response.totalRecordCount).toBe(30);
        pages.push(...ids(response));
      }
      expect(pages).toEqual(all);
    }
    expect(ids(await page(25, 2))).toHaveLength(5);
    expect(ids(await page(10, 3))).toEqual(all.slice(20));
    const past = await page(10, 4);
    expect(past).toEqual({ orders: [], totalRecordCount: 30 });
    expect(await list({ PageIndex: 1_000_000, PageSize: 250 })).toEqual({
      orders: [],
      totalRecordCount: await liveCount(),
    });
    // Unfiltered, default sort, last page: read from the end, still in the right order.
    const everything = ids(await list({ PageSize: 250 }));
    const lastPage = await list({ PageSize: 10, PageIndex: Math.ceil(everything.length / 10) });
    expect(ids(lastPage)).toEqual(everything.slice(Math.floor((everything.length - 1) / 10) * 10));
  });

  it('finds the same total and page whichever way it looks (one pass, index walk from either end, collecting)', async () => {
    const like: Condition = { kind: 'like', column: 'customer_po_number', pattern: '%BULK-%' };
    const acme: Condition = { kind: 'in', column: 'supplier_name', values: ['Acme Supply'] };
    const zeta: Condition = { kind: 'in', column: 'supplier_name', values: ['Zeta Parts'] };
    const tracking: Condition = { kind: 'tracking', pattern: '%1Z999%' };
    const brands: Condition = { kind: 'in', column: 'brand_name', values: ['Brand 1', 'Brand 2'] };
    const filters: Array<Filter | undefined> = [
      { mode: 'or', conditions: [like] },
      { mode: 'or', conditions: [acme, zeta, tracking] },
      // Counted as |search − lists| + |supplier| + |brand| − |supplier ∩ brand|; checked against a UNION.
      { mode: 'or', conditions: [acme, brands, like] },
      { mode: 'and', conditions: [like, acme] },
      undefined,
    ];
    const sorts = [
      [sortKeyFor('lastUpdated', false)!],
      [sortKeyFor('orderDate', true)!],
      [sortKeyFor('supplierName', false)!, sortKeyFor('customerPoNumber', true)!],
      [sortKeyFor('sourceName', true)!],
      [sortKeyFor('qty', false)!, sortKeyFor('brandName', true)!],
    ];
    const ways: Array<Partial<PageRequest>> = [
      { shape: 'materialize' },
      { shape: 'index', collect: 'always' },
      { shape: 'index', collect: 'never', fromEnd: 'never' },
      { shape: 'index', collect: 'never', fromEnd: 'always' },
      {},
    ];
    for (const filter of filters) {
      for (const sort of sorts) {
        const everything = await findOrderPage(t.db.db, {
          filter,
          sort,
          pageSize: 250,
          pageIndex: 1,
          shape: 'materialize',
        });
        const all = everything.orders.map((order) => order.id);
        expect(all).toHaveLength(everything.total);
        for (const pageSize of [7]) {
          for (let pageIndex = 1; pageIndex <= Math.ceil(everything.total / pageSize) + 1; pageIndex += 1) {
            const expected = all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
            for (const way of ways) {
              const page = await findOrderPage(t.db.db, { filter, sort, pageSize, pageIndex, ...way });
              const label = JSON.stringify({ filter, sort, pageSize, pageIndex, way });
              expect(page.total, label).toBe(everything.total);
              expect(
                page.orders.map((order) => order.id),
                label,
              ).toEqual(expected);
            }
          }
        }
      }
    }
  });
});

describe('totalRecordCount stays exact', () => {
  it('after soft deletes through the API and changes made directly in the database', async () => {
    const before = await list({});
    expect(before.totalRecordCount).toBe(await liveCount());
    const acme = (await list({ SupplierNameParam: 'acme' })).totalRecordCount;

    const victim = bulk[1]!; // an Acme Supply order
    const response = await t.as(orderUser).post(`/api/order-tracking/delete/${victim}`);
    expect(response.statusCode).toBe(204);
    expect((await list({})).totalRecordCount).toBe(before.totalRecordCount - 1);
    expect((await list({ SupplierNameParam: 'acme' })).totalRecordCount).toBe(acme - 1);
    expect(ids(await list({ PageSize: 250 }))).not.toContain(victim);

    // Ingestion-like changes: bulk insert, undelete, soft delete and hard delete in SQL.
    await t.db.query(
      `insert into orders (unique_key, supplier_name, deleted_status)
       select 'direct-' || g, 'Direct Co', g % 4 = 0 from generate_series(1, 12) g`,
    );
    await t.db.query(`update orders set deleted_status = false where unique_key = 'direct-4'`);
    await t.db.query(`update orders set deleted_status = true where unique_key in ('direct-1', 'direct-2')`);
    await t.db.query(`update orders set notes = 'touched' where unique_key like 'direct-%'`);
    await t.db.query(`delete from orders where unique_key in ('direct-3', 'direct-8')`);
    const after = await list({});
    expect(after.totalRecordCount).toBe(await liveCount());
    expect(await countLiveOrders(t.db.db)).toBe(await liveCount());
    expect((await list({ SupplierNameParam: 'direct' })).totalRecordCount).toBe(
      Number(
        (
          await t.db.query<{ n: number }>(
            `select count(*)::int as n from orders where supplier_name = 'Direct Co' and not deleted_status`,
          )
        )[0]!.n,
      ),
    );
    await t.db.query(`delete from orders where unique_key like 'direct-%'`);
    expect((await list({})).totalRecordCount).toBe(await liveCount());
  });

  it('searches a field with more distinct values than the lookup limit through its trigram index', async () => {
    await t.db.query(
      `insert into orders (unique_key, brand_name) select 'many-' || g, 'Label ' || g from generate_series(1, 1005) g`,
    );
    const response = await list({ BrandNameParam: 'label 100', PageSize: 10 });
    // Label 100, Label 1000 … Label 1005.
    expect(response.totalRecordCount).toBe(7);
    expect(response.orders.map((order) => order.brandName).sort()).toEqual(
      [
        'Label 100',
        'Label 1000',
        'Label 1001',
        'Label 1002',
        'Label 1003',
        'Label 1004',
        'Label 1005',
      ].sort(),
    );
    expect((await list({ BrandNameParam: 'bosch' })).totalRecordCount).toBe(2);
    await t.db.query(`delete from orders where unique_key like 'many-%'`);
    expect((await list({})).totalRecordCount).toBe(await liveCount());
  });
});

describe('POST /api/order-tracking/delete/{id}', () => {
  it('soft-deletes (204), again is fine, unknown is 404, a bad id 400', async () => {
    const row = await insertOrder({ customerPoNumber: 'TO-DELETE' });
    const call = (id: string | number) =>
      t.app.inject({ method: 'POST', url: `/api/order-tracking/delete/${id}`, headers: orderUser.headers });
    expect((await call(row.id)).statusCode).toBe(204);
    const [stored] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored!.deletedStatus).toBe(true);
    expect((await call(row.id)).statusCode).toBe(204);
    expect((await call(999_999)).statusCode).toBe(404);
    expect((await call('abc')).statusCode).toBe(400);
    expect((await list({ PoNumberParam: 'TO-DELETE' })).totalRecordCount).toBe(0);
  });
});

describe('POST /api/order-tracking/notes', () => {
  it('saves a note sent as OrderId/Note (grid) or orderId/note (detail page)', async () => {
    const row = await insertOrder({ customerPoNumber: 'NOTES-1', minutesAgo: 50 });
    const save = (payload: InjectOptions['payload']) =>
      t.app.inject({ method: 'POST', url: '/api/order-tracking/notes', headers: orderUser.headers, payload });
    const grid = await save({ OrderId: row.id, Note: 'Called the customer' });
    expect(grid.statusCode).toBe(200);
    expect(grid.json()).toEqual({ orderId: row.id, note: 'Called the customer' });
    const detail = await save({ orderId: String(row.id), note: 'Second note\nwith a line' });
    expect(detail.json()).toEqual({ orderId: row.id, note: 'Second note\nwith a line' });
    const [stored] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored!.notes).toBe('Second note\nwith a line');
    // A note does not move the order in the grid.
    expect(stored!.lastUpdated.getTime()).toBe(row.lastUpdated.getTime());
    expect((await save({ orderId: row.id, note: '  ' })).json()).toEqual({ orderId: row.id, note: '' });
    const [cleared] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(cleared!.notes).toBeNull();
  });

  it('404 for an unknown or deleted order, 400 for bad input, and nothing changes', async () => {
    const row = await insertOrder({ customerPoNumber: 'NOTES-2', notes: 'keep me' });
    const save = (payload: InjectOptions['payload']) =>
      t.app.inject({ method: 'POST', url: '/api/order-tracking/notes', headers: orderUser.headers, payload });
    expect((await save({ orderId: 999_999, note: 'x' })).statusCode).toBe(404);
    expect((await save({ orderId: deleted, note: 'x' })).statusCode).toBe(404);
    for (const payload of [
      {},
      { note: 'x' },
      { orderId: 'abc', note: 'x' },
      { orderId: -1, note: 'x' },
      { orderId: row.id, note: 5 },
      { orderId: row.id, note: 'x'.repeat(4001) },
    ]) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [stored] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored!.notes).toBe('keep me');
  });
});

describe('GET /api/order-tracking/order/{orderId}', () => {
  it('returns the order record; 404 for unknown or deleted; 400 for a bad id', async () => {
    const get = (id: string | number) =>
      t.app.inject({ method: 'GET', url: `/api/order-tracking/order/${id}`, headers: orderUser.headers });
    const response = await get(smith);
    expect(response.statusCode).toBe(200);
    const listed = (await list({ PoNumberParam: 'PO-2026-000101' })).orders[0];
    expect(response.json()).toEqual(listed);
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'id',
        ...ORDER_TRACKING_COLUMN_KEYS,
        'shippingCompany',
        'shippingCompanyRecognised',
        'orderTrackingSourceId',
        'sourceName',
        'activeStatus',
        'deletedStatus',
        'lastUpdated',
      ].sort(),
    );
    expect((await get(deleted)).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });
});

describe('POST /api/order-tracking/order/{orderId} (Edit Order)', () => {
  const edit = (
    id: number | string,
    payload: InjectOptions['payload'] | null,
    session: Session = orderUser,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/order-tracking/order/${id}`,
      headers: session.headers,
      ...(payload === null ? {} : { payload }),
    });

  it('saves the fields, replaces the tracking numbers and stamps lastUpdated', async () => {
    const row = await insertOrder({ customerPoNumber: 'EDIT-1', shipToName: 'Old Name', minutesAgo: 500 }, [
      'KEEP-1',
      'DROP-1',
    ]);
    const [kept] = await t.db.db
      .select()
      .from(orderTrackingNumbers)
      .where(
        sql`${orderTrackingNumbers.orderId} = ${row.id} and ${orderTrackingNumbers.trackingNumber} = 'KEEP-1'`,
      );
    const started = Date.now();
    const response = await edit(row.id, {
      customerPoNumber: '  EDIT-1A ',
      shipToName: 'New Name',
      orderDate: '2026-11-02',
      shippedDate: '',
      qty: '3',
      qtyFulfilled: 1.5,
      trackingNumbers: ['  KEEP-1 ', '', '   ', 'NEW-2', 'new-2', 'NEW-3', 'KEEP-1'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as OrderRecord;
    expect(saved).toMatchObject({
      id: row.id,
      customerPoNumber: 'EDIT-1A',
      shipToName: 'New Name',
      orderDate: '2026-11-02',
      shippedDate: null,
      qty: 3,
      qtyFulfilled: 1.5,
      brandName: null,
      sourceName: 'Alpha Feed',
    });
    expect(saved.trackingNumbers.map((number) => number.trackingNumber)).toEqual([
      'KEEP-1',
      'NEW-2',
      'NEW-3',
    ]);
    expect(saved.trackingNumbers[0]!.id).toBe(kept!.id);
    expect(new Date(saved.lastUpdated).getTime()).toBeGreaterThanOrEqual(started - 1000);
    // The edited order is now the most recently updated one.
    expect(ids(await list({ PageSize: 10 }))[0]).toBe(row.id);
    const get = await t.as(orderUser).get(`/api/order-tracking/order/${row.id}`);
    expect(get.json()).toEqual(saved);
    // An empty list removes every tracking number.
    const cleared = await edit(row.id, { customerPoNumber: 'EDIT-1A', trackingNumbers: [] });
    expect(cleared.json().trackingNumbers).toEqual([]);
    expect((await list({ TrackingNumberParam: 'KEEP-1' })).totalRecordCount).toBe(0);
  });

  it('404 for unknown or deleted orders; 400 for bad input, with nothing changed', async () => {
    const row = await insertOrder({ customerPoNumber: 'EDIT-2', minutesAgo: 600 }, ['STAY-1']);
    expect((await edit(999_999, { trackingNumbers: [] })).statusCode).toBe(404);
    expect((await edit(deleted, { trackingNumbers: [] })).statusCode).toBe(404);
    expect((await edit('abc', { trackingNumbers: [] })).statusCode).toBe(400);
    for (const payload of [
      { customerPoNumber: 'CHANGED', orderDate: '11/02/2026' },
      { customerPoNumber: 'CHANGED', orderDate: '2026-02-30' },
      { customerPoNumber: 'CHANGED', qty: -1 },
      { customerPoNumber: 'CHANGED', qty: 'many' },
      { customerPoNumber: 'CHANGED', trackingNumbers: 'ABC' },
      { customerPoNumber: 'CHANGED', trackingNumbers: ['x'.repeat(101)] },
      { customerPoNumber: 'x'.repeat(501) },
      null,
    ]) {
      const response = await edit(row.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [stored] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored!.customerPoNumber).toBe('EDIT-2');
    expect(stored!.lastUpdated.getTime()).toBe(row.lastUpdated.getTime());
    const numbers = await t.db.db
      .select()
      .from(orderTrackingNumbers)
      .where(inArray(orderTrackingNumbers.orderId, [row.id]));
    expect(numbers.map((number) => number.trackingNumber)).toEqual(['STAY-1']);
  });
});

describe('access', () => {
  const routes = (id: number) =>
    [
      { method: 'POST', url: '/api/order-tracking/list', payload: {} },
      { method: 'POST', url: `/api/order-tracking/delete/${id}` },
      { method: 'POST', url: '/api/order-tracking/notes', payload: { orderId: id, note: 'n' } },
      { method: 'GET', url: `/api/order-tracking/order/${id}` },
      { method: 'POST', url: `/api/order-tracking/order/${id}`, payload: { customerPoNumber: 'ACCESS' } },
    ] as const;

  it('every route: 401 without a session and 403 for a user without the order flag, nothing changed', async () => {
    const row = await insertOrder({ customerPoNumber: 'ACCESS-1', notes: 'original' });
    for (const route of routes(row.id)) {
      const anonymous = await t.app.inject({ ...route });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const forbidden = await t.app.inject({ ...route, headers: otherUser.headers });
      expect(forbidden.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const [stored] = await t.db.db.select().from(orders).where(eq(orders.id, row.id));
    expect(stored).toMatchObject({ deletedStatus: false, notes: 'original', customerPoNumber: 'ACCESS-1' });
  });

  it('every route works for an order user and for an admin without the flag', async () => {
    for (const session of [orderUser, admin]) {
      const row = await insertOrder({ customerPoNumber: 'ACCESS-2' });
      const [listRoute, deleteRoute, ...others] = routes(row.id);
      for (const route of [listRoute, ...others.reverse(), deleteRoute]) {
        const response = await t.app.inject({ ...route, headers: session.headers });
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
      }
    }
  });
});
