/** Texts for run records: relative times for list rows, count labels, the e-mail poll state. */
import { MAX_UPLOAD_BYTES } from '@app/contracts';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];
const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", up to a week; older times as a short date-time.
 * Empty for a missing or unreadable time.
 */
export function formatRelativeTime(value: string | null | undefined, now: Date = new Date()): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 0 || seconds >= WEEK_SECONDS) return formatShortDateTime(value);
  if (seconds < 60) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (let index = UNITS.length - 1; index >= 0; index -= 1) {
    const [unit, size] = UNITS[index]!;
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** Date and time without seconds, in the browser's locale. */
export function formatShortDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
}

/** `rowsImported` → "Rows imported", `ordersUpdated` → "Orders updated". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The latest poll failed when it left an error and no success came after it. */
export function pollErrorIsCurrent(source: {
  lastPollAt: string | null;
  lastPollSucceededAt: string | null;
  lastPollError: string | null;
}): boolean {
  if (!source.lastPollError) return false;
  if (!source.lastPollSucceededAt) return true;
  if (!source.lastPollAt) return true;
  return Date.parse(source.lastPollAt) > Date.parse(source.lastPollSucceededAt);
}

/** The extension of a file name, lower-cased with its dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const match = /\.[^./\\]+$/.exec(fileName);
  return match ? match[0].toLowerCase() : '';
}

/**
 * docs/behaviour/inventory.md#upload-checks: the extension must equal the source's file type, and the size must be
 * 10 MB or less. Answers the message to show, or null when the file is acceptable.
 */
export function checkUploadFile(file: { name: string; size: number }, fileType: string | null | undefined) {
  const expected = (fileType ?? '').trim().toLowerCase();
  const extension = extensionOf(file.name);
  if (expected && extension !== expected) {
    return `Invalid file type. Expected ${expected} but got ${extension || 'no extension'}`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'File size must be less than 10MB';
  return null;
}
