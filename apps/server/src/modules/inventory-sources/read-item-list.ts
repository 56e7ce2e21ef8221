/**
 * An uploaded list of user-activated items (docs/behaviour/inventory.md#activated-items-from-a-file), read by the
 * product's spreadsheet reader in its child process, as every supplier file is: a text file, a CSV in any
 * encoding and delimiter the reader knows, or an .xls/.xlsx workbook's first sheet with data. Nothing is stored.
 */
import { ACTIVATED_ITEM_LIST_FILE_TYPES, type ActivatedItemList } from '@app/contracts';
import { isSpreadsheetError, readTable } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { type MultipartUpload, requireUploadOfTypes } from '../inventory-processing/upload';
import { activatedItemsFromRows } from './activated-item-list';

export async function readActivatedItemList(upload: MultipartUpload): Promise<ActivatedItemList> {
  const file = requireUploadOfTypes(upload, ACTIVATED_ITEM_LIST_FILE_TYPES);
  let rows: string[][];
  try {
    rows = (await readTable(file.content, { fileName: file.fileName })).rows;
  } catch (error) {
    if (!isSpreadsheetError(error)) throw error;
    throw AppError.badRequest(error.message, { file: error.message });
  }
  const list = activatedItemsFromRows(rows);
  if (list.items.length === 0) {
    const message = `${file.fileName} has no item numbers.`;
    throw AppError.badRequest(message, { file: message });
  }
  return list;
}
