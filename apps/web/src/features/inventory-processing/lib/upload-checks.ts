/**
 * docs/behaviour/inventory.md#upload-checks: the checks a file passes before it is chosen on the manual processing
 * screen. The server checks the same (and answers with the same messages).
 */
import { INVENTORY_PROCESSING_MESSAGES as M, MAX_UPLOAD_BYTES, SAMPLE_FILE_EXTENSIONS } from '@app/contracts';

/** The extension of a file name, lower-cased with its leading dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const match = /\.[^.\\/]+$/.exec(fileName.trim());
  return match ? match[0].toLowerCase() : '';
}

/** The source's file type as the check compares it: trimmed and lower-cased ('' when it has none). */
export function expectedExtension(fileType: string | null | undefined): string {
  return (fileType ?? '').trim().toLowerCase();
}

/**
 * The message to show for a file, or null when it may be chosen: its extension must equal the source's file
 * type (when the source has one), and it must be 10485760 bytes or less.
 */
export function checkUploadFile(
  file: { name: string; size: number },
  fileType: string | null | undefined,
): string | null {
  const expected = expectedExtension(fileType);
  const extension = extensionOf(file.name);
  if (expected !== '' && extension !== expected) return M.invalidFileType(expected, extension || '(none)');
  if (file.size > MAX_UPLOAD_BYTES) return M.fileTooLarge;
  return null;
}

/** Only one file is accepted (a drop of several is refused as a whole). */
export function checkFileCount(count: number): string | null {
  return count > 1 ? M.onlyOneFile : null;
}

/** The picker's `accept`: the source's file type, or every spreadsheet type when it has none. */
export function acceptFor(fileType: string | null | undefined): string {
  const expected = expectedExtension(fileType);
  if (expected === '') return SAMPLE_FILE_EXTENSIONS.join(',');
  return expected.startsWith('.') ? expected : `.${expected}`;
}

/** 512 → '512 bytes', 5 120 → '5.0 KB', 11 534 336 → '11.0 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
