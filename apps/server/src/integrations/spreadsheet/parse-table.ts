/**
 * parseTable: a spreadsheet's bytes → rows of text, in the calling thread. The server never calls it on
 * its event loop: readTable (read-table.ts) runs it in a child process with a heap and a time limit.
 * Tests and benchmarks call it directly.
 *
 * What is accepted, by content (the name only breaks ties for text):
 * - zip → an OOXML workbook (.xlsx; .xlsb content too). Other zips (Word, OpenDocument) are refused.
 * - OLE compound file → a BIFF workbook (.xls, Excel 5.0–2003), or an encrypted .xlsx package; both
 *   read when encrypted with Excel's default password (office-crypto.ts), ENCRYPTED otherwise.
 * - a bare BIFF stream → an Excel 2.x, 3.0 or 4.0 worksheet (.xls).
 * - text named/expected .csv (or .txt/.tsv, or an unknown extension) → delimited text, in the
 *   encoding its bytes, its declaration or the source's setting give (decode-text.ts).
 * - text named/expected .xls → what many systems send as ".xls": an HTML table, an "XML Spreadsheet
 *   2003" file, or tab/comma-separated text. Excel opens all three, so do we.
 * - Within the Excel family the exact extension is not enforced (an .xlsx file named .xls is read as
 *   what it is, and `type` says so); text is never accepted as .xlsx, and a workbook never as .csv.
 * - Everything else (PDF, images, archives, binary junk, an HTML page named .csv) is WRONG_TYPE.
 *
 * A workbook is read from its first sheet that holds a value: an empty first sheet (or a chart) is
 * passed over, and `notes` says which sheet was read.
 */
import * as XLSX from '@e965/xlsx';
import { withBiff2CellRecords } from './biff2-records';
import { loadCodePagesFor } from './code-pages';
import { type DecodedText, decodeText, type TextEncodingName } from './decode-text';
import { type CsvDelimiter, detectCsvDialect } from './detect-csv';
import { type SpreadsheetType, sniffContent, typeFromFileName } from './detect-type';
import { SpreadsheetError } from './errors';
import { cellText } from './excel-cells';
import { type Limits, resolveLimits } from './limits';
import { DEFAULT_PASSWORD, decryptBiffStream, decryptOoxmlPackage } from './office-crypto';
import { readFirstSheetWithData } from './ooxml-sheet';
import { parseCsv } from './parse-csv';
import { CellBudget, finishRows, isBlankRow } from './table-rows';
import { assertZipIsSafe, readZipDirectory } from './zip-directory';

/** How the content was actually stored. */
export type SpreadsheetFormat = 'csv' | 'xls' | 'xlsx' | 'xlsb' | 'html' | 'xml2003';

export interface ReadTableOptions {
  /** The attachment's name; its extension decides how text is read, and it names the file in errors. */
  fileName: string;
  /** The type the source is configured for; content of another kind is refused with WRONG_TYPE. */
  expectedType?: SpreadsheetType;
  /** The encoding the source pins for text files; unset: from the bytes (decode-text.ts). */
  encoding?: TextEncodingName;
  /** Default 10,485,760 (10 MiB). Checked before anything is parsed. */
  maxBytes?: number;
  /** Default 1,000. */
  maxColumns?: number;
  /** Default 1,000,000 (rows up to the last non-blank one). */
  maxRows?: number;
  /** Rows × columns of the padded result. Default 20,000,000. */
  maxCells?: number;
  /** Characters of cell text. Default 100,000,000. */
  maxTextChars?: number;
  /**
   * Read only the first this many rows of the file or sheet (blank rows count): a preview, such as a sample
   * for the mapping suggestions. The rest is not turned into rows, and maxRows does not apply to it.
   */
  firstRows?: number;
}

export interface Table {
  /** The product's file type: from the content for workbooks, from the expected type or name for text. */
  type: SpreadsheetType;
  format: SpreadsheetFormat;
  /**
   * From the first row of the file or sheet, every row as long as the widest (the last column holding
   * a value anywhere), blank rows kept as empty cells except at the end. Cells are text as shown:
   * see excel-cells.ts for workbooks; CSV cells are exactly as written, line breaks as '\n'.
   */
  rows: string[][];
  /** Workbooks, HTML and XML: the sheet that was read (the first that holds a value). */
  sheetName?: string;
  /** Text formats: the encoding the bytes were in, and whether they started with a byte-order mark. */
  encoding?: TextEncodingName;
  bom?: boolean;
  /** Delimited text: its delimiter and line break, so an output can be written in the same dialect. */
  delimiter?: CsvDelimiter;
  lineBreak?: '\r\n' | '\n' | '\r';
  /**
   * What the user should know about how the file was read, for the run to show: the encoding assumed
   * when the bytes said little, the sheet read when the first one was empty.
   */
  notes: string[];
}

export function parseTable(content: Buffer | Uint8Array, options: ReadTableOptions): Table {
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
    case 'biff': {
      if (declared === '.csv') throw wrongType(fileName, 'an Excel workbook (.xls)', declared);
      const stream = bareBiffStream(bytes);
      return {
        type: '.xls',
        format: 'xls',
        ...sheetJsTable((sheets) => sheetJsRead(stream, sheets, limits), fileName, limits),
      };
    }
    default:
      return readText(bytes, fileName, declared, limits, options.encoding);
  }
}

/**
 * SheetJS's workbook of a file, for callers that write the workbook back (templates) or rewrite it:
 * the same container checks and default-password handling as parseTable, then `XLSX.read` with the
 * caller's options. Refusals are SpreadsheetErrors.
 */
export function openWorkbook(content: Buffer, fileName: string, parsing: XLSX.ParsingOptions): XLSX.WorkBook {
  let bytes = content;
  let password: string | undefined;
  const sniffed = sniffContent(bytes);
  if (sniffed.kind === 'foreign') {
    throw new SpreadsheetError('WRONG_TYPE', `${fileName} is ${sniffed.what}, not a spreadsheet.`);
  }
  if (sniffed.kind === 'ole') {
    const plain = plainOleWorkbook(bytes, fileName);
    if (plain.kind === 'zip') bytes = plain.bytes;
    else {
      bytes = plain.bytes;
      password = plain.password;
    }
  }
  if (sniffed.kind === 'biff') bytes = bareBiffStream(bytes);
  if (sniffContent(bytes).kind === 'zip') assertZipIsSafe(bytes, readZipDirectory(bytes, fileName), fileName);
  return parseWorkbook(fileName, () =>
    XLSX.read(bytes, { ...parsing, type: 'buffer', ...(password ? { password } : {}) }),
  );
}

/** An Excel 2.x–4.0 worksheet as SheetJS reads it: code pages loaded, BIFF2's cells in BIFF2's records. */
function bareBiffStream(bytes: Buffer): Buffer {
  loadCodePagesFor(bytes);
  return withBiff2CellRecords(bytes);
}

function readZipWorkbook(bytes: Buffer, fileName: string, limits: Limits): Table {
  const entries = readZipDirectory(bytes, fileName);
  const names = new Set(entries.map((entry) => entry.name.replace(/^\/+/, '').toLowerCase()));
  let format: SpreadsheetFormat;
  if (names.has('xl/workbook.xml')) format = 'xlsx';
  else if (names.has('xl/workbook.bin')) format = 'xlsb';
  else
    throw new SpreadsheetError('WRONG_TYPE', `${fileName} is ${describeZip(names)}, not an Excel workbook.`);
  // The .xlsx reader inflates each part it reads with the same cap; SheetJS inflates everything.
  assertZipIsSafe(bytes, entries, fileName, { verify: format === 'xlsb' });
  if (format === 'xlsb') {
    return {
      type: '.xlsx',
      format,
      ...sheetJsTable((sheets) => sheetJsRead(bytes, sheets, limits), fileName, limits),
    };
  }
  const sheet = readFirstSheetWithData(
    bytes,
    entries,
    fileName,
    limits,
    () => new CellBudget(limits, fileName),
  );
  if (!sheet) throw new SpreadsheetError('EMPTY', `${fileName} contains no sheet.`);
  return {
    type: '.xlsx',
    format,
    sheetName: sheet.sheetName,
    rows: finishRows(sheet.rows, limits, fileName),
    notes: sheetNotes(sheet.sheetName, sheet.skipped),
  };
}

/** What the run says when the sheet read is not the first one. */
function sheetNotes(sheetName: string, skipped: readonly string[]): string[] {
  if (skipped.length === 0) return [];
  const before = skipped.map((name) => `"${name}"`).join(', ');
  return [
    `Read sheet "${sheetName}": ${skipped.length === 1 ? 'the sheet before it' : 'the sheets before it'} (${before}) ${skipped.length === 1 ? 'holds' : 'hold'} no data.`,
  ];
}

/** A SheetJS read of binary workbook bytes: only the sheets asked for (`undefined`: all). */
function sheetJsRead(
  bytes: Buffer,
  sheets: number | undefined,
  limits: Limits,
  password?: string,
): XLSX.WorkBook {
  return XLSX.read(bytes, { ...sheetJsOptions('buffer', limits, sheets), ...(password ? { password } : {}) });
}

/**
 * SheetJS's reading of a binary workbook's first sheet: in tests the reference that the .xlsx reader
 * (ooxml-sheet.ts) is compared with.
 */
export function sheetJsFirstSheet(
  bytes: Buffer,
  fileName: string,
  limits: Limits,
): Pick<Table, 'rows' | 'sheetName' | 'notes'> {
  return sheetJsTable((sheets) => sheetJsRead(bytes, sheets, limits), fileName, limits);
}

type PlainOle =
  | { kind: 'zip'; bytes: Buffer }
  | { kind: 'biff'; bytes: Buffer; password?: string | undefined };

/**
 * An OLE file's workbook, decrypted when Excel's default password opens it: the zip package of an
 * encrypted .xlsx, or the .xls (a decrypted Workbook stream is handed on bare, as SheetJS reads it).
 */
function plainOleWorkbook(bytes: Buffer, fileName: string): PlainOle {
  let container: { FullPaths: string[]; FileIndex: { content?: Uint8Array | number[] }[] };
  try {
    container = XLSX.CFB.read(bytes, { type: 'buffer' }) as unknown as typeof container;
  } catch (error) {
    throw new SpreadsheetError(
      'CORRUPT',
      `${fileName} is damaged or incomplete; ask the sender to send it again.`,
      {
        cause: error,
      },
    );
  }
  const stream = (name: string): Buffer | null => {
    const index = container.FullPaths.findIndex(
      (path) => (path.split('/').filter(Boolean).pop() ?? '').toLowerCase() === name,
    );
    const entry = index < 0 ? undefined : container.FileIndex[index];
    return entry?.content ? Buffer.from(entry.content as Uint8Array) : null;
  };
  const streamNames = new Set(
    container.FullPaths.map((path) => (path.split('/').filter(Boolean).pop() ?? '').toLowerCase()),
  );
  if (streamNames.has('encryptedpackage') || streamNames.has('encryptioninfo')) {
    const info = stream('encryptioninfo');
    const data = stream('encryptedpackage');
    const plain = info && data ? decryptOoxmlPackage(info, data, DEFAULT_PASSWORD) : null;
    if (!plain || sniffContent(plain).kind !== 'zip') throw encrypted(fileName);
    return { kind: 'zip', bytes: plain };
  }
  const workbook = stream('workbook') ?? stream('book');
  if (!workbook) {
    throw new SpreadsheetError(
      'WRONG_TYPE',
      `${fileName} is ${describeOle(streamNames)}, not an Excel workbook.`,
    );
  }
  // BIFF5 text is 8-bit in the workbook's code page (code-pages.ts).
  loadCodePagesFor(workbook);
  const encryption = decryptBiffStream(workbook, DEFAULT_PASSWORD);
  switch (encryption.kind) {
    case 'none':
      return { kind: 'biff', bytes };
    case 'xor':
      return { kind: 'biff', bytes, password: DEFAULT_PASSWORD };
    case 'decrypted':
      return { kind: 'biff', bytes: encryption.stream };
    default:
      throw encrypted(fileName);
  }
}

function readOleWorkbook(bytes: Buffer, fileName: string, limits: Limits): Table {
  const plain = plainOleWorkbook(bytes, fileName);
  if (plain.kind === 'zip') return readZipWorkbook(plain.bytes, fileName, limits);
  return {
    type: '.xls',
    format: 'xls',
    ...sheetJsTable((sheets) => sheetJsRead(plain.bytes, sheets, limits, plain.password), fileName, limits),
  };
}

function readText(
  bytes: Buffer,
  fileName: string,
  declared: SpreadsheetType | null,
  limits: Limits,
  pinned: TextEncodingName | undefined,
): Table {
  const decoded = withoutStrayNuls(decodeText(bytes, pinned), fileName);
  const markup = sniffMarkup(decoded.text);
  const text = { encoding: decoded.encoding, bom: decoded.bom };
  const encodingNotes = decoded.notes;
  if (declared === '.xlsx') {
    throw wrongType(fileName, markup ? 'a web page or XML file' : 'a text file', declared);
  }
  if (declared === '.xls') {
    if (markup === 'html' || markup === 'xml2003') {
      const table = sheetJsTable(
        (sheets) =>
          // HTML cells are text as written (raw), like CSV; XML Spreadsheet cells are typed like .xls.
          XLSX.read(decoded.text, { ...sheetJsOptions('string', limits, sheets), raw: markup === 'html' }),
        fileName,
        limits,
      );
      return { type: '.xls', format: markup, ...table, ...text, notes: [...encodingNotes, ...table.notes] };
    }
    if (markup === 'xml') throw wrongType(fileName, 'an XML file', declared);
    return { type: '.xls', ...readDelimited(decoded, fileName, limits) };
  }
  if (markup) throw wrongType(fileName, markup === 'xml' ? 'an XML file' : 'a web page', declared ?? '.csv');
  return { type: '.csv', ...readDelimited(decoded, fileName, limits) };
}

/** NUL characters a text file may hold and still be read (they are left out, with a note): a few stray bytes. */
const MAX_STRAY_NULS = 4;
const MAX_STRAY_NUL_SHARE = 0.001;
/** C0 control characters other than NUL, tab, line feed, form feed and carriage return: binary content. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const OTHER_CONTROLS = /[\x01-\x08\x0b\x0e-\x1f]/;

/**
 * Decoded text without its stray NUL characters. No text holds NUL, but an exporter's bug can leave one
 * in a CSV; a few (at most MAX_STRAY_NULS, or one in a thousand characters) in otherwise clean text are
 * left out and the run says so, with the line of the first. More of them, or NULs among other control
 * characters, make a binary file, refused.
 */
function withoutStrayNuls(decoded: DecodedText, fileName: string): DecodedText & { notes: string[] } {
  const notes = decoded.note ? [decoded.note] : [];
  const first = decoded.text.indexOf('\0');
  if (first < 0) return { ...decoded, notes };
  let count = 0;
  for (let i = first; i >= 0; i = decoded.text.indexOf('\0', i + 1)) count++;
  const few = count <= MAX_STRAY_NULS || count <= decoded.text.length * MAX_STRAY_NUL_SHARE;
  const what = count === 1 ? 'a NUL byte' : `${count.toLocaleString('en-US')} NUL bytes`;
  if (!few || OTHER_CONTROLS.test(decoded.text)) {
    const why = few ? `${what} among other control characters` : what;
    throw new SpreadsheetError(
      'WRONG_TYPE',
      `${fileName} is a binary file, not a spreadsheet (it holds ${why}).`,
    );
  }
  let line = 1;
  for (let i = decoded.text.indexOf('\n'); i >= 0 && i < first; i = decoded.text.indexOf('\n', i + 1)) line++;
  notes.push(
    `${fileName} held ${what} (a control character no text uses), first on line ${line}; ${count === 1 ? 'it was' : 'they were'} left out.`,
  );
  return { ...decoded, text: decoded.text.replaceAll('\0', ''), notes };
}

function readDelimited(
  decoded: DecodedText & { notes: string[] },
  fileName: string,
  limits: Limits,
): Omit<Table, 'type'> {
  const dialect = detectCsvDialect(decoded.text);
  if (dialect.maxFieldsInSample > limits.maxColumns) {
    throw new SpreadsheetError('TOO_MANY_COLUMNS', `${fileName} has more than ${limits.maxColumns} columns.`);
  }
  const rows = parseCsv(decoded.text, {
    delimiter: dialect.delimiter,
    start: dialect.start,
    maxColumns: limits.maxColumns,
    maxRows: limits.maxRows,
    firstRows: limits.firstRows,
    fileName,
  });
  return {
    format: 'csv',
    rows: finishRows(rows, limits, fileName),
    encoding: decoded.encoding,
    bom: decoded.bom,
    delimiter: dialect.delimiter,
    lineBreak: dialect.lineBreak,
    notes: decoded.notes,
  };
}

/** `sheets`: the one sheet to parse (the first, unless it is empty), or undefined for all of them. */
function sheetJsOptions(
  type: 'buffer' | 'string',
  limits: Limits,
  sheets: number | undefined,
): XLSX.ParsingOptions {
  return {
    type,
    dense: true,
    ...(sheets === undefined ? {} : { sheets }),
    // One more than allowed, to tell "exactly the limit" from "over"; a preview takes only its rows.
    sheetRows: limits.firstRows ?? limits.maxRows + 1,
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

/**
 * The first sheet that holds a value, from a SheetJS parse of `read(0)` (the first sheet only); when
 * that one is empty and there are more, the whole workbook is parsed (`read(undefined)`) and searched.
 */
function sheetJsTable(
  read: (sheets: number | undefined) => XLSX.WorkBook,
  fileName: string,
  limits: Limits,
): Pick<Table, 'rows' | 'sheetName' | 'notes'> {
  let workbook = parseWorkbook(fileName, () => read(0));
  const firstName = workbook.SheetNames[0];
  if (firstName === undefined) throw new SpreadsheetError('EMPTY', `${fileName} contains no sheet.`);
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const first = sheetRows(workbook.Sheets[firstName], date1904, fileName, limits);
  if (first.some((row) => !isBlankRow(row)) || workbook.SheetNames.length === 1) {
    return { sheetName: firstName, rows: finishRows(first, limits, fileName), notes: [] };
  }
  workbook = parseWorkbook(fileName, () => read(undefined));
  const skipped = [firstName];
  for (const sheetName of workbook.SheetNames.slice(1)) {
    const rows = sheetRows(workbook.Sheets[sheetName], date1904, fileName, limits);
    if (rows.some((row) => !isBlankRow(row))) {
      return { sheetName, rows: finishRows(rows, limits, fileName), notes: sheetNotes(sheetName, skipped) };
    }
    skipped.push(sheetName);
  }
  return { sheetName: firstName, rows: finishRows(first, limits, fileName), notes: [] };
}

/** One SheetJS sheet's cells as text rows (not yet finished: see finishRows). */
function sheetRows(
  sheet: XLSX.WorkSheet | undefined,
  date1904: boolean,
  fileName: string,
  limits: Limits,
): string[][] {
  const budget = new CellBudget(limits, fileName);
  const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
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
    for (let c = 0; c < length; c++) {
      const text = cellText(source[c], date1904);
      if (text !== '') budget.add(text);
      row[c] = text;
    }
    rows[r] = row;
  }
  return rows;
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
