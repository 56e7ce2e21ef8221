/**
 * Turns the bytes of a text spreadsheet (CSV, tab-separated text, an HTML table) into a string.
 *
 * Order, most certain first:
 * 1. a byte-order mark (UTF-8, UTF-16 LE as Excel's "Unicode Text" writes it, UTF-16 BE, UTF-32);
 * 2. the encoding the source pins, when it pins one;
 * 3. UTF-16/UTF-32 without a mark, recognised by their zero bytes, which must fall on one side of the
 *    code units, in runs of ASCII characters, over a minimum sample (a NUL byte in UTF-8 is no evidence);
 * 4. UTF-8, when the bytes are valid UTF-8 (plain ASCII included): text in another encoding almost
 *    never is, since any accented letter followed by ASCII is an invalid UTF-8 sequence;
 * 5. the charset an HTML table or XML file declares (`<meta charset>`, `<?xml encoding?>`);
 * 6. the encoding the bytes suggest (chardet's statistical detector, over the lines that hold non-ASCII
 *    bytes): Windows-125x, ISO-8859-x, KOI8-R, Shift_JIS, EUC-JP, EUC-KR, GB18030, Big5. When it has
 *    little to go on, the result carries a note naming the encoding assumed, for the run to show.
 *    ISO-8859-1 is read as Windows-1252 (its superset, what Windows programs write).
 *
 * Windows-1252 is decoded here, not with TextDecoder: Node 20.18.3+ and 22.13+ decode 'windows-1252'
 * as Latin-1, turning €, smart quotes and dashes (bytes 0x80–0x9F) into control characters
 * (https://github.com/nodejs/node/issues/60888). The other legacy encodings go through iconv-lite.
 */
import { TEXT_ENCODING_NAMES, type TextEncodingName, textEncodingLabel } from '@app/contracts';
import chardet from 'chardet';
import iconv from 'iconv-lite';

export type { TextEncodingName };

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** Whether the bytes started with a byte-order mark (the mark is not part of `text`). */
  bom: boolean;
  /** Set when the encoding is a guess with little evidence: what the run should tell the user. */
  note?: string;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const BOMS: readonly { bytes: readonly number[]; encoding: TextEncodingName }[] = [
  // UTF-32 LE before UTF-16 LE: its mark starts with the same two bytes.
  { bytes: [0xff, 0xfe, 0x00, 0x00], encoding: 'utf-32le' },
  { bytes: [0x00, 0x00, 0xfe, 0xff], encoding: 'utf-32be' },
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

export function decodeText(bytes: Uint8Array, pinned?: TextEncodingName): DecodedText {
  for (const mark of BOMS) {
    if (mark.bytes.every((byte, i) => bytes[i] === byte)) {
      return {
        text: decodeAs(mark.encoding, bytes.subarray(mark.bytes.length)),
        encoding: mark.encoding,
        bom: true,
      };
    }
  }
  if (pinned) return { text: decodeAs(pinned, bytes), encoding: pinned, bom: false };
  const wide = guessBomlessUnicode(bytes);
  if (wide) return { text: decodeAs(wide, bytes), encoding: wide, bom: false };
  try {
    return { text: utf8Strict.decode(bytes), encoding: 'utf-8', bom: false };
  } catch {
    // not UTF-8: a legacy encoding, declared or to be detected
  }
  const declared = declaredCharset(bytes);
  if (declared && declared !== 'utf-8')
    return { text: decodeAs(declared, bytes), encoding: declared, bom: false };
  const detected = detectLegacyEncoding(bytes);
  return {
    text: decodeAs(detected.encoding, bytes),
    encoding: detected.encoding,
    bom: false,
    ...(detected.weak
      ? {
          note: `The file's text encoding is not declared; it was read as ${textEncodingLabel(detected.encoding)}, which its bytes suggest. If letters look wrong, set the encoding in the source's settings.`,
        }
      : {}),
  };
}

/** A source's stored setting as an encoding to pin: undefined for '' (detect) or a name this reader does not know. */
export function pinnedEncoding(setting: string | null | undefined): TextEncodingName | undefined {
  return setting && SUPPORTED.has(setting) ? (setting as TextEncodingName) : undefined;
}

export function decodeAs(encoding: TextEncodingName, bytes: Uint8Array): string {
  switch (encoding) {
    case 'utf-8':
    case 'utf-16le':
    case 'utf-16be':
      return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
    case 'windows-1252':
      return decodeWindows1252(bytes);
    default:
      return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding, {
        stripBOM: false,
      });
  }
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

/** Code units a file must have before its zero bytes count as evidence of UTF-16 (16 bytes). */
const MIN_UTF16_UNITS = 8;
/** Pairs of neighbouring ASCII code units (`1,`, `\r\n`) a UTF-16 sample must hold. */
const MIN_UTF16_ASCII_PAIRS = 4;

/**
 * Unicode without a mark, told by where its zero bytes are. Every ASCII character in UTF-16 LE has a zero
 * in the odd position, and digits, separators and line breaks come in runs (`12,4.50\r\n`): the zeros
 * fall on every other byte. Any other character below U+0100 has one too, and a character of another
 * script seldom has one in the even position; BE the other way round. UTF-32 has zeros in its two high
 * bytes for every character below U+10000. Text in an 8-bit or multi-byte legacy encoding has no zero byte
 * at all, and a stray NUL in a UTF-8 file is no evidence: the evidence is a sample of MIN_UTF16_UNITS code
 * units, zeros on one side in 5 % of them and hardly any on the other, and MIN_UTF16_ASCII_PAIRS pairs of
 * neighbouring units that are both ASCII (a NUL byte has nonzero bytes around it; a run of NULs puts
 * zeros on both sides).
 */
function guessBomlessUnicode(bytes: Uint8Array): TextEncodingName | null {
  const length = Math.min(bytes.length, 4096) & ~3;
  if (length < 8) return null;
  const zeros = [0, 0, 0, 0];
  for (let i = 0; i < length; i++) if (bytes[i] === 0) zeros[i & 3]!++;
  const quads = length / 4;
  const [z0, z1, z2, z3] = zeros as [number, number, number, number];
  if (z2 > quads * 0.9 && z3 > quads * 0.9 && z0 < quads * 0.1) return 'utf-32le';
  if (z0 > quads * 0.9 && z1 > quads * 0.9 && z3 < quads * 0.1) return 'utf-32be';
  const units = length / 2;
  if (units < MIN_UTF16_UNITS) return null;
  const evenZeros = z0 + z2;
  const oddZeros = z1 + z3;
  if (oddZeros >= units * 0.05 && evenZeros <= oddZeros * 0.05 && asciiPairs(bytes, length, 0)) {
    return 'utf-16le';
  }
  if (evenZeros >= units * 0.05 && oddZeros <= evenZeros * 0.05 && asciiPairs(bytes, length, 1)) {
    return 'utf-16be';
  }
  return null;
}

/** Whether MIN_UTF16_ASCII_PAIRS neighbouring code units are both ASCII; `low`: the low byte's offset in a unit. */
function asciiPairs(bytes: Uint8Array, length: number, low: 0 | 1): boolean {
  const ascii = (unit: number) => {
    const value = bytes[unit * 2 + low]!;
    return bytes[unit * 2 + 1 - low] === 0 && value !== 0 && value < 0x80;
  };
  let pairs = 0;
  for (let unit = 1; unit < length / 2; unit++) {
    if (ascii(unit) && ascii(unit - 1) && ++pairs >= MIN_UTF16_ASCII_PAIRS) return true;
  }
  return false;
}

const SUPPORTED = new Set<string>(TEXT_ENCODING_NAMES);

/** Other names of the same encodings, as files declare them. */
const ALIASES: Record<string, TextEncodingName> = {
  utf8: 'utf-8',
  latin1: 'windows-1252',
  'iso-8859-1': 'windows-1252',
  'us-ascii': 'windows-1252',
  ascii: 'windows-1252',
  cp1252: 'windows-1252',
  'x-sjis': 'shift_jis',
  sjis: 'shift_jis',
  ms_kanji: 'shift_jis',
  cp932: 'shift_jis',
  'windows-31j': 'shift_jis',
  gbk: 'gb18030',
  gb2312: 'gb18030',
  cp936: 'gb18030',
  'x-gbk': 'gb18030',
  'big5-hkscs': 'big5',
  cp950: 'big5',
  cp949: 'euc-kr',
  'ks_c_5601-1987': 'euc-kr',
  'iso-8859-8-i': 'iso-8859-8',
  cp1251: 'windows-1251',
  cp1250: 'windows-1250',
};

function canonicalName(name: string): TextEncodingName | null {
  const lower = name.trim().toLowerCase();
  const alias = ALIASES[lower];
  if (alias) return alias;
  return SUPPORTED.has(lower) ? (lower as TextEncodingName) : null;
}

/** The charset an HTML page (`<meta charset>`, `http-equiv` content type) or an XML declaration names. */
function declaredCharset(bytes: Uint8Array): TextEncodingName | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 2048)).toString(
    'latin1',
  );
  const match =
    /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head) ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return match ? canonicalName(match[1]!) : null;
}

/** The detector reads at most this much: the lines with non-ASCII bytes are the ones that tell. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * chardet's best guess among the encodings above. `weak` when it had little to go on: a runner-up close
 * behind (Turkish ISO-8859-9 against Latin-1 on a few names, say), or hardly any score at all. Its
 * scores for single-byte scripts are low even when certain (Cyrillic: 27 against 5), so the margin is
 * what tells.
 */
function detectLegacyEncoding(bytes: Uint8Array): { encoding: TextEncodingName; weak: boolean } {
  const sample = nonAsciiLines(bytes);
  const candidates = chardet
    .analyse(sample)
    .map((match) => ({ encoding: canonicalName(match.name), confidence: match.confidence }))
    .filter(
      (match): match is { encoding: TextEncodingName; confidence: number } =>
        match.encoding !== null && !match.encoding.startsWith('utf-'),
    );
  const best = candidates[0];
  if (!best) return { encoding: 'windows-1252', weak: true };
  const runnerUp = candidates.find((match) => match.encoding !== best.encoding)?.confidence ?? 0;
  let encoding = best.encoding;
  // The ISO sets leave 0x80–0x9F to control characters; text that uses those bytes is Windows'.
  if (hasC1Bytes(sample)) encoding = WINDOWS_OF_ISO[encoding] ?? encoding;
  return { encoding, weak: best.confidence < 15 || best.confidence - runnerUp < 15 };
}

const WINDOWS_OF_ISO: Partial<Record<TextEncodingName, TextEncodingName>> = {
  'iso-8859-7': 'windows-1253',
  'iso-8859-8': 'windows-1255',
  'iso-8859-9': 'windows-1254',
};

function hasC1Bytes(bytes: Uint8Array): boolean {
  for (const byte of bytes) if (byte >= 0x80 && byte <= 0x9f) return true;
  return false;
}

/** Up to SAMPLE_BYTES of whole lines holding a byte ≥ 0x80 (LF is never part of a multi-byte character). */
function nonAsciiLines(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes;
  const parts: Uint8Array[] = [];
  let size = 0;
  let lineStart = 0;
  let wanted = false;
  for (let i = 0; i <= bytes.length && size < SAMPLE_BYTES; i++) {
    const byte = i < bytes.length ? bytes[i]! : 0x0a;
    if (byte >= 0x80) wanted = true;
    else if (byte === 0x0a) {
      if (wanted) {
        const line = bytes.subarray(lineStart, Math.min(i + 1, lineStart + SAMPLE_BYTES - size));
        parts.push(line);
        size += line.length;
      }
      lineStart = i + 1;
      wanted = false;
    }
  }
  return parts.length > 0 ? Buffer.concat(parts) : bytes.subarray(0, SAMPLE_BYTES);
}
