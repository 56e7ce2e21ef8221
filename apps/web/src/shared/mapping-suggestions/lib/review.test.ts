import type { MappingSuggestion } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applySuggestion, columnLabel, columnOf, confidenceText, initialChoices } from './review';

const suggestion = (overrides: Partial<MappingSuggestion> = {}): MappingSuggestion => ({
  fileHasHeader: true,
  headerRowIndex: 2,
  columns: [
    { index: 0, header: 'PO #', samples: ['PO-1', 'PO-2'] },
    { index: 1, header: 'Tracking #', samples: ['1Z999AA10123456784'] },
    { index: 2, header: null, samples: ['x'] },
  ],
  fields: {
    customerPoNumber: { column: 'PO #', confidence: 0.93, reason: "header 'PO #'" },
    trackingNumbers: { column: 'Tracking #', confidence: 0.99, reason: 'UPS numbers' },
    qty: { column: 'Gone', confidence: 0.7, reason: 'stale' },
    wildcard1: { column: null, confidence: 0, reason: '' },
  },
  uniqueColumn: 'CustomerPoNumber',
  secondaryDelimiter: ';',
  ...overrides,
});

const FIELDS = ['customerPoNumber', 'trackingNumbers', 'qty', 'wildcard1'] as const;

describe('the review of a suggestion', () => {
  it('starts from the proposals, dropping one that names no column of the file', () => {
    expect(initialChoices(suggestion(), FIELDS)).toEqual({
      customerPoNumber: 'PO #',
      trackingNumbers: 'Tracking #',
      qty: null,
      wildcard1: null,
    });
  });

  it('names a column by header, or by its index when the file has no header row (or the cell is empty)', () => {
    const s = suggestion();
    expect(columnOf(s, '2')?.index).toBe(2);
    expect(columnLabel(s.columns[2]!, true)).toBe('Column 3');
    const noHeader = suggestion({ fileHasHeader: false, headerRowIndex: null });
    expect(columnOf(noHeader, '1')?.header).toBe('Tracking #');
    expect(columnLabel(noHeader.columns[1]!, false)).toBe('Column 2');
  });

  it('applies the choices with the file settings and the original proposals', () => {
    const applied = applySuggestion(suggestion(), FIELDS, {
      customerPoNumber: 'PO #',
      trackingNumbers: null,
      qty: 'Tracking #',
      wildcard1: null,
    });
    expect(applied).toEqual({
      fileHasHeader: true,
      headerRowIndex: 2,
      fields: { customerPoNumber: 'PO #', trackingNumbers: '', qty: 'Tracking #', wildcard1: '' },
      uniqueColumn: 'CustomerPoNumber',
      secondaryDelimiter: ';',
      suggested: { customerPoNumber: 'PO #', trackingNumbers: 'Tracking #', qty: 'Gone', wildcard1: null },
    });
  });

  it('leaves the unique column out when the field it keys on was cleared', () => {
    const applied = applySuggestion(suggestion(), FIELDS, { customerPoNumber: null });
    expect(applied.uniqueColumn).toBeNull();
  });

  it('reads a confidence as a percentage', () => {
    expect(confidenceText(0.934)).toBe('93 %');
  });
});
