/**
 * The trigram indexes behind the grid's "contains" searches are GIN indexes with fastupdate: new entries
 * go to a pending list (up to gin_pending_list_limit, set to 64 MB on these indexes by migration
 * 0013) and are merged into the index in bulk. Merging in bulk is what lets a 100,000-row file import at
 * the target speed, but every search also scans the whole pending list, and on a large orders table
 * autovacuum (which merges it otherwise) may not come for a long time. So each import that changed orders
 * merges the lists itself, after its transaction has committed: the searches never pay for a long list,
 * and the import never holds its transaction open for the merge.
 *
 * A large import also merges while it writes, on a connection of its own (mergeWhileImporting): GIN moves
 * pending entries into the index whatever the state of the transaction that wrote them, so the merge runs on
 * the second core beside the import's inserts instead of after them, and what is left after commit is what
 * the last pause let through (docs/design/order-ingest.md#the-search-indexes-are-merged-while-the-import-writes).
 */
import type { Database, DbOrTx } from '@app/db';
import { queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

export const ORDER_SEARCH_INDEXES = [
  'orders_po_trgm_idx',
  'orders_item_trgm_idx',
  'orders_ship_to_trgm_idx',
  'orders_supplier_trgm_idx',
  'orders_brand_trgm_idx',
  'order_tracking_numbers_trgm_idx',
] as const;

/** Merges the pending lists of the search indexes; returns how many pending-list pages were merged. */
export async function mergePendingSearchEntries(db: DbOrTx): Promise<number> {
  let pages = 0;
  for (const index of ORDER_SEARCH_INDEXES) {
    const rows = await queryRows<{ pages: number | string }>(
      db,
      sql`select gin_clean_pending_list(${index}::regclass)::int as pages`,
    );
    pages += Number(rows[0]?.pages ?? 0);
  }
  return pages;
}

/**
 * The pause between two merges of the lists while an import writes. Each merge holds an index's metapage lock,
 * which the inserts wait on: bench:ingest put the 100,000-row import's statements at 5.5 s with 30 ms, 5.1 s
 * with 300 ms and 5.3 s with 600 ms, where the merge after commit then took 0.00–0.06 s.
 */
const MERGE_PAUSE_MS = 300;

export interface ConcurrentMerge {
  /**
   * Ends the merging after its current pass. It returns at once: the import must never wait for a pass, which
   * may itself be waiting for a pool connection that the import's own transaction holds.
   */
  stop(): void;
  /** Settles when the last pass has returned, with the pending-list pages the merging moved. */
  finished: Promise<number>;
}

/**
 * Merges the search indexes' pending lists again and again, each pass on a pool connection, until stopped.
 * Only on PostgreSQL: PGlite has one connection, which the import's transaction holds. A failed pass (the
 * database away) ends the merging quietly: the merge after commit, and autovacuum, still come.
 */
export function mergeWhileImporting(database: Pick<Database, 'db' | 'kind'>): ConcurrentMerge {
  if (database.kind !== 'postgres') return { stop: () => {}, finished: Promise.resolve(0) };
  let stopped = false;
  let wake: (() => void) | undefined;
  let pages = 0;
  const finished = (async () => {
    while (!stopped) {
      try {
        pages += await mergePendingSearchEntries(database.db);
      } catch {
        break;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, MERGE_PAUSE_MS).unref();
      });
    }
    return pages;
  })();
  return {
    stop() {
      stopped = true;
      wake?.();
    },
    finished,
  };
}
