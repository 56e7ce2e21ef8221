/**
 * A sample file's first rows, read as every supplier file is: by the product's spreadsheet reader in its
 * child process (integrations/spreadsheet/read-table.ts), so a hostile sample costs a refusal and the server
 * stays free. Only the first SAMPLE_ROWS rows are kept; the rest of the file is not turned into rows.
 */
import { type ReadTableOptions, readTable } from '../../integrations/spreadsheet';

/** Rows read from a sample: the header search and ROWS_TO_PROFILE data rows, with room to spare. */
export const SAMPLE_ROWS = 3000;

export async function readSampleRows(
  content: Buffer | Uint8Array,
  options: Pick<ReadTableOptions, 'fileName' | 'expectedType' | 'encoding' | 'maxBytes'>,
): Promise<string[][]> {
  const table = await readTable(content, { ...options, firstRows: SAMPLE_ROWS });
  return table.rows;
}
