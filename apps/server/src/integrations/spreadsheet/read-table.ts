/**
 * readTable: the one way the server reads a spreadsheet attachment (mail intake, order tracking,
 * inventory). Synchronous and CPU-bound: a 100,000-row CSV takes well under a second, an .xlsx of that
 * size about a second (ooxml-sheet.ts), an .xls (SheetJS) a few seconds, so callers on a request path
 * should run it in a job.
 *
 * What is accepted, by content (the name only breaks ties for text):
 * - zip → an OOXML workbook (.xlsx; .xlsb content too). Other zips (Word, OpenDocument) are refused.
 * - OLE compound file → a BIFF workbook (.xls), or ENCRYPTED when it carries an encrypted package.
 * - text named/expected .csv (or .txt/.tsv, or an unknown extension) → delimited text.
 * - text named/expected .xls → what many systems send as ".xls": an HTML table, an "XML Spreadsheet
 *   2003" file, or tab/comma-separated text. Excel opens all three, so do we.
 * - Within the Excel family the exact extension is not enforced (an .xlsx file named .xls is read as
 *   what it is, and `type` says so); text is never accepted as .xlsx, and a workbook never as .csv.
 * - Everything else (PDF, images, archives, binary junk, an HTML page named .csv) is WRONG_TYPE.
 */
import * as XLSX from '@e965/xlsx';
import { type DecodedText, decodeText, type TextEncodingName } from './decode-text';
import { type CsvDelimiter, detectCsvDialect } from './detect-csv';
import { type SpreadsheetType, sniffContent, typeFromFileName } from './detect-type';
import { SpreadsheetError } from './errors';
import { cellText } from './excel-cells';
import { type Limits, resolveLimits } from './limits';
import { firstSheetExtent } from './ooxml-dimension';
import { readFirstSheet } from './ooxml-sheet';
import { parseCsv } from './parse-csv';
import { finishRows } from './table-rows';
import { assertZipIsSafe, readZipDirectory } from './zip-directory';

/** How the content was actually stored. */
export type SpreadsheetFormat = 'csv' | 'xls' | 'xlsx' | 'xlsb' | 'html' | 'xml2003';

export interface ReadTableOptions {
  /** The attachment's name; its extension decides how text is read, and it names the file in errors. */
  fileName: string;
  /** The type the source is configured for; content of another kind is refused with WRONG_TYPE. */
  expectedType?: SpreadsheetType;
  /** Default 10,485,760 (10 MiB). Checked before anything is parsed. */
  maxBytes?: number;
  /** Default 1,000. */
  maxColumns?: number;
  /** Default 1,000,000 (rows up to the last non-blank one). */
  maxRows?: number;
  /** Rows × columns of the padded result. Default 20,000,000. */
  maxCells?: number;
}

export interface Table {
  /** The product's file type: from the content for workbooks, from the expected type or name for text. */
  type: SpreadsheetType;
  format: SpreadsheetFormat;
  /**
   * From the first row of the file or sheet, every row as long as the widest (the last column holding
   * a value anywhere), blank rows kept as empty cells except at the end. Cells are text as shown:
   * see excel-cells.ts for workbooks; CSV cells are exactly as written.
   */
  rows: string[][];
  /** Workbooks, HTML and XML: the sheet that was read (always the first). */
  sheetName?: string;
  /** Text formats: the encoding the bytes were in, and whether they started with a byte-order mark. */
  encoding?: TextEncodingName;
  bom?: boolean;
  /** Delimited text: its delimiter and line break, so an output can be written in the same dialect. */
  delimiter?: CsvDelimiter;
  lineBreak?: '\r\n' | '\n' | '\r';
}

export function readTable(content: Buffer | Uint8Array, options: ReadTableOptions): Table {
  const limits = resolveLimits(options);
  const fileName = options.fileName || 'The file';
  const bytes = Buffer.isBuffer(content)
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (bytes.length === 0) throw new SpreadsheetError('EMPTY', `${fileName} is empty (0 bytes).`);
  if (bytes.length > limits.maxBytes) {
    throw new SpreadsheetError(
      'TOO_LARGE',
      `${fileName} is ${megabytes(bytes.length)}; files over ${megabytes(limits.maxBytes)} are not read.`,
    );
  }

  const declared = options.expectedType ?? typeFromFileName(fileName);
  const sniffed = sniffContent(bytes);
  switch (sniffed.kind) {
    case 'foreign':
      throw new SpreadsheetError('WRONG_TYPE', `${fileName} is ${sniffed.what}, not a spreadsheet.`);
    case 'zip':
      if (declared === '.csv') throw wrongType(fileName, 'an Excel workbook (.xlsx)', declared);
      return readZipWorkbook(bytes, fileName, limits);
    case 'ole':
      if (declared === '.csv') throw wrongType(fileName, 'an Excel or Office file', declared);
      return readOleWorkbook(bytes, fileName, limits);
    default:
      return readText(bytes, fileName, declared, limits);
  }
}

function readZipWorkbook(bytes: Buffer, fileName: string, limits: Limits): Table {
  const entries = readZipDirectory(bytes, fileName);
  const names = new Set(entries.map((entry) => entry.name.replace(/^\/+/, '').toLowerCase()));
  let format: SpreadsheetFormat;
  if (names.has('xl/workbook.xml')) format = 'xlsx';
  else if (names.has('xl/workbook.bin')) format = 'xlsb';
  else
    throw new SpreadsheetError('WRONG_TYPE', `${fileName} is ${describeZip(names)}, not an Excel workbook.`);
  assertZipIsSafe(bytes, entries, fileName);
  const extent = format === 'xlsx' ? firstSheetExtent(bytes, entries) : null;
  if (extent && extent.columns > limits.maxColumns) {
    throw new SpreadsheetError('TOO_MANY_COLUMNS', `${fileName} has more than ${limits.maxColumns} columns.`);
  }
  if (extent && extent.rows > limits.maxRows) {
    throw new SpreadsheetError('TOO_MANY_ROWS', `${fileName} has more than ${limits.maxRows} rows.`);
  }
  if (format === 'xlsb') return { type: '.xlsx', format, ...sheetJsFirstSheet(bytes, fileName, limits) };
  const sheet = readFirstSheet(bytes, entries, fileName, limits);
  if (!sheet) throw new SpreadsheetError('EMPTY', `${fileName} contains no sheet.`);
  return {
    type: '.xlsx',
    format,
    sheetName: sheet.sheetName,
    rows: finishRows(sheet.rows, limits, fileName),
  };
}

/**
 * SheetJS's reading of a binary workbook's first sheet: .xls and .xlsb files, and in tests the
 * reference that the .xlsx reader (ooxml-sheet.ts) is compared with.
 */
export function sheetJsFirstSheet(
  bytes: Buffer,
  fileName: string,
  limits: Limits,
): Pick<Table, 'rows' | 'sheetName'> {
  const workbook = parseWorkbook(fileName, () => XLSX.read(bytes, sheetJsOptions('buffer', limits)));
  return firstSheetRows(workbook, fileName, limits);
}

function readOleWorkbook(bytes: Buffer, fileName: string, limits: Limits): Table {
  let streams: Set<string>;
  try {
    const container = XLSX.CFB.read(bytes, { type: 'buffer' }) as { FullPaths: string[] };
    streams = new Set(
      container.FullPaths.map((path) => (path.split('/').filter(Boolean).pop() ?? '').toLowerCase()),
    );
  } catch (error) {
    throw new SpreadsheetError(
      'CORRUPT',
      `${fileName} is damaged or incomplete; ask the sender to send it again.`,
      {
        cause: error,
      },
    );
  }
  if (streams.has('encryptedpackage') || streams.has('encryptioninfo')) throw encrypted(fileName);
  if (!streams.has('workbook') && !streams.has('book')) {
    throw new SpreadsheetError(
      'WRONG_TYPE',
      `${fileName} is ${describeOle(streams)}, not an Excel workbook.`,
    );
  }
  return { type: '.xls', format: 'xls', ...sheetJsFirstSheet(bytes, fileName, limits) };
}

function readText(bytes: Buffer, fileName: string, declared: SpreadsheetType | null, limits: Limits): Table {
  const decoded = decodeText(bytes);
  if (decoded.text.includes('\0')) {
    throw new SpreadsheetError('WRONG_TYPE', `${fileName} is a binary file, not a spreadsheet.`);
  }
  const markup = sniffMarkup(decoded.text);
  const text = { encoding: decoded.encoding, bom: decoded.bom };
  if (declared === '.xlsx') {
    throw wrongType(fileName, markup ? 'a web page or XML file' : 'a text file', declared);
  }
  if (declared === '.xls') {
    if (markup === 'html' || markup === 'xml2003') {
      const workbook = parseWorkbook(fileName, () =>
        // HTML cells are text as written (raw), like CSV; XML Spreadsheet cells are typed like .xls.
        XLSX.read(decoded.text, { ...sheetJsOptions('string', limits), raw: markup === 'html' }),
      );
      return { type: '.xls', format: markup, ...firstSheetRows(workbook, fileName, limits), ...text };
    }
    if (markup === 'xml') throw wrongType(fileName, 'an XML file', declared);
    return { type: '.xls', ...readDelimited(decoded, fileName, limits) };
  }
  if (markup) throw wrongType(fileName, markup === 'xml' ? 'an XML file' : 'a web page', declared ?? '.csv');
  return { type: '.csv', ...readDelimited(decoded, fileName, limits) };
}

function readDelimited(decoded: DecodedText, fileName: string, limits: Limits): Omit<Table, 'type'> {
  const dialect = detectCsvDialect(decoded.text);
  if (dialect.maxFieldsInSample > limits.maxColumns) {
    throw new SpreadsheetError('TOO_MANY_COLUMNS', `${fileName} has more than ${limits.maxColumns} columns.`);
  }
  const rows = parseCsv(decoded.text, {
    delimiter: dialect.delimiter,
    start: dialect.start,
    maxColumns: limits.maxColumns,
    maxRows: limits.maxRows,
    fileName,
  });
  return {
    format: 'csv',
    rows: finishRows(rows, limits, fileName),
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter: dialect.delimiter,
    lineBreak: dialect.lineBreak,
  };
}

function sheetJsOptions(type: 'buffer' | 'string', limits: Limits): XLSX.ParsingOptions {
  return {
    type,
    dense: true,
    sheets: 0, // only the first sheet is parsed
    sheetRows: limits.maxRows + 1, // one more than allowed, to tell "exactly the limit" from "over"
    cellDates: false, // serial numbers, converted without time-zone arithmetic (parse-date.ts)
    cellNF: true, // number formats tell dates and zero-padded codes from plain numbers
    cellText: false, // formatted text is computed only where it is wanted
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    bookVBA: false,
    bookDeps: false,
    bookFiles: false,
    WTF: false,
  };
}

function parseWorkbook(fileName: string, parse: () => XLSX.WorkBook): XLSX.WorkBook {
  try {
    return parse();
  } catch (error) {
    if (error instanceof SpreadsheetError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/password|encrypt/i.test(message)) throw encrypted(fileName, error);
    throw new SpreadsheetError(
      'CORRUPT',
      `${fileName} is damaged or not a valid workbook; ask the sender to send it again.`,
      {
        cause: error,
      },
    );
  }
}

function firstSheetRows(
  workbook: XLSX.WorkBook,
  fileName: string,
  limits: Limits,
): Pick<Table, 'rows' | 'sheetName'> {
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheetName === undefined || !sheet)
    throw new SpreadsheetError('EMPTY', `${fileName} contains no sheet.`);

  const fullRange = sheet['!fullref'] as string | undefined;
  if (fullRange && XLSX.utils.decode_range(fullRange).e.r + 1 > limits.maxRows + 1) {
    throw new SpreadsheetError('TOO_MANY_ROWS', `${fileName} has more than ${limits.maxRows} rows.`);
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rows: string[][] = new Array(data.length);
  for (let r = 0; r < data.length; r++) {
    const source = data[r];
    if (!source) {
      rows[r] = [];
      continue;
    }
    let length = source.length;
    if (length > limits.maxColumns) {
      // Formatted but empty cells far to the right are harmless; a value there is not.
      for (let c = limits.maxColumns; c < length; c++) {
        if (cellText(source[c], date1904).trim() !== '') {
          throw new SpreadsheetError(
            'TOO_MANY_COLUMNS',
            `${fileName} has more than ${limits.maxColumns} columns.`,
          );
        }
      }
      length = limits.maxColumns;
    }
    const row = new Array<string>(length);
    for (let c = 0; c < length; c++) row[c] = cellText(source[c], date1904);
    rows[r] = row;
  }
  return { sheetName, rows: finishRows(rows, limits, fileName) };
}

type Markup = 'html' | 'xml2003' | 'xml';

/** Whether decoded text is a web page or an XML file rather than delimited text. */
function sniffMarkup(text: string): Markup | null {
  const head = text.slice(0, 4096).trimStart().toLowerCase();
  if (!head.startsWith('<')) return null;
  if (head.startsWith('<?xml')) {
    if (head.includes('urn:schemas-microsoft-com:office:spreadsheet')) return 'xml2003';
    return head.includes('<html') ? 'html' : 'xml';
  }
  return /^<(?:!doctype html|html|head|body|table|meta|style|!--)/.test(head) ? 'html' : null;
}

function describeZip(names: Set<string>): string {
  if ([...names].some((name) => name.startsWith('word/'))) return 'a Word document';
  if ([...names].some((name) => name.startsWith('ppt/'))) return 'a PowerPoint presentation';
  if (names.has('mimetype') && names.has('content.xml')) return 'an OpenDocument file';
  return 'a zip archive';
}

function describeOle(streams: Set<string>): string {
  if (streams.has('worddocument')) return 'a Word 97-2003 document';
  if (streams.has('powerpoint document')) return 'a PowerPoint 97-2003 presentation';
  if (streams.has('__properties_version1.0')) return 'an Outlook message';
  return 'an Office file';
}

function wrongType(fileName: string, actual: string, expected: SpreadsheetType): SpreadsheetError {
  const wanted = expected === '.csv' ? 'a CSV file' : `an Excel workbook (${expected})`;
  return new SpreadsheetError('WRONG_TYPE', `${fileName} is ${actual}, but ${wanted} was expected.`);
}

function encrypted(fileName: string, cause?: unknown): SpreadsheetError {
  return new SpreadsheetError(
    'ENCRYPTED',
    `${fileName} is password-protected; ask the sender for a copy without a password.`,
    cause === undefined ? undefined : { cause },
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
