/**
 * Limits applied to every file before and while it is parsed. Attachments are untrusted: each limit
 * is checked as early as possible so that a hostile file is refused before it costs memory.
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

/** Zip containers (.xlsx) are checked against these before SheetJS inflates anything. */
export const ZIP_LIMITS = {
  /** Sum of the declared uncompressed sizes of all entries. */
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  /** An entry at least this big (uncompressed) may not be compressed more than `maxRatio`. */
  ratioCheckFromBytes: 10 * 1024 * 1024,
  maxRatio: 100,
  /** Real workbooks have tens of entries. */
  maxEntries: 10_000,
} as const;

/** How much text the CSV dialect sniffer looks at. */
export const CSV_SAMPLE_CHARS = 65_536;
export const CSV_SAMPLE_LINES = 50;

export interface Limits {
  maxBytes: number;
  maxColumns: number;
  maxRows: number;
  maxCells: number;
}

export function resolveLimits(options: Partial<Limits>): Limits {
  return {
    maxBytes: positive(options.maxBytes, DEFAULT_MAX_BYTES, 'maxBytes'),
    maxColumns: positive(options.maxColumns, DEFAULT_MAX_COLUMNS, 'maxColumns'),
    maxRows: positive(options.maxRows, DEFAULT_MAX_ROWS, 'maxRows'),
    maxCells: positive(options.maxCells, DEFAULT_MAX_CELLS, 'maxCells'),
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
  return value;
}
