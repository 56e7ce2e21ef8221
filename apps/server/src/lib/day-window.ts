/**
 * Calendar days in a time zone for the charts (NOTIFICATIONS_TIME_ZONE): the keys of the last N days and a lower
 * bound in time that is sure to cover them. Day keys step back on the calendar, not by 24 hours, so a daylight
 * saving change never drops or repeats a day.
 */
import { dayKey } from '../modules/notifications/digest-data';

export { dayKey };

const DAY_MS = 86_400_000;

/** The keys (YYYY-MM-DD) of the `days` days ending with today in `timeZone`, oldest first. */
export function lastDays(now: Date, days: number, timeZone: string): string[] {
  const today = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  const keys: string[] = [];
  for (let back = days - 1; back >= 0; back--) {
    keys.push(new Date(today - back * DAY_MS).toISOString().slice(0, 10));
  }
  return keys;
}

/** A time before the start of the first of those days in any time zone (offsets reach ±14 h). */
export function windowStart(now: Date, days: number): Date {
  return new Date(now.getTime() - (days + 1) * DAY_MS);
}
