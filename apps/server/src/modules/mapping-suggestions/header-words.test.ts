import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE, fieldHeaderMatch, headerMatch } from './field-catalogue';
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

describe('header words in German and French (docs/design/mapping-suggestions.md#other-languages)', () => {
  it('reads the common words and splits German compounds', () => {
    expect(headerWords('Bestell Nr.')).toEqual(['order', 'number']);
    expect(headerKey('Artikelnummer')).toBe(headerKey('Item Number'));
    expect(headerKey('Versanddatum')).toBe(headerKey('Ship Date'));
    expect(headerKey('Lieferdatum')).toBe(headerKey('Delivery Date'));
    expect(headerKey('Sendungsnummer')).toBe(headerKey('Tracking Number'));
    expect(headerKey('Numéro de suivi')).toBe(headerKey('Tracking Number'));
    expect(headerKey("Date d'expédition")).toBe(headerKey('Ship Date'));
    expect(headerKey('Quantité commandée')).toBe(headerKey('Order Quantity'));
    expect(headerWords('Tracks')).toEqual(['tracking']);
    expect(headerKey('Sendungs-Nr.')).toBe(headerKey('Tracking Number'));
    expect(headerKey('Lieferscheinnummer')).toBe(headerKey('Packing Slip Number'));
    expect(headerKey('Voraussichtliches Lieferdatum')).toBe(headerKey('Estimated Delivery Date'));
    expect(headerKey('Lagerstatus')).toBe(headerKey('Stock Status'));
    expect(headerKey('Qté expédiée')).toBe(headerKey('Qty Shipped'));
    expect(headerKey('Disponibilité')).toBe(headerKey('Availability'));
  });

  it('reads only `Shipment` as the export record: a `Shipping customer name` is no customer name', () => {
    const byText = (header: string, field: string) =>
      fieldHeaderMatch(header, headerWords(header), orderSpec(field)).score;
    expect(byText('Shipping customer name', 'customerName')).toBe(0);
    expect(byText('Shipping customer name', 'shipToName')).toBeGreaterThan(0.7);
    expect(byText('Shipment Scheduled Delivery Date', 'estimatedArrivalDate')).toBeGreaterThan(0.5);
    expect(byText('Positionsnummer / Artikelnummer', 'itemNumber')).toBeGreaterThan(0.85);
  });
});

describe('English abbreviations and spellings of shop platforms', () => {
  it('reads sent as shipped, Req as requested, QOH as quantity on hand', () => {
    expect(score('Qty Sent', 'qtyFulfilled')).toBeGreaterThan(0.9);
    expect(score('Qty Sent', 'qty')).toBe(0);
    expect(score('Qty Req', 'qty')).toBeGreaterThan(0.75);
    expect(headerKey('QOH')).toBe(headerKey('Qty On Hand'));
    expect(score('Shipping Provider', 'shippingCompany')).toBeGreaterThan(0.8);
    // A requested date is the buyer's ask, not the ship date nor the carrier's estimate.
    expect(score('Requested Ship Date', 'shippedDate')).toBe(0);
    expect(score('Req. Delivery Date', 'estimatedArrivalDate')).toBe(0);
  });

  it('takes a French `Référence` for the item in a stock file', () => {
    const item = FIELD_CATALOGUE.inventory.find((spec) => spec.field === 'itemNumberColumnName')!;
    expect(headerMatch(headerWords('Référence'), item).score).toBeGreaterThan(0.6);
  });

  it('reads Spanish headers and the X12 qualifier in brackets after an element id (third round)', () => {
    expect(headerKey('Número de pedido')).toBe(headerKey('Order Number'));
    expect(headerKey('Fecha de envío')).toBe(headerKey('Ship Date'));
    expect(headerKey('Estado')).toBe(headerKey('Status'));
    expect(headerKey('N102 Name (ST)')).toBe(headerKey('Ship To Name'));
    expect(score('N102 Name (ST)', 'shipToName')).toBeGreaterThan(0.8);
    // Elsewhere a bracketed code is no qualifier.
    expect(headerWords('Name (ST)')).toEqual(['name', 'st']);
  });

  it('reads Italian, Portuguese, Dutch and Polish headers (fourth round)', () => {
    expect(headerKey('Rif. ordine cliente')).toBe(headerKey('Customer Order Ref'));
    expect(headerKey('Q.tà spedita')).toBe(headerKey('Qty Shipped'));
    expect(headerKey('Data spedizione')).toBe(headerKey('Ship Date'));
    expect(headerKey('Código de rastreio')).toBe(headerKey('Tracking Code'));
    expect(headerKey('Número do pedido')).toBe(headerKey('Order Number'));
    expect(headerKey('Bestelnummer')).toBe(headerKey('Order Number'));
    expect(headerKey('Verzenddatum')).toBe(headerKey('Ship Date'));
    // `ł` has no decomposed form: read as `l`.
    expect(headerKey('Data wysyłki')).toBe(headerKey('Ship Date'));
    expect(headerKey('Numer zamówienia')).toBe(headerKey('Order Number'));
    expect(headerKey('Indeks')).toBe(headerKey('Item Number'));
    expect(score('Vettore', 'shippingCompany')).toBeGreaterThan(0.9);
    expect(score('Przewoźnik', 'shippingCompany')).toBeGreaterThan(0.9);
  });

  it('reads what can be sold as available, and what cannot as a word of its own', () => {
    expect(headerKey('afn-fulfillable-quantity')).toBe(headerKey('afn available quantity'));
    expect(headerWords('afn-unsellable-quantity')).toEqual(['afn', 'unsellable', 'quantity']);
  });
});
