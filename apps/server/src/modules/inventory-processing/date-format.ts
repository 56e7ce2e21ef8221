/**
 * The status date of the generated file is written the way the sample file writes its dates. For text
 * (CSV cells, or text cells of a workbook) the shape is learnt from the sample's values: order, separator,
 * zero padding, 2- or 4-digit year, and a time of day when they have one. Workbook date cells keep their
 * number format instead (output-file.ts). Without a usable sample value: MM/DD/YYYY.
 */

export interface TextDateFormat {
  order: 'YMD' | 'MDY' | 'DMY';
  separator: string;
  padMonth: boolean;
  padDay: boolean;
  yearDigits: 2 | 4;
  /** A time of day after the date ('2024-01-15 08:30'), or none. */
  time: null | { separator: ' ' | 'T'; padHour: boolean; seconds: boolean };
}

export const DEFAULT_TEXT_DATE_FORMAT: TextDateFormat = {
  order: 'MDY',
  separator: '/',
  padMonth: true,
  padDay: true,
  yearDigits: 4,
  time: null,
};

const DATE_TEXT = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?:([ T])(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** The format of the sample's date texts (first 200 that look like dates), or null when none does. */
export function detectTextDateFormat(values: Iterable<string>): TextDateFormat | null {
  const matches: RegExpExecArray[] = [];
  for (const value of values) {
    const match = DATE_TEXT.exec(value.trim());
    if (match) matches.push(match);
    if (matches.length >= 200) break;
  }
  const first = matches[0];
  if (!first) return null;
  const separator = first[2]!;
  const time = first[5]
    ? {
        separator: first[5] as ' ' | 'T',
        padHour: matches.every((m) => !m[6] || m[6].length === 2),
        seconds: first[8] !== undefined,
      }
    : null;
  if (first[1]!.length === 4) {
    return {
      order: 'YMD',
      separator,
      padMonth: matches.every((m) => m[3]!.length === 2),
      padDay: matches.every((m) => m[4]!.length === 2),
      yearDigits: 4,
      time,
    };
  }
  // Day first when a first part cannot be a month, or the dates are dotted (European); else US order.
  const dayFirst = separator === '.' || matches.some((m) => Number(m[1]) > 12);
  const monthParts = matches.map((m) => (dayFirst ? m[3]! : m[1]!));
  const dayParts = matches.map((m) => (dayFirst ? m[1]! : m[3]!));
  return {
    order: dayFirst ? 'DMY' : 'MDY',
    separator,
    padMonth: monthParts.every((part) => part.length === 2),
    padDay: dayParts.every((part) => part.length === 2),
    yearDigits: first[4]!.length === 2 ? 2 : 4,
    time,
  };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** The date (and time) in the server's local time zone, in the format. */
export function formatTextDate(date: Date, format: TextDateFormat): string {
  const year = format.yearDigits === 2 ? pad2(date.getFullYear() % 100) : String(date.getFullYear());
  const month = format.padMonth ? pad2(date.getMonth() + 1) : String(date.getMonth() + 1);
  const day = format.padDay ? pad2(date.getDate()) : String(date.getDate());
  let text = inFormatOrder(format, year, month, day).join(format.separator);
  if (format.time) {
    const hour = format.time.padHour ? pad2(date.getHours()) : String(date.getHours());
    text += `${format.time.separator}${hour}:${pad2(date.getMinutes())}`;
    if (format.time.seconds) text += `:${pad2(date.getSeconds())}`;
  }
  return text;
}

/** 'MM/DD/YYYY', 'YYYY-MM-DD HH:mm', for logs. */
export function describeTextDateFormat(format: TextDateFormat): string {
  const year = format.yearDigits === 2 ? 'YY' : 'YYYY';
  const month = format.padMonth ? 'MM' : 'M';
  const day = format.padDay ? 'DD' : 'D';
  let text = inFormatOrder(format, year, month, day).join(format.separator);
  if (format.time)
    text += `${format.time.separator}${format.time.padHour ? 'HH' : 'H'}:mm${format.time.seconds ? ':ss' : ''}`;
  return text;
}

/** The Excel serial of a local date and time (1900 system): days since 1899-12-30, time as a fraction. */
export function excelSerial(date: Date, withTime: boolean): number {
  const days = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000 + 25_569;
  if (!withTime) return days;
  return days + (date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds()) / 86_400;
}

function inFormatOrder(format: TextDateFormat, year: string, month: string, day: string): string[] {
  if (format.order === 'YMD') return [year, month, day];
  if (format.order === 'MDY') return [month, day, year];
  return [day, month, year];
}
