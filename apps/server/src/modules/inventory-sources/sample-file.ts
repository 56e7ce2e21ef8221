/**
 * The sample inventory file (docs/behaviour/sources.md#sample-file): the retailer's own feed
 * format, uploaded as base64 inside the JSON body. Later runs generate files in this format, so a sample is
 * kept only when it really is the spreadsheet its name says.
 */
import path from 'node:path';
import { MAX_UPLOAD_BYTES, SAMPLE_FILE_EXTENSIONS, type SpreadsheetFileType } from '@app/contracts';
import { detectType, isSpreadsheetError, readTable } from '../../integrations/spreadsheet';
import { base64Body, decodedLength } from '../../lib/base64';

export interface SampleUpload {
  fileName: string;
  content: Buffer;
}

export type SampleUploadCheck = { ok: true; upload: SampleUpload } | { ok: false; message: string };

export const SAMPLE_FILE_MESSAGES = {
  wrongType: 'The sample file must be .xls, .xlsx or .csv',
  tooLarge: 'File size must be less than 10MB',
  notBase64: 'The sample file could not be decoded: send its content as base64',
  empty: 'The sample file is empty',
  noRows: 'The sample file has no rows',
  unreadable: (extension: string) =>
    `The sample file could not be read as a ${extension} spreadsheet: it is damaged or not really a ${extension} file`,
} as const;

/** Enough rows to prove the file parses and to read its header, without reading all of a 10 MB sample. */
const ROWS_TO_CHECK = 1000;

/**
 * Whether the sample opens as the spreadsheet its name says: a .xlsx must be an OOXML workbook, a .xls a
 * binary Excel workbook (not text named .xls: the generated file copies the sample's format), a .csv text.
 * It is read as every supplier file is, in the reader process, so a hostile sample costs a refusal.
 */
async function spreadsheetProblem(
  extension: string,
  fileName: string,
  content: Buffer,
): Promise<string | null> {
  if (detectType(content, fileName) !== extension) return SAMPLE_FILE_MESSAGES.unreadable(extension);
  try {
    const expectedType = extension as SpreadsheetFileType;
    const table = await readTable(content, { fileName, expectedType, maxRows: ROWS_TO_CHECK });
    if (extension === '.xls' && table.format !== 'xls') return SAMPLE_FILE_MESSAGES.unreadable(extension);
  } catch (error) {
    if (!isSpreadsheetError(error)) throw error;
    // More rows than were checked: the rows read were fine.
    if (error.code === 'TOO_MANY_ROWS') return null;
    return error.code === 'EMPTY' ? SAMPLE_FILE_MESSAGES.noRows : SAMPLE_FILE_MESSAGES.unreadable(extension);
  }
  return null;
}

/** Decodes and checks a newly chosen sample: its name's type, its size, and that it parses. */
export async function checkSampleUpload(fileName: string, base64Content: string): Promise<SampleUploadCheck> {
  // Some clients send a path (C:\fakepath\stock.xlsx) as the name; only the name is kept.
  const baseName = fileName.split(/[\\/]/).pop() ?? '';
  const extension = path.extname(baseName).toLowerCase();
  if (!(SAMPLE_FILE_EXTENSIONS as readonly string[]).includes(extension))
    return { ok: false, message: SAMPLE_FILE_MESSAGES.wrongType };
  const body = base64Body(base64Content);
  if (body === null) return { ok: false, message: SAMPLE_FILE_MESSAGES.notBase64 };
  const size = decodedLength(body);
  if (size === 0) return { ok: false, message: SAMPLE_FILE_MESSAGES.empty };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, message: SAMPLE_FILE_MESSAGES.tooLarge };
  const content = Buffer.from(body, 'base64');
  const problem = await spreadsheetProblem(extension, baseName, content);
  if (problem) return { ok: false, message: problem };
  return { ok: true, upload: { fileName: baseName, content } };
}
