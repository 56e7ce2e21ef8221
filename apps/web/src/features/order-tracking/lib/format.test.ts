import { describe, expect, it } from 'vitest';
import {
  formatQuantity,
  formatUsDate,
  formatUsDateTime,
  joinTrackingNumbers,
  orNotAvailable,
} from './format';

describe('formatUsDate', () => {
  it('shows a YYYY-MM-DD value as MM/DD/YYYY without a time-zone shift', () => {
    expect(formatUsDate('2024-03-05')).toBe('03/05/2024');
    expect(formatUsDate('2024-01-01')).toBe('01/01/2024');
    expect(formatUsDate('2023-12-31')).toBe('12/31/2023');
  });

  it('gives an empty text for no value', () => {
    expect(formatUsDate(null)).toBe('');
    expect(formatUsDate(undefined)).toBe('');
    expect(formatUsDate('')).toBe('');
  });

  it('formats a full timestamp by its date and keeps unreadable text as it is', () => {
    expect(formatUsDate('2024-07-04T12:00:00')).toBe('07/04/2024');
    expect(formatUsDate('not a date')).toBe('not a date');
  });
});

describe('formatUsDateTime', () => {
  it('shows date and time in US format', () => {
    expect(formatUsDateTime('2024-07-04T15:30:00')).toBe('07/04/2024, 3:30 PM');
    expect(formatUsDateTime(null)).toBe('');
  });
});

describe('small formats', () => {
  it('formats quantities, tracking numbers and N/A', () => {
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(12.5)).toBe('12.5');
    expect(formatQuantity(null)).toBe('');
    expect(joinTrackingNumbers([{ trackingNumber: '1Z1' }, { trackingNumber: '1Z2' }])).toBe('1Z1, 1Z2');
    expect(joinTrackingNumbers([])).toBe('');
    expect(orNotAvailable('')).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable('x')).toBe('x');
  });
});
