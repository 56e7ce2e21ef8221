/**
 * Limits applied to every file before and while it is parsed. Attachments are untrusted: each limit
 * is checked as early as possible so that a hostile file is refused before it costs memory. What no
 * check can foresee (a parser that loops or balloons on crafted records) is bounded by the child
 * process the file is read in: see READER_WORKER_DEFAULTS and read-table.ts.
 */
import { MAX_UPLOAD_BYTES } from '@app/contracts';

export const DEFAULT_MAX_BYTES = MAX_UPLOAD_BYTES; // 10 MiB
export const DEFAULT_MAX_COLUMNS = 1000;
export const DEFAULT_MAX_ROWS = 1_000_000;
/**
 * Rows × columns of the returned table. Rows are padded to the widest row, so one wide row over many
 * short ones could otherwise multiply memory (1,000 columns × 1,000,000 one-byte rows).
 */
export const DEFAULT_MAX_CELLS = 20_000_000;
/**
 * Characters of cell text in the whole table. A 10 MB CSV holds at most 10 million; an .xlsx can
 * repeat one shared string in every cell, so ten times that still leaves room for a 200,000-row
 * export with long descriptions, while a workbook whose few strings expand to billions of characters
 * is refused before anything downstream tries to hold them.
 */
export const DEFAULT_MAX_TEXT_CHARS = 100_000_000;

/** Zip containers (.xlsx) are checked against these before anything is inflated. */
export const ZIP_LIMITS = {
  /**
   * Sum of the declared uncompressed sizes of all entries. A 200,000-row, 20-column export is a few
   * hundred MB of XML; more than this cannot fit the cell limit anyway.
   */
  maxTotalUncompressedBytes: 1024 * 1024 * 1024,
  /**
   * Ratio alone says little: repetitive sheets really compress 100–200:1. Only near deflate's own
   * ceiling (~1,000:1), on a big entry, is the data runs of one byte, which no worksheet is.
   */
  ratioCheckFromBytes: 100 * 1024 * 1024,
  maxRatio: 500,
  /** Real workbooks have tens of entries. */
  maxEntries: 10_000,
} as const;

/** How much text the CSV dialect sniffer looks at. */
export const CSV_SAMPLE_CHARS = 65_536;
export const CSV_SAMPLE_LINES = 50;

/**
 * The child processes files are parsed in. The heap limit is far above what a legitimate 10 MB file
 * needs (an .xls of 65,536 rows takes SheetJS ~500 MB) and far below what the machine can spare.
 */
export const READER_WORKER_DEFAULTS = {
  maxHeapMb: 1024,
  timeoutMs: 120_000,
  /** A reader process left idle this long is stopped; the next file starts a new one (~0.1 s). */
  idleMs: 30_000,
} as const;

export interface Limits {
  maxBytes: number;
  maxColumns: number;
  maxRows: number;
  maxCells: number;
  maxTextChars: number;
  /** Keep only this many rows from the top (a preview); the rest is not read and not counted. null: all. */
  firstRows: number | null;
}

export function resolveLimits(
  options: Partial<Omit<Limits, 'firstRows'>> & { firstRows?: number | undefined },
): Limits {
  return {
    maxBytes: positive(options.maxBytes, DEFAULT_MAX_BYTES, 'maxBytes'),
    maxColumns: positive(options.maxColumns, DEFAULT_MAX_COLUMNS, 'maxColumns'),
    maxRows: positive(options.maxRows, DEFAULT_MAX_ROWS, 'maxRows'),
    maxCells: positive(options.maxCells, DEFAULT_MAX_CELLS, 'maxCells'),
    maxTextChars: positive(options.maxTextChars, DEFAULT_MAX_TEXT_CHARS, 'maxTextChars'),
    firstRows: options.firstRows === undefined ? null : positive(options.firstRows, 1, 'firstRows'),
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}
