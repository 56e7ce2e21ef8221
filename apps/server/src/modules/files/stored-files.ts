import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DbOrTx } from '@app/db';
import { cleanFileName } from '../../lib/file-names';
import { insertStoredFile } from './stored-files-repository';

// Readers of a stored file find it here, beside the function that keeps one.
export { readStoredFile } from './stored-files-repository';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const CONTENT_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': XLSX_CONTENT_TYPE,
  '.pdf': 'application/pdf',
};

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

/** Keeps a file; its name is cleaned first (lib/file-names.ts), as it is later a download's or a mail's name. */
export async function storeFile(db: DbOrTx, name: string, content: Buffer) {
  const fileName = cleanFileName(name, 'file');
  return insertStoredFile(db, {
    fileName,
    contentType: contentTypeFor(fileName),
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
  });
}

/** Content-Disposition for a download, with a UTF-8 file name that survives non-ASCII characters. */
export function attachmentHeader(name: string): string {
  const fileName = cleanFileName(name, 'download');
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
