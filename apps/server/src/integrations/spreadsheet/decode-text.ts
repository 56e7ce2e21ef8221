/**
 * Turns the bytes of a text spreadsheet (CSV, tab-separated text, an HTML table) into a string.
 *
 * Order: a byte-order mark wins (UTF-8, UTF-16 LE as Excel's "Unicode Text" writes it, UTF-16 BE);
 * then UTF-16 without a BOM is recognised by its zero bytes; then the bytes are UTF-8 if they are
 * valid UTF-8, else Windows-1252 (what Excel's "CSV" writes on a Western-European Windows). Valid
 * UTF-8 that is really Windows-1252 cannot happen in practice: any accented 1252 letter followed by
 * ASCII is an invalid UTF-8 sequence.
 *
 * Windows-1252 is decoded here, not with TextDecoder: Node 20.18.3+ and 22.13+ decode 'windows-1252'
 * as Latin-1, turning €, smart quotes and dashes (bytes 0x80–0x9F) into control characters
 * (https://github.com/nodejs/node/issues/60888).
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the bytes started with a byte-order mark (the mark is not part of `text`). */
  bom: boolean;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decode('utf-8', bytes.subarray(3)), encoding: 'utf-8', bom: true };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le', bom: true };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be', bom: true };
  }
  const utf16 = guessBomlessUtf16(bytes);
  if (utf16) return { text: decode(utf16, bytes), encoding: utf16, bom: false };
  try {
    return { text: utf8Strict.decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252', bom: false };
  }
}

function decode(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string {
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

/** Bytes 0x80–0x9F of Windows-1252 (WHATWG Encoding Standard); the other bytes equal their code point. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1_RANGE = /[\u0080-\u009f]/g;

export function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(C1_RANGE, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * Text in UTF-16 has a zero byte in almost every ASCII character: in the odd positions for little
 * endian, the even ones for big endian. Text in any 8-bit encoding has none.
 */
function guessBomlessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}
