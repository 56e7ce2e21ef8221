/**
 * How a vendor's mapping finds its column in the template's header row (docs/behaviour/order-submission.md#vendor-files):
 * by header text (case and spaces ignored; then punctuation ignored, when that points at one column only), else
 * by column letter within the columns the template uses. The vendor file is written by this rule
 * (vendor-file.ts), and the vendor editor's save checks mappings by it (vendors/template-mappings.ts).
 */
import * as XLSX from '@e965/xlsx';

const COLUMN_LETTERS = /^[A-Z]{1,3}$/i;

export type TemplateColumn =
  | { kind: 'found'; column: number }
  | { kind: 'ambiguous'; columns: number[] }
  | { kind: 'missing' };

/**
 * The column a mapping's reference names: its header text (case and spaces ignored; then punctuation
 * ignored, when that points at one column only), else its letter, if within the template's used width.
 * The vendor editor's save checks mappings with this same rule (vendors/template-mappings.ts).
 */
export function findTemplateColumn(
  header: readonly string[],
  width: number,
  reference: string,
): TemplateColumn {
  const exactKey = spaceless(reference);
  const exact = header.findIndex((cell) => spaceless(cell) === exactKey);
  if (exact >= 0) return { kind: 'found', column: exact };
  const looseKey = punctuationless(reference);
  const loose = looseKey === '' ? [] : columnsWhere(header, (cell) => punctuationless(cell) === looseKey);
  if (loose.length === 1) return { kind: 'found', column: loose[0]! };
  if (loose.length > 1) return { kind: 'ambiguous', columns: loose };
  if (COLUMN_LETTERS.test(reference)) {
    const column = XLSX.utils.decode_col(reference.toUpperCase());
    if (column < width) return { kind: 'found', column };
  }
  return { kind: 'missing' };
}

/** The number of columns a template uses: its widest row up to the last non-blank cell. */
export function templateWidth(rows: readonly (readonly string[])[]): number {
  return maxOf(rows.map(usedLength));
}

export function splitReferences(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((reference) => reference.trim())
    .filter((reference) => reference !== '');
}

function spaceless(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

function punctuationless(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function columnsWhere(header: readonly string[], predicate: (cell: string) => boolean): number[] {
  const columns: number[] = [];
  header.forEach((cell, column) => {
    if (predicate(cell)) columns.push(column);
  });
  return columns;
}

/** A row's length up to its last non-blank cell. */
function usedLength(row: readonly string[]): number {
  let length = row.length;
  while (length > 0 && (row[length - 1] ?? '').trim() === '') length--;
  return length;
}

/** The largest of many numbers (0 for none), without spreading a long array into arguments. */
export function maxOf(values: readonly number[]): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}
