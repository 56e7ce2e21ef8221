/**
 * The first sheet with data of an .xlsx workbook as rows of text, read straight from the sheet's XML bytes.
 *
 * Why not SheetJS here: it decodes the whole sheet XML into one JavaScript string, then builds a cell
 * object per cell before we turn each into text; a 100,000-row file peaked at ~575 MB and took ~5 s of
 * CPU. This reader inflates the parts it needs (each capped at the size it declares, so a lying entry
 * is a ZIP_BOMB), walks the sheet bytes once and keeps only the text of each cell, so the rows
 * themselves are most of its memory. Cell text follows the same contract as every other workbook
 * (excel-cells.ts): the cells' numbers go through the same number-format rules, and a differential
 * test reads every .xlsx fixture both ways.
 *
 * What it reads: the sheets of workbook.xml in order, through their relationships (the first one that
 * holds a value; chart sheets and empty sheets are passed over and the table says so), shared strings
 * (rich-text runs joined, phonetic runs left out), inline strings, formula results (the cached value),
 * booleans, errors, numbers with their cell style's number format (built-in or custom), ISO dates and
 * durations (t="d"), the 1904 date system, element prefixes (x:c) and Strict OOXML's namespaces, XML
 * entities and Excel's _xHHHH_ escapes, line breaks as '\n'. Cells are placed by their references: rows
 * and cells may come in any order, and a row element repeated for the same row (one per cell, as some
 * generators write) adds to that row. Rows and cells without an r attribute follow the one before.
 */
import { inflateRawSync, constants as zlibConstants } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { SpreadsheetError } from './errors';
import { isoCellText, numberCellText } from './excel-cells';
import type { Limits } from './limits';
import { type CellBudget, isBlankRow, normaliseLineBreaks } from './table-rows';
import type { ZipEntry } from './zip-directory';

export interface SheetRows {
  sheetName: string;
  rows: string[][];
  /** Sheets before it that were passed over because they hold no value (empty, or a chart). */
  skipped: string[];
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const EQUALS = 0x3d;
const COLON = 0x3a;
const AMPERSAND = 0x26;
/** The values of a cell's `t` attribute (ECMA-376 ST_CellType), recognised without making a string. */
const CELL_TYPES = ['s', 'n', 'str', 'b', 'inlineStr', 'e', 'd'] as const;
/** The cell attributes scanCellAttributes keeps, by their one-letter local names: r, s, t. */
const CELL_ATTRIBUTES = [0x72, 0x73, 0x74];
const CELL_REFERENCE = 0;
const CELL_STYLE = 1;
const CELL_TYPE = 2;

/** Where a relationship's target lives: relative to the folder of the part that names it. */
function resolvePart(base: string, target: string): string {
  const parts = target.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

class Parts {
  private readonly byName: Map<string, ZipEntry>;

  constructor(
    private readonly zip: Buffer,
    entries: readonly ZipEntry[],
    private readonly fileName: string,
  ) {
    this.byName = new Map(entries.map((entry) => [entry.name.replace(/^\/+/, '').toLowerCase(), entry]));
  }

  /** The part's bytes, or null when the workbook has no such part. */
  bytes(name: string): Buffer | null {
    const entry = this.byName.get(name.toLowerCase());
    if (!entry) return null;
    const data = this.zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    if (entry.method === 0) return data;
    try {
      // One output chunk of the declared size (already accepted by the zip-bomb checks), one byte more so
      // that an exact fit asks for no second chunk: the default 16 KB chunks are joined at the end, a copy
      // of the whole part (32 MB for a 100,000-row sheet).
      return inflateRawSync(data, {
        maxOutputLength: Math.max(entry.uncompressedSize, 1),
        chunkSize: Math.max(entry.uncompressedSize + 1, zlibConstants.Z_MIN_CHUNK),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new SpreadsheetError(
          'ZIP_BOMB',
          `${this.fileName} was refused: ${entry.name} inflates to more than the ${entry.uncompressedSize} bytes it declares. It looks like a zip bomb, not a workbook.`,
        );
      }
      throw new SpreadsheetError(
        'CORRUPT',
        `${this.fileName} is damaged (${entry.name} cannot be unpacked).`,
        {
          cause: error,
        },
      );
    }
  }

  text(name: string): string | null {
    return this.bytes(name)?.toString('utf8') ?? null;
  }

  /**
   * The targets of a part's relationships, by id (with their type: the last segment of the type URI,
   * 'worksheet', 'chartsheet', ...) and by type (the first of each).
   */
  relationships(part: string): {
    byId: Map<string, { target: string; type: string }>;
    byType: Map<string, string>;
  } {
    const slash = part.lastIndexOf('/');
    const relsName = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
    const byId = new Map<string, { target: string; type: string }>();
    const byType = new Map<string, string>();
    for (const tag of (this.text(relsName) ?? '').matchAll(/<(?:[\w.-]+:)?Relationship\s[^>]*>/g)) {
      const attributes = tagAttributes(tag[0]);
      const target = attributes.get('Target');
      if (!target || attributes.get('TargetMode') === 'External') continue;
      const resolved = resolvePart(part, target);
      const type = attributes.get('Type')?.split('/').pop() ?? '';
      const id = attributes.get('Id');
      if (id) byId.set(id, { target: resolved, type });
      if (type && !byType.has(type)) byType.set(type, resolved);
    }
    return { byId, byType };
  }
}

/** Attributes of one start tag given as text, by local name (r:id → id), entities decoded. */
function tagAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, , value] of tag.matchAll(/([\w.:-]+)\s*=\s*(["'])(.*?)\2/g)) {
    attributes.set(name!.slice(name!.indexOf(':') + 1), decodeEntities(value!));
  }
  return attributes;
}

/**
 * The number format of each cell style (cellXfs, by index): custom formats from numFmts, built-in ones
 * from SheetJS's table of Excel's numbered formats.
 */
function cellStyleFormats(styles: string | null): string[] {
  if (!styles) return [];
  const custom = new Map<number, string>();
  for (const tag of styles.matchAll(/<(?:[\w.-]+:)?numFmt\s[^>]*>/g)) {
    const attributes = tagAttributes(tag[0]);
    const id = Number(attributes.get('numFmtId'));
    const code = attributes.get('formatCode');
    if (Number.isInteger(id) && code !== undefined) custom.set(id, code);
  }
  const builtIn = XLSX.SSF.get_table() as Record<number, string>;
  const cellXfs = /<(?:[\w.-]+:)?cellXfs[\s>][\s\S]*?<\/(?:[\w.-]+:)?cellXfs>/.exec(styles)?.[0] ?? '';
  const formats: string[] = [];
  for (const tag of cellXfs.matchAll(/<(?:[\w.-]+:)?xf[\s/>][^>]*>/g)) {
    const id = Number(tagAttributes(tag[0]).get('numFmtId') ?? 0);
    formats.push(custom.get(id) ?? builtIn[id] ?? 'General');
  }
  return formats;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[\da-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return safeCodePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), whole);
    return NAMED_ENTITIES[name] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/**
 * Excel writes characters XML cannot hold (a carriage return, control characters) as _xHHHH_; line
 * breaks, escaped or written as CR LF, become '\n' (`_x000D_` + LF, as Excel writes a CR LF, is one).
 */
function cellString(text: string): string {
  const unescaped = text.includes('_x')
    ? text.replace(/_x([\da-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
  return normaliseLineBreaks(unescaped);
}

/**
 * A forward-only walk over XML bytes: start tags, end tags and the text between them. Comments,
 * processing instructions and declarations are skipped; CDATA is text.
 */
class XmlWalker {
  pos = 0;
  /** Of the tag just read: where its local name starts and ends, where it ends ('>'). */
  nameStart = 0;
  nameEnd = 0;
  tagEnd = 0;
  isEnd = false;
  selfClosing = false;
  /** Of the attribute or digits just found: where its bytes start and end. */
  valueStart = 0;
  valueEnd = 0;
  /** Of the attribute just read: where its local name starts and ends. */
  private localStart = 0;
  private localEnd = 0;
  /** Of the <c> tag scanCellAttributes read: start and end of its r, s and t values (-1: absent). */
  private readonly cellSpans = new Int32Array(6);

  constructor(
    readonly xml: Buffer,
    private readonly fileName: string,
  ) {}

  /** Moves to the next start or end tag; returns false at the end of the document. */
  next(): boolean {
    const xml = this.xml;
    for (;;) {
      const lt = xml.indexOf(LT, this.pos);
      if (lt < 0) return false;
      const first = xml[lt + 1];
      if (first === 0x21 /* ! */ || first === 0x3f /* ? */) {
        this.pos = this.skipMarkup(lt);
        continue;
      }
      const gt = xml.indexOf(GT, lt);
      if (gt < 0) throw this.corrupt();
      this.isEnd = first === SLASH;
      let start = this.isEnd ? lt + 2 : lt + 1;
      let end = start;
      while (end < gt && !isNameEnd(xml[end]!)) {
        if (xml[end] === COLON) start = end + 1;
        end++;
      }
      this.nameStart = start;
      this.nameEnd = end;
      this.tagEnd = gt;
      this.selfClosing = !this.isEnd && xml[gt - 1] === SLASH;
      this.pos = gt + 1;
      return true;
    }
  }

  /** Whether the current tag's local name is `name` (ASCII). */
  is(name: string): boolean {
    return this.bytesAre(this.nameStart, this.nameEnd, name);
  }

  /**
   * Finds an attribute of the current start tag by local name: true, with its raw value's bytes at
   * [valueStart, valueEnd), or false when absent.
   */
  private findAttribute(name: string): boolean {
    for (let p = this.nextAttribute(this.nameEnd); p >= 0; p = this.nextAttribute(p)) {
      if (this.bytesAre(this.localStart, this.localEnd, name)) return true;
    }
    return false;
  }

  /** Whether the bytes at [start, end) are the ASCII text `text`. */
  private bytesAre(start: number, end: number, text: string): boolean {
    if (end - start !== text.length) return false;
    for (let i = 0; i < text.length; i++) if (this.xml[start + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /** The value just found as `Number(attribute text)`, without making a string when it is plain digits. */
  private valueAsNumber(): number {
    const digits = digitsValue(this.xml, this.valueStart, this.valueEnd);
    return digits >= 0
      ? digits
      : Number(decodeEntities(this.xml.toString('utf8', this.valueStart, this.valueEnd)));
  }

  /**
   * Reads the attribute of the current start tag that follows byte p: its local name at [localStart,
   * localEnd), its raw value at [valueStart, valueEnd). Returns where the next one may start, or -1 when
   * there is none (or the rest of the tag is no attribute).
   */
  private nextAttribute(from: number): number {
    const xml = this.xml;
    const end = this.tagEnd;
    let p = from;
    while (p < end && isNameEnd(xml[p]!)) p++;
    if (p >= end) return -1;
    let localStart = p;
    while (p < end && xml[p] !== EQUALS && !isNameEnd(xml[p]!)) {
      if (xml[p] === COLON) localStart = p + 1;
      p++;
    }
    const localEnd = p;
    while (p < end && xml[p] !== EQUALS) p++;
    p++;
    while (p < end && xml[p] !== QUOTE && xml[p] !== APOSTROPHE) p++;
    const quote = xml[p];
    const valueStart = p + 1;
    const valueEnd = xml.indexOf(quote!, valueStart);
    if (valueEnd < 0 || valueEnd > end) return -1;
    this.localStart = localStart;
    this.localEnd = localEnd;
    this.valueStart = valueStart;
    this.valueEnd = valueEnd;
    return valueEnd + 1;
  }

  /**
   * Reads a <c> tag's attributes in one pass and keeps where its r, s and t values are (the first of each,
   * as findAttribute would find them), for referencedColumn, cellStyle and cellType.
   */
  scanCellAttributes(): void {
    const spans = this.cellSpans;
    spans.fill(-1);
    for (let p = this.nextAttribute(this.nameEnd); p >= 0; p = this.nextAttribute(p)) {
      if (this.localEnd - this.localStart !== 1) continue;
      const which = CELL_ATTRIBUTES.indexOf(this.xml[this.localStart]!);
      if (which >= 0 && spans[which * 2]! < 0) {
        spans[which * 2] = this.valueStart;
        spans[which * 2 + 1] = this.valueEnd;
      }
    }
  }

  /** Points valueStart/valueEnd at a value scanCellAttributes found; false when the cell has none. */
  private cellValueOf(which: number): boolean {
    const start = this.cellSpans[which * 2]!;
    if (start < 0) return false;
    this.valueStart = start;
    this.valueEnd = this.cellSpans[which * 2 + 1]!;
    return true;
  }

  /** The cell's style index (`s`), 0 when absent, as `Number(attribute('s') ?? 0)`. */
  cellStyle(): number {
    return this.cellValueOf(CELL_STYLE) ? this.valueAsNumber() : 0;
  }

  /** The value of an attribute of the current start tag, by local name; null when absent. */
  attribute(name: string): string | null {
    if (!this.findAttribute(name)) return null;
    return decodeEntities(this.xml.toString('utf8', this.valueStart, this.valueEnd));
  }

  /**
   * `Number(attribute(name) ?? absent)`, without making a string when the value is plain digits (a row
   * number, a style index: every cell has them).
   */
  numberAttribute(name: string, absent: number): number {
    return this.findAttribute(name) ? this.valueAsNumber() : absent;
  }

  /** A cell's type attribute (`t`), 'n' when absent; the usual ones without making a string. */
  cellType(): string {
    if (!this.cellValueOf(CELL_TYPE)) return 'n';
    for (const type of CELL_TYPES) if (this.bytesAre(this.valueStart, this.valueEnd, type)) return type;
    return decodeEntities(this.xml.toString('utf8', this.valueStart, this.valueEnd));
  }

  /**
   * The 0-based column of a cell's reference attribute (`r`: its letters, "AB12" → 27); -1 when it is
   * absent or starts with no letter.
   */
  referencedColumn(): number {
    if (!this.cellValueOf(CELL_REFERENCE)) return -1;
    const xml = this.xml;
    let column = 0;
    let i = this.valueStart;
    for (; i < this.valueEnd; i++) {
      const code = xml[i]!;
      if (code === AMPERSAND)
        return columnOf(decodeEntities(xml.toString('utf8', this.valueStart, this.valueEnd)));
      const lower = code | 0x20;
      if (lower < 0x61 || lower > 0x7a) break;
      column = column * 26 + (lower - 0x60);
    }
    return i === this.valueStart ? -1 : column - 1;
  }

  /**
   * When the element just opened holds only digits up to its end tag (a shared string's index, a whole
   * number, a date's serial), moves past that end tag and returns true, the digits at
   * [valueStart, valueEnd); otherwise returns false and moves nothing, for textContent to read it.
   */
  digitsContent(): boolean {
    if (this.selfClosing) return false;
    const xml = this.xml;
    let p = this.pos;
    while (p < xml.length && xml[p]! >= 0x30 && xml[p]! <= 0x39) p++;
    if (p === this.pos || p - this.pos > 15 || xml[p] !== LT || xml[p + 1] !== SLASH) return false;
    this.valueStart = this.pos;
    this.valueEnd = p;
    this.pos = p;
    if (!this.next()) throw this.corrupt();
    return true;
  }

  /**
   * The text content up to the end tag of the element just opened (entities decoded, CDATA kept),
   * leaving the walker after that end tag. Child elements' text is included.
   */
  textContent(): string {
    if (this.selfClosing) return '';
    const xml = this.xml;
    let text = '';
    let depth = 1;
    for (;;) {
      const lt = xml.indexOf(LT, this.pos);
      if (lt < 0) throw this.corrupt();
      // An XML parser's line-end handling (XML 1.0 §2.11): a literal CR LF or CR is LF before entities
      // are decoded, so that Excel's `_x000D_` before a literal CR LF is one line break, not two; a CR
      // written as `&#13;` or `_x000D_` is a character of the text (cellString turns it into '\n').
      if (lt > this.pos) text += decodeEntities(normaliseLineBreaks(xml.toString('utf8', this.pos, lt)));
      if (xml[lt + 1] === 0x21 && xml.toString('latin1', lt, lt + 9) === '<![CDATA[') {
        const close = xml.indexOf(']]>', lt + 9);
        if (close < 0) throw this.corrupt();
        text += normaliseLineBreaks(xml.toString('utf8', lt + 9, close));
        this.pos = close + 3;
        continue;
      }
      this.pos = lt;
      if (!this.next()) throw this.corrupt();
      if (this.isEnd) {
        if (--depth === 0) return text;
      } else if (!this.selfClosing) depth++;
    }
  }

  private skipMarkup(lt: number): number {
    const xml = this.xml;
    const opening = xml.toString('latin1', lt, lt + 9);
    const closer = opening.startsWith('<!--')
      ? '-->'
      : opening === '<![CDATA['
        ? ']]>'
        : opening.startsWith('<?')
          ? '?>'
          : '>';
    const close = xml.indexOf(closer, lt + 2);
    if (close < 0) throw this.corrupt();
    return close + closer.length;
  }

  corrupt(): SpreadsheetError {
    return new SpreadsheetError(
      'CORRUPT',
      `${this.fileName} is damaged or not a valid workbook; ask the sender to send it again.`,
    );
  }
}

/** The value of the digits at [start, end) (at most 15: exact as a double), or -1 if another byte is there. */
function digitsValue(xml: Buffer, start: number, end: number): number {
  if (start === end || end - start > 15) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = xml[i]! - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function isNameEnd(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === SLASH || byte === GT;
}

/** Shared strings in order: each <si>'s text, rich-text runs joined, phonetic guides (<rPh>) left out. */
function sharedStrings(xml: Buffer | null, fileName: string): string[] {
  const strings: string[] = [];
  if (!xml) return strings;
  const walker = new XmlWalker(xml, fileName);
  let current: string | null = null;
  while (walker.next()) {
    if (walker.isEnd) {
      if (current !== null && walker.is('si')) {
        strings.push(cellString(current));
        current = null;
      }
      continue;
    }
    if (walker.is('si')) {
      current = '';
      if (walker.selfClosing) {
        strings.push('');
        current = null;
      }
    } else if (walker.is('rPh')) {
      walker.textContent();
    } else if (walker.is('t') && current !== null) {
      current += walker.textContent();
    }
  }
  return strings;
}

/** 'AB12' → column 27 (0-based); the row part is read separately. -1 when the reference has no letters. */
function columnOf(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i) | 0x20; // lower case
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  return i === 0 ? -1 : column - 1;
}

/**
 * The rows of the workbook's first sheet that holds a value, or of its first sheet when none does (the
 * caller then says the file is empty); null when the workbook has no sheet at all.
 */
export function readFirstSheetWithData(
  zip: Buffer,
  entries: readonly ZipEntry[],
  fileName: string,
  limits: Limits,
  budget: () => CellBudget,
): SheetRows | null {
  const parts = new Parts(zip, entries, fileName);
  const root = parts.relationships('').byType.get('officeDocument') ?? 'xl/workbook.xml';
  const workbook = parts.text(root);
  if (workbook === null) throw new SpreadsheetError('CORRUPT', `${fileName} has no workbook part.`);
  const sheets = [...workbook.matchAll(/<(?:[\w.-]+:)?sheet\s[^>]*>/g)].map((tag) => tagAttributes(tag[0]));
  if (sheets.length === 0) return null;

  const workbookProperties = /<(?:[\w.-]+:)?workbookPr\s[^>]*>/.exec(workbook)?.[0];
  const date1904Flag = workbookProperties ? tagAttributes(workbookProperties).get('date1904') : undefined;
  const date1904 = date1904Flag === '1' || date1904Flag === 'true';
  const workbookRelationships = parts.relationships(root);
  const sharedStringsPart = workbookRelationships.byType.get('sharedStrings');
  const stylesPart = workbookRelationships.byType.get('styles');
  let context: SheetContext | null = null;

  let first: SheetRows | null = null;
  const skipped: string[] = [];
  for (const [index, sheet] of sheets.entries()) {
    const sheetName = sheet.get('name') ?? `Sheet${index + 1}`;
    // Without its relationship (some generators leave the .rels out), a sheet is where Excel puts it.
    const relationship = workbookRelationships.byId.get(sheet.get('id') ?? '') ?? {
      target: `xl/worksheets/sheet${index + 1}.xml`,
      type: 'worksheet',
    };
    const sheetXml = parts.bytes(relationship.target);
    if (!sheetXml) {
      if (first === null) throw new SpreadsheetError('CORRUPT', `${fileName} is missing its first sheet.`);
      skipped.push(sheetName);
      continue;
    }
    // Chart sheets, dialog sheets and macro sheets hold no cells to read.
    let rows: string[][] = [];
    if (relationship.type === 'worksheet') {
      context ??= {
        strings: sharedStrings(sharedStringsPart ? parts.bytes(sharedStringsPart) : null, fileName),
        formats: cellStyleFormats(stylesPart ? parts.text(stylesPart) : null),
        date1904,
        limits,
        fileName,
        budget: budget(),
        wholeNumberTexts: [],
      };
      rows = sheetRows(sheetXml, context);
    }
    if (rows.some((row) => !isBlankRow(row))) return { sheetName, rows, skipped };
    first ??= { sheetName, rows, skipped: [] };
    skipped.push(sheetName);
    // The next sheet's cells are counted afresh: only one sheet is returned.
    if (context) context.budget = budget();
  }
  return first;
}

interface SheetContext {
  strings: string[];
  formats: string[];
  date1904: boolean;
  limits: Limits;
  fileName: string;
  budget: CellBudget;
  /** Texts of whole-number cells by style, then by number: a column of dates or quantities repeats them. */
  wholeNumberTexts: Array<Map<number, string> | undefined>;
}

/** Whole numbers per style whose texts are kept (a column of unique numbers would only fill the cache). */
const WHOLE_NUMBER_TEXTS_PER_STYLE = 4096;

/** numberCellText of a whole-number cell, from the cache when the same number came with the same style. */
function wholeNumberText(value: number, style: number, context: SheetContext): string {
  let texts = context.wholeNumberTexts[style];
  if (texts === undefined) {
    texts = new Map();
    context.wholeNumberTexts[style] = texts;
  }
  let text = texts.get(value);
  if (text === undefined) {
    text = numberCellText(value, context.formats[style] ?? 'General', context.date1904);
    if (texts.size < WHOLE_NUMBER_TEXTS_PER_STYLE) texts.set(value, text);
  }
  return text;
}

function sheetRows(xml: Buffer, context: SheetContext): string[][] {
  const { limits, fileName, budget } = context;
  const walker = new XmlWalker(xml, fileName);
  const rows: string[][] = [];
  // Rows past maxRows + 1 are read only to see whether they hold a value (then the file is too long).
  const lastKeptRow = limits.maxRows;
  let inSheetData = false;
  let row: string[] | null = null;
  let rowIndex = -1;
  let column = -1;

  while (walker.next()) {
    if (!inSheetData) {
      if (walker.is('sheetData') && !walker.isEnd) {
        if (walker.selfClosing) break;
        inSheetData = true;
      }
      continue;
    }
    if (walker.isEnd) {
      if (walker.is('sheetData')) {
        inSheetData = false;
        break;
      }
      if (walker.is('row')) row = null;
      continue;
    }
    if (walker.is('row')) {
      const r = walker.numberAttribute('r', 0);
      rowIndex = Number.isInteger(r) && r > 0 ? r - 1 : rowIndex + 1;
      // A preview stops at its last row: the rest of the sheet is not walked.
      if (limits.firstRows !== null && rowIndex >= limits.firstRows) {
        inSheetData = false;
        break;
      }
      column = -1;
      // A row element repeated for the same row adds its cells to the cells already read.
      if (rowIndex > lastKeptRow) row = [];
      else {
        row = rows[rowIndex] ?? [];
        rows[rowIndex] = row;
      }
      if (walker.selfClosing) row = null;
    } else if (walker.is('c') && row) {
      walker.scanCellAttributes();
      const referenced = walker.referencedColumn();
      column = referenced >= 0 ? referenced : column + 1;
      const type = walker.cellType();
      const style = walker.cellStyle();
      const text = walker.selfClosing ? '' : cellContent(walker, type, style, context);
      if (text === '') continue;
      if (column >= limits.maxColumns || rowIndex > lastKeptRow) {
        if (text.trim() === '') continue;
        throw new SpreadsheetError(
          column >= limits.maxColumns ? 'TOO_MANY_COLUMNS' : 'TOO_MANY_ROWS',
          column >= limits.maxColumns
            ? `${fileName} has more than ${limits.maxColumns} columns.`
            : `${fileName} has more than ${limits.maxRows} rows.`,
        );
      }
      budget.add(text);
      while (row.length < column) row.push('');
      row[column] = text;
    }
  }
  // A sheet cut off inside its data (a truncated part) never closes it.
  if (inSheetData) throw walker.corrupt();
  for (let r = 0; r < rows.length; r++) if (!rows[r]) rows[r] = [];
  return rows;
}

/** Reads a cell's children (value, inline string, formula) up to </c>; returns its text. */
function cellContent(walker: XmlWalker, type: string, style: number, context: SheetContext): string {
  let value: string | null = null;
  // The value's number when its text is digits only: a shared string's index or a whole number needs no string.
  let digits = -1;
  let depth = 1;
  while (walker.next()) {
    if (walker.isEnd) {
      if (--depth === 0) break;
      continue;
    }
    if (walker.is('v')) {
      if (walker.digitsContent()) {
        digits = digitsValue(walker.xml, walker.valueStart, walker.valueEnd);
        value =
          type === 's' || type === 'n'
            ? null
            : walker.xml.toString('latin1', walker.valueStart, walker.valueEnd);
      } else {
        digits = -1;
        value = walker.textContent();
      }
    } else if (walker.is('is')) {
      digits = -1;
      value = inlineString(walker);
    } else if (walker.selfClosing) continue;
    else if (walker.is('f')) walker.textContent();
    else depth++;
  }
  if (digits >= 0 && value === null) {
    if (type === 's') return context.strings[digits] ?? '';
    return wholeNumberText(digits, style, context);
  }
  if (value === null) return '';
  switch (type) {
    case 's': {
      // An empty <v> is no index (Number('') would be 0, the first string).
      const index = value.trim() === '' ? Number.NaN : Number(value);
      return context.strings[index] ?? '';
    }
    case 'inlineStr':
    case 'str':
      return cellString(value);
    case 'b':
      return value === '1' || value === 'true' ? 'TRUE' : 'FALSE';
    case 'e':
      return value;
    case 'd':
      return isoCellText(value, context.formats[style] ?? 'General', context.date1904);
    default: {
      if (value.trim() === '') return '';
      const number = Number(value);
      if (Number.isNaN(number)) return value;
      return numberCellText(number, context.formats[style] ?? 'General', context.date1904);
    }
  }
}

/** An inline string's text (<is><t>…</t><r><t>…</t></r></is>), phonetic guides left out. */
function inlineString(walker: XmlWalker): string {
  if (walker.selfClosing) return '';
  let text = '';
  let depth = 1;
  while (walker.next()) {
    if (walker.isEnd) {
      if (--depth === 0) break;
      continue;
    }
    if (walker.is('t')) text += walker.textContent();
    else if (walker.is('rPh')) walker.textContent();
    else if (!walker.selfClosing) depth++;
  }
  return text;
}
