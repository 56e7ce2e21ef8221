import type { SpreadsheetFileType } from '@app/contracts';
import { pinnedEncoding } from './decode-text';
import type { Table } from './parse-table';
import { readTable } from './read-table';

const FAMILY: Record<SpreadsheetFileType, 'text' | 'excel'> = {
  '.csv': 'text',
  '.xls': 'excel',
  '.xlsx': 'excel',
};
/** File name extensions that say which family a file claims to be. */
const NAMED_FAMILY: Record<string, 'text' | 'excel'> = {
  '.csv': 'text',
  '.txt': 'text',
  '.tsv': 'text',
  '.xls': 'excel',
  '.xlsx': 'excel',
};

/** The file name's extension, lower-case with its dot; '' for none. */
export function extensionOf(fileName: string): string {
  const match = /\.[^.\\/]+$/.exec(fileName.trim());
  return match ? match[0].toLowerCase() : '';
}

/** A source's File Type setting as a spreadsheet type, when it is one. */
export function expectedFileType(fileType: string): SpreadsheetFileType | undefined {
  const type = fileType.trim().toLowerCase();
  return type in FAMILY ? (type as SpreadsheetFileType) : undefined;
}

/**
 * Reads a source's file as the source expects it. Within the Excel family a workbook is read as what it is
 * (an .xlsx saved as .xls opens in Excel too); a text file for an Excel source, or a workbook for a CSV
 * source, is refused with the upload screen's message, as the error `refuse` makes of it.
 */
export async function readSourceTable(
  file: { fileName: string; content: Buffer },
  settings: { fileType: string; textEncoding?: string | null },
  refuse: (message: string) => Error,
): Promise<Table> {
  const expected = expectedFileType(settings.fileType);
  const extension = extensionOf(file.fileName);
  const named = NAMED_FAMILY[extension];
  if (expected && named && named !== FAMILY[expected]) {
    throw refuse(`Invalid file type. Expected ${expected} but got ${extension}`);
  }
  const pinned = pinnedEncoding(settings.textEncoding ?? '');
  return readTable(file.content, {
    fileName: file.fileName,
    ...(expected ? { expectedType: expected } : {}),
    ...(pinned ? { encoding: pinned } : {}),
  });
}
