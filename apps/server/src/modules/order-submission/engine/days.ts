/**
 * Calendar days for batches and non-daily vendors (docs/behaviour/order-submission.md#batches). A day is the server's local calendar day
 * (the process time zone, TZ), read from the app clock so that tests can move time. Days are handled as
 * 'YYYY-MM-DD' text, which PostgreSQL's date columns take and give back as is and which sorts by date.
 */

export type Day = string;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function dayOf(at: Date): Day {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The day `count` days after `day` (count may be negative). */
export function addDays(day: Day, count: number): Day {
  const [year, month, date] = day.split('-').map(Number);
  // Noon keeps a daylight-saving change from moving the result to another day.
  const at = new Date(year!, month! - 1, date! + count, 12);
  return dayOf(at);
}
