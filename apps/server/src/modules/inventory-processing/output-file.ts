/**
 * The generated availability file (docs/behaviour/inventory.md#generated-file): the retailer's own feed format, learnt from the source's
 * sample file. Same type (.csv, .xls, .xlsx); the rows above the header row and the header row itself are
 * the sample's (`fileData.headerRowIndex`, `fileHasHeader`); below it one row per user-activated item with
 * the item number (as the retailer wrote it), 'Active'/'Inactive' and the status date, each in the column
 * the File Generation settings name (header names, or 0-based indexes without a header row). The sample's
 * other columns stay empty.
 *
 * CSV keeps the sample's delimiter, encoding, byte-order mark and line break. Workbooks are written with
 * SheetJS (.xls as BIFF8): item numbers as text cells with the text format '@' (leading zeros kept, never
 * in exponent form); the date as a date cell with the sample's own date format, or as text in the sample's
 * text shape when its dates are text (date-format.ts); MM/DD/YYYY when the sample shows none.
 */
import path from 'node:path';
import type { ItemStatus, SpreadsheetFileType } from '@app/contracts';
import * as XLSX from '@e965/xlsx';
import { detectType, isSpreadsheetError, readTable, readWorkbook } from '../../integrations/spreadsheet';
import { cellText, formatKind } from '../../integrations/spreadsheet/excel-cells';
import { sanitizeFileName } from '../../lib/file-names';
import { normaliseHeader } from '../order-tracking-ingestion/header-drift';
import { csvDialectOf, writeCsv } from './csv-writer';
import {
  DEFAULT_TEXT_DATE_FORMAT,
  describeTextDateFormat,
  detectTextDateFormat,
  excelSerial,
  formatTextDate,
  type TextDateFormat,
} from './date-format';
import { InventoryFailure } from './supplier-file';

export interface OutputSettings {
  outputFileHasHeader: boolean;
  outputHeaderRowIndex: number | null;
  outputItemNumberColumnName: string;
  outputItemStatusColumnName: string;
  outputItemStatusDateColumnName: string;
}

export interface OutputRow {
  item: string;
  status: ItemStatus;
}

export interface OutputTemplate {
  type: SpreadsheetFileType;
  /** The sample's name without its extension. */
  baseName: string;
  firstDataRow: number;
  itemColumn: number;
  statusColumn: number;
  dateColumn: number;
  width: number;
  /** How the status date is written, for the logs. */
  dateDescription: string;
  write(rows: readonly OutputRow[], now: Date): Buffer;
}

/** BIFF8 (.xls) holds at most 65,536 rows. */
const XLS_MAX_ROWS = 65_536;
/** Sample rows below the header row looked at to learn the date format. */
const DATE_SAMPLE_ROWS = 200;
const INDEX = /^\d{1,5}$/;

export function sampleType(sample: { fileName: string; content: Buffer }): SpreadsheetFileType {
  const extension = path.extname(sample.fileName).toLowerCase();
  if (extension === '.csv' || extension === '.xls' || extension === '.xlsx') return extension;
  return detectType(sample.content, sample.fileName) ?? '.csv';
}

/** '<sample base name>_<YYYYMMDD-HHmmss>.<ext>', local time. */
export function outputFileName(baseName: string, type: SpreadsheetFileType, now: Date): string {
  const p = (value: number) => String(value).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `${baseName}_${stamp}${type}`;
}

interface Layout {
  headerRowIndex: number;
  firstDataRow: number;
  itemColumn: number;
  statusColumn: number;
  dateColumn: number;
  width: number;
}

/** Finds the three columns in the sample's header row (or takes them as indexes without one). */
function layoutOf(textRows: readonly (readonly string[])[], settings: OutputSettings): Layout {
  const hasHeader = settings.outputFileHasHeader;
  const headerRowIndex = hasHeader ? (settings.outputHeaderRowIndex ?? 0) : -1;
  const header = hasHeader ? (textRows[headerRowIndex] ?? []).map((cell) => cell.trim()) : [];
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  if (hasHeader && header.length === 0) {
    throw new InventoryFailure(
      `The sample inventory file has no header row at row ${headerRowIndex + 1} (File Generation: header row index ${headerRowIndex}); check the sample file or the header row index.`,
    );
  }
  const keys = header.map(normaliseHeader);
  const describeHeader = () =>
    ` The sample's header row (row ${headerRowIndex + 1}) is: ${header.map((cell) => `"${cell}"`).join(', ')}.`;
  const resolve = (reference: string, label: string): number => {
    const ref = reference.trim();
    if (ref === '')
      throw new InventoryFailure(`The ${label} column of the generated file is not set (File Generation).`);
    if (hasHeader) {
      const index = keys.indexOf(normaliseHeader(ref));
      if (index >= 0) return index;
      if (INDEX.test(ref)) return Number(ref);
      throw new InventoryFailure(
        `The sample inventory file has no column "${ref}" (the ${label} column of File Generation).${describeHeader()}`,
      );
    }
    if (!INDEX.test(ref)) {
      throw new InventoryFailure(
        `The ${label} column of the generated file ("${ref}") must be a 0-based column index, because the generated file has no header row.`,
      );
    }
    return Number(ref);
  };
  const itemColumn = resolve(settings.outputItemNumberColumnName, 'item number');
  const statusColumn = resolve(settings.outputItemStatusColumnName, 'item status');
  const dateColumn = resolve(settings.outputItemStatusDateColumnName, 'item status date');
  if (new Set([itemColumn, statusColumn, dateColumn]).size < 3) {
    throw new InventoryFailure(
      'The item number, item status and item status date columns of the generated file must be three different columns (File Generation).',
    );
  }
  const sampleWidth = Math.max(
    header.length,
    ...textRows.slice(0, headerRowIndex + 1).map((row) => trimmedLength(row)),
  );
  const width = Math.max(sampleWidth, itemColumn + 1, statusColumn + 1, dateColumn + 1);
  return { headerRowIndex, firstDataRow: headerRowIndex + 1, itemColumn, statusColumn, dateColumn, width };
}

function trimmedLength(row: readonly string[]): number {
  let length = row.length;
  while (length > 0 && (row[length - 1] ?? '').trim() === '') length--;
  return length;
}

/** Reads the sample once per run and returns a writer for the generated file. */
export async function prepareOutput(
  sample: { fileName: string; content: Buffer },
  settings: OutputSettings,
): Promise<OutputTemplate> {
  const type = sampleType(sample);
  // The sample's name is the uploader's (or a supplier's): the generated name is an attachment and an SFTP
  // remote name, so it goes through the one sanitiser (lib/file-names.ts).
  const sampleName = sanitizeFileName(sample.fileName);
  const baseName = path.basename(sampleName, path.extname(sampleName)) || 'inventory';
  return type === '.csv'
    ? csvTemplate(sample, settings, baseName)
    : workbookTemplate(sample, settings, type, baseName);
}

async function csvTemplate(
  sample: { fileName: string; content: Buffer },
  settings: OutputSettings,
  baseName: string,
): Promise<OutputTemplate> {
  const table = await readTable(sample.content, { fileName: sample.fileName, expectedType: '.csv' });
  const layout = layoutOf(table.rows, settings);
  const dialect = csvDialectOf(table, sample.content);
  const dateTexts = table.rows
    .slice(layout.firstDataRow, layout.firstDataRow + DATE_SAMPLE_ROWS)
    .map((row) => row[layout.dateColumn] ?? '');
  const dateFormat: TextDateFormat = detectTextDateFormat(dateTexts) ?? DEFAULT_TEXT_DATE_FORMAT;
  const prefix = table.rows.slice(0, layout.firstDataRow).map((row) => fit(row, layout.width));
  return {
    type: '.csv',
    baseName,
    ...layoutFields(layout),
    dateDescription: `text ${describeTextDateFormat(dateFormat)}`,
    write(rows, now) {
      const date = formatTextDate(now, dateFormat);
      const out: string[][] = [...prefix];
      for (const row of rows) {
        const cells = new Array<string>(layout.width).fill('');
        cells[layout.itemColumn] = row.item;
        cells[layout.statusColumn] = row.status;
        cells[layout.dateColumn] = date;
        out.push(cells);
      }
      return writeCsv(out, dialect);
    },
  };
}

function fit(row: readonly string[], width: number): string[] {
  const cells = row.slice(0, width);
  while (cells.length < width) cells.push('');
  return cells;
}

function layoutFields(layout: Layout) {
  return {
    firstDataRow: layout.firstDataRow,
    itemColumn: layout.itemColumn,
    statusColumn: layout.statusColumn,
    dateColumn: layout.dateColumn,
    width: layout.width,
  };
}

type DateCell =
  | { kind: 'serial'; format: string; withTime: boolean }
  | { kind: 'text'; format: TextDateFormat };

async function workbookTemplate(
  sample: { fileName: string; content: Buffer },
  settings: OutputSettings,
  type: '.xls' | '.xlsx',
  baseName: string,
): Promise<OutputTemplate> {
  const headerRows = settings.outputFileHasHeader ? (settings.outputHeaderRowIndex ?? 0) + 1 : 0;
  let workbook: XLSX.WorkBook;
  try {
    workbook = await readWorkbook(sample.content, sample.fileName, {
      dense: true,
      sheets: 0,
      sheetRows: headerRows + DATE_SAMPLE_ROWS,
      cellNF: true,
      cellStyles: true, // column widths
      cellFormula: false,
      cellHTML: false,
      cellDates: false,
    });
  } catch (error) {
    if (!isSpreadsheetError(error)) throw error;
    throw new InventoryFailure(
      `The sample inventory file "${sample.fileName}" could not be read as a workbook (${error.message}); upload it again in the source editor.`,
    );
  }
  const sheetName = workbook.SheetNames[0] ?? 'Sheet1';
  const sheet = workbook.Sheets[sheetName];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const cells = ((sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]).map((row) => row ?? []);
  const textRows = cells.map((row) => Array.from(row, (cell) => cellText(cell, date1904)));
  const layout = layoutOf(textRows, settings);

  // The date column's sample values: a date cell keeps its number format; text keeps its shape.
  let dateCell: DateCell = { kind: 'serial', format: 'mm/dd/yyyy', withTime: false };
  const below = cells.slice(layout.firstDataRow, layout.firstDataRow + DATE_SAMPLE_ROWS);
  const firstDate = below
    .map((row) => row[layout.dateColumn])
    .find((cell) => cell && cellText(cell, date1904) !== '');
  if (firstDate?.t === 'n') {
    const format = typeof firstDate.z === 'string' ? firstDate.z : '';
    const kind = formatKind(format);
    if (kind === 'date' || kind === 'datetime')
      dateCell = { kind: 'serial', format, withTime: kind === 'datetime' };
  } else if (firstDate?.t === 's') {
    const texts = below.map((row) => cellText(row[layout.dateColumn], date1904));
    const format = detectTextDateFormat(texts);
    if (format) dateCell = { kind: 'text', format };
  }

  const prefix = cells.slice(0, layout.firstDataRow).map((row) => copyCells(row, layout.width));
  const merges = (sheet?.['!merges'] ?? []).filter((range) => range.e.r < layout.firstDataRow);
  const cols = sheet?.['!cols']?.slice(0, layout.width);
  const bookType: XLSX.BookType = type === '.xls' ? 'xls' : 'xlsx';

  return {
    type,
    baseName,
    ...layoutFields(layout),
    dateDescription:
      dateCell.kind === 'serial'
        ? `date cells formatted "${dateCell.format}"`
        : `text ${describeTextDateFormat(dateCell.format)}`,
    write(rows, now) {
      const total = layout.firstDataRow + rows.length;
      if (type === '.xls' && total > XLS_MAX_ROWS) {
        throw new InventoryFailure(
          `The generated file would have ${total.toLocaleString('en-US')} rows, more than an .xls file can hold (65,536); use an .xlsx sample file.`,
        );
      }
      const dateValue =
        dateCell.kind === 'serial'
          ? excelSerial(now, dateCell.withTime)
          : formatTextDate(now, dateCell.format);
      const data: XLSX.CellObject[][] = prefix.map((row) => row.map((cell) => ({ ...cell })));
      for (const row of rows) {
        const out: XLSX.CellObject[] = [];
        out[layout.itemColumn] = { t: 's', v: row.item, z: '@' };
        out[layout.statusColumn] = { t: 's', v: row.status };
        out[layout.dateColumn] =
          dateCell.kind === 'serial'
            ? { t: 'n', v: dateValue as number, z: dateCell.format }
            : { t: 's', v: dateValue as string };
        data.push(out);
      }
      const out: XLSX.WorkSheet = {
        '!data': data,
        '!ref': XLSX.utils.encode_range({
          s: { r: 0, c: 0 },
          e: { r: Math.max(total - 1, 0), c: layout.width - 1 },
        }),
      } as XLSX.WorkSheet;
      if (merges.length > 0) out['!merges'] = merges;
      if (cols && cols.length > 0) out['!cols'] = cols;
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, out, sheetName);
      return XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
    },
  };
}

/** A sample row's cells as values (type, value, number format): no formulas, styles or cached text. */
function copyCells(row: readonly (XLSX.CellObject | undefined)[], width: number): XLSX.CellObject[] {
  const out: XLSX.CellObject[] = [];
  for (let c = 0; c < Math.min(row.length, width); c++) {
    const cell = row[c];
    if (!cell || cell.t === 'z') continue;
    const copy: XLSX.CellObject = { t: cell.t, v: cell.v } as XLSX.CellObject;
    if (cell.z !== undefined && cell.z !== 'General') copy.z = cell.z;
    out[c] = copy;
  }
  return out;
}
