/** The result's file (base64 in the processing result) as a Blob or File, and its download. */
import { extensionOf } from './upload-checks';

const MIME_TYPES: Record<string, string> = {
  '.csv': 'text/csv',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
};

/** The MIME type of a generated file by its extension (anything else is plain bytes). */
export function mimeTypeFor(fileName: string): string {
  return MIME_TYPES[extensionOf(fileName)] ?? 'application/octet-stream';
}

/** Decodes base64 (whitespace and a data-URL prefix tolerated). Throws on text that is not base64. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = base64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function base64ToBlob(base64: string, fileName: string): Blob {
  return new Blob([base64ToBytes(base64)], { type: mimeTypeFor(fileName) });
}

/** A File that can be chosen for processing like an uploaded one (the debug "Use Modified File"). */
export function base64ToFile(base64: string, fileName: string): File {
  return new File([base64ToBytes(base64)], fileName, { type: mimeTypeFor(fileName) });
}

/** Saves a Blob under `fileName` through a temporary link (browser only). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function downloadBase64File(base64: string, fileName: string): void {
  saveBlob(base64ToBlob(base64, fileName), fileName);
}
