/**
 * A one-sheet .xlsx workbook written row batch by row batch (docs/decisions/0017-order-export.md): the
 * sheet's XML goes straight into a streamed ZIP entry, strings are inline (no shared-string table to hold),
 * so memory stays flat whatever the row count.
 *
 * Cells: text is an inline string with the Text number format (@), so codes keep their leading zeros in
 * Excel even after an edit; dates (YYYY-MM-DD) are date serials formatted yyyy-mm-dd; numbers are numbers;
 * null is an empty cell.
 */
import { OutputSink, ZipStreamWriter } from './zip-stream-writer';

export type XlsxCellKind = 'text' | 'date' | 'number';
export type XlsxValue = string | number | null;

/** Excel's last row; the writer refuses more rather than write a sheet Excel cannot open. */
export const XLSX_MAX_ROWS = 1_048_576;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
// Cell styles: 0 general, 1 date, 2 bold header, 3 text (@).
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

// biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry them, so they are found and dropped
const SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above
const SPECIAL_ALL = /[&<>\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** XML text; characters XML 1.0 cannot carry at all (control characters) are dropped. */
function escapeXml(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (char) => ENTITIES[char] ?? '') : text;
}

function textCell(text: string, style: number): string {
  const space = text.length > 0 && (text[0] === ' ' || text[text.length - 1] === ' ' || text.includes('\n'));
  return `<c s="${style}" t="inlineStr"><is><t${space ? ' xml:space="preserve"' : ''}>${escapeXml(text)}</t></is></c>`;
}

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, its 1900 leap-year quirk included) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;

/** A YYYY-MM-DD date as Excel's day number. */
export function excelDateSerial(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS + EPOCH_SERIAL;
}

function cell(value: XlsxValue, kind: XlsxCellKind): string {
  if (value === null || value === '') return '<c/>';
  if (kind === 'number' && typeof value === 'number' && Number.isFinite(value))
    return `<c><v>${value}</v></c>`;
  if (kind === 'date') {
    const serial = excelDateSerial(String(value));
    if (serial !== null) return `<c s="1"><v>${serial}</v></c>`;
  }
  return textCell(String(value), 3);
}

export class XlsxStreamWriter {
  private readonly zip: ZipStreamWriter;
  private rows = 0;

  constructor(
    sink: OutputSink,
    private readonly kinds: readonly XlsxCellKind[],
    private readonly sheetName = 'Sheet1',
  ) {
    this.zip = new ZipStreamWriter(sink);
  }

  /** The package parts, then the sheet's start and its bold header row (frozen at the top). */
  async start(headers: readonly string[]): Promise<void> {
    await this.zip.addFile('[Content_Types].xml', CONTENT_TYPES);
    await this.zip.addFile('_rels/.rels', ROOT_RELS);
    await this.zip.addFile(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(this.sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    );
    await this.zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await this.zip.addFile('xl/styles.xml', STYLES);
    this.zip.openEntry('xl/worksheets/sheet1.xml');
    const header = headers.map((text) => textCell(text, 2)).join('');
    await this.zip.write(
      Buffer.from(
        `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData><row>${header}</row>`,
      ),
    );
    this.rows = 1;
  }

  async addRows(rows: readonly (readonly XlsxValue[])[]): Promise<void> {
    if (this.rows + rows.length > XLSX_MAX_ROWS)
      throw new Error(`An .xlsx sheet holds at most ${XLSX_MAX_ROWS} rows`);
    const kinds = this.kinds;
    let xml = '';
    for (const row of rows) {
      xml += '<row>';
      for (let index = 0; index < kinds.length; index++) xml += cell(row[index] ?? null, kinds[index]!);
      xml += '</row>';
    }
    this.rows += rows.length;
    await this.zip.write(Buffer.from(xml));
  }

  async finish(): Promise<void> {
    await this.zip.write(Buffer.from('</sheetData></worksheet>'));
    await this.zip.closeEntry();
    await this.zip.finish();
  }
}

export { OutputSink };
