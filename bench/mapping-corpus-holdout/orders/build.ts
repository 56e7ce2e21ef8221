/**
 * Builds the order half of the holdout mapping corpus (bench/mapping-corpus-holdout/orders/README.md): twelve
 * labelled order tracking files written without reading the engine, its catalogue, its design document or the
 * files, labels and builders of the other corpora. Beside each file goes the mapping a careful operator would make
 * (`.labels.json`), decided before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and
 * SheetJS files byte for byte. Run: `npx tsx bench/mapping-corpus-holdout/orders/build.ts`.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts, and
 * the Luhn rule below for Purolator and Old Dominion PROs) and then handed to the project's recogniser; a number
 * it does not name with a valid check digit stops the build. This builder only ever removes and rewrites its own
 * `files` folder (never ../inventory).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import {
  confirmed,
  corpusEmitter,
  dhlCheck,
  type FileSpec,
  fedexExpressCheck,
  gs1Check,
  randomHelpers,
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-holdout-orders-');
const random = seededRandom(20261205);
const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

// ---------------------------------------------------------------- carriers' check digits (published rules)

/** Luhn (ISO/IEC 7812-1): from the right, every second digit of the data doubled, digits summed; check = −sum mod 10. */
function luhnCheck(data: string): number {
  let total = 0;
  for (let k = 0; k < data.length; k++) {
    let value = Number(data[data.length - 1 - k]);
    if (k % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    total += value;
  }
  return (10 - (total % 10)) % 10;
}

type CarrierKey =
  | 'ups'
  | 'fedexExpress'
  | 'fedexGround'
  | 'usps'
  | 'dhl'
  | 'canadaPost'
  | 'purolator'
  | 'odfl';

const TRACKING: Record<CarrierKey, () => string> = {
  ups() {
    const data = `${letters(6, '0123456789ABCDEFGHJKRVWXY')}${pick(['03', '01', '02', '12'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS', 'ups');
  },
  fedexExpress() {
    const data = `${pick(['77', '78', '39', '27'])}${digits(9)}`;
    return confirmed(`${data}${fedexExpressCheck(data)}`, 'FedEx Express', 'fedex');
  },
  fedexGround() {
    const data = `${pick(['1', '0'])}${digits(13)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'FedEx Ground', 'fedex');
  },
  usps() {
    const data = `${pick(['9400', '9405', '9205', '9270'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
  dhl() {
    for (;;) {
      const serial = `${between(1, 9)}${digits(8)}`;
      const number = `${serial}${dhlCheck(serial)}`;
      try {
        return confirmed(number, 'DHL Express', 'dhl');
      } catch {
        // another carrier's reading came first; draw again
      }
    }
  },
  /** Canada Post's 16-digit domestic parcel PIN: GS1 mod 10 over the first 15. */
  canadaPost() {
    for (;;) {
      const data = `${pick(['7023', '7316', '4007'])}${digits(11)}`;
      try {
        return confirmed(`${data}${gs1Check(data)}`, 'Canada Post', 'canada_post');
      } catch {
        // read as another carrier; draw again
      }
    }
  },
  /** Purolator's 12-digit PIN: Luhn over the first 11 (one that also passes FedEx's mod 11 reads as FedEx). */
  purolator() {
    for (;;) {
      const data = `${between(3, 5)}${digits(10)}`;
      try {
        return confirmed(`${data}${luhnCheck(data)}`, 'Purolator', 'purolator');
      } catch {
        // read as FedEx Express; draw again
      }
    }
  },
  /** Old Dominion's 11-digit PRO: Luhn over the first 10. */
  odfl() {
    for (;;) {
      const data = `${pick(['777', '778', '780'])}${digits(7)}`;
      try {
        return confirmed(`${data}${luhnCheck(data)}`, 'Old Dominion PRO', 'old_dominion');
      } catch {
        // draw again
      }
    }
  },
};

/** A UPC-A with its GS1 check digit (no tracking number). */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An SSCC-18 carton label: its GS1 check digit holds, and it is no tracking number. */
function sscc(): string {
  const data = `0${pick(['0614141', '0856117', '0810042'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Marisol',
  'Declan',
  'Priya',
  'Owen',
  'Ingrid',
  'Tomas',
  'Keisha',
  'Graham',
  'Lucia',
  'Desmond',
  'Fatima',
  'Wesley',
  'Annika',
  'Ravi',
  'Colette',
  'Jonah',
  'Beatrix',
  'Malik',
];
const FAMILY = [
  'Okafor',
  'Lindqvist',
  'Pereira',
  'Hargreaves',
  'Nakamura',
  'Fitzgerald',
  'Castellano',
  'Brennan',
  'Adeyemi',
  'Holloway',
  'Sato',
  'Kowalczyk',
  "O'Donnell",
  'Vasquez',
  'Ashworth',
  'Mbeki',
];
const COMPANIES = [
  'Bluegill Dental Group',
  'Northfork Properties LLC',
  'Cedar & Vine Interiors',
  'Lakeshore Pediatrics',
  'Ironwood Outfitters Inc.',
  'Summit Ridge HOA',
  'Tallgrass Coffee Co.',
  'Meridian Title Services',
];
const PLACES: [string, string, string][] = [
  ['Madison', 'WI', '53703'],
  ['Boise', 'ID', '83702'],
  ['Savannah', 'GA', '31401'],
  ['Des Moines', 'IA', '50309'],
  ['Reno', 'NV', '89501'],
  ['Burlington', 'VT', '05401'],
  ['Lexington', 'KY', '40507'],
  ['Fort Collins', 'CO', '80524'],
  ['Providence', 'RI', '02903'],
  ['Chattanooga', 'TN', '37402'],
];
const CA_PLACES: [string, string, string][] = [
  ['Halifax', 'NS', 'B3J 1S9'],
  ['Kelowna', 'BC', 'V1Y 6N2'],
  ['Saskatoon', 'SK', 'S7K 1J5'],
  ['Kingston', 'ON', 'K7L 2Z1'],
  ['Sherbrooke', 'QC', 'J1H 1A1'],
  ['Red Deer', 'AB', 'T4N 1X5'],
];
const GOODS: [string, string][] = [
  ['Bamboo Cutting Board Set', 'KT-2210'],
  ['Cast Iron Skillet 10 in', 'CI-1010'],
  ['Linen Duvet Cover, Queen, Oat', 'LD-Q044'],
  ['Stoneware Dinner Plates (4)', 'SW-0404'],
  ['Wool Area Rug 5x8, Charcoal', 'WR-5808'],
  ['Brass Table Lamp', 'BL-7715'],
  ['Teak Shower Bench', 'TS-3120'],
  ['Glass Storage Jars (6)', 'GJ-0606'],
  ['Velvet Throw Pillow 20 in, Rust', 'VP-2019'],
  ['Walnut Floating Shelf 36 in', 'WS-3636'],
  ['Electric Kettle 1.7 L, Matte Black', 'EK-1700'],
  ['Cotton Bath Towels (6), White', 'BT-6001'],
  ['Rattan Laundry Hamper', 'RH-4410'],
  ['Ceramic Planter 8 in, Sage', 'CP-0808'],
];

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_1 = Date.UTC(2026, 10, 1, 0, 0);

interface Line {
  order: number;
  po: string;
  line: number;
  orderDate: Date;
  shipDate: Date;
  eta: Date;
  item: string;
  description: string;
  upc: string;
  ordered: number;
  shipped: number;
  first: string;
  last: string;
  company: string | null;
  city: string;
  state: string;
  zip: string;
  carrier: CarrierKey;
  tracking: string[];
  shippedFlag: boolean;
  weight: number;
  cost: number;
}

/**
 * Order lines, exactly `rows` of them: orders of one to three lines sharing the PO, the dates, the carrier and the
 * packages; `unshipped` of the orders have no shipment yet, `multi` of the shipped ones went in two or three packages.
 */
function orderLines(options: {
  rows: number;
  po: (n: number) => string;
  carriers: CarrierKey[];
  places?: [string, string, string][];
  multi?: number;
  moreLines?: number;
  unshipped?: number;
  partial?: number;
  companies?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; out.length < options.rows; n++) {
    const po = options.po(n);
    const orderDate = new Date(
      NOV_1 + between(0, 24) * DAY + between(7, 20) * HOUR + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY + between(1, 6) * HOUR);
    const eta = new Date(shipDate.getTime() + between(2, 6) * DAY);
    const [city, state, zip] = pick(options.places ?? PLACES);
    const first = pick(GIVEN);
    const last = pick(FAMILY);
    const company = chance(options.companies ?? 0) ? pick(COMPANIES) : null;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0);
    const packages = shippedFlag ? (chance(options.multi ?? 0) ? between(2, 3) : 1) : 0;
    const tracking = Array.from({ length: packages }, () => TRACKING[carrier]());
    const count = chance(options.moreLines ?? 0) ? between(2, 3) : 1;
    const used = new Set<string>();
    for (let line = 1; line <= count && out.length < options.rows; line++) {
      let [description, item] = pick(GOODS);
      while (used.has(item)) [description, item] = pick(GOODS);
      used.add(item);
      const ordered = between(1, 4);
      const shipped = shippedFlag ? (chance(options.partial ?? 0) ? between(0, ordered - 1) : ordered) : 0;
      out.push({
        order: n,
        po,
        line,
        orderDate,
        shipDate,
        eta,
        item,
        description,
        upc: upc(),
        ordered,
        shipped,
        first,
        last,
        company,
        city,
        state,
        zip,
        carrier,
        tracking,
        shippedFlag,
        weight: between(8, 420) / 10,
        cost: between(650, 4800) / 100,
      });
    }
  }
  return out;
}

/** One draw per order, repeated on each of its lines. */
function perOrder<T>(rows: Line[], draw: (row: Line) => T): T[] {
  const seen = new Map<number, T>();
  return rows.map((row) => {
    if (!seen.has(row.order)) seen.set(row.order, draw(row));
    return seen.get(row.order)!;
  });
}

// ---------------------------------------------------------------- value formats

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const usLoose = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const compact = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const clock12 = (d: Date) => {
  const hour = d.getUTCHours();
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(d.getUTCMinutes())}:00 ${hour < 12 ? 'AM' : 'PM'}`;
};
const money = (value: number) => value.toFixed(2);
const fullName = (r: Line) => `${r.first} ${r.last}`;
/** Ship-to as a label prints it: the company where there is one, else the person. */
const shipTo = (r: Line) => r.company ?? fullName(r);

const NAMES: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx',
  usps: 'USPS',
  dhl: 'DHL',
  canadaPost: 'Canada Post',
  purolator: 'Purolator',
  odfl: 'Old Dominion',
};
const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FDEN',
  fedexGround: 'FDEG',
  usps: 'USPS',
  dhl: 'DHLC',
  canadaPost: 'CPCL',
  purolator: 'PURO',
  odfl: 'ODFL',
};
const TRACK_URL: Partial<Record<CarrierKey, string>> = {
  ups: 'https://www.ups.com/track?tracknum=',
  fedexGround: 'https://www.fedex.com/fedextrack/?trknbr=',
  fedexExpress: 'https://www.fedex.com/fedextrack/?trknbr=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
};

// ---------------------------------------------------------------- the files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<Line>[] = [];

  // 1. Acenda fulfillment tracking feed: one tracking number a row, a UPC right after the SKU.
  {
    const rows = orderLines({
      rows: 90,
      po: () => `11${between(1, 4)}-${digits(7)}-${digits(7)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      moreLines: 0.25,
    });
    const method: Partial<Record<CarrierKey, string[]>> = {
      ups: ['Ground', '2nd Day Air'],
      fedexGround: ['Home Delivery', 'Ground'],
      usps: ['Priority Mail', 'Ground Advantage'],
    };
    const warehouse = perOrder(rows, () => pick(['1', '2', '4']));
    const methods = perOrder(rows, (r) => pick(method[r.carrier]!));
    specs.push({
      name: 'acenda-fulfillment-tracking.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source: 'Acenda, "Uploading a fulfillment tracking number feed for orders"',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'external_order_id', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'warehouse_id', cell: (_r, i) => warehouse[i]! },
        { header: 'carrier', maps: { shippingCompany: 1 }, cell: (r) => NAMES[r.carrier] },
        { header: 'method', cell: (_r, i) => methods[i]! },
        { header: 'tracking_number', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'upc', cell: (r) => r.upc },
        { header: 'quantity', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.ordered) },
        { header: 'cost', cell: (r) => money(r.cost) },
      ],
    });
  }

  // 2. Dynamics NAV shipment lines for a Magento shop: semicolon file, numbers joined by commas.
  {
    const rows = orderLines({
      rows: 110,
      po: (n) => `1000${pad(4812 + n * 3 + between(0, 2), 5)}`,
      carriers: ['ups', 'fedexExpress', 'usps'],
      multi: 0.3,
      moreLines: 0.35,
      partial: 0.1,
    });
    const agent: Partial<Record<CarrierKey, string>> = { ups: 'UPS', fedexExpress: 'FEDEX', usps: 'USPS' };
    const service: Partial<Record<CarrierKey, string[]>> = {
      ups: ['GROUND', '2NDDAY'],
      fedexExpress: ['STANDARD', 'PRIORITY'],
      usps: ['PRIORITY', 'FIRSTCLASS'],
    };
    const described: Partial<Record<CarrierKey, string>> = {
      ups: 'UPS Ground',
      fedexExpress: 'FedEx Standard Overnight',
      usps: 'USPS Priority Mail',
    };
    const methods = perOrder(rows, (r) => pick(service[r.carrier]!));
    const nav = new Map<number, string>();
    specs.push({
      name: 'nav-magento-shipment-lines.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'Dynamics NAV ImportShipmentLines request for Magento (gist steverobbins/9ccad7247b5b9ed51b3b65c86e09cc21)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        {
          header: 'NAVOrderNo',
          maps: { documentNumber: 0 },
          cell: (r) => {
            if (!nav.has(r.order)) nav.set(r.order, `14757${pad(76983 + r.order * 2, 5)}`);
            return nav.get(r.order)!;
          },
        },
        { header: 'MagentoOrderNo', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'ShipDate', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'ShipMethod', cell: (_r, i) => methods[i]! },
        { header: 'ShipAgent', maps: { shippingCompany: 1 }, cell: (r) => agent[r.carrier]! },
        { header: 'TrackingNumbers', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking.join(',') },
        {
          header: 'Descriptions',
          cell: (r) => r.tracking.map(() => described[r.carrier]!).join(','),
        },
        { header: 'ShippingCost', cell: (r) => money(r.cost) },
        { header: 'ItemNo', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'QtyShipped', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
      ],
    });
  }

  // 3. Bazaarvoice sampling fulfillment distribution list: tab-separated, "Tracking Carrier" holds carrier names.
  {
    const rows = orderLines({
      rows: 80,
      po: (n) => `${pad(304812 + n * 7, 7)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      unshipped: 0.2,
    });
    specs.push({
      name: 'bazaarvoice-fulfillment-distribution.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source: 'Bazaarvoice Sampling, "Update tracking information"',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order ID', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'Order Date', maps: { orderDate: 1 }, cell: (r) => us(r.orderDate) },
        { header: 'Member Name', maps: { shipToName: 1 }, cell: (r) => fullName(r) },
        { header: 'Product SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Product Name', cell: (r) => r.description },
        { header: 'Quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'Shipped Date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? us(r.shipDate) : ''),
        },
        {
          header: 'Tracking Carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAMES[r.carrier] : ''),
        },
        {
          header: 'Tracking Number',
          maps: { trackingNumbers: 1 },
          cell: (r) => (r.shippedFlag ? r.tracking[0]! : ''),
        },
        {
          header: 'Tracking URL',
          cell: (r) => (r.shippedFlag ? `${TRACK_URL[r.carrier]}${r.tracking[0]}` : ''),
        },
      ],
    });
  }

  // 4. Missing Ink fulfillment export: pipe-separated, ordered and shipped quantity, numbers joined by spaces.
  {
    const rows = orderLines({
      rows: 100,
      po: (n) => String(2210 + n * 3 + between(0, 2)),
      carriers: ['usps', 'ups'],
      multi: 0.25,
      moreLines: 0.4,
      unshipped: 0.15,
      partial: 0.15,
      companies: 0.2,
    });
    const streets = perOrder(
      rows,
      () => `${between(10, 9899)} ${pick(['Maple Ave', 'Harbor Rd', 'Quarry Ln', 'Elm St'])}`,
    );
    specs.push({
      name: 'missingink-fulfillment-export.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '|',
      source: 'Missing Ink, "Fulfillment CSV Formatting"',
      unique: 'CustomerPoNumber',
      delimiter: ' ',
      rows,
      columns: [
        { header: 'order id', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'order_date', maps: { orderDate: 1 }, cell: (r) => iso(r.orderDate) },
        { header: 'ship_name', maps: { shipToName: 1 }, cell: (r) => fullName(r) },
        { header: 'ship_attn', cell: (r) => r.company ?? '' },
        { header: 'ship_address_1', cell: (_r, i) => streets[i]! },
        { header: 'ship_city', cell: (r) => r.city },
        { header: 'ship_state', cell: (r) => r.state },
        { header: 'ship_zipcode', cell: (r) => r.zip },
        { header: 'ship_country', cell: () => 'US' },
        { header: 'product_sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'product_name', cell: (r) => r.description },
        { header: 'product_qty', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'qty_shipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        {
          header: 'ship_date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? iso(r.shipDate) : ''),
        },
        {
          header: 'carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAMES[r.carrier] : ''),
        },
        { header: 'tracking_number', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking.join(' ') },
      ],
    });
  }

  // 5. Canada Post EST order history, manifest items: positional, no header row.
  {
    const rows = orderLines({
      rows: 75,
      po: (n) => `PO-${580210 + n * 4 + between(0, 3)}`,
      carriers: ['canadaPost'],
      places: CA_PLACES,
      companies: 0.3,
    });
    const manifest = new Map<string, string>();
    const services = perOrder(rows, () => pick(['DOM.EP', 'DOM.RP', 'DOM.XP']));
    specs.push({
      name: 'canadapost-est-history-noheader.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Canada Post, Electronic Shipping Tools "Export File Specifications" (Order History Export, Manifest Items)',
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'manifest',
          cell: (r) => {
            const day = iso(r.shipDate);
            if (!manifest.has(day)) manifest.set(day, `00${digits(8)}`);
            return manifest.get(day)!;
          },
        },
        { header: 'mailing date', maps: { shippedDate: 1 }, cell: (r) => compact(r.shipDate) },
        { header: 'customer reference 1', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'customer reference 2', maps: { documentNumber: 0 }, cell: (r) => `INV${90412 + r.order}` },
        { header: 'pin', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'service', cell: (_r, i) => services[i]! },
        { header: 'name', maps: { shipToName: 1 }, cell: (r) => fullName(r) },
        { header: 'company', cell: (r) => r.company ?? '' },
        { header: 'city', cell: (r) => r.city },
        { header: 'province', cell: (r) => r.state },
        { header: 'postal code', cell: (r) => r.zip },
        { header: 'weight', cell: (r) => (r.weight / 2.2).toFixed(3) },
      ],
    });
  }

  // 6. Cin7 Omni dispatched sales orders (LibreOffice XLSX): title lines, three dates, numbers joined by ';'.
  {
    const rows = orderLines({
      rows: 95,
      po: (n) => `HP${between(24, 26)}-${pad(1187 + n * 2, 5)}`,
      carriers: ['ups', 'fedexGround'],
      multi: 0.25,
      moreLines: 0.3,
      unshipped: 0.2,
    });
    const stage = perOrder(rows, (r) =>
      r.shippedFlag ? 'Dispatched' : pick(['Processing', 'Awaiting Payment', 'On Hold']),
    );
    const store = perOrder(rows, () => pick(['Harbor & Pine Home', 'Harbor & Pine Outlet']));
    specs.push({
      name: 'cin7-dispatched-sales-orders.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source: 'Cin7 Omni API resource models SalesOrder / PurchaseOrder / BranchTransfer (api.cin7.com)',
      titleRows: [['Sales Orders - Dispatched and Open'], ['Generated on 12/02/2026 06:00 by Cin7 Omni'], []],
      unique: 'CustomerPoNumber',
      delimiter: ';',
      rows,
      columns: [
        { header: 'Reference', maps: { documentNumber: 0 }, cell: (r) => `SO-${10234 + r.order}` },
        { header: 'CustomerOrderNo', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'CreatedDate', maps: { orderDate: 1 }, cell: (r) => us(r.orderDate) },
        {
          header: 'DispatchedDate',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? us(r.shipDate) : ''),
        },
        { header: 'EstimatedDeliveryDate', maps: { estimatedArrivalDate: 1 }, cell: (r) => us(r.eta) },
        { header: 'Company', maps: { customerName: 0 }, cell: (_r, i) => store[i]! },
        { header: 'FirstName', maps: { shipToName: 0 }, cell: (r) => r.first },
        { header: 'LastName', maps: { shipToName: 0 }, cell: (r) => r.last },
        { header: 'Code', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Qty', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        { header: 'Stage', maps: { supplierOrderStatus: 1 }, cell: (_r, i) => stage[i]! },
        {
          header: 'LogisticsCarrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAMES[r.carrier] : ''),
        },
        { header: 'TrackingCode', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking.join(';') },
        {
          header: 'InvoiceNumber',
          maps: { documentNumber: 0 },
          cell: (r) => (r.shippedFlag ? `INV-${50871 + r.order}` : ''),
        },
      ],
    });
  }

  // 7. Acumatica shipments with packages (SheetJS XLSX): ordered vs shipped, an SSCC right after the tracking number.
  {
    const rows = orderLines({
      rows: 85,
      po: (n) => `PO${pad(771040 + n * 3 + between(0, 2), 7)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      moreLines: 0.3,
      unshipped: 0.15,
      partial: 0.2,
    });
    const via: Partial<Record<CarrierKey, string>> = {
      ups: 'UPSGROUND',
      fedexGround: 'FEDEXHOME',
      usps: 'USPSPRIORITY',
    };
    const customer = perOrder(rows, () => pick(['C000118', 'C000118', 'C000342']));
    const box = perOrder(rows, () => pick(['SMALL', 'MEDIUM', 'LARGE']));
    const ssccs = perOrder(rows, () => sscc());
    specs.push({
      name: 'acumatica-shipment-packages.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source: 'Acumatica REST Shipment entity with Packages (gist tocohara/e2e3a7192c512f2bc9761a68592c5140)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'ShipmentNbr', maps: { documentNumber: 0 }, cell: (r) => pad(32 + r.order, 7) },
        { header: 'ShipmentDate', maps: { shippedDate: 1 }, cell: (r) => usLoose(r.shipDate) },
        {
          header: 'CustomerID',
          maps: { customerNumber: 1, accountNumber: 0 },
          cell: (_r, i) => customer[i]!,
        },
        { header: 'CustomerOrderNbr', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'InventoryID', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'OrderQty', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'ShippedQty', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'ShipVia', maps: { shippingCompany: 1 }, cell: (r) => via[r.carrier]! },
        { header: 'BoxID', cell: (_r, i) => box[i]! },
        { header: 'TrackingNbr', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'CustomRefNbr1', cell: (r, i) => (r.shippedFlag ? ssccs[i]! : '') },
        { header: 'Weight', cell: (r) => r.weight.toFixed(1) },
        {
          header: 'Status',
          maps: { supplierOrderStatus: 0 },
          cell: (r) => (r.shippedFlag ? (r.shipped < r.ordered ? 'Confirmed' : 'Completed') : 'Open'),
        },
      ],
    });
  }

  // 8. Dynamics AX packing slip journal (SheetJS XLS): title lines and a blank row, three dates, persons and companies.
  {
    const rows = orderLines({
      rows: 70,
      po: (n) => `${pad(4400120 + n * 5 + between(0, 4), 7)}`,
      carriers: ['ups', 'fedexGround', 'dhl'],
      moreLines: 0.3,
      unshipped: 0.15,
      partial: 0.1,
      companies: 0.35,
    });
    const carrierName: Partial<Record<CarrierKey, string>> = { ups: 'UPS', fedexGround: 'FedEx', dhl: 'DHL' };
    specs.push({
      name: 'dynamics-ax-packing-slip-journal.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source: 'Microsoft Learn, Dynamics AX 2012 "ShipCarrierTrackingNum Extended Data Type"',
      titleRows: [['Contoso Home Goods'], ['Packing slip journal - printed 12/2/2026 7:15 AM'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Sales order', maps: { documentNumber: 0 }, cell: (r) => `SO-${pad(71234 + r.order, 7)}` },
        { header: 'Customer requisition', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        {
          header: 'Created date and time',
          maps: { orderDate: 1 },
          cell: (r) => `${usLoose(r.orderDate)} ${clock12(r.orderDate)}`,
        },
        {
          header: 'Ship date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? usLoose(r.shipDate) : ''),
        },
        { header: 'Confirmed receipt date', maps: { estimatedArrivalDate: 1 }, cell: (r) => usLoose(r.eta) },
        { header: 'Delivery name', maps: { shipToName: 1 }, cell: (r) => shipTo(r) },
        { header: 'Item number', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Delivered', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        {
          header: 'Shipping carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? carrierName[r.carrier]! : ''),
        },
        { header: 'Tracking number', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'Packing slip',
          maps: { documentNumber: 0 },
          cell: (r) => (r.shippedFlag ? `PS-${pad(34567 + r.order, 7)}` : ''),
        },
      ],
    });
  }

  // 9. Trayse Inventory ship records (LibreOffice XLS): several document numbers, numbers joined by '|'.
  {
    const rows = orderLines({
      rows: 80,
      po: (n) => `RT-${pad(66120 + n * 2, 6)}`,
      carriers: ['ups', 'fedexExpress', 'usps'],
      multi: 0.3,
      unshipped: 0.2,
      companies: 0.3,
    });
    const method: Partial<Record<CarrierKey, string[]>> = {
      ups: ['Ground', '3 Day Select'],
      fedexExpress: ['Standard Overnight', '2Day'],
      usps: ['Priority Mail', 'Ground Advantage'],
    };
    const methods = perOrder(rows, (r) => pick(method[r.carrier]!));
    const status = perOrder(rows, (r) => (r.shippedFlag ? 'Shipped' : pick(['Pending', 'Released'])));
    specs.push({
      name: 'trayse-ship-records.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source: 'Trayse Inventory help, "Shipping Header"',
      unique: 'CustomerPoNumber',
      delimiter: '|',
      rows,
      columns: [
        {
          header: 'Reference Number',
          maps: { documentNumber: 0 },
          cell: (r) => `SHP-${pad(8801 + r.order, 6)}`,
        },
        { header: 'Status', maps: { supplierOrderStatus: 0 }, cell: (_r, i) => status[i]! },
        { header: 'Order', maps: { documentNumber: 0 }, cell: (r) => `SO-${pad(5102 + r.order, 6)}` },
        { header: 'Customer PO', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'Pick', cell: (r) => `PK-${pad(7310 + r.order, 6)}` },
        {
          header: 'Invoice',
          maps: { documentNumber: 0 },
          cell: (r) => (r.shippedFlag ? `IN-${pad(4420 + r.order, 6)}` : ''),
        },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => (r.shippedFlag ? us(r.shipDate) : '') },
        { header: 'Ship To', maps: { shipToName: 1 }, cell: (r) => shipTo(r) },
        { header: 'Service Provider', maps: { shippingCompany: 1 }, cell: (r) => NAMES[r.carrier] },
        { header: 'Service Method', cell: (_r, i) => methods[i]! },
        { header: 'Tracking Number', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking.join('|') },
        { header: 'Declared Value', cell: (r) => money(r.cost * 6) },
        { header: 'Weight', cell: (r) => r.weight.toFixed(1) },
      ],
    });
  }

  // 10. Purolator E-Ship Online shipment history download pasted into XLS (SheetJS): no header row.
  {
    const rows = orderLines({
      rows: 65,
      po: (n) => `${pad(201150 + n * 3 + between(0, 2), 6)}`,
      carriers: ['purolator'],
      places: CA_PLACES,
      companies: 0.45,
    });
    const services = perOrder(rows, () =>
      pick(['Purolator Ground', 'Purolator Express', 'Purolator Express 10:30AM']),
    );
    const pieces = perOrder(rows, () => String(pick([1, 1, 1, 2])));
    specs.push({
      name: 'purolator-shipment-history-noheader.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source: 'Purolator E-Ship Online help, "Reports - Download Reports" (shipment history as CSV)',
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'ship date', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'pin', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'account', cell: () => '4810336' },
        { header: 'reference 1', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'reference 2', maps: { documentNumber: 0 }, cell: (r) => `W${pad(88120 + r.order, 6)}` },
        { header: 'receiver', maps: { shipToName: 1 }, cell: (r) => shipTo(r) },
        { header: 'city', cell: (r) => r.city },
        { header: 'province', cell: (r) => r.state },
        { header: 'service', maps: { shippingCompany: 0 }, cell: (_r, i) => services[i]! },
        { header: 'pieces', cell: (_r, i) => pieces[i]! },
        { header: 'weight', cell: (r) => r.weight.toFixed(1) },
        { header: 'charge', cell: (r) => money(r.cost * 1.35) },
      ],
    });
  }

  // 11. Teapplix customer report (LibreOffice XLSX): one line per order, items at the end, "Postage Account".
  {
    const rows = orderLines({
      rows: 90,
      po: () =>
        chance(0.6)
          ? `11${between(1, 4)}-${digits(7)}-${digits(7)}`
          : `${digits(2)}-${digits(5)}-${digits(5)}`,
      carriers: ['ups', 'usps', 'fedexGround'],
      unshipped: 0.15,
    });
    const account: Partial<Record<CarrierKey, string[]>> = {
      ups: ['ups', 'sync'],
      usps: ['stamps', 'endicia', 'pbowes'],
      fedexGround: ['fedex', 'sync'],
    };
    const klass: Partial<Record<CarrierKey, string>> = {
      ups: 'Ground',
      usps: 'Priority',
      fedexGround: 'Home Delivery',
    };
    const accounts = rows.map((r) => pick(account[r.carrier]!));
    const second = rows.map(() => (chance(0.3) ? pick(GOODS)[1] : ''));
    const secondQty = second.map((sku) => (sku ? String(between(1, 2)) : ''));
    specs.push({
      name: 'teapplix-customer-report.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source: 'Teapplix help, "Customer Report"',
      titleRows: [['Customer Report 11/01/2026 - 11/30/2026']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Txn ID', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'Payment Date', maps: { orderDate: 1 }, cell: (r) => us(r.orderDate) },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => (r.shippedFlag ? us(r.shipDate) : '') },
        { header: 'Name', maps: { shipToName: 1 }, cell: (r) => fullName(r) },
        { header: 'City', cell: (r) => r.city },
        { header: 'State', cell: (r) => r.state },
        { header: 'Zip', cell: (r) => r.zip },
        {
          header: 'Carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAMES[r.carrier] : ''),
        },
        { header: 'Class', cell: (r) => (r.shippedFlag ? klass[r.carrier]! : '') },
        { header: 'Tracking', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Postage', cell: (r) => (r.shippedFlag ? money(r.cost) : '') },
        {
          header: 'Postage Account',
          maps: { shippingCompany: 0 },
          cell: (r, i) => (r.shippedFlag ? accounts[i]! : ''),
        },
        { header: 'Item SKU 1', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Item Qty 1', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        { header: 'Item SKU 2', cell: (_r, i) => second[i]! },
        { header: 'Item Qty 2', cell: (_r, i) => secondQty[i]! },
      ],
    });
  }

  // 12. LTL bill-of-lading / PRO report (SheetJS XLSX): SCACs, Old Dominion PROs beside parcel numbers, three dates.
  {
    const rows = orderLines({
      rows: 70,
      po: (n) => `4500${pad(61210 + n * 3 + between(0, 2), 6)}`,
      carriers: ['odfl', 'odfl', 'ups', 'fedexGround'],
      companies: 0.7,
    });
    const delivered = perOrder(rows, () => chance(0.75));
    const packages = perOrder(rows, (r) => String(r.carrier === 'odfl' ? between(1, 4) : 1));
    specs.push({
      name: 'ltl-bol-pro-report.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Estes Express Lines, "Bill of Lading Instructions" (field names) and Invoice FAQ (PRO, PO, BOL)',
      titleRows: [['BOL / PRO report'], ['Run date: 2026-12-02 05:30']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'PO Date',
          maps: { poDate: 1 },
          cell: (r) => usLoose(new Date(r.orderDate.getTime() - DAY)),
        },
        { header: 'Date', maps: { shippedDate: 1 }, cell: (r) => usLoose(r.shipDate) },
        {
          header: "Shipper's Number",
          maps: { documentNumber: 0 },
          cell: (r) => `BOL${pad(120450 + r.order, 7)}`,
        },
        { header: 'P.O. Number', maps: { customerPoNumber: 1 }, cell: (r) => r.po },
        { header: 'Consignee', maps: { shipToName: 1 }, cell: (r) => shipTo(r) },
        { header: 'Carrier', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'PRO Number', maps: { trackingNumbers: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'Number of Packages', cell: (_r, i) => packages[i]! },
        { header: 'Weight', cell: (r) => String(Math.round(r.weight * (r.carrier === 'odfl' ? 18 : 1))) },
        {
          header: 'Delivery Date',
          maps: { estimatedArrivalDate: 0 },
          cell: (r, i) => (delivered[i] ? usLoose(r.eta) : ''),
        },
      ],
    });
  }

  return specs as unknown as FileSpec<never>[];
}

// ---------------------------------------------------------------- build

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of orderFiles()) emit(spec);
// Biome's JSON style, so that `npm run lint` passes on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  { stdio: 'ignore' },
);
