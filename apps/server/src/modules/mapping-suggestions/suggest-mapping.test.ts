import { ZMappingSuggestionSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { planColumns } from '../inventory-processing/supplier-file';
import { listMappedOrders, mapTable } from '../order-tracking-ingestion/map-rows';
import { keysOneOrder, PROPOSE_THRESHOLD, suggestMapping } from './suggest-mapping';

const UPS = '1Z999AA10123456784';
const USPS = '9400111899223100012345';
const AMAZON = 'TBA123456789012';

/** A supplier's confirmation: title rows, two dates, ordered and shipped quantities, a UPC beside the tracking numbers. */
function confirmation(): string[][] {
  const rows: string[][] = [
    ['Acme Supply Co. — Shipment Confirmation', '', '', '', '', '', '', '', '', '', ''],
    ['Generated on 11/30/2026 08:00', '', '', '', '', '', '', '', '', '', ''],
    ['', '', '', '', '', '', '', '', '', '', ''],
    [
      'PO #',
      'Order Date',
      'Ship Date',
      'Item #',
      'Qty Ord',
      'Qty Shpd',
      'Ship To',
      'Ship Via',
      'UPC',
      'Tracking #',
      'Status',
    ],
  ];
  const people = ['Maria Lopez', 'John Smith', 'Ann Lee', 'Wei Chen', 'Priya Patel'];
  for (let n = 0; n < 20; n++) {
    rows.push([
      `PO-${448800 + n}`,
      `11/${10 + (n % 5)}/2026`,
      `11/${16 + (n % 5)}/2026`,
      `AC-${1000 + n}`,
      String(2 + (n % 4)),
      String(n % 7 === 0 ? 1 : 2 + (n % 4)),
      people[n % 5]!,
      ['UPS Ground', 'USPS', 'Amazon'][n % 3]!,
      '036000291452',
      n % 6 === 0 ? `${UPS};${USPS}` : [UPS, USPS, AMAZON][n % 3]!,
      n % 7 === 0 ? 'Partial' : 'Shipped',
    ]);
  }
  return rows;
}

describe('suggestMapping (docs/design/mapping-suggestions.md)', () => {
  it('proposes the whole set-up of an order tracking source, each field with a confidence and a reason', () => {
    const suggestion = suggestMapping(confirmation(), 'order-tracking');
    expect(ZMappingSuggestionSchema.parse(suggestion)).toEqual(suggestion);
    expect(suggestion).toMatchObject({
      fileHasHeader: true,
      headerRowIndex: 3,
      uniqueColumn: 'CustomerPoNumber',
      secondaryDelimiter: ';',
    });
    const columns = Object.fromEntries(
      Object.entries(suggestion.fields).map(([field, value]) => [field, value.column]),
    );
    expect(columns).toMatchObject({
      customerPoNumber: 'PO #',
      orderDate: 'Order Date',
      shippedDate: 'Ship Date',
      itemNumber: 'Item #',
      qty: 'Qty Ord',
      qtyFulfilled: 'Qty Shpd',
      shipToName: 'Ship To',
      shippingCompany: 'Ship Via',
      trackingNumbers: 'Tracking #',
      supplierOrderStatus: 'Status',
      estimatedArrivalDate: null,
      wildcard1: null,
    });
    expect(suggestion.fields.trackingNumbers!.reason).toBe(
      "header 'Tracking #'; 20 of 20 values are USPS/UPS/Amazon numbers",
    );
    expect(suggestion.fields.trackingNumbers!.confidence).toBeGreaterThan(0.9);
    expect(suggestion.fields.estimatedArrivalDate).toMatchObject({
      column: null,
      reason: 'no column looks like an expected delivery date',
    });
    expect(suggestion.columns[9]).toEqual({
      index: 9,
      header: 'Tracking #',
      samples: [`${UPS};${USPS}`, USPS, AMAZON, UPS],
    });
  });

  it('gives a column to one field only: the surer one, the other says where it went', () => {
    const rows = [
      ['Order Number', 'Qty'],
      ...Array.from({ length: 8 }, (_, n) => [`SO-${100 + n}`, String(n + 1)]),
    ];
    const { fields } = suggestMapping(rows, 'order-tracking');
    expect(fields.customerPoNumber!.column).toBe('Order Number');
    expect(fields.documentNumber).toMatchObject({
      column: null,
      reason: "no column looks like a document number ('Order Number' fits Customer PO Number better)",
    });
    expect(fields.qty!.column).toBe('Qty');
    expect(fields.qtyFulfilled!.column).toBeNull();
    const used = Object.values(fields).flatMap((field) => (field.column ? [field.column] : []));
    expect(new Set(used).size).toBe(used.length);
  });

  it('gives a column named like a tracking number that holds carrier codes to the carrier', () => {
    const rows = [
      ['PO Number', 'Tracking Code', 'Package Tracking Number'],
      ...Array.from({ length: 10 }, (_, n) => [
        `PO-${n}`,
        n % 2 ? 'UPSN' : 'FDEG',
        n % 2 ? UPS : '9611020987654312345672',
      ]),
    ];
    const { fields } = suggestMapping(rows, 'order-tracking');
    expect(fields.trackingNumbers!.column).toBe('Package Tracking Number');
    expect(fields.shippingCompany!.column).toBe('Tracking Code');
  });

  it('keeps a header it does not trust at the values: a column called Tracking of dates is no tracking column', () => {
    const rows = [['PO', 'Tracking'], ...Array.from({ length: 6 }, (_, n) => [`PO-${n}`, `11/2${n}/2026`])];
    expect(suggestMapping(rows, 'order-tracking').fields.trackingNumbers!.column).toBeNull();
  });

  it('proposes nothing below the threshold, and says so', () => {
    const rows = [['Ref', 'Note'], ...Array.from({ length: 6 }, (_, n) => [`X${n}`, 'fragile'])];
    const { fields } = suggestMapping(rows, 'order-tracking');
    for (const field of Object.values(fields))
      expect(field.column === null || field.confidence >= PROPOSE_THRESHOLD).toBe(true);
    expect(fields.shippedDate).toEqual({
      column: null,
      confidence: 0,
      reason: 'no column looks like a ship date',
    });
  });

  it('reads a file without a header by its values: indexes as columns, dates in order, shipped never above ordered', () => {
    const rows = Array.from({ length: 12 }, (_, n) => [
      `PO-${5000 + n}`,
      `2026-11-${String(1 + n).padStart(2, '0')}`,
      `2026-11-${String(4 + n).padStart(2, '0')}`,
      String(3 + (n % 3)),
      String(n % 4 === 0 ? 1 : 3 + (n % 3)),
      ['Maria Lopez', 'John Smith', 'Ann Lee'][n % 3]!,
      n % 2 ? UPS : USPS,
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion).toMatchObject({
      fileHasHeader: false,
      headerRowIndex: null,
      uniqueColumn: 'CustomerPoNumber',
    });
    const columns = Object.fromEntries(
      Object.entries(suggestion.fields).map(([field, value]) => [field, value.column]),
    );
    expect(columns).toMatchObject({
      customerPoNumber: '0',
      orderDate: '1',
      shippedDate: '2',
      qty: '3',
      qtyFulfilled: '4',
      shipToName: '5',
      trackingNumbers: '6',
    });
    expect(suggestion.columns[0]).toEqual({
      index: 0,
      header: null,
      samples: ['PO-5000', 'PO-5001', 'PO-5002', 'PO-5003', 'PO-5004'],
    });
  });

  it('names a column by its index when its header is empty or repeated, as an import then finds it', () => {
    const rows = [
      ['PO', 'Tracking', 'Tracking', ''],
      ...Array.from({ length: 5 }, (_, n) => [`PO-${n}`, 'x', UPS, 'UPS']),
    ];
    const { fields } = suggestMapping(rows, 'order-tracking');
    expect(fields.trackingNumbers!.column).toBe('2');
    expect(fields.shippingCompany!.column).toBe('3');
  });

  it("takes this installation's own mappings over the catalogue, and proposes a wildcard only from them", () => {
    const rows = [
      ['Order Number', 'Note', 'Trk'],
      ...Array.from({ length: 6 }, (_, n) => [`SO-${n}`, 'fragile', UPS]),
    ];
    const plain = suggestMapping(rows, 'order-tracking');
    expect(plain.fields.customerPoNumber!.column).toBe('Order Number');
    expect(plain.fields.wildcard1!.column).toBeNull();
    const learned = suggestMapping(rows, 'order-tracking', [
      { kind: 'order-tracking', header: 'order number', field: 'documentNumber', weight: 2 },
      { kind: 'order-tracking', header: 'NOTE', field: 'wildcard1', weight: 1 },
    ]);
    expect(learned.fields.documentNumber).toMatchObject({
      column: 'Order Number',
      reason: expect.stringContaining(
        "header 'Order Number' was mapped to Document Number on this installation before (2 times)",
      ),
    });
    expect(learned.fields.wildcard1!.column).toBe('Note');
    expect(learned.fields.customerPoNumber!.column).toBeNull();
    expect(learned.uniqueColumn).toBe('DocumentNumber');
  });

  it('proposes the item, quantity and status of an inventory source, past the columns that look alike', () => {
    const rows = [
      ['Daily Stock Feed', '', '', '', '', ''],
      ['Item #', 'Description', 'Case Pack', 'Qty On Order', 'Qty Avail', 'Status'],
      ...Array.from({ length: 10 }, (_, n) => [
        `WB-${1000 + n}`,
        'Grill Cover',
        '12',
        String(n * 3),
        String(n === 3 ? 0 : 40 + n),
        n === 3 ? 'Out of Stock' : 'In Stock',
      ]),
    ];
    const suggestion = suggestMapping(rows, 'inventory');
    expect(suggestion).toMatchObject({ headerRowIndex: 1, uniqueColumn: null, secondaryDelimiter: null });
    expect(
      Object.fromEntries(Object.entries(suggestion.fields).map(([field, value]) => [field, value.column])),
    ).toEqual({
      itemNumberColumnName: 'Item #',
      qtyColumnName: 'Qty Avail',
      itemStatusColumnName: 'Status',
    });
  });

  it.each([
    ['Carrier Tracking ID', 'trackingNumbers', () => UPS],
    ['Waybill No', 'trackingNumbers', () => UPS],
    ['Track#', 'trackingNumbers', () => UPS],
    ['Despatch Date', 'shippedDate', (n: number) => `11/${n + 1}/2026`],
    ['Expected Delivery', 'estimatedArrivalDate', (n: number) => `11/${n + 1}/2026`],
    ['Cust. P/O', 'customerPoNumber', (n: number) => `R-${5000 + n}`],
    ['Buyer Order No', 'customerPoNumber', (n: number) => `R-${5000 + n}`],
    ['Deliver To Name', 'shipToName', (n: number) => ['Maria Lopez', 'Ann Lee'][n % 2]!],
    ['Dispatched Qty', 'qtyFulfilled', (n: number) => String(n + 1)],
    ['Units Ordered', 'qty', (n: number) => String(n + 1)],
    ['Courier Name', 'shippingCompany', () => 'FedEx'],
    ['Part No', 'itemNumber', (n: number) => `AB-${n}1`],
  ])('reads a spelling the catalogue does not list word for word: %s → %s', (header, field, value) => {
    const rows = [['Row', header], ...Array.from({ length: 8 }, (_, n) => [String(n + 1), value(n)])];
    expect(suggestMapping(rows, 'order-tracking').fields[field]!.column).toBe(header);
  });

  it('judges the unique column per row or per order', () => {
    const rows = [
      ['PO-1', 'Ann Lee'],
      ['PO-1', 'Ann Lee'],
      ['PO-2', 'Wei Chen'],
      ['PO-3', 'Maria Lopez'],
    ];
    expect(keysOneOrder(rows, 0, 0, [1])).toBe(true);
    expect(keysOneOrder([...rows, ['PO-1', 'John Smith'], ['PO-2', 'Ann Lee']], 0, 0, [1])).toBe(false);
    expect(
      keysOneOrder(
        [
          ['A', 'x'],
          ['B', 'x'],
          ['', 'x'],
          ['', 'x'],
        ],
        0,
        0,
        [],
      ),
    ).toBe(false);
  });

  it('proposes what an import needs: the suggested set-up reads the file', () => {
    const rows = confirmation();
    const suggestion = suggestMapping(rows, 'order-tracking');
    const columnMapping = Object.fromEntries(
      Object.entries(suggestion.fields).flatMap(([field, value]) =>
        value.column ? [[field, value.column]] : [],
      ),
    );
    const result = mapTable(
      { type: '.csv', format: 'csv', rows, notes: [] },
      {
        fileHasHeader: suggestion.fileHasHeader,
        headerRowIndex: suggestion.headerRowIndex,
        columnMapping,
        columnsToIgnore: '',
        secondaryDelimiter: suggestion.secondaryDelimiter ?? '',
        uniqueColumn: suggestion.uniqueColumn!,
        lastGoodHeaders: null,
      },
    );
    if (!result.ok) throw new Error(result.error);
    const orders = listMappedOrders(result.orders);
    expect(orders).toHaveLength(20);
    expect(orders[0]).toMatchObject({ uniqueKey: 'PO-448800', trackingNumbers: [UPS, USPS] });
    expect(orders[0]!.values).toMatchObject({
      shippedDate: '2026-11-16',
      qty: 2,
      qtyFulfilled: 1,
      shipToName: 'Maria Lopez',
    });
  });

  it('proposes what an inventory import needs: the suggested columns are found in the file', () => {
    const rows = [
      ['SKU', 'Title', 'Committed', 'Available', 'Status'],
      ...Array.from({ length: 10 }, (_, n) => [
        `YT-${100 + n}`,
        'Tumbler',
        '2',
        String(n * 5),
        n ? 'In Stock' : 'Out of Stock',
      ]),
    ];
    const { fields, fileHasHeader } = suggestMapping(rows, 'inventory');
    const plan = planColumns(
      { type: '.csv', format: 'csv', rows, notes: [] },
      {
        fileType: '.csv',
        fileHasHeader,
        itemNumberColumnName: fields.itemNumberColumnName!.column!,
        qtyColumnName: fields.qtyColumnName!.column!,
        itemStatusColumnName: fields.itemStatusColumnName!.column!,
        statusSupersedesQuantity: true,
        stripLeadingZeroes: false,
        lastGoodHeaders: null,
      },
    );
    expect(plan).toMatchObject({ itemColumn: 0, qtyColumn: 3, statusColumn: 4 });
  });
});

describe('suggestMapping on the files a held-out corpus showed (docs/design/mapping-suggestions.md#held-out-fixes)', () => {
  const FEDEX = ['391470260961', '796573393868', '779470639566', '295330659819538'];
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;

  it('lets tracking numbers win over a header that names something else, and finds their delimiter', () => {
    const rows = [
      ['PO Number', 'Shipment Identification Number', 'Tracks'],
      ...Array.from({ length: 10 }, (_, n) => [
        `4700${1000 + n}`,
        n % 2 ? FEDEX[n % 4]! : USPS,
        n % 3 ? `${FEDEX[n % 4]},${FEDEX[(n + 1) % 4]}` : UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    // One tracking column is proposed; the other is not taken for a document number.
    expect(['Shipment Identification Number', 'Tracks']).toContain(column(suggestion, 'trackingNumbers'));
    expect(column(suggestion, 'documentNumber')).toBeNull();
    const tracks = suggestMapping(
      rows.map((row) => [row[0]!, row[2]!]),
      'order-tracking',
    );
    expect(column(tracks, 'trackingNumbers')).toBe('Tracks');
    expect(tracks.secondaryDelimiter).toBe(',');
    expect(tracks.fields.trackingNumbers!.reason).toContain('by a valid check digit alone');
  });

  it('makes the unique column follow the PO column, even when the PO repeats on lines', () => {
    const rows = [
      ['PO Number', 'Invoice Number', 'Tracking #'],
      ...Array.from({ length: 8 }, (_, n) => [`PO-${100 + (n >> 1)}`, `INV-${n}`, UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'documentNumber')).toBe('Invoice Number');
    expect(suggestion.uniqueColumn).toBe('CustomerPoNumber');
  });

  it('takes PO-prefixed values for the PO whatever the header, and not for a document number', () => {
    const rows = [
      ['Tracking Number', 'Document Type', 'Document Number'],
      ...Array.from({ length: 8 }, (_, n) => [UPS, 'PO', `PO45001${20 + n}`]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('Document Number');
    expect(column(suggestion, 'documentNumber')).toBeNull();
  });

  it('proposes no second field on a column that repeats an identifier already proposed', () => {
    const rows = [
      ['order_id', 'order_number', 'tracking'],
      ...Array.from({ length: 8 }, (_, n) => [String(4993 + n), String(4993 + n), UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).not.toBeNull();
    expect(column(suggestion, 'documentNumber')).toBeNull();
  });

  it('leaves the document number empty when a second bare order number sits beside an order-number PO', () => {
    const rows = [
      ['order_number', 'order_id', 'tracking_number'],
      ...Array.from({ length: 8 }, (_, n) => [`#${1840 + n}`, String(84276081 + n * 7919), UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('order_number');
    expect(column(suggestion, 'documentNumber')).toBeNull();
  });

  it('reads Created at as the order date only beside a ship date', () => {
    const dates = (n: number) => [`2026-11-0${1 + (n % 5)} 10:00:00`, `2026-11-1${n % 5} 09:00:00`];
    const alone = [
      ['Order_id', 'Created_at', 'Tracks'],
      ...Array.from({ length: 8 }, (_, n) => [String(1200 + n), dates(n)[0]!, UPS]),
    ];
    expect(column(suggestMapping(alone, 'order-tracking'), 'orderDate')).toBeNull();
    expect(column(suggestMapping(alone, 'order-tracking'), 'poDate')).toBeNull();
    const beside = [
      ['orderID', 'createdDate', 'shippedDate', 'trackingNumber'],
      ...Array.from({ length: 8 }, (_, n) => [`SO-${1200 + n}`, dates(n)[0]!, dates(n)[1]!, UPS]),
    ];
    const suggestion = suggestMapping(beside, 'order-tracking');
    expect(column(suggestion, 'orderDate')).toBe('createdDate');
    expect(column(suggestion, 'shippedDate')).toBe('shippedDate');
  });

  it('proposes no field from a header over an empty column, nor an identifier over free text', () => {
    const rows = [
      ['PO Number', 'Shipment_status', 'Shipment Reference Number', 'Tracking #'],
      ...Array.from({ length: 8 }, (_, n) => [`PO-${n}`, '', `RMA-51${n} DOCK ${n}`, UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'supplierOrderStatus')).toBeNull();
    expect(column(suggestion, 'documentNumber')).toBeNull();
  });

  it('reads an EDI flat file headed by X12 element ids', () => {
    const rows = [
      ['W0602', 'W0603', 'W0606', 'W2702', 'W1202', 'W1203', 'W1206', 'MAN02'],
      ...Array.from({ length: 8 }, (_, n) => [
        `SO${460347 + n}`,
        `202611${10 + n}`,
        String(9235209995 + n * 104729),
        'UPSN',
        String(2 + (n % 3)),
        String(1 + (n % 3)),
        '042247033137',
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion).toMatchObject({
      fileHasHeader: true,
      headerRowIndex: 0,
      uniqueColumn: 'CustomerPoNumber',
    });
    expect(
      Object.fromEntries(Object.entries(suggestion.fields).map(([f, v]) => [f, v.column])),
    ).toMatchObject({
      customerPoNumber: 'W0606',
      shippedDate: 'W0603',
      trackingNumbers: 'MAN02',
      qty: 'W1202',
      qtyFulfilled: 'W1203',
      shippingCompany: 'W2702',
    });
    expect(suggestion.fields.customerPoNumber!.reason).toContain(
      'the EDI element W0606 Purchase Order Number',
    );
  });

  it('reads two dates after the tracking number of a headerless file as ship and delivery dates', () => {
    const rows = Array.from({ length: 10 }, (_, n) => [
      `JT-${54261000 + n}`,
      UPS,
      `2026-11-${10 + n}T07:38:00`,
      `2026-11-${15 + n}T07:38:00`,
      'UPS',
      `HP-${12622 + n}`,
      String(1 + (n % 4)),
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion.fileHasHeader).toBe(false);
    expect(column(suggestion, 'shippedDate')).toBe('2');
    expect(column(suggestion, 'estimatedArrivalDate')).toBe('3');
    expect(column(suggestion, 'orderDate')).toBeNull();
    expect(column(suggestion, 'customerPoNumber')).toBe('0');
    expect(column(suggestion, 'itemNumber')).toBe('5');
  });
});
