/** Long localized date-time text (Account page), or '' when absent. */
export function formatLongDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'long' });
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}

const COUNTS = new Intl.NumberFormat('en-US');

/** Counts with thousands separators whatever the browser's language ("Records 20,200"), as the server writes them. */
export function formatCount(value: number): string {
  return COUNTS.format(value);
}
