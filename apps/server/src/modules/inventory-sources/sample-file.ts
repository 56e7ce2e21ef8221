/**
 * The sample inventory file (spec 2 §3.5 fileData, §7 "Inventory save file rule"): the retailer's own feed
 * format, uploaded as base64 inside the JSON body. Later runs generate files in this format, so a sample is
 * kept only when it really is the spreadsheet its name says.
 */
import path from 'node:path';
import { MAX_UPLOAD_BYTES, SAMPLE_FILE_EXTENSIONS } from '@app/contracts';
import * as XLSX from '@e965/xlsx';

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

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// .xls workbooks are BIFF records inside an OLE2 compound file.
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

// Enough to prove the file parses and to read its header; a 10 MB sheet parsed in full would hold the
// request for seconds and hundreds of megabytes.
const ROWS_TO_CHECK = 1000;

/** The base64 text without a data-URL prefix or line breaks, or null when it is not base64. */
function base64Body(text: string): string | null {
  const body = text.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (body.length % 4 === 1 || !/^[A-Za-z0-9+/]*={0,2}$/.test(body)) return null;
  return body;
}

function decodedLength(body: string): number {
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

/**
 * SheetJS reads almost any bytes as a one-column CSV, so the container format is checked first: a .xlsx
 * must be a ZIP, a .xls an OLE2 file, and a .csv text.
 */
function spreadsheetProblem(extension: string, content: Buffer): string | null {
  const startsWith = (signature: Buffer) => content.subarray(0, signature.length).equals(signature);
  if (extension === '.xlsx' && !startsWith(ZIP_SIGNATURE)) return SAMPLE_FILE_MESSAGES.unreadable(extension);
  if (extension === '.xls' && !startsWith(OLE2_SIGNATURE)) return SAMPLE_FILE_MESSAGES.unreadable(extension);
  if (extension === '.csv' && !UTF16_BOMS.some(startsWith) && content.includes(0))
    return SAMPLE_FILE_MESSAGES.unreadable(extension);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(content, { type: 'buffer', sheetRows: ROWS_TO_CHECK });
  } catch {
    return SAMPLE_FILE_MESSAGES.unreadable(extension);
  }
  const firstSheet = workbook.SheetNames[0];
  const sheet = firstSheet ? workbook.Sheets[firstSheet] : undefined;
  if (!sheet?.['!ref']) return SAMPLE_FILE_MESSAGES.noRows;
  return null;
}

/** Decodes and checks a newly chosen sample: its name's type, its size, and that it parses. */
export function checkSampleUpload(fileName: string, base64Content: string): SampleUploadCheck {
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
  const problem = spreadsheetProblem(extension, content);
  if (problem) return { ok: false, message: problem };
  return { ok: true, upload: { fileName: baseName, content } };
}
