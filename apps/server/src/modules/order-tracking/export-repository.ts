/**
 * SQL of the order export (docs/decisions/0017-order-export.md): the SELECT of every live order matching the
 * grid's filter in the grid's order (grid-query-repository.ts), and on the embedded database the held cursor
 * that reads it batch by batch.
 */

import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { OrderExportColumnId } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import {
  type Filter,
  filterSql,
  joinedOrderTerms,
  orderBySql,
  SORT_EXPRESSIONS,
  type SortKey,
} from './grid-query-repository';
import { ISO_DATE } from './repository';

/** The SQL of each exported column over `orders o` joined to its source `s`; dates as YYYY-MM-DD text. */
const EXPORT_EXPRESSIONS: Record<OrderExportColumnId, string> = {
  ...SORT_EXPRESSIONS,
  sourceName: 's.source_name',
  estimatedArrivalDate: `to_char(o.estimated_arrival_date, ${ISO_DATE})`,
  orderDate: `to_char(o.order_date, ${ISO_DATE})`,
  poDate: `to_char(o.po_date, ${ISO_DATE})`,
  shippedDate: `to_char(o.shipped_date, ${ISO_DATE})`,
  trackingNumbers: `(select string_agg(t.tracking_number, ', ' order by t.id)
    from order_tracking_numbers t where t.order_id = o.id)`,
  // One entry per number, in the same order ('' for a number without a carrier or a page), so the lists line
  // up; empty when no number has one.
  trackingCarriers: `(select case when bool_or(t.carrier_name is not null)
      then string_agg(coalesce(t.carrier_name, ''), ', ' order by t.id) end
    from order_tracking_numbers t where t.order_id = o.id)`,
  trackingUrls: `(select case when bool_or(t.tracking_url is not null)
      then string_agg(coalesce(t.tracking_url, ''), ', ' order by t.id) end
    from order_tracking_numbers t where t.order_id = o.id)`,
};

/** What an export reads: the live orders matching the filter, in the list's order, these columns. */
export interface ExportQuery {
  filter: Filter | undefined;
  sort: SortKey[];
  columns: readonly OrderExportColumnId[];
}

/** One exported row: the columns' values in the order asked for (text, YYYY-MM-DD text, or a number). */
export type ExportRow = Array<string | number | null>;

let heldCursors = 0;
let lastExportTurn: Promise<unknown> = Promise.resolve();

/**
 * Waits for this export's next batch turn. PGlite answers in this thread without waiting for any I/O, so a
 * download read as fast as it is written would chain batch after batch in promise callbacks alone and the
 * server would never read another request: each turn is a pass of the event loop, in which the server reads
 * requests and their statements run before the batch. The turns of all exports form one line, so that one
 * pass runs one export's batch, not every running export's.
 */
function nextExportTurn(): Promise<unknown> {
  lastExportTurn = lastExportTurn.then(() => yieldToRequests());
  return lastExportTurn;
}

/**
 * The export's SELECT: every live order matching the filter, in the list's order (the same ORDER BY, id
 * breaking ties), the columns' values in the order asked for.
 */
export function exportSelect({
  filter,
  sort,
  columns,
  idsOnly = false,
}: ExportQuery & { idsOnly?: boolean }): SQL {
  const terms = joinedOrderTerms(sort);
  const select = idsOnly ? sql`o.id` : exportColumnsSql(columns);
  const where = filter ? sql` and ${filterSql(filter, 'bitmap')}` : sql``;
  return sql`select ${select} from orders o
      left join order_tracking_sources s on s.id = o.order_tracking_source_id
     where o.deleted_status = false${where}
     order by ${orderBySql(terms, false)}`;
}

/** The columns' expressions, `c0`, `c1`, … in the order asked for. */
function exportColumnsSql(columns: readonly OrderExportColumnId[]): SQL {
  return sql.raw(columns.map((column, index) => `${EXPORT_EXPRESSIONS[column]} as c${index}`).join(', '));
}

/**
 * The export's rows on the embedded database (docs/decisions/0025-exports-beside-other-requests.md), in
 * statements of bounded size: PGlite has one connection, and each statement holds it. First a cursor WITH HOLD
 * over the matching orders' ids alone, in the list's order: which orders and in which order is fixed there,
 * at the start, and PostgreSQL keeps the ids in its own tuple store. Then, batch by batch, `batchSize` ids
 * are fetched and those orders' columns read. Other requests run between any two of these statements, and
 * the next batch is read once `onBatch` has returned, so a slow download slows the reading instead of
 * filling memory. An order's values are those when its batch is read; an order removed meanwhile is left out.
 * (On PostgreSQL the export reads one snapshot in a thread of its own: export-worker.ts.)
 */
export async function forEachHeldExportBatch(
  db: DbOrTx,
  query: ExportQuery,
  batchSize: number,
  onBatch: (rows: ExportRow[]) => Promise<void>,
): Promise<number> {
  const { columns } = query;
  heldCursors += 1;
  const name = `order_export_${heldCursors}`;
  const rowsPerFetch = Math.max(1, Math.floor(batchSize));
  const fetchIds = sql.raw(`fetch forward ${rowsPerFetch} from ${name}`);
  const select = exportColumnsSql(columns);
  const readRows = async (ids: string[]): Promise<ExportRow[]> => {
    const rows = await queryRows<Record<string, string | number | null>>(
      db,
      sql`select ${select} from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as batch(id, n)
          join orders o on o.id = batch.id
          left join order_tracking_sources s on s.id = o.order_tracking_source_id
         order by batch.n`,
    );
    return rows.map((row) => columns.map((_, index) => row[`c${index}`] ?? null));
  };
  await db.execute(
    sql`declare ${sql.raw(name)} no scroll cursor with hold for ${exportSelect({ ...query, idsOnly: true })}`,
  );
  try {
    let count = 0;
    for (;;) {
      const ids = (await queryRows<{ id: string | number }>(db, fetchIds)).map((row) => String(row.id));
      if (ids.length === 0) break;
      const rows = await readRows(ids);
      count += rows.length;
      if (rows.length > 0) await onBatch(rows);
      if (ids.length < rowsPerFetch) break;
      await nextExportTurn();
    }
    return count;
  } finally {
    // A held cursor outlives its statement: left open it would keep its ids until the process ends.
    await db.execute(sql.raw(`close ${name}`));
  }
}
