import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE, fieldHeaderMatch, headerMatch } from './field-catalogue';
import { headerWords } from './header-words';

const spec = (kind: 'order-tracking' | 'inventory', field: string) =>
  FIELD_CATALOGUE[kind].find((candidate) => candidate.field === field)!;
const score = (header: string, field: string) =>
  headerMatch(headerWords(header), spec('order-tracking', field)).score;

describe('field catalogue (docs/design/mapping-suggestions.md#the-field-catalogue)', () => {
  it('lets a synonym that holds an excluding word through, whole only', () => {
    expect(score('Carrier Tracking #', 'trackingNumbers')).toBeGreaterThan(0.9);
    expect(score('Carrier', 'trackingNumbers')).toBe(0);
    expect(score('Carrier Tracking Status', 'trackingNumbers')).toBe(0);
    expect(score('Ship To Company or Name', 'shipToName')).toBeGreaterThan(0.85);
    expect(score('ShipAddressName', 'shipToName')).toBeGreaterThan(0.8);
    expect(score('Ship Address', 'shipToName')).toBe(0);
    expect(score('ShipAddressCompany', 'shippingCompany')).toBe(0);
  });

  it('reads a header led by Shipment by its remaining words', () => {
    expect(score('Shipment Scheduled Delivery Date', 'estimatedArrivalDate')).toBeGreaterThan(0.8);
    expect(score('Shipment Pickup Date', 'shippedDate')).toBeGreaterThan(0.7);
    expect(score('Ship To City', 'shipToName')).toBe(0);
  });

  it('knows the ship date by its other names', () => {
    expect(score('Sched Ship Date', 'shippedDate')).toBeGreaterThan(0.7);
    expect(score('Collection date', 'shippedDate')).toBeGreaterThan(0.7);
    expect(score('Effective Date', 'shippedDate')).toBeGreaterThan(0.5);
    expect(score('Sched Ship Date', 'estimatedArrivalDate')).toBe(0);
  });

  it('keeps free text, lines, service levels and future stock out of the fields they look like', () => {
    expect(score('customer_note', 'customerName')).toBe(0);
    expect(score('Delivery Instructions', 'shipToName')).toBe(0);
    expect(score('Line Item ID', 'itemNumber')).toBe(0);
    expect(score('Shipment Service Description', 'shippingCompany')).toBe(0);
    expect(headerMatch(headerWords('NextAvailableQuantity'), spec('inventory', 'qtyColumnName')).score).toBe(
      0,
    );
    expect(
      headerMatch(headerWords('Available Quantity'), spec('inventory', 'qtyColumnName')).score,
    ).toBeGreaterThan(0.9);
  });

  it('does not propose an order date from Created at alone', () => {
    expect(score('Created_at', 'orderDate')).toBeLessThan(0.5);
  });

  it('names fields by their X12 element id, exactly', () => {
    const po = fieldHeaderMatch('W0606', [], spec('order-tracking', 'customerPoNumber'));
    expect(po.score).toBeGreaterThan(0.9);
    expect(po.synonym).toBe('X12 W0606 Purchase Order Number');
    expect(fieldHeaderMatch('W0603', [], spec('order-tracking', 'customerPoNumber')).score).toBe(0);
    expect(fieldHeaderMatch('MAN02', [], spec('order-tracking', 'trackingNumbers')).score).toBeGreaterThan(
      0.8,
    );
    expect(fieldHeaderMatch('W1203', [], spec('order-tracking', 'qtyFulfilled')).score).toBeGreaterThan(0.9);
  });

  it('reads a header with a note in brackets by its name, a little less sure (third round)', () => {
    const qty = spec('inventory', 'qtyColumnName');
    const match = (header: string) => fieldHeaderMatch(header, headerWords(header), qty);
    expect(match('Available (not editable)').score).toBeCloseTo(match('Available').score * 0.97, 5);
    expect(match('Available (not editable)').score).toBeGreaterThan(match('On hand (current)').score);
    expect(match('Low Stock Level').score).toBe(0);
    expect(match('inventory_warning_level').score).toBe(0);
  });

  it('reads X12 element ids with their qualifiers by the qualifier, never by the bare element (fourth round)', () => {
    const order = (field: string) => FIELD_CATALOGUE['order-tracking'].find((spec) => spec.field === field)!;
    const match = (header: string, field: string) =>
      fieldHeaderMatch(header, headerWords(header), order(field));
    expect(match('REF02_CN', 'trackingNumbers').score).toBeGreaterThan(0.8);
    expect(match('DTM02_011', 'shippedDate').score).toBeGreaterThan(0.8);
    expect(match('DTM02-017', 'estimatedArrivalDate').score).toBeGreaterThan(0.8);
    expect(match('N102 (ST)', 'shipToName').score).toBeGreaterThan(0.8);
    expect(match('LIN05_VN', 'itemNumber').score).toBeGreaterThan(0.7);
    // A carton's SSCC-18 is no tracking number, though a bare MAN02 is the package's number.
    expect(match('MAN02_GM', 'trackingNumbers').score).toBe(0);
    expect(match('MAN02', 'trackingNumbers').score).toBeGreaterThan(0.8);
    // The customer's order is not the PO; a requested delivery is no ship date.
    expect(match('REF02_CO', 'customerPoNumber').score).toBe(0);
    expect(match('DTM02_002', 'shippedDate').score).toBe(0);
    const inventory = FIELD_CATALOGUE.inventory;
    const stock = (header: string, field: string) =>
      fieldHeaderMatch(header, headerWords(header), inventory.find((spec) => spec.field === field)!).score;
    expect(stock('LIN03_SK', 'itemNumberColumnName')).toBeGreaterThan(0.7);
    expect(stock('QTY02_33', 'qtyColumnName')).toBeGreaterThan(0.8);
  });

  it('reads a dotted path by its leaf, the record before it saying where the leaf belongs (fourth round)', () => {
    const shipTo = FIELD_CATALOGUE['order-tracking'].find((spec) => spec.field === 'shipToName')!;
    const match = (header: string) => fieldHeaderMatch(header, headerWords(header), shipTo).score;
    expect(match('ShipToAddress.CompanyName')).toBeGreaterThan(0.6);
    // Without the path, an address is not a name.
    expect(match('ShipToAddress CompanyName')).toBeLessThan(0.5);
  });
});
