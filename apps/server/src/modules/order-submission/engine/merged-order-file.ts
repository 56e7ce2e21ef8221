/**
 * One OrderFile for lines that may come from several order files (a batch of e-mails, or a non-daily
 * vendor's accumulation over days), so that one vendor file can be built from them. Files with the same
 * header row keep it; otherwise the header rows are united (each header once, in order of appearance) and
 * every line's cells are moved under its own headers, so "all data" never shifts a value into the wrong
 * column.
 */
import {
  headerAliases,
  ORDER_FIELDS,
  type OrderField,
  type OrderFile,
  type OrderLine,
  orderHeaderKey,
} from './order-file';

export interface SourcedLine {
  line: OrderLine;
  /** The header row of the order file the line came from. */
  headers: string[];
  fileName: string | null;
}

export function mergeOrderLines(
  lines: readonly SourcedLine[],
  fileName: string,
): { file: OrderFile; lines: OrderLine[] } {
  const first = lines[0]?.headers ?? [];
  const same = lines.every((entry) => sameHeaders(entry.headers, first));
  if (same) {
    const merged = lines.map((entry) => entry.line);
    return {
      file: { fileName, headers: [...first], fieldColumns: recognise(first), lines: merged, notes: [] },
      lines: merged,
    };
  }
  const headers: string[] = [];
  const columnOf = new Map<string, number>();
  for (const entry of lines) {
    const seenInThisFile = new Map<string, number>();
    for (const header of entry.headers) {
      // A header that appears twice in one file is two columns: the second copy gets its own key.
      const occurrence = (seenInThisFile.get(header) ?? 0) + 1;
      seenInThisFile.set(header, occurrence);
      const key = `${header}\u0000${occurrence}`;
      if (!columnOf.has(key)) {
        columnOf.set(key, headers.length);
        headers.push(header);
      }
    }
  }
  const merged = lines.map((entry) => {
    const cells = new Array<string>(headers.length).fill('');
    const seen = new Map<string, number>();
    entry.headers.forEach((header, index) => {
      const occurrence = (seen.get(header) ?? 0) + 1;
      seen.set(header, occurrence);
      cells[columnOf.get(`${header}\u0000${occurrence}`)!] = entry.line.cells[index] ?? '';
    });
    return { ...entry.line, cells };
  });
  return {
    file: { fileName, headers, fieldColumns: recognise(headers), lines: merged, notes: [] },
    lines: merged,
  };
}

function sameHeaders(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((header, index) => header === b[index]);
}

/** The column of each order field, preferring the most specific header name as readOrderFile does. */
function recognise(headers: readonly string[]): Partial<Record<OrderField, number>> {
  const aliases = headerAliases();
  const columns: Partial<Record<OrderField, number>> = {};
  for (const field of ORDER_FIELDS) {
    const keys = aliases[field].map(orderHeaderKey);
    let best: { column: number; rank: number } | undefined;
    headers.forEach((header, column) => {
      const rank = keys.indexOf(orderHeaderKey(header));
      if (rank >= 0 && (!best || rank < best.rank)) best = { column, rank };
    });
    if (best) columns[field] = best.column;
  }
  return columns;
}
