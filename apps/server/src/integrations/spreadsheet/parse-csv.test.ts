import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, decodeWindows1252, pinnedEncoding } from './decode-text';
import { detectCsvDialect } from './detect-csv';
import { type ParseCsvOptions, parseCsv } from './parse-csv';

const parse = (text: string, options: Partial<ParseCsvOptions> = {}) =>
  parseCsv(text, { delimiter: ',', maxColumns: 1000, maxRows: 1000, ...options });

describe('parseCsv (RFC 4180)', () => {
  it('keeps every field as written', () => {
    expect(parse('000123, 12 ,1.50,2024-03-05,1E5\n')).toEqual([
      ['000123', ' 12 ', '1.50', '2024-03-05', '1E5'],
    ]);
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks (as \\n, whatever the file used)', () => {
    expect(
      parse('"a,b","say ""hi""","line 1\r\nline 2",""\r\nx,"""",y\r\n"cr\ronly","lf\nonly"\r\n'),
    ).toEqual([
      ['a,b', 'say "hi"', 'line 1\nline 2', ''],
      ['x', '"', 'y'],
      ['cr\nonly', 'lf\nonly'],
    ]);
  });

  it('treats a quote inside an unquoted field as a character, and keeps text after a closing quote', () => {
    expect(parse('10" screw,"a"b,c\n')).toEqual([['10" screw', 'ab', 'c']]);
  });

  it('ends rows at CRLF, LF and a lone CR, with or without a final line break', () => {
    expect(parse('a,b\r\nc,d\re,f\ng,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps empty fields, including one after a final delimiter', () => {
    expect(parse(',a,,\nb,')).toEqual([
      ['', 'a', '', ''],
      ['b', ''],
    ]);
  });

  it('keeps blank rows in the middle as one empty field and drops them at the end', () => {
    expect(parse('a\n\n  \nb\n\n\n')).toEqual([['a'], [''], [''], ['b']]);
  });

  it('parses with other delimiters and from a start offset', () => {
    expect(parse('sep=;\na;"b;c"\n', { delimiter: ';', start: 6 })).toEqual([['a', 'b;c']]);
    expect(parse('a\tb|c\n', { delimiter: '\t' })).toEqual([['a', 'b|c']]);
  });

  it('refuses an unterminated quoted field, naming its line', () => {
    expect(() => parse('a,b\n"c,d\ne,f\n')).toThrow(
      expect.objectContaining({ code: 'CORRUPT', message: expect.stringContaining('line 2') }),
    );
  });

  it('stops at the first row over maxColumns or maxRows', () => {
    expect(() => parse('a,b,c\n', { maxColumns: 2 })).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_COLUMNS' }),
    );
    expect(() => parse('a\nb\nc\n', { maxRows: 2 })).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_ROWS' }),
    );
    expect(parse('a\nb\n\n\n\n', { maxRows: 2 })).toEqual([['a'], ['b']]);
  });
});

describe('detectCsvDialect', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1;2;3\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    // European CSV: decimal commas in the data, semicolons between fields.
    ['Item;Price;Qty\n000123;12,50;3\n000124;1,99;10\n', ';'],
    // Commas inside quoted text do not count.
    ['Name;Note\n"Smith, J.";"a, b, c"\n"Doe, A.";"x, y"\n', ';'],
    // A comma that appears only in some descriptions loses against the consistent delimiter.
    ['id\tdesc\tqty\n1\tbolts, nuts\t4\n2\tscrews\t5\n3\twashers\t6\n', '\t'],
    // One column: nothing to find, comma by default.
    ['Item\n000123\n000124\n', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectCsvDialect(text).delimiter).toBe(delimiter);
  });

  it('follows an Excel "sep=" line and starts after it', () => {
    const text = 'sep=|\r\na,b|c\r\n';
    expect(detectCsvDialect(text)).toMatchObject({ delimiter: '|', start: 7, lineBreak: '\r\n' });
  });

  it('reports the line break and the widest sampled line', () => {
    expect(detectCsvDialect('a,b\n1,2,3,4\n')).toMatchObject({ lineBreak: '\n', maxFieldsInSample: 4 });
    expect(detectCsvDialect('a;b\r1;2\r')).toMatchObject({ lineBreak: '\r', delimiter: ';' });
  });

  it('measures a single huge line from the first 64 KB only', () => {
    const wide = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const dialect = detectCsvDialect(wide);
    expect(dialect.delimiter).toBe(',');
    expect(dialect.maxFieldsInSample).toBeGreaterThan(1000);
    expect(dialect.maxFieldsInSample).toBeLessThan(100_000);
  });
});

describe('decodeText', () => {
  const text = 'Café crème, Müller, 10 €, “quoted” – dash';

  it('reads UTF-8 with and without BOM', () => {
    expect(decodeText(Buffer.from(text))).toEqual({ text, encoding: 'utf-8', bom: false });
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf-8',
      bom: true,
    });
  });

  it('reads UTF-16 LE and BE with BOM, and without BOM from their zero bytes', () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), le]))).toEqual({
      text,
      encoding: 'utf-16le',
      bom: true,
    });
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toEqual({
      text,
      encoding: 'utf-16be',
      bom: true,
    });
    expect(decodeText(le)).toEqual({ text, encoding: 'utf-16le', bom: false });
    expect(decodeText(be)).toEqual({ text, encoding: 'utf-16be', bom: false });
  });

  it('reads invalid UTF-8 as Windows-1252 when the bytes suggest it, with €, curly quotes and dashes', () => {
    // "Café 10 € “q” – ü" in Windows-1252
    const bytes = Buffer.from([
      0x43, 0x61, 0x66, 0xe9, 0x20, 0x31, 0x30, 0x20, 0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x96, 0x20, 0xfc,
    ]);
    expect(decodeText(bytes)).toMatchObject({
      text: 'Café 10 € “q” – ü',
      encoding: 'windows-1252',
      bom: false,
    });
  });

  it('maps all of 0x80–0x9F as the WHATWG Windows-1252 table does', () => {
    const high = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(high).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
    expect(decodeWindows1252(Uint8Array.from([0x41, 0xa0, 0xff]))).toBe('A\u00a0ÿ');
  });
});

describe('decodeText: beyond Western Europe', () => {
  const greek = 'Κωδικός,Περιγραφή\r\n000123,Καφές ελληνικός\r\n';

  it('reads UTF-32 by its mark, and UTF-16 without one even when hardly any character is ASCII', () => {
    const utf32 = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), iconv.encode(greek, 'utf-32le')]);
    expect(decodeText(utf32)).toMatchObject({ text: greek, encoding: 'utf-32le', bom: true });
    expect(decodeText(Buffer.from(greek, 'utf16le'))).toMatchObject({ text: greek, encoding: 'utf-16le' });
    expect(decodeText(iconv.encode(greek, 'utf-32be'))).toMatchObject({ text: greek, encoding: 'utf-32be' });
  });

  it('follows the charset an HTML table declares', () => {
    const html = `<html><head><meta charset="windows-1251"></head><body><table><tr><td>Чай</td></tr></table></body></html>`;
    expect(decodeText(iconv.encode(html, 'windows-1251'))).toMatchObject({
      text: html,
      encoding: 'windows-1251',
    });
  });

  it('detects Big5 and ISO-8859-7 from their bytes', () => {
    const big5 = '貨號,品名\r\n000123,高山烏龍茶葉\r\n004560,鳳梨酥禮盒\r\n';
    expect(decodeText(iconv.encode(big5, 'big5'))).toMatchObject({ text: big5, encoding: 'big5' });
    expect(decodeText(iconv.encode(greek.repeat(3), 'iso-8859-7'))).toMatchObject({ text: greek.repeat(3) });
  });

  it('reads a pinned encoding, but a byte-order mark still wins', () => {
    const polish = 'Miasto\r\nŁódź\r\n';
    expect(decodeText(iconv.encode(polish, 'windows-1250'), 'windows-1250')).toEqual({
      text: polish,
      encoding: 'windows-1250',
      bom: false,
    });
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(polish)]);
    expect(decodeText(marked, 'windows-1250')).toMatchObject({ text: polish, encoding: 'utf-8', bom: true });
    expect(pinnedEncoding('windows-1250')).toBe('windows-1250');
    expect(pinnedEncoding('')).toBeUndefined();
    expect(pinnedEncoding('klingon')).toBeUndefined();
  });

  it('names the encoding it assumed when the bytes said little', () => {
    const decoded = decodeText(iconv.encode('Item,Name\n1,Ağaç\n', 'windows-1254'));
    expect(decoded.note).toMatch(
      /^The file's text encoding is not declared; it was read as .+, which its bytes suggest\./,
    );
  });
});
