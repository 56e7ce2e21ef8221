/**
 * Calendar days in a time zone for the charts (NOTIFICATIONS_TIME_ZONE): the keys of the last N days and a lower
 * bound in time that is sure to cover them. Day keys step back on the calendar, not by 24 hours, so a daylight
 * saving change never drops or repeats a day.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A YYYY-MM-DD day key in a time zone. The formatter is kept per zone: building one costs far more than using it,
 * and a chart keys every run it draws.
 */
export function dayKey(date: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

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
