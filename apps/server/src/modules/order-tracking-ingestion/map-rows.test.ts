import { describe, expect, it } from 'vitest';
import type { Table } from '../../integrations/spreadsheet';
import { compareHeaders, describeHeaderDrift } from './header-drift';
import {
  listMappedOrders,
  type MappingResult,
  type MappingSettings,
  type MappingSuccess,
  mapTable,
  parseQuantity,
  splitTrackingNumbers,
  toOrderRecord,
} from './map-rows';

const table = (rows: string[][]): Table => ({ type: '.csv', format: 'csv', rows, notes: [] });

const settings = (overrides: Partial<MappingSettings> = {}): MappingSettings => ({
  fileHasHeader: true,
  headerRowIndex: null,
  columnMapping: { documentNumber: 'Line', customerPoNumber: 'PO', trackingNumbers: 'Tracking' },
  columnsToIgnore: '',
  secondaryDelimiter: '',
  uniqueColumn: 'DocumentNumber',
  lastGoodHeaders: null,
  ...overrides,
});

function ok(result: MappingResult): MappingSuccess {
  if (!result.ok) throw new Error(`mapping failed: ${result.error}`);
  return result;
}

const records = (result: MappingResult) => listMappedOrders(ok(result).orders).map(toOrderRecord);

describe('mapTable: columns', () => {
  it('maps by header name, ignoring case, surrounding and repeated spaces', () => {
    const result = mapTable(
      table([
        ['  LINE ', 'p o', 'PO', 'Tracking'],
        ['L1', 'x', 'PO-1', 'T1'],
      ]),
      settings({
        columnMapping: { documentNumber: 'line', customerPoNumber: ' po ', trackingNumbers: 'tracking' },
      }),
    );
    expect(records(result)).toEqual([
      expect.objectContaining({
        uniqueKey: 'L1',
        documentNumber: 'L1',
        customerPoNumber: 'PO-1',
        trackingNumbers: ['T1'],
      }),
    ]);
    const spaced = mapTable(
      table([
        ['Ship   To  Name', 'Line'],
        ['Ann', 'L1'],
      ]),
      settings({ columnMapping: { documentNumber: 'Line', shipToName: 'ship to name' } }),
    );
    expect(records(spaced)[0]).toMatchObject({ shipToName: 'Ann' });
  });

  it('maps by 0-based index when the file has no header row: every row is data', () => {
    const result = mapTable(
      table([
        ['L1', 'PO-1', 'T1'],
        ['L2', 'PO-2', 'T2'],
      ]),
      settings({
        fileHasHeader: false,
        headerRowIndex: 3,
        columnMapping: { documentNumber: '0', customerPoNumber: '1', trackingNumbers: '2' },
      }),
    );
    const mapped = ok(result);
    expect(mapped.headers).toEqual(['0', '1', '2']);
    expect(mapped.headerDrift).toBeNull();
    expect(listMappedOrders(mapped.orders).map(toOrderRecord)).toEqual([
      expect.objectContaining({
        rowNumber: 1,
        uniqueKey: 'L1',
        customerPoNumber: 'PO-1',
        trackingNumbers: ['T1'],
      }),
      expect.objectContaining({
        rowNumber: 2,
        uniqueKey: 'L2',
        customerPoNumber: 'PO-2',
        trackingNumbers: ['T2'],
      }),
    ]);
  });

  it('refuses a header name as a mapping when the file has no header row', () => {
    const result = mapTable(
      table([['L1']]),
      settings({ fileHasHeader: false, columnMapping: { documentNumber: 'Line' } }),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('must be a 0-based column index');
  });

  it('accepts an index as a mapping when the file has a header row but no header of that name', () => {
    const result = mapTable(
      table([
        ['Line', 'PO'],
        ['L1', 'PO-1'],
      ]),
      settings({ columnMapping: { documentNumber: '0', customerPoNumber: 'PO' } }),
    );
    expect(records(result)[0]).toMatchObject({ uniqueKey: 'L1', customerPoNumber: 'PO-1' });
  });

  it('reads the header at headerRowIndex and data only after it', () => {
    const result = ok(
      mapTable(
        table([
          ['Shipment report', '', ''],
          ['Generated 2024-03-05', '', ''],
          ['Line', 'PO', 'Tracking'],
          ['L1', 'PO-1', 'T1'],
          ['L2', 'PO-2', ''],
        ]),
        settings({ headerRowIndex: 2 }),
      ),
    );
    expect(result.headers).toEqual(['Line', 'PO', 'Tracking']);
    expect(result.counts).toEqual({ rowsRead: 2, rowsImported: 2, rowsSkipped: 0 });
    expect(listMappedOrders(result.orders).map((order) => [order.rowNumber, order.uniqueKey])).toEqual([
      [4, 'L1'],
      [5, 'L2'],
    ]);
  });

  it('fails when the header row is empty or beyond the file', () => {
    const empty = mapTable(
      table([
        ['', ''],
        ['Line', 'PO'],
      ]),
      settings({ headerRowIndex: 0 }),
    );
    expect(!empty.ok && empty.error).toContain(
      'Row 1, where the header row should be (header row index 0), is empty',
    );
    const beyond = mapTable(table([['Line', 'PO']]), settings({ headerRowIndex: 5 }));
    expect(!beyond.ok && beyond.error).toContain('The file has no row 6');
  });

  it('drops ignored columns (by name or index) before mapping: a mapping onto one is an error', () => {
    const rows = [
      ['Line', 'Notes', 'PO', 'PO', 'Tracking'],
      ['L1', 'n', 'old', 'PO-1', 'T1'],
    ];
    // The first "PO" column is ignored by index, so the mapping reads the second one.
    const result = mapTable(table(rows), settings({ columnsToIgnore: '2, notes' }));
    expect(records(result)[0]).toMatchObject({ customerPoNumber: 'PO-1' });

    const onIgnored = mapTable(table(rows), settings({ columnsToIgnore: 'Tracking' }));
    expect(onIgnored.ok).toBe(false);
    expect(!onIgnored.ok && onIgnored.error).toContain(
      'Column "Tracking" (mapped to Tracking Numbers) is listed in Columns to Ignore.',
    );

    const byIndex = mapTable(
      table([['L1', 'x', 'T1']]),
      settings({
        fileHasHeader: false,
        columnsToIgnore: '1',
        columnMapping: { documentNumber: '0', wildcard1: '1' },
      }),
    );
    expect(!byIndex.ok && byIndex.error).toContain(
      'Column 1 (mapped to Wildcard 1) is listed in Columns to Ignore.',
    );
  });

  it('fails when the unique column is not mapped, or unknown', () => {
    const unmapped = mapTable(table([['Line'], ['L1']]), settings({ uniqueColumn: 'ItemNumber' }));
    expect(!unmapped.ok && unmapped.error).toContain('The unique column (Item Number) is not mapped');
    const unknown = mapTable(table([['Line'], ['L1']]), settings({ uniqueColumn: 'Nope' }));
    expect(!unknown.ok && unknown.error).toContain(
      'The unique column "Nope" is not one of the known choices.',
    );
  });

  it('takes a shipping company mapping that names no column as the carrier of every row', () => {
    const result = mapTable(
      table([['Line'], ['L1']]),
      settings({ columnMapping: { documentNumber: 'Line', shippingCompany: 'UPS' } }),
    );
    expect(records(result)[0]).toMatchObject({ shippingCompany: 'UPS' });
    // Once it was a column of the last good file, its absence is drift, not a constant.
    const drifted = mapTable(
      table([['Line'], ['L1']]),
      settings({
        columnMapping: { documentNumber: 'Line', shippingCompany: 'Carrier' },
        lastGoodHeaders: ['Line', 'Carrier'],
      }),
    );
    expect(drifted.ok).toBe(false);
  });
});

describe('mapTable: values', () => {
  it('trims text, reads dates and quantities, and warns with row numbers about bad cells', () => {
    const result = ok(
      mapTable(
        table([
          ['Line', 'Ordered', 'Shipped', 'Qty', 'Fulfilled', 'Name'],
          ['L1', '03/15/2024', '2024-03-16', '1,200', ' 3 ', '  Ann  '],
          ['L2', '3/5/2024', 'soon', '12 EA', '', ''],
          ['L3', '', 'Mar 7, 2024', '-2.5', '1 000', ' '],
        ]),
        settings({
          columnMapping: {
            documentNumber: 'Line',
            orderDate: 'Ordered',
            shippedDate: 'Shipped',
            qty: 'Qty',
            qtyFulfilled: 'Fulfilled',
            shipToName: 'Name',
          },
        }),
      ),
    );
    expect(listMappedOrders(result.orders).map(toOrderRecord)).toEqual([
      expect.objectContaining({
        orderDate: '2024-03-15',
        shippedDate: '2024-03-16',
        qty: 1200,
        qtyFulfilled: 3,
        shipToName: 'Ann',
      }),
      expect.objectContaining({
        orderDate: '2024-03-05',
        shippedDate: null,
        qty: null,
        qtyFulfilled: null,
        shipToName: null,
      }),
      expect.objectContaining({
        orderDate: null,
        shippedDate: '2024-03-07',
        qty: -2.5,
        qtyFulfilled: 1000,
        shipToName: null,
      }),
    ]);
    expect(result.warnings).toEqual([
      'Quantity is not a number and was left empty: row 3 (e.g. "12 EA").',
      'Shipped Date is not a date and was left empty: row 3 (e.g. "soon").',
    ]);
    expect(result.counts).toEqual({ rowsRead: 3, rowsImported: 3, rowsSkipped: 0 });
  });

  it('reads a numeric date column day-first when its values say so', () => {
    const result = ok(
      mapTable(
        table([
          ['Line', 'ETA'],
          ['L1', '25/12/2024'],
          ['L2', '05/01/2025'],
        ]),
        settings({ columnMapping: { documentNumber: 'Line', estimatedArrivalDate: 'ETA' } }),
      ),
    );
    expect(listMappedOrders(result.orders).map((order) => toOrderRecord(order).estimatedArrivalDate)).toEqual(
      ['2024-12-25', '2025-01-05'],
    );
  });

  it('keys on the stored form of a date or number, so every format gives the same key', () => {
    const result = ok(
      mapTable(
        table([['Shipped'], ['3/5/2024'], ['2024-03-05'], ['someday']]),
        settings({
          uniqueColumn: 'ShippedDate',
          columnMapping: { shippedDate: 'Shipped' },
        }),
      ),
    );
    expect(result.orders.uniqueKeys).toEqual(['2024-03-05', 'someday']);
  });

  it('splits tracking numbers on the secondary delimiter and new lines, trimmed, without blanks or repeats', () => {
    expect(splitTrackingNumbers(' A ; B;;A\nC\r\n D ', ';')).toEqual(['A', 'B', 'C', 'D']);
    expect(splitTrackingNumbers('A;B', '')).toEqual(['A;B']);
    expect(splitTrackingNumbers('A|B\nC', '|')).toEqual(['A', 'B', 'C']);
    expect(splitTrackingNumbers('  ', ',')).toEqual([]);
    const result = mapTable(
      table([
        ['Line', 'Tracking'],
        ['L1', 'T1, T2\nT3'],
      ]),
      settings({
        secondaryDelimiter: ',',
        columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking' },
      }),
    );
    expect(records(result)[0]).toMatchObject({ trackingNumbers: ['T1', 'T2', 'T3'] });
  });

  it('parses quantities with thousands separators and blanks', () => {
    expect(parseQuantity('1,234,567.5')).toBe(1234567.5);
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('1 234')).toBe(1234);
    expect(parseQuantity('+3')).toBe(3);
    expect(parseQuantity('.5')).toBe(0.5);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('12,34')).toBeUndefined();
    expect(parseQuantity('abc')).toBeUndefined();
  });

  it('skips and counts rows without a key, listing a capped number of rows', () => {
    const rows = [['Line', 'PO']];
    for (let i = 0; i < 15; i++) rows.push(['', `PO-${i}`]);
    rows.push(['L1', 'PO-X'], ['', ''], ['  ', 'PO-Y']);
    const result = ok(
      mapTable(table(rows), settings({ columnMapping: { documentNumber: 'Line', customerPoNumber: 'PO' } })),
    );
    expect(result.counts).toEqual({ rowsRead: 17, rowsImported: 1, rowsSkipped: 16 });
    expect(result.warnings).toEqual([
      'No Document Number (the unique column), row skipped: rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 6 more.',
    ]);
  });

  it('lets the last row of a repeated key win and merges the tracking numbers of all its rows', () => {
    const result = ok(
      mapTable(
        table([
          ['Line', 'PO', 'Tracking'],
          ['L1', 'PO-old', 'T1;T2'],
          ['L2', 'PO-2', ''],
          ['L1', 'PO-new', 'T2;T3'],
        ]),
        settings({ secondaryDelimiter: ';' }),
        { previewRows: 20 },
      ),
    );
    expect(listMappedOrders(result.orders).map(toOrderRecord)).toEqual([
      expect.objectContaining({
        rowNumber: 4,
        uniqueKey: 'L1',
        customerPoNumber: 'PO-new',
        trackingNumbers: ['T1', 'T2', 'T3'],
      }),
      expect.objectContaining({
        rowNumber: 3,
        uniqueKey: 'L2',
        customerPoNumber: 'PO-2',
        trackingNumbers: [],
      }),
    ]);
    expect(result.counts).toEqual({ rowsRead: 3, rowsImported: 3, rowsSkipped: 0 });
    expect(result.warnings[0]).toContain('1 row repeats the Document Number of an earlier row');
    // The preview shows the rows as they are in the file, before merging.
    expect(result.preview.map((order) => order.trackingNumbers)).toEqual([['T1', 'T2'], [], ['T2', 'T3']]);
  });
});

describe('header drift', () => {
  it('reports renamed, moved, missing and added columns', () => {
    expect(compareHeaders(['A', 'B', 'C'], ['a', ' B ', 'C'])).toBeNull();
    expect(compareHeaders(['A', 'B', 'C'], ['A', 'X', 'C'])).toEqual({
      renamed: [{ from: 'B', to: 'X', index: 1 }],
      moved: [],
      missing: [],
      added: [],
    });
    expect(compareHeaders(['A', 'B', 'C'], ['A', 'C', 'B'])).toEqual({
      renamed: [],
      moved: [
        { header: 'B', from: 1, to: 2 },
        { header: 'C', from: 2, to: 1 },
      ],
      missing: [],
      added: [],
    });
    expect(compareHeaders(['A', 'B', 'C'], ['A', 'C'])).toEqual({
      renamed: [],
      moved: [{ header: 'C', from: 2, to: 1 }],
      missing: ['B'],
      added: [],
    });
    expect(compareHeaders(['A', 'B'], ['A', 'B', 'D'])).toEqual({
      renamed: [],
      moved: [],
      missing: [],
      added: ['D'],
    });
  });

  it('leaves ignored columns out of the comparison', () => {
    const keep = (header: string) => header !== 'run date 2024-03-05' && header !== 'run date 2024-03-04';
    expect(compareHeaders(['A', 'Run Date 2024-03-04'], ['A', 'Run Date 2024-03-05'], keep)).toBeNull();
  });

  it('describes drift for people with 1-based columns', () => {
    const drift = compareHeaders(['A', 'Tracking #', 'C'], ['A', 'C', 'X', 'Y', 'Z', 'W', 'Tracking No'])!;
    expect(describeHeaderDrift(drift, ['A', 'C', 'X', 'Y', 'Z', 'W', 'Tracking No'])).toBe(
      '"Tracking #" is missing; "X" was added at column 3; "Y" was added at column 4; "Z" was added at column 5; "W" was added at column 6; "Tracking No" was added at column 7; "C" moved from column 3 to column 2',
    );
  });

  it('warns about drift that breaks no mapping, and fails naming the column when it does', () => {
    const lastGoodHeaders = ['Line', 'PO', 'Tracking #'];
    const moved = ok(
      mapTable(
        table([
          ['PO', 'Line', 'Tracking #', 'Extra'],
          ['PO-1', 'L1', 'T1', 'x'],
        ]),
        settings({
          lastGoodHeaders,
          columnMapping: { documentNumber: 'Line', customerPoNumber: 'PO', trackingNumbers: 'Tracking #' },
        }),
      ),
    );
    expect(moved.headerDrift).toEqual({
      renamed: [],
      moved: [
        { header: 'Line', from: 0, to: 1 },
        { header: 'PO', from: 1, to: 0 },
      ],
      missing: [],
      added: ['Extra'],
    });
    expect(moved.warnings).toEqual([
      'The header row has changed since the last good file: "Extra" was added at column 4; "Line" moved from column 1 to column 2; "PO" moved from column 2 to column 1.',
    ]);
    expect(toOrderRecord(listMappedOrders(moved.orders)[0]!)).toMatchObject({
      uniqueKey: 'L1',
      customerPoNumber: 'PO-1',
      trackingNumbers: ['T1'],
    });

    const missing = mapTable(
      table([
        ['Line', 'PO', 'Status', 'Carrier', 'Date', 'Qty', 'Tracking No'],
        ['L1', 'PO-1', '', '', '', '', 'T1'],
      ]),
      settings({
        lastGoodHeaders: ['Line', 'PO', 'Status', 'Carrier', 'Date', 'Qty'],
        columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking #' },
      }),
    );
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error).toBe(
      'Column "Tracking #" (mapped to Tracking Numbers) is not in the file. The header row has changed: "Tracking No" was added at column 7.',
    );

    const gone = mapTable(
      table([
        ['Line', 'PO', 'Tracking No'],
        ['L1', 'PO-1', 'T1'],
      ]),
      settings({
        lastGoodHeaders: ['Line', 'Tracking #', 'PO'],
        columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking #' },
      }),
    );
    expect(!gone.ok && gone.error).toBe(
      'Column "Tracking #" (mapped to Tracking Numbers) is not in the file. The header row has changed: "Tracking #" is missing; "Tracking No" was added at column 3; "PO" moved from column 3 to column 2.',
    );
    expect(!gone.ok && gone.headerDrift).toEqual({
      renamed: [],
      moved: [{ header: 'PO', from: 2, to: 1 }],
      missing: ['Tracking #'],
      added: ['Tracking No'],
    });

    const renamed = mapTable(
      table([
        ['Line', 'Tracking No'],
        ['L1', 'T1'],
      ]),
      settings({
        lastGoodHeaders: ['Line', 'Tracking #'],
        columnMapping: { documentNumber: 'Line', trackingNumbers: 'Tracking #' },
      }),
    );
    expect(!renamed.ok && renamed.error).toBe(
      'Column "Tracking #" (mapped to Tracking Numbers) is not in the file. The header row has changed: column 2 "Tracking #" was renamed to "Tracking No".',
    );
  });

  it('names the header row when there is no earlier file to compare with', () => {
    const result = mapTable(
      table([
        ['Line', 'Track'],
        ['L1', 'T1'],
      ]),
      settings(),
    );
    expect(!result.ok && result.error).toBe(
      'Column "PO" (mapped to Customer PO Number) is not in the file. Column "Tracking" (mapped to Tracking Numbers) is not in the file. The header row (row 1) is: "Line", "Track".',
    );
  });
});
