/**
 * Builds the order tracking half of the fresh mapping corpus (bench/mapping-corpus-fresh/orders/README.md): twelve
 * labelled supplier shipment files written without reading the engine, its catalogue, its design document or the
 * files, labels and builders of the other corpora. Beside each file goes the mapping a careful operator would make
 * (`.labels.json`), decided before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and
 * SheetJS files byte for byte (the LibreOffice files carry LibreOffice's own metadata).
 * Run: `npx tsx bench/mapping-corpus-fresh/orders/build.ts`.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts) and then
 * handed to the project's recogniser through `confirmed`; a number it does not confirm stops the build.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import {
  confirmed,
  corpusEmitter,
  type FileSpec,
  fedexExpressCheck,
  gs1Check,
  randomHelpers,
  s10Check,
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-fresh-orders-');
const random = seededRandom(20261203);
const { between, pick, digits, chance } = randomHelpers(random);

// ---------------------------------------------------------------- tracking numbers, barcodes

type Carrier = 'ups' | 'fedex' | 'fedexGround' | 'usps' | 'royalMail' | 'postDE';

const makeTracking: Record<Carrier, () => string> = {
  ups() {
    const account = Array.from({ length: 6 }, () => pick([...'0123456789ABCDEFGHJKRVWXY'])).join('');
    const data = `${account}${pick(['03', '01', '42', '12'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS', 'ups');
  },
  fedex() {
    const data = `${pick(['77', '78', '39', '27'])}${digits(9)}`;
    return confirmed(`${data}${fedexExpressCheck(data)}`, 'FedEx Express', 'fedex');
  },
  fedexGround() {
    const data = `${pick(['1', '0'])}${digits(13)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'FedEx Ground', 'fedex');
  },
  usps() {
    const data = `${pick(['9400', '9405', '9361', '9205'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
  royalMail() {
    const serial = digits(8);
    return confirmed(
      `${pick(['TT', 'TN', 'RB', 'LB'])}${serial}${s10Check(serial)}GB`,
      'Royal Mail',
      'royal_mail',
    );
  },
  postDE() {
    const serial = digits(8);
    return confirmed(`${pick(['RR', 'CX', 'RX'])}${serial}${s10Check(serial)}DE`, 'Deutsche Post', 'post_de');
  },
};

/** UPC-A, GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '8', '6'])}${pick(['84', '19', '72', '50'])}${digits(8)}`;
  return `${data}${gs1Check(data)}`;
}
/** EAN-13 with a German prefix, GS1 check digit. */
function ean(): string {
  const data = `${pick(['400', '402', '426'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}
/** SSCC-18 of a carton label (extension digit, company prefix, serial, GS1 check): never a tracking number. */
function sscc(): string {
  const data = `${pick(['0', '1'])}${pick(['0860001', '0733925', '0195893'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN_US = [
  'Brianna',
  'Marcus',
  'Delia',
  'Owen',
  'Priya',
  'Tyrell',
  'Ingrid',
  'Hector',
  'Wendy',
  'Samir',
  'Colette',
  'Brandon',
  'Lucia',
  'Dmitri',
  'Faith',
  'Raymond',
  'Nadia',
  'Grant',
];
const FAMILY_US = [
  'Okafor',
  'Henderson',
  'Patel',
  'Lindqvist',
  'Castillo',
  'Brennan',
  'Nguyen',
  'Abernathy',
  'Sorensen',
  'Whitaker',
  'Morales',
  'Fitzgerald',
  'Takahashi',
  'Delgado',
  'Park',
  'Kowalski',
];
const GIVEN_UK = [
  'Harriet',
  'Callum',
  'Niamh',
  'Rhys',
  'Imogen',
  'Alfie',
  'Freya',
  'Declan',
  'Poppy',
  'Hamish',
];
const FAMILY_UK = [
  'Thornton',
  'Pritchard',
  'McLeod',
  'Ashworth',
  'Evans',
  'Baines',
  'Okonjo',
  'Fairclough',
  'Doyle',
];
const GIVEN_DE = ['Lukas', 'Marie', 'Jonas', 'Lea', 'Felix', 'Hannah', 'Moritz', 'Clara'];
const FAMILY_DE = ['Becker', 'Schulz', 'Hoffmann', 'Krüger', 'Wagner', 'Zimmermann', 'Schröder', 'Neumann'];

const COMPANIES = [
  'Ridgeway Dental Group',
  'Lakeside Realty LLC',
  'Blue Heron Cafe',
  'Summit Physical Therapy',
  'Maple & Main Boutique',
];

const PLACES_US: [string, string, string][] = [
  ['Raleigh', 'NC', '27601'],
  ['Boise', 'ID', '83702'],
  ['Madison', 'WI', '53703'],
  ['Savannah', 'GA', '31401'],
  ['Fort Worth', 'TX', '76102'],
  ['Providence', 'RI', '02903'],
  ['Reno', 'NV', '89501'],
  ['Columbus', 'OH', '43215'],
  ['Lexington', 'KY', '40507'],
  ['Tacoma', 'WA', '98402'],
];
const PLACES_UK: [string, string][] = [
  ['Leeds', 'LS1 4DY'],
  ['Bristol', 'BS1 5TR'],
  ['Norwich', 'NR2 1RQ'],
  ['Cardiff', 'CF10 2HQ'],
  ['Glasgow', 'G2 3BZ'],
  ['York', 'YO1 7HB'],
  ['Brighton', 'BN1 1GE'],
];
const STREETS_US = [
  'Magnolia Ave',
  'Harbor View Dr',
  'Old Mill Rd',
  'Chestnut St',
  'Prairie Ln',
  'Kingsley Blvd',
];
const STREETS_UK = [
  'Victoria Road',
  'Church Lane',
  'Mill Street',
  'Park Avenue',
  'Queens Drive',
  'Station Road',
];

const GOODS: [string, string][] = [
  ['Cast Iron Skillet 10 in', 'KT-1010'],
  ['Bamboo Cutting Board Set', 'KT-2203'],
  ['Linen Duvet Cover Queen, Sage', 'BD-4412'],
  ['Memory Foam Pillow, Standard', 'BD-0920'],
  ['Stainless Water Bottle 24 oz', 'OD-2424'],
  ['Cordless Hand Vacuum', 'HA-7781'],
  ['LED Desk Lamp, Matte Black', 'LT-3307'],
  ['Ceramic Planter 8 in, White', 'GD-0808'],
  ['Dog Bed Large, Charcoal', 'PT-5510'],
  ['Weighted Blanket 15 lb', 'BD-1515'],
  ['Glass Food Storage, 10 pc', 'KT-3110'],
  ['Electric Kettle 1.7 L', 'HA-1700'],
  ['Yoga Mat 6 mm, Teal', 'FT-0606'],
  ['Throw Pillow Cover 18 in, Rust', 'DC-1818'],
];

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 2, 0, 0);

interface Line {
  po: string;
  salesOrder: string;
  invoice: string;
  line: number;
  orderDate: Date;
  shipDate: Date;
  eta: Date;
  delivered: Date;
  item: string;
  description: string;
  upc: string;
  price: number;
  ordered: number;
  shipped: number;
  isShipped: boolean;
  given: string;
  family: string;
  shipTo: string;
  company: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: Carrier;
  tracking: string[];
}

interface LineOptions {
  orders: number;
  po: (n: number) => string;
  salesOrder: (n: number) => string;
  invoice: (n: number) => string;
  carriers: Carrier[];
  region?: 'us' | 'uk' | 'de';
  secondLine?: number;
  multi?: number;
  unshipped?: number;
  partial?: number;
  company?: number;
}

/** Order lines: each order gets a ship-to, a carrier and dates; some get a second line, some several packages. */
function orderLines(options: LineOptions): Line[] {
  const out: Line[] = [];
  const region = options.region ?? 'us';
  for (let n = 0; n < options.orders; n++) {
    const orderDate = new Date(
      START + between(0, 22) * DAY + between(7, 21) * HOUR + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY + between(1, 6) * HOUR);
    const eta = new Date(shipDate.getTime() + between(2, 6) * DAY);
    const delivered = new Date(eta.getTime() + between(-1, 1) * DAY);
    const given = pick(region === 'uk' ? GIVEN_UK : region === 'de' ? GIVEN_DE : GIVEN_US);
    const family = pick(region === 'uk' ? FAMILY_UK : region === 'de' ? FAMILY_DE : FAMILY_US);
    let city: string;
    let state = '';
    let zip: string;
    let street: string;
    if (region === 'us') {
      [city, state, zip] = pick(PLACES_US);
      street = `${between(12, 9850)} ${pick(STREETS_US)}`;
    } else {
      [city, zip] = pick(PLACES_UK);
      street = `${between(1, 180)} ${pick(STREETS_UK)}`;
    }
    const company = chance(options.company ?? 0) ? pick(COMPANIES) : '';
    const carrier = pick(options.carriers);
    const isShipped = !chance(options.unshipped ?? 0);
    const lines = chance(options.secondLine ?? 0) ? 2 : 1;
    const packages = isShipped ? (chance(options.multi ?? 0) ? between(2, 3) : 1) : 0;
    const tracking = Array.from({ length: packages }, () => makeTracking[carrier]());
    for (let line = 1; line <= lines; line++) {
      const [description, item] = pick(GOODS);
      const ordered = between(1, 6);
      const shipped = isShipped
        ? ordered > 1 && chance(options.partial ?? 0)
          ? between(1, ordered - 1)
          : ordered
        : 0;
      out.push({
        po: options.po(n),
        salesOrder: options.salesOrder(n),
        invoice: options.invoice(n),
        line,
        orderDate,
        shipDate,
        eta,
        delivered,
        item,
        description,
        upc: upc(),
        price: between(899, 18999) / 100,
        ordered,
        shipped,
        isShipped,
        given,
        family,
        shipTo: `${given} ${family}`,
        company,
        street,
        city,
        state,
        zip,
        carrier,
        tracking,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- spellings of dates and carriers

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const hms = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const usPad = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const usShort = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const ukDate = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const deDate = (d: Date) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
const ymd = (d: Date) => iso(d).replaceAll('-', '');
const money = (n: number) => n.toFixed(2);
const when = (r: Line, text: string) => (r.isShipped ? text : '');

const SCAC: Record<Carrier, string> = {
  ups: 'UPSN',
  fedex: 'FDEN',
  fedexGround: 'FDEG',
  usps: 'USPS',
  royalMail: 'RMAL',
  postDE: 'DPAG',
};
const CARRIER_NAME: Record<Carrier, string> = {
  ups: 'UPS',
  fedex: 'FedEx',
  fedexGround: 'FedEx Ground',
  usps: 'USPS',
  royalMail: 'Royal Mail',
  postDE: 'Deutsche Post',
};
const SERVICE: Record<Carrier, string[]> = {
  ups: ['Ground', '2nd Day Air', 'Next Day Air Saver'],
  fedex: ['Priority Overnight', '2Day', 'Express Saver'],
  fedexGround: ['Ground', 'Home Delivery'],
  usps: ['Priority Mail', 'Ground Advantage'],
  royalMail: ['Tracked 24', 'Tracked 48'],
  postDE: ['Warenpost International', 'Einschreiben'],
};

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

// ---------------------------------------------------------------- the files

function specs(): FileSpec<never>[] {
  const out: FileSpec<Line>[] = [];

  // 1. Sage 100 S/O invoice history joined with its package tracking table (SO_InvoiceHeader + SO_InvoiceTracking),
  // one row per package; three title lines above the header.
  {
    const base = orderLines({
      orders: 70,
      po: (n) => `NW${String(230417 + n * 13)}`,
      salesOrder: (n) => String(84210 + n * 3).padStart(7, '0'),
      invoice: (n) => String(51377 + n * 2).padStart(7, '0'),
      carriers: ['ups', 'fedexGround', 'usps'],
      multi: 0.3,
      company: 0.1,
    });
    // One row per package: the lines of an order repeat for each of its packages' tracking ids.
    const rows: (Line & { pkg: number; trackingId: string })[] = [];
    for (const r of base.filter((l) => l.line === 1))
      r.tracking.forEach((trackingId, k) => {
        rows.push({ ...r, pkg: k + 1, trackingId });
      });
    const shipVia: Record<Carrier, string> = {
      ups: 'UPS GROUND',
      fedex: 'FEDEX 2DAY',
      fedexGround: 'FEDEX HOME',
      usps: 'USPS PRIORITY',
      royalMail: '',
      postDE: '',
    };
    out.push({
      name: 'sage100-invoice-package-tracking.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Sage 100 (MAS 90) file layouts, SO_InvoiceHeader and SO_InvoiceTracking (fayebsg.com MAS90_File_Layouts)',
      titleRows: [
        ['S/O Invoice History with Package Tracking', '', '', 'Company: HLW Hearth & Linen Wholesale'],
        ['Generated on 12/01/2026 6:15 AM by OPS'],
        [],
      ],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows: rows as unknown as Line[],
      columns: [
        { header: 'InvoiceNo', maps: { documentNumber: 1 }, cell: (r) => r.invoice },
        { header: 'InvoiceDate', cell: (r) => usPad(new Date(r.shipDate.getTime() + DAY)) },
        { header: 'InvoiceType', cell: () => 'IN' },
        { header: 'SalesOrderNo', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'OrderDate', maps: { orderDate: 1 }, cell: (r) => usPad(r.orderDate) },
        { header: 'OrderStatus', cell: () => 'C' },
        { header: 'ARDivisionNo', cell: () => '01' },
        { header: 'CustomerNo', maps: { customerNumber: 1, accountNumber: 0 }, cell: () => 'NORTHW' },
        { header: 'BillToName', maps: { customerName: 1 }, cell: () => 'Northwind Home Goods LLC' },
        { header: 'CustomerPONo', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'ShipToName', maps: { shipToName: 1 }, cell: (r) => (r.company || r.shipTo).toUpperCase() },
        { header: 'ShipToCity', cell: (r) => r.city.toUpperCase() },
        { header: 'ShipToState', cell: (r) => r.state },
        { header: 'ShipVia', maps: { shippingCompany: 1 }, cell: (r) => shipVia[r.carrier] },
        { header: 'ShipDate', maps: { shippedDate: 1 }, cell: (r) => usPad(r.shipDate) },
        { header: 'PackageNo', cell: (r) => String((r as unknown as { pkg: number }).pkg).padStart(4, '0') },
        {
          header: 'TrackingID',
          maps: { [TRACK]: 1 },
          cell: (r) => (r as unknown as { trackingId: string }).trackingId,
        },
        { header: 'StarshipShipVia', maps: { shippingCompany: 0 }, cell: (r) => SCAC[r.carrier] },
        { header: 'Weight', cell: () => money(between(8, 420) / 10) },
        {
          header: 'FreightAmt',
          cell: (r) =>
            (r as unknown as { pkg: number }).pkg === 1 ? money(between(650, 2400) / 100) : '0.00',
        },
      ],
    });
  }

  // 2. Dynamics AX 2012 posted packing slip lines (CustPackingSlipJour + CustPackingSlipTrans) exported to Excel.
  {
    const rows = orderLines({
      orders: 62,
      po: (n) => `PO-${String(7700412 + n * 17)}`,
      salesOrder: (n) => `SO-${String(118240 + n * 2).padStart(6, '0')}`,
      invoice: (n) => `PS-${String(40311 + n).padStart(6, '0')}`,
      carriers: ['ups', 'fedex', 'fedexGround'],
      secondLine: 0.35,
      partial: 0.2,
    });
    const dlvMode: Record<Carrier, string> = {
      ups: 'UPS-GND',
      fedex: 'FDX-2DAY',
      fedexGround: 'FDX-HOME',
      usps: 'USPS-PRI',
      royalMail: '',
      postDE: '',
    };
    out.push({
      name: 'dynamics-ax-packing-slip-lines.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Microsoft Dynamics AX 2012 reference: CustPackingSlipJour / CustPackingSlipTrans tables and the ShipCarrierTrackingNum extended data type (learn.microsoft.com/en-us/previous-versions/dynamics/ax-2012/reference/gg900323(v=ax.60))',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'PackingSlipId', maps: { documentNumber: 1 }, cell: (r) => r.invoice },
        { header: 'SalesId', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'PurchaseOrder', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'OrderAccount', maps: { customerNumber: 0, accountNumber: 0 }, cell: () => 'C-000417' },
        { header: 'DeliveryName', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'ShippingDateRequested', cell: (r) => usShort(new Date(r.orderDate.getTime() + 2 * DAY)) },
        { header: 'DeliveryDate', maps: { shippedDate: 1 }, cell: (r) => usShort(r.shipDate) },
        { header: 'LineNum', cell: (r) => `${r.line}.00` },
        { header: 'ItemId', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'ExternalItemId', maps: { itemNumber: 0 }, cell: (r) => `NW-${r.item.replace('-', '')}` },
        { header: 'Name', cell: (r) => r.description },
        { header: 'Ordered', maps: { qty: 1 }, cell: (r) => `${r.ordered}.00` },
        { header: 'Qty', maps: { qtyFulfilled: 1 }, cell: (r) => `${r.shipped}.00` },
        { header: 'Remain', cell: (r) => `${r.ordered - r.shipped}.00` },
        { header: 'DlvMode', maps: { shippingCompany: 1 }, cell: (r) => dlvMode[r.carrier] },
        { header: 'ShipCarrierTrackingNum', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
      ],
    });
  }

  // 3. Zoho Inventory shipment orders, exported with its API attribute names; reference_number holds the tracking
  // number (as Zoho documents it), several joined by commas; the retailer's PO in a custom field.
  {
    const rows = orderLines({
      orders: 84,
      po: (n) => `${4500318 + n * 7}`,
      salesOrder: (n) => `SO-${String(3307 + n).padStart(5, '0')}`,
      invoice: (n) => `SH-${String(2210 + n).padStart(5, '0')}`,
      carriers: ['ups', 'usps', 'fedex'],
      multi: 0.22,
      unshipped: 0.08,
    }).filter((r) => r.line === 1);
    const status = (r: Line) => (r.isShipped ? pick(['shipped', 'shipped', 'delivered']) : 'packed');
    out.push({
      name: 'zoho-inventory-shipment-orders.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Zoho Inventory API v1, "Shipment Orders" attributes (zoho.com/inventory/api/v1/shipmentorders; the CData ShipmentOrders table lists the same)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        { header: 'shipment_id', cell: () => `3350895${digits(12)}` },
        { header: 'shipment_number', maps: { documentNumber: 0 }, cell: (r) => r.invoice },
        { header: 'salesorder_number', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'CF.Customer PO', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'date', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'status', maps: { supplierOrderStatus: 0 }, cell: (r) => status(r) },
        { header: 'customer_name', maps: { customerName: 1 }, cell: () => 'Brightside Living Co.' },
        { header: 'shipping_address.attention', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'shipping_address.city', cell: (r) => r.city },
        { header: 'shipping_address.state', cell: (r) => r.state },
        { header: 'carrier', maps: { shippingCompany: 1 }, cell: (r) => when(r, CARRIER_NAME[r.carrier]) },
        { header: 'service', cell: (r) => when(r, pick(SERVICE[r.carrier])) },
        { header: 'delivery_days', cell: (r) => when(r, String(between(1, 5))) },
        { header: 'reference_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(', ') },
        { header: 'currency_code', cell: () => 'USD' },
        { header: 'total', cell: (r) => money(r.price * r.ordered) },
      ],
    });
  }

  // 4. Stock and Trace (3PL WMS) shipping orders CSV, exported by the warehouse with pipes between fields and
  // several tracking numbers in one cell joined by semicolons.
  {
    const rows = orderLines({
      orders: 58,
      po: (n) => `BRK-${String(90112 + n * 5)}`,
      salesOrder: (n) => `SHP${String(601 + n)}`,
      invoice: (n) => `SHP${String(601 + n)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      secondLine: 0.4,
      multi: 0.25,
      unshipped: 0.1,
      partial: 0.15,
    });
    const code: Record<Carrier, string> = {
      ups: 'UPS',
      fedex: 'FEDEX',
      fedexGround: 'FEDEX',
      usps: 'USPS',
      royalMail: '',
      postDE: '',
    };
    out.push({
      name: 'stockandtrace-shipping-orders.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '|',
      source:
        'Stock and Trace help, "Reference for CSV Data" of shipping orders (stockandtrace.zendesk.com/hc/en-us/articles/32039534739732)',
      unique: 'CustomerPoNumber',
      delimiter: ';',
      rows,
      columns: [
        { header: 'Warehouse', cell: () => 'RNO1' },
        { header: 'Account_Shortname', maps: { accountNumber: 0, customerNumber: 0 }, cell: () => 'BRKWD' },
        { header: 'Purchase_order', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Ship_To', cell: () => 'BRKWD-DS' },
        { header: 'Bill_To', cell: () => 'BRKWD' },
        { header: 'Urgent', cell: () => (chance(0.1) ? 'Y' : 'N') },
        { header: 'Carrier', maps: { shippingCompany: 1 }, cell: (r) => code[r.carrier] },
        { header: 'Tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(';') },
        { header: 'Custom_1', maps: { shipToName: 0 }, cell: (r) => r.shipTo },
        { header: 'Custom_2', cell: () => '' },
        { header: 'Notes', cell: (r) => (r.isShipped ? '' : 'Awaiting stock') },
        { header: 'Partnumber', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Requested_Quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Packed_Quantity', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'Location', cell: () => `A${between(1, 14)}-${pad(between(1, 30))}-${between(1, 4)}` },
        { header: 'Line_Purchase_order', maps: { [PO]: 0 }, cell: (r) => r.po },
      ],
    });
  }

  // 5. ShipBob shipments, flattened from its API's shipment model with dotted names, tab separated; four dates.
  {
    const rows = orderLines({
      orders: 96,
      po: (n) => `#${String(18244 + n * 3)}`,
      salesOrder: (n) => String(241880113 + n * 41),
      invoice: (n) => String(301774020 + n * 37),
      carriers: ['usps', 'ups', 'fedexGround'],
      unshipped: 0.07,
      company: 0.15,
    }).filter((r) => r.line === 1);
    const stamp = (d: Date) => `${iso(d)}T${hms(d)}Z`;
    out.push({
      name: 'shipbob-shipments.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source:
        'ShipBob API 2.0, "Get all shipments for order" response model (developer-dev.shipbob.dev/api-reference/2.0/orders/get-all-shipments-for-order)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'id', maps: { documentNumber: 0 }, cell: (r) => r.invoice },
        { header: 'order_id', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'reference_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'created_date',
          maps: { orderDate: 0 },
          cell: (r) => stamp(new Date(r.orderDate.getTime() + 40 * 60_000)),
        },
        {
          header: 'estimated_fulfillment_date',
          cell: (r) => stamp(new Date(r.orderDate.getTime() + 2 * DAY)),
        },
        {
          header: 'actual_fulfillment_date',
          maps: { shippedDate: 1 },
          cell: (r) => when(r, stamp(r.shipDate)),
        },
        {
          header: 'delivery_date',
          maps: { estimatedArrivalDate: 0 },
          cell: (r) =>
            r.isShipped && r.delivered.getTime() < Date.UTC(2026, 11, 1) ? stamp(r.delivered) : '',
        },
        {
          header: 'status',
          maps: { supplierOrderStatus: 0 },
          cell: (r) => (r.isShipped ? pick(['Completed', 'Completed', 'LabeledCreated']) : 'Processing'),
        },
        {
          header: 'location.name',
          cell: () => pick(['Cicero (IL)', 'Moreno Valley (CA)', 'Bethlehem (PA)']),
        },
        { header: 'recipient.name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'recipient.address.company_name', cell: (r) => r.company },
        { header: 'recipient.address.city', cell: (r) => r.city },
        { header: 'recipient.address.state', cell: (r) => r.state },
        { header: 'products.sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'products.name', cell: (r) => r.description },
        { header: 'products.quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'tracking.carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => when(r, CARRIER_NAME[r.carrier]),
        },
        { header: 'tracking.carrier_service', cell: (r) => when(r, pick(SERVICE[r.carrier])) },
        { header: 'tracking.scac', maps: { shippingCompany: 0 }, cell: (r) => when(r, SCAC[r.carrier]) },
        { header: 'tracking.tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'is_tracking_uploaded', cell: (r) => (r.isShipped ? 'true' : 'false') },
        { header: 'invoice_amount', cell: (r) => money(r.price * r.ordered) },
      ],
    });
  }

  // 6. AspDotNetStorefront shipping import: three columns, no header (voided flag, order number with its
  // "-address" suffix, tracking number).
  {
    const rows = orderLines({
      orders: 75,
      po: (n) => `${100412 + n * 3}-${between(1, 9)}`,
      salesOrder: () => '',
      invoice: () => '',
      carriers: ['ups', 'fedexGround', 'usps', 'fedex'],
    }).filter((r) => r.line === 1);
    out.push({
      name: 'storefront-shipping-import-noheader.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'AspDotNetStorefront manual, "Shipping Import File Format" (manual.aspdotnetstorefront.com/p-1194-shipping-import-file-format.aspx)',
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'voided', cell: () => (chance(0.05) ? 'Y' : 'N') },
        { header: 'order number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
      ],
    });
  }

  // 7. Newegg Marketplace batch shipping update (the order list a supplier fills in for the retailer's Newegg
  // store): split ship-to names, ordered and shipped quantities, many money columns.
  {
    const rows = orderLines({
      orders: 64,
      po: (n) => String(318804112 + n * 97),
      salesOrder: () => '',
      invoice: () => '',
      carriers: ['ups', 'fedexGround', 'usps'],
      secondLine: 0.3,
      unshipped: 0.12,
      company: 0.1,
    });
    const stamp = (d: Date) => `${usPad(d)} ${hms(d)}`;
    out.push({
      name: 'newegg-batch-shipping-update.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Newegg Marketplace wiki, "Order Process Errors and Resolutions" (mkpl.newegg.com/wiki/order_process: the BatchShippingUpdate sheet, ShippedQty) and "Manage Order"',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Order Date & Time', maps: { orderDate: 1 }, cell: (r) => stamp(r.orderDate) },
        { header: 'Sales Channel', cell: () => 'Newegg' },
        { header: 'Fulfillment Option', cell: () => 'Ship by seller' },
        { header: 'Ship To Address Line 1', cell: (r) => r.street },
        { header: 'Ship To City', cell: (r) => r.city },
        { header: 'Ship To State', cell: (r) => r.state },
        { header: 'Ship To ZipCode', cell: (r) => r.zip },
        { header: 'Ship To Country', cell: () => 'UNITED STATES' },
        { header: 'Ship To First Name', maps: { shipToName: 0 }, cell: (r) => r.given },
        { header: 'Ship To LastName', maps: { shipToName: 0 }, cell: (r) => r.family },
        { header: 'Ship To Company', cell: (r) => r.company },
        {
          header: 'Order Shipping Method',
          cell: () =>
            pick(['Standard Shipping (5-7 business days)', 'Expedited Shipping (3-5 business days)']),
        },
        { header: 'Item Seller Part #', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'Item Newegg #',
          maps: { itemNumber: 0 },
          cell: () => `9SIA${digits(3)}${pick(['AB', 'K7', 'M2'])}${digits(5)}`,
        },
        { header: 'Item Unit Price', cell: (r) => money(r.price) },
        { header: 'Extend Unit Price', cell: (r) => money(r.price * r.ordered) },
        { header: 'Item Unit Shipping Charge', cell: () => '0.00' },
        { header: 'Order Total', cell: (r) => money(r.price * r.ordered) },
        { header: 'Quantity Ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Quantity Shipped', maps: { qtyFulfilled: 1 }, cell: (r) => when(r, String(r.shipped)) },
        { header: 'ShipDate', maps: { shippedDate: 1 }, cell: (r) => when(r, usPad(r.shipDate)) },
        {
          header: 'Actual Shipping Carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => when(r, CARRIER_NAME[r.carrier]),
        },
        { header: 'Actual Shipping Method', cell: (r) => when(r, pick(SERVICE[r.carrier])) },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
      ],
    });
  }

  // 8. Royal Mail Click & Drop despatched orders (UK): S10 numbers, dd/mm/yyyy dates, several parcels' numbers
  // joined by a space.
  {
    const rows = orderLines({
      orders: 88,
      po: (n) => `HW-${String(60231 + n * 4)}`,
      salesOrder: () => '',
      invoice: (n) => `INV${String(20817 + n)}`,
      carriers: ['royalMail'],
      region: 'uk',
      multi: 0.18,
      company: 0.12,
    }).filter((r) => r.line === 1);
    out.push({
      name: 'royal-mail-click-drop-despatched.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Royal Mail Click & Drop, "Order Import spreadsheet field specifications" (help.parcel.royalmail.com/hc/en-gb/articles/360000250093) and the Click & Drop API order example (orderReference, orderDate, plannedDespatchDate, trackingNumber)',
      unique: 'CustomerPoNumber',
      delimiter: ' ',
      rows,
      columns: [
        { header: 'Order reference', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Order date', maps: { orderDate: 1 }, cell: (r) => ukDate(r.orderDate) },
        { header: 'Planned despatch date', cell: (r) => ukDate(new Date(r.orderDate.getTime() + DAY)) },
        { header: 'Despatch date', maps: { shippedDate: 1 }, cell: (r) => ukDate(r.shipDate) },
        { header: 'Full name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'Company Name', cell: (r) => r.company },
        { header: 'Address Line 1', cell: (r) => r.street },
        { header: 'City', cell: (r) => r.city },
        { header: 'Postcode', cell: (r) => r.zip },
        { header: 'Country', cell: () => 'United Kingdom' },
        { header: 'Email', cell: (r) => `${r.given.toLowerCase()}.${r.family.toLowerCase()}@example.co.uk` },
        { header: 'Commercial invoice number', maps: { documentNumber: 1 }, cell: (r) => r.invoice },
        { header: 'Commercial invoice date', cell: (r) => ukDate(r.shipDate) },
        { header: 'SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'Shipping service',
          maps: { shippingCompany: 0 },
          cell: () => `Royal Mail ${pick(SERVICE.royalMail)}`,
        },
        { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' ') },
      ],
    });
  }

  // 9. SAP Business One deliveries (ODLN header + DLN1 lines) from a query, a UPC (CodeBars) beside TrackNo, several
  // tracking numbers joined by a slash; a title line and a blank row above the header.
  {
    const rows = orderLines({
      orders: 66,
      po: (n) => `TR${String(55120 + n * 9)}`,
      salesOrder: (n) => String(10488 + n),
      invoice: (n) => String(30211 + n),
      carriers: ['ups', 'fedexGround', 'fedex'],
      secondLine: 0.3,
      multi: 0.2,
    });
    const trnsp: Record<Carrier, [string, string]> = {
      ups: ['3', 'UPS Ground'],
      fedex: ['5', 'FedEx 2Day'],
      fedexGround: ['4', 'FedEx Home Delivery'],
      usps: ['6', 'USPS Priority'],
      royalMail: ['', ''],
      postDE: ['', ''],
    };
    out.push({
      name: 'sap-b1-deliveries.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'SAP Business One delivery document (ODLN / DLN1) field names, from knowledge (no public table page read)',
      titleRows: [['Deliveries - Trailhead Retail (C20044) - November 2026'], []],
      unique: 'CustomerPoNumber',
      delimiter: '/',
      rows,
      columns: [
        { header: 'DocNum', maps: { documentNumber: 1 }, cell: (r) => r.invoice },
        { header: 'DocDate', maps: { shippedDate: 1 }, cell: (r) => usPad(r.shipDate) },
        { header: 'DocDueDate', maps: { estimatedArrivalDate: 0 }, cell: (r) => usPad(r.eta) },
        { header: 'CardCode', maps: { customerNumber: 1, accountNumber: 0 }, cell: () => 'C20044' },
        { header: 'CardName', maps: { customerName: 1 }, cell: () => 'Trailhead Retail Inc.' },
        { header: 'NumAtCard', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'BaseRef', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'ShipToCode', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'ItemCode', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Dscription', cell: (r) => r.description },
        { header: 'Quantity', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'TrnspCode', cell: (r) => trnsp[r.carrier][0] },
        { header: 'TrnspName', maps: { shippingCompany: 1 }, cell: (r) => trnsp[r.carrier][1] },
        { header: 'CodeBars', cell: (r) => r.upc },
        { header: 'TrackNo', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('/') },
      ],
    });
  }

  // 10. A supplier's ship confirmation without a header row (an 856-like flat extract): PO, invoice, ship date,
  // SCAC, tracking numbers joined by pipes, the carton's SSCC-18 and the item's UPC beside them.
  {
    const rows = orderLines({
      orders: 72,
      po: (n) => `${2026110 + n * 11}`,
      salesOrder: () => '',
      invoice: (n) => `INV-${String(883012 + n)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      multi: 0.25,
      partial: 0.1,
    }).filter((r) => r.line === 1);
    out.push({
      name: 'supplier-ship-confirm-noheader.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        "A supplier's ship confirmation flat extract without header (no public document; X12 856 element order)",
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: '|',
      rows,
      columns: [
        { header: 'po', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'invoice', maps: { documentNumber: 1 }, cell: (r) => r.invoice },
        { header: 'ship date', maps: { shippedDate: 1 }, cell: (r) => ymd(r.shipDate) },
        { header: 'scac', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'tracking', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('|') },
        { header: 'sscc', cell: () => sscc() },
        { header: 'upc', cell: (r) => r.upc },
        { header: 'vendor item', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'qty shipped', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'ship to', maps: { shipToName: 1 }, cell: (r) => r.shipTo.toUpperCase() },
      ],
    });
  }

  // 11. A German supplier's shipping confirmation to a UK retailer (semicolons, dd.mm.yyyy, Deutsche Post S10
  // numbers, an EAN beside the tracking number), two title lines.
  {
    const rows = orderLines({
      orders: 60,
      po: (n) => `HW-${String(71400 + n * 6)}`,
      salesOrder: (n) => `AB${String(260931 + n)}`,
      invoice: (n) => `LS${String(55102 + n)}`,
      carriers: ['postDE'],
      region: 'uk',
      secondLine: 0.3,
      unshipped: 0.1,
      partial: 0.15,
    });
    out.push({
      name: 'versandbestaetigung-de.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source: "A German wholesaler's Versandbestätigung export (no public document)",
      titleRows: [['Versandbestätigung', 'Gebr. Hartmann GmbH'], ['Erstellt am 01.12.2026 07:30']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Ihre Bestellnummer', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Auftragsnummer', maps: { documentNumber: 0 }, cell: (r) => r.salesOrder },
        { header: 'Lieferschein-Nr.', maps: { documentNumber: 0 }, cell: (r) => when(r, r.invoice) },
        { header: 'Bestelldatum', maps: { orderDate: 1 }, cell: (r) => deDate(r.orderDate) },
        { header: 'Versanddatum', maps: { shippedDate: 1 }, cell: (r) => when(r, deDate(r.shipDate)) },
        { header: 'Artikelnummer', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'EAN', cell: () => ean() },
        { header: 'Menge bestellt', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Menge geliefert', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'Empfänger', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'Versandart', maps: { shippingCompany: 1 }, cell: (r) => when(r, CARRIER_NAME[r.carrier]) },
        { header: 'Sendungsnummer', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Gewicht (kg)', cell: () => (between(2, 95) / 10).toFixed(1).replace('.', ',') },
      ],
    });
  }

  // 12. BigCommerce order shipments exported by Shift (B2B store of the supplier): three carrier columns, one of
  // them named "Tracking Carrier" holding provider codes; a tracking link beside the number.
  {
    const rows = orderLines({
      orders: 80,
      po: (n) => `PO${String(88031 + n * 7)}`,
      salesOrder: (n) => String(31077 + n * 2),
      invoice: (n) => String(5120 + n),
      carriers: ['ups', 'fedex', 'usps', 'fedexGround'],
      multi: 0.15,
    }).filter((r) => r.line === 1);
    const shipments: (Line & { k: number })[] = [];
    for (const r of rows)
      r.tracking.forEach((_, k) => {
        shipments.push({ ...r, k });
      });
    const provider: Record<Carrier, string> = {
      ups: 'upsready',
      fedex: 'fedex',
      fedexGround: 'fedex',
      usps: 'endicia',
      royalMail: '',
      postDE: '',
    };
    const trackingCarrier: Record<Carrier, string> = {
      ups: 'ups',
      fedex: 'fedex',
      fedexGround: 'fedex',
      usps: 'usps',
      royalMail: '',
      postDE: '',
    };
    const link = (c: Carrier, n: string) =>
      c === 'ups'
        ? `https://www.ups.com/track?tracknum=${n}`
        : c === 'usps'
          ? `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`
          : `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    const k = (r: Line) => (r as unknown as { k: number }).k;
    out.push({
      name: 'bigcommerce-order-shipments.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Shift for BigCommerce, "Order shipments template" columns (docs.shift.hypaapps.com/docs/guides/order-shipments/template)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows: shipments as unknown as Line[],
      columns: [
        { header: 'Mode', cell: () => '' },
        { header: 'ID', cell: (r) => String(Number(r.invoice) * 3 + k(r)) },
        { header: 'Order ID', maps: { documentNumber: 1 }, cell: (r) => r.salesOrder },
        { header: 'PO Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Customer ID', maps: { customerNumber: 1, accountNumber: 0 }, cell: () => '1187' },
        { header: 'Order Address ID', cell: (r) => String(Number(r.salesOrder) - 28000) },
        { header: 'Shipping Name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        {
          header: 'Date Created',
          maps: { shippedDate: 1 },
          cell: (r) => `${iso(r.shipDate)}T${hms(r.shipDate)}+00:00`,
        },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[k(r)]! },
        { header: 'Tracking Link', cell: (r) => link(r.carrier, r.tracking[k(r)]!) },
        { header: 'Merchant Shipping Cost', cell: () => money(between(600, 2900) / 100) },
        { header: 'Shipping Method', cell: (r) => `${CARRIER_NAME[r.carrier]} ${pick(SERVICE[r.carrier])}` },
        { header: 'Shipping Provider', maps: { shippingCompany: 0 }, cell: (r) => provider[r.carrier] },
        { header: 'Tracking Carrier', maps: { shippingCompany: 0 }, cell: (r) => trackingCarrier[r.carrier] },
        {
          header: 'Comments',
          cell: (r) => (r.tracking.length > 1 ? `Box ${k(r) + 1} of ${r.tracking.length}` : ''),
        },
        {
          header: 'Shipping Provider Display Name',
          maps: { shippingCompany: 1 },
          cell: (r) => CARRIER_NAME[r.carrier],
        },
      ],
    });
  }

  return out as unknown as FileSpec<never>[];
}

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of specs()) emit(spec);
