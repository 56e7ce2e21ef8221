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
      `SKU-${300 + (n % 5)}`,
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
      // An order date by position alone is offered below the threshold (seventh round): the operator confirms it.
      orderDate: null,
      shippedDate: '2',
      itemNumber: '3',
      qty: '4',
      qtyFulfilled: '5',
      shipToName: '6',
      trackingNumbers: '7',
    });
    expect(suggestion.fields.orderDate!.reason).toContain("'column 2' is the closest, not sure enough");
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

  it('reads the first of two dates after the tracking number of a headerless file as the ship date, the other offered below the threshold', () => {
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
    // A delivery date by position may be the carrier's estimate or the delivery made: not proposed (seventh round).
    expect(column(suggestion, 'estimatedArrivalDate')).toBeNull();
    expect(suggestion.fields.estimatedArrivalDate!.confidence).toBeGreaterThan(0.4);
    expect(column(suggestion, 'orderDate')).toBeNull();
    expect(column(suggestion, 'customerPoNumber')).toBe('0');
    expect(column(suggestion, 'itemNumber')).toBe('5');
  });

  it('proposes no quantity in a headerless file without items, nor amounts or a constant column as codes', () => {
    // A carrier's invoice: record type, account, date, tracking number, PO, service, amounts, a zone.
    const rows = Array.from({ length: 12 }, (_, n) => [
      'DTL',
      '2684030563',
      `2026-11-${String(1 + n).padStart(2, '0')}`,
      n % 2 ? UPS : USPS,
      `PO${732900 + n * 7}`,
      n % 2 ? 'DHL SmartMail Parcel Expedited Max' : 'DHL SmartMail Parcel Plus Ground',
      `${10 + n}.70`,
      String(2 + (n % 7)),
      `${40 + n}.91`,
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion.fileHasHeader).toBe(false);
    expect(column(suggestion, 'trackingNumbers')).toBe('3');
    expect(column(suggestion, 'customerPoNumber')).toBe('4');
    expect(column(suggestion, 'itemNumber')).toBeNull();
    expect(column(suggestion, 'qty')).toBeNull();
    // Service descriptions name the carrier in passing: without a header saying carrier, no proposal.
    expect(column(suggestion, 'shippingCompany')).toBeNull();
  });

  it('reads German and French headers, and a header naming alternatives with a spaced slash', () => {
    const rows = [
      ['Bestell Nr.', 'Positionsnummer / Artikelnummer', 'Bestellstatus', 'Sendungsnummer', 'Versanddatum'],
      ...Array.from({ length: 8 }, (_, n) => [
        `B70${8155 + n}`,
        `PP-LTR${10 + n}`,
        n % 2 ? 'Versendet' : 'In Bearbeitung',
        UPS,
        `1${n}.11.2026`,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('Bestell Nr.');
    expect(column(suggestion, 'itemNumber')).toBe('Positionsnummer / Artikelnummer');
    expect(column(suggestion, 'supplierOrderStatus')).toBe('Bestellstatus');
    expect(column(suggestion, 'trackingNumbers')).toBe('Sendungsnummer');
    expect(column(suggestion, 'shippedDate')).toBe('Versanddatum');
  });

  it('takes marketplace order numbers for the PO over a platform id, and Shipping customer name for the ship-to', () => {
    const rows = [
      ['Order Id', 'Reference Number', 'Shipping customer name', 'Tracking Number'],
      ...Array.from({ length: 8 }, (_, n) => [
        String(44204849 + n * 977),
        `206-71104${10 + n}-42048${10 + n}`,
        ['Tobias Kowalski', 'Hannah Brennan', 'Lucia Lindqvist'][n % 3]!,
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('Reference Number');
    expect(column(suggestion, 'shipToName')).toBe('Shipping customer name');
    expect(column(suggestion, 'customerName')).toBeNull();
  });

  it('reads Magento-style Tracks of joined FedEx numbers as the tracking column', () => {
    const rows = [
      ['Increment_id', 'Tracks'],
      ...['589826054880,772830236021', '396565998775,784344821661', '775366029270,775037387130'].flatMap(
        (cell, n) => [
          [`30007744${n}`, cell],
          [`30007745${n}`, cell],
        ],
      ),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'trackingNumbers')).toBe('Tracks');
    expect(suggestion.secondaryDelimiter).toBe(',');
  });

  it('prefers a SKU to a part number and the item id to its barcode in a stock file; takes numeric status codes', () => {
    const skuAndPart = suggestMapping(
      [
        ['product_sku', 'part_number', 'Status', 'quantity'],
        ...Array.from({ length: 8 }, (_, n) => [
          `WF-${98640 + n}`,
          `A88299${n}`,
          String(n % 3),
          String(n * 7),
        ]),
      ],
      'inventory',
    );
    expect(column(skuAndPart, 'itemNumberColumnName')).toBe('product_sku');
    expect(column(skuAndPart, 'itemStatusColumnName')).toBe('Status');
    const gtins = ['0658746022239', '0042189066194', '036000291452', '012000161155', '4006381333931'];
    const idAndGtin = suggestMapping(
      [['id', 'gtin', 'quantity'], ...gtins.map((gtin, n) => [`LIA-${2200 + n}`, gtin, String(n + 3)])],
      'inventory',
    );
    expect(column(idAndGtin, 'itemNumberColumnName')).toBe('id');
  });

  it('proposes a vendor neither as the supplier nor as the brand, and says why', () => {
    const rows = [
      ['PO Number', 'vendor_name', 'Tracking Number'],
      ...Array.from({ length: 6 }, (_, n) => [`PO-${4100 + n}`, ['3M', 'ANKER', 'Logitech'][n % 3]!, UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'supplierName')).toBeNull();
    expect(column(suggestion, 'brandName')).toBeNull();
    expect(suggestion.fields.supplierName!.reason).toContain('not sure enough');
    // Evidence from this installation still decides.
    const learned = suggestMapping(rows, 'order-tracking', [
      { kind: 'order-tracking', header: 'vendor_name', field: 'brandName', weight: 2 },
    ]);
    expect(column(learned, 'brandName')).toBe('vendor_name');
  });
});

describe('suggestMapping abstains where its evidence is weak (docs/design/mapping-suggestions.md#third-round-abstaining)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;
  const people = ['Kenji Carter', 'Daniel Tanaka', 'Maria Lopez', 'Ann Lee'];

  it('reads a headerless shipping export: a Y/N flag is no status, a shipment number no PO, no item without quantities', () => {
    // UPS WorldShip-style: voided flag, tracking number, address, name, shipment number, reference (the PO).
    const rows = Array.from({ length: 12 }, (_, n) => [
      n % 5 ? 'N' : 'Y',
      UPS,
      `${6900 + n} Elm Ct, Fresno, CA 93721`,
      people[n % 4]!,
      `SH-0441${n}`,
      String(636102 + n * 917),
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion.fileHasHeader).toBe(false);
    expect(column(suggestion, 'trackingNumbers')).toBe('1');
    expect(column(suggestion, 'customerPoNumber')).toBe('5');
    expect(column(suggestion, 'itemNumber')).toBeNull();
    expect(column(suggestion, 'supplierOrderStatus')).toBeNull();
  });

  it('withholds a field two columns fit equally well, and says which two', () => {
    const rows = [
      ['Tracking Number', 'Reference Number 1', 'Reference Number 2'],
      ...Array.from({ length: 8 }, (_, n) => [UPS, `RF${40100 + n * 13}`, `RF${70100 + n * 29}`]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBeNull();
    expect(suggestion.fields.customerPoNumber!.reason).toBe(
      "'Reference Number 1' and 'Reference Number 2' fit equally well; the file does not say which one is meant",
    );
    expect(suggestion.fields.customerPoNumber!.confidence).toBeLessThan(PROPOSE_THRESHOLD);
    // The id-or-number rule settles `order_number` beside `order_id`: not a tie.
    const settled = suggestMapping(
      [
        ['order_id', 'order_number', 'tracking_number'],
        ...Array.from({ length: 8 }, (_, n) => [String(880 + n * 7), `#${1840 + n}`, UPS]),
      ],
      'order-tracking',
    );
    expect(column(settled, 'customerPoNumber')).toBe('order_number');
  });

  it('withholds a date whose header does not say whether it is the ship date or the arrival', () => {
    const rows = [
      ['Référence client', 'Date prévue', 'Date effective', 'Référence de suivi'],
      ...Array.from({ length: 8 }, (_, n) => [
        `CMD-${5900 + n}`,
        `1${n}/11/2026 10:00:00`,
        `1${n}/11/2026 15:00:00`,
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'estimatedArrivalDate')).toBeNull();
    expect(suggestion.fields.estimatedArrivalDate!.reason).toContain('the header does not say which');
    expect(column(suggestion, 'shippedDate')).toBe('Date effective');
  });

  it('proposes a customer who is a person as the ship-to when no column names the recipient', () => {
    const header = ['order_id', 'customer_name', 'tracking_number'];
    const persons = suggestMapping(
      [header, ...Array.from({ length: 8 }, (_, n) => [`4500${831299 + n}`, people[n % 4]!, UPS])],
      'order-tracking',
    );
    expect(column(persons, 'shipToName')).toBe('customer_name');
    expect(column(persons, 'customerName')).toBeNull();
    expect(persons.fields.shipToName!.reason).toContain('the shipment goes to them');
    const stores = ['Acme Hardware Inc', 'Northwind Supply LLC', 'Harbor & Pine Co'];
    const companies = suggestMapping(
      [header, ...Array.from({ length: 8 }, (_, n) => [`4500${831299 + n}`, stores[n % 3]!, UPS])],
      'order-tracking',
    );
    expect(column(companies, 'customerName')).toBe('customer_name');
    expect(column(companies, 'shipToName')).toBeNull();
  });

  it('withholds a document number written exactly as the PO is, and keeps one with its own prefix', () => {
    const rows = (prefix: string) => [
      ['poNum', 'salesOrder', 'trackingNum'],
      ...Array.from({ length: 8 }, (_, n) => [
        String(1053974706626 + n * 7919),
        `${prefix}${7065112654418 + n * 104729}`,
        UPS,
      ]),
    ];
    const twin = suggestMapping(rows(''), 'order-tracking');
    expect(column(twin, 'customerPoNumber')).toBe('poNum');
    expect(column(twin, 'documentNumber')).toBeNull();
    expect(twin.fields.documentNumber!.reason).toContain('written as the PO is');
    expect(column(suggestMapping(rows('SO'), 'order-tracking'), 'documentNumber')).toBe('salesOrder');
  });

  it('reads a stock file: available before on hand past notes in brackets, no threshold, a running id behind the code', () => {
    const shopify = suggestMapping(
      [
        [
          'SKU',
          'Committed (not editable)',
          'Available (not editable)',
          'On hand (current)',
          'Low Stock Level',
        ],
        ...Array.from({ length: 8 }, (_, n) => [
          `NW-${1000 + n}`,
          String(n % 3),
          String(430 + n),
          String(433 + n),
          '25',
        ]),
      ],
      'inventory',
    );
    expect(column(shopify, 'qtyColumnName')).toBe('Available (not editable)');
    const bigcommerce = suggestMapping(
      [
        ['Product ID', 'Code', 'Stock Level', 'Low Stock Level'],
        ...Array.from({ length: 8 }, (_, n) => [String(112 + n), `BC${4200 + n * 3}`, String(n * 40), '20']),
      ],
      'inventory',
    );
    expect(column(bigcommerce, 'itemNumberColumnName')).toBe('Code');
    expect(column(bigcommerce, 'qtyColumnName')).toBe('Stock Level');
    expect(
      suggestMapping(
        [['Low Stock Level', 'SKU'], ...Array.from({ length: 6 }, (_, n) => ['20', `A-${n}0`])],
        'inventory',
      ).fields.qtyColumnName!.column,
    ).toBeNull();
  });

  it('reads Spanish headers and an EDI element id followed by its name', () => {
    const spanish = suggestMapping(
      [
        ['Referencia', 'EAN', 'Stock disponible', 'Estado'],
        ...Array.from({ length: 8 }, (_, n) => [
          `REF-${2200 + n}`,
          '0642444953070',
          String(n * 9),
          ['Disponible', 'Agotado', 'Descatalogado'][n % 3]!,
        ]),
      ],
      'inventory',
    );
    expect(column(spanish, 'itemNumberColumnName')).toBe('Referencia');
    expect(column(spanish, 'itemStatusColumnName')).toBe('Estado');
    const edi = suggestMapping(
      [
        ['PRF01 Purchase Order Number', 'PRF04 Date', 'MAN02 Marks and Numbers'],
        ...Array.from({ length: 8 }, (_, n) => [String(2838019586624 + n * 31), `202611${10 + n}`, UPS]),
      ],
      'order-tracking',
    );
    expect(column(edi, 'poDate')).toBe('PRF04 Date');
    expect(edi.fields.poDate!.reason).toContain('EDI element PRF04');
  });

  it('proposes below the threshold only when asked to, for the benchmark to measure', () => {
    const rows = [['Zone', 'Tracking'], ...Array.from({ length: 6 }, (_, n) => [`Z${n}`, UPS])];
    const weak = Object.values(suggestMapping(rows, 'order-tracking').fields).filter(
      (field) => field.column !== null && field.confidence < PROPOSE_THRESHOLD,
    );
    expect(weak).toEqual([]);
    const low = suggestMapping(rows, 'order-tracking', undefined, { threshold: 0 });
    expect(Object.values(low.fields).filter((field) => field.column !== null).length).toBeGreaterThanOrEqual(
      Object.values(suggestMapping(rows, 'order-tracking').fields).filter((field) => field.column !== null)
        .length,
    );
  });
});

describe('suggestMapping, fourth round (docs/design/mapping-suggestions.md#fourth-round-the-unseen-corpus-as-the-development-set)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;
  const people = ['Kenji Carter', 'Daniel Tanaka', 'Maria Lopez', 'Ann Lee'];

  it('reads an EDI flat file whose element ids carry their qualifiers, under an envelope line', () => {
    const rows = [
      ['856 flat export - DROPSHIP', 'X12 004060', 'created 20261128'],
      [
        'BSN02',
        'DTM02_011',
        'DTM02_017',
        'TD503',
        'REF02_CN',
        'PRF01',
        'N102_ST',
        'MAN02_GM',
        'LIN03_SK',
        'SN102',
        'SN105',
      ],
      ...Array.from({ length: 10 }, (_, n) => [
        `ASN26110${5000 + n}`,
        `202611${10 + n}`,
        `202611${13 + n}`,
        'UPSN',
        UPS,
        String(61278888 + n * 7919),
        people[n % 4]!.toUpperCase(),
        `00850123${7815332563 + n}`,
        String(103400 + n),
        String(n % 4),
        '4',
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion).toMatchObject({
      fileHasHeader: true,
      headerRowIndex: 1,
      uniqueColumn: 'CustomerPoNumber',
    });
    expect(
      Object.fromEntries(Object.entries(suggestion.fields).map(([f, v]) => [f, v.column])),
    ).toMatchObject({
      shippedDate: 'DTM02_011',
      estimatedArrivalDate: 'DTM02_017',
      trackingNumbers: 'REF02_CN',
      customerPoNumber: 'PRF01',
      shipToName: 'N102_ST',
      itemNumber: 'LIN03_SK',
      qtyFulfilled: 'SN102',
      qty: 'SN105',
    });
    expect(suggestion.fields.trackingNumbers!.reason).toContain(
      "REF02 qualified CN (Carrier's Reference Number)",
    );
  });

  it('names nobody from a column of yes/no flags, whatever its header says', () => {
    const rows = [
      ['purchaseOrderNumber', 'customerPickup', 'package_trackingNumber'],
      ...Array.from({ length: 8 }, (_, n) => [`PO3319${20 + n}`, n % 3 ? 'FALSE' : 'TRUE', UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerName')).toBeNull();
    expect(column(suggestion, 'customerPoNumber')).toBe('purchaseOrderNumber');
  });

  it('reads a bare Quantity with some zeros as the shipped quantity, and without zeros as the ordered one', () => {
    const file = (zeros: boolean) => [
      ['Order', 'Item', 'Quantity', 'Tracking Number'],
      ...Array.from({ length: 12 }, (_, n) => [
        `SO-${5000 + n}`,
        `FC-${1880 + n}`,
        zeros && n % 5 === 0 ? '0' : String(1 + (n % 4)),
        UPS,
      ]),
    ];
    const shipped = suggestMapping(file(true), 'order-tracking');
    expect(column(shipped, 'qtyFulfilled')).toBe('Quantity');
    expect(column(shipped, 'qty')).toBeNull();
    expect(shipped.fields.qtyFulfilled!.reason).toContain('3 of 12 values are 0');
    const ordered = suggestMapping(file(false), 'order-tracking');
    expect(column(ordered, 'qty')).toBe('Quantity');
    expect(column(ordered, 'qtyFulfilled')).toBeNull();
  });

  it('takes whole numbers written with a decimal comma for quantities (Italian delivery notes)', () => {
    const rows = [
      ['Rif. ordine cliente', 'Codice articolo', 'Q.tà ordinata', 'Q.tà spedita', 'Vettore', 'N. spedizione'],
      ...Array.from({ length: 10 }, (_, n) => [
        `OA-20267${10 + n}`,
        `FC-${1880 + n}`,
        `${2 + (n % 3)},00`,
        `${1 + (n % 3)},00`,
        'UPS',
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('Rif. ordine cliente');
    expect(column(suggestion, 'itemNumber')).toBe('Codice articolo');
    expect(column(suggestion, 'qty')).toBe('Q.tà ordinata');
    expect(column(suggestion, 'qtyFulfilled')).toBe('Q.tà spedita');
    expect(column(suggestion, 'shippingCompany')).toBe('Vettore');
  });

  it('proposes no item in a headerless ship confirmation whose codes sit with the shipment, not the quantities', () => {
    // OrderLogix-style: record type, shipment id, warehouse shipment id, date, carrier, tracking, service, two line counts.
    const rows = Array.from({ length: 12 }, (_, n) => [
      'O',
      String(1234471 + n * 9109),
      `W6004${10 + n}`,
      `11/${10 + (n % 9)}/2026`,
      'FEDEX',
      UPS,
      'GROUND',
      String(1 + (n % 3)),
      String(1 + (n % 3)),
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(suggestion.fileHasHeader).toBe(false);
    expect(column(suggestion, 'trackingNumbers')).toBe('5');
    expect(column(suggestion, 'itemNumber')).toBeNull();
    expect(column(suggestion, 'qty')).toBeNull();
    expect(column(suggestion, 'qtyFulfilled')).toBeNull();
  });

  it('takes the SKU over an item id of bare numbers', () => {
    const rows = [
      ['order_id', 'item_id', 'item_sku', 'shipped_qty', 'tracking_code'],
      ...Array.from({ length: 8 }, (_, n) => [
        `35U76191${70 + n}`,
        String(91781 + n * 577),
        `CT-09${10 + n}`,
        '1',
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'itemNumber')).toBe('item_sku');
  });

  it('reads Polish and Italian stock lists, and what a marketplace calls fulfillable', () => {
    const polish = [
      ['Indeks', 'Nazwa towaru', 'Kod EAN', 'Stan', 'Rezerwacja', 'Dostępne', 'Status'],
      ...Array.from({ length: 10 }, (_, n) => [
        `IND-${20150 + n * 7}`,
        'Merino Wool Socks',
        '4000925892106',
        String(400 + n),
        String(n % 3),
        String(400 + n - (n % 3)),
        n % 4 ? 'Aktywny' : 'Wycofany',
      ]),
    ];
    const pl = suggestMapping(polish, 'inventory');
    expect(column(pl, 'itemNumberColumnName')).toBe('Indeks');
    expect(column(pl, 'qtyColumnName')).toBe('Dostępne');
    const amazon = [
      [
        'sku',
        'asin',
        'afn-warehouse-quantity',
        'afn-fulfillable-quantity',
        'afn-unsellable-quantity',
        'afn-reserved-quantity',
      ],
      ...Array.from({ length: 10 }, (_, n) => [
        `RO-${3100 + n}`,
        `B0UREZZR${n}9`,
        String(537 + n),
        String(533 + n),
        String(n % 3),
        '1',
      ]),
    ];
    expect(column(suggestMapping(amazon, 'inventory'), 'qtyColumnName')).toBe('afn-fulfillable-quantity');
  });
});

describe('suggestMapping, fifth round (docs/design/mapping-suggestions.md#fifth-round-the-fresh-corpus-as-the-development-set)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;
  const people = ['Freya Baines', 'Imogen Thornton', 'Maria Lopez', 'Ann Lee'];

  it("takes the customer's own number (Your Order #, Ihre Bestellnummer) for the PO, and a national post for the carrier", () => {
    const rows = [
      ['Ihre Bestellnummer', 'Auftragsnummer', 'Versanddatum', 'Empfänger', 'Versandart', 'Sendungsnummer'],
      ...Array.from({ length: 10 }, (_, n) => [
        `HW-714${10 + n}`,
        `AB2609${31 + n}`,
        `${10 + n}.11.2026`,
        people[n % 4]!,
        'Deutsche Post',
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('Ihre Bestellnummer');
    expect(column(suggestion, 'shippingCompany')).toBe('Versandart');
    const english = suggestMapping(
      [
        ['Your Order #', 'Order #', 'Tracking'],
        ...Array.from({ length: 8 }, (_, n) => [`HW-7${n}`, `SO-9${n}`, UPS]),
      ],
      'order-tracking',
    );
    expect(column(english, 'customerPoNumber')).toBe('Your Order #');
  });

  it('takes the actual date over the estimated one, where both hold the ship date words', () => {
    const rows = [
      ['order_id', 'estimated_fulfillment_date', 'actual_fulfillment_date', 'tracking_number'],
      ...Array.from({ length: 8 }, (_, n) => [
        `#182${40 + n}`,
        `2026-11-${10 + n}`,
        `2026-11-${11 + n}`,
        UPS,
      ]),
    ];
    expect(column(suggestMapping(rows, 'order-tracking'), 'shippedDate')).toBe('actual_fulfillment_date');
  });

  it("names nobody from an account's short codes, and proposes a mode of delivery as the carrier", () => {
    const rows = [
      ['Purchase_order', 'Ship_To', 'Bill_To', 'DlvMode', 'Tracking_number'],
      ...Array.from({ length: 8 }, (_, n) => [`BRK-901${10 + n}`, 'BRKWD-DS', 'BRKWD', 'UPS', UPS]),
    ];
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'shipToName')).toBeNull();
    expect(column(suggestion, 'customerName')).toBeNull();
    expect(column(suggestion, 'shippingCompany')).toBe('DlvMode');
  });

  it("puts a marketplace's own item number behind the seller's part number", () => {
    const rows = [
      ['NeweggItemNumber', 'SellerPartNumber', 'Inventory'],
      ...Array.from({ length: 10 }, (_, n) => [`9SIADBF93886${90 + n}`, `KT-${3110 + n}`, String(5 + n)]),
    ];
    expect(column(suggestMapping(rows, 'inventory'), 'itemNumberColumnName')).toBe('SellerPartNumber');
  });

  it("reads a headerless distributor's stock past 10,000 units, and leaves article numbers of one width alone", () => {
    const stock = Array.from({ length: 12 }, (_, n) => [
      `BC847BLT${n}G`,
      'ON Semiconductor',
      String([27748, 245, 0, 1200, 58][n % 5]! + n),
    ]);
    expect(column(suggestMapping(stock, 'inventory'), 'qtyColumnName')).toBe('2');
    const articles = Array.from({ length: 12 }, (_, n) => [`BC847BLT${n}G`, String(4711000 + n * 37)]);
    expect(column(suggestMapping(articles, 'inventory'), 'qtyColumnName')).toBeNull();
  });
});

describe('suggestMapping, sixth round (docs/design/mapping-suggestions.md#sixth-round-the-holdout-corpus-as-the-development-set)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;
  /** Canada Post 16-digit PINs: each passes its check digit, none is a sure tracking number. */
  const CANADA_POST = [
    '7316089938984153',
    '7316089938984160',
    '7316089938984177',
    '7316089938984184',
    '7316089938984191',
    '7316089938984207',
    '7316089938984214',
    '7316089938984221',
    '7316089938984238',
    '7316089938984245',
    '7316089938984252',
    '7316089938984269',
  ];

  it('takes a headerless column of numbers that all pass a carrier check digit for the tracking numbers', () => {
    const rows = CANADA_POST.map((pin, n) => [
      `20261${100 + n}`,
      `PO-5802${10 + n}`,
      pin,
      ['Jonah Adeyemi', 'Wesley Holloway', 'Maria Lopez'][n % 3]!,
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'trackingNumbers')).toBe('2');
    expect(column(suggestion, 'customerPoNumber')).toBe('1');
    // Fewer than ten values: the check digits alone are not enough.
    expect(column(suggestMapping(rows.slice(0, 6), 'order-tracking'), 'trackingNumbers')).toBeNull();
  });

  it("reads a customer requisition as the PO, a shop platform's order number over the ERP's, and ship-via codes as carriers", () => {
    const requisition = [
      ['Sales order', 'Customer requisition', 'Tracking number'],
      ...Array.from({ length: 8 }, (_, n) => [`SO-00712${30 + n}`, String(4400123 + n * 3), UPS]),
    ];
    expect(column(suggestMapping(requisition, 'order-tracking'), 'customerPoNumber')).toBe(
      'Customer requisition',
    );
    const nav = [
      ['NAVOrderNo', 'MagentoOrderNo', 'ShipVia', 'TrackingNumbers'],
      ...Array.from({ length: 8 }, (_, n) => [
        String(1475776983 + n * 2),
        String(100004812 + n * 4),
        ['UPSGROUND', 'FEDEXHOME', 'USPSPRIORITY'][n % 3]!,
        UPS,
      ]),
    ];
    const suggestion = suggestMapping(nav, 'order-tracking');
    expect(column(suggestion, 'customerPoNumber')).toBe('MagentoOrderNo');
    expect(column(suggestion, 'shippingCompany')).toBe('ShipVia');
  });

  it('reads banded stock counts, capitals codes with a digit as item codes, and a Code over a numeric ProductId', () => {
    const rows = [
      ['ProductId', 'Code', 'Quantity Available'],
      ...Array.from({ length: 10 }, (_, n) => [
        String(4103 + n * 7),
        `CREWTE-FOR-${n}XL`,
        ['100+', '<5', '37', '>50'][n % 4]!,
      ]),
    ];
    const suggestion = suggestMapping(rows, 'inventory');
    expect(column(suggestion, 'itemNumberColumnName')).toBe('Code');
    expect(column(suggestion, 'qtyColumnName')).toBe('Quantity Available');
  });
});

describe('suggestMapping, seventh round (docs/design/mapping-suggestions.md#seventh-round-the-sealed-corpus-as-the-development-set)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;

  it('reads the first of three dates after the tracking number of a headerless file as the ship date', () => {
    const rows = Array.from({ length: 12 }, (_, n) => [
      `PO55201${30 + n}`,
      UPS,
      `202611${10 + (n % 9)}`,
      `202611${11 + (n % 9)}`,
      `202611${12 + (n % 9)}`,
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'shippedDate')).toBe('2');
    expect(column(suggestion, 'orderDate')).toBeNull();
    expect(column(suggestion, 'estimatedArrivalDate')).toBeNull();
  });

  it("proposes neither PO nor item in a wide positional file whose codes no position tells apart, nor an invoice's number as the item", () => {
    const rows = Array.from({ length: 12 }, (_, n) => [
      `0000A7R390${470 + n}`,
      String(8299397152 + n * 7919),
      UPS,
      String(4500018220 + n * 7),
      `INV-770${20 + n}`,
      String(1 + (n % 2)),
      '0',
    ]);
    const suggestion = suggestMapping(rows, 'order-tracking');
    expect(column(suggestion, 'trackingNumbers')).toBe('2');
    expect(column(suggestion, 'customerPoNumber')).toBeNull();
    expect(column(suggestion, 'itemNumber')).toBeNull();
    expect(column(suggestion, 'qty')).toBeNull();
  });

  it("takes no item condition (New, Used, Rebuilt) for the item's status, and a shop's reference over a numeric id", () => {
    const rows = [
      ['id_product', 'reference', 'Status', 'quantity'],
      ...Array.from({ length: 10 }, (_, n) => [
        String(17 + n),
        `PW-${4872 + n}-WH`,
        ['New', 'Rebuilt', 'Used'][n % 3]!,
        String(3 + n),
      ]),
    ];
    const suggestion = suggestMapping(rows, 'inventory');
    expect(column(suggestion, 'itemStatusColumnName')).toBeNull();
    expect(column(suggestion, 'itemNumberColumnName')).toBe('reference');
  });
});

describe('suggestMapping, eighth round (docs/design/mapping-suggestions.md#eighth-round-the-ninth-corpus-as-the-development-set)', () => {
  const column = (suggestion: ReturnType<typeof suggestMapping>, field: string) =>
    suggestion.fields[field]!.column;

  it('offers what only a place tells under the threshold in a wide headerless file, and keeps what values tell', () => {
    // An EDI ship-notice flat file: 12 positions, the PO among other codes, items and quantities by place.
    const wide = Array.from({ length: 12 }, (_, n) => [
      'ASN',
      `SH${70010 + n}`,
      `202611${10 + (n % 9)}`,
      'UPSN',
      UPS,
      ['Maria Lopez', 'John Smith', 'Ann Lee'][n % 3]!,
      String(7301200 + n * 13),
      `FC-${1880 + (n % 4)}`,
      String(2 + (n % 3)),
      String(1 + (n % 3)),
      `${12 + n}.50`,
      'EA',
    ]);
    const suggestion = suggestMapping(wide, 'order-tracking');
    expect(column(suggestion, 'trackingNumbers')).toBe('4');
    expect(column(suggestion, 'shipToName')).toBe('5');
    expect(column(suggestion, 'shippedDate')).toBe('2');
    for (const field of ['customerPoNumber', 'itemNumber', 'qty', 'qtyFulfilled']) {
      expect(column(suggestion, field)).toBeNull();
      expect(suggestion.fields[field]!.confidence).toBeLessThan(PROPOSE_THRESHOLD);
    }
    // The same columns, fewer of them: the places tell.
    const narrow = wide.map((row) => [row[6]!, row[4]!, row[7]!, row[8]!, row[9]!]);
    const told = suggestMapping(narrow, 'order-tracking');
    expect(column(told, 'customerPoNumber')).toBe('0');
    expect(column(told, 'itemNumber')).toBe('2');
  });
});
