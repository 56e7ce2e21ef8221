/** Display formats of the order tracking screens: US dates (docs/behaviour/order-tracking.md#columns), plain numbers, N/A on the detail page. */

const US_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const US_DATE_TIME: Intl.DateTimeFormatOptions = { ...US_DATE, hour: 'numeric', minute: '2-digit' };
const DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * MM/DD/YYYY for a YYYY-MM-DD value. The date is built from its parts in local time: `new Date('2024-03-05')`
 * would be UTC midnight and show the day before in American time zones. A timestamp is shown by its date part.
 */
export function formatUsDate(value: string | null | undefined): string {
  if (!value) return '';
  const parts = DATE_PREFIX.exec(value);
  if (parts) {
    const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
    return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', US_DATE);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-US', US_DATE);
}

/** MM/DD/YYYY, h:mm AM/PM in the browser's time zone (lastUpdated is a timestamp). */
export function formatUsDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-US', US_DATE_TIME);
}

export function formatQuantity(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '' : String(value);
}

/** Tracking numbers as one line, joined with commas (docs/behaviour/order-tracking.md#columns). */
export function joinTrackingNumbers(numbers: readonly { trackingNumber: string }[]): string {
  return numbers.map((entry) => entry.trackingNumber).join(', ');
}

/** The detail page's tiles show N/A for an empty value (docs/behaviour/order-tracking.md#order-detail). */
export function orNotAvailable(text: string | null | undefined): string {
  return text === null || text === undefined || text.trim() === '' ? 'N/A' : text;
}
