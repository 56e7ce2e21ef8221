import { describe, expect, it } from 'vitest';
import { carrierNamed, profileColumn } from './column-profile';
import { valueFit } from './suggest-mapping';

const profile = (values: string[]) =>
  profileColumn(
    values.map((value) => [value]),
    0,
    0,
    'MDY',
  );

describe('value signals (docs/design/mapping-suggestions.md#value-signals)', () => {
  it('counts tracking numbers the recogniser is sure of, with their carriers and check digits', () => {
    const p = profile(['1Z999AA10123456784', '9400111899223100012345', 'TBA123456789012', 'n/a']);
    expect(p.tracking).toBe(3);
    expect(p.trackingCarriers).toEqual(expect.arrayContaining(['UPS', 'USPS', 'Amazon']));
    expect(p.trackingValidCheck).toBe(2);
    expect(valueFit('tracking', p).says).toBe('3 of 4 values are UPS/USPS/Amazon numbers');
  });

  it('counts numbers their check digit vouches for as likely tracking numbers, alone or joined', () => {
    const p = profile([
      '391470260961,796573393868',
      '9405132234945944526858',
      '779470639566',
      '295330659819538',
      'ABC-1234',
    ]);
    expect(p.tracking).toBe(1);
    expect(p.trackingLikely).toBe(4);
    expect(p.multiTracking.get(',')).toBe(1);
    expect(valueFit('tracking', p).says).toBe(
      '4 of 5 values are FedEx/USPS numbers (3 by a valid check digit alone)',
    );
  });

  it('counts codes that say they are POs', () => {
    expect(profile(['PO4500120', 'PO-88010', 'PO# 1234', 'SO-1200']).poPrefixed).toBe(3);
  });

  it('takes low-confidence digit strings as neither for nor against, and UPCs as no tracking numbers', () => {
    const fedex12 = profile(['986578788855', '123456789012', '794644790138']);
    expect(fedex12.tracking).toBe(0);
    expect(valueFit('tracking', fedex12).veto).toBe(false);
    const upcs = profile(['036000291452', '012345678905', '042100005264']);
    expect(upcs.tracking).toBe(0);
    expect(upcs.gtins).toBe(3);
  });

  it('finds several tracking numbers in a cell and the delimiter between them', () => {
    const p = profile([
      '1Z999AA10123456784;1Z999AA10123456784',
      '1Z999AA10123456784',
      '9400111899223100012345 | TBA123456789012',
    ]);
    expect(p.tracking).toBe(3);
    expect(p.multiTracking.get(';')).toBe(1);
    expect(p.multiTracking.get('|')).toBe(1);
    const spaced = profile(['1Z999AA10123456784 TBA123456789012', '1Z 999 AA1 01 2345 6784']);
    expect(spaced.tracking).toBe(2);
    expect(spaced.multiTracking.get(' ')).toBe(1);
  });

  it('reads dates in the formats suppliers write', () => {
    const p = profile([
      '11/24/2026',
      '2026-11-24',
      '24-Nov-2026',
      '20261124',
      '2026-11-24T18:53:56+00:00',
      'soon',
    ]);
    expect(p.dates).toBe(5);
    expect(valueFit('date', p).veto).toBe(false);
    expect(valueFit('date', profile(['PO-1', 'PO-2', 'PO-3'])).veto).toBe(true);
  });

  it('tells small whole numbers (quantities) from money and from long codes', () => {
    const qty = profile(['1', '12', '3', '2.00', '1,200']);
    expect(qty.integers).toBe(5);
    expect(qty.maxInteger).toBe(1200);
    expect(valueFit('quantity', qty).veto).toBe(false);
    expect(valueFit('quantity', profile(['12.99', '4.50', '$7.00'])).veto).toBe(true);
    expect(valueFit('quantity', profile(['4500012345', '4500012346', '4500012399'])).veto).toBe(true);
    expect(profile(['12.99', '$4.50', '7.25 USD']).money).toBe(3);
  });

  it('reads whole numbers written with a decimal comma, and keeps 1,000 a thousand', () => {
    const italian = profile(['4,00', '1,00', '12,00', '1.250,00']);
    expect(italian.integers).toBe(4);
    expect(italian.maxInteger).toBe(1250);
    expect(profile(['1,000', '2,500']).maxInteger).toBe(2500);
    expect(profile(['2,50', '1,75']).integers).toBe(0);
    expect(profile(['0', '3', '0,00']).zeros).toBe(2);
  });

  it("reads a stock feed's banded counts as whole numbers, and a capitals code with a digit as no name", () => {
    const banded = profile(['100+', '<5', '>50', '12']);
    expect(banded.integers).toBe(4);
    expect(banded.maxInteger).toBe(100);
    const codes = profile(['CREWTE-FOR-2XL-0', 'QUARTE-BLK-L-1', 'CREWTE-NAV-M-2']);
    expect(codes.wordy).toBe(0);
    expect(codes.codes).toBe(3);
  });

  it("names the carrier of an ERP's ship-via code led by its name", () => {
    expect(carrierNamed('UPSGROUND')).toBe('UPS');
    expect(carrierNamed('FEDEXHOME')).toBe('FedEx');
    expect(carrierNamed('FDX2DAY')).toBe('FedEx');
    expect(carrierNamed('USPSX')).toBeNull();
  });

  it('names carriers by name, service and SCAC code', () => {
    expect(carrierNamed('UPS Ground')).toBe('UPS');
    expect(carrierNamed('Federal Express')).toBe('FedEx');
    expect(carrierNamed('FDEG')).toBe('FedEx');
    expect(carrierNamed('UPSN')).toBe('UPS');
    expect(carrierNamed('Maria Lopez')).toBeNull();
    expect(profile(['UPS', 'FedEx', 'USPS', 'UPSN']).carriers).toBe(4);
  });

  it("tells people's names from companies, statuses and carriers", () => {
    const p = profile([
      'Maria Lopez',
      "Sean O'Neil",
      'LOPEZ, MARIA',
      'Harbor Home Goods LLC',
      'Shipped',
      'FedEx',
    ]);
    expect(p.people).toBe(3);
    expect(valueFit('person', profile(['4500012345', '11/24/2026', '1Z999AA10123456784'])).veto).toBe(true);
  });

  it('sees PO-like codes and how unique they are', () => {
    const p = profile(['PO-448812', 'PO-448813', 'PO-448813', '4500012345']);
    expect(p.codes).toBe(4);
    expect(p.distinct).toBe(3);
    expect(valueFit('code', profile(['1', '2', '3', '4'])).veto).toBe(true);
  });

  it('sees statuses: few short words that repeat', () => {
    const p = profile(['Shipped', 'Shipped', 'Backordered', 'Open', 'Shipped', 'Open']);
    expect(p.statusLike).toBe(6);
    expect(p.statusWords).toBe(6);
    const names = profile(Array.from({ length: 20 }, (_, n) => `Product ${String.fromCharCode(65 + n)}x`));
    expect(names.statusLike).toBe(0);
  });

  it('vetoes tracking numbers over a column of barcodes, though some UPCs pass a FedEx check digit', () => {
    const upcs = [
      '829903719662',
      '889204487431',
      '051690710335',
      '840743169837',
      '036000291452',
      '012000161155',
    ];
    const p = profile(upcs);
    expect(p.gtins).toBe(upcs.length);
    expect(valueFit('tracking', p).veto).toBe(true);
  });
});
