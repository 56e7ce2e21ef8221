/**
 * One SheetJS cell → the text a user means by it (the contract of `Table.rows`):
 * - text cells exactly as stored (long codes kept as text stay exact, leading zeros included);
 * - numbers as plain decimal text, never in exponent form, at Excel's 15 significant digits
 *   (12345678901234 → '12345678901234', 0.1+0.2 → '0.3'); thousands separators, currency and
 *   percent formats are not applied (12.5% → '0.125'), so callers can parse the value back;
 * - numbers whose format pads with zeros or adds literal text ('000000', '"SKU-"0') as Excel shows
 *   them ('000123'), because such a number is a code, not a quantity;
 * - dates as 'YYYY-MM-DD', date-times as 'YYYY-MM-DDTHH:mm:ss', times of day as 'HH:mm:ss',
 *   whatever display format the workbook uses; elapsed times ('[h]:mm') as shown;
 * - booleans as 'TRUE' / 'FALSE', errors as Excel shows them ('#N/A').
 */
import * as XLSX from '@e965/xlsx';
import { excelSerialToParts, isoDate, isoDateTime, isoTime } from './parse-date';

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
      return value == null ? '' : String(value);
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

/** A number cell's text under its number format (the rules above). */
export function numberCellText(value: number, format: string, date1904: boolean): string {
  const kind = formatKind(format);
  if (kind === 'date' || kind === 'datetime' || kind === 'time') {
    const parts = excelSerialToParts(value, date1904);
    if (parts) {
      if (kind === 'date') return isoDate(parts);
      // A time format on a value with a day part still names a moment: keep the date.
      if (kind === 'time' && value < 1) return isoTime(parts);
      return isoDateTime(parts);
    }
  }
  if ((kind === 'elapsed' || (kind === 'code' && Number.isInteger(value))) && format) {
    try {
      return XLSX.SSF.format(format, value) as string;
    } catch {
      // an unusual format SheetJS cannot render: fall back to the plain number
    }
  }
  return plainNumber(value);
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
