/**
 * One SheetJS cell → the text a user means by it (the contract of `Table.rows`):
 * - text cells exactly as stored (long codes kept as text stay exact, leading zeros included), except
 *   that every line break is '\n' (Excel itself keeps only LF; a CR LF would break header matching);
 * - numbers as plain decimal text, never in exponent form, at Excel's 15 significant digits
 *   (12345678901234 → '12345678901234', 0.1+0.2 → '0.3'); thousands separators, currency and
 *   percent formats are not applied (12.5% → '0.125'), so callers can parse the value back;
 * - numbers whose format pads with zeros or adds literal text ('000000', '"SKU-"0') as Excel shows
 *   them ('000123'), because such a number is a code, not a quantity;
 * - dates as 'YYYY-MM-DD', date-times as 'YYYY-MM-DDTHH:mm:ss', times of day as 'HH:mm:ss' (a
 *   time-of-day format shows only the time, as Excel does, whatever the day part), whatever display
 *   format the workbook uses, rounded to the second as Excel rounds them; serial 0 under a date format
 *   as Excel shows it, '1900-01-00' (a day no calendar has, so parseDateCell finds no date in it);
 * - elapsed times ('[h]:mm') as Excel shows them ('36:00'), negative ones with a minus ('-01:30');
 * - booleans as 'TRUE' / 'FALSE', errors as Excel shows them ('#N/A').
 */
import * as XLSX from '@e965/xlsx';
import { excelSerialToParts, isoDate, isoDateTime, isoTime } from './parse-date';
import { normaliseLineBreaks } from './table-rows';

const ERROR_TEXT: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

export function cellText(cell: XLSX.CellObject | undefined | null, date1904: boolean): string {
  if (!cell) return '';
  const value = cell.v;
  switch (cell.t) {
    case 's':
      return value == null ? '' : normaliseLineBreaks(String(value));
    case 'b':
      return value ? 'TRUE' : 'FALSE';
    case 'e':
      return cell.w ?? (typeof value === 'number' ? (ERROR_TEXT[value] ?? '#ERROR!') : String(value ?? ''));
    case 'n':
      return typeof value === 'number'
        ? numberCellText(value, formatOf(cell), date1904)
        : String(value ?? '');
    case 'd':
      return dateValueText(value, formatOf(cell));
    default:
      return value == null ? '' : String(value);
  }
}

function formatOf(cell: XLSX.CellObject): string {
  const z = cell.z;
  if (typeof z === 'string') return z;
  if (typeof z === 'number') return (XLSX.SSF.get_table() as Record<number, string>)[z] ?? 'General';
  return 'General';
}

type FormatKind = 'general' | 'date' | 'datetime' | 'time' | 'elapsed' | 'code';

const kindCache = new Map<string, FormatKind>();

/** What a number format makes of a number, judged on its first (positive) section. */
export function formatKind(format: string): FormatKind {
  let kind = kindCache.get(format);
  if (kind === undefined) {
    kind = classify(format);
    if (kindCache.size < 10_000) kindCache.set(format, kind);
  }
  return kind;
}

function classify(format: string): FormatKind {
  if (format === 'General' || format === '@' || format === '') return 'general';
  const section = firstSection(format);
  if (/\[(?:h+|m+|s+)\]/i.test(section)) return 'elapsed';
  const hadLiterals = /"|\\/.test(section);
  // Remove literals, colour/locale blocks ([Red], [$€-407]), padding (_x, *x) and AM/PM markers.
  const bare = section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[_*]./g, '')
    .replace(/AM\/PM|A\/P/gi, 'h');
  const hasTime = /[hs]/i.test(bare);
  const hasDate = /[yd]/i.test(bare) || (/m/i.test(bare) && !hasTime);
  if (hasDate) return hasTime ? 'datetime' : 'date';
  if (hasTime) return 'time';
  const digits = bare.replace(/[\s\-()/:]/g, '');
  if (/^0+$/.test(digits) && (digits.length > 1 || hadLiterals)) return 'code';
  return 'general';
}

function firstSection(format: string): string {
  let inQuotes = false;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === '\\') i++;
    else if (c === ';' && !inQuotes) return format.slice(0, i);
  }
  return format;
}

/** Excel's rendering of serial 0 in the 1900 date system (the day before 1900-01-01). */
export const DAY_ZERO = '1900-01-00';

/** A number cell's text under its number format (the rules above). */
export function numberCellText(value: number, format: string, date1904: boolean): string {
  const kind = formatKind(format);
  if (kind === 'date' || kind === 'datetime' || kind === 'time') {
    const parts = excelSerialToParts(value, date1904);
    if (parts) {
      // A time-of-day format (h:mm, h:mm AM/PM, h:mm A/P) shows the time whatever the day part.
      if (kind === 'time') return isoTime(parts);
      // Day 0 of the 1900 system is no calendar day; Excel shows it as 1900-01-00, and so do we.
      const day = !date1904 && parts.year < 1900 ? DAY_ZERO : isoDate(parts);
      return kind === 'date' ? day : `${day}T${isoTime(parts)}`;
    }
  }
  if (kind === 'elapsed') return elapsedText(value, format);
  if (kind === 'code' && Number.isInteger(value) && format) {
    try {
      return XLSX.SSF.format(format, value) as string;
    } catch {
      // an unusual format SheetJS cannot render: fall back to the plain number
    }
  }
  return plainNumber(value);
}

/**
 * A duration under an elapsed-time format, as Excel shows it: '[h]:mm' → '36:00', '[mm]:ss' → '14:24',
 * '[h]:mm:ss.00' → '0:00:01.50'; rounded to the format's smallest unit; a negative duration (which Excel
 * shows as ##### in the 1900 system) with a leading minus.
 */
export function elapsedText(days: number, format: string): string {
  const section = firstSection(format);
  const decimals = /s\.(0+)/i.exec(section.replace(/"[^"]*"/g, ''))?.[1]?.length ?? 0;
  const scale = 10 ** decimals;
  const units = Math.round(Math.abs(days) * 86_400 * scale);
  const seconds = Math.floor(units / scale);
  const fraction = units % scale;
  const top = /\[(h+|m+|s+)\]/i.exec(section)?.[1]?.[0]?.toLowerCase() ?? 'h';
  let out = '';
  for (let i = 0; i < section.length; ) {
    const rest = section.slice(i);
    const token = /^(?:\[(h+|m+|s+)\]|h+|m+|s+|\.0+|"[^"]*"|\\.|[_*].|\[[^\]]*\])/i.exec(rest)?.[0];
    if (!token) {
      out += section[i++];
      continue;
    }
    i += token.length;
    const lower = token.toLowerCase();
    const width = lower.replace(/[[\]]/g, '').length;
    if (lower.startsWith('[h') || lower.startsWith('[m') || lower.startsWith('[s')) {
      const total =
        lower[1] === 'h' ? Math.floor(seconds / 3600) : lower[1] === 'm' ? Math.floor(seconds / 60) : seconds;
      out += String(total).padStart(width, '0');
    } else if (lower[0] === 'h') out += String(Math.floor(seconds / 3600) % 24).padStart(width, '0');
    else if (lower[0] === 'm')
      out += String(top === 'h' ? Math.floor(seconds / 60) % 60 : Math.floor(seconds / 60)).padStart(
        width,
        '0',
      );
    else if (lower[0] === 's') out += String(top === 's' ? seconds : seconds % 60).padStart(width, '0');
    else if (lower[0] === '.')
      out += `.${String(fraction)
        .padStart(decimals, '0')
        .slice(0, token.length - 1)}`;
    else if (lower[0] === '"') out += token.slice(1, -1);
    else if (lower[0] === '\\') out += token[1];
    else if (lower[0] === '_') out += ' ';
    // colour and locale blocks ([Red], [$-409]) and fill characters (*x) show nothing
  }
  return units > 0 && days < 0 ? `-${out}` : out;
}

/** A Date from SheetJS (only when a caller reads with cellDates); its UTC fields are the serial's fields. */
function dateValueText(value: unknown, format: string): string {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return String(value ?? '');
  const parts = {
    year: value.getUTCFullYear(),
    month: value.getUTCMonth() + 1,
    day: value.getUTCDate(),
    hour: value.getUTCHours(),
    minute: value.getUTCMinutes(),
    second: value.getUTCSeconds(),
  };
  const kind = formatKind(format);
  return kind === 'datetime' || kind === 'time' ? isoDateTime(parts) : isoDate(parts);
}

/**
 * A number as plain decimal text: integers in full (no exponent, up to Excel's limits), fractions at
 * 15 significant digits, which removes binary noise such as 0.30000000000000004.
 */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? value.toFixed(0) : BigInt(value).toString();
  const text = String(Number(value.toPrecision(15)));
  return text.includes('e') ? expandExponent(text) : text;
}

/** '1.5e-7' → '0.00000015', '1.5e+21' → '1500000000000000000000'. */
function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = '', exponentText] = match;
  const digits = `${whole}${fraction}`;
  const point = whole!.length + Number(exponentText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '');
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
const ISO_TIME = /^T?(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?$/i;
const ISO_DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i;

/**
 * A cell stored as ISO 8601 text (t="d": Strict OOXML, some generators): a date, date-time, time or
 * duration ('PT0H11M0.000S'). It becomes the serial Excel would store and is shown under the cell's
 * number format like any number, so that '15:59:59.999' rounds to 16:00:00 as Excel shows it; without
 * a date or time format, a date shows as a date (with its time when it has one) and a duration as
 * '[h]:mm:ss'. Text that is none of these is kept as written.
 */
export function isoCellText(value: string, format: string, date1904: boolean): string {
  const text = value.trim();
  const kind = formatKind(format);
  const duration = ISO_DURATION.exec(text);
  if (duration && text.length > 1 && !/T$/i.test(text)) {
    const [, minus, d = '0', h = '0', m = '0', s = '0'] = duration;
    const days = Number(d) + Number(h) / 24 + Number(m) / 1440 + Number(s) / 86_400;
    return elapsedText(minus ? -days : days, kind === 'elapsed' ? format : '[h]:mm:ss');
  }
  let serial: number;
  let hasTime: boolean;
  const moment = ISO_DATE_TIME.exec(text);
  if (moment) {
    const [, year, month, day, hour = '0', minute = '0', second = '0'] = moment;
    let days = (Date.UTC(+year!, +month! - 1, +day!) - Date.UTC(1899, 11, 30)) / 86_400_000;
    if (date1904) days -= 1462;
    // Before 1900-01-01 there is no date in Excel's 1900 system, only the time (day 0, "1900-01-00");
    // up to 1900-02-28 Excel's serials are one lower, because it counts a 1900-02-29.
    else if (days < 1) days = 0;
    else if (days < 61) days -= 1;
    const seconds = +hour * 3600 + +minute * 60 + Number(second);
    serial = days + seconds / 86_400;
    hasTime = seconds !== 0;
  } else {
    const time = ISO_TIME.exec(text);
    if (!time) return value;
    const [, hour, minute, second = '0'] = time;
    serial = (+hour! * 3600 + +minute! * 60 + Number(second)) / 86_400;
    hasTime = true;
  }
  if (kind === 'date' || kind === 'datetime' || kind === 'time')
    return numberCellText(serial, format, date1904);
  if (kind === 'elapsed') return elapsedText(serial, format);
  // A date alone is a date even on day 0 (Strict's 1899-12-31 is Excel's 1900-01-00); a time on day 0 is a time of day.
  const shown = !hasTime ? 'yyyy-mm-dd' : serial < 1 && !date1904 ? 'hh:mm:ss' : 'yyyy-mm-dd hh:mm:ss';
  return numberCellText(serial, shown, date1904);
}
