import { describe, expect, it } from 'vitest';
import { chooseHeaderRow } from './header-row';

const known = (cell: string) => (/po|date|qty|tracking|item|ship/i.test(cell) ? 1 : 0);
const data = (count: number) =>
  Array.from({ length: count }, (_, n) => [
    `PO-${1000 + n}`,
    '11/24/2026',
    String(1 + (n % 5)),
    '1Z999AA10123456784',
  ]);

describe('header row (docs/design/mapping-suggestions.md#header-row)', () => {
  it('finds the header in the first row', () => {
    expect(chooseHeaderRow([['PO #', 'Ship Date', 'Qty', 'Tracking #'], ...data(5)], known)).toEqual({
      fileHasHeader: true,
      headerRowIndex: 0,
      firstDataRow: 1,
    });
  });

  it('passes over title rows, blank rows and "Generated on" lines', () => {
    const rows = [
      ['Acme Supply — Shipment Confirmation', '', '', ''],
      ['Generated on 11/30/2026 06:00', '', '', ''],
      ['', '', '', ''],
      ['Report date:', '11/30/2026', '', ''],
      ['PO #', 'Ship Date', 'Qty', 'Tracking #'],
      ...data(5),
    ];
    expect(chooseHeaderRow(rows, known).headerRowIndex).toBe(4);
  });

  it('reads a file of data only as having no header', () => {
    expect(chooseHeaderRow(data(6), known)).toEqual({
      fileHasHeader: false,
      headerRowIndex: null,
      firstDataRow: 0,
    });
  });

  it('takes a header of unknown words when the values under it are data', () => {
    const rows = [['Ref', 'When', 'Count', 'Parcel'], ...data(5)];
    expect(chooseHeaderRow(rows, () => 0).headerRowIndex).toBe(0);
  });

  it('takes X12 element ids for labels when the catalogue knows enough of them', () => {
    const ids = ['W0606', 'W0603', 'W1202', 'MAN02'];
    const knownIds = (cell: string) => (ids.includes(cell) ? 1 : 0);
    expect(chooseHeaderRow([ids, ...data(5)], knownIds)).toEqual({
      fileHasHeader: true,
      headerRowIndex: 0,
      firstDataRow: 1,
    });
    // Short codes the catalogue does not know are data.
    expect(chooseHeaderRow([['AB123', 'CD456', 'EF789', 'GH012'], ...data(5)], knownIds).headerRowIndex).toBe(
      null,
    );
  });

  it('takes X12 element ids with qualifiers for labels too (`REF02_CN`, `DTM02_011`)', () => {
    const ids = ['PRF01', 'DTM02_011', 'REF02_CN', 'SN102'];
    const knownIds = (cell: string) => (ids.includes(cell) ? 1 : 0);
    expect(chooseHeaderRow([['856 flat export'], ids, ...data(5)], knownIds).headerRowIndex).toBe(1);
  });
});
