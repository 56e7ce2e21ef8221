import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunDetails } from '@app/contracts';
import { type DbOrTx, schema } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  ageOrders,
  createEmailSource,
  createSource,
  csv,
  HEADER,
  liveCounts,
  ordersOf,
  processFile,
  runOf,
} from '../../../test/modules/order-tracking-ingestion';
import { storeFile } from '../files/stored-files';
import { arrayLiteral } from './ingest-orders-repository';
import { orderTrackingFileProcessor, processOrderTrackingFile } from './processor';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
const fixture = (name: string) => readFileSync(path.join(fixtures, name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // Every write of every test keeps the live-order counter exact (migration 0005's triggers).
  const { counter, actual } = await liveCounts(t);
  expect(counter).toBe(actual);
});

const rowsFile = (...rows: string[][]) => csv([HEADER, ...rows]);

describe('upsert by (source, unique key)', () => {
  it('inserts new keys, updates changed ones and counts identical rows as nothing', async () => {
    const source = await createSource(t);
    const first = await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-1', 'A-1', '3/5/2024', '2', 'T1'],
        ['L2', 'PO-2', 'A-2', '', '1,500', ''],
        ['L3', 'PO-3', 'A-3', '2024-03-07', '', 'T3;T4'],
      ),
    );
    // docs/behaviour/order-tracking.md#new-and-changed-orders: a first import's orders are all new.
    expect(first).toMatchObject({
      status: 'succeeded',
      ordersUpdated: 3,
      ordersNew: 3,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    expect(first.message).toBe('Imported 3 rows: 3 orders updated (3 new, 0 changed), 0 deleted');
    expect(await ordersOf(t, source.id)).toEqual([
      expect.objectContaining({
        uniqueKey: 'L1',
        customerPoNumber: 'PO-1',
        shippedDate: '2024-03-05',
        qty: 2,
        trackingNumbers: ['T1'],
      }),
      expect.objectContaining({
        uniqueKey: 'L2',
        customerPoNumber: 'PO-2',
        shippedDate: null,
        qty: 1500,
        trackingNumbers: [],
      }),
      expect.objectContaining({
        uniqueKey: 'L3',
        shippedDate: '2024-03-07',
        qty: null,
        trackingNumbers: ['T3', 'T4'],
      }),
    ]);

    const same = await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-1', 'A-1', '2024-03-05', '2', 'T1'],
        ['L2', 'PO-2', 'A-2', '', '1500', ''],
        ['L3', 'PO-3', 'A-3', '3/7/2024', '', 'T4;T3'],
      ),
    );
    expect(same).toMatchObject({
      status: 'succeeded',
      ordersUpdated: 0,
      ordersNew: 0,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    expect(same.message).toBe('Imported 3 rows: 0 orders updated, 0 deleted');

    const changed = await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-1', 'A-1', '3/5/2024', '2', 'T1'],
        ['L2', 'PO-2', 'A-2', '3/9/2024', '1500', ''],
        ['L4', 'PO-4', '', '', '', ''],
      ),
    );
    // L2 changed, L4 is new, L1 is as stored.
    expect(changed).toMatchObject({ ordersUpdated: 2, ordersNew: 1, ordersChanged: 1 });
    expect(changed.message).toBe('Imported 3 rows: 2 orders updated (1 new, 1 changed), 0 deleted');
    const stored = await ordersOf(t, source.id);
    expect(stored.map((order) => [order.uniqueKey, order.shippedDate])).toEqual([
      ['L1', '2024-03-05'],
      ['L2', '2024-03-09'],
      ['L3', '2024-03-07'],
      ['L4', null],
    ]);

    const run = await runOf(t, changed.runId);
    expect(run).toMatchObject({
      sourceType: 'order-tracking',
      sourceId: source.id,
      sourceName: source.sourceName,
      trigger: 'manual',
      status: 'succeeded',
      fileName: 'shipments.csv',
      ordersUpdated: 2,
      ordersDeleted: 0,
    });
    expect(run.finishedAt).not.toBeNull();
    expect(run.details).toEqual({
      counts: {
        rowsRead: 3,
        rowsImported: 3,
        rowsSkipped: 0,
        ordersUpdated: 2,
        ordersNew: 1,
        ordersChanged: 1,
        ordersDeleted: 0,
      },
      warnings: [],
      errors: [],
    });
  });

  it('merges tracking numbers without duplicates; a new number alone makes the order updated', async () => {
    const source = await createSource(t);
    await processFile(
      t,
      source.id,
      rowsFile(['L1', 'PO-1', '', '', '', 'T1;T2'], ['L2', 'PO-2', '', '', '', 'T9']),
    );
    await ageOrders(t, source.id, ['L1', 'L2'], 3);
    const before = await ordersOf(t, source.id);

    const next = await processFile(
      t,
      source.id,
      rowsFile(['L1', 'PO-1', '', '', '', 'T2;T3'], ['L2', 'PO-2', '', '', '', 'T9']),
    );
    expect(next).toMatchObject({ status: 'succeeded', ordersUpdated: 1 });
    const after = await ordersOf(t, source.id);
    expect(after.map((order) => order.trackingNumbers)).toEqual([['T1', 'T2', 'T3'], ['T9']]);
    expect(after[0]!.lastUpdated.getTime()).toBeGreaterThan(before[0]!.lastUpdated.getTime());
    expect(after[1]!.lastUpdated.getTime()).toBe(before[1]!.lastUpdated.getTime());

    // A number no longer in the file stays; the same numbers again change nothing.
    const again = await processFile(t, source.id, rowsFile(['L1', 'PO-1', '', '', '', 'T3']));
    expect(again.ordersUpdated).toBe(0);
    const [count] = await t.db.query<{ n: string | number }>(
      'select count(*) as n from order_tracking_numbers n join orders o on o.id = n.order_id where o.order_tracking_source_id = $1',
      [source.id],
    );
    expect(Number(count!.n)).toBe(4);
  });

  it('revives a soft-deleted order that is in a file again, and never overwrites notes or unmapped fields', async () => {
    const source = await createSource(t);
    await processFile(
      t,
      source.id,
      rowsFile(['L1', 'PO-1', '', '', '', 'T1'], ['L2', 'PO-2', '', '', '', '']),
    );
    await t.db.db
      .update(schema.orders)
      .set({ deletedStatus: true })
      .where(
        sql`${schema.orders.orderTrackingSourceId} = ${source.id} and ${schema.orders.uniqueKey} = 'L1'`,
      );
    await t.db.db
      .update(schema.orders)
      .set({ notes: 'Customer called', wildcard1: 'entered by staff' })
      .where(
        sql`${schema.orders.orderTrackingSourceId} = ${source.id} and ${schema.orders.uniqueKey} = 'L2'`,
      );

    const result = await processFile(
      t,
      source.id,
      rowsFile(['L1', 'PO-1', '', '', '', 'T1'], ['L2', 'PO-2b', '', '', '', '']),
    );
    expect(result).toMatchObject({ status: 'succeeded', ordersUpdated: 2 });
    const [l1, l2] = await ordersOf(t, source.id);
    expect(l1).toMatchObject({ uniqueKey: 'L1', deletedStatus: false });
    expect(l2).toMatchObject({ uniqueKey: 'L2', customerPoNumber: 'PO-2b', notes: 'Customer called' });
    const [wildcard] = await t.db.query<{ wildcard1: string | null }>(
      'select wildcard1 from orders where order_tracking_source_id = $1 and unique_key = $2',
      [source.id, 'L2'],
    );
    expect(wildcard!.wildcard1).toBe('entered by staff');
  });

  it('soft-deletes orders not updated for deleteAfterDays, except those the file still lists', async () => {
    const source = await createSource(t, { deleteAfterDays: 30 });
    await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-1', '', '', '', ''],
        ['L2', 'PO-2', '', '', '', ''],
        ['L3', 'PO-3', '', '', '', ''],
        ['L4', 'PO-4', '', '', '', ''],
      ),
    );
    await ageOrders(t, source.id, ['L1', 'L2', 'L3'], 31);
    await ageOrders(t, source.id, ['L4'], 29);

    // L3 is old but in the file unchanged: kept. L1 and L2 are old and absent: deleted. L4 is recent.
    const result = await processFile(
      t,
      source.id,
      rowsFile(['L3', 'PO-3', '', '', '', ''], ['L5', 'PO-5', '', '', '', '']),
    );
    expect(result).toMatchObject({ status: 'succeeded', ordersUpdated: 1, ordersDeleted: 2 });
    expect(result.message).toBe('Imported 2 rows: 1 order updated (1 new, 0 changed), 2 deleted');
    const stored = await ordersOf(t, source.id);
    expect(stored.map((order) => [order.uniqueKey, order.deletedStatus])).toEqual([
      ['L1', true],
      ['L2', true],
      ['L3', false],
      ['L4', false],
      ['L5', false],
    ]);
    // Already deleted orders are not counted again.
    const again = await processFile(t, source.id, rowsFile(['L3', 'PO-3', '', '', '', '']));
    expect(again.ordersDeleted).toBe(0);
    expect((await runOf(t, result.runId)).details).toMatchObject({
      counts: { rowsRead: 2, rowsImported: 2, rowsSkipped: 0, ordersUpdated: 1, ordersDeleted: 2 },
    });
  });

  it('merges repeated keys of one file and skips rows without a key', async () => {
    const source = await createSource(t);
    const result = await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-old', '', '', '', 'T1'],
        ['', 'PO-x', '', '', '', 'T8'],
        ['L1', 'PO-new', '', '', '', 'T2'],
        [' ', 'PO-y', '', '', '', ''],
      ),
    );
    expect(result).toMatchObject({ status: 'succeeded', ordersUpdated: 1 });
    expect(result.message).toBe(
      'Imported 2 rows: 1 order updated (1 new, 0 changed), 0 deleted, 2 rows skipped (no key)',
    );
    expect(await ordersOf(t, source.id)).toEqual([
      expect.objectContaining({ uniqueKey: 'L1', customerPoNumber: 'PO-new', trackingNumbers: ['T1', 'T2'] }),
    ]);
    const details = (await runOf(t, result.runId)).details as RunDetails;
    expect(details.counts).toEqual({
      rowsRead: 4,
      rowsImported: 2,
      rowsSkipped: 2,
      ordersUpdated: 1,
      ordersNew: 1,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    expect(details.warnings).toEqual([
      'No Document Number (the unique column), row skipped: rows 3, 5.',
      '1 row repeats the Document Number of an earlier row; the last row of each was kept and the tracking numbers merged: row 4.',
    ]);
  });

  it('keeps sources apart: the same key in two sources is two orders', async () => {
    const a = await createSource(t);
    const b = await createSource(t);
    await processFile(t, a.id, rowsFile(['L1', 'PO-a', '', '', '', 'T1']));
    await processFile(t, b.id, rowsFile(['L1', 'PO-b', '', '', '', 'T1']));
    expect((await ordersOf(t, a.id)).map((order) => order.customerPoNumber)).toEqual(['PO-a']);
    expect((await ordersOf(t, b.id)).map((order) => order.customerPoNumber)).toEqual(['PO-b']);
  });

  /** Processes a file in its own transaction, as the process route does, in batches of `batchSize` orders. */
  const processInBatches = (sourceId: number, content: Buffer, batchSize: number) =>
    t.db.db.transaction(async (tx) => {
      const { processOrderTrackingFile } = await import('./processor');
      return processOrderTrackingFile(
        { db: tx, context: t.app.context, sourceId, file: { fileName: 'a.csv', content }, trigger: 'manual' },
        { batchSize },
      );
    });

  it('imports in batches with the same result', async () => {
    const source = await createSource(t);
    const rows = Array.from({ length: 25 }, (_, i) => [`L${i}`, `PO-${i}`, '', '', String(i), `T${i};U${i}`]);
    const outcome = await processInBatches(source.id, rowsFile(...rows), 7);
    expect(outcome.ordersUpdated).toBe(25);
    const stored = await ordersOf(t, source.id);
    expect(stored).toHaveLength(25);
    expect(stored.every((order) => order.trackingNumbers.length === 2)).toBe(true);
  });

  it("keeps each order's tracking numbers in the file's order (the grid's and the export's order)", async () => {
    const numbersInIdOrder = async (sourceId: number) => {
      const rows = await t.db.query<{ key: string; numbers: string[] }>(
        `select o.unique_key as key, array_agg(n.tracking_number order by n.id) as numbers
         from orders o join order_tracking_numbers n on n.order_id = o.id
         where o.order_tracking_source_id = $1 group by o.unique_key`,
        [sourceId],
      );
      return new Map(rows.map((row) => [row.key, row.numbers]));
    };
    const order = (i: number) => [`Z${i}`, `X${i}`, `A${i}`, `M${i}`];
    // Fewer numbers than orders, as in a file where most lines have not shipped: a join then tends to
    // hash the numbers and hand them over by order, an order's numbers in any order.
    const rows = Array.from({ length: 60 }, (_, i) => [
      `L${i}`,
      `PO-${i}`,
      '',
      '',
      '1',
      i % 20 === 0 ? order(i).join(';') : '',
    ]);
    // A new source (one statement per batch), and a source with orders, where the same file adds numbers.
    const fresh = await createSource(t);
    await processFile(t, fresh.id, rowsFile(...rows));
    const grown = await createSource(t);
    await processFile(
      t,
      grown.id,
      rowsFile(...rows.map((row) => [...row.slice(0, 5), row[5] ? `Z${row[1]}` : ''])),
    );
    await processFile(t, grown.id, rowsFile(...rows));
    for (const source of [fresh, grown]) {
      const stored = await numbersInIdOrder(source.id);
      expect(stored.size).toBe(3);
      for (const [key, numbers] of stored) {
        const i = Number(key.slice(1));
        expect(numbers).toEqual(source === fresh ? order(i) : [`ZPO-${i}`, ...order(i)]);
      }
    }
  });

  it("rolls back a new source's earlier batches when a later one fails, and says why in the run", async () => {
    const source = await createSource(t);
    // The database refuses the fourth batch's first order (batches of 7: PO-21).
    await t.db.query(`create function refuse_po_21() returns trigger language plpgsql as $$
      begin if new.customer_po_number = 'PO-21' then raise exception 'refused for the test'; end if; return new; end $$`);
    await t.db.query(
      'create trigger refuse_po_21 before insert on orders for each row execute function refuse_po_21()',
    );
    try {
      const rows = Array.from({ length: 25 }, (_, i) => [`L${i}`, `PO-${i}`, '', '', '1', `T${i}`]);
      const outcome = await processInBatches(source.id, rowsFile(...rows), 7);
      expect(outcome).toMatchObject({ status: 'failed', ordersUpdated: 0 });
      expect(outcome.message).toContain('refused for the test');
      expect(await ordersOf(t, source.id)).toEqual([]);
    } finally {
      await t.db.query('drop trigger refuse_po_21 on orders');
      await t.db.query('drop function refuse_po_21()');
    }
  });
});

/** A scan in a plan: what it reads and through which index. */
interface Scan {
  node: string;
  relation: string | undefined;
  index: string | undefined;
  /** What an index scan looks for; none: it walks the whole index. */
  condition: string | undefined;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function scansOf(node: PlanNode, found: Scan[] = []): Scan[] {
  if (node['Relation Name'] || node['Index Name']) {
    found.push({
      node: node['Node Type'],
      relation: node['Relation Name'],
      index: node['Index Name'],
      condition: node['Index Cond'],
    });
  }
  for (const child of node.Plans ?? []) scansOf(child, found);
  return found;
}

const dialect = new PgDialect();
/** The import's statements on orders and tracking numbers, told apart by how they begin. */
const IMPORT_STATEMENT = /^\s*(with input as|with added as|with stored as)/;

/**
 * `db`, but every import statement is first EXPLAINed in the same transaction (so with the statistics and
 * the settings it then runs with), its plan kept in `plans`. Savepoints opened through it are wrapped too.
 */
function explaining(db: DbOrTx, plans: Array<{ statement: string; scans: Scan[] }>): DbOrTx {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return async (query: SQL) => {
          const { sql: text } = dialect.sqlToQuery(query);
          if (IMPORT_STATEMENT.test(text)) {
            const result = (await target.execute(sql`explain (format json) ${query}`)) as unknown as {
              rows: Array<Record<string, unknown>>;
            };
            const raw = Object.values(result.rows[0]!)[0];
            const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
            plans.push({ statement: IMPORT_STATEMENT.exec(text)![1]!, scans: scansOf(plan!.Plan) });
          }
          return target.execute(query);
        };
      }
      if (property === 'transaction') {
        return (work: (tx: DbOrTx) => Promise<unknown>, config?: unknown) =>
          // biome-ignore lint/suspicious/noExplicitAny: drizzle's transaction config type is not exported.
          target.transaction((tx) => work(explaining(tx, plans)), config as any);
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * A UPS-like tracking number for order `i` (`kind` tells apart an order's numbers): 18 characters that look
 * random, as real ones do, so that the trigram index's statistics are the ones real files give it.
 */
function upsNumber(i: number, kind: number): string {
  let state = (i * 7919 + kind * 104_729 + 1) >>> 0;
  let text = '1Z';
  for (let c = 0; c < 16; c++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += '0123456789ABCDEFGHJKLMNPRSTVWXYZ'[state >>> 27];
  }
  return text;
}

/** A file of `count` orders L<i>, a third of them with two tracking numbers, every hundredth with `extra` more. */
const manyRows = (count: number, extra = 0) =>
  rowsFile(
    ...Array.from({ length: count }, (_, i) => {
      const numbers = [upsNumber(i, 0)];
      if (i % 3 === 0) numbers.push(upsNumber(i, 1));
      if (i % 200 === 0) for (let k = 0; k < extra; k++) numbers.push(upsNumber(i, 2 + k));
      return [`L${i}`, `PO-${i}`, `A-${i % 700}`, '3/5/2024', '1', numbers.join(';')];
    }),
  );

async function explainedImport(sourceId: number, content: Buffer) {
  const plans: Array<{ statement: string; scans: Scan[] }> = [];
  const outcome = await t.db.db.transaction((tx) =>
    processOrderTrackingFile(
      {
        db: explaining(tx, plans),
        context: t.app.context,
        sourceId,
        file: { fileName: 'big.csv', content },
        trigger: 'manual',
      },
      { batchSize: 10_000 },
    ),
  );
  await outcome.afterCommit?.();
  return { outcome, plans };
}

/**
 * The traps docs/design/order-ingest.md describes: a plan whose work grows with the square of the file. Each
 * import statement must reach `orders` only through its (source, key) index or its primary key, and stored
 * tracking numbers only by order: no scan of a table, no walk of all a source's orders, no trigram index
 * (whose pending list every probe would read).
 */
function expectLinearPlans(plans: Array<{ statement: string; scans: Scan[] }>) {
  expect(plans.length).toBeGreaterThan(0);
  for (const { statement, scans } of plans) {
    const reads = scans.filter(
      (scan) => scan.relation === 'orders' || scan.relation === 'order_tracking_numbers',
    );
    for (const scan of reads) {
      expect({ statement, ...scan }).not.toMatchObject({ node: 'Seq Scan' });
      // A walk of a whole index (a merge join's input) reads every source's rows once per batch.
      if (scan.index !== undefined) expect(scan.condition, `${statement}: ${scan.index}`).toBeDefined();
    }
    const indexes = scans.map((scan) => scan.index).filter((index) => index !== undefined);
    expect(
      indexes.filter(
        (index) =>
          ![
            'orders_source_key_idx',
            'orders_pkey',
            'order_tracking_numbers_order_number_idx',
            'order_tracking_numbers_pkey',
          ].includes(index),
      ),
      statement,
    ).toEqual([]);
  }
}

describe(`import plans stay linear (${DB_KIND})`, () => {
  it("inserts a new source's file with its numbers in one statement per batch, looking nothing up", async () => {
    const source = await createSource(t);
    const { outcome, plans } = await explainedImport(source.id, manyRows(20_000));
    expect(outcome).toMatchObject({ status: 'succeeded', ordersUpdated: 20_000, ordersNew: 20_000 });
    expect(plans.map((plan) => plan.statement)).toEqual(['with stored as', 'with stored as']);
    for (const plan of plans) expect(plan.scans.filter((scan) => scan.index !== undefined)).toEqual([]);
    expectLinearPlans(plans);
    const stored = await t.db.query<{ orders: number | string; numbers: number | string }>(
      `select count(distinct o.id) as orders, count(t.id) as numbers
       from orders o left join order_tracking_numbers t on t.order_id = o.id where o.order_tracking_source_id = $1`,
      [source.id],
    );
    expect(Number(stored[0]!.orders)).toBe(20_000);
    expect(Number(stored[0]!.numbers)).toBe(20_000 + Math.ceil(20_000 / 3));
  });

  it('looks up each key of a source with orders on a never-analysed table through the unique index', async () => {
    const source = await createSource(t);
    await processFile(t, source.id, manyRows(1));
    const { outcome, plans } = await explainedImport(source.id, manyRows(20_000));
    // The one stored order is identical, so it is not written.
    expect(outcome).toMatchObject({ status: 'succeeded', ordersUpdated: 19_999, ordersNew: 19_999 });
    // Two batches of orders, each with its tracking numbers in one statement.
    expect(plans.map((plan) => plan.statement)).toEqual([
      'with input as',
      'with added as',
      'with input as',
      'with added as',
    ]);
    expectLinearPlans(plans);
    // The orders' statement finds each key once; the numbers go by the ids it returned.
    for (const plan of plans) {
      const indexes = plan.scans.map((scan) => scan.index);
      if (plan.statement === 'with input as') expect(indexes).toContain('orders_source_key_idx');
      else expect(indexes).not.toContain('orders_source_key_idx');
    }
  });

  it('after ANALYZE, a new source and the same file again probe stored numbers by order', async () => {
    // The statistics now say the next source has no orders at all, and the trigram index looks cheap.
    const earlier = await createSource(t);
    await processFile(t, earlier.id, manyRows(5_000));
    await t.db.query('analyze orders');
    await t.db.query('analyze order_tracking_numbers');
    const source = await createSource(t);
    const first = await explainedImport(source.id, manyRows(20_000));
    expect(first.outcome).toMatchObject({ ordersUpdated: 20_000, ordersNew: 20_000 });
    expectLinearPlans(first.plans);

    // The same orders again, 100 of them with one more number: only those are new, and only those updated.
    const again = await explainedImport(source.id, manyRows(20_000, 1));
    expect(again.outcome).toMatchObject({ ordersUpdated: 100, ordersNew: 0, ordersChanged: 100 });
    // Which numbers are new is asked in the orders' statement, one probe of the (order, number) index each.
    expect(again.plans.map((plan) => plan.statement)).toEqual([
      'with input as',
      'with added as',
      'with input as',
      'with added as',
    ]);
    for (const plan of again.plans.filter((plan) => plan.statement === 'with input as')) {
      expect(plan.scans).toContainEqual(
        expect.objectContaining({ index: 'order_tracking_numbers_order_number_idx' }),
      );
    }
    expectLinearPlans(again.plans);
    const stored = await t.db.query<{ n: number | string }>(
      'select count(*) as n from order_tracking_numbers t join orders o on o.id = t.order_id where o.order_tracking_source_id = $1',
      [source.id],
    );
    expect(Number(stored[0]!.n)).toBe(20_000 + Math.ceil(20_000 / 3) + 100);
  });

  it('puts the planner settings back for the rest of the caller transaction', async () => {
    const source = await createSource(t);
    const settings = await t.db.db.transaction(async (tx) => {
      await orderTrackingFileProcessor.process({
        db: tx,
        context: t.app.context,
        sourceId: source.id,
        file: { fileName: 'a.csv', content: manyRows(10) },
        trigger: 'manual',
      });
      const result = (await tx.execute(
        sql`select current_setting('enable_seqscan') as seqscan, current_setting('jit') as jit`,
      )) as unknown as { rows: Array<{ seqscan: string; jit: string }> };
      return result.rows[0];
    });
    const [outside] = await t.db.query<{ seqscan: string; jit: string }>(
      `select current_setting('enable_seqscan') as seqscan, current_setting('jit') as jit`,
    );
    expect(settings).toEqual(outside);
    expect(settings?.seqscan).toBe('on');
  });
});

describe('array parameters', () => {
  it('round-trips any text, number and null through the array literal', async () => {
    const texts = [
      'plain',
      'with "quotes"',
      'back\\slash',
      'a,b',
      '{braces}',
      'NULL',
      '',
      ' spaced ',
      'naïve ✓',
      null,
      "it's",
    ];
    const result = (await t.db.db.execute(
      sql`select t from unnest(${arrayLiteral(texts)}::text[]) with ordinality as u(t, n) order by n`,
    )) as unknown as { rows: Array<{ t: string | null }> };
    expect(result.rows.map((row) => row.t)).toEqual(texts);
    const numbers = [1, -2.5, 1_234_567.125, null, 0];
    const numeric = (await t.db.db.execute(
      sql`select v from unnest(${arrayLiteral(numbers)}::float8[]) with ordinality as u(v, n) order by n`,
    )) as unknown as { rows: Array<{ v: number | null }> };
    expect(numeric.rows.map((row) => row.v)).toEqual(numbers);
  });
});

describe('header drift', () => {
  it('stores the header row of a good file and warns about drift that breaks no mapping', async () => {
    const source = await createSource(t);
    await processFile(t, source.id, rowsFile(['L1', 'PO-1', '', '', '', 'T1']));
    const [stored] = await t.db.db
      .select({ headers: schema.orderTrackingSources.lastGoodHeaders })
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.id, source.id));
    expect(stored!.headers).toEqual(HEADER);

    const moved = await processFile(
      t,
      source.id,
      csv([
        ['PO', 'Line', 'Item', 'Shipped', 'Qty', 'Tracking', 'Carrier'],
        ['PO-1b', 'L1', '', '', '', 'T1', 'UPS'],
      ]),
    );
    expect(moved).toMatchObject({ status: 'succeeded', ordersUpdated: 1 });
    const details = (await runOf(t, moved.runId)).details as RunDetails;
    expect(details.headerDrift).toEqual({
      renamed: [],
      moved: [
        { header: 'Line', from: 0, to: 1 },
        { header: 'PO', from: 1, to: 0 },
      ],
      missing: [],
      added: ['Carrier'],
    });
    expect(details.warnings).toEqual([
      'The header row has changed since the last good file: "Carrier" was added at column 7; "Line" moved from column 1 to column 2; "PO" moved from column 2 to column 1.',
    ]);
    const [after] = await t.db.db
      .select({ headers: schema.orderTrackingSources.lastGoodHeaders })
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.id, source.id));
    expect(after!.headers).toEqual(['PO', 'Line', 'Item', 'Shipped', 'Qty', 'Tracking', 'Carrier']);
  });

  it('fails the run, naming the column, when a mapped header is gone; no order is touched', async () => {
    const source = await createSource(t, {
      columnMapping: { documentNumber: 'Line', customerPoNumber: 'PO', trackingNumbers: 'Tracking #' },
    });
    await processFile(
      t,
      source.id,
      csv([
        ['Line', 'PO', 'Tracking #', 'Status', 'Carrier', 'Date', 'Qty'],
        ['L1', 'PO-1', 'T1', '', '', '', ''],
      ]),
    );
    const before = await ordersOf(t, source.id);

    const failed = await processFile(
      t,
      source.id,
      csv([
        ['Line', 'PO', 'Status', 'Carrier', 'Date', 'Qty', 'Tracking No'],
        ['L1', 'PO-changed', '', '', '', '', 'T2'],
        ['L2', 'PO-2', '', '', '', '', 'T3'],
      ]),
    );
    const message =
      'Column "Tracking #" (mapped to Tracking Numbers) is not in the file. The header row has changed: "Tracking #" is missing; "Tracking No" was added at column 7; 4 columns moved: "Status" (now column 3), "Carrier" (now column 4), "Date" (now column 5) and 1 more.';
    expect(failed).toEqual({
      runId: failed.runId,
      status: 'failed',
      message,
      ordersUpdated: 0,
      ordersNew: 0,
      ordersChanged: 0,
      ordersDeleted: 0,
    });
    expect(await ordersOf(t, source.id)).toEqual(before);
    const run = await runOf(t, failed.runId);
    expect(run).toMatchObject({ status: 'failed', message, ordersUpdated: 0, ordersDeleted: 0 });
    expect(run.inputFileId).not.toBeNull();
    expect((run.details as RunDetails).headerDrift).toEqual({
      renamed: [],
      moved: [
        { header: 'Status', from: 3, to: 2 },
        { header: 'Carrier', from: 4, to: 3 },
        { header: 'Date', from: 5, to: 4 },
        { header: 'Qty', from: 6, to: 5 },
      ],
      missing: ['Tracking #'],
      added: ['Tracking No'],
    });
    expect((run.details as RunDetails).errors).toEqual([message]);
    const [kept] = await t.db.db
      .select({ headers: schema.orderTrackingSources.lastGoodHeaders })
      .from(schema.orderTrackingSources)
      .where(eq(schema.orderTrackingSources.id, source.id));
    expect(kept!.headers).toEqual(['Line', 'PO', 'Tracking #', 'Status', 'Carrier', 'Date', 'Qty']);
  });
});

describe('files', () => {
  const fixtureSource = (fileType: string) =>
    createSource(t, {
      fileType,
      attachmentName: `shipments${fileType}`,
      uniqueColumn: 'DocumentNumber',
      secondaryDelimiter: ';',
      columnMapping: {
        documentNumber: 'Order Line',
        customerPoNumber: 'PO Number',
        itemNumber: 'Item Number',
        shipToName: 'Ship To',
        supplierName: 'Supplier',
        brandName: 'Brand',
        orderDate: 'Order Date',
        shippedDate: 'Shipped Date',
        qty: 'Qty',
        qtyFulfilled: 'Qty Shipped',
        lineStatus: 'Status',
        trackingNumbers: 'Tracking Numbers',
        shippingCompany: 'Carrier',
      },
    });

  const allColumns = async (sourceId: number) => {
    const rows = await t.db.query<Record<string, unknown>>(
      `select o.unique_key, o.customer_po_number, o.item_number, o.ship_to_name, o.supplier_name, o.brand_name,
         o.order_date::text as order_date, o.shipped_date::text as shipped_date, o.qty, o.qty_fulfilled,
         o.line_status, o.shipping_company,
         (select string_agg(n.tracking_number, ' ' order by n.tracking_number) from order_tracking_numbers n
           where n.order_id = o.id) as tracking
       from orders o where o.order_tracking_source_id = $1 order by o.unique_key`,
      [sourceId],
    );
    return rows.map((row) => ({
      ...row,
      qty: row.qty === null ? null : Number(row.qty),
      qty_fulfilled: row.qty_fulfilled === null ? null : Number(row.qty_fulfilled),
    }));
  };

  it('gives identical orders from the CSV, XLS and XLSX that LibreOffice made of one sheet', async () => {
    const results = [];
    for (const type of ['.csv', '.xls', '.xlsx']) {
      const source = await fixtureSource(type);
      const outcome = await processFile(
        t,
        source.id,
        fixture(`order-tracking/shipments${type}`),
        `shipments${type}`,
      );
      expect(outcome).toMatchObject({ status: 'succeeded', ordersUpdated: 5 });
      expect(outcome.message).toBe(
        'Imported 6 rows: 5 orders updated (5 new, 0 changed), 0 deleted, 1 row skipped (no key)',
      );
      const run = await runOf(t, outcome.runId);
      results.push({ orders: await allColumns(source.id), details: run.details });
    }
    const [fromCsv, fromXls, fromXlsx] = results;
    expect(fromXls).toEqual(fromCsv);
    expect(fromXlsx).toEqual(fromCsv);
    expect(fromCsv!.orders).toEqual([
      {
        unique_key: 'SO-1001-1',
        customer_po_number: 'PO-000481',
        item_number: '000123',
        ship_to_name: 'Jane Smith',
        supplier_name: 'Keystone Automotive',
        brand_name: 'Bosch',
        order_date: '2024-03-04',
        shipped_date: '2024-03-16',
        qty: 2,
        qty_fulfilled: 2,
        line_status: 'Delivered',
        shipping_company: 'UPS',
        tracking: '1Z999AA10123456784 1Z999AA10123456785 1Z999AA10123456786',
      },
      expect.objectContaining({
        unique_key: 'SO-1001-2',
        qty: 1200,
        qty_fulfilled: 600,
        tracking: '9400111899223197428490',
      }),
      expect.objectContaining({
        unique_key: 'SO-1002-1',
        ship_to_name: 'Smith, John',
        shipped_date: null,
        tracking: null,
        shipping_company: null,
      }),
      expect.objectContaining({ unique_key: 'SO-1003-1', tracking: '786512345678 786512345679' }),
      expect.objectContaining({ unique_key: 'SO-1004-1', shipped_date: null, qty: 2.5, qty_fulfilled: null }),
    ]);
    expect((fromCsv!.details as RunDetails).warnings).toEqual([
      // The fixture's second and third UPS numbers and its USPS number have wrong check digits.
      'Tracking number check digit does not match: possibly mistyped: rows 2, 3, 8 (e.g. "1Z999AA10123456785").',
      'No Document Number (the unique column), row skipped: row 6.',
      'Quantity Fulfilled is not a number and was left empty: row 9 (e.g. "x").',
      'Shipped Date is not a date and was left empty: row 9 (e.g. "not yet").',
      '1 row repeats the Document Number of an earlier row; the last row of each was kept and the tracking numbers merged: row 8.',
    ]);
  });

  it('records a failed run with a clear message for a bad file, and loses nothing already stored', async () => {
    const source = await createSource(t, { fileType: '.xlsx', attachmentName: '*.xlsx' });
    const csvSource = await createSource(t);
    await processFile(t, csvSource.id, rowsFile(['L1', 'PO-1', '', '', '', 'T1']));
    const before = await ordersOf(t, csvSource.id);

    const cases: Array<[number, string, Buffer, RegExp]> = [
      [
        source.id,
        'report.xlsx',
        Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200, 7)]),
        /damaged|not a valid/,
      ],
      [source.id, 'report.xlsx', fixture('spreadsheets/encrypted.xlsx'), /password-protected/],
      [
        source.id,
        'report.xlsx',
        Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'),
        /is a PDF document, not a spreadsheet/,
      ],
      [source.id, 'report.xlsx', Buffer.alloc(0), /is empty \(0 bytes\)/],
      [
        source.id,
        'report.csv',
        rowsFile(['L1', 'PO-1', '', '', '', '']),
        /^Invalid file type\. Expected \.xlsx but got \.csv$/,
      ],
      [
        csvSource.id,
        'report.csv',
        fixture('order-tracking/shipments.xlsx'),
        /Excel workbook.*but a CSV file was expected/,
      ],
      [
        csvSource.id,
        'report.xlsx',
        fixture('order-tracking/shipments.xlsx'),
        /^Invalid file type\. Expected \.csv but got \.xlsx$/,
      ],
      [
        csvSource.id,
        'big.csv',
        Buffer.concat([rowsFile(['L1', 'PO-1', '', '', '', '']), Buffer.alloc(10_485_761, 32)]),
        /files over 10\.0 MB are not read/,
      ],
      [csvSource.id, 'blank.csv', Buffer.from('\r\n\r\n'), /^blank.csv contains no data.$/],
    ];
    for (const [sourceId, fileName, content, expected] of cases) {
      const outcome = await processFile(t, sourceId, content, fileName);
      expect(outcome.status, fileName).toBe('failed');
      expect(outcome.message).toMatch(expected);
      const run = await runOf(t, outcome.runId);
      expect(run).toMatchObject({ status: 'failed', message: outcome.message, ordersUpdated: 0, fileName });
      expect((run.details as RunDetails).errors).toEqual([outcome.message]);
      expect(run.inputFileId).not.toBeNull();
    }
    expect(await ordersOf(t, csvSource.id)).toEqual(before);
    expect(await ordersOf(t, source.id)).toEqual([]);
  });

  it('records a failed run for an unknown or deleted source', async () => {
    const deleted = await createSource(t, { deletedStatus: true });
    for (const sourceId of [deleted.id, 999_999]) {
      const outcome = await processFile(t, sourceId, rowsFile(['L1', 'PO-1', '', '', '', '']));
      expect(outcome).toMatchObject({
        status: 'failed',
        message: `Order tracking source ${sourceId} does not exist or was deleted.`,
      });
    }
    expect(await ordersOf(t, deleted.id)).toEqual([]);
  });

  it('stores the input once, or reuses a stored input (re-process)', async () => {
    const source = await createSource(t);
    const content = rowsFile(['L1', 'PO-1', '', '', '', '']);
    const first = await processFile(t, source.id, content, 'a.csv', { trigger: 'mail' });
    const firstRun = await runOf(t, first.runId);
    const [file] = await t.db.db
      .select()
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, firstRun.inputFileId!));
    expect(file).toMatchObject({ fileName: 'a.csv', contentType: 'text/csv', size: content.length });
    expect(Buffer.compare(file!.content, content)).toBe(0);

    const storedId = await storeFile(t.db.db, 'b.csv', content);
    const again = await processFile(t, source.id, content, 'b.csv', {
      inputFileId: storedId,
      trigger: 'reprocess',
    });
    const run = await runOf(t, again.runId);
    expect(run).toMatchObject({ inputFileId: storedId, trigger: 'reprocess' });
  });
});

describe('in the caller transaction', () => {
  it('isolates a failed file in a savepoint: the caller work and the failed run commit together', async () => {
    const source = await createSource(t);
    const mailbox = await createEmailSource(t);
    const outcome = await t.db.db.transaction(async (tx) => {
      const result = await orderTrackingFileProcessor.process({
        db: tx,
        context: t.app.context,
        sourceId: source.id,
        file: { fileName: 'x.csv', content: Buffer.from('Nope\r\nL1\r\n') },
        trigger: 'mail',
      });
      // The caller keeps using its transaction after the failure.
      await tx
        .update(schema.emailSources)
        .set({ lastPollError: 'marker' })
        .where(eq(schema.emailSources.id, mailbox.id));
      return result;
    });
    expect(outcome.status).toBe('failed');
    expect((await runOf(t, outcome.runId)).trigger).toBe('mail');
    const [box] = await t.db.db
      .select()
      .from(schema.emailSources)
      .where(eq(schema.emailSources.id, mailbox.id));
    expect(box!.lastPollError).toBe('marker');
  });

  it('rolls back with the caller: no orders and no run when the caller transaction fails', async () => {
    const source = await createSource(t);
    let runId = 0;
    await expect(
      t.db.db.transaction(async (tx) => {
        const outcome = await orderTrackingFileProcessor.process({
          db: tx,
          context: t.app.context,
          sourceId: source.id,
          file: { fileName: 'x.csv', content: rowsFile(['L1', 'PO-1', '', '', '', 'T1']) },
          trigger: 'mail',
        });
        runId = outcome.runId;
        throw new Error('caller failed later');
      }),
    ).rejects.toThrow('caller failed later');
    expect(await ordersOf(t, source.id)).toEqual([]);
    expect(await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, runId))).toEqual([]);
  });
});

describe('mail rules', () => {
  it('lists the active, not deleted order tracking sources bound to the mailbox', async () => {
    const mailbox = await createEmailSource(t);
    const other = await createEmailSource(t);
    const active = await createSource(t, {
      emailSourceId: mailbox.id,
      fromEmail: 'ship@acme.example.com',
      subjectValue: 'Tracking',
      containsNotExact: true,
      expectedAttachmentCount: 1,
      attachmentName: 'tracking*.xlsx',
      fileType: '.xlsx',
    });
    await createSource(t, { emailSourceId: mailbox.id, activeStatus: false });
    await createSource(t, { emailSourceId: mailbox.id, deletedStatus: true });
    await createSource(t, { emailSourceId: other.id });
    expect(await orderTrackingFileProcessor.mailRules(t.db.db, mailbox.id)).toEqual([
      {
        sourceType: 'order-tracking',
        sourceId: active.id,
        sourceName: active.sourceName,
        emailSourceId: mailbox.id,
        fromEmail: 'ship@acme.example.com',
        subjectValue: 'Tracking',
        containsNotExact: true,
        expectedAttachmentCount: 1,
        attachmentName: 'tracking*.xlsx',
        fileType: '.xlsx',
      },
    ]);
    expect(orderTrackingFileProcessor.sourceType).toBe('order-tracking');
  });
});

describe('Home statistics', () => {
  it('shows the figures of the runs under the source current name', async () => {
    const source = await createSource(t, { sourceName: 'Stats Supplier', deleteAfterDays: 10 });
    await processFile(
      t,
      source.id,
      rowsFile(
        ['L1', 'PO-1', '', '', '', ''],
        ['L2', 'PO-2', '', '', '', ''],
        ['L3', 'PO-3', '', '', '', ''],
      ),
    );
    await ageOrders(t, source.id, ['L3'], 11);
    await processFile(t, source.id, rowsFile(['L1', 'PO-1b', '', '', '', '']));
    await processFile(t, source.id, Buffer.from('not,a\r\nmatching,file\r\n'));

    const { session } = await t.signIn();
    const response = await t.as(session).get('/api/order-tracking/list/update-stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json() as Array<{ orderTrackingSourceName: string }>;
    expect(stats.filter((row) => row.orderTrackingSourceName === 'Stats Supplier')).toEqual([
      { orderTrackingSourceName: 'Stats Supplier', ordersUpdated: 4, ordersDeleted: 1 },
    ]);
  });
});
