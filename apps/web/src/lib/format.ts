const COUNTS = new Intl.NumberFormat('en-US');

/** Counts with thousands separators whatever the browser's language ("Records 20,200"), as the server writes them. */
export function formatCount(value: number): string {
  return COUNTS.format(value);
}
