/** Names and types of files fetched from an order link: what the server said, else what the bytes say. */
import path from 'node:path';
import { sanitizeFileName } from '../../lib/file-names';

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xls': 'application/vnd.ms-excel',
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.txt': 'text/plain',
  '.ods': 'application/vnd.oasis.opendocument.spreadsheet',
  '.pdf': 'application/pdf',
};

const EXTENSION_BY_TYPE: Record<string, string> = Object.fromEntries(
  Object.entries(TYPE_BY_EXTENSION).map(([extension, type]) => [type, extension]),
);

const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/download',
]);

/** The file name a Content-Disposition header gives (filename* preferred, as RFC 6266 says), or null. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const charset = (extended[1] ?? '').trim().toLowerCase();
      const raw = extended[2].trim().replace(/^"|"$/g, '');
      const decoded =
        charset === 'iso-8859-1'
          ? raw.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
          : decodeURIComponent(raw);
      const name = sanitizeFileName(decoded);
      if (name) return name;
    } catch {
      // A malformed filename* falls back to the plain filename parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value ? sanitizeFileName(value) : null;
}

export function isAttachmentDisposition(header: string | null | undefined): boolean {
  return /^\s*attachment\b/i.test(header ?? '');
}

/** The last segment of a URL's path, when it looks like a file name (has an extension). */
export function fileNameFromUrl(url: string): string | null {
  try {
    const segment = new URL(url).pathname.split('/').pop() ?? '';
    const name = sanitizeFileName(decodeURIComponent(segment));
    return name && path.extname(name) ? name : null;
  } catch {
    return null;
  }
}

export function mimeType(contentTypeHeader: string | null | undefined): string {
  return (contentTypeHeader ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export function isHtmlType(contentTypeHeader: string | null | undefined): boolean {
  const type = mimeType(contentTypeHeader);
  return type === 'text/html' || type === 'application/xhtml+xml';
}

/** The type the bytes show: PDF, the Office zip (xlsx), the old Office compound file (xls). */
export function sniffContentType(content: Buffer): string | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return TYPE_BY_EXTENSION['.xlsx'] ?? null;
  if (content.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    return TYPE_BY_EXTENSION['.xls'] ?? null;
  }
  return null;
}

export function looksLikeHtml(content: Buffer): boolean {
  const start = content.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  return start.startsWith('<!doctype html') || start.startsWith('<html');
}

/** The served type when it says something; else the file name's; else the bytes'. */
export function resolveContentType(
  served: string | null | undefined,
  fileName: string,
  content: Buffer,
): string {
  const type = mimeType(served);
  if (!GENERIC_TYPES.has(type)) return type;
  return (
    TYPE_BY_EXTENSION[path.extname(fileName).toLowerCase()] ??
    sniffContentType(content) ??
    'application/octet-stream'
  );
}

/** Adds the extension of the content type to a name that has none, so the file opens with the right program. */
export function withExtension(fileName: string, contentType: string): string {
  if (path.extname(fileName)) return fileName;
  const extension = EXTENSION_BY_TYPE[contentType];
  return extension ? `${fileName}${extension}` : fileName;
}
