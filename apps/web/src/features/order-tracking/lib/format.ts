/** Display formats of the order tracking screens: plain numbers, N/A on the detail page (dates: shared/format/dates.ts). */

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
