/**
 * A tolerant MIME tree reader (docs/design/mail-intake-exactly-once.md#mime): the parts of a message as
 * they are, without merging text parts into a body as mailparser's simpleParser does, so a text part that
 * is a file stays a file. Tolerant the way Thunderbird is: a missing final boundary ends the part at the
 * end of the message, a boundary parameter with stray quotes still splits, a multipart without a usable
 * boundary parameter is split at its first "--" line, base64 with irregular lines decodes.
 */
import iconv from 'iconv-lite';
import libmime from 'libmime';
import { decodeWords, type HeaderLine, headerEnd, headerValue, parseHeaderLines } from './headers';

export interface MimeNode {
  headers: HeaderLine[];
  /** Lower case, e.g. "text/plain"; "text/plain" when the part has none. */
  contentType: string;
  typeParams: Record<string, string>;
  /** Lower case ("attachment", "inline"), or null. */
  disposition: string | null;
  dispositionParams: Record<string, string>;
  /** Lower case ("base64", "quoted-printable", "x-uuencode", "7bit" …). */
  transferEncoding: string;
  contentId: string | null;
  /** The body as it is in the message (still transfer-encoded). */
  body: Buffer;
  children: MimeNode[];
}

function parseValue(value: string | undefined): { value: string; params: Record<string, string> } {
  if (!value) return { value: '', params: {} };
  try {
    const parsed = libmime.parseHeaderValue(value);
    const params: Record<string, string> = {};
    for (const [key, param] of Object.entries(parsed.params)) {
      params[key.toLowerCase()] = decodeWords(String(param)).trim();
    }
    return { value: parsed.value.trim().toLowerCase(), params };
  } catch {
    return { value: value.split(';')[0]!.trim().toLowerCase(), params: {} };
  }
}

export function parseMimeNode(raw: Buffer): MimeNode {
  const { end, bodyStart } = headerEnd(raw);
  const headers = parseHeaderLines(raw.subarray(0, end));
  const type = parseValue(headerValue(headers, 'content-type'));
  const disposition = parseValue(headerValue(headers, 'content-disposition'));
  const node: MimeNode = {
    headers,
    contentType: /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type.value) ? type.value : 'text/plain',
    typeParams: type.params,
    disposition: disposition.value || null,
    dispositionParams: disposition.params,
    transferEncoding: (headerValue(headers, 'content-transfer-encoding') ?? '7bit').trim().toLowerCase(),
    contentId: headerValue(headers, 'content-id')?.trim() || null,
    body: raw.subarray(bodyStart),
    children: [],
  };
  if (node.contentType.startsWith('multipart/')) {
    node.children = splitMultipart(node.body, node.typeParams.boundary).map(parseMimeNode);
  }
  return node;
}

/** A boundary with the quotes some mailers leave in it (boundary='"abc"', boundary="'abc'") removed. */
function cleanBoundary(value: string | undefined): string | undefined {
  const cleaned = value?.trim().replace(/^["']+|["']+$/g, '');
  return cleaned ? cleaned : undefined;
}

function splitMultipart(body: Buffer, boundaryParam: string | undefined): Buffer[] {
  const text = body.toString('latin1');
  const lines = text.split(/(?<=\n)/);
  let boundary = cleanBoundary(boundaryParam);
  if (!boundary || !lines.some((line) => line.startsWith(`--${boundary}`))) {
    // No usable parameter: the first line that looks like a delimiter defines the boundary.
    const first = lines.find((line) => /^--\S/.test(line));
    boundary = first ? first.slice(2).trimEnd().replace(/--$/, '') : undefined;
  }
  if (!boundary) return [];
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(withoutFinalNewline(current.join('')));
      if (trimmed.endsWith('--') && trimmed !== delimiter) {
        current = undefined;
        break;
      }
      current = [];
      continue;
    }
    current?.push(line);
  }
  // A missing final boundary: the last part runs to the end of the message.
  if (current && current.join('').trim() !== '') parts.push(current.join(''));
  return parts.map((part) => Buffer.from(part, 'latin1'));
}

/** The line break before a delimiter belongs to the delimiter (RFC 2046). */
function withoutFinalNewline(value: string): string {
  return value.replace(/\r?\n$/, '');
}

/** The part's content, transfer-decoded (uuencode is read by `uudecode`). */
export function decodedBody(node: MimeNode): Buffer {
  switch (node.transferEncoding) {
    case 'base64':
      // Irregular line lengths, stray spaces and missing padding all decode.
      return Buffer.from(node.body.toString('latin1').replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(node.body);
    default:
      return node.body;
  }
}

export function decodeQuotedPrintable(body: Buffer): Buffer {
  const text = body.toString('latin1').replace(/[ \t]+(\r?\n)/g, '$1');
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '=') {
      const next = text.slice(index + 1, index + 3);
      if (/^[0-9A-Fa-f]{2}$/.test(next)) {
        bytes.push(Number.parseInt(next, 16));
        index += 2;
        continue;
      }
      const softBreak = /^\r?\n/.exec(text.slice(index + 1, index + 3));
      if (softBreak) {
        index += softBreak[0].length;
        continue;
      }
    }
    bytes.push(char.charCodeAt(0) & 0xff);
  }
  return Buffer.from(bytes);
}

/** A text part's content as text, in its declared charset (UTF-8 when it declares none). */
export function decodedText(node: MimeNode): string {
  const charset = node.typeParams.charset || 'utf-8';
  const content = decodedBody(node);
  return iconv.encodingExists(charset) ? iconv.decode(content, charset) : content.toString('utf8');
}
