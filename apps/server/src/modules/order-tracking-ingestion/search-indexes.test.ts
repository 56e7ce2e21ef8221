import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { createSource, csv, HEADER, processFile } from '../../../test/modules/order-tracking-ingestion';
import { ORDER_SEARCH_INDEXES } from './search-indexes-repository';

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
