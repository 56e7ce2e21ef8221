import { MAX_UPLOAD_BYTES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { checkUploadFile, humanizeKey, pollErrorIsCurrent } from './run-format';

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
