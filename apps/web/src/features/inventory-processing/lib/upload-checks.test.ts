import { describe, expect, it } from 'vitest';
import { acceptFor, checkFileCount, checkUploadFile, extensionOf, formatFileSize } from './upload-checks';

const MB = 1024 * 1024;

describe('extensionOf', () => {
  it('lower-cases the extension with its leading dot', () => {
    expect(extensionOf('Stock.XLSX')).toBe('.xlsx');
    expect(extensionOf('stock.2024.csv')).toBe('.csv');
    expect(extensionOf(' report.xls ')).toBe('.xls');
  });

  it('answers an empty text without an extension', () => {
    expect(extensionOf('README')).toBe('');
    expect(extensionOf('folder.d/file')).toBe('');
  });
});

describe('checkUploadFile (docs/behaviour/inventory.md#upload-checks)', () => {
  it('accepts a file of the source type up to exactly 10 MB', () => {
    expect(checkUploadFile({ name: 'stock.xlsx', size: 10_485_760 }, '.xlsx')).toBeNull();
    expect(checkUploadFile({ name: 'STOCK.CSV', size: 10 }, '.csv')).toBeNull();
  });

  it('compares with the source type trimmed and lower-cased', () => {
    expect(checkUploadFile({ name: 'stock.xlsx', size: 10 }, ' .XLSX ')).toBeNull();
  });

  it('refuses another extension with the exact message', () => {
    expect(checkUploadFile({ name: 'stock.csv', size: 10 }, '.xlsx')).toBe(
      'Invalid file type. Expected .xlsx but got .csv',
    );
    expect(checkUploadFile({ name: 'Stock.XLS', size: 10 }, '.xlsx')).toBe(
      'Invalid file type. Expected .xlsx but got .xls',
    );
  });

  it('names a missing extension', () => {
    expect(checkUploadFile({ name: 'stock', size: 10 }, '.csv')).toBe(
      'Invalid file type. Expected .csv but got (none)',
    );
  });

  it('refuses a file of one byte over 10 MB', () => {
    expect(checkUploadFile({ name: 'stock.csv', size: 10_485_761 }, '.csv')).toBe(
      'File size must be less than 10MB',
    );
    expect(checkUploadFile({ name: 'stock.csv', size: 11 * MB }, '.csv')).toBe(
      'File size must be less than 10MB',
    );
  });

  it('checks the type first', () => {
    expect(checkUploadFile({ name: 'stock.pdf', size: 11 * MB }, '.csv')).toBe(
      'Invalid file type. Expected .csv but got .pdf',
    );
  });

  it('checks only the size when the source has no file type', () => {
    expect(checkUploadFile({ name: 'anything.txt', size: 10 }, '')).toBeNull();
    expect(checkUploadFile({ name: 'anything.txt', size: 11 * MB }, null)).toBe(
      'File size must be less than 10MB',
    );
  });
});

describe('checkFileCount', () => {
  it('accepts one file and refuses several', () => {
    expect(checkFileCount(1)).toBeNull();
    expect(checkFileCount(0)).toBeNull();
    expect(checkFileCount(2)).toBe('Only one file is accepted');
  });
});

describe('acceptFor', () => {
  it("filters the picker by the source's file type", () => {
    expect(acceptFor('.xlsx')).toBe('.xlsx');
    expect(acceptFor('.CSV')).toBe('.csv');
    expect(acceptFor('xls')).toBe('.xls');
  });

  it('offers every spreadsheet type when the source has none', () => {
    expect(acceptFor('')).toBe('.xls,.xlsx,.csv');
    expect(acceptFor(undefined)).toBe('.xls,.xlsx,.csv');
  });
});

describe('formatFileSize', () => {
  it('uses bytes, KB and MB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(5120)).toBe('5.0 KB');
    expect(formatFileSize(11 * MB)).toBe('11.0 MB');
  });
});
