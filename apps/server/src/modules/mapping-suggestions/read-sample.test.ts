import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { parseTable } from '../../integrations/spreadsheet';
import { readSampleRows, SAMPLE_ROWS } from './read-sample';

const rows = (count: number) => [
  ['PO', 'Qty'],
  ...Array.from({ length: count }, (_, n) => [`PO-${n}`, String(n % 9)]),
];
const csv = (count: number) =>
  Buffer.from(
    `${rows(count)
      .map((row) => row.join(','))
      .join('\r\n')}\r\n`,
  );
const workbook = (count: number, bookType: 'xlsx' | 'biff8') => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows(count)), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};

describe('reading a sample file: its first rows only', () => {
  it.each([
    ['stock.csv', csv(5000)],
    ['stock.xlsx', workbook(5000, 'xlsx')],
    ['stock.xls', workbook(5000, 'biff8')],
  ])('%s: the first rows, without refusing the rest as too many', (fileName, content) => {
    const table = parseTable(content, { fileName, firstRows: 100, maxRows: 1000 });
    expect(table.rows).toHaveLength(100);
    expect(table.rows[0]).toEqual(['PO', 'Qty']);
    expect(table.rows[99]).toEqual(['PO-98', '8']);
  });

  it('reads a file shorter than the preview whole', () => {
    expect(parseTable(csv(3), { fileName: 'short.csv', firstRows: 100 }).rows).toHaveLength(4);
  });

  it('reads a sample through the reader process, at most SAMPLE_ROWS rows', async () => {
    const sample = await readSampleRows(csv(SAMPLE_ROWS + 500), { fileName: 'big.csv' });
    expect(sample).toHaveLength(SAMPLE_ROWS);
    expect(sample[1]).toEqual(['PO-0', '0']);
  });
});
