import type { OrderRecord } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { detailTiles, editFormDefaults, ZEditOrderFormSchema } from './order-fields';

const NO_CARRIER = {
  carrier: null,
  carrierName: null,
  service: null,
  checkDigit: 'none',
  url: null,
} as const;

const order: OrderRecord = {
  id: 9,
  accountNumber: null,
  brandName: 'Acme',
  customerName: '',
  customerNumber: 'C-1',
  customerPoNumber: 'PO-9',
  documentNumber: null,
  estimatedArrivalDate: '2024-03-05',
  itemNumber: 'I-1',
  itemStatus: null,
  lineStatus: null,
  notes: 'secret note',
  orderDate: null,
  poDate: '2023-12-31',
  qty: 0,
  qtyFulfilled: null,
  shipToName: null,
  shippedDate: null,
  supplierName: null,
  supplierOrderStatus: null,
  shippingCompany: 'UPS',
  shippingCompanyRecognised: null,
  trackingNumbers: [
    { id: 1, trackingNumber: '1Z1', ...NO_CARRIER },
    { id: 2, trackingNumber: '1Z2', ...NO_CARRIER },
  ],
  wildcard1: null,
  wildcard2: null,
  orderTrackingSourceId: 4,
  sourceName: 'Mailbox',
  activeStatus: true,
  deletedStatus: false,
  lastUpdated: '2024-03-05T15:30:00',
};

describe('detailTiles', () => {
  const tiles = detailTiles(order);
  const value = (label: string) => tiles.find((tile) => tile.label === label)?.value;

  it('leaves out id, source id, status flags and notes', () => {
    const keys = tiles.map((tile) => tile.key);
    for (const hidden of ['id', 'orderTrackingSourceId', 'activeStatus', 'deletedStatus', 'notes'])
      expect(keys).not.toContain(hidden);
    expect(keys[0]).toBe('sourceName');
    expect(keys.at(-1)).toBe('lastUpdated');
    expect(tiles).toHaveLength(23);
  });

  it('formats dates and quantities and shows N/A for empty values', () => {
    expect(value('Source')).toBe('Mailbox');
    expect(value('Estimated Arrival Date')).toBe('03/05/2024');
    expect(value('PO Date')).toBe('12/31/2023');
    expect(value('Quantity')).toBe('0');
    expect(value('Quantity Fulfilled')).toBe('N/A');
    expect(value('Customer')).toBe('N/A');
    expect(value('Account Number')).toBe('N/A');
    expect(value('Last Updated')).toBe('03/05/2024, 3:30 PM');
  });
});

describe('edit form', () => {
  it('starts from the order with tracking numbers one per line', () => {
    const defaults = editFormDefaults(order);
    expect(defaults.brandName).toBe('Acme');
    expect(defaults.accountNumber).toBe('');
    expect(defaults.qty).toBe('0');
    expect(defaults.poDate).toBe('2023-12-31');
    expect(defaults.trackingNumbers).toBe('1Z1\n1Z2');
  });

  it('turns the form into the save body', () => {
    const parsed = ZEditOrderFormSchema.parse({
      ...editFormDefaults(order),
      qtyFulfilled: '3',
      shippedDate: '2024-04-01',
      trackingNumbers: ' 1Z1 \n\n1Z3\r\n1Z1\n',
    });
    expect(parsed.trackingNumbers).toEqual(['1Z1', '1Z3']);
    expect(parsed.qty).toBe(0);
    expect(parsed.qtyFulfilled).toBe(3);
    expect(parsed.accountNumber).toBeNull();
    expect(parsed.shippedDate).toBe('2024-04-01');
  });

  it('refuses a negative quantity', () => {
    const result = ZEditOrderFormSchema.safeParse({ ...editFormDefaults(order), qty: '-1' });
    expect(result.success).toBe(false);
  });
});
