/**
 * A list of user-activated items read from a file (docs/behaviour/inventory.md#activated-items-from-a-file):
 * one item a line, or one column of a CSV (the column headed like "Item…" when the first row is a header, else
 * the first). Items are trimmed, blanks dropped, and each kept once in the file's order. Pure: the editor reads
 * the file's text and writes the result into the comma-separated field.
 */

const DELIMITERS = [',', ';', '\t'] as const;

function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim());
}

/** The delimiter most lines share, or null for a plain one-item-a-line list. */
function detectDelimiter(lines: readonly string[]): string | null {
  let best: string | null = null;
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = lines.filter((line) => line.includes(delimiter)).length;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return bestCount >= Math.ceil(lines.length / 2) ? best : null;
}

const looksLikeItemHeader = (cell: string) => /item|sku|part|product/i.test(cell);

export interface ItemListRead {
  items: string[];
  /** The header the column was taken from, when the file had one. */
  column: string | null;
}

export function readItemList(text: string): ItemListRead {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '');
  const delimiter = detectDelimiter(lines);
  let rows = delimiter
    ? lines.map((line) => splitCsvLine(line, delimiter))
    : lines.map((line) => [line.trim()]);
  let columnIndex = 0;
  let column: string | null = null;
  const header = rows[0];
  const headerIndex = header ? header.findIndex(looksLikeItemHeader) : -1;
  if (header && headerIndex >= 0) {
    columnIndex = headerIndex;
    column = header[headerIndex]!;
    rows = rows.slice(1);
  }
  const seen = new Set<string>();
  for (const row of rows) {
    const item = (row[columnIndex] ?? '').trim();
    if (item) seen.add(item);
  }
  return { items: [...seen], column };
}
