import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE, headerMatch } from './field-catalogue';
import { headerKey, headerSimilarity, headerWords } from './header-words';

const orderSpec = (field: string) => FIELD_CATALOGUE['order-tracking'].find((spec) => spec.field === field)!;
const score = (header: string, field: string) => headerMatch(headerWords(header), orderSpec(field)).score;

describe('header words (docs/design/mapping-suggestions.md#header-text)', () => {
  it('drops case, punctuation and spacing, and splits camelCase and glued words', () => {
    expect(headerWords('ShipperTrackingNumber')).toEqual(['shipper', 'tracking', 'number']);
    expect(headerWords('tracking-number')).toEqual(['tracking', 'number']);
    expect(headerWords('  TRACKING   NUMBER ')).toEqual(['tracking', 'number']);
    expect(headerWords('shipdate')).toEqual(['ship', 'date']);
    expect(headerWords('retailer_po')).toEqual(['retailer', 'po']);
  });

  it('reads abbreviations: Qty, Shpd, No, Nbr, #, Num, Ref, Trk, P.O.', () => {
    expect(headerWords('Qty Shpd')).toEqual(['quantity', 'ship']);
    expect(headerKey('Dispatched Qty')).toBe(headerKey('Qty Shipped'));
    expect(headerWords('Tracking #')).toEqual(['tracking', 'number']);
    expect(headerKey('Trk No.')).toBe(headerKey('TRK Nbr'));
    expect(headerKey('PO Num')).toBe(headerKey('P.O. Number'));
    expect(headerWords('Purchase Order Ref')).toEqual(['po', 'reference']);
    expect(headerWords('ETA')).toEqual(['estimated', 'arrival']);
  });

  it('drops EDI element ids and possessives', () => {
    expect(headerWords('PRF01 Purchase Order Number')).toEqual(['po', 'number']);
    expect(headerWords("LIN05 Vendor's Item Number")).toEqual(['supplier', 'item', 'number']);
  });

  it('ignores word order', () => {
    expect(headerKey('Shipped Quantity')).toBe(headerKey('Qty Shipped'));
    expect(headerSimilarity(headerWords('Date Shipped'), headerWords('Ship Date'))).toBe(1);
  });

  it('does not take a shared generic word for likeness', () => {
    expect(headerSimilarity(headerWords('Invoice Date'), headerWords('Order Date'))).toBe(0);
    expect(headerSimilarity(headerWords('PO #'), headerWords('Account Number'))).toBe(0);
  });

  it('counts a synonym inside a longer header', () => {
    expect(score('amazon-order-id', 'customerPoNumber')).toBeGreaterThan(0.6);
  });

  it('rules a field out by its excluding words', () => {
    expect(score('Qty Ordered', 'qty')).toBeGreaterThan(0.9);
    expect(score('Qty Ordered', 'qtyFulfilled')).toBe(0);
    expect(score('Qty Shpd', 'qty')).toBe(0);
    expect(score('Ship By Date', 'shippedDate')).toBe(0);
    expect(score('Tracking Url', 'trackingNumbers')).toBe(0);
    expect(score('Ship To City', 'shipToName')).toBe(0);
    expect(score('order-item-id', 'itemNumber')).toBe(0);
  });
});
