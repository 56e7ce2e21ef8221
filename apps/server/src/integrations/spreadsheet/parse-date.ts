/**
 * Dates: Excel serial numbers → ISO text (used for workbook cells), and `parseDateCell`, which callers
 * use on CSV date columns (CSV cells are returned as written).
 */

export type DateOrder = 'MDY' | 'DMY';

export interface ParseDateOptions {
  /** Order of a numeric date with `/` or `-` (`03/05/2024`). Default 'MDY' (US). Dotted dates are always day first. */
  order?: DateOrder;
  /** Also accept an Excel serial day number (`45356` → 2024-03-05), as some exports write. Default false. */
  excelSerial?: boolean;
  /** Serial numbers count from 1904 (old Mac workbooks). Default false. */
  date1904?: boolean;
}

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Last day Excel can show: 9999-12-31. */
const MAX_SERIAL = 2_958_465;
const MS_PER_DAY = 86_400_000;

/**
 * Calendar parts of an Excel serial, to the nearest second, independent of the server's time zone.
 * The 1900 system keeps Excel's phantom 1900-02-29 (serial 60), so earlier serials show as Excel
 * shows them.
 */
export function excelSerialToParts(serial: number, date1904 = false): DateTimeParts | null {
  if (!Number.isFinite(serial) || serial < 0 || serial > MAX_SERIAL) return null;
  let days = Math.floor(serial);
  let seconds = Math.round((serial - days) * 86_400);
  if (seconds === 86_400) {
    days++;
    seconds = 0;
  }
  const time = {
    hour: Math.floor(seconds / 3600),
    minute: Math.floor(seconds / 60) % 60,
    second: seconds % 60,
  };
  if (date1904) days += 1462;
  else if (days === 60) return { year: 1900, month: 2, day: 29, ...time };
  else if (days < 60) days++;
  const date = new Date(Date.UTC(1899, 11, 30) + days * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), ...time };
}

export function isoDate(p: DateTimeParts): string {
  return `${pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}`;
}

export function isoTime(p: DateTimeParts): string {
  return `${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}`;
}

export function isoDateTime(p: DateTimeParts): string {
  return `${isoDate(p)}T${isoTime(p)}`;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/** An optional time after the date; its value is ignored (only the date is returned). */
const TIME = String.raw`(?:(?:T|\s+|\s*,\s*)\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:[ap]\.?m\.?)?\s*(?:z|utc|gmt|[+-]\d{2}:?\d{2})?)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}$`, 'i');
const YMD = new RegExp(String.raw`^(\d{4})([/.])(\d{1,2})\2(\d{1,2})${TIME}$`, 'i');
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`, 'i');
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[\s./-]*([a-z]{3,9})\.?[\s.,/-]*(\d{4}|\d{2})${TIME}$`,
  'i',
);
const MONTH_NAME_DAY = new RegExp(
  String.raw`^([a-z]{3,9})\.?[\s./-]*(\d{1,2})(?:st|nd|rd|th)?,?[\s./-]*(\d{4}|\d{2})${TIME}$`,
  'i',
);
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;
const SERIAL = /^\d{1,7}(?:\.\d+)?$/;

type DateReader = (m: RegExpExecArray, options: ParseDateOptions) => string | null;

/** Tried in order; the first pattern that matches decides (a match that is no real day gives null). */
const PATTERNS: readonly [RegExp, DateReader][] = [
  [ISO, (m) => ymd(+m[1]!, +m[2]!, +m[3]!)],
  [YMD, (m) => ymd(+m[1]!, +m[3]!, +m[4]!)],
  // Eight bare digits are as often an id (`45001201`, a PO) as a date: only a year of this era makes them one.
  [COMPACT, (m) => (+m[1]! >= 1900 && +m[1]! < 2200 ? ymd(+m[1]!, +m[2]!, +m[3]!) : null)],
  [
    NUMERIC,
    (m, options) => {
      const first = +m[1]!;
      const second = +m[3]!;
      const year = fullYear(m[4]!);
      const dayFirst = m[2] === '.' || options.order === 'DMY';
      return dayFirst ? ymd(year, second, first) : ymd(year, first, second);
    },
  ],
  [DAY_MONTH_NAME, (m) => ymd(fullYear(m[3]!), monthNumber(m[2]!), +m[1]!)],
  [MONTH_NAME_DAY, (m) => ymd(fullYear(m[3]!), monthNumber(m[1]!), +m[2]!)],
];

/**
 * Reads a date written in a cell and returns it as 'YYYY-MM-DD', or null when the text is not a date
 * (or not a real calendar day: 02/30/2024 is null). A time after the date is accepted and dropped; a
 * time-zone offset is not applied (the date is the one written).
 *
 * Accepted: ISO `2024-03-05` (with or without a time), `2024/03/05`, `20240305`, `03/05/2024` and
 * `3-5-24` (order per `options.order`, two-digit years as Excel reads them: 00–29 → 20xx),
 * `05.03.2024` (day first), `5 Mar 2024`, `05-Mar-24`, `Mar 5, 2024`, `Tuesday, March 5th 2024`,
 * and with `excelSerial` a serial day number.
 */
export function parseDateCell(text: string, options: ParseDateOptions = {}): string | null {
  const value = text.trim().replace(WEEKDAY, '');
  if (value === '') return null;
  for (const [pattern, toDate] of PATTERNS) {
    const m = pattern.exec(value);
    if (m) return toDate(m, options);
  }
  if (options.excelSerial && SERIAL.test(value)) {
    const serial = Number(value);
    if (serial < 1) return null;
    const parts = excelSerialToParts(serial, options.date1904);
    return parts ? isoDate(parts) : null;
  }
  return null;
}

/**
 * Looks at a column's numeric dates (`03/05/2024`) and says which order they must be in: 'DMY' when
 * some first part is above 12, 'MDY' when some second part is, null when nothing tells (or when the
 * column contradicts itself). Use it to pick `parseDateCell`'s `order` for a whole column.
 */
export function inferDateOrder(texts: Iterable<string>): DateOrder | null {
  let dayFirst = false;
  let monthFirst = false;
  for (const text of texts) {
    const m = NUMERIC.exec(text.trim());
    if (!m || m[2] === '.') continue;
    if (+m[1]! > 12 && +m[3]! <= 12) dayFirst = true;
    if (+m[3]! > 12 && +m[1]! <= 12) monthFirst = true;
  }
  if (dayFirst === monthFirst) return null;
  return dayFirst ? 'DMY' : 'MDY';
}

function ymd(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1 || year > 9999) return null;
  if (day > daysInMonth(year, month)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Two-digit years as Excel reads them: 00–29 → 2000–2029, 30–99 → 1930–1999. */
function fullYear(text: string): number {
  const year = +text;
  if (text.length > 2) return year;
  return year < 30 ? 2000 + year : 1900 + year;
}

function monthNumber(name: string): number {
  return MONTHS[name.toLowerCase()] ?? 0;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
