/**
 * Spreadsheet reading for every intake path (mail, SFTP, uploads): one call turns an untrusted
 * attachment into rows of text, or rejects with a SpreadsheetError whose code says what is wrong.
 * The file is parsed in a child process under heap and time limits (read-table.ts).
 *
 *   const table = await readTable(buffer, { fileName: 'stock.xlsx', expectedType: '.xlsx' });
 *   table.rows[headerRowIndex]; // string[] — every cell as text, see parse-table.ts and excel-cells.ts
 *   table.notes;                // what the run should say about how the file was read
 */
export { pinnedEncoding, type TextEncodingName } from './decode-text';
export type { CsvDelimiter } from './detect-csv';
export { detectType, type SpreadsheetType } from './detect-type';
export { isSpreadsheetError, SpreadsheetError, type SpreadsheetErrorCode } from './errors';
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_CELLS,
  DEFAULT_MAX_COLUMNS,
  DEFAULT_MAX_ROWS,
  DEFAULT_MAX_TEXT_CHARS,
} from './limits';
export { type DateOrder, inferDateOrder, type ParseDateOptions, parseDateCell } from './parse-date';
export { parseTable, type ReadTableOptions, type SpreadsheetFormat, type Table } from './parse-table';
export { closeReader, configureReader, type ReaderSettings, readTable, readWorkbook } from './read-table';
