/**
 * The spreadsheet sent to one vendor (docs/behaviour/order-submission.md#vendor-files), built from the vendor's template and some lines of an
 * order file.
 *
 * With a template (.xls or .xlsx): the output has the template's format, its first sheet (name, the rows
 * down to the header row with their values and number formats, merged cells there, column widths) and its
 * other sheets (values); everything below the header row (sample rows) is replaced by one row per order
 * line. Each `map*` setting names the template column(s) that receive an order field: by header text
 * (case and spaces ignored; if nothing matches, punctuation ignored too, when that points at one column
 * only) or by column letter (A, B, ..., AA) of a column the template uses. Several comma-separated columns
 * each receive the value; a column named by several settings receives their values joined by a space
 * (mapped fields in the order of VENDOR_MAP_FIELDS, then static data), so nothing is silently overwritten.
 * Fonts, fills and borders of the template are not carried over: the community build of SheetJS does not
 * write cell styles (see vendor-file-alignment.ts for how "aligned left" is written anyway).
 *
 * Without a template: an .xlsx whose header row is the order file's header row and whose rows are the
 * lines' cells (all data); the Qty and Item Description columns get the quantity-one and trimming
 * options; mappings and static data have no template column to go in and are not used.
 *
 * Text stays text ('@' format: leading zeros kept, never in exponent form). Qty, Unit Price and Total are
 * number cells when they hold a plain decimal number (shown with as many decimals as the order file had).
 */
import path from 'node:path';
import { compileOperatorPattern, type OperatorPattern, OperatorPatternError } from '@app/contracts';
import * as XLSX from '@e965/xlsx';
import { isSpreadsheetError, readTable, readWorkbook } from '../../../integrations/spreadsheet';
import { composeFileName } from '../../../lib/file-names';
import type { OrderField, OrderFile, OrderLine } from './order-file';
import { findTemplateColumn, maxOf, splitReferences, templateWidth } from './template-columns';
import { alignWorkbookLeft } from './vendor-file-alignment';

export type VendorMapField =
  | 'mapBatch'
  | 'mapRep'
  | 'mapVendorAddress'
  | 'mapVendorPhone'
  | 'mapVendorFax'
  | 'mapPo'
  | 'mapOrderDate'
  | 'mapReqShipDate'
  | 'mapShipVia'
  | 'mapShipTo'
  | 'mapAddress1'
  | 'mapCareOf'
  | 'mapAttention'
  | 'mapAddress2'
  | 'mapCity'
  | 'mapState'
  | 'mapZipCode'
  | 'mapPhone'
  | 'mapEmail'
  | 'mapItemDescription'
  | 'mapUnitPrice'
  | 'mapQty'
  | 'mapProvidedAccountNumber'
  | 'mapTotal';

/** What each mapping receives; its key order is the order values are joined in when they share a column. */
export const MAP_FIELD_SOURCES: Record<VendorMapField, OrderField | 'accountNumber'> = {
  mapBatch: 'batch',
  mapRep: 'rep',
  mapVendorAddress: 'vendorAddress',
  mapVendorPhone: 'vendorPhone',
  mapVendorFax: 'vendorFax',
  mapPo: 'po',
  mapOrderDate: 'orderDate',
  mapReqShipDate: 'reqShipDate',
  mapShipVia: 'shipVia',
  mapShipTo: 'shipTo',
  mapAddress1: 'address1',
  mapCareOf: 'careOf',
  mapAttention: 'attention',
  mapAddress2: 'address2',
  mapCity: 'city',
  mapState: 'state',
  mapZipCode: 'zipCode',
  mapPhone: 'phone',
  mapEmail: 'email',
  mapItemDescription: 'itemDescription',
  mapUnitPrice: 'unitPrice',
  mapQty: 'qty',
  mapProvidedAccountNumber: 'accountNumber',
  mapTotal: 'total',
};

export const VENDOR_MAP_FIELDS = Object.keys(MAP_FIELD_SOURCES) as VendorMapField[];

export interface VendorFileSettings {
  template: { fileName: string; content: Buffer } | null;
  /** 0-based row of the template's header; rows are written below it. */
  headerRowIndex: number;
  /** Template column(s): header text or column letter, comma-separated for several. */
  mappings: Partial<Record<VendorMapField, string>>;
  /** staticFileDataN → mapStaticFileDataN, written on every row. */
  staticData: Array<{ value: string; column: string }>;
  /** The vendor's or the matched alias's vendorProvidedAccountNumber. */
  accountNumber: string;
  /**
   * Keep the part of the item description that the regex matches: its first capture group when it has
   * one, else the whole match. No match (or an empty one) keeps the description as it is, and so does a
   * description too long to match (see operator-pattern.ts: RE2, linear time). A leading inline flag group
   * such as `(?i)` (as .NET writes it) is accepted.
   */
  trimItemDescription: boolean;
  itemDescriptionRegex: string;
  alignLeft: boolean;
  /** Every column of the order file appended after the template's columns, with its headers. */
  allData: boolean;
  /** Qty written as 1 whatever the order file holds. */
  quantityOne: boolean;
}

export class VendorFileError extends Error {
  override readonly name = 'VendorFileError';
}

export interface VendorFile {
  fileName: string;
  content: Buffer;
  /** The header row as written. */
  header: string[];
  /** The data rows as written, as text (for previews and tests). */
  rows: string[][];
}

/** BIFF8 (.xls) limits. */
const XLS_MAX_ROWS = 65_536;
const XLS_MAX_COLUMNS = 256;
const NUMERIC_FIELDS: ReadonlySet<OrderField> = new Set(['qty', 'unitPrice', 'total']);
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.(\d+))?$/;

interface Cell {
  text: string;
  numeric: boolean;
}

export async function buildVendorFile(
  settings: VendorFileSettings,
  orderFile: OrderFile,
  lines: OrderLine[],
  outputBaseName: string,
): Promise<VendorFile> {
  const trimDescription = descriptionTrimmer(settings);
  const lineValue = (line: OrderLine, source: OrderField | 'accountNumber'): string => {
    if (source === 'accountNumber') return settings.accountNumber.trim();
    if (source === 'qty' && settings.quantityOne) return '1';
    const value = line.values[source] ?? '';
    return source === 'itemDescription' ? trimDescription(value) : value;
  };
  return settings.template
    ? buildFromTemplate(settings, settings.template, orderFile, lines, outputBaseName, lineValue)
    : buildWithoutTemplate(settings, orderFile, lines, outputBaseName, trimDescription);
}

type LineValue = (line: OrderLine, source: OrderField | 'accountNumber') => string;

function descriptionTrimmer(settings: VendorFileSettings): (description: string) => string {
  if (!settings.trimItemDescription) return (description) => description;
  const pattern = settings.itemDescriptionRegex.trim();
  if (pattern === '') {
    throw new VendorFileError(
      'Trimmed item description is on, but the vendor has no regular expression saying what to keep.',
    );
  }
  let regex: OperatorPattern;
  try {
    regex = compileOperatorPattern(pattern);
  } catch (error) {
    if (!(error instanceof OperatorPatternError)) throw error;
    throw new VendorFileError(
      `The vendor's regular expression for trimming item descriptions ("${pattern}") cannot be used: ${error.message}.`,
    );
  }
  return (description) => {
    const kept = regex.firstGroupOrMatch(description)?.trim() ?? '';
    return kept === '' ? description : kept;
  };
}

// ---------------------------------------------------------------------------------------------------
// With a template

interface Template {
  bookType: 'xls' | 'xlsx';
  extension: '.xls' | '.xlsx';
  workbook: XLSX.WorkBook;
  sheetName: string;
  /** The first sheet's cells, row by row. */
  cells: (XLSX.CellObject | undefined)[][];
  /** The same rows as text (readTable's reading), for header matching. */
  textRows: string[][];
}

async function readTemplate(template: { fileName: string; content: Buffer }): Promise<Template> {
  const name = template.fileName || 'the template';
  let type: string;
  let textRows: string[][];
  try {
    // readTable first: it refuses what is not a workbook and checks zip bombs before SheetJS parses.
    const table = await readTable(template.content, { fileName: name });
    type = table.type;
    textRows = table.rows;
  } catch (error) {
    if (!isSpreadsheetError(error)) throw error;
    throw new VendorFileError(
      `The vendor's template could not be read: ${error.message} Upload the template again in the vendor editor.`,
      { cause: error },
    );
  }
  if (type !== '.xls' && type !== '.xlsx') {
    throw new VendorFileError(
      `The vendor's template "${name}" is not an Excel workbook (.xls or .xlsx); upload one in the vendor editor.`,
    );
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = await readWorkbook(template.content, name, {
      dense: true,
      cellNF: true,
      cellStyles: true, // column widths and row heights
      cellFormula: false,
      cellHTML: false,
      cellDates: false,
    });
  } catch (error) {
    throw new VendorFileError(
      `The vendor's template "${name}" could not be read as a workbook; upload it again in the vendor editor.`,
      { cause: error },
    );
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheetName === undefined || !sheet) {
    throw new VendorFileError(`The vendor's template "${name}" contains no sheet.`);
  }
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  return {
    bookType: type === '.xls' ? 'xls' : 'xlsx',
    extension: type,
    workbook,
    sheetName,
    cells: Array.from(data, (row) => row ?? []),
    textRows,
  };
}

interface Target {
  column: number;
  source: { kind: 'field'; field: OrderField | 'accountNumber' } | { kind: 'static'; value: string };
}

async function buildFromTemplate(
  settings: VendorFileSettings,
  templateFile: { fileName: string; content: Buffer },
  orderFile: OrderFile,
  lines: OrderLine[],
  outputBaseName: string,
  lineValue: LineValue,
): Promise<VendorFile> {
  const template = await readTemplate(templateFile);
  const headerRowIndex = settings.headerRowIndex;
  const templateHeader = template.textRows[headerRowIndex] ?? [];
  if (
    !Number.isInteger(headerRowIndex) ||
    headerRowIndex < 0 ||
    templateHeader.every((cell) => cell.trim() === '')
  ) {
    throw new VendorFileError(
      `The vendor's template "${templateFile.fileName}" has no header row at row ${headerRowIndex + 1} (header row index ${headerRowIndex}); check the template or the header row index.`,
    );
  }
  const width = templateWidth(template.textRows);
  const targets = resolveTargets(settings, template.textRows, headerRowIndex, width);

  const extraHeaders = settings.allData ? orderFile.headers : [];
  const totalWidth = width + extraHeaders.length;
  const firstDataRow = headerRowIndex + 1;
  const totalRows = firstDataRow + lines.length;
  if (template.bookType === 'xls' && totalRows > XLS_MAX_ROWS) {
    throw new VendorFileError(
      `The vendor file would have ${totalRows.toLocaleString('en-US')} rows, more than an .xls file can hold (65,536); use an .xlsx template.`,
    );
  }
  if (template.bookType === 'xls' && totalWidth > XLS_MAX_COLUMNS) {
    throw new VendorFileError(
      `The vendor file would have ${totalWidth} columns, more than an .xls file can hold (256); use an .xlsx template or turn off all data.`,
    );
  }

  const data: XLSX.CellObject[][] = template.cells
    .slice(0, firstDataRow)
    .map((row) => copyValues(row, width));
  const header = Array.from({ length: width }, (_, c) => templateHeader[c] ?? '');
  const headerCells = data[headerRowIndex] ?? [];
  extraHeaders.forEach((text, j) => {
    header.push(text);
    if (text !== '') headerCells[width + j] = textCell(text);
  });
  data[headerRowIndex] = headerCells;

  const rows: string[][] = [];
  for (const line of lines) {
    const cells = Array.from({ length: totalWidth }, (): Cell[] => []);
    for (const target of targets) {
      const source = target.source;
      const text = source.kind === 'static' ? source.value : lineValue(line, source.field);
      const numeric =
        source.kind === 'field' && source.field !== 'accountNumber' && NUMERIC_FIELDS.has(source.field);
      cells[target.column]!.push({ text, numeric });
    }
    if (settings.allData) {
      orderFile.headers.forEach((_, j) => {
        cells[width + j]!.push({ text: line.cells[j] ?? '', numeric: false });
      });
    }
    const written = cells.map(joinCell);
    rows.push(written.map((cell) => cell.text));
    data.push(written.map(toCellObject));
  }

  const source = template.workbook.Sheets[template.sheetName]!;
  const sheet = {
    '!data': data,
    '!ref': XLSX.utils.encode_range({
      s: { r: 0, c: 0 },
      e: { r: Math.max(data.length - 1, 0), c: Math.max(totalWidth - 1, 0) },
    }),
  } as XLSX.WorkSheet;
  const merges = (source['!merges'] ?? []).filter((range) => range.e.r <= headerRowIndex);
  if (merges.length > 0) sheet['!merges'] = merges;
  const cols = columnWidths(source['!cols'], width, extraHeaders);
  if (cols.length > 0) sheet['!cols'] = cols;
  const heights = source['!rows']?.slice(0, firstDataRow);
  if (heights && heights.length > 0) sheet['!rows'] = heights;

  const book = XLSX.utils.book_new();
  template.workbook.SheetNames.forEach((name, index) => {
    if (index === 0) XLSX.utils.book_append_sheet(book, sheet, name);
    else XLSX.utils.book_append_sheet(book, valuesOnly(template.workbook.Sheets[name]), name);
  });
  const hidden = template.workbook.Workbook?.Sheets?.map((entry) => ({ Hidden: entry.Hidden ?? 0 }));
  if (hidden && hidden.length === book.SheetNames.length) book.Workbook = { Sheets: hidden };

  return {
    fileName: outputFileName(outputBaseName, template.extension),
    content: writeWorkbook(book, template.bookType, settings.alignLeft),
    header,
    rows,
  };
}

/** Where each mapping and each static datum goes; fails on a column the template does not have. */
function resolveTargets(
  settings: VendorFileSettings,
  textRows: readonly (readonly string[])[],
  headerRowIndex: number,
  width: number,
): Target[] {
  const header = textRows[headerRowIndex] ?? [];
  const describeHeader = () =>
    `Its header row (row ${headerRowIndex + 1}) is: ${header
      .filter((cell) => cell.trim() !== '')
      .map((cell) => `"${cell.trim()}"`)
      .join(', ')}.`;
  const resolve = (reference: string, setting: string): number => {
    const found = findTemplateColumn(header, width, reference);
    if (found.kind === 'found') return found.column;
    if (found.kind === 'ambiguous') {
      throw new VendorFileError(
        `The vendor's template has several columns matching "${reference}" (${setting}): ${found.columns
          .map((c) => `"${header[c]!.trim()}"`)
          .join(', ')}. Name one exactly as its header reads, or by its column letter.`,
      );
    }
    throw new VendorFileError(
      `The vendor's template has no column "${reference}" (${setting}). ${describeHeader()} Name a column by its header text or by its letter (A, B, ...).`,
    );
  };

  const targets: Target[] = [];
  for (const mapField of VENDOR_MAP_FIELDS) {
    for (const reference of splitReferences(settings.mappings[mapField])) {
      targets.push({
        column: resolve(reference, mapField),
        source: { kind: 'field', field: MAP_FIELD_SOURCES[mapField] },
      });
    }
  }
  for (const datum of settings.staticData) {
    const references = splitReferences(datum.column);
    if (references.length === 0) {
      if (datum.value.trim() === '') continue;
      throw new VendorFileError(
        `The static data "${datum.value}" has no column to go in; set its column in the vendor's field mapping.`,
      );
    }
    for (const reference of references) {
      targets.push({
        column: resolve(reference, `static data "${datum.value}"`),
        source: { kind: 'static', value: datum.value },
      });
    }
  }
  return targets;
}

function joinCell(contributions: Cell[]): Cell {
  if (contributions.length === 1) return contributions[0]!;
  const text = contributions
    .map((cell) => cell.text)
    .filter((value) => value !== '')
    .join(' ');
  return { text, numeric: false };
}

function toCellObject(cell: Cell): XLSX.CellObject {
  if (cell.text === '') return undefined as unknown as XLSX.CellObject;
  if (cell.numeric) {
    const number = PLAIN_NUMBER.exec(cell.text.trim());
    if (number) {
      const decimals = number[1]?.length ?? 0;
      const numeric: XLSX.CellObject = { t: 'n', v: Number(cell.text) };
      if (decimals > 0) numeric.z = `0.${'0'.repeat(decimals)}`;
      return numeric;
    }
  }
  return textCell(cell.text);
}

function textCell(text: string): XLSX.CellObject {
  return { t: 's', v: text, z: '@' };
}

/** A template row's cells as values (type, value, number format): no formulas, styles or cached text. */
function copyValues(row: readonly (XLSX.CellObject | undefined)[], width: number): XLSX.CellObject[] {
  const out: XLSX.CellObject[] = [];
  for (let c = 0; c < Math.min(row.length, width); c++) {
    const cell = row[c];
    if (!cell || cell.t === 'z') continue;
    const copy = { t: cell.t, v: cell.v } as XLSX.CellObject;
    if (cell.z !== undefined && cell.z !== 'General') copy.z = cell.z;
    out[c] = copy;
  }
  return out;
}

function valuesOnly(sheet: XLSX.WorkSheet | undefined): XLSX.WorkSheet {
  if (!sheet) return XLSX.utils.aoa_to_sheet([]);
  const data = ((sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]).map((row) =>
    copyValues(row ?? [], row?.length ?? 0),
  );
  const copy = { '!data': data } as XLSX.WorkSheet;
  if (sheet['!ref']) copy['!ref'] = sheet['!ref'];
  if (sheet['!merges']) copy['!merges'] = sheet['!merges'];
  if (sheet['!cols']) copy['!cols'] = sheet['!cols'];
  return copy;
}

/** The template's widths for its columns; appended order-file columns sized to their headers. */
function columnWidths(
  templateCols: XLSX.ColInfo[] | undefined,
  width: number,
  extraHeaders: readonly string[],
): XLSX.ColInfo[] {
  if (!templateCols && extraHeaders.length === 0) return [];
  const cols: XLSX.ColInfo[] = [];
  for (let c = 0; c < width; c++) {
    const col = templateCols?.[c];
    // SheetJS writes a hole in the array as nothing; a column without a width gets the default one.
    cols[c] = col ? { ...col } : {};
  }
  for (const text of extraHeaders) cols.push({ wch: Math.min(Math.max(text.length + 2, 10), 40) });
  return cols;
}

// ---------------------------------------------------------------------------------------------------
// Without a template

function buildWithoutTemplate(
  settings: VendorFileSettings,
  orderFile: OrderFile,
  lines: OrderLine[],
  outputBaseName: string,
  trimDescription: (description: string) => string,
): VendorFile {
  const header = [...orderFile.headers];
  const width = Math.max(header.length, maxOf(lines.map((line) => line.cells.length)));
  while (header.length < width) header.push('');
  const { qty, itemDescription, unitPrice, total } = orderFile.fieldColumns;
  const numericColumns = new Set([qty, unitPrice, total].filter((c): c is number => c !== undefined));

  const rows: string[][] = [];
  const data: XLSX.CellObject[][] = [header.map((text) => (text === '' ? undefinedCell() : textCell(text)))];
  for (const line of lines) {
    const cells = Array.from({ length: width }, (_, c) => line.cells[c] ?? '');
    if (qty !== undefined && settings.quantityOne) cells[qty] = '1';
    if (itemDescription !== undefined) cells[itemDescription] = trimDescription(cells[itemDescription]!);
    rows.push(cells);
    data.push(cells.map((text, c) => toCellObject({ text, numeric: numericColumns.has(c) })));
  }
  const sheet = {
    '!data': data,
    '!ref': XLSX.utils.encode_range({
      s: { r: 0, c: 0 },
      e: { r: Math.max(data.length - 1, 0), c: Math.max(width - 1, 0) },
    }),
    '!cols': header.map((text, c) => ({
      wch: Math.min(Math.max(text.length, maxOf(rows.map((row) => row[c]!.length)), 8) + 2, 50),
    })),
  } as XLSX.WorkSheet;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Orders');
  return {
    fileName: outputFileName(outputBaseName, '.xlsx'),
    content: writeWorkbook(book, 'xlsx', settings.alignLeft),
    header,
    rows,
  };
}

function undefinedCell(): XLSX.CellObject {
  return undefined as unknown as XLSX.CellObject;
}

// ---------------------------------------------------------------------------------------------------

function writeWorkbook(book: XLSX.WorkBook, bookType: 'xls' | 'xlsx', alignLeft: boolean): Buffer {
  const written = XLSX.write(book, { type: 'buffer', bookType, compression: true }) as Buffer;
  return alignLeft ? alignWorkbookLeft(written, bookType) : written;
}

/** The base name made safe as a file name on every system, with the workbook's extension. */
function outputFileName(baseName: string, extension: '.xls' | '.xlsx'): string {
  const safe = composeFileName(baseName, '');
  const withoutExtension =
    path.extname(safe).toLowerCase() === extension ? safe.slice(0, -extension.length) : safe;
  return `${withoutExtension || 'vendor-order'}${extension}`;
}
