/**
 * The one way the app writes dates (docs/behaviour/screens.md#dates): US calendar dates (MM/DD/YYYY, as the
 * spec asks of the grid), date-times as that date with h:mm AM/PM in the browser's time zone, and "5 minutes
 * ago" for the recent past in lists. Every screen that shows a date, the previews included, goes through here,
 * so a value reads the same in the Process File preview, the grid, the order's detail and the lists. Account's two
 * times alone are long and localised, as the spec asks of that page (formatLongDateTime).
 */

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: 'numeric', minute: '2-digit' };
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * MM/DD/YYYY. A YYYY-MM-DD value is built from its parts in local time: `new Date('2024-03-05')` would be UTC
 * midnight and show the day before in American time zones. A timestamp is shown by its date part. A value that
 * is no date comes back as it is; a missing one as ''.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const parts = DATE_PREFIX.exec(value);
  if (parts) {
    const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
    return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', DATE);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', DATE);
}

/** MM/DD/YYYY, h:mm AM/PM in the browser's time zone; a bare YYYY-MM-DD is a calendar date (no time). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  if (DATE_ONLY.test(value)) return formatDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', DATE_TIME);
}

/** Long, localised date and time: Account's Last Login and Created On only (the spec's format for that page). */
export function formatLongDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'long' });
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", up to a week; older (or future) times as
 * formatDateTime. Empty for a missing or unreadable time.
 */
export function formatRelativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 0 || seconds >= WEEK_SECONDS) return formatDateTime(value);
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (let index = UNITS.length - 1; index >= 0; index -= 1) {
    const [unit, size] = UNITS[index]!;
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}
