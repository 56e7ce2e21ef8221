import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './dates';

describe('formatDate', () => {
  it('shows a YYYY-MM-DD value as MM/DD/YYYY without a time-zone shift', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024');
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2023-12-31')).toBe('12/31/2023');
  });

  it('gives an empty text for no value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
  });

  it('formats a full timestamp by its date and keeps unreadable text as it is', () => {
    expect(formatDate('2024-07-04T12:00:00')).toBe('07/04/2024');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatDateTime', () => {
  it('shows date and time in US format', () => {
    expect(formatDateTime('2024-07-04T15:30:00')).toBe('07/04/2024, 3:30 PM');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('one format for every screen', () => {
  it('shows a calendar date given to formatDateTime without a time', () => {
    expect(formatDateTime('2024-03-05')).toBe('03/05/2024');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago within a week', () => {
    expect(formatRelativeTime(ago(5), now)).toBe('just now');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(3 * 3600 + 100), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
  });

  it('gives a date-time beyond a week, in the future, and nothing for no time', () => {
    expect(formatRelativeTime(ago(8 * 86400), now)).not.toMatch(/ago/);
    expect(formatRelativeTime(ago(8 * 86400), now)).not.toBe('');
    expect(formatRelativeTime(ago(-120), now)).not.toMatch(/ago/);
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
