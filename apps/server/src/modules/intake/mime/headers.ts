/**
 * The header block of a message, read once for candidate selection (from the listed header block) and
 * again, identically, for matching (from the whole message): docs/behaviour/mail-intake.md#matching.
 */
import libmime from 'libmime';
import addressparser from 'nodemailer/lib/addressparser';

export interface HeaderLine {
  /** Lower case. */
  name: string;
  /** Unfolded, not yet decoded. */
  value: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Where the header block ends: the first empty line (CRLF or bare LF), or the end of the bytes. */
export function headerEnd(raw: Buffer): { end: number; bodyStart: number } {
  for (let index = 0; index < raw.length; index += 1) {
    if (raw[index] !== 0x0a) continue;
    if (raw[index + 1] === 0x0a) return { end: index + 1, bodyStart: index + 2 };
    if (raw[index + 1] === 0x0d && raw[index + 2] === 0x0a) return { end: index + 1, bodyStart: index + 3 };
  }
  return { end: raw.length, bodyStart: raw.length };
}

/** 8-bit headers (legal or not) are read as UTF-8 when they are, as Latin-1 otherwise, like Thunderbird. */
function headerText(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

export function parseHeaderLines(block: Buffer): HeaderLine[] {
  const lines: HeaderLine[] = [];
  for (const line of headerText(block).split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && lines.length > 0) {
      lines[lines.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    lines.push({ name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1).trim() });
  }
  return lines;
}

export function headerValue(lines: HeaderLine[], name: string): string | undefined {
  return lines.find((line) => line.name === name)?.value;
}

export function decodeWords(value: string): string {
  try {
    return libmime.decodeWords(value);
  } catch {
    return value;
  }
}

const ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

/**
 * Every address the From header(s) hold, lower case, first as given. A display name that is itself an
 * address ("tracking@supplier.example <supplier@tracking.example>") counts too, and a message with two
 * From lines offers both: a source may expect any of them.
 */
export function senderAddresses(lines: HeaderLine[]): string[] {
  const found: string[] = [];
  const add = (value: string | undefined) => {
    const address = value?.trim().toLowerCase();
    if (address && ADDRESS.test(address) && !found.includes(address)) found.push(address);
  };
  for (const line of lines.filter((header) => header.name === 'from')) {
    for (const entry of addressparser(line.value, { flatten: true })) {
      add(entry.address);
      add(decodeWords(entry.name ?? '').replace(/^['"]|['"]$/g, ''));
    }
    // Whatever addressparser made of a malformed line, a bare address in it is still offered.
    for (const match of line.value.matchAll(/[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[A-Za-z0-9-]+/g)) add(match[0]);
  }
  return found;
}

export interface MessageHeaders {
  senders: string[];
  subject: string;
  date: Date | null;
  messageId: string | null;
}

export function readMessageHeaders(raw: Buffer): MessageHeaders {
  const lines = parseHeaderLines(raw.subarray(0, headerEnd(raw).end));
  const dateText = headerValue(lines, 'date');
  const date = dateText ? new Date(dateText) : null;
  return {
    senders: senderAddresses(lines),
    subject: decodeWords(headerValue(lines, 'subject') ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
    date: date && !Number.isNaN(date.getTime()) ? date : null,
    messageId: headerValue(lines, 'message-id')?.trim() || null,
  };
}
