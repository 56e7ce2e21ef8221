/**
 * What a column's values are: for each signal the number of values that show it (tracking numbers by the
 * carrier recogniser, high-confidence answers only; dates; whole numbers for quantities; money; carrier names
 * and SCAC codes; people's names; PO-like codes; statuses) and how unique the values are. Pure: the rows come
 * in as the spreadsheet reader shows them. docs/design/mapping-suggestions.md#value-signals
 */
import { carrierInfo, carrierOfShippingCompany, recogniseTrackingNumber } from '@app/contracts';
import { type DateOrder, inferDateOrder, parseDateCell } from '../../integrations/spreadsheet';

/** The delimiters a cell may join several tracking numbers with, in the order ties are settled. */
export const TRACKING_DELIMITERS = [';', '|', ',', '/', ' '] as const;

export interface ColumnProfile {
  index: number;
  /** Non-empty values looked at. */
  count: number;
  distinct: number;
  /** Values that are (or split into) tracking numbers the recogniser is sure of. */
  tracking: number;
  /** Of those, values whose every number has a valid check digit. */
  trackingValidCheck: number;
  /** Values that fit a tracking format only weakly (digits of a length, no prefix): neither for nor against. */
  trackingWeak: number;
  /**
   * Values whose every number is either one the recogniser is sure of or a weak fit whose check digit is valid
   * (a FedEx 12- or 15-digit number): `tracking` plus those. A column of other numbers passes a check digit about
   * one time in ten, so a column where nearly all do holds tracking numbers.
   */
  trackingLikely: number;
  /** Carriers of the recognised numbers, most frequent first. */
  trackingCarriers: string[];
  /** Cells holding several tracking numbers, by the delimiter that splits them. */
  multiTracking: Map<string, number>;
  dates: number;
  /** The date of each row that holds one (row index → ISO date), for comparing two date columns row by row. */
  dateByRow: Map<number, string>;
  /** Whole numbers (a `.00` decimal or thousands separators allowed), and their range. */
  integers: number;
  minInteger: number;
  maxInteger: number;
  /** Whole numbers that are 0: an unshipped line's shipped quantity, which an ordered quantity hardly is. */
  zeros: number;
  money: number;
  carriers: number;
  /**
   * Carrier values that are a service description (four words or more, or a number in them: `DHL SmartMail
   * Parcel Expedited Max`, `Royal Mail Tracked 24`): they name the carrier only in passing.
   */
  carrierServices: number;
  carrierNames: string[];
  people: number;
  /** Text of letters (names of companies, brands, people), few digits. */
  wordy: number;
  /** One token with digits in it: PO numbers, SKUs, invoice numbers. */
  codes: number;
  /** Short text without digits that repeats: statuses. */
  statusLike: number;
  statusWords: number;
  /** Yes/no answers (`Y`, `N`, `true`, `no`): a flag such as Voided or Residential, which says no status. */
  flags: number;
  /**
   * One upper-case token of letters, maybe joined by a dash (`BRKWD`, `BRKWD-DS`), that names no carrier: an
   * account's or an address's short code, which names nobody.
   */
  codeWords: number;
  /** An item's condition: `New`, `Used`, `Refurbished`. */
  conditions: number;
  /** Values like UPC-A / EAN-13 / GTIN-14 with a valid GS1 check digit. */
  gtins: number;
  /** Codes that say they are purchase orders: `PO4500120`, `PO-88010`, `PO# 1234`. */
  poPrefixed: number;
  /**
   * Codes that say they are another document's: a shipment's (`SH-04410`, `SHP123`), an invoice's (`INV-2231`), a
   * return's (`RMA5144`). Without a header they are not taken for the PO.
   */
  otherDocumentPrefixed: number;
  /**
   * Marketplace order numbers in their published shapes: Amazon's `3-7-7` digits (`206-7110401-4204849`) and
   * eBay's `2-5-5` (`12-34567-89012`). In a seller's or a dropshipper's file they are the buyer's order: the PO.
   */
  marketplaceOrders: number;
  /**
   * Whole numbers, all different, that run with few gaps (`112`, `113`, `114`): a record's running key, as a
   * database export numbers its rows, rather than a code anyone quotes.
   */
  running: boolean;
  /** A few values as written, for reasons. */
  examples: string[];
}

/** Standard carrier alpha codes of parcel carriers, as EDI 856 TD5 and shipping exports write them. */
const SCAC: Record<string, string> = {
  UPSN: 'UPS',
  UPSS: 'UPS',
  UPGF: 'UPS Freight',
  FDEG: 'FedEx',
  FDEN: 'FedEx',
  FDE: 'FedEx',
  FXFE: 'FedEx Freight',
  FXNL: 'FedEx Freight',
  USPS: 'USPS',
  DHLC: 'DHL',
  DHLG: 'DHL',
  ONTC: 'OnTrac',
  EMTR: 'OnTrac',
  LSHP: 'LaserShip',
  AMZL: 'Amazon',
  ODFL: 'Old Dominion',
  CNPR: 'Canpar',
  PURO: 'Purolator',
};

const FLAG_WORDS: ReadonlySet<string> = new Set(['y', 'n', 'yes', 'no', 'true', 'false']);
/** An item's condition (`New`, `Used`, `Refurbished`), as parts and resale stock lists grade it: no status. */
const CONDITION_WORDS: ReadonlySet<string> = new Set([
  'new',
  'used',
  'refurbished',
  'rebuilt',
  'reconditioned',
  'remanufactured',
  'open box',
  'like new',
  'damaged',
  'salvage',
]);

const STATUS_WORDS = new Set(
  [
    'shipped',
    'open',
    'closed',
    'backordered',
    'backorder',
    'back ordered',
    'cancelled',
    'canceled',
    'pending',
    'delivered',
    'in transit',
    'partial',
    'partially shipped',
    'invoiced',
    'complete',
    'completed',
    'processing',
    'on hold',
    'hold',
    'acknowledged',
    'accepted',
    'rejected',
    'released',
    'picked',
    'packed',
    'allocated',
    'fulfilled',
    'unfulfilled',
    'new',
    'active',
    'inactive',
    'discontinued',
    'in stock',
    'out of stock',
    'low stock',
    'available',
    'unavailable',
    'limited',
    'yes',
    'no',
    'y',
    'n',
    'created',
    'label created',
    'out for delivery',
    'exception',
    'returned',
    'ready to ship',
    'awaiting shipment',
  ].map((word) => word.toLowerCase()),
);

const COMPANY_WORDS = new Set([
  'inc',
  'llc',
  'ltd',
  'co',
  'corp',
  'corporation',
  'company',
  'gmbh',
  'supply',
  'supplies',
  'store',
  'stores',
  'group',
  'industries',
  'plc',
  'wholesale',
  'distribution',
  'distributors',
  'services',
  'systems',
  'mart',
  'shop',
  'outlet',
  'brands',
  'international',
  'enterprises',
  'trading',
  'depot',
  'warehouse',
  'logistics',
  'labs',
  'home',
  'goods',
]);

const PERSON = /^[A-Z][A-Za-z'’.-]*(?: [A-Z][A-Za-z'’.-]*){1,3}$/;
const PERSON_COMMA = /^[A-Z][A-Za-z'’-]+, ?[A-Z][A-Za-z'’.-]*(?: [A-Z][A-Za-z'’.-]*)?$/;
const INTEGER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/;
/** A whole number as continental Europe writes it: `4,00`, `1.250,00`; never `1,000`, a thousand in English (Italian, German, Polish ERPs' exports). */
/** A stock feed's banded count: `100+`, `<5`, `>50` (suppliers who do not tell their exact stock). */
const BANDED_COUNT = /^(?:[<>]=?\s?(\d{1,6})|(\d{1,6})\s?\+)$/;
const DECIMAL_COMMA_INTEGER = /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+),0{1,2}$/;
const MONEY =
  /^(?:[$€£]\s?-?[\d,]+(?:\.\d{1,2})?|-?[\d,]*\d\.\d{2}\s?(?:USD|EUR|GBP|CAD)?|(?:USD|EUR|GBP|CAD)\s?-?[\d,]+(?:\.\d{2})?)$/;

/** The carrier a short cell names: a carrier's name (`FedEx Ground`, `United Parcel Service`) or its SCAC. */
/** An ERP's ship-via code led by a carrier's name: `UPSGROUND`, `FEDEXHOME`, `USPSPRIORITY`, `DHLEXP`. */
const SHIP_VIA_CODE = /^(UPS|FEDEX|FDX|USPS|DHL|ONTRAC|PUROLATOR|CANPAR)[A-Z0-9]{2,16}$/;
const SHIP_VIA_CARRIER: Record<string, string> = { FDX: 'FEDEX' };

export function carrierNamed(text: string): string | null {
  if (text.length > 40) return null;
  const scac = SCAC[text.toUpperCase()];
  if (scac) return scac;
  const shipVia = SHIP_VIA_CODE.exec(text);
  if (shipVia) {
    const name = SHIP_VIA_CARRIER[shipVia[1]!] ?? shipVia[1]!;
    const viaCode = carrierOfShippingCompany(name);
    if (viaCode) return carrierInfo(viaCode)?.shortName ?? viaCode;
  }
  const code = carrierOfShippingCompany(text);
  if (!code) return null;
  return carrierInfo(code)?.shortName ?? code;
}

function isGtin(text: string): boolean {
  if (!/^\d{12,14}$/.test(text)) return false;
  let sum = 0;
  for (let i = text.length - 2, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3)
    sum += Number(text[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(text[text.length - 1]);
}

interface TrackingRead {
  /** Every number of the cell is recognised with high confidence. */
  sure: boolean;
  /** Every number is sure, or a weak fit with a valid check digit. */
  likely: boolean;
  weak: boolean;
  validCheck: boolean;
  carriers: string[];
  /** The delimiter that split it into several numbers, if any. */
  delimiter: string | null;
}

type TrackingAnswer = ReturnType<typeof recogniseTrackingNumber>;

/** Sure, or a weak fit that its valid check digit vouches for. */
function likely(answer: TrackingAnswer): boolean {
  return answer.confidence === 'high' || (answer.confidence === 'low' && answer.checkDigit === 'valid');
}

/** Every piece a high-confidence tracking number: a sure read. */
function sureRead(answers: TrackingAnswer[], delimiter: string | null): TrackingRead {
  return {
    sure: true,
    likely: true,
    weak: false,
    validCheck: answers.every((answer) => answer.checkDigit !== 'invalid'),
    carriers: answers.map((answer) => answer.carrierShortName!),
    delimiter,
  };
}

function likelyRead(answers: TrackingAnswer[], delimiter: string | null): TrackingRead {
  return {
    sure: false,
    likely: true,
    weak: true,
    validCheck: true,
    carriers: answers.map((answer) => answer.carrierShortName ?? answer.carrier ?? ''),
    delimiter,
  };
}

function readTracking(text: string): TrackingRead {
  const none: TrackingRead = {
    sure: false,
    likely: false,
    weak: false,
    validCheck: false,
    carriers: [],
    delimiter: null,
  };
  if (text.length < 10) return none;
  const parts = text
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim())
    .filter(Boolean);
  const one = (number: string) => recogniseTrackingNumber(number);
  if (parts.length === 1) {
    const whole = one(parts[0]!);
    if (whole.confidence === 'high') {
      return {
        sure: true,
        likely: true,
        weak: false,
        validCheck: whole.checkDigit !== 'invalid',
        carriers: [whole.carrierShortName!],
        delimiter: null,
      };
    }
    // Several numbers joined in one cell; some may be vouched for by their check digit alone
    // (`391470260961,796573393868`: two FedEx numbers, each of which a random number passes one time in ten).
    let vouched: TrackingRead | null = null;
    for (const delimiter of TRACKING_DELIMITERS) {
      if (!text.includes(delimiter)) continue;
      const pieces = text
        .split(delimiter)
        .map((piece) => piece.trim())
        .filter(Boolean);
      if (pieces.length < 2) continue;
      const answers = pieces.map(one);
      if (answers.every((answer) => answer.confidence === 'high')) return sureRead(answers, delimiter);
      if (vouched === null && answers.every(likely)) vouched = likelyRead(answers, delimiter);
    }
    if (likely(whole)) return likelyRead([whole], null);
    if (vouched) return vouched;
    return { ...none, weak: whole.confidence === 'low' };
  }
  const answers = parts.map(one);
  if (answers.every((answer) => answer.confidence === 'high')) return sureRead(answers, null);
  if (answers.every(likely)) return likelyRead(answers, null);
  return { ...none, weak: answers.some((answer) => answer.confidence !== null) };
}

function isPerson(text: string): boolean {
  if (!(PERSON.test(text) || PERSON_COMMA.test(text))) return false;
  const words = text
    .toLowerCase()
    .split(/[\s,.]+/)
    .filter(Boolean);
  if (words.some((word) => COMPANY_WORDS.has(word))) return false;
  if (STATUS_WORDS.has(text.toLowerCase()) || carrierNamed(text)) return false;
  return true;
}

/** Profiles one column over the data rows (`rows[first..]`, blank rows skipped). */
export function profileColumn(
  rows: readonly (readonly string[])[],
  index: number,
  firstDataRow: number,
  dateOrder: DateOrder,
): ColumnProfile {
  const profile: ColumnProfile = {
    index,
    count: 0,
    distinct: 0,
    tracking: 0,
    trackingValidCheck: 0,
    trackingWeak: 0,
    trackingLikely: 0,
    trackingCarriers: [],
    multiTracking: new Map(),
    dates: 0,
    dateByRow: new Map(),
    integers: 0,
    minInteger: Number.POSITIVE_INFINITY,
    zeros: 0,
    maxInteger: Number.NEGATIVE_INFINITY,
    money: 0,
    carriers: 0,
    carrierServices: 0,
    carrierNames: [],
    people: 0,
    wordy: 0,
    codes: 0,
    statusLike: 0,
    statusWords: 0,
    flags: 0,
    codeWords: 0,
    conditions: 0,
    gtins: 0,
    poPrefixed: 0,
    otherDocumentPrefixed: 0,
    marketplaceOrders: 0,
    running: false,
    examples: [],
  };
  const seen = new Map<string, number>();
  const trackingCarriers = new Map<string, number>();
  const carrierNames = new Map<string, number>();
  for (let r = firstDataRow; r < rows.length; r++) {
    const text = (rows[r]![index] ?? '').trim();
    if (text === '') continue;
    profile.count++;
    seen.set(text, (seen.get(text) ?? 0) + 1);
    if (profile.examples.length < 5 && !profile.examples.includes(text)) profile.examples.push(text);

    const tracking = readTracking(text);
    if (tracking.sure) {
      profile.tracking++;
      if (tracking.validCheck) profile.trackingValidCheck++;
      for (const carrier of tracking.carriers)
        trackingCarriers.set(carrier, (trackingCarriers.get(carrier) ?? 0) + 1);
      if (tracking.delimiter !== null || tracking.carriers.length > 1) {
        const key = tracking.delimiter ?? '\n';
        profile.multiTracking.set(key, (profile.multiTracking.get(key) ?? 0) + 1);
      }
    } else if (tracking.weak) profile.trackingWeak++;
    if (tracking.likely) {
      profile.trackingLikely++;
      if (!tracking.sure) {
        for (const carrier of tracking.carriers)
          trackingCarriers.set(carrier, (trackingCarriers.get(carrier) ?? 0) + 1);
        if (tracking.delimiter !== null) {
          profile.multiTracking.set(
            tracking.delimiter,
            (profile.multiTracking.get(tracking.delimiter) ?? 0) + 1,
          );
        }
      }
    }

    const hasDigit = /\d/.test(text);
    const hasLetter = /\p{L}/u.test(text);
    if (hasDigit && text.length <= 40) {
      const date = parseDateCell(text, { order: dateOrder });
      if (date !== null) {
        profile.dates++;
        profile.dateByRow.set(r, date);
      }
    }
    const decimalComma = DECIMAL_COMMA_INTEGER.test(text);
    const band = BANDED_COUNT.exec(text);
    if (decimalComma || band || INTEGER.test(text)) {
      profile.integers++;
      const value = band
        ? Number(band[1] ?? band[2])
        : decimalComma
          ? Number(text.replace(/\./g, '').replace(/,0+$/, ''))
          : Number(text.replace(/,/g, ''));
      if (value === 0) profile.zeros++;
      if (value < profile.minInteger) profile.minInteger = value;
      if (value > profile.maxInteger) profile.maxInteger = value;
    } else if (MONEY.test(text)) profile.money++;
    if (isGtin(text)) profile.gtins++;
    if (/^P\.?O\.?\s?[-#:]?\s?\d{3,}/i.test(text)) profile.poPrefixed++;
    if (/^(?:SH|SHP|SHIP|INV|RMA|RET)[-#:]?\d{3,}$/i.test(text)) profile.otherDocumentPrefixed++;
    if (/^(?:\d{3}-\d{7}-\d{7}|\d{2}-\d{5}-\d{5})$/.test(text)) profile.marketplaceOrders++;

    const carrier = hasLetter ? carrierNamed(text) : null;
    if (carrier) {
      profile.carriers++;
      if (hasDigit || text.split(/\s+/).length >= 4) profile.carrierServices++;
      carrierNames.set(carrier, (carrierNames.get(carrier) ?? 0) + 1);
    }
    if (hasLetter) {
      const digits = text.replace(/\D/g, '').length;
      // `CREWTE-FOR-2XL-0`: one token in capitals with a digit is a code, however few its digits.
      const capitalCode = hasDigit && !/\s/.test(text) && text === text.toUpperCase();
      if (digits / text.length < 0.2 && !profile.dateByRow.has(r) && !capitalCode) profile.wordy++;
      if (isPerson(text)) profile.people++;
      if (!hasDigit && text.length <= 30) {
        profile.statusLike++;
        if (STATUS_WORDS.has(text.toLowerCase())) profile.statusWords++;
        if (FLAG_WORDS.has(text.toLowerCase())) profile.flags++;
        if (CONDITION_WORDS.has(text.toLowerCase())) profile.conditions++;
        if (!carrier && /^[A-Z]{2,12}(?:[-_][A-Z]{1,8})?$/.test(text) && !FLAG_WORDS.has(text.toLowerCase()))
          profile.codeWords++;
      }
    }
    if (
      hasDigit &&
      /^#?[A-Za-z0-9][A-Za-z0-9._/-]{2,29}$/.test(text) &&
      !profile.dateByRow.has(r) &&
      !tracking.sure
    ) {
      profile.codes++;
    }
  }
  profile.distinct = seen.size;
  profile.trackingCarriers = [...trackingCarriers.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name);
  profile.carrierNames = [...carrierNames.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  // A status column repeats a few words; a column of distinct words is names or descriptions.
  if (profile.count >= 5 && profile.distinct > Math.max(12, profile.count * 0.5)) profile.statusLike = 0;
  profile.running =
    profile.count >= 5 &&
    profile.integers === profile.count &&
    profile.distinct === profile.count &&
    profile.maxInteger - profile.minInteger + 1 <= 2 * profile.count;
  return profile;
}

/** The date order of a file's numeric dates (03/05/2024), as its own values say; US when they do not. */
export function fileDateOrder(rows: readonly (readonly string[])[], firstDataRow: number): DateOrder {
  const texts: string[] = [];
  for (let r = firstDataRow; r < rows.length && texts.length < 20_000; r++) {
    for (const cell of rows[r]!)
      if (cell !== '' && /^\d{1,4}[/-]\d{1,2}[/-]\d{1,4}/.test(cell.trim())) texts.push(cell);
  }
  return inferDateOrder(texts) ?? 'MDY';
}

/** A share of the profile's values, 0 when it has none. */
export function share(profile: ColumnProfile, count: number): number {
  return profile.count === 0 ? 0 : count / profile.count;
}
