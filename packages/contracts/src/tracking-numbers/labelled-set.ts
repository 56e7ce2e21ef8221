/**
 * The labelled set the recogniser is measured and tested on (`npm run bench:carriers`, recognise.test.ts):
 * published example numbers, numbers generated per format with check digits computed here by a second,
 * independent implementation of each algorithm (written from the same specifications in a different way:
 * weight tables and whole-string arithmetic instead of the recogniser's char-code loops), the same numbers
 * with a wrong check digit, and values that are not tracking numbers. Not exported from the package: it is
 * test and benchmark material.
 */

import { seededRandom } from '../seeded-random';

export interface LabelledNumber {
  number: string;
  carrier: string;
  format: string;
}

const UPS_LETTERS = '23456789012345678901234567'; // A=2 … Z=7: (char code − 63) mod 10
function upsValue(c: string): number {
  return /\d/.test(c) ? Number(c) : Number(UPS_LETTERS[c.charCodeAt(0) - 65]);
}
function weighted(values: number[], weightsFromRight: number[]): number {
  return [...values]
    .reverse()
    .reduce((sum, v, i) => sum + v * (weightsFromRight[i % weightsFromRight.length] as number), 0);
}
const digits = (s: string) => [...s].map(Number);

export const oracle = {
  gs1: (data: string) => String((10 - (weighted(digits(data), [3, 1]) % 10)) % 10),
  ups: (data: string) => {
    const sum = [...data].map(upsValue).reduce((acc, v, i) => acc + (i % 2 === 1 ? 2 * v : v), 0);
    return String((10 - (sum % 10)) % 10);
  },
  fedex11: (data: string) => String((weighted(digits(data), [1, 3, 7]) % 11) % 10),
  mod7: (data: string) => String(BigInt(data) % 7n),
  luhn: (data: string) => {
    const sum = [...data]
      .reverse()
      .map((c, i) =>
        i % 2 === 0 ? [...String(Number(c) * 2)].reduce((a, d) => a + Number(d), 0) : Number(c),
      )
      .reduce((a, b) => a + b, 0);
    return String((10 - (sum % 10)) % 10);
  },
  s10: (serial: string) => {
    const sum = [...serial].reduce(
      (acc, c, i) => acc + Number(c) * ([8, 6, 4, 2, 3, 5, 9, 7][i] as number),
      0,
    );
    const check = 11 - (sum % 11);
    return String(check === 10 ? 0 : check === 11 ? 5 : check);
  },
  /** ISO 7064 MOD 37,36 in the step form DPD's label specification prints. */
  mod37x36: (data: string) => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let cd = 36;
    for (const c of data) {
      cd += alphabet.indexOf(c);
      if (cd > 36) cd -= 36;
      cd *= 2;
      if (cd > 36) cd -= 37;
    }
    cd = 37 - cd;
    if (cd === 36) cd = 0;
    return alphabet.charAt(cd);
  },
};

/** The benchmarks and recognise.test.ts take the generator from here, beside the set it generates. */
export { seededRandom };

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const randomDigits = (random: Random, count: number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join('');
const randomAlnum = (random: Random, count: number) =>
  Array.from({ length: count }, () => pick(random, [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'])).join('');
const randomLetters = (random: Random, count: number) =>
  Array.from({ length: count }, () => pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'])).join('');

/** Each format: the carrier it belongs to, a generator of valid numbers, and where its check digit is. */
export interface FormatSpec {
  format: string;
  carrier: string;
  make: (random: Random) => string;
  /** Index of the check character, or null for a format without one. */
  checkAt: number | null;
  /** The format has several lengths (one character more or less is still the format). */
  variableLength?: true;
}

const S10_COUNTRIES: Record<string, string> = {
  CH: 'post_ch',
  DE: 'post_de',
  US: 'usps',
  CA: 'canada_post',
  GB: 'royal_mail',
  FR: 'post_fr',
  CN: 'post_cn',
  NL: 'post_nl',
  JP: 'post_jp',
  AU: 'post_au',
};

export const FORMATS: readonly FormatSpec[] = [
  {
    format: 'UPS 1Z',
    carrier: 'ups',
    checkAt: 17,
    make: (r) => {
      const data =
        randomAlnum(r, 6) + pick(r, ['01', '02', '03', '12', '13', '42', 'YW']) + randomDigits(r, 7);
      return `1Z${data}${oracle.ups(data)}`;
    },
  },
  {
    format: 'UPS waybill',
    carrier: 'ups',
    checkAt: 10,
    make: (r) => {
      const data = pick(r, [...'AHJKTV']) + randomDigits(r, 9);
      return data + oracle.ups(data);
    },
  },
  {
    format: 'FedEx Express 12',
    carrier: 'fedex',
    checkAt: 11,
    make: (r) => withCheck(`${pick(r, ['7', '8', '9', '4', '5'])}${randomDigits(r, 10)}`, oracle.fedex11),
  },
  {
    format: 'FedEx Express 34',
    carrier: 'fedex',
    checkAt: 33,
    make: (r) => {
      const serial = `00${withCheck(`${pick(r, ['7', '8'])}${randomDigits(r, 10)}`, oracle.fedex11)}`;
      return `100${randomDigits(r, 2)}${randomDigits(r, 10)}${randomDigits(r, 5)}${serial}`;
    },
  },
  {
    format: 'FedEx Ground 15',
    carrier: 'fedex',
    checkAt: 14,
    make: (r) => withCheck(randomDigits(r, 14), oracle.gs1),
  },
  {
    format: 'FedEx Ground 96',
    carrier: 'fedex',
    checkAt: 21,
    make: (r) => {
      const tail = randomDigits(r, 14);
      return `96${randomDigits(r, 2)}${randomDigits(r, 3)}${tail}${oracle.gs1(tail)}`;
    },
  },
  {
    format: 'FedEx SSCC-18',
    carrier: 'fedex',
    checkAt: 17,
    make: (r) => withCheck(`00${randomDigits(r, 15)}`, oracle.gs1),
  },
  {
    format: 'FedEx Ground Economy 22',
    carrier: 'fedex',
    checkAt: 21,
    make: (r) => withCheck(`92612${randomDigits(r, 16)}`, oracle.gs1),
  },
  {
    format: 'FedEx Ground Economy 20',
    carrier: 'fedex',
    checkAt: 19,
    make: (r) => {
      const data = `612${randomDigits(r, 16)}`;
      return data + oracle.gs1(`92${data}`);
    },
  },
  {
    format: 'USPS IMpb 22',
    carrier: 'usps',
    checkAt: 21,
    make: (r) =>
      withCheck(
        `${pick(r, ['9400', '9205', '9407', '9303', '9505', '9270'])}${randomDigits(r, 17)}`,
        oracle.gs1,
      ),
  },
  {
    format: 'USPS IMpb 26',
    carrier: 'usps',
    checkAt: 25,
    make: (r) => withCheck(`92${randomDigits(r, 3)}9${randomDigits(r, 19)}`, oracle.gs1),
  },
  {
    format: 'USPS IMpb 420+ZIP',
    carrier: 'usps',
    checkAt: 29,
    make: (r) => `420${randomDigits(r, 5)}${withCheck(`9400${randomDigits(r, 17)}`, oracle.gs1)}`,
  },
  {
    format: 'USPS IMpb 420+ZIP+4',
    carrier: 'usps',
    checkAt: 33,
    make: (r) => `420${randomDigits(r, 9)}${withCheck(`9405${randomDigits(r, 17)}`, oracle.gs1)}`,
  },
  {
    format: 'USPS 20',
    carrier: 'usps',
    checkAt: 19,
    make: (r) => withCheck(`${pick(r, ['03', '23', '70', '71'])}${randomDigits(r, 17)}`, oracle.gs1),
  },
  {
    format: 'USPS legacy 91',
    carrier: 'usps',
    checkAt: 21,
    make: (r) => withCheck(`91${randomDigits(r, 19)}`, oracle.gs1),
  },
  {
    format: 'DHL Express 10',
    carrier: 'dhl',
    checkAt: 9,
    variableLength: true,
    make: (r) => withCheck(randomDigits(r, 9), oracle.mod7),
  },
  {
    format: 'DHL Express 11',
    carrier: 'dhl',
    checkAt: 10,
    variableLength: true,
    make: (r) =>
      withCheck(`${pick(r, ['1', '2', '3', '4', '5', '6', '9'])}${randomDigits(r, 9)}`, oracle.mod7),
  },
  {
    format: 'DHL Express piece ID',
    carrier: 'dhl',
    checkAt: null,
    variableLength: true,
    make: (r) => `JJD${randomDigits(r, 10)}`,
  },
  {
    format: 'DHL eCommerce GM',
    carrier: 'dhl_ecommerce',
    checkAt: null,
    variableLength: true,
    make: (r) => `GM${randomDigits(r, 16)}`,
  },
  {
    format: 'Amazon Logistics',
    carrier: 'amazon',
    checkAt: null,
    make: (r) => `${pick(r, ['TBA', 'TBC', 'TBM'])}${randomDigits(r, 12)}`,
  },
  {
    format: 'OnTrac C',
    carrier: 'ontrac',
    checkAt: 14,
    make: (r) => withCheck(`C${randomDigits(r, 13)}`, oracle.ups),
  },
  {
    format: 'OnTrac D',
    carrier: 'ontrac',
    checkAt: 14,
    make: (r) => withCheck(`D${randomDigits(r, 13)}`, oracle.ups),
  },
  {
    format: 'LaserShip LX',
    carrier: 'lasership',
    checkAt: null,
    make: (r) => `L${pick(r, [...'AIEHNX'])}${pick(r, ['1', '2', '3'])}${randomDigits(r, 7)}`,
  },
  {
    format: 'LaserShip 1LS',
    carrier: 'lasership',
    checkAt: null,
    make: (r) => `1LS7${pick(r, ['1', '2'])}${randomDigits(r, 10)}`,
  },
  {
    format: 'Canada Post 16',
    carrier: 'canada_post',
    checkAt: 15,
    make: (r) => withCheck(randomDigits(r, 15), oracle.gs1),
  },
  {
    format: 'Purolator 12',
    carrier: 'purolator',
    checkAt: 11,
    make: (r) => withCheck(`${pick(r, ['2', '3'])}${randomDigits(r, 10)}`, oracle.luhn),
  },
  {
    format: 'Canpar',
    carrier: 'canpar',
    checkAt: null,
    make: (r) => `${pick(r, [...'DL'])}${randomDigits(r, 21)}`,
  },
  {
    format: 'DPD 14+check',
    carrier: 'dpd',
    checkAt: 14,
    make: (r) => withCheck(`0${randomDigits(r, 13)}`, oracle.mod37x36),
  },
  {
    format: 'DPD 28',
    carrier: 'dpd',
    checkAt: 27,
    make: (r) => withCheck(`00${randomDigits(r, 25)}`, oracle.mod37x36),
  },
  {
    format: 'Old Dominion',
    carrier: 'old_dominion',
    checkAt: 10,
    make: (r) => withCheck(`${pick(r, ['777', '778', '072', '780'])}${randomDigits(r, 7)}`, oracle.luhn),
  },
  { format: 'Spee-Dee', carrier: 'speedee', checkAt: null, make: (r) => `SP${randomDigits(r, 18)}` },
  { format: 'Yodel', carrier: 'yodel', checkAt: null, make: (r) => `JJD${randomDigits(r, 16)}` },
  { format: 'YunExpress', carrier: 'yunexpress', checkAt: null, make: (r) => `YT${randomDigits(r, 16)}` },
  {
    format: 'UPU S10',
    carrier: 's10',
    checkAt: 10,
    make: (r) => {
      const serial = randomDigits(r, 8);
      return `${pick(r, ['RR', 'EA', 'CP', 'LX', 'RB', 'EE'])}${serial}${oracle.s10(serial)}${pick(r, Object.keys(S10_COUNTRIES))}`;
    },
  },
];

function withCheck(data: string, algorithm: (data: string) => string): string {
  return data + algorithm(data);
}

/** The carrier code an S10 item should get. */
export function expectedCarrier(item: LabelledNumber): string {
  return item.carrier === 's10' ? (S10_COUNTRIES[item.number.slice(-2)] as string) : item.carrier;
}

/** Example numbers printed in the carriers' (and UPU's) specifications and guides and in public format references. */
export const PUBLISHED_EXAMPLES: readonly LabelledNumber[] = [
  { number: '1Z999AA10123456784', carrier: 'ups', format: 'UPS 1Z' },
  { number: '1Z 999 AA1 01 2345 6784', carrier: 'ups', format: 'UPS 1Z' },
  { number: '986578788855', carrier: 'fedex', format: 'FedEx Express 12' },
  { number: '9611020987654312345672', carrier: 'fedex', format: 'FedEx Ground 96' },
  { number: '9400 1112 0108 0805 4830 16', carrier: 'usps', format: 'USPS IMpb 22' },
  { number: 'RR123456785CH', carrier: 's10', format: 'UPU S10' },
  { number: 'EE123456785US', carrier: 's10', format: 'UPU S10' },
  { number: 'C11031500001879', carrier: 'ontrac', format: 'OnTrac C' },
  { number: 'TBA123456789012', carrier: 'amazon', format: 'Amazon Logistics' },
  { number: '3318810025', carrier: 'dhl', format: 'DHL Express 10' },
  { number: '09980000020034D', carrier: 'dpd', format: 'DPD 14+check' },
];

/** `count` valid numbers of every format, and the same numbers with each wrong check digit. */
export function buildLabelledSet(
  perFormat: number,
  seed = 29,
): { valid: LabelledNumber[]; invalid: LabelledNumber[] } {
  const random = seededRandom(seed);
  const valid: LabelledNumber[] = [...PUBLISHED_EXAMPLES];
  const invalid: LabelledNumber[] = [];
  for (const spec of FORMATS) {
    for (let i = 0; i < perFormat; i++) {
      const number = spec.make(random);
      valid.push({ number, carrier: spec.carrier, format: spec.format });
      if (spec.checkAt !== null) {
        const right = number.charAt(spec.checkAt);
        const alphabet = spec.format.startsWith('DPD')
          ? '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
          : '0123456789';
        const wrong = pick(
          random,
          [...alphabet].filter((c) => c !== right),
        );
        invalid.push({
          number: number.slice(0, spec.checkAt) + wrong + number.slice(spec.checkAt + 1),
          carrier: spec.carrier,
          format: spec.format,
        });
      }
    }
  }
  return { valid, invalid };
}

/** Values found in order files that are not tracking numbers, by kind. */
export function buildNegativeSet(perKind: number, seed = 30): { kind: string; value: string }[] {
  const random = seededRandom(seed);
  const upc = (data: string) => data + oracle.gs1(data);
  const kinds: Record<string, () => string> = {
    'PO number (PO-)': () => `PO-${randomDigits(random, 6)}`,
    'SAP PO number (45…)': () => `45${randomDigits(random, 8)}`,
    'order number (#)': () => `#${randomDigits(random, 7)}`,
    SKU: () =>
      `${randomLetters(random, 2)}-${randomDigits(random, 4)}-${pick(random, ['S', 'M', 'L', 'XL'])}`,
    'SKU (long)': () => `${randomLetters(random, 3)}${randomDigits(random, 5)}${randomLetters(random, 2)}`,
    'UPC-A': () => upc(randomDigits(random, 11)),
    'EAN-13': () => upc(randomDigits(random, 12)),
    'GTIN-14': () => upc(randomDigits(random, 13)),
    'date (ISO)': () =>
      `20${randomDigits(random, 2)}-${pick(random, ['01', '06', '12'])}-${pick(random, ['01', '15', '28'])}`,
    'date (US)': () =>
      `${pick(random, ['01', '06', '12'])}/${pick(random, ['01', '15', '28'])}/20${randomDigits(random, 2)}`,
    'phone (US)': () => `(${randomDigits(random, 3)}) ${randomDigits(random, 3)}-${randomDigits(random, 4)}`,
    'phone (international)': () => `+44 ${randomDigits(random, 4)} ${randomDigits(random, 6)}`,
    'e-mail address': () => `${randomLetters(random, 6).toLowerCase()}@example.com`,
    'quantity or price': () => `${randomDigits(random, 3)}.${randomDigits(random, 2)}`,
    'customer number': () => `CUST${randomDigits(random, 6)}`,
    'invoice number': () => `INV-${randomDigits(random, 4)}-${randomDigits(random, 5)}`,
  };
  const set: { kind: string; value: string }[] = [];
  for (const [kind, make] of Object.entries(kinds))
    for (let i = 0; i < perKind; i++) set.push({ kind, value: make() });
  return set;
}

/**
 * Checks a `valid` answer of the recogniser with the independent implementations above: true when the check
 * digit of the format the service names really holds, false when it does not, null for a service without a
 * check digit. The benchmark and the tests count a `false` as a number wrongly reported valid.
 */
export function oracleConfirms(normalized: string, service: string | null): boolean | null {
  const s = normalized;
  const last = s.charAt(s.length - 1);
  const body = s.slice(0, -1);
  const gs1 = (data: string, check: string) => oracle.gs1(data) === check;
  switch (service) {
    case 'UPS (1Z)':
    case 'UPS Next Day Air':
    case 'UPS 2nd Day Air':
    case 'UPS Ground':
    case 'UPS 3 Day Select':
    case 'UPS Next Day Air Saver':
      return oracle.ups(s.slice(2, 17)) === last;
    case 'UPS waybill':
    case 'OnTrac':
      return oracle.ups(body) === last;
    case 'FedEx Express':
      return s.length === 34 ? oracle.fedex11(s.slice(20, 33)) === last : oracle.fedex11(body) === last;
    case 'FedEx Ground (GSN)':
      return oracle.fedex11(s.slice(20, 33)) === last;
    case 'FedEx Ground':
      return s.length === 22 ? gs1(s.slice(7, 21), last) : gs1(body, last);
    case 'FedEx Ground (SSCC-18)':
    case 'Canada Post':
    case 'USPS (20 digits)':
      return gs1(body, last);
    case 'FedEx Ground Economy (SmartPost)':
      return s.length === 20
        ? gs1(`92${body}`, last)
        : gs1(body.replace(/^420\d{5}(\d{4}(?=\d{22}$))?/, ''), last);
    case 'USPS (legacy)':
      return gs1(`91${body}`, last);
    case 'USPS IMpb':
      return gs1(body, last);
    case 'USPS IMpb (with ZIP routing)':
      return gs1(s.slice(12, -1), last) || gs1(s.slice(8, -1), last);
    case 'DHL Express':
      return oracle.mod7(body) === last;
    case 'Purolator':
    case 'Old Dominion PRO':
      return /^\d+$/.test(s) ? oracle.luhn(body) === last : null;
    case 'DPD parcel':
      return oracle.mod37x36(body) === last;
    default:
      if (service?.startsWith('UPU S10')) return oracle.s10(s.slice(2, 10)) === s.charAt(10);
      return null;
  }
}
