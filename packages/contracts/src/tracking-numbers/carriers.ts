/**
 * The carriers the recogniser knows (docs/behaviour/order-tracking.md#carriers): a stable code, the display
 * name, the short name the grid shows beside a number, and the carrier's public tracking page (`{n}` is
 * replaced by the number; null where the carrier has no public page for a number). A UPU S10 item of a post
 * without its own entry here gets the code `post_xx` (the two-letter country suffix, lower-case).
 */

export interface CarrierInfo {
  code: string;
  name: string;
  shortName: string;
  url: string | null;
}

const table = [
  ['ups', 'UPS', 'UPS', 'https://www.ups.com/track?tracknum={n}'],
  ['fedex', 'FedEx', 'FedEx', 'https://www.fedex.com/fedextrack/?trknbr={n}'],
  ['usps', 'USPS', 'USPS', 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}'],
  [
    'dhl',
    'DHL Express',
    'DHL',
    'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  ],
  [
    'dhl_ecommerce',
    'DHL eCommerce',
    'DHL eCom',
    'https://www.dhl.com/global-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id={n}',
  ],
  ['amazon', 'Amazon Logistics', 'Amazon', 'https://track.amazon.com/tracking/{n}'],
  ['ontrac', 'OnTrac', 'OnTrac', 'https://www.ontrac.com/tracking/?number={n}'],
  ['lasership', 'LaserShip (OnTrac)', 'LaserShip', 'https://www.ontrac.com/tracking/?number={n}'],
  [
    'canada_post',
    'Canada Post',
    'Canada Post',
    'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  ],
  ['purolator', 'Purolator', 'Purolator', 'https://www.purolator.com/en/shipping/tracker?pin={n}'],
  [
    'canpar',
    'Canpar Express',
    'Canpar',
    'https://www.canpar.com/en/tracking/delivery_options.htm?barcode={n}',
  ],
  ['dpd', 'DPD', 'DPD', 'https://tracking.dpd.de/status/en_US/parcel/{n}'],
  [
    'old_dominion',
    'Old Dominion Freight Line',
    'ODFL',
    'https://www.odfl.com/us/en/tools/trace-track-ltl-freight/trace.html?proNumbers={n}',
  ],
  ['speedee', 'Spee-Dee Delivery', 'Spee-Dee', 'https://speedeedelivery.com/track-a-parcel/?barcode={n}'],
  ['yodel', 'Yodel', 'Yodel', 'https://www.yodel.co.uk/tracking/{n}'],
  ['yunexpress', 'YunExpress', 'YunExpress', 'https://www.yuntrack.com/parcelTracking?id={n}'],
  [
    'royal_mail',
    'Royal Mail',
    'Royal Mail',
    'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  ],
] as const;

export type KnownCarrierCode = (typeof table)[number][0];

const KNOWN = new Map<string, CarrierInfo>(
  table.map(([code, name, shortName, url]) => [code, { code, name, shortName, url }]),
);

/**
 * National posts by their S10 country suffix. A suffix listed with a carrier code maps to that carrier (US →
 * USPS); the others are named here and have no tracking page of ours (each post's site differs).
 */
const POSTS: Record<string, string> = {
  US: 'usps',
  CA: 'canada_post',
  GB: 'royal_mail',
  AT: 'Austrian Post',
  AU: 'Australia Post',
  BE: 'bpost',
  BR: 'Correios',
  CH: 'Swiss Post',
  CN: 'China Post',
  CZ: 'Czech Post',
  DE: 'Deutsche Post',
  DK: 'PostNord Denmark',
  EE: 'Omniva',
  ES: 'Correos',
  FI: 'Posti',
  FR: 'La Poste',
  GR: 'Hellenic Post',
  HK: 'Hongkong Post',
  HU: 'Magyar Posta',
  IE: 'An Post',
  IL: 'Israel Post',
  IN: 'India Post',
  IT: 'Poste Italiane',
  JP: 'Japan Post',
  KR: 'Korea Post',
  LT: 'Lithuania Post',
  LU: 'POST Luxembourg',
  LV: 'Latvijas Pasts',
  MX: 'Correos de México',
  MY: 'Pos Malaysia',
  NL: 'PostNL',
  NO: 'Posten Norge',
  NZ: 'NZ Post',
  PL: 'Poczta Polska',
  PT: 'CTT Portugal',
  RO: 'Poșta Română',
  SE: 'PostNord Sweden',
  SG: 'Singapore Post',
  SI: 'Pošta Slovenije',
  SK: 'Slovak Post',
  TH: 'Thailand Post',
  TR: 'PTT (Turkish Post)',
  TW: 'Chunghwa Post',
  UA: 'Ukrposhta',
  ZA: 'South African Post Office',
};

let regionNames: Intl.DisplayNames | null | undefined;

/** The country's English name for an ISO 3166 alpha-2 code, or null for a code that names no country. */
function countryName(code: string): string | null {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    } catch {
      regionNames = null;
    }
  }
  const name = regionNames?.of(code);
  return name && name !== code ? name : null;
}

/** The carrier code of an S10 item's country suffix, or null when the suffix is not a country. */
export function postOfCountry(country: string): string | null {
  const listed = POSTS[country];
  if (listed && KNOWN.has(listed)) return listed;
  if (listed) return `post_${country.toLowerCase()}`;
  return countryName(country) ? `post_${country.toLowerCase()}` : null;
}

/** The display data of a carrier code (as stored with a tracking number), or null for an unknown code. */
export function carrierInfo(code: string | null | undefined): CarrierInfo | null {
  if (!code) return null;
  const known = KNOWN.get(code);
  if (known) return known;
  if (/^post_[a-z]{2}$/.test(code)) {
    const country = code.slice(5).toUpperCase();
    const name = POSTS[country] ?? (countryName(country) ? `Post of ${countryName(country)}` : null);
    if (name) return { code, name, shortName: name, url: null };
  }
  return null;
}

/** The carrier's tracking page for a number, or null where it has none. */
export function trackingUrl(code: string, number: string): string | null {
  const template = carrierInfo(code)?.url;
  return template ? template.replace('{n}', encodeURIComponent(number)) : null;
}

/** The carriers a user can filter the grid by, in the order of the filter's list. */
export const FILTERABLE_CARRIERS: readonly CarrierInfo[] = [...KNOWN.values()];

/** How suppliers write carriers' names in a Shipping Company cell: words (or words run together), without case. */
const NAME_ALIASES = new Map<string, string>(
  (
    [
      ['ups', ['ups', 'unitedparcel', 'unitedparcelservice']],
      ['fedex', ['fedex', 'federalexpress', 'fdx', 'smartpost']],
      ['usps', ['usps', 'uspostalservice', 'unitedstatespostalservice', 'uspostoffice']],
      ['dhl', ['dhl', 'dhlexpress']],
      ['dhl_ecommerce', ['dhlecommerce', 'dhlecom', 'dhlglobalmail', 'dhlparcel']],
      ['amazon', ['amazon', 'amazonlogistics', 'amzl']],
      ['lasership', ['lasership']],
      ['ontrac', ['ontrac']],
      ['canada_post', ['canadapost', 'postescanada']],
      ['purolator', ['purolator']],
      ['canpar', ['canpar']],
      ['dpd', ['dpd']],
      ['old_dominion', ['olddominion', 'odfl']],
      ['speedee', ['speedee']],
      ['yodel', ['yodel']],
      ['yunexpress', ['yunexpress']],
      ['royal_mail', ['royalmail', 'parcelforce']],
    ] as const
  )
    .flatMap(([code, aliases]) => aliases.map((alias) => [alias, code] as [string, string]))
    // The national posts by their own names (`Deutsche Post`, `Poste Italiane`, `La Poste`, `PostNL`), as their
    // S10 items are coded; Colissimo is La Poste's parcel brand.
    .concat(
      Object.entries(POSTS)
        .filter(([, name]) => !KNOWN.has(name))
        .map(([country, name]): [string, string] => [
          name
            .normalize('NFKD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, ''),
          `post_${country.toLowerCase()}`,
        ]),
      [['colissimo', 'post_fr']],
    ),
);

/** The carrier a Shipping Company text names ("FedEx Ground", "United Parcel Service"), or null for none known. */
export function carrierOfShippingCompany(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    // Longest run first: "DHL eCommerce" is DHL eCommerce, not DHL.
    for (let length = Math.min(4, words.length - i); length >= 1; length--) {
      const code = NAME_ALIASES.get(words.slice(i, i + length).join(''));
      if (code) return code;
    }
  }
  return null;
}

/**
 * Carriers that share numbers (a LaserShip number is tracked by OnTrac; DHL's eCommerce arm is DHL; Deutsche
 * Post's parcels travel as DHL Paket, so a `Deutsche Post` file with DHL numbers is no disagreement).
 */
const FAMILY: Record<string, string> = { lasership: 'ontrac', dhl_ecommerce: 'dhl', post_de: 'dhl' };

/** Whether a supplier's named carrier and a number's recognised one are the same company. */
export function sameCarrier(named: string, recognised: string): boolean {
  return (FAMILY[named] ?? named) === (FAMILY[recognised] ?? recognised);
}
