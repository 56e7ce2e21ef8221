/**
 * Spreadsheet reading for every intake path (mail, SFTP, uploads): one call turns an untrusted
 * attachment into rows of text, or throws a SpreadsheetError with a code saying what is wrong.
 *
 *   const table = readTable(buffer, { fileName: 'stock.xlsx', expectedType: '.xlsx' });
 *   table.rows[headerRowIndex]; // string[] — every cell as text, see read-table.ts and excel-cells.ts
 */
export type { TextEncodingName } from './decode-text';
export type { CsvDelimiter } from './detect-csv';
export { detectType, type SpreadsheetType } from './detect-type';
export { isSpreadsheetError, SpreadsheetError, type SpreadsheetErrorCode } from './errors';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_CELLS, DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS } from './limits';
export { type DateOrder, inferDateOrder, type ParseDateOptions, parseDateCell } from './parse-date';
export { type ReadTableOptions, readTable, type SpreadsheetFormat, type Table } from './read-table';
