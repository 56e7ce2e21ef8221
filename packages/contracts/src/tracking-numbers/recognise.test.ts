import { describe, expect, it } from 'vitest';
import { carrierInfo, carrierOfShippingCompany, sameCarrier, trackingUrl } from './carriers';
import {
  buildLabelledSet,
  buildNegativeSet,
  expectedCarrier,
  FORMATS,
  oracle,
  oracleConfirms,
  PUBLISHED_EXAMPLES,
  seededRandom,
} from './labelled-set';
import { normaliseTrackingNumber, recogniseTrackingNumber } from './recognise';

// Check digits in these tests come from labelled-set.ts's oracle, a second implementation of each algorithm.

describe('normalisation', () => {
  it('trims, drops spaces and dashes a human typed, and upper-cases', () => {
    expect(normaliseTrackingNumber('  1z 999-aa1 0123 4567 84 \t')).toBe('1Z999AA10123456784');
    expect(normaliseTrackingNumber('9400\u00a01112\u20130108')).toBe('940011120108');
    expect(normaliseTrackingNumber('ABC123')).toBe('ABC123');
  });
  it('recognises a number however it was typed, and answers the normalised text', () => {
    const result = recogniseTrackingNumber(' 1z999aa1-0123-4567-84 ');
    expect(result).toMatchObject({ normalized: '1Z999AA10123456784', carrier: 'ups', checkDigit: 'valid' });
  });
  it('keeps other punctuation, so a value with it is no tracking number', () => {
    expect(recogniseTrackingNumber('1Z999AA1/0123456784').carrier).toBeNull();
  });
});

describe('published examples', () => {
  it.each(PUBLISHED_EXAMPLES.map((example) => [example.number, expectedCarrier(example)]))(
    '%s is %s',
    (number, carrier) => {
      const result = recogniseTrackingNumber(number);
      expect(result.carrier).toBe(carrier);
      expect(result.checkDigit).not.toBe('invalid');
    },
  );
  it('answers every field for a UPS 1Z number', () => {
    expect(recogniseTrackingNumber('1Z999AA10123456784')).toEqual({
      normalized: '1Z999AA10123456784',
      carrier: 'ups',
      carrierName: 'UPS',
      carrierShortName: 'UPS',
      service: 'UPS Next Day Air',
      checkDigit: 'valid',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      confidence: 'high',
    });
  });
  it('names the post of an S10 item from its country suffix', () => {
    expect(recogniseTrackingNumber('RR123456785CH')).toMatchObject({
      carrier: 'post_ch',
      carrierName: 'Swiss Post',
      checkDigit: 'valid',
      service: 'UPU S10 (RR)',
      url: null,
    });
    expect(recogniseTrackingNumber('EE123456785US')).toMatchObject({
      carrier: 'usps',
      carrierName: 'USPS',
      checkDigit: 'valid',
    });
    expect(recogniseTrackingNumber('RR123456785KE')).toMatchObject({
      carrier: 'post_ke',
      carrierName: 'Post of Kenya',
    });
    expect(recogniseTrackingNumber('RR123456786CH')).toMatchObject({
      carrier: 'post_ch',
      checkDigit: 'invalid',
    });
    // XX is no country: not an S10 item.
    expect(recogniseTrackingNumber('RR123456785XX').carrier).toBeNull();
  });
});

describe.each(FORMATS.map((spec) => [spec.format, spec] as const))('%s', (_name, spec) => {
  const random = seededRandom(spec.format.length * 7919);
  const numbers = Array.from({ length: 40 }, () => spec.make(random));

  it('recognises valid numbers with their carrier (check digit computed by the oracle)', () => {
    for (const number of numbers) {
      const result = recogniseTrackingNumber(number);
      const expected = expectedCarrier({ number, carrier: spec.carrier, format: spec.format });
      // Digits-only formats of one length collide (a Purolator PIN can pass FedEx's mod 11): the winner's
      // check digit must hold by the oracle, and the expected carrier must win most of the time.
      if (result.carrier !== expected) {
        expect(result.checkDigit, number).toBe('valid');
        expect(oracleConfirms(result.normalized, result.service), number).toBe(true);
        continue;
      }
      expect(result.checkDigit, number).toBe(spec.checkAt === null ? 'none' : 'valid');
      if (result.checkDigit === 'valid')
        expect(oracleConfirms(result.normalized, result.service), number).toBe(true);
    }
    const right = numbers.filter(
      (number) =>
        recogniseTrackingNumber(number).carrier ===
        expectedCarrier({ number, carrier: spec.carrier, format: spec.format }),
    );
    expect(right.length).toBeGreaterThanOrEqual(30);
  });

  if (spec.checkAt !== null) {
    const at = spec.checkAt;
    it('never reports valid when the check digit is wrong, unless another format’s check holds', () => {
      for (const number of numbers) {
        for (const wrong of '0123456789') {
          if (wrong === number.charAt(at)) continue;
          const altered = number.slice(0, at) + wrong + number.slice(at + 1);
          const result = recogniseTrackingNumber(altered);
          if (result.checkDigit === 'valid') {
            expect(oracleConfirms(result.normalized, result.service), altered).toBe(true);
          } else if (spec.carrier !== 's10') {
            // Not valid: a format with a distinctive prefix says invalid, a digits-only one names no carrier.
            expect(result.carrier === null || result.checkDigit === 'invalid', altered).toBe(true);
          }
        }
      }
    });
  }

  it.skipIf(spec.variableLength)('does not take a number one character short or long for this format', () => {
    for (const number of numbers.slice(0, 10)) {
      const valid = recogniseTrackingNumber(number);
      for (const nearMiss of [number.slice(0, -1), `${number}7`]) {
        const result = recogniseTrackingNumber(nearMiss);
        if (result.carrier === valid.carrier && result.service === valid.service) {
          throw new Error(`${nearMiss} (from ${number}) was taken for ${valid.service}`);
        }
        if (result.checkDigit === 'valid')
          expect(oracleConfirms(result.normalized, result.service), nearMiss).toBe(true);
      }
    }
  });
});

describe('formats with a distinctive prefix flag a wrong check digit', () => {
  it.each([
    ['1Z999AA10123456785', 'ups'],
    ['9611020987654312345671', 'fedex'],
    ['9400111201080805483017', 'usps'],
    ['C11031500001878', 'ontrac'],
    ['09980000020034E', 'dpd'],
  ])('%s: %s, invalid', (number, carrier) => {
    expect(recogniseTrackingNumber(number)).toMatchObject({
      carrier,
      checkDigit: 'invalid',
      confidence: 'high',
    });
  });
  it('gives a digits-only number whose check fails no carrier at all', () => {
    expect(recogniseTrackingNumber('986578788856').carrier).toBeNull(); // FedEx Express 12, check 5 → 6
    expect(recogniseTrackingNumber('3318810026').carrier).toBeNull(); // DHL Express, check 5 → 6
  });
});

describe('collisions', () => {
  it('prefers the format whose check digit holds', () => {
    // 12 digits: FedEx Express mod 11 fails, Purolator's Luhn holds.
    const purolator = `32059546393${oracle.luhn('32059546393')}`;
    expect(oracle.fedex11('32059546393')).not.toBe(purolator.charAt(11));
    expect(recogniseTrackingNumber(purolator)).toMatchObject({ carrier: 'purolator', checkDigit: 'valid' });
    // 11 digits with an Old Dominion prefix: Luhn holds → Old Dominion; mod 7 holds instead → DHL Express.
    const odfl = `0720956276${oracle.luhn('0720956276')}`;
    expect(recogniseTrackingNumber(odfl).carrier).toBe('old_dominion');
    const dhl = `0720956277${oracle.mod7('0720956277')}`;
    if (oracle.luhn('0720956277') !== dhl.charAt(10))
      expect(recogniseTrackingNumber(dhl).carrier).toBe('dhl');
  });
  it('separates USPS IMpb from FedEx Ground Economy by its service type 612', () => {
    const fedex = `92612${'9'.repeat(16)}`;
    expect(recogniseTrackingNumber(fedex + oracle.gs1(fedex))).toMatchObject({
      carrier: 'fedex',
      service: 'FedEx Ground Economy (SmartPost)',
    });
    const usps = `92055${'9'.repeat(16)}`;
    expect(recogniseTrackingNumber(usps + oracle.gs1(usps))).toMatchObject({
      carrier: 'usps',
      service: 'USPS IMpb',
    });
  });
  it('reads a 420 routing prefix and links the number without it', () => {
    const impb = `9400111201080805483016`;
    expect(recogniseTrackingNumber(`42010001${impb}`)).toMatchObject({
      carrier: 'usps',
      service: 'USPS IMpb (with ZIP routing)',
      checkDigit: 'valid',
      url: `https://tools.usps.com/go/TrackConfirmAction?tLabels=${impb}`,
    });
    expect(recogniseTrackingNumber(`420100011234${impb}`)).toMatchObject({
      carrier: 'usps',
      checkDigit: 'valid',
    });
  });
  it('links a FedEx 34-digit barcode with its 12-digit tracking number', () => {
    const serial = `0098657878885`;
    const barcode = `1001921334250001000${'3'}${serial}${oracle.fedex11(serial)}`;
    expect(barcode).toHaveLength(34);
    expect(recogniseTrackingNumber(barcode)).toMatchObject({
      carrier: 'fedex',
      checkDigit: 'valid',
      url: 'https://www.fedex.com/fedextrack/?trknbr=986578788855',
    });
  });
});

describe('values that are not tracking numbers', () => {
  it.each([
    'PO-104522',
    '4500012345X',
    'AB-1234-XL',
    'sales@example.com',
    '2026-12-01',
    '12/01/2026',
    '(555) 123-4567',
    '',
    'N/A',
    '1Z',
  ])('%s has no carrier', (value) => {
    expect(recogniseTrackingNumber(value)).toMatchObject({
      carrier: null,
      checkDigit: 'none',
      url: null,
      confidence: null,
    });
  });
  it('names a carrier for under 2 % of the structured negative set', () => {
    const negatives = buildNegativeSet(200);
    const named = negatives.filter(({ value }) => recogniseTrackingNumber(value).carrier !== null);
    expect(named.length / negatives.length).toBeLessThan(0.02);
  });
});

describe('the labelled set', () => {
  it('names the right carrier for at least 97 % of valid numbers and reports no wrong check digit as valid', () => {
    const { valid, invalid } = buildLabelledSet(100);
    const right = valid.filter(
      (item) => recogniseTrackingNumber(item.number).carrier === expectedCarrier(item),
    );
    expect(right.length / valid.length).toBeGreaterThanOrEqual(0.97);
    for (const item of invalid) {
      const result = recogniseTrackingNumber(item.number);
      if (result.checkDigit === 'valid')
        expect(oracleConfirms(result.normalized, result.service), item.number).toBe(true);
    }
  });
});

describe('carrier data', () => {
  it('builds tracking links with the number encoded', () => {
    expect(trackingUrl('fedex', '986578788855')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=986578788855',
    );
    expect(trackingUrl('post_ch', 'RR123456785CH')).toBeNull();
    expect(carrierInfo('nope')).toBeNull();
    expect(carrierInfo(null)).toBeNull();
  });
});

describe('carrierOfShippingCompany', () => {
  it.each([
    ['UPS', 'ups'],
    ['United Parcel Service', 'ups'],
    ['FedEx Ground', 'fedex'],
    ['Federal Express', 'fedex'],
    ['US Postal Service', 'usps'],
    ['DHL eCommerce', 'dhl_ecommerce'],
    ['DHL', 'dhl'],
    ['Spee-Dee', 'speedee'],
    // National posts by their own names, coded as their S10 items are.
    ['Deutsche Post', 'post_de'],
    ['Poste Italiane', 'post_it'],
    ['La Poste - Colissimo', 'post_fr'],
    ['PostNL', 'post_nl'],
    ['Royal Mail Tracked 48', 'royal_mail'],
    ['Canada Post', 'canada_post'],
    ['Post', null],
    ['Best Way Group Shipping', null],
    ['Pickups Ltd', null],
    ['', null],
  ])('%s → %s', (text, code) => {
    expect(carrierOfShippingCompany(text)).toBe(code);
  });
  it('treats LaserShip as OnTrac and DHL eCommerce as DHL', () => {
    expect(sameCarrier('lasership', 'ontrac')).toBe(true);
    expect(sameCarrier('dhl', 'dhl_ecommerce')).toBe(true);
    expect(sameCarrier('post_de', 'dhl')).toBe(true);
    expect(sameCarrier('post_it', 'dhl')).toBe(false);
    expect(sameCarrier('ups', 'fedex')).toBe(false);
  });
});
