import { schema } from '@app/db';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  ALL_STOCKED,
  createInventorySource,
  csvFile,
  fixture,
  PREDICTIVE_HISTORY,
  PREDICTIVE_SOURCE,
  processFile,
  runOf,
  SUPPLIER_HEADER,
  seedHistory,
  snapshotsOf,
  statesOf,
  stockFile,
} from '../../../test/modules/inventory-processing';
import { parseTable } from '../../integrations/spreadsheet';
import { readStoredFile } from '../files/stored-files';
import { DAY_MS, summariseSeries } from './predictive';
import { snapshotSummaries } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** 7 March 2025, 09:05:03 in the server's time zone: the status date everywhere below. */
const NOW = new Date(2025, 2, 7, 9, 5, 3);
const supplier = (ext: 'csv' | 'xlsx' | 'xls') => ({
  fileName: `supplier-stock.${ext}`,
  content: fixture(`supplier-stock.${ext}`),
});

/** Default rule (quantity above 0) on supplier-stock: the activated items in the order the retailer wrote. */
const DEFAULT_STATUSES = [
  ['000123', 'Active'], // 25
  ['004567', 'Active'], // "1,234"
  ['89012', 'Inactive'], // 0
  ['000001', 'Active'], // 3
  ['A-100', 'Inactive'], // "abc" → 0
  ['B-200', 'Inactive'], // blank → 0
  ['C-300', 'Active'], // 7
  ['D-400', 'Active'], // 12
  ['Z-999', 'Inactive'], // not in the file
];

function rowsOf(output: { fileName: string; content: Buffer } | null) {
  expect(output).not.toBeNull();
  return parseTable(output!.content, { fileName: output!.fileName });
}

describe('the generated file, cell by cell', () => {
  it('xlsx sample: the rows above the header, the header, one row per activated item, text item cells', async () => {
    const source = await createInventorySource(t);
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.output!.fileName).toBe('retailer-feed_20250307-090503.xlsx');
    const table = rowsOf(outcome.output);
    expect(table.format).toBe('xlsx');
    expect(table.rows).toEqual([
      ['Retailer Availability Feed', '', '', ''],
      ['Account 4711', '', '', ''],
      ['Item Number', 'Status', 'Status Date', 'Notes'],
      ...DEFAULT_STATUSES.map(([item, status]) => [item, status, '2025-03-07', '']),
    ]);
    // Raw cells: item numbers are text cells in text format, the date a date cell in the sample's format.
    const book = XLSX.read(outcome.output!.content, { type: 'buffer', dense: true, cellNF: true });
    const data = book.Sheets[book.SheetNames[0]!]!['!data'] as XLSX.CellObject[][];
    expect(data[3]![0]).toMatchObject({ t: 's', v: '000123' });
    expect(data[3]![2]).toMatchObject({ t: 'n', v: 45723, z: 'mm/dd/yy' });
    expect(data[3]![3]).toBeUndefined();
    expect(book.SheetNames[0]).toBe(
      XLSX.read(fixture('retailer-feed.xlsx'), { type: 'buffer' }).SheetNames[0],
    );

    // The run keeps the generated file.
    const run = await runOf(t, outcome.runId);
    expect(run.status).toBe('succeeded');
    const stored = await readStoredFile(t.db.db, run.outputFileId!);
    expect(stored!.fileName).toBe('retailer-feed_20250307-090503.xlsx');
    expect(stored!.content.equals(outcome.output!.content)).toBe(true);
  });

  it('xls sample (LibreOffice) with an xls supplier file: a BIFF8 file with the same cells', async () => {
    const source = await createInventorySource(t, { fileType: '.xls' }, { fileName: 'retailer-feed.xls' });
    const outcome = await processFile(t, source.id, supplier('xls'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.output!.fileName).toBe('retailer-feed_20250307-090503.xls');
    const table = rowsOf(outcome.output);
    expect(table.format).toBe('xls');
    expect(table.rows.slice(0, 3)).toEqual([
      ['Retailer Availability Feed', '', '', ''],
      ['Account 4711', '', '', ''],
      ['Item Number', 'Status', 'Status Date', 'Notes'],
    ]);
    expect(table.rows.slice(3)).toEqual(
      DEFAULT_STATUSES.map(([item, status]) => [item, status, '2025-03-07', '']),
    );
  });

  it('names the generated file after a cleaned sample name: no CR, LF or quotes (docs/design/security.md#file-names)', async () => {
    const source = await createInventorySource(t);
    // A sample stored before names were cleaned on the way in.
    await t.db.db
      .update(schema.storedFiles)
      .set({ fileName: 'retailer\r\n"feed".xlsx' })
      .where(eq(schema.storedFiles.id, source.sampleFileId!));
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.output!.fileName).toBe('retailerfeed_20250307-090503.xlsx');
  });

  it('CSV sample with an xlsx supplier file: the sample dialect, its rows above the header, MM/DD/YYYY dates', async () => {
    const source = await createInventorySource(t, { fileType: '.xlsx' }, { fileName: 'retailer-feed.csv' });
    const outcome = await processFile(t, source.id, supplier('xlsx'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.output!.fileName).toBe('retailer-feed_20250307-090503.csv');
    const text = outcome.output!.content.toString('utf8');
    expect(text.split('\n').slice(0, 4)).toEqual([
      'Retailer Availability Feed,,,',
      'Account 4711,,,',
      'Item Number,Status,Status Date,Notes',
      '000123,Active,03/07/2025,',
    ]);
    expect(text.endsWith('Z-999,Inactive,03/07/2025,\n')).toBe(true);
    expect(text.includes('\r')).toBe(false);
    expect(rowsOf(outcome.output).rows.slice(3)).toEqual(
      DEFAULT_STATUSES.map(([item, status]) => [item, status, '03/07/2025', '']),
    );
  });

  it('CSV sample in Windows-1252 with semicolons and CRLF: same encoding, delimiter, line break and date shape', async () => {
    const source = await createInventorySource(
      t,
      {
        outputHeaderRowIndex: 0,
        outputItemNumberColumnName: 'artikelnummer',
        outputItemStatusColumnName: ' VERFÜGBARKEIT ',
        outputItemStatusDateColumnName: 'Datum',
        userActivatedItemNumbers: '000123,Z-999',
      },
      { fileName: 'retailer-feed-1252.csv' },
    );
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    const bytes = outcome.output!.content;
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(bytes.includes(0xfc)).toBe(true); // ü in Windows-1252
    expect(bytes.toString('latin1')).toBe(
      'Artikelnummer;Verf\u00fcgbarkeit;Datum;Bemerkung\r\n000123;Active;07.03.2025;\r\nZ-999;Inactive;07.03.2025;\r\n',
    );
    const table = rowsOf(outcome.output);
    expect(table).toMatchObject({ encoding: 'windows-1252', delimiter: ';', lineBreak: '\r\n' });
  });

  it('CSV sample with a UTF-8 byte-order mark and tabs', async () => {
    const source = await createInventorySource(
      t,
      {
        outputHeaderRowIndex: null,
        outputItemNumberColumnName: 'Item',
        outputItemStatusColumnName: 'State',
        outputItemStatusDateColumnName: 'Date',
        userActivatedItemNumbers: '000123',
      },
      { fileName: 'retailer-feed-bom.csv' },
    );
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    const bytes = outcome.output!.content;
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(bytes.subarray(3).toString('utf8')).toBe('Item\tState\tDate\n000123\tActive\t2025-03-07\n');
  });

  it('a generated file without a header row: columns by 0-based index, data from the first row', async () => {
    const source = await createInventorySource(
      t,
      {
        outputFileHasHeader: false,
        outputHeaderRowIndex: null,
        outputItemNumberColumnName: '0',
        outputItemStatusColumnName: '1',
        outputItemStatusDateColumnName: '2',
        userActivatedItemNumbers: '000123,89012',
      },
      { fileName: 'retailer-feed-noheader.csv' },
    );
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.output!.content.toString('utf8')).toBe(
      '000123,Active,2025-03-07\n89012,Inactive,2025-03-07\n',
    );
  });

  it('a File Generation column the sample does not have fails the run and says which', async () => {
    const source = await createInventorySource(t, { outputItemStatusColumnName: 'Availability' });
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe(
      'The sample inventory file has no column "Availability" (the item status column of File Generation). The sample\'s header row (row 3) is: "Item Number", "Status", "Status Date", "Notes".',
    );
    expect(await snapshotsOf(t, outcome.runId)).toEqual({});
  });
});

describe('counts, warnings and the processing result', () => {
  it('reports rows, skipped rows, bad quantities and missing items, and stores snapshots and states', async () => {
    const source = await createInventorySource(t);
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    const { report } = outcome;
    expect(report).toMatchObject({
      success: true,
      status: 'succeeded',
      processedCount: 9,
      activeCount: 5,
      inactiveCount: 4,
      modificationsCount: 0,
      errors: [],
      heldReason: null,
      columnInfo: {
        expectedItemColumn: 'SKU',
        itemColumnIndex: 0,
        expectedQtyColumn: 'Qty On Hand',
        qtyColumnIndex: 2,
        hasHeaders: true,
        foundHeaders: SUPPLIER_HEADER,
      },
      processingSummary: {
        totalRows: 9,
        processedRows: 8,
        skippedRows: 1,
        activeItemsFound: 5,
        itemsModified: 0,
        modifications: [],
      },
    });
    expect(report.message).toBe('Processed 9 items: 5 Active, 4 Inactive (1 missing from the file).');
    expect(report.warnings).toEqual([
      'Quantity is not a number and was read as 0: row 6 (e.g. "abc").',
      'Quantity is blank and was read as 0: row 7.',
      'No item number, row skipped: row 9.',
      '1 user-activated item is not in the supplier file and was marked Inactive: Z-999.',
    ]);
    expect(report.debugLogs).toContain(
      'Warning: 1 user-activated item is not in the supplier file and was marked Inactive: Z-999.',
    );

    expect(await snapshotsOf(t, outcome.runId)).toEqual({
      '000001': 3,
      '000123': 25,
      '004567': 1234,
      '89012': 0,
      'A-100': 0,
      'B-200': 0,
      'C-300': 7,
      'D-400': 12,
    });
    expect(await statesOf(t, source.id)).toEqual(Object.fromEntries([...DEFAULT_STATUSES].sort()));
    const run = await runOf(t, outcome.runId);
    expect(run.message).toBe(report.message);
    expect(run.details.counts).toEqual({
      processed: 9,
      active: 5,
      inactive: 4,
      missing: 1,
      inactiveEarly: 0,
      supplierRows: 9,
      supplierItems: 8,
    });
    expect(run.details.changes!.turnedActiveCount).toBe(5);
    expect(run.details.deliveryRequest).toEqual({ mode: 'automatic' });
    // The header row is remembered for drift detection.
    const [row] = await t.db.db
      .select()
      .from(schema.inventorySources)
      .where(eq(schema.inventorySources.id, source.id));
    expect(row!.lastGoodHeaders).toEqual(SUPPLIER_HEADER);
  });

  it('adds up the quantities of rows repeating an item number', async () => {
    const source = await createInventorySource(t, { userActivatedItemNumbers: 'W-1', minItemsToBeActive: 5 });
    const file = stockFile({ 'W-1': 3 });
    const content = Buffer.concat([file, Buffer.from('w-1,second warehouse,4,\n')]);
    const outcome = await processFile(t, source.id, { fileName: 'stock.csv', content }, { now: NOW });
    expect(outcome.report.activeCount).toBe(1);
    expect(await snapshotsOf(t, outcome.runId)).toEqual({ 'W-1': 7 });
    expect(outcome.report.warnings).toContain(
      '1 row repeats an item number of an earlier row; their quantities were added up (e.g. W-1).',
    );
  });
});

describe('the availability rule', () => {
  const statuses = async (overrides: Parameters<typeof createInventorySource>[1]) => {
    const source = await createInventorySource(t, overrides);
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    return Object.fromEntries(
      rowsOf(outcome.output)
        .rows.slice(3)
        .map((row) => [row[0], row[1]]),
    );
  };

  it('minItemsToBeActive: Active at or above it', async () => {
    expect(await statuses({ minItemsToBeActive: 7 })).toEqual({
      '000123': 'Active',
      '004567': 'Active',
      '89012': 'Inactive',
      '000001': 'Inactive', // 3
      'A-100': 'Inactive',
      'B-200': 'Inactive',
      'C-300': 'Active', // exactly 7
      'D-400': 'Active',
      'Z-999': 'Inactive',
    });
  });

  it('statusSupersedesQuantity: listed statuses (any case, trimmed) win over the quantity', async () => {
    expect(
      await statuses({
        statusSupersedesQuantity: true,
        statusAvailableList: 'in stock, AVAILABLE',
        statusOutOfStockList: 'Discontinued,  out of stock ',
      }),
    ).toEqual({
      '000123': 'Active',
      '004567': 'Active',
      '89012': 'Inactive', // Discontinued
      '000001': 'Active', // Backorder is in neither list: quantity 3
      'A-100': 'Inactive',
      'B-200': 'Active', // blank quantity, "In Stock"
      'C-300': 'Inactive', // quantity 7, "Out of Stock"
      'D-400': 'Active', // "Available"
      'Z-999': 'Inactive',
    });
  });

  it('without statusSupersedesQuantity the status column is not read', async () => {
    expect(
      await statuses({
        statusAvailableList: 'In Stock',
        statusOutOfStockList: 'Out of Stock',
        itemStatusColumnName: 'Nope',
      }),
    ).toEqual(Object.fromEntries(DEFAULT_STATUSES));
  });

  it('stripLeadingZeroes matches item numbers on both sides; the file shows them as the retailer wrote them', async () => {
    const list = '123, 4567,0089012,1';
    expect(await statuses({ userActivatedItemNumbers: list, stripLeadingZeroes: true })).toEqual({
      '123': 'Active',
      '4567': 'Active',
      '0089012': 'Inactive',
      '1': 'Active',
    });
    expect(await statuses({ userActivatedItemNumbers: list, stripLeadingZeroes: false })).toEqual({
      '123': 'Inactive',
      '4567': 'Inactive',
      '0089012': 'Inactive',
      '1': 'Inactive',
    });
  });

  it('item numbers match case-insensitively', async () => {
    expect(await statuses({ userActivatedItemNumbers: 'd-400,c-300' })).toEqual({
      'd-400': 'Active',
      'c-300': 'Active',
    });
  });

  it('a file without a header row: columns by 0-based index', async () => {
    const source = await createInventorySource(t, {
      fileHasHeader: false,
      itemNumberColumnName: '0',
      qtyColumnName: '2',
      userActivatedItemNumbers: 'K-1,K-2',
    });
    const content = Buffer.from('K-1,a,5\nK-2,b,0\n');
    const outcome = await processFile(t, source.id, { fileName: 'stock.csv', content }, { now: NOW });
    expect(outcome.report.processingSummary).toMatchObject({ totalRows: 2, processedRows: 2 });
    expect(
      rowsOf(outcome.output)
        .rows.slice(3)
        .map((row) => row.slice(0, 2)),
    ).toEqual([
      ['K-1', 'Active'],
      ['K-2', 'Inactive'],
    ]);
  });
});

describe('header drift and bad files', () => {
  it('a renamed mapped column fails the run, says what changed, and writes nothing', async () => {
    const source = await createInventorySource(t, { lastGoodHeaders: SUPPLIER_HEADER });
    const content = csvFile([
      ['SKU', 'Description', 'Quantity', 'Status'],
      ['000123', 'x', '5', ''],
    ]);
    const outcome = await processFile(t, source.id, { fileName: 'stock.csv', content }, { now: NOW });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toBe(
      'Column "Qty On Hand" (quantity) is not in the file. The header row has changed: column 3 "Qty On Hand" was renamed to "Quantity".',
    );
    expect(outcome.report.columnInfo).toMatchObject({ itemColumnIndex: 0, qtyColumnIndex: -1 });
    const run = await runOf(t, outcome.runId);
    expect(run.status).toBe('failed');
    expect(run.details.headerDrift).toEqual({
      renamed: [{ from: 'Qty On Hand', to: 'Quantity', index: 2 }],
      moved: [],
      missing: [],
      added: [],
    });
    expect(run.outputFileId).toBeNull();
    expect(run.inputFileId).not.toBeNull();
    expect(await snapshotsOf(t, outcome.runId)).toEqual({});
    expect(await statesOf(t, source.id)).toEqual({});
  });

  it('a moved column still maps, with a warning', async () => {
    const source = await createInventorySource(t, {
      lastGoodHeaders: SUPPLIER_HEADER,
      userActivatedItemNumbers: '000123',
    });
    const content = csvFile([
      ['Qty On Hand', 'SKU', 'Description', 'Status'],
      ['5', '000123', 'x', ''],
    ]);
    const outcome = await processFile(t, source.id, { fileName: 'stock.csv', content }, { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.report.warnings[0]).toMatch(
      /^The header row has changed since the last good file: .*moved/,
    );
  });

  it('a workbook for a CSV source is refused with the upload message; the run records it', async () => {
    const source = await createInventorySource(t);
    const outcome = await processFile(t, source.id, supplier('xlsx'), { now: NOW, trigger: 'mail' });
    expect(outcome).toMatchObject({
      status: 'failed',
      message: 'Invalid file type. Expected .csv but got .xlsx',
    });
    expect(outcome.afterCommit).toBeUndefined();
  });

  it('a damaged file fails with the reader message', async () => {
    const source = await createInventorySource(t, { fileType: '.xlsx' });
    const content = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const outcome = await processFile(t, source.id, { fileName: 'stock.xlsx', content }, { now: NOW });
    expect(outcome.status).toBe('failed');
    expect(outcome.message).toMatch(/stock\.xlsx/);
  });
});

describe('the predictive algorithm', () => {
  it('marks items Inactive early with the reason; too few snapshots means no prediction', async () => {
    const source = await createInventorySource(t, PREDICTIVE_SOURCE);
    await seedHistory(t, source.id, NOW, PREDICTIVE_HISTORY);
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(outcome.status).toBe('succeeded');
    const statuses = Object.fromEntries(
      rowsOf(outcome.output)
        .rows.slice(3)
        .map((row) => [row[0], row[1]]),
    );
    expect(statuses).toMatchObject({
      '000123': 'Active', // 25 − 2.5 × 1.5 − 3 = 18.25
      'C-300': 'Inactive', // 7 − 2.5 × 1.5 − 3 = 0.25 < 5
      '004567': 'Inactive', // large drop: (3700 + 66) / 2 × 2 = 3766/day
      'D-400': 'Active', // two snapshots only
    });
    const reasons = [
      'Item 004567: predicted -4418 (qty 1234, rate 1883/day × 2 large drop × 1.5 + padding 3) below 5 → Inactive early',
      'Item C-300: predicted 0.25 (qty 7, rate 2.5/day × 1.5 + padding 3) below 5 → Inactive early',
    ];
    expect(outcome.report.debugLogs).toEqual(expect.arrayContaining(reasons));
    expect(outcome.report.modificationsCount).toBe(2);
    expect(outcome.report.processingSummary.modifications).toEqual([
      { rowIndex: 2, itemNumber: '004567', originalQuantity: 1234, newQuantity: -4418, reason: reasons[0] },
      { rowIndex: 7, itemNumber: 'C-300', originalQuantity: 7, newQuantity: 0.25, reason: reasons[1] },
    ]);
    expect(outcome.report.message).toBe(
      'Processed 9 items: 2 Active, 7 Inactive (1 missing from the file, 2 Inactive early by prediction).',
    );
    expect((await runOf(t, outcome.runId)).details.predictions).toEqual(reasons);
  });

  it('the SQL window summary equals the in-memory one', async () => {
    const source = await createInventorySource(t, PREDICTIVE_SOURCE);
    const series = [
      { daysAgo: 40, quantity: 500 }, // outside a 30-day window
      { daysAgo: 30, quantity: 100 },
      { daysAgo: 20, quantity: 140 },
      { daysAgo: 12.5, quantity: 90 },
      { daysAgo: 3, quantity: 95 },
      { daysAgo: 0, quantity: 60 },
    ];
    await seedHistory(
      t,
      source.id,
      NOW,
      series.map((point) => ({ daysAgo: point.daysAgo, quantities: { 'Q-1': point.quantity } })),
    );
    const summaries = await snapshotSummaries(t.db.db, {
      sourceId: source.id,
      from: new Date(NOW.getTime() - 30 * DAY_MS),
      to: NOW,
      itemNumbers: ['Q-1'],
      minPoints: 1,
    });
    const pure = summariseSeries(
      series.map((point) => ({ at: NOW.getTime() - point.daysAgo * DAY_MS, quantity: point.quantity })),
      NOW.getTime(),
      30,
    );
    expect(pure).toEqual({ points: 5, spanDays: 30, sumDrops: 50 + 35, maxDrop: 50 });
    expect(summaries.get('Q-1')).toEqual(pure);
  });

  it('snapshots of held or failed runs are not history', async () => {
    const source = await createInventorySource(t, {
      ...PREDICTIVE_SOURCE,
      userActivatedItemNumbers: 'C-300',
    });
    const [held] = await seedHistory(t, source.id, NOW, [{ daysAgo: 1, quantities: { 'C-300': 500 } }]);
    await t.db.db.update(schema.runs).set({ status: 'held' }).where(eq(schema.runs.id, held!));
    await seedHistory(t, source.id, NOW, [{ daysAgo: 2, quantities: { 'C-300': 7.5 } }]);
    const outcome = await processFile(t, source.id, supplier('csv'), { now: NOW });
    // Only 2 trusted snapshots (minDataPoints 3): no prediction despite the "drop" from 500.
    expect(outcome.report.modificationsCount).toBe(0);
  });
});

describe('the drift guard', () => {
  async function establish(overrides: Parameters<typeof createInventorySource>[1] = {}) {
    const source = await createInventorySource(t, overrides);
    const first = await processFile(
      t,
      source.id,
      { fileName: 'stock.csv', content: stockFile(ALL_STOCKED) },
      { now: NOW },
    );
    expect(first.status).toBe('succeeded');
    expect(Object.values(await statesOf(t, source.id)).every((status) => status === 'Active')).toBe(true);
    return source;
  }

  it('holds a run that turns more than the limit of Active items Inactive: nothing applied, the file kept', async () => {
    const source = await establish({ driftGuardPercent: 50 });
    // 5 of 9 Active items to 0: 55.6% > 50%
    const file = stockFile({ ...ALL_STOCKED, '000123': 0, '004567': 0, '89012': 0, '000001': 0, 'A-100': 0 });
    const outcome = await processFile(
      t,
      source.id,
      { fileName: 'stock.csv', content: file },
      { now: NOW, trigger: 'mail' },
    );
    expect(outcome.status).toBe('held');
    expect(outcome.afterCommit).toBeUndefined();
    const reason =
      'This file would turn 5 items of the 9 Active items Inactive (55.56%), more than the drift guard allows (50%). Nothing was delivered and no item changed: check the file, then approve or discard this run.';
    expect(outcome.report).toMatchObject({
      success: false,
      status: 'held',
      heldReason: reason,
      errors: [reason],
    });
    const run = await runOf(t, outcome.runId);
    expect(run.status).toBe('held');
    expect(run.message).toBe(`Held for approval: ${reason}`);
    expect(run.details.held).toEqual({
      kind: 'drift',
      reason,
      currentlyActive: 9,
      turningInactive: 5,
      percent: 55.6,
      limitPercent: 50,
    });
    expect(run.details.changes!.turnedInactiveCount).toBe(5);
    expect(run.details.changes!.turnedInactive[0]).toEqual({
      itemNumber: '000123',
      from: 'Active',
      to: 'Inactive',
    });
    expect(run.outputFileId).not.toBeNull();
    expect(Object.values(await statesOf(t, source.id)).every((status) => status === 'Active')).toBe(true);
  });

  it('at the limit the run goes through', async () => {
    const source = await establish({ driftGuardPercent: 60 });
    const file = stockFile({ ...ALL_STOCKED, '000123': 0, '004567': 0, '89012': 0, '000001': 0, 'A-100': 0 });
    const outcome = await processFile(t, source.id, { fileName: 'stock.csv', content: file }, { now: NOW });
    expect(outcome.status).toBe('succeeded');
    expect((await statesOf(t, source.id))['000123']).toBe('Inactive');
  });

  it('holds a file with no data rows, even on the first run', async () => {
    const source = await createInventorySource(t);
    const outcome = await processFile(
      t,
      source.id,
      { fileName: 'stock.csv', content: csvFile([SUPPLIER_HEADER]) },
      { now: NOW },
    );
    expect(outcome.status).toBe('held');
    expect(outcome.report.heldReason).toBe(
      'The file has no data rows. Nothing was delivered and no item changed: check the file, then approve or discard this run.',
    );
    expect((await runOf(t, outcome.runId)).details.held!.kind).toBe('empty-file');
    expect(
      rowsOf(outcome.output)
        .rows.slice(3)
        .every((row) => row[1] === 'Inactive'),
    ).toBe(true);
    expect(await statesOf(t, source.id)).toEqual({});
  });

  it('an automatic succeeded run offers afterCommit; a manual one does not', async () => {
    const source = await createInventorySource(t);
    const mail = await processFile(t, source.id, supplier('csv'), { now: NOW, trigger: 'mail' });
    expect(typeof mail.afterCommit).toBe('function');
    await mail.afterCommit!(); // no recipients, no SFTP: nothing attempted, never throws
    const manual = await processFile(t, source.id, supplier('csv'), { now: NOW });
    expect(manual.afterCommit).toBeUndefined();
  });
});
