import { describe, expect, it } from 'vitest';
import { formatQuantity, joinTrackingNumbers, orNotAvailable } from './format';

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
