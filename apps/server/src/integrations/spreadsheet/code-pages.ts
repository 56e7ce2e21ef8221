/**
 * SheetJS's code-page tables, for workbooks whose text is 8-bit in a Windows code page: BIFF2–4 (Excel
 * 2.x–4.0) and BIFF5 (Excel 5.0/95) name it in their CODEPAGE record (1253 Greek, 1251 Cyrillic, 1252
 * Western…). BIFF8 and later store text as UTF-16 and need no table.
 *
 * SheetJS's CommonJS build loads these tables itself; its ES module build, which the reader process runs
 * (dist/table-worker.js imports `@e965/xlsx` by its `import` condition), does not, and then reads every
 * byte as Latin-1: Greek `Οκτ` became `Ïêô`. The tables take about 0.3 s to load (470 KB of JavaScript
 * building every code page, CJK ones included), so they are loaded on the first 8-bit workbook a process
 * reads, not at start-up: most reader processes never meet one. See docs/design/spreadsheets.md#reading.
 */
import { createRequire } from 'node:module';
import * as XLSX from '@e965/xlsx';

/** BOF record types of BIFF2, 3 and 4; BIFF5 and BIFF8 share 0x0809 and differ by the version field. */
const OLD_BOF_TYPES = new Set([0x0009, 0x0209, 0x0409]);
const BOF = 0x0809;
const BIFF8_VERSION = 0x0600;

let loaded = false;

/** Whether a BIFF stream (starting with its BOF record) stores its text in a code page. */
export function holdsCodePageText(stream: Uint8Array): boolean {
  if (stream.length < 6) return false;
  const type = stream[0]! | (stream[1]! << 8);
  if (OLD_BOF_TYPES.has(type)) return true;
  return type === BOF && (stream[4]! | (stream[5]! << 8)) < BIFF8_VERSION;
}

/** Makes SheetJS decode 8-bit text by the workbook's CODEPAGE; a no-op after the first call. */
export function loadCodePages(): void {
  if (loaded) return;
  XLSX.set_cptable(createRequire(import.meta.url)('@e965/xlsx/dist/cpexcel.js'));
  loaded = true;
}

/** Loads the tables when `stream` needs them. */
export function loadCodePagesFor(stream: Uint8Array): void {
  if (holdsCodePageText(stream)) loadCodePages();
}
