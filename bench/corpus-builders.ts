/**
 * What the mapping corpora's builders share (bench/mapping-corpus-final/build.ts and
 * bench/mapping-corpus-unseen/build.ts): the seeded random helpers, the carriers' published check-digit rules,
 * the file and label writers and the LibreOffice conversion. Each builder keeps its seed, its business and its
 * files; a rebuild still writes the same CSV and SheetJS files byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { recogniseTrackingNumber } from '../packages/contracts/src/tracking-numbers';

// ---------------------------------------------------------------- small random helpers

/** The helpers over one seeded generator: every draw comes from it, in the builder's order. */
export function randomHelpers(random: () => number) {
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[between(0, list.length - 1)]!;
  const digits = (count: number) => {
    let text = '';
    while (text.length < count) text += String(between(0, 9));
    return text;
  };
  const chance = (p: number) => random() < p;
  return { between, pick, digits, chance };
}

// ---------------------------------------------------------------- carriers' check digits (published rules)

/** Sum of digit × weight, weights cycling over the digits read from the right. */
export function weightedFromRight(data: string, weights: readonly number[]): number {
  let total = 0;
  for (let k = 0; k < data.length; k++)
    total += Number(data[data.length - 1 - k]) * weights[k % weights.length]!;
  return total;
}

/** GS1 mod 10 (UPC-A, EAN-13, SSCC-18, USPS IMpb, FedEx Ground 15 digits): weights 3, 1 from the right; check = −sum mod 10. */
export const gs1Check = (data: string) => (10 - (weightedFromRight(data, [3, 1]) % 10)) % 10;

/** FedEx Express 12 digits: weights 1, 3, 7 from the right over the first 11; sum mod 11, with 10 read as 0. */
export const fedexExpressCheck = (data: string) => (weightedFromRight(data, [1, 3, 7]) % 11) % 10;

/**
 * UPS 1Z (UPS tracking-number guide) and OnTrac: each character's value is the digit, or (ASCII − 63) mod 10
 * for a letter; values at odd positions from the left are doubled; check = −sum mod 10.
 */
export function upsCheck(data: string): number {
  let total = 0;
  [...data].forEach((character, position) => {
    const value = /\d/.test(character) ? Number(character) : (character.charCodeAt(0) - 63) % 10;
    total += position % 2 === 1 ? value * 2 : value;
  });
  return (10 - (total % 10)) % 10;
}

/** DHL Express 10-digit waybill: the check digit is the 9-digit serial modulo 7. */
export const dhlCheck = (serial: string) => Number(BigInt(serial) % 7n);

/** UPU S10: weights 8 6 4 2 3 5 9 7 over the serial; 11 − sum mod 11, where 10 → 0 and 11 → 5. */
export function s10Check(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const rest = 11 - ([...serial].reduce((sum, digit, k) => sum + Number(digit) * weights[k]!, 0) % 11);
  if (rest === 10) return 0;
  return rest === 11 ? 5 : rest;
}

/** ISO 7064 MOD 37,36 (DPD parcel number): the hybrid system over 0–9 and A–Z. */
export function dpdCheck(data: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let carry = 36;
  for (const character of data) {
    let sum = (carry + alphabet.indexOf(character)) % 36;
    if (sum === 0) sum = 36;
    carry = (sum * 2) % 37;
  }
  return alphabet[(37 - carry) % 36]!;
}

/** The recogniser must name a carrier and call the check digit valid, or the build stops. */
export function confirmed(number: string, carrier: string, expect?: string): string {
  const seen = recogniseTrackingNumber(number);
  if (seen.carrier === null || seen.checkDigit !== 'valid' || (expect && seen.carrier !== expect))
    throw new Error(`${carrier} number ${number} is not recognised as valid: ${JSON.stringify(seen)}`);
  return number;
}

// ---------------------------------------------------------------- a file and its labels

export type Writer = 'csv' | 'sheetjs-xlsx' | 'sheetjs-xls' | 'office-xlsx' | 'office-xls';

/**
 * A column: its header, its cell per row, and the fields a person maps it to. 1: this is the column for the
 * field; 0: this column is acceptable for it too, and when no column has a 1 for that field, leaving the field
 * empty is acceptable as well.
 */
export interface Column<R> {
  header: string;
  maps?: Record<string, 0 | 1>;
  cell: (row: R, index: number) => string;
}

export interface FileSpec<R> {
  name: string;
  kind: 'order-tracking' | 'inventory';
  writer: Writer;
  /** CSV field separator (default comma). */
  separator?: string;
  /** CSV: every field in double quotes, as some specifications ask. */
  quoteAll?: boolean;
  /** Where the header spellings come from (README table). */
  source: string;
  titleRows?: string[][];
  headerless?: boolean;
  unique: 'CustomerPoNumber' | null;
  delimiter: string | null;
  rows: R[];
  columns: Column<R>[];
}

function csvText(table: string[][], separator: string, quoteAll = false): string {
  const field = (cell: string) =>
    quoteAll || cell.includes(separator) || /["\r\n]/.test(cell) || cell !== cell.trim()
      ? `"${cell.replace(/"/g, '""')}"`
      : cell;
  return `${table.map((line) => line.map(field).join(separator)).join('\r\n')}\r\n`;
}

/** LibreOffice Calc imports the CSV with every column as text, so values stay as typed, and saves it as Excel. */
function throughLibreOffice(
  name: string,
  csv: string,
  width: number,
  format: 'xls' | 'xlsx',
  workPrefix: string,
): Buffer {
  const work = mkdtempSync(path.join(tmpdir(), workPrefix));
  try {
    const stem = path.parse(name).name;
    const input = path.join(work, `${stem}.csv`);
    writeFileSync(input, csv);
    const asText = Array.from({ length: width }, (_, k) => `${k + 1}/2`).join('/');
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${work}/profile`,
        '--headless',
        `--infilter=CSV:44,34,76,1,${asText},1033`,
        '--convert-to',
        format === 'xls' ? 'xls:MS Excel 97' : 'xlsx:Calc MS Excel 2007 XML',
        '--outdir',
        work,
        input,
      ],
      { stdio: 'ignore' },
    );
    const output = readdirSync(work).find((file) => file === `${stem}.${format}`);
    if (!output) throw new Error(`LibreOffice wrote no ${format} for ${name}`);
    return readFileSync(path.join(work, output));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function write(spec: FileSpec<unknown>, table: string[][], folder: string, workPrefix: string): void {
  const width = Math.max(...table.map((line) => line.length));
  let bytes: Buffer;
  switch (spec.writer) {
    case 'csv':
      bytes = Buffer.from(csvText(table, spec.separator ?? ',', spec.quoteAll));
      break;
    case 'office-xls':
    case 'office-xlsx':
      bytes = throughLibreOffice(
        spec.name,
        csvText(table, ','),
        width,
        spec.writer === 'office-xls' ? 'xls' : 'xlsx',
        workPrefix,
      );
      break;
    default: {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'Sheet1');
      bytes = XLSX.write(book, {
        type: 'buffer',
        bookType: spec.writer === 'sheetjs-xls' ? 'biff8' : 'xlsx',
      });
    }
  }
  writeFileSync(path.join(folder, spec.name), bytes);
}

/** The labels: per field the acceptable columns (header, or index when headerless), null where empty is fine. */
function labelsOf(spec: FileSpec<unknown>) {
  const acceptable = new Map<string, (string | null)[]>();
  const mustMap = new Set<string>();
  spec.columns.forEach((column, index) => {
    const name = spec.headerless ? String(index) : column.header;
    for (const [field, mark] of Object.entries(column.maps ?? {})) {
      acceptable.set(field, [...(acceptable.get(field) ?? []), name]);
      if (mark === 1) mustMap.add(field);
    }
  });
  const fields: Record<string, string | (string | null)[]> = {};
  for (const [field, names] of acceptable) {
    const options = mustMap.has(field) ? names : [...names, null];
    fields[field] = options.length === 1 ? options[0]! : options;
  }
  return {
    file: spec.name,
    kind: spec.kind,
    source: spec.source,
    fileHasHeader: !spec.headerless,
    headerRowIndex: spec.headerless ? null : (spec.titleRows?.length ?? 0),
    fields,
    uniqueColumn: spec.unique,
    secondaryDelimiter: spec.delimiter,
  };
}

/**
 * The emitter of a corpus written to `folder`: each spec becomes its file and its `.labels.json`; two columns
 * with one header stop the build. `workPrefix` names the temporary folders of the LibreOffice conversions.
 */
export function corpusEmitter(folder: string, workPrefix: string) {
  return function emit<R>(spec: FileSpec<R>): void {
    const headers = new Set(spec.columns.map((column) => column.header));
    if (headers.size !== spec.columns.length) throw new Error(`${spec.name}: two columns share a header`);
    const table: string[][] = (spec.titleRows ?? []).map((line) => [...line]);
    if (!spec.headerless) table.push(spec.columns.map((column) => column.header));
    spec.rows.forEach((row, index) => {
      table.push(spec.columns.map((column) => column.cell(row, index)));
    });
    const generic = spec as unknown as FileSpec<unknown>;
    write(generic, table, folder, workPrefix);
    writeFileSync(
      path.join(folder, `${spec.name}.labels.json`),
      `${JSON.stringify(labelsOf(generic), null, 2)}\n`,
    );
    console.log(`${spec.name}: ${spec.rows.length} rows × ${spec.columns.length} columns (${spec.writer})`);
  };
}
