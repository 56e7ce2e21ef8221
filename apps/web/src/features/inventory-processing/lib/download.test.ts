import { describe, expect, it } from 'vitest';
import { base64ToBlob, base64ToBytes, base64ToFile, mimeTypeFor } from './download';

const CSV = 'Item Number,Status,Status Date\n000123,Active,2024-01-15\n';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('mimeTypeFor', () => {
  it('answers the spreadsheet MIME types by extension, whatever the case', () => {
    expect(mimeTypeFor('feed.csv')).toBe('text/csv');
    expect(mimeTypeFor('feed.XLSX')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(mimeTypeFor('feed.xls')).toBe('application/vnd.ms-excel');
  });

  it('falls back to plain bytes', () => {
    expect(mimeTypeFor('feed.bin')).toBe('application/octet-stream');
    expect(mimeTypeFor('feed')).toBe('application/octet-stream');
  });
});

describe('base64ToBytes', () => {
  it('decodes base64 into the original bytes', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 80, 75, 3, 4]);
    expect([...base64ToBytes(Buffer.from(bytes).toString('base64'))]).toEqual([...bytes]);
  });

  it('tolerates line breaks and a data-URL prefix', () => {
    const encoded = base64(CSV);
    const wrapped = `data:text/csv;base64,${encoded.slice(0, 20)}\n${encoded.slice(20)}`;
    expect(new TextDecoder().decode(base64ToBytes(wrapped))).toBe(CSV);
  });

  it('decodes an empty text to no bytes', () => {
    expect(base64ToBytes('')).toHaveLength(0);
  });

  it('throws on text that is not base64', () => {
    expect(() => base64ToBytes('not base64!')).toThrow();
  });
});

describe('base64ToBlob / base64ToFile', () => {
  it('builds a Blob with the MIME type of the file name', async () => {
    const blob = base64ToBlob(base64(CSV), 'feed_20240115.csv');
    expect(blob.type).toBe('text/csv');
    expect(blob.size).toBe(CSV.length);
    expect(await blob.text()).toBe(CSV);
  });

  it('builds a File named as the result', async () => {
    const content = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const file = base64ToFile(content.toString('base64'), 'stock_modified.xlsx');
    expect(file.name).toBe('stock_modified.xlsx');
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(content);
  });
});
