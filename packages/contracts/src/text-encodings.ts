import { z } from 'zod';

/**
 * The text encodings a CSV or text file may be read in, for a source that pins its files' encoding
 * (files are otherwise read as their byte-order mark, their declaration or their bytes suggest).
 * Values are WHATWG/IANA names; the server decodes each of them.
 */
export const TEXT_ENCODINGS = [
  { value: 'utf-8', label: 'Unicode (UTF-8)' },
  { value: 'utf-16le', label: 'Unicode (UTF-16 LE)' },
  { value: 'utf-16be', label: 'Unicode (UTF-16 BE)' },
  { value: 'utf-32le', label: 'Unicode (UTF-32 LE)' },
  { value: 'utf-32be', label: 'Unicode (UTF-32 BE)' },
  { value: 'windows-1252', label: 'Western European (Windows-1252)' },
  { value: 'iso-8859-1', label: 'Western European (ISO-8859-1)' },
  { value: 'iso-8859-15', label: 'Western European (ISO-8859-15)' },
  { value: 'windows-1250', label: 'Central European (Windows-1250)' },
  { value: 'iso-8859-2', label: 'Central European (ISO-8859-2)' },
  { value: 'windows-1251', label: 'Cyrillic (Windows-1251)' },
  { value: 'koi8-r', label: 'Cyrillic (KOI8-R)' },
  { value: 'iso-8859-5', label: 'Cyrillic (ISO-8859-5)' },
  { value: 'windows-1253', label: 'Greek (Windows-1253)' },
  { value: 'iso-8859-7', label: 'Greek (ISO-8859-7)' },
  { value: 'windows-1254', label: 'Turkish (Windows-1254)' },
  { value: 'iso-8859-9', label: 'Turkish (ISO-8859-9)' },
  { value: 'windows-1255', label: 'Hebrew (Windows-1255)' },
  { value: 'iso-8859-8', label: 'Hebrew (ISO-8859-8)' },
  { value: 'windows-1256', label: 'Arabic (Windows-1256)' },
  { value: 'iso-8859-6', label: 'Arabic (ISO-8859-6)' },
  { value: 'windows-1257', label: 'Baltic (Windows-1257)' },
  { value: 'windows-1258', label: 'Vietnamese (Windows-1258)' },
  { value: 'windows-874', label: 'Thai (Windows-874)' },
  { value: 'shift_jis', label: 'Japanese (Shift_JIS)' },
  { value: 'euc-jp', label: 'Japanese (EUC-JP)' },
  { value: 'euc-kr', label: 'Korean (EUC-KR)' },
  { value: 'gb18030', label: 'Chinese Simplified (GB18030)' },
  { value: 'big5', label: 'Chinese Traditional (Big5)' },
] as const;

export type TextEncodingName = (typeof TEXT_ENCODINGS)[number]['value'];

export const TEXT_ENCODING_NAMES = TEXT_ENCODINGS.map((encoding) => encoding.value) as [
  TextEncodingName,
  ...TextEncodingName[],
];

/** The editors' choice that pins nothing: the encoding is read from each file's bytes. */
export const DETECT_TEXT_ENCODING = 'auto';

/** The source editors' Text Encoding choices. */
export const TEXT_ENCODING_OPTIONS = [
  { value: DETECT_TEXT_ENCODING, label: 'Detect automatically' },
  ...TEXT_ENCODINGS,
] as const;

/** The editors' hint under Text Encoding. */
export const TEXT_ENCODING_HINT =
  "CSV and text files only. Detected from each file unless set; set it when a supplier's letters come out wrong.";

/**
 * A source's pinned text encoding: one of TEXT_ENCODINGS, or '' (the default; the editors send 'auto') for
 * "detect from the bytes". Beyond the spec: for a supplier whose files' encoding the bytes cannot tell.
 */
export const ZTextEncodingSchema = z
  .union([z.literal(''), z.literal(DETECT_TEXT_ENCODING), z.enum(TEXT_ENCODING_NAMES)], {
    error: 'Choose one of the listed encodings',
  })
  .nullish()
  .transform((value): TextEncodingName | '' => (value && value !== DETECT_TEXT_ENCODING ? value : ''));

export function textEncodingLabel(name: string): string {
  return TEXT_ENCODINGS.find((encoding) => encoding.value === name)?.label ?? name;
}
