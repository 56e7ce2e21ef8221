import { MAX_UPLOAD_BYTES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkUploadFile, formatRelativeTime, humanizeKey, pollErrorIsCurrent } from './run-format';

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

describe('humanizeKey', () => {
  it('turns count keys into labels', () => {
    expect(humanizeKey('rowsImported')).toBe('Rows imported');
    expect(humanizeKey('messages_seen')).toBe('Messages seen');
    expect(humanizeKey('ordersUpdated')).toBe('Orders updated');
  });
});

describe('pollErrorIsCurrent', () => {
  it('is true only when the error is newer than the last success', () => {
    const base = { lastPollAt: '2026-01-02T10:00:00Z', lastPollSucceededAt: '2026-01-01T10:00:00Z' };
    expect(pollErrorIsCurrent({ ...base, lastPollError: 'Login failed' })).toBe(true);
    expect(pollErrorIsCurrent({ ...base, lastPollError: null })).toBe(false);
    expect(
      pollErrorIsCurrent({
        lastPollAt: '2026-01-02T10:00:00Z',
        lastPollSucceededAt: '2026-01-02T10:00:00Z',
        lastPollError: 'old',
      }),
    ).toBe(false);
    expect(
      pollErrorIsCurrent({
        lastPollAt: '2026-01-02T10:00:00Z',
        lastPollSucceededAt: null,
        lastPollError: 'x',
      }),
    ).toBe(true);
  });
});

describe('checkUploadFile', () => {
  it('uses the spec’s messages for a wrong type and a file over 10 MB', () => {
    expect(checkUploadFile({ name: 'a.CSV', size: 10 }, '.csv')).toBeNull();
    expect(checkUploadFile({ name: 'a.xlsx', size: 10 }, '.csv')).toBe(
      'Invalid file type. Expected .csv but got .xlsx',
    );
    expect(checkUploadFile({ name: 'README', size: 10 }, '.xls')).toBe(
      'Invalid file type. Expected .xls but got no extension',
    );
    expect(checkUploadFile({ name: 'a.csv', size: MAX_UPLOAD_BYTES }, '.csv')).toBeNull();
    expect(checkUploadFile({ name: 'a.csv', size: MAX_UPLOAD_BYTES + 1 }, '.csv')).toBe(
      'File size must be less than 10MB',
    );
    expect(checkUploadFile({ name: 'a.xls', size: 10 }, '')).toBeNull();
  });
});
