import { spreadsheetTypeOf } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fileNameMatches, subjectMatches } from './mail-matching';
import { attachmentWildcard, stableSubject } from './source-from-message';

// docs/behaviour/mail-intake.md#create-a-source-from-a-message
describe('attachmentWildcard', () => {
  it.each([
    ['Shipment_20261127_03.xlsx', 'Shipment_*_*.xlsx'],
    ['tracking_1127.csv', 'tracking_*.csv'],
    ['report 2026-11-27.csv', 'report *.csv'],
    ['Stock 27.11.2026.xls', 'Stock *.xls'],
    ['Stock_27Nov2026.csv', 'Stock_*.csv'],
    ['Inventory November 2026.xlsx', 'Inventory *.xlsx'],
    ['Marketing2026.xlsx', 'Marketing*.xlsx'],
    ['tracking.csv', 'tracking.csv'],
    ['20261127.csv', '*.csv'],
    ['README', 'README'],
  ])('%s → %s', (fileName, wildcard) => {
    expect(attachmentWildcard(fileName)).toBe(wildcard);
    expect(fileNameMatches(wildcard, fileName)).toBe(true);
  });

  it('matches the next message of the series', () => {
    expect(
      fileNameMatches(attachmentWildcard('Shipment_20261127_03.xlsx'), 'Shipment_20261128_01.xlsx'),
    ).toBe(true);
    expect(fileNameMatches(attachmentWildcard('Shipment_20261127_03.xlsx'), 'Invoice_20261128_01.xlsx')).toBe(
      false,
    );
  });
});

describe('stableSubject', () => {
  it.each([
    ['Shipment report 27/11/2026', 'Shipment report', true],
    ['Shipment report 27/11', 'Shipment report', true],
    ['Shipment report 27 Nov 2026', 'Shipment report', true],
    ['Stock levels - 2026-11-27 09:12', 'Stock levels', true],
    ['Order 123 shipped today', 'shipped today', true],
    ['Weekly stock #48', 'Weekly stock', true],
    ['RE: Shipment report 27/11', 'Shipment report', true],
    ['Fwd: Stock levels', 'Stock levels', true],
    ['Stock levels', 'Stock levels', false],
    ['Report March', 'Report March', false],
    ['12345', '12345', false],
    ['PO 1', 'PO 1', false],
  ])('%s → %s (Contains %s)', (subject, subjectValue, containsNotExact) => {
    const rule = stableSubject(subject);
    expect(rule).toEqual({ subjectValue, containsNotExact });
    expect(subjectMatches(rule, subject)).toBe(true);
  });

  it('matches the next message of the series with Contains', () => {
    const rule = stableSubject('Shipment report 27/11/2026');
    expect(subjectMatches(rule, 'Shipment report 28/11/2026')).toBe(true);
    expect(subjectMatches(rule, 'Invoice 28/11/2026')).toBe(false);
  });

  it('takes an empty subject as it is', () => {
    expect(stableSubject(null)).toEqual({ subjectValue: '', containsNotExact: false });
  });
});

describe('spreadsheetTypeOf', () => {
  it('reads the extension, else the MIME type', () => {
    expect(spreadsheetTypeOf('Shipment.XLSX', 'application/octet-stream')).toBe('.xlsx');
    expect(spreadsheetTypeOf('tracking', 'text/csv')).toBe('.csv');
    expect(spreadsheetTypeOf('legacy', 'application/vnd.ms-excel')).toBe('.xls');
    expect(spreadsheetTypeOf('label.pdf', 'application/pdf')).toBeUndefined();
  });
});
