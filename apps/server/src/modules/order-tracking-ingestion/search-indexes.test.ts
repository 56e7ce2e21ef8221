import { createDatabase } from '@app/db';
import { DB_KIND } from '@app/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { createSource, csv, HEADER, processFile } from '../../../test/modules/order-tracking-ingestion';
import { CONCURRENT_MERGE_MIN_ORDERS, processOrderTrackingFile } from './processor';
import { type ConcurrentMerge, mergeWhileImporting, ORDER_SEARCH_INDEXES } from './search-indexes-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Pages still waiting in an index's pending list: merging them now says how many there were. */
async function pendingPages(index: string): Promise<number> {
  const [row] = await query<{ pages: number | string }>(
    sql`select gin_clean_pending_list(${index}::regclass)::int as pages`,
  );
  return Number(row?.pages ?? 0);
}

describe('trigram search indexes after an import', () => {
  it('keep up to 64 MB of pending entries (migration 0014)', async () => {
    const rows = await query<{ name: string; options: string[] | null }>(sql`
      select c.relname as name, c.reloptions as options from pg_class c
      where c.relname = any(${`{${ORDER_SEARCH_INDEXES.join(',')}}`}::text[])`);
    expect(rows.map((row) => row.name).sort()).toEqual([...ORDER_SEARCH_INDEXES].sort());
    for (const row of rows) expect(row.options).toContain('gin_pending_list_limit=65536');
  });

  it('are merged after the commit of an import that changed orders, so searches scan no pending list', async () => {
    const source = await createSource(t);
    const file = csv([
      HEADER,
      ['L1', 'PO-77', 'A-1', '', '1', 'T77'],
      ['L2', 'PO-78', 'A-2', '', '2', 'T78'],
    ]);
    const outcome = await processFile(t, source.id, file);
    expect(outcome).toMatchObject({ status: 'succeeded', ordersUpdated: 2 });
    expect(outcome.afterCommit).toBeTypeOf('function');
    await outcome.afterCommit?.();
    for (const index of ORDER_SEARCH_INDEXES) expect(await pendingPages(index)).toBe(0);
  });

  it('without the merge the new entries would still be pending (the check above can fail)', async () => {
    const source = await createSource(t);
    const file = csv([HEADER, ['L9', 'PO-99', 'A-9', '', '1', 'T99']]);
    const outcome = await processFile(t, source.id, file);
    expect(await pendingPages('orders_po_trgm_idx')).toBeGreaterThan(0);
    await outcome.afterCommit?.();
  });

  it('leave nothing to merge when the file changed no order', async () => {
    const source = await createSource(t);
    const file = csv([HEADER, ['L5', 'PO-5', 'A-5', '', '1', 'T5']]);
    await (await processFile(t, source.id, file)).afterCommit?.();
    const again = await processFile(t, source.id, file);
    expect(again).toMatchObject({ status: 'succeeded', ordersUpdated: 0 });
    expect(again.afterCommit).toBeUndefined();
  });
});

const bigFile = (count: number, prefix: string) =>
  csv([
    HEADER,
    ...Array.from({ length: count }, (_, i) => [
      `L${i}`,
      `${prefix}-${i}`,
      `A-${i % 97}`,
      '',
      '1',
      `1Z${prefix}${i}`,
    ]),
  ]);

/** Imports a file in an open transaction and hands `inside` the merging beside it before the commit. */
async function importBeside(
  sourceId: number,
  content: Buffer,
  inside: (merge: ConcurrentMerge | undefined) => Promise<void>,
  commit = true,
) {
  let merge: ConcurrentMerge | undefined;
  const rollback = new Error('roll back');
  const outcome = await t.db.db
    .transaction(async (tx) => {
      const result = await processOrderTrackingFile(
        {
          db: tx,
          context: t.app.context,
          sourceId,
          file: { fileName: 'big.csv', content },
          trigger: 'manual',
        },
        { onConcurrentMerge: (started) => (merge = started) },
      );
      await inside(merge);
      if (!commit) throw rollback;
      return result;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
      return undefined;
    });
  return { outcome, merge };
}

const searchCount = async (pattern: string) => {
  const [row] = await query<{ n: number | string }>(
    sql`select count(*) as n from orders where customer_po_number ilike ${pattern}`,
  );
  return Number(row?.n ?? 0);
};

describe(`trigram search indexes while a large import writes (${DB_KIND})`, () => {
  it('are merged beside the import, before its commit, on PostgreSQL; PGlite merges after commit only', async () => {
    const source = await createSource(t);
    const { outcome } = await importBeside(
      source.id,
      bigFile(CONCURRENT_MERGE_MIN_ORDERS, 'BIG'),
      async (merge) => {
        expect(merge).toBeDefined();
        const pages = await merge!.finished;
        // Still inside the import's transaction: the merged entries are its own, not yet committed.
        if (DB_KIND === 'PostgreSQL') expect(pages).toBeGreaterThan(0);
        else expect(pages).toBe(0);
      },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', ordersNew: CONCURRENT_MERGE_MIN_ORDERS });
    await outcome!.afterCommit?.();
    for (const index of ORDER_SEARCH_INDEXES) expect(await pendingPages(index)).toBe(0);
    expect(await searchCount('%BIG-123%')).toBe(11); // BIG-123 and BIG-1230 … BIG-1239
  });

  it('start no merging for a smaller file', async () => {
    const source = await createSource(t);
    const { outcome, merge } = await importBeside(source.id, bigFile(50, 'SMALL'), async () => {});
    expect(merge).toBeUndefined();
    await outcome!.afterCommit?.();
    expect(await searchCount('%SMALL-4%')).toBe(11);
  });

  it('leave nothing findable of an import that rolled back after its entries were merged', async () => {
    const source = await createSource(t);
    await importBeside(
      source.id,
      bigFile(CONCURRENT_MERGE_MIN_ORDERS, 'GONE'),
      async (merge) => {
        await merge!.finished;
      },
      false,
    );
    expect(await searchCount('%GONE-%')).toBe(0);
  });

  it.runIf(DB_KIND === 'PostgreSQL')(
    'stop at once when a pass waits for the one pool connection, which the import holds',
    async () => {
      const single = await createDatabase({ url: t.db.connectionString!, poolSize: 1 });
      try {
        let merge: ConcurrentMerge | undefined;
        await single.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          merge = mergeWhileImporting(single);
          merge.stop();
        });
        // The pass ran once the transaction gave the connection back, and the merging then ended.
        await expect(merge!.finished).resolves.toBeGreaterThanOrEqual(0);
      } finally {
        await single.close();
      }
    },
  );

  it.runIf(DB_KIND === 'PostgreSQL')('end quietly when the database cannot be reached', async () => {
    const away = await createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', connectTimeoutMs: 500 });
    try {
      const merge = mergeWhileImporting(away);
      await expect(merge.finished).resolves.toBe(0);
      merge.stop();
    } finally {
      await away.close();
    }
  });
});
