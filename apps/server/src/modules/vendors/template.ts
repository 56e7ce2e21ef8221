/**
 * The vendor's submission template (docs/behaviour/order-submission.md#vendor-editor): an .xls or .xlsx workbook uploaded as
 * base64 inside the JSON body. Order rows are later written into it, so it is kept only when its bytes
 * really are the workbook its name says.
 */
import { hasTemplateExtension, VENDOR_SAVE_MESSAGES, VENDOR_TEMPLATE_MAX_BYTES } from '@app/contracts';
import { detectType, isSpreadsheetError, readTable } from '../../integrations/spreadsheet';
import { base64Body, decodedLength } from '../../lib/base64';

export interface TemplateUpload {
  fileName: string;
  content: Buffer;
  /** The first sheet as text, row by row, for checking the mappings against its header row. */
  rows: string[][];
}

export type TemplateCheck = { ok: true; upload: TemplateUpload } | { ok: false; message: string };

const M = VENDOR_SAVE_MESSAGES;

/** Decodes and checks a template: its name's type, its size, and that its bytes open as a workbook. */
export async function checkTemplateUpload(fileName: string, base64Content: string): Promise<TemplateCheck> {
  // Browsers may send a path (C:\fakepath\order.xlsx) as the name; only the name is kept.
  const baseName = fileName.split(/[\\/]/).pop()?.trim() ?? '';
  if (!hasTemplateExtension(baseName)) return { ok: false, message: M.templateType };
  const body = base64Body(base64Content);
  if (body === null) return { ok: false, message: M.templateNotBase64 };
  const size = decodedLength(body);
  if (size === 0) return { ok: false, message: M.templateNotSpreadsheet };
  if (size > VENDOR_TEMPLATE_MAX_BYTES) return { ok: false, message: M.templateTooLarge };
  const content = Buffer.from(body, 'base64');
  // A text file named .xls would be read as delimited text; a template must be a real workbook.
  const type = detectType(content, baseName);
  if (type !== '.xls' && type !== '.xlsx') return { ok: false, message: M.templateNotSpreadsheet };
  let rows: string[][];
  try {
    const table = await readTable(content, { fileName: baseName });
    if (table.format === 'csv') return { ok: false, message: M.templateNotSpreadsheet };
    rows = table.rows;
  } catch (error) {
    if (isSpreadsheetError(error))
      return { ok: false, message: `${M.templateNotSpreadsheet}: ${error.message}` };
    throw error;
  }
  return { ok: true, upload: { fileName: baseName, content, rows } };
}
