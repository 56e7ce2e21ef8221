import type { OrderRecord } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { GRID_COLUMNS, toGridRow } from './grid-columns';

const NO_CARRIER = {
  carrier: null,
  carrierName: null,
  service: null,
  checkDigit: 'none',
  url: null,
} as const;

function makeOrder(overrides: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: 1,
    accountNumber: 'A-1',
    brandName: 'Acme',
    customerName: 'Jane',
    customerNumber: 'C-1',
    customerPoNumber: 'PO-1',
    documentNumber: 'D-1',
    estimatedArrivalDate: '2024-03-05',
    itemNumber: 'I-1',
    itemStatus: 'Open',
    lineStatus: 'Open',
    notes: null,
    orderDate: '2024-01-02',
    poDate: null,
    qty: 4,
    qtyFulfilled: 0,
    shipToName: 'Store 1',
    shippedDate: null,
    supplierName: 'Supplier',
    supplierOrderStatus: 'Shipped',
    shippingCompany: 'UPS',
    shippingCompanyRecognised: null,
    trackingNumbers: [
      { id: 1, trackingNumber: '1Z1', ...NO_CARRIER },
      { id: 2, trackingNumber: '1Z2', ...NO_CARRIER },
    ],
    wildcard1: null,
    wildcard2: 'w2',
    orderTrackingSourceId: 1,
    sourceName: 'Mailbox',
    activeStatus: true,
    deletedStatus: false,
    lastUpdated: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

describe('grid columns', () => {
  it('lists the 23 spec columns with tracking numbers as the only unsortable one', () => {
    expect(GRID_COLUMNS.map((column) => column.label)).toEqual([
      'Source',
      'Brand',
      'Customer',
      'Customer Number',
      'Customer PO Number',
      'Doc Number',
      'Estimated Arrival Date',
      'Item Number',
      'Item Status',
      'Line Status',
      'Notes',
      'Order Date',
      'PO Date',
      'Quantity',
      'Quantity Fulfilled',
      'Ship To Name',
      'Shipped Date',
      'Supplier Name',
      'Supplier Status',
      'Shipping Company',
      'Tracking Numbers',
      'Wildcard 1',
      'Wildcard 2',
    ]);
    expect(GRID_COLUMNS.filter((column) => !column.sortKey).map((column) => column.id)).toEqual([
      'trackingNumbers',
    ]);
  });
});

describe('toGridRow', () => {
  it('computes the text of every cell once', () => {
    const { texts } = toGridRow(makeOrder());
    expect(texts.estimatedArrivalDate).toBe('03/05/2024');
    expect(texts.poDate).toBe('');
    expect(texts.qty).toBe('4');
    expect(texts.qtyFulfilled).toBe('0');
    expect(texts.trackingNumbers).toBe('1Z1, 1Z2');
    expect(texts.sourceName).toBe('Mailbox');
    expect(texts.wildcard1).toBe('');
    expect(texts.notes).toBe('');
  });

  it('drops null tracking-number entries', () => {
    const raw = makeOrder({
      trackingNumbers: [
        null,
        { id: 3, trackingNumber: 'X' },
        null,
      ] as unknown as OrderRecord['trackingNumbers'],
    });
    const row = toGridRow(raw);
    expect(row.order.trackingNumbers).toEqual([{ id: 3, trackingNumber: 'X' }]);
    expect(row.texts.trackingNumbers).toBe('X');
    expect(toGridRow(makeOrder({ trackingNumbers: null as unknown as [] })).order.trackingNumbers).toEqual(
      [],
    );
  });
});
