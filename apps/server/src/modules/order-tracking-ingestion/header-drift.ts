/**
 * Header drift (docs/behaviour/runs-and-history.md#header-drift): how the header row of a new file differs from the last file that imported
 * cleanly. Headers are compared as users read them: trimmed, case-insensitive, repeated spaces ignored.
 * Indexes in `HeaderDrift` are 0-based like every column index the product stores; messages for people
 * say "column N", 1-based, as a spreadsheet shows it.
 */
import type { HeaderDrift } from '@app/contracts';

/** 'Tracking  No ' and 'tracking no' are the same header. */
export function normaliseHeader(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Whether a column takes part in the comparison (ignored columns do not). */
export type ColumnFilter = (normalisedHeader: string, index: number) => boolean;

interface Column {
  text: string;
  key: string;
  index: number;
}

function columnsOf(headers: readonly string[], keep: ColumnFilter): Column[] {
  const columns: Column[] = [];
  headers.forEach((header, index) => {
    const text = header.trim();
    const key = normaliseHeader(text);
    if (key !== '' && keep(key, index)) columns.push({ text, key, index });
  });
  return columns;
}

/** The changes from `previous` to `current`, or null when the header rows are the same. */
export function compareHeaders(
  previous: readonly string[],
  current: readonly string[],
  keep: ColumnFilter = () => true,
): HeaderDrift | null {
  const before = columnsOf(previous, keep);
  const after = columnsOf(current, keep);
  const afterByIndex = new Map(after.map((column) => [column.index, column]));
  const matchedBefore = new Set<Column>();
  const matchedAfter = new Set<Column>();

  // Same text at the same position: unchanged.
  for (const column of before) {
    const other = afterByIndex.get(column.index);
    if (other && other.key === column.key) {
      matchedBefore.add(column);
      matchedAfter.add(other);
    }
  }

  // Same text elsewhere: moved (a repeated header pairs with its next unmatched occurrence).
  const moved: HeaderDrift['moved'] = [];
  for (const column of before) {
    if (matchedBefore.has(column)) continue;
    const other = after.find((candidate) => !matchedAfter.has(candidate) && candidate.key === column.key);
    if (!other) continue;
    matchedBefore.add(column);
    matchedAfter.add(other);
    moved.push({ header: other.text, from: column.index, to: other.index });
  }

  // A header gone from a position where a new header now stands: renamed.
  const renamed: HeaderDrift['renamed'] = [];
  for (const column of before) {
    if (matchedBefore.has(column)) continue;
    const other = afterByIndex.get(column.index);
    if (!other || matchedAfter.has(other)) continue;
    matchedBefore.add(column);
    matchedAfter.add(other);
    renamed.push({ from: column.text, to: other.text, index: column.index });
  }

  const missing = before.filter((column) => !matchedBefore.has(column)).map((column) => column.text);
  const added = after.filter((column) => !matchedAfter.has(column)).map((column) => column.text);
  if (renamed.length + moved.length + missing.length + added.length === 0) return null;
  return { renamed, moved, missing, added };
}

const MOVES_LISTED = 3;

/**
 * One sentence fragment per change, e.g. '"Tracking #" is missing; "Tracking No" was added at column 7'.
 * `current` (the new header row) places added headers.
 */
export function describeHeaderDrift(drift: HeaderDrift, current: readonly string[]): string {
  const position = (text: string) => {
    const index = current.findIndex((header) => normaliseHeader(header) === normaliseHeader(text));
    return index >= 0 ? ` at column ${index + 1}` : '';
  };
  // A column inserted or removed shifts every column after it: past a few, moves are summarised.
  const moves =
    drift.moved.length <= MOVES_LISTED
      ? drift.moved.map((m) => `"${m.header}" moved from column ${m.from + 1} to column ${m.to + 1}`)
      : [
          `${drift.moved.length} columns moved: ${drift.moved
            .slice(0, MOVES_LISTED)
            .map((m) => `"${m.header}" (now column ${m.to + 1})`)
            .join(', ')} and ${drift.moved.length - MOVES_LISTED} more`,
        ];
  return [
    ...drift.renamed.map((r) => `column ${r.index + 1} "${r.from}" was renamed to "${r.to}"`),
    ...drift.missing.map((header) => `"${header}" is missing`),
    ...drift.added.map((header) => `"${header}" was added${position(header)}`),
    ...moves,
  ].join('; ');
}
