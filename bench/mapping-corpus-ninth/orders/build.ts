/**
 * Builds the ninth mapping corpus's order tracking files (bench/mapping-corpus-ninth/orders/README.md): twelve
 * labelled files written without reading the engine, its design document, or the files, labels and builders of
 * the other corpora (bench/mapping-corpus-unseen/build.ts excepted, read for its structure only). Beside each
 * file goes the mapping a careful operator would make (`.labels.json`), decided before anything ran.
 * Fixed seed 20261209, so a rebuild writes the same CSV and SheetJS files byte for byte.
 * Run: `npx tsx bench/mapping-corpus-ninth/orders/build.ts`. It rewrites `files/` here and nothing else.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts) and
 * handed to the project's recogniser through `confirmed`; a number it does not name as valid stops the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { recogniseTrackingNumber } from '../../../packages/contracts/src/tracking-numbers';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import {
  confirmed,
  corpusEmitter,
  dhlCheck,
  dpdCheck,
  type FileSpec,
  fedexExpressCheck,
  gs1Check,
  randomHelpers,
  s10Check,
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-ninth-orders-');
const random = seededRandom(20261209);
const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

// ---------------------------------------------------------------- tracking numbers (published check digits)

type CarrierKey = 'ups' | 'fedexExpress' | 'fedexGround' | 'usps' | 'dhl' | 'ontrac' | 'dpd' | 'royalMail';

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
    const data = `${pick(['9400', '9405', '9205', '9361'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
  dhl() {
    for (;;) {
      const serial = `${between(1, 9)}${digits(8)}`;
      const number = `${serial}${dhlCheck(serial)}`;
      if (recogniseTrackingNumber(number).carrier === 'dhl') return confirmed(number, 'DHL Express', 'dhl');
    }
  },
  ontrac() {
    const data = `${pick(['C', 'D'])}${digits(13)}`;
    return confirmed(`${data}${upsCheck(data)}`, 'OnTrac', 'ontrac');
  },
  dpd() {
    for (;;) {
      const data = `0${pick(['1', '5', '9'])}${digits(12)}`;
      const check = dpdCheck(data);
      if (/[A-Z]/.test(check)) return confirmed(`${data}${check}`, 'DPD', 'dpd');
    }
  },
  royalMail() {
    const serial = digits(8);
    return confirmed(`${pick(['RX', 'TT', 'FE', 'RR'])}${serial}${s10Check(serial)}GB`, 'Royal Mail S10');
  },
};

function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}
function ean13(): string {
  const data = `50${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}
/** SSCC-18 of the carton label: a valid GS1 check digit, and no tracking number. */
function sscc(): string {
  const data = `0${pick(['0614141', '0883412', '0751234'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Olivia',
  'Marcus',
  'Priya',
  'Declan',
  'Fatima',
  'Owen',
  'Grace',
  'Ravi',
  'Isla',
  'Kofi',
  'Nina',
  'Samuel',
  'Elena',
  'Tariq',
  'Bethany',
  'Hugo',
];
const FAMILY = [
  'Harrington',
  'Okafor',
  'Patel',
  'Lindqvist',
  'Moreau',
  'Castillo',
  'Brennan',
  'Fischer',
  'Nakamura',
  'Adeyemi',
  'Quinn',
  'Rossi',
  'Sullivan',
  'Kowalski',
  'Abbott',
  'Mendes',
];
const COMPANIES = [
  'Brightwater Dental',
  'Hollis & Finch LLC',
  'Northgate Library',
  'Maple Row Bakery',
  'Kestrel Studio',
  'Pinecrest Realty',
  '',
  '',
  '',
  '',
  '',
  '',
];
const US_PLACES: [string, string, string][] = [
  ['Madison', 'WI', '53703'],
  ['Boise', 'ID', '83702'],
  ['Savannah', 'GA', '31401'],
  ['Des Moines', 'IA', '50309'],
  ['Reno', 'NV', '89501'],
  ['Providence', 'RI', '02903'],
  ['Fort Worth', 'TX', '76102'],
  ['Lexington', 'KY', '40507'],
];
const UK_PLACES: [string, string][] = [
  ['Leeds', 'LS1 4AP'],
  ['Bristol', 'BS1 5TR'],
  ['Norwich', 'NR2 1QE'],
  ['Cardiff', 'CF10 1EP'],
  ['York', 'YO1 7HH'],
  ['Glasgow', 'G2 3BZ'],
];
const STREETS = [
  'Willow Way',
  'Harbour Rd',
  'Station Ln',
  'Elm Park',
  'Orchard St',
  'Quarry Hill',
  'Mill Ct',
];
const GOODS: [string, string][] = [
  ['14K Gold Hoop Earrings', 'EH-1402'],
  ['Sterling Silver Chain 18in', 'SC-1818'],
  ['Cast Iron Skillet 10in', 'CI-1010'],
  ['Linen Duvet Cover, King', 'LD-2204'],
  ['Bamboo Cutting Board Set', 'BB-0303'],
  ['Ceramic Table Lamp, Sage', 'TL-4410'],
  ['Wool Blend Throw, Ochre', 'WT-0780'],
  ['Stainless Water Bottle 1L', 'WB-1000'],
  ['Leather Card Wallet, Tan', 'LW-0216'],
  ['Scented Soy Candle 8oz', 'SY-0808'],
  ['Kids Rain Boots, Size 11', 'RB-1111'],
  ['Garden Kneeler Pad', 'GK-0505'],
];

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_3 = Date.UTC(2026, 10, 3, 0, 0);

interface Line {
  po: string;
  supplierOrder: string;
  invoice: string;
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
  company: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: CarrierKey;
  tracking: string[];
  shippedFlag: boolean;
}

function orderLines(options: {
  orders: number;
  po: (n: number) => string;
  carriers: CarrierKey[];
  uk?: boolean;
  multi?: number;
  secondLine?: number;
  unshipped?: number;
  partial?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; n < options.orders; n++) {
    const po = options.po(n);
    const supplierOrder = `${between(400, 499)}${digits(4)}`;
    const invoice = `INV${between(70000, 79999)}`;
    const orderDate = new Date(
      NOV_3 + between(0, 21) * DAY + between(7, 20) * HOUR + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY + between(1, 6) * HOUR);
    const eta = new Date(shipDate.getTime() + between(2, 6) * DAY);
    let city: string;
    let state: string;
    let zip: string;
    if (options.uk) {
      [city, zip] = pick(UK_PLACES);
      state = '';
    } else [city, state, zip] = pick(US_PLACES);
    const first = pick(GIVEN);
    const last = pick(FAMILY);
    const company = pick(COMPANIES);
    const street = `${between(1, 980)} ${pick(STREETS)}`;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0.1);
    const count = chance(options.secondLine ?? 0.3) ? 2 : 1;
    for (let line = 1; line <= count; line++) {
      const [description, item] = pick(GOODS);
      const ordered = between(1, 6);
      const shipped = shippedFlag ? (chance(options.partial ?? 0.15) ? between(1, ordered) : ordered) : 0;
      const packages = shippedFlag ? (chance(options.multi ?? 0) ? between(2, 3) : 1) : 0;
      out.push({
        po,
        supplierOrder,
        invoice,
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
        street,
        city,
        state,
        zip,
        carrier,
        tracking: Array.from({ length: packages }, () => TRACKING[carrier]()),
        shippedFlag,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- spellings of dates, carriers

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const hm = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const isoZ = (d: Date) => `${iso(d)}T${hm(d)}:00Z`;
const ymd = (d: Date) => iso(d).replaceAll('-', '');
const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const usShort = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const dmyDash = (d: Date) => `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
const de = (d: Date) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
const unix = (d: Date) => String(Math.floor(d.getTime() / 1000));
const money = () => `${between(8, 240)}.${pick(['00', '50', '95', '99'])}`;

const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FDEN',
  fedexGround: 'FDEG',
  usps: 'USPS',
  dhl: 'DHLC',
  ontrac: 'EMSY',
  dpd: 'DPDU',
  royalMail: 'RMLG',
};
const NAME: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx Ground',
  usps: 'USPS',
  dhl: 'DHL Express',
  ontrac: 'OnTrac',
  dpd: 'DPD',
  royalMail: 'Royal Mail',
};
const SLUG: Record<CarrierKey, string> = {
  ups: 'ups',
  fedexExpress: 'fedex',
  fedexGround: 'fedex',
  usps: 'usps',
  dhl: 'dhl',
  ontrac: 'ontrac',
  dpd: 'dpd-uk',
  royalMail: 'royal-mail',
};
const SERVICE: Record<CarrierKey, string[]> = {
  ups: ['UPS Ground', 'UPS 2nd Day Air', 'UPS Next Day Air Saver'],
  fedexExpress: ['FedEx 2Day', 'FedEx Standard Overnight'],
  fedexGround: ['FedEx Ground', 'FedEx Home Delivery'],
  usps: ['USPS Ground Advantage', 'USPS Priority Mail'],
  dhl: ['DHL Express Worldwide'],
  ontrac: ['OnTrac Ground'],
  dpd: ['DPD Next Day', 'DPD Two Day'],
  royalMail: ['Tracked 24', 'Tracked 48'],
};
const trackingUrl = (carrier: CarrierKey, number: string) =>
  carrier === 'ups'
    ? `https://www.ups.com/track?tracknum=${number}`
    : carrier.startsWith('fedex')
      ? `https://www.fedex.com/fedextrack/?trknbr=${number}`
      : carrier === 'usps'
        ? `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`
        : carrier === 'royalMail'
          ? `https://www.royalmail.com/track-your-item#/tracking-results/${number}`
          : carrier === 'dpd'
            ? `https://track.dpd.co.uk/parcels/${number}`
            : carrier === 'dhl'
              ? `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${number}`
              : `https://www.ontrac.com/tracking/?number=${number}`;

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

// ---------------------------------------------------------------- the files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<Line>[] = [];

  // 1. Groupon CommerceInterface tracking template filled in by a drop-ship supplier: carrier codes, several
  //    numbers in one cell joined by commas.
  {
    const rows = orderLines({
      orders: 58,
      po: (n) => `1${String(48102337 + n * 131)}`,
      carriers: ['ups', 'usps', 'fedexGround'],
      multi: 0.2,
    });
    specs.push({
      name: 'groupon-ci-tracking-template.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Groupon CommerceInterface tracking template (ggvendorhelpdesk.groupon.com … drop-ship-fulfillment-in-commerce-interface; marketplace.groupon.com … updating-tracking-information; … how-to-combine-multi-orders-shipping)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        { header: 'fulfillment_line_item_id', cell: (r) => `${r.po.slice(1)}${r.line}7` },
        { header: 'parent_order_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'merchant_sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'quantity',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => (r.shippedFlag ? String(r.shipped) : ''),
        },
        {
          header: 'shipment_carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? SLUG[r.carrier] : ''),
        },
        { header: 'shipment_method', cell: (r) => (r.shippedFlag ? pick(SERVICE[r.carrier]) : '') },
        { header: 'shipment_tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(',') },
        { header: 'ship_date', maps: { shippedDate: 1 }, cell: (r) => (r.shippedFlag ? us(r.shipDate) : '') },
      ],
    });
  }

  // 2. Shipup FTP order integration: semicolons, dotted attribute names, UNIX timestamps, a carrier code column
  //    whose name starts with "tracker".
  {
    const rows = orderLines({
      orders: 62,
      po: (n) => `#UK${String(30411 + n * 3)}`,
      carriers: ['royalMail', 'dpd', 'dhl'],
      uk: true,
    });
    specs.push({
      name: 'shipup-orders-trackers.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'Shipup "Send orders and trackers" FTP order integration (developers.shipup.co/docs/ftp-order-integration)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'order.order_number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'order.ordered_at', maps: { orderDate: 1 }, cell: (r) => unix(r.orderDate) },
        { header: 'order.email', cell: (r) => `${r.first}.${r.last}@example.co.uk`.toLowerCase() },
        {
          header: 'order.shipping_address.full_name',
          maps: { shipToName: 1 },
          cell: (r) => `${r.first} ${r.last}`,
        },
        { header: 'order.shipping_address.city', cell: (r) => r.city },
        { header: 'order.shipping_address.postcode', cell: (r) => r.zip },
        { header: 'line_items.sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'line_items.quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'tracker.carrier_code',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? SLUG[r.carrier] : ''),
        },
        { header: 'tracker.tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'tracker.shipped_at',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? unix(r.shipDate) : ''),
        },
        {
          header: 'order.delivery_promise_date',
          maps: { estimatedArrivalDate: 1 },
          cell: (r) => unix(r.eta),
        },
      ],
    });
  }

  // 3. YCloud Shop shipping import: four underscore headers, tab-separated, order ids of 18 digits.
  {
    const rows = orderLines({
      orders: 74,
      po: (n) => `1000012508${String(14000155 + n * 2)}`,
      carriers: ['fedexExpress', 'dhl', 'ups'],
      secondLine: 0,
      unshipped: 0.08,
    });
    specs.push({
      name: 'ycloud-shipping-import.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source:
        'YCloud Help Center, Shop "Shipping Import" template (helpdocs.ycloud.com/help-center/shop/orders/shipping-import)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order_ID', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'Shipping_Carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'Tracking_Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'Tracking_Url',
          cell: (r) => (r.tracking[0] ? trackingUrl(r.carrier, r.tracking[0]) : ''),
        },
      ],
    });
  }

  // 4. Avocadostore order export (German marketplace): hyphenated headers, German dates and decimal commas.
  {
    const rows = orderLines({
      orders: 52,
      po: (n) => `AVS-${String(2611040 + n * 17)}`,
      carriers: ['dhl', 'dpd', 'ups'],
      secondLine: 0.4,
    });
    const status = (r: Line) => (!r.shippedFlag ? pick(['accepted', 'pending']) : 'shipped');
    specs.push({
      name: 'avocadostore-bestelldaten-de.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'Avocadostore help, "How can I export my orders" (support.avocadostore.market/hc/en-gb/articles/10072873968018): order-status, lineitem-status; the other columns typed',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'order-id', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'order-date',
          maps: { orderDate: 1 },
          cell: (r) => `${de(r.orderDate)} ${hm(r.orderDate)}`,
        },
        { header: 'order-status', maps: { supplierOrderStatus: 1 }, cell: (r) => status(r) },
        { header: 'delivery-firstname', maps: { shipToName: 0 }, cell: (r) => r.first },
        { header: 'delivery-lastname', maps: { shipToName: 0 }, cell: (r) => r.last },
        { header: 'delivery-city', cell: () => pick(['Berlin', 'Hamburg', 'Köln', 'München', 'Leipzig']) },
        { header: 'lineitem-sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'lineitem-ean', cell: () => ean13() },
        { header: 'lineitem-quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        { header: 'lineitem-price', cell: () => money().replace('.', ',') },
        {
          header: 'lineitem-status',
          maps: { lineStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'shipped' : status(r)),
        },
        {
          header: 'shipping-carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'tracking-number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'shipped-date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? de(r.shipDate) : ''),
        },
      ],
    });
  }

  // 5. A carrier's X12 214 status feed flattened to one line per status, no header (B10, N1, AT7, MS1 order).
  {
    const base = orderLines({
      orders: 40,
      po: (n) => `PO${String(772031 + n * 11)}`,
      carriers: ['ups', 'fedexGround', 'ontrac'],
      secondLine: 0,
      unshipped: 0,
    });
    interface Status {
      line: Line;
      code: string;
      at: Date;
    }
    const rows: Status[] = [];
    for (const line of base) {
      rows.push({ line, code: 'AF', at: line.shipDate });
      rows.push({ line, code: 'X6', at: new Date(line.shipDate.getTime() + between(10, 30) * HOUR) });
      if (chance(0.55)) rows.push({ line, code: 'D1', at: line.eta });
    }
    const spec: FileSpec<Status> = {
      name: 'x12-214-status-flat-noheader.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '|',
      headerless: true,
      source:
        'X12 214 Shipment Status Message, B10 segment elements (stedi.com/edi/x12-002001/segment/B10); N1, AT7 and MS1 elements typed',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'B10-01', cell: (s) => `F${s.line.invoice.slice(3)}` },
        { header: 'B10-02', maps: { [TRACK]: 1 }, cell: (s) => s.line.tracking[0]! },
        { header: 'B10-03', cell: () => 'PO' },
        { header: 'B10-04', maps: { [PO]: 1 }, cell: (s) => s.line.po },
        { header: 'B10-05', maps: { shippingCompany: 1 }, cell: (s) => SCAC[s.line.carrier] },
        {
          header: 'N1-02',
          maps: { shipToName: 1 },
          cell: (s) => `${s.line.first} ${s.line.last}`,
        },
        { header: 'AT7-01', maps: { supplierOrderStatus: 0 }, cell: (s) => s.code },
        { header: 'AT7-05', cell: (s) => ymd(s.at) },
        { header: 'AT7-06', cell: (s) => hm(s.at).replace(':', '') },
        { header: 'MS1-01', cell: (s) => s.line.city.toUpperCase() },
        { header: 'MS1-02', cell: (s) => s.line.state },
      ],
    };
    specs.push(spec as unknown as FileSpec<Line>);
  }

  // 6. Stuller (jewellery supplier that drop-ships) shipments: "InvoiceDate" is the ship date, account beside
  //    the PO, a title row and a Generated line above the header.
  {
    const rows = orderLines({
      orders: 60,
      po: (n) => `SJ${String(11830 + n * 4)}`,
      carriers: ['fedexExpress', 'ups', 'usps'],
      secondLine: 0.35,
    });
    specs.push({
      name: 'stuller-shipments.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Stuller API help, resource model v2.Shipment (api.stuller.com/Help/ResourceModel?modelName=v2.Shipment); PurchaseOrderNumber, OrderNumber, ItemNumber, Quantity, QuantityShipped, ShipToName typed',
      titleRows: [['Stuller, Inc. - Shipment Detail'], ['Generated on 12/01/2026 06:00 AM CST'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'ShipmentHeaderId', cell: (r) => (r.shippedFlag ? `9${r.supplierOrder}` : '') },
        {
          header: 'ShipToAccountNumber',
          maps: { accountNumber: 1, customerNumber: 0 },
          cell: () => '0051873',
        },
        { header: 'OrderNumber', maps: { documentNumber: 0 }, cell: (r) => r.supplierOrder },
        { header: 'PurchaseOrderNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'InvoiceDate',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? us(r.shipDate) : ''),
        },
        { header: 'ItemNumber', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'QuantityShipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'TotalPrice', cell: () => money() },
        { header: 'PostageAndHandling', cell: () => pick(['0.00', '8.50', '12.75']) },
        {
          header: 'ShipmentMethod',
          maps: { shippingCompany: 0 },
          cell: (r) => (r.shippedFlag ? pick(SERVICE[r.carrier]) : ''),
        },
        { header: 'TrackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'TrackingLink', cell: (r) => (r.tracking[0] ? trackingUrl(r.carrier, r.tracking[0]) : '') },
        { header: 'ShipToName', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'ShipToAddress1', cell: (r) => r.street },
        { header: 'ShipToCity', cell: (r) => r.city },
        { header: 'ShipToState', cell: (r) => r.state },
        { header: 'ShipToZip', cell: (r) => r.zip },
        { header: 'ShipToCountry', cell: () => 'USA' },
      ],
    });
  }

  // 7. Brightpearl goods-out notes (UK ERP) in snake_case: three dates, tracking numbers joined by "/".
  {
    const rows = orderLines({
      orders: 64,
      po: (n) => `RTL-${String(88104 + n * 6)}`,
      carriers: ['royalMail', 'dpd'],
      uk: true,
      multi: 0.25,
    });
    specs.push({
      name: 'brightpearl-goods-out-notes.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Fivetran, "Brightpearl schema ERD", goods_out_note_detail (fivetran.com/docs/connectors/applications/brightpearl/connector-schema); Brightpearl "Goods-Out Note Search" columns (api-docs.brightpearl.com/warehouse/goods-out-note/search.html); customer_ref, product_sku, quantity, delivery_name typed',
      unique: 'CustomerPoNumber',
      delimiter: '/',
      rows,
      columns: [
        { header: 'goods_out_note_id', cell: (r) => `${r.supplierOrder}${r.line}` },
        { header: 'order_id', maps: { documentNumber: 0 }, cell: (r) => r.supplierOrder },
        { header: 'customer_ref', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'warehouse_id', cell: () => pick(['2', '3']) },
        { header: 'created_on', maps: { orderDate: 0 }, cell: (r) => isoZ(r.orderDate) },
        { header: 'release_date', cell: (r) => iso(new Date(r.orderDate.getTime() + DAY)) },
        { header: 'product_sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'quantity',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => String(r.shippedFlag ? r.shipped : r.ordered),
        },
        { header: 'delivery_name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'shipping_method_id', cell: (r) => (r.carrier === 'royalMail' ? '7' : '12') },
        { header: 'shipping_boxes', cell: (r) => String(Math.max(1, r.tracking.length)) },
        { header: 'shipping_weight', cell: () => `${between(1, 9)}.${between(0, 9)}` },
        { header: 'shipping_references', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' / ') },
        {
          header: 'status_shipped',
          maps: { supplierOrderStatus: 0 },
          cell: (r) => (r.shippedFlag ? 'true' : 'false'),
        },
        {
          header: 'status_shipped_on',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? isoZ(r.shipDate) : ''),
        },
      ],
    });
  }

  // 8. Sendcloud shipments export: person vs company, order number vs external id, a "tracking_carrier" of codes,
  //    several numbers joined by "|".
  {
    const rows = orderLines({
      orders: 66,
      po: (n) => `OXR-${String(51203 + n * 5)}`,
      carriers: ['dpd', 'royalMail', 'ups'],
      uk: true,
      multi: 0.2,
      secondLine: 0.25,
    });
    specs.push({
      name: 'sendcloud-shipments.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Sendcloud API v2, "Retrieve a list of shipments" (sendcloud.dev/api/v2/integrations/retrieve-a-list-of-shipments); tracking_carrier, tracking_number typed',
      unique: 'CustomerPoNumber',
      delimiter: '|',
      rows,
      columns: [
        { header: 'external_order_id', maps: { documentNumber: 0 }, cell: (r) => r.supplierOrder },
        { header: 'order_number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'created_at', maps: { orderDate: 1 }, cell: (r) => isoZ(r.orderDate) },
        {
          header: 'updated_at',
          cell: (r) => isoZ(new Date((r.shippedFlag ? r.shipDate : r.orderDate).getTime() + 3 * HOUR)),
        },
        { header: 'name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'company_name', maps: { customerName: 0 }, cell: (r) => r.company },
        { header: 'address', cell: (r) => r.street },
        { header: 'city', cell: (r) => r.city },
        { header: 'postal_code', cell: (r) => r.zip },
        { header: 'country', cell: () => 'GB' },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'order_status',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'Fulfilled' : 'Ready to send'),
        },
        {
          header: 'tracking_carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? SLUG[r.carrier].replace('-', '_') : ''),
        },
        { header: 'tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('|') },
        { header: 'weight', cell: () => `${between(0, 6)}.${between(100, 999)}` },
      ],
    });
  }

  // 9. Zorem Advanced Shipment Tracking Pro CSV import layout: DD-MM-YYYY dates, status codes, shipped qty only.
  {
    const rows = orderLines({
      orders: 70,
      po: (n) => String(24610 + n * 3),
      carriers: ['usps', 'ups', 'fedexGround'],
      unshipped: 0.12,
    });
    specs.push({
      name: 'zorem-ast-tracking-import.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Zorem docs, AST PRO "CSV Import" (docs.zorem.com/docs/ast-pro/add-tracking-to-orders/csv-import/)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'order_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'tracking_provider',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'date_shipped',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? dmyDash(r.shipDate) : ''),
        },
        {
          header: 'status_shipped',
          maps: { supplierOrderStatus: 0, lineStatus: 0 },
          cell: (r) => (!r.shippedFlag ? '0' : r.shipped < r.ordered ? '2' : '1'),
        },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'qty',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => (r.shippedFlag ? String(r.shipped) : ''),
        },
      ],
    });
  }

  // 10. 3dcart (Shift4Shop) shipment records: split first/last name beside a company, "ShipmentLastUpdate"
  //     beside the shipped date, numeric order status, tracking codes joined by ";".
  {
    const rows = orderLines({
      orders: 56,
      po: (n) => String(100412 + n * 2),
      carriers: ['ups', 'fedexGround', 'usps'],
      multi: 0.25,
      secondLine: 0.3,
    });
    specs.push({
      name: 'threedcart-shipments.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        '3dcart REST API help, resource model Shipment (apirest.3dcart.com/Help/ResourceModel?modelName=Shipment); InvoiceNumber, ShipmentFirstName, ShipmentLastName, ShipmentState, ShipmentZipCode, ShipmentMethodName, ShipmentShippedDate, ShipmentTrackingCode, ItemID, ItemQuantity typed',
      unique: 'CustomerPoNumber',
      delimiter: ';',
      rows,
      columns: [
        { header: 'InvoiceNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'ShipmentID', cell: (r) => `${r.supplierOrder.slice(2)}${r.line}` },
        {
          header: 'ShipmentLastUpdate',
          cell: (r) => `${usShort(r.shippedFlag ? r.shipDate : r.orderDate)} ${hm(r.orderDate)}`,
        },
        {
          header: 'ShipmentOrderStatus',
          maps: { supplierOrderStatus: 0 },
          cell: (r) => (r.shippedFlag ? '4' : '2'),
        },
        { header: 'ShipmentFirstName', maps: { shipToName: 0 }, cell: (r) => r.first },
        { header: 'ShipmentLastName', maps: { shipToName: 0 }, cell: (r) => r.last },
        { header: 'ShipmentCompany', maps: { customerName: 0 }, cell: (r) => r.company },
        { header: 'ShipmentAddress', cell: (r) => r.street },
        { header: 'ShipmentCity', cell: (r) => r.city },
        { header: 'ShipmentState', cell: (r) => r.state },
        { header: 'ShipmentZipCode', cell: (r) => r.zip },
        { header: 'ShipmentCountry', cell: () => 'US' },
        { header: 'ShipmentMethodName', maps: { shippingCompany: 1 }, cell: (r) => pick(SERVICE[r.carrier]) },
        { header: 'ShipmentBoxes', cell: (r) => String(Math.max(1, r.tracking.length)) },
        { header: 'ShipmentCost', cell: () => pick(['0.00', '7.95', '12.40', '18.99']) },
        { header: 'ItemID', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'ItemQuantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'ShipmentShippedDate',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? usShort(r.shipDate) : ''),
        },
        { header: 'ShipmentTrackingCode', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(';') },
      ],
    });
  }

  // 11. A supplier portal's Excel 97-2003 ASN upload: two information rows above the header, SSCC beside the
  //     tracking numbers, space-joined numbers, vendor name and invoice beside the PO.
  {
    const rows = orderLines({
      orders: 54,
      po: (n) => `4500${String(118230 + n * 9)}`,
      carriers: ['fedexGround', 'ups'],
      multi: 0.3,
      unshipped: 0,
    });
    specs.push({
      name: 'gscp-asn-upload.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        'GSCP "ASN Upload Reference Guide", April 2011 (studylib.net/doc/7442282/asn-upload-reference-guide): two information rows, ASN Number in column 0; the other headers typed',
      titleRows: [
        ['ASN UPLOAD TEMPLATE - rows 1 and 2 are for information only and are not uploaded'],
        ['HEADER LEVEL', '', '', '', '', '', '', '', '', 'LINE LEVEL'],
      ],
      unique: 'CustomerPoNumber',
      delimiter: ' ',
      rows,
      columns: [
        { header: 'ASN Number', maps: { documentNumber: 0 }, cell: (r) => `ASN${r.supplierOrder}` },
        { header: 'PO Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Vendor Name', maps: { supplierName: 1 }, cell: () => 'Ridgeline Home Goods Inc.' },
        { header: 'Invoice Number', cell: (r) => r.invoice },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => us(r.shipDate) },
        { header: 'Estimated Delivery Date', maps: { estimatedArrivalDate: 1 }, cell: (r) => us(r.eta) },
        { header: 'Carrier SCAC', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'Tracking / Pro Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' ') },
        { header: 'SSCC-18', cell: () => sscc() },
        { header: 'PO Line', cell: (r) => String(r.line) },
        { header: 'Buyer Item Number', maps: { itemNumber: 0 }, cell: (r) => `B${r.upc.slice(3, 9)}` },
        { header: 'Vendor Item Number', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Qty Ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Qty Shipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'UOM', cell: () => 'EA' },
      ],
    });
  }

  // 12. Oracle EDI Gateway inbound ship notice (ASNI) data, flattened one item per line in the record order
  //     (1000 header, 1010 carrier, 1120 destination, 2000 item), no header row.
  {
    const rows = orderLines({
      orders: 48,
      po: (n) => String(3104877 + n * 13),
      carriers: ['ups', 'fedexExpress', 'dhl'],
      secondLine: 0.45,
      unshipped: 0,
    });
    specs.push({
      name: 'oracle-asni-flat-noheader.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      headerless: true,
      source:
        'Oracle EDI Gateway, "Inbound Ship Notice / Manifest and Shipping and Billing Notice Data File Organization" (docs.oracle.com/cd/A60725_05/html/comnls/us/ec/nisum.htm) and its data file definition (…/ec/tblni.htm); field order within each record typed',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'shipment_num', maps: { documentNumber: 0 }, cell: (r) => `SN${r.supplierOrder}` },
        {
          header: 'shipped_date',
          maps: { shippedDate: 1 },
          cell: (r) => `${ymd(r.shipDate)} ${hm(r.shipDate)}`,
        },
        { header: 'expected_receipt_date', maps: { estimatedArrivalDate: 1 }, cell: (r) => ymd(r.eta) },
        { header: 'invoice_num', cell: (r) => r.invoice },
        { header: 'carrier_code', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'waybill_airbill_num', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'num_of_containers', cell: () => '1' },
        { header: 'ship_to_name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'po_number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'po_line', cell: (r) => String(r.line) },
        { header: 'item', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'quantity', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'uom', cell: () => 'Each' },
        { header: 'container_sscc', cell: () => sscc() },
      ],
    });
  }

  return specs as unknown as FileSpec<never>[];
}

// ---------------------------------------------------------------- build

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of orderFiles()) emit(spec);
execFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  { stdio: 'ignore' },
);
