import { carrierInfo, postOfCountry, trackingUrl } from './carriers';
import { fedexMod11, gs1Mod10, luhn, mod7, mod37x36, s10, upsMod10 } from './check-digits';

/**
 * The carrier recogniser (docs/behaviour/order-tracking.md#carriers): from a tracking number's text alone it
 * tells the carrier, the service where the format says it, whether the check digit holds and the carrier's
 * tracking page. Pure and synchronous, shared by the server (ingest, API, export, digests) and the web app;
 * about a microsecond a number (`npm run bench:carriers`).
 *
 * Rules that keep it honest:
 * - A carrier is named only when the format is that carrier's; `checkDigit: 'valid'` only when the carrier's
 *   own algorithm gives the printed check digit. A number that fits no format is `carrier: null`.
 * - A format with a distinctive prefix or letters (1Z…, 96…, 420…, TBA…, S10's RR123456785CH) names its
 *   carrier even when the check digit fails (`invalid`: possibly mistyped), with `confidence: 'high'`.
 * - A digits-only format told apart by its length alone (DHL Express 10/11, FedEx Express 12, FedEx Ground 15,
 *   Canada Post 16, SSCC-18, USPS 20) names a carrier only when its check digit holds, with
 *   `confidence: 'low'`: a random string of that length passes such a check about one time in ten (the
 *   benchmark prints the rates per length). Ingest accepts it, since the operator mapped the column as
 *   tracking numbers; something that guesses which column holds tracking numbers should count only `high`.
 * - Where two formats of one length collide, the one whose check digit holds wins; when both hold the first
 *   listed in the behaviour document wins (FedEx Express before Purolator, FedEx Ground before DPD,
 *   Old Dominion before DHL Express).
 * - Purolator's PINs of three letters and nine digits are not claimed: invoice and order numbers look the same
 *   (INV045458422); its 12-digit PINs (Luhn) are.
 */

export type CheckDigitResult = 'valid' | 'invalid' | 'none';
export type RecognitionConfidence = 'high' | 'low';

export interface TrackingNumberRecognition {
  /** The text after normalisation: trimmed, spaces and dashes dropped, upper-case. */
  normalized: string;
  carrier: string | null;
  carrierName: string | null;
  /** The grid's label, e.g. `FedEx`. */
  carrierShortName: string | null;
  service: string | null;
  checkDigit: CheckDigitResult;
  url: string | null;
  /** null when no carrier is named. */
  confidence: RecognitionConfidence | null;
}

const NOT_RECOGNISED = (normalized: string): TrackingNumberRecognition => ({
  normalized,
  carrier: null,
  carrierName: null,
  carrierShortName: null,
  service: null,
  checkDigit: 'none',
  url: null,
  confidence: null,
});

/** Trims, drops white space and dashes a human typed, upper-cases. */
export function normaliseTrackingNumber(raw: string): string {
  let clean = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 90))) {
      clean = false;
      break;
    }
  }
  if (clean) return raw;
  return raw.replace(/[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\-\u2010-\u2015\u2212]+/g, '').toUpperCase();
}

/** Recognises one tracking number (any text; at most 64 characters are looked at as a number). */
export function recogniseTrackingNumber(raw: string): TrackingNumberRecognition {
  const s = normaliseTrackingNumber(raw);
  const n = s.length;
  if (n < 10 || n > 40) return NOT_RECOGNISED(s);
  return (allDigits(s, 0, n) ? recogniseDigits(s, n) : recogniseAlphanumeric(s, n)) ?? NOT_RECOGNISED(s);
}

function found(
  normalized: string,
  carrier: string,
  service: string | null,
  checkDigit: CheckDigitResult,
  confidence: RecognitionConfidence,
  tracked: string = normalized,
): TrackingNumberRecognition {
  const info = carrierInfo(carrier);
  return {
    normalized,
    carrier,
    carrierName: info?.name ?? carrier,
    carrierShortName: info?.shortName ?? carrier,
    service,
    checkDigit,
    url: trackingUrl(carrier, tracked),
    confidence,
  };
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isLetter(c: number): boolean {
  return c >= 65 && c <= 90;
}
function allDigits(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}
function allAlphanumeric(s: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isDigit(c) && !isLetter(c)) return false;
  }
  return true;
}
function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}
function checked(ok: boolean): CheckDigitResult {
  return ok ? 'valid' : 'invalid';
}

/** UPS service codes of a 1Z number (its 9th and 10th characters) that UPS documents. */
const UPS_SERVICES: Record<string, string> = {
  '01': 'UPS Next Day Air',
  '02': 'UPS 2nd Day Air',
  '03': 'UPS Ground',
  '12': 'UPS 3 Day Select',
  '13': 'UPS Next Day Air Saver',
};

function recogniseAlphanumeric(s: string, n: number): TrackingNumberRecognition | null {
  const c0 = s.charCodeAt(0);
  const c1 = s.charCodeAt(1);
  // 1Z + shipper (6) + service (2) + package (7) + check digit.
  if (n === 18 && s.startsWith('1Z')) {
    if (!allAlphanumeric(s, 2, 17) || !isDigit(s.charCodeAt(17))) return null;
    const service = UPS_SERVICES[s.slice(8, 10)] ?? 'UPS (1Z)';
    return found(s, 'ups', service, checked(upsMod10(s, 2, 17) === digit(s, 17)), 'high');
  }
  if (n === 15 && s.startsWith('1LS') && allAlphanumeric(s, 3, 15))
    return found(s, 'lasership', 'OnTrac 1LS', 'none', 'high');
  if (n === 17 && s.startsWith('1LS7') && allDigits(s, 4, 17))
    return found(s, 'lasership', 'OnTrac 1LS', 'none', 'high');
  if (!isLetter(c0)) {
    // DPD: 14 digits (or the 27 of the whole label barcode) and a check character that is a letter here.
    if ((n === 15 || n === 28) && allDigits(s, 0, n - 1) && isLetter(s.charCodeAt(n - 1))) {
      return found(
        s,
        'dpd',
        'DPD parcel',
        checked(mod37x36(s, 0, n - 1) === s.charAt(n - 1)),
        'high',
        s.slice(0, n - 1),
      );
    }
    return null;
  }
  // UPU S10: two letters, 8 digits, check digit, the country's two letters.
  if (
    n === 13 &&
    isLetter(c1) &&
    allDigits(s, 2, 11) &&
    isLetter(s.charCodeAt(11)) &&
    isLetter(s.charCodeAt(12))
  ) {
    const carrier = postOfCountry(s.slice(11, 13));
    if (!carrier) return null;
    return found(s, carrier, `UPU S10 (${s.slice(0, 2)})`, checked(s10(s, 2) === digit(s, 10)), 'high');
  }
  if (n === 15 && (c0 === 67 || c0 === 68) && allDigits(s, 1, 15)) {
    // OnTrac C… and D…: UPS's mod 10 with the letter counted as a digit.
    return found(s, 'ontrac', 'OnTrac', checked(upsMod10(s, 0, 14) === digit(s, 14)), 'high');
  }
  if (n === 11 && 'AHJKTV'.includes(s.charAt(0)) && allDigits(s, 1, 11)) {
    // A UPS waybill's letter prefix is too common in other codes to claim a number whose check fails.
    return upsMod10(s, 0, 10) === digit(s, 10) ? found(s, 'ups', 'UPS waybill', 'valid', 'high') : null;
  }
  if (n === 15 && c0 === 84 && c1 === 66 && 'ACM'.includes(s.charAt(2)) && allDigits(s, 3, 15)) {
    return found(s, 'amazon', 'Amazon Logistics', 'none', 'high');
  }
  if (
    n === 10 &&
    c0 === 76 &&
    'AIEHNX'.includes(s.charAt(1)) &&
    '123'.includes(s.charAt(2)) &&
    allDigits(s, 3, 10)
  ) {
    return found(s, 'lasership', 'OnTrac LX', 'none', 'high');
  }
  if (n >= 12 && n <= 22 && c0 === 71 && c1 === 77 && allAlphanumeric(s, 2, n) && allDigits(s, 2, 6)) {
    return found(s, 'dhl_ecommerce', 'DHL eCommerce', 'none', 'high');
  }
  if (
    (n === 18 && s.startsWith('JD') && allDigits(s, 2, 18)) ||
    (n === 19 && s.startsWith('JJD') && allDigits(s, 3, 19))
  ) {
    return found(s, 'yodel', 'Yodel', 'none', 'high');
  }
  if (
    ((n === 12 || n === 13) && s.startsWith('JJD') && allDigits(s, 3, n)) ||
    ((n === 13 || n === 14) && s.startsWith('JVGL') && allDigits(s, 4, n))
  ) {
    return found(s, 'dhl', 'DHL Express piece ID', 'none', 'high');
  }
  if (n === 18 && c0 === 89 && c1 === 84 && allDigits(s, 2, 18))
    return found(s, 'yunexpress', 'YunExpress', 'none', 'high');
  if (n === 20 && c0 === 83 && c1 === 80 && allDigits(s, 2, 20))
    return found(s, 'speedee', 'Spee-Dee', 'none', 'high');
  if (n === 22 && 'CDKLSUXZ'.includes(s.charAt(0)) && allDigits(s, 1, 22))
    return found(s, 'canpar', 'Canpar', 'none', 'high');
  return null;
}

function recogniseDigits(s: string, n: number): TrackingNumberRecognition | null {
  switch (n) {
    case 10:
      return mod7(s, 0, 9) === digit(s, 9) ? found(s, 'dhl', 'DHL Express', 'valid', 'low') : null;
    case 11: {
      const p3 = s.slice(0, 3);
      if (
        (p3 === '777' || p3 === '778' || p3 === '072' || p3 === '780' || s.startsWith('80')) &&
        luhn(s, 0, 10) === digit(s, 10)
      ) {
        return found(s, 'old_dominion', 'Old Dominion PRO', 'valid', 'low');
      }
      return mod7(s, 0, 10) === digit(s, 10) ? found(s, 'dhl', 'DHL Express', 'valid', 'low') : null;
    }
    case 12:
      if (fedexMod11(s, 0, 11) === digit(s, 11)) return found(s, 'fedex', 'FedEx Express', 'valid', 'low');
      if (s.charCodeAt(0) <= 53 && luhn(s, 0, 11) === digit(s, 11))
        return found(s, 'purolator', 'Purolator', 'valid', 'low');
      return null;
    case 15:
      if (gs1Mod10(s, 0, 14) === digit(s, 14)) return found(s, 'fedex', 'FedEx Ground', 'valid', 'low');
      if (mod37x36(s, 0, 14) === s.charAt(14))
        return found(s, 'dpd', 'DPD parcel', 'valid', 'low', s.slice(0, 14));
      return null;
    case 16:
      return gs1Mod10(s, 0, 15) === digit(s, 15)
        ? found(s, 'canada_post', 'Canada Post', 'valid', 'low')
        : null;
    case 18:
      return gs1Mod10(s, 0, 17) === digit(s, 17)
        ? found(s, 'fedex', 'FedEx Ground (SSCC-18)', 'valid', 'low')
        : null;
    case 20:
      // FedEx Ground Economy's 20 digits are an IMpb without its leading 92 (service type 612).
      if (s.startsWith('612')) {
        return found(
          s,
          'fedex',
          'FedEx Ground Economy (SmartPost)',
          checked(gs1Mod10(s, 0, 19, '92') === digit(s, 19)),
          'high',
        );
      }
      if (gs1Mod10(s, 0, 19) === digit(s, 19)) return found(s, 'usps', 'USPS (20 digits)', 'valid', 'low');
      // USPS's legacy 20-digit numbers compute their check digit with the 91 they drop.
      if (gs1Mod10(s, 0, 19, '91') === digit(s, 19)) return found(s, 'usps', 'USPS (legacy)', 'valid', 'low');
      return null;
    case 22:
    case 26:
      return impb(s, s, 0);
    case 28:
      return mod37x36(s, 0, 27) === s.charAt(27)
        ? found(s, 'dpd', 'DPD parcel', 'valid', 'low', s.slice(0, 27))
        : null;
    case 30:
      return s.startsWith('420') ? impb(s, s.slice(8), 8) : null;
    case 34:
      if (s.startsWith('100')) {
        // FedEx Express 34-digit barcode: the tracking number is its last 12 digits.
        return found(
          s,
          'fedex',
          'FedEx Express',
          checked(fedexMod11(s, 20, 33) === digit(s, 33)),
          'high',
          s.slice(22),
        );
      }
      if (s.startsWith('96')) {
        return found(
          s,
          'fedex',
          'FedEx Ground (GSN)',
          checked(fedexMod11(s, 20, 33) === digit(s, 33)),
          'high',
          s.slice(22),
        );
      }
      if (s.startsWith('420')) {
        // 420 + ZIP+4 + 22 digits, or 420 + ZIP + 26 digits: the one whose check digit holds.
        const plus4 = impb(s, s.slice(12), 12);
        if (plus4?.checkDigit === 'valid') return plus4;
        const zip5 = impb(s, s.slice(8), 8);
        return zip5?.checkDigit === 'valid' ? zip5 : (plus4 ?? zip5);
      }
      return null;
    default:
      return null;
  }
}

/** IMpb (USPS, FedEx Ground 96 and Ground Economy) in `tracked`, the part of `s` after a 420 routing prefix. */
function impb(s: string, tracked: string, routing: number): TrackingNumberRecognition | null {
  const n = tracked.length;
  const a = tracked.charCodeAt(0);
  const b = tracked.charCodeAt(1);
  if (n === 22 && a === 57 && b === 54 && routing === 0) {
    // FedEx Ground 96: the check digit covers the last 15 digits.
    return found(
      s,
      'fedex',
      'FedEx Ground',
      checked(gs1Mod10(tracked, 7, 21) === digit(tracked, 21)),
      'high',
    );
  }
  if (a !== 57 || b < 49 || b > 53 || (n === 26 && b === 49)) return null;
  const ok = gs1Mod10(tracked, 0, n - 1) === digit(tracked, n - 1);
  if (b === 50 && tracked.startsWith('612', 2)) {
    return found(s, 'fedex', 'FedEx Ground Economy (SmartPost)', checked(ok), 'high', tracked);
  }
  return found(
    s,
    'usps',
    routing ? 'USPS IMpb (with ZIP routing)' : 'USPS IMpb',
    checked(ok),
    'high',
    tracked,
  );
}
