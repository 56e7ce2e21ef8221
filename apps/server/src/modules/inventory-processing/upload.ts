/**
 * The multipart body of the manual processing screen (docs/behaviour/inventory.md#calls): one file in the field `file` (at most
 * 10 MB, docs/behaviour/inventory.md#upload-checks) and text fields (sourceId, sendEmailNotification, submitViaSftp).
 * Fields may come before or after the file; the whole body is read before anything is checked or stored.
 */
import { INVENTORY_PROCESSING_MESSAGES as M, MAX_UPLOAD_BYTES } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { extensionOf } from '../../integrations/spreadsheet/source-file';
import { AppError } from '../../lib/app-error';
import { assertNoNulCharacter } from '../../lib/validate';
import type { IncomingFile } from '../intake/file-processors';

export const UPLOAD_FIELD = 'file';

export interface MultipartUpload {
  file: IncomingFile | null;
  fields: Record<string, string>;
}

export async function readMultipartUpload(request: FastifyRequest): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw AppError.badRequest(`Send the file as multipart/form-data in the field "${UPLOAD_FIELD}".`);
  }
  let file: IncomingFile | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 },
    })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname !== UPLOAD_FIELD) continue;
        file = { fileName: part.filename.split(/[\\/]/).pop()?.trim() || 'upload', content };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', M.fileTooLarge);
    if (code === 'FST_FILES_LIMIT') throw AppError.badRequest(M.onlyOneFile);
    throw AppError.badRequest(`The upload could not be read: ${(error as Error).message}`);
  }
  assertNoNulCharacter(fields);
  assertNoNulCharacter(file?.fileName, UPLOAD_FIELD);
  return { file, fields };
}

/** The uploaded file, required, with the extension the source expects (docs/behaviour/inventory.md#upload-checks). */
export function requireUploadOfType(upload: MultipartUpload, fileType: string): IncomingFile {
  const { file } = upload;
  if (!file) throw AppError.badRequest(M.noFile, { file: M.noFile });
  if (file.content.length === 0) {
    const message = `${file.fileName} is empty (0 bytes).`;
    throw AppError.badRequest(message, { file: message });
  }
  const expected = fileType.trim().toLowerCase();
  const extension = extensionOf(file.fileName);
  if (expected !== '' && extension !== expected) {
    const message = M.invalidFileType(expected, extension || '(none)');
    throw AppError.badRequest(message, { file: message });
  }
  return file;
}

/**
 * The uploaded file, required and not empty, named with one of the extensions a call takes (the suggestions
 * from a sample and the item lists take several): `Invalid file type. Expected .csv, .xls, .xlsx but got .pdf`.
 */
export function requireUploadOfTypes(upload: MultipartUpload, fileTypes: readonly string[]): IncomingFile {
  const file = requireUploadOfType(upload, '');
  const extension = extensionOf(file.fileName);
  if (fileTypes.includes(extension)) return file;
  const message = `Invalid file type. Expected ${fileTypes.join(', ')} but got ${extension || 'no extension'}`;
  throw AppError.badRequest(message, { file: message });
}
