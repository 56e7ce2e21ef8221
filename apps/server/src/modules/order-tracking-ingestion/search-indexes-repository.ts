/**
 * The trigram indexes behind the grid's "contains" searches are GIN indexes with fastupdate: new entries
 * go to a pending list (up to gin_pending_list_limit, set to 64 MB on these indexes by migration
 * 0013) and are merged into the index in bulk. Merging in bulk is what lets a 100,000-row file import at
 * the target speed, but every search also scans the whole pending list, and on a large orders table
 * autovacuum (which merges it otherwise) may not come for a long time. So each import that changed orders
 * merges the lists itself, after its transaction has committed: the searches never pay for a long list,
 * and the import never holds its transaction open for the merge.
 */
import type { DbOrTx } from '@app/db';
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
