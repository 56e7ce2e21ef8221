/**
 * Builds the final mapping corpus (bench/mapping-corpus-final/README.md): a third held-out set, written after the
 * engine was tuned and without reading the engine, its catalogue, its design document or the other three
 * corpora's files, labels and spelling lists. Beside each file goes the mapping a careful person would make
 * (`.labels.json`), written before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and
 * SheetJS files byte for byte. Run: `npx tsx bench/mapping-corpus-final/build.ts`.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts) and then handed to the
 * project's recogniser; a number it does not name with a valid check digit stops the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { recogniseTrackingNumber } from '../../packages/contracts/src/tracking-numbers';
import { seededRandom } from '../../packages/contracts/src/tracking-numbers/labelled-set';
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
} from '../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-final-');
const random = seededRandom(20261202);

// ---------------------------------------------------------------- small random helpers

const { between, pick, digits, chance } = randomHelpers(random);

// ---------------------------------------------------------------- carriers' check digits (published rules)

const TRACKING = {
  ups(): string {
    const shipper = Array.from({ length: 6 }, () => pick([...'0123456789ABCDEFGHJKRVWXY'])).join('');
    const data = `${shipper}${pick(['03', '01', '02', '12'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS');
  },
  fedexExpress(): string {
    const data = `${pick(['77', '78', '28', '39'])}${digits(9)}`;
    return confirmed(`${data}${fedexExpressCheck(data)}`, 'FedEx Express', 'fedex');
  },
  fedexGround(): string {
    const data = `${pick(['1', '0'])}${digits(13)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'FedEx Ground', 'fedex');
  },
  usps(): string {
    const data = `${pick(['9400', '9405', '9205', '9300'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
  dhl(): string {
    for (;;) {
      const serial = `${between(1, 9)}${digits(8)}`;
      const number = `${serial}${dhlCheck(serial)}`;
      if (recogniseTrackingNumber(number).carrier === 'dhl') return confirmed(number, 'DHL Express', 'dhl');
    }
  },
  ontrac(): string {
    const data = `${pick(['C', 'D'])}${digits(13)}`;
    return confirmed(`${data}${upsCheck(data)}`, 'OnTrac', 'ontrac');
  },
  s10(prefix: string, country: string): string {
    const serial = digits(8);
    return confirmed(`${prefix}${serial}${s10Check(serial)}${country}`, `S10 ${country}`);
  },
  dpd(): string {
    for (;;) {
      const data = `0${pick(['5', '1', '9'])}${digits(12)}`;
      const check = dpdCheck(data);
      // A digit check would make 15 digits, which FedEx Ground's format claims first; DPD prints letters too.
      if (/[A-Z]/.test(check)) return confirmed(`${data}${check}`, 'DPD', 'dpd');
    }
  },
};

/** A UPC-A with its GS1 check digit: the column that sits beside tracking numbers and is not one. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Maria',
  'James',
  'Aisha',
  'Kenji',
  'Lucía',
  'Tom',
  'Priya',
  'Daniel',
  'Fatima',
  'Owen',
  'Chloé',
  'Marco',
  'Grace',
  'Samuel',
  'Ingrid',
  'Hector',
  'Nadia',
  'Wesley',
];
const FAMILY = [
  'Lopez',
  'Carter',
  'Okafor',
  'Tanaka',
  'Fernández',
  'Nguyen',
  'Patel',
  'Brennan',
  'Haddad',
  'Sullivan',
  'Moreau',
  'Rossi',
  'Kowalski',
  'Van Dijk',
  'Abernathy',
  "O'Neill",
];
const STREETS = [
  'Maple Ave',
  'Oak St',
  'Lakeview Dr',
  'Harbor Rd',
  'Elm Ct',
  'Ridge Blvd',
  'Mill Ln',
  'Pine St',
];
const PLACES: [string, string, string][] = [
  ['Columbus', 'OH', '43215'],
  ['Austin', 'TX', '78701'],
  ['Tacoma', 'WA', '98402'],
  ['Raleigh', 'NC', '27601'],
  ['Boise', 'ID', '83702'],
  ['Savannah', 'GA', '31401'],
  ['Madison', 'WI', '53703'],
  ['Fresno', 'CA', '93721'],
];
const GOODS: [string, string][] = [
  ['Stainless Steel Water Bottle 32 oz', 'HB-3200'],
  ['Bamboo Cutting Board Set (3)', 'KT-1183'],
  ['LED Desk Lamp with USB Port', 'LT-4410'],
  ['Cast Iron Skillet 12"', 'CW-1212'],
  ['Yoga Mat 6mm, Teal', 'FT-0606'],
  ['Wireless Earbuds, Black', 'AU-2290'],
  ['Memory Foam Pillow, Queen', 'BD-7702'],
  ['Ceramic Planter 8", White', 'GD-0808'],
  ['Cordless Hand Vacuum', 'HM-5150'],
  ['Kids Rain Jacket, Size 6', 'AP-6061'],
  ['Insulated Lunch Bag', 'HB-1450'],
  ['Wall Clock 14", Walnut', 'DC-1414'],
];

const person = () => `${pick(GIVEN)} ${pick(FAMILY)}`;
const DAY = 86_400_000;
const NOV_1 = Date.UTC(2026, 10, 1, 0, 0);

interface Line {
  po: string;
  line: number;
  orderDate: Date;
  shipDate: Date;
  eta: Date;
  deliveredDate: Date;
  item: string;
  description: string;
  upc: string;
  ordered: number;
  shipped: number;
  shipTo: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: CarrierKey;
  tracking: string[];
  shippedFlag: boolean;
}

type CarrierKey = 'ups' | 'fedexExpress' | 'fedexGround' | 'usps' | 'dhl' | 'ontrac';

/** Order lines: `lines` orders, some with a second line; a second package on `multi` of the shipped ones. */
function orderLines(options: {
  orders: number;
  po: (n: number) => string;
  carriers: CarrierKey[];
  multi?: number;
  secondLine?: number;
  unshipped?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; n < options.orders; n++) {
    const po = options.po(n);
    const orderDate = new Date(
      NOV_1 + between(0, 20) * DAY + between(7, 20) * 3_600_000 + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY + between(1, 6) * 3_600_000);
    const eta = new Date(shipDate.getTime() + between(2, 6) * DAY);
    const deliveredDate = new Date(eta.getTime() + between(-1, 1) * DAY);
    const [city, state, zip] = pick(PLACES);
    const shipTo = person();
    const street = `${between(10, 9899)} ${pick(STREETS)}`;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0);
    const count = chance(options.secondLine ?? 0) ? 2 : 1;
    for (let line = 1; line <= count; line++) {
      const [description, item] = pick(GOODS);
      const ordered = between(1, 6);
      const shipped = shippedFlag ? (chance(0.2) ? between(0, ordered - 1) : ordered) : 0;
      const packages = shippedFlag ? (chance(options.multi ?? 0) ? 2 : 1) : 0;
      const tracking = Array.from({ length: packages }, () => TRACKING[carrier]());
      out.push({
        po,
        line,
        orderDate,
        shipDate,
        eta,
        deliveredDate,
        item,
        description,
        upc: upc(),
        ordered,
        shipped,
        shipTo,
        street,
        city,
        state,
        zip,
        carrier,
        tracking,
        shippedFlag,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- date spellings

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const isoUtc = (d: Date) =>
  `${iso(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const fr = (d: Date) =>
  `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
const es = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const nlStamp = (d: Date) =>
  `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

// ---------------------------------------------------------------- a file and its labels

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

// ---------------------------------------------------------------- carrier names and codes as files spell them

const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FDE',
  fedexGround: 'FDEG',
  usps: 'USPS',
  dhl: 'DHLC',
  ontrac: 'EMSY',
};
const NAME: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx Ground',
  usps: 'USPS',
  dhl: 'DHL Express',
  ontrac: 'OnTrac',
};
const SLUG: Record<CarrierKey, string> = {
  ups: 'ups',
  fedexExpress: 'fedex',
  fedexGround: 'fedex',
  usps: 'usps',
  dhl: 'dhl',
  ontrac: 'ontrac',
};

// ---------------------------------------------------------------- order tracking files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<Line>[] = [];

  // 1. Walmart.com drop-ship vendor 856, flattened by the supplier's EDI translator to one row per item.
  {
    const rows = orderLines({
      orders: 22,
      po: () => `${between(1, 2)}${digits(12)}`,
      carriers: ['ups', 'fedexGround', 'fedexExpress'],
      secondLine: 0.25,
    });
    specs.push({
      name: 'walmart-dsv-856-flat.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Walmart.com Drop Ship Vendor 856 (4010) implementation guide, developer.walmart.com/documentation/856-ship-notice-manifest/ — segment/element ids and names',
      titleRows: [
        ['856 Ship Notice extract — Walmart.com DSV'],
        ['Partner: WALMART.COM  Vendor 58231  Created 11/28/2026'],
        [],
      ],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'BSN02 Shipment Identification',
          maps: { documentNumber: 0 },
          cell: (r) => `SH${ymd(r.shipDate)}${r.po.slice(-4)}`,
        },
        { header: 'DTM02 Date (011 Shipped)', maps: { shippedDate: 1 }, cell: (r) => ymd(r.shipDate) },
        { header: 'PRF01 Purchase Order Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'PRF04 Date', maps: { poDate: 1 }, cell: (r) => ymd(r.orderDate) },
        { header: 'N102 Name (ST)', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'LIN01 Assigned Identification', cell: (r) => String(r.line) },
        { header: 'LIN05 Product/Service ID (VN)', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'SN102 Number of Units Shipped',
          maps: { qtyFulfilled: 1 },
          cell: (r) => String(r.shipped),
        },
        { header: 'SN103 Unit of Measure', cell: () => 'EA' },
        { header: 'SN104 Quantity Ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        {
          header: 'TD503 Identification Code (SCAC)',
          maps: { shippingCompany: 1 },
          cell: (r) => SCAC[r.carrier],
        },
        { header: 'MAN01 Marks and Numbers Qualifier', cell: () => 'CP' },
        { header: 'MAN02 Marks and Numbers', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'LIN03 Product/Service ID (UP)', cell: (r) => r.upc },
      ],
    });
  }

  // 2. Walmart Marketplace report fields (camelCase names from the on-request report), as a supplier sends them.
  {
    const rows = orderLines({
      orders: 26,
      po: () => `10${digits(11)}`,
      carriers: ['fedexGround', 'usps', 'ups'],
      secondLine: 0.3,
    });
    const customerOrders = new Map<string, string>();
    const salesOrder = (po: string) => {
      const known = customerOrders.get(po) ?? `${between(2000, 9999)}${digits(9)}`;
      customerOrders.set(po, known);
      return known;
    };
    specs.push({
      name: 'walmart-mp-shipment-report.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Walmart Marketplace on-request report field list (developer.walmart.com/us-marketplace/docs/request-a-cancellation-report); sku, shipDate, qty typed',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'poNum', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'salesOrder', cell: (r) => salesOrder(r.po) },
        { header: 'orderPlacedDt', maps: { orderDate: 1 }, cell: (r) => isoUtc(r.orderDate) },
        { header: 'legacySlrId', maps: { accountNumber: 0 }, cell: () => '101877342' },
        { header: 'catlgItemId', cell: () => String(between(10_000_000, 99_999_999)) },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'qty', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'shipDate', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'estimatedDeliveryDate', maps: { estimatedArrivalDate: 1 }, cell: (r) => iso(r.eta) },
        { header: 'actualDeliveryDate', cell: (r, i) => (i % 3 === 0 ? '' : iso(r.deliveredDate)) },
        { header: 'destinationState', cell: (r) => r.state },
        { header: 'carrier', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        { header: 'trackingNum', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
      ],
    });
  }

  // 3. Coupa's shippable tracker import: "Document Number" holds the PO number, not a document number.
  {
    const rows = orderLines({
      orders: 24,
      po: () => `PO-${between(2400, 2999)}${digits(2)}`,
      carriers: ['fedexExpress', 'ups', 'ontrac', 'usps'],
    });
    specs.push({
      name: 'coupa-shippable-tracker.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Coupa Core flat file "Shippable Tracker Import" (compass.coupa.com, integration technical documentation)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Tracking Number*', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Carrier*', maps: { shippingCompany: 1 }, cell: (r) => SLUG[r.carrier] },
        { header: 'Document Type*', cell: () => 'PO' },
        { header: 'Document Number*', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Note', cell: (r, i) => (i % 4 === 0 ? `${r.shipped} of ${r.ordered} units` : '') },
        { header: 'Delete', cell: () => 'false' },
      ],
    });
  }

  // 4. Tryton's "Tracking Numbers" CSV report: several numbers in one cell, separated by a space.
  {
    const rows = orderLines({
      orders: 25,
      po: () => `SO${between(10400, 10999)}`,
      carriers: ['ups', 'fedexGround'],
      multi: 0.3,
      secondLine: 0.2,
    });
    specs.push({
      name: 'tryton-tracking-numbers.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Tryton CSV report "Tracking Numbers" (gist.github.com/sharoonthomas/3186197): field names and "separated by \' \'"',
      titleRows: [['Tracking Numbers'], ['From 2026-11-01 to 2026-11-30', '', 'Party: all'], []],
      unique: 'CustomerPoNumber',
      delimiter: ' ',
      rows,
      columns: [
        { header: 'Order #', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Effective Date', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'Division', cell: () => 'Retail East' },
        { header: 'Customer', maps: { shipToName: 1, customerName: 0 }, cell: (r) => r.shipTo },
        { header: 'Address', cell: (r) => `${r.street}, ${r.city}, ${r.state} ${r.zip}` },
        { header: 'Product', cell: (r) => r.description },
        { header: 'Product Code', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'Quantity',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => String(Math.max(1, r.shipped)),
        },
        { header: 'Shipment Tracking Number(s)', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' ') },
        { header: 'Carrier(s)', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
      ],
    });
  }

  // 5. EasyPost shipment report (columns requested through the API, as a 3PL mails it).
  {
    const rows = orderLines({
      orders: 30,
      po: () => `PO${between(77000, 77999)}`,
      carriers: ['usps', 'ups', 'fedexGround'],
    });
    const status = ['delivered', 'in_transit', 'delivered', 'out_for_delivery', 'pre_transit'];
    specs.push({
      name: 'easypost-shipment-report.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'EasyPost shipment report columns (github.com/EasyPost/easypost-csharp issue 658: the Columns list)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'id',
          maps: { documentNumber: 0 },
          cell: () => `shp_${Array.from({ length: 24 }, () => pick([...'0123456789abcdef'])).join('')}`,
        },
        { header: 'tracking_code', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'status', maps: { supplierOrderStatus: 0 }, cell: (_, i) => status[i % status.length]! },
        {
          header: 'created_at',
          maps: { shippedDate: 0 },
          cell: (r) => isoUtc(new Date(r.shipDate.getTime() - 3_600_000)),
        },
        { header: 'updated_at', cell: (r) => isoUtc(r.eta) },
        { header: 'weight', cell: () => `${between(4, 90)}.0` },
        { header: 'postage_label_created_at', maps: { shippedDate: 0 }, cell: (r) => isoUtc(r.shipDate) },
        {
          header: 'service',
          cell: (r) =>
            r.carrier === 'usps' ? 'GroundAdvantage' : r.carrier === 'ups' ? 'Ground' : 'FEDEX_GROUND',
        },
        {
          header: 'carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.carrier === 'fedexGround' ? 'FedEx' : NAME[r.carrier]),
        },
        { header: 'rate', cell: () => `${between(5, 24)}.${digits(2)}` },
        { header: 'is_return', cell: () => 'false' },
        { header: 'reference', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'label_fee', cell: () => '0.05' },
      ],
    });
  }

  // 6. AfterShip CSV import: "title" repeats the tracking number by default; order_id carries SAP-style POs.
  {
    const rows = orderLines({
      orders: 28,
      po: () => `4500${digits(6)}`,
      carriers: ['dhl', 'ups', 'fedexExpress'],
    });
    specs.push({
      name: 'aftership-import.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'AfterShip "CSV Upload & CSV Auto-Fetch" parameter table (aftership.com/docs/tracking/others/csv-upload-ftp-auto-fetch); customer_name typed',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'tracking_number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        {
          header: 'courier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.carrier === 'dhl' ? 'dhl' : SLUG[r.carrier]),
        },
        { header: 'order_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'title', cell: (r) => r.tracking[0]! },
        { header: 'order_path', cell: (r) => `https://b2b.northwindsupply.com/orders/${r.po}` },
        { header: 'origin_country', cell: (r) => (r.carrier === 'dhl' ? 'DEU' : 'USA') },
        { header: 'customer_name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
      ],
    });
  }

  // 7. A Dutch drop-ship wholesaler's order feedback: semicolon-separated, Dutch statuses, DPD codes.
  {
    const rows = orderLines({
      orders: 30,
      po: () => `PO-${between(30000, 39999)}`,
      carriers: ['ups'],
      unshipped: 0.25,
    });
    const dpd = rows.map((r) => (r.shippedFlag ? TRACKING.dpd() : ''));
    specs.push({
      name: 'erc-orderfeedback.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'Europe Retail Collective "Order feedback" CSV specification (europeretailcollective.com/page/order-feedback): column names and statuses',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Ordernummer', maps: { documentNumber: 0 }, cell: () => `VO${digits(9)}` },
        { header: 'Yourref', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Modified', cell: (r) => nlStamp(r.shipDate) },
        {
          header: 'Status',
          maps: { supplierOrderStatus: 1 },
          cell: (r, i) =>
            r.shippedFlag
              ? pick(['Historisch', 'Klaar voor verzending'])
              : ['Backorder', 'Geaccepteerd', 'In bewerking'][i % 3]!,
        },
        { header: 'TrackandTrace', maps: { [TRACK]: 1 }, cell: (_, i) => dpd[i]! },
      ],
    });
  }

  // 8. A French supplier's Odoo delivery-order export (stock.picking with its move lines), French labels.
  {
    const rows = orderLines({
      orders: 24,
      po: () => `CMD-${between(5100, 5999)}`,
      carriers: ['ups'],
      multi: 0.25,
      secondLine: 0.3,
    });
    const kinds = new Map<string, 'laposte' | 'dpd' | 'ups'>();
    const french = rows.map((r) => {
      const kind = kinds.get(r.po) ?? pick(['laposte', 'dpd', 'ups'] as const);
      kinds.set(r.po, kind);
      const numbers = r.tracking.map(() =>
        kind === 'laposte'
          ? TRACKING.s10(pick(['CB', 'LA', 'CP']), 'FR')
          : kind === 'dpd'
            ? TRACKING.dpd()
            : TRACKING.ups(),
      );
      return { carrier: { laposte: 'Colissimo', dpd: 'DPD France', ups: 'UPS' }[kind], numbers };
    });
    specs.push({
      name: 'odoo-livraisons-fr.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        "Odoo Inventory delivery-order export with French UI labels (stock.picking / stock.move field labels as Odoo's French translation shows them; typed from that UI, not checked against a document)",
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        {
          header: 'Référence',
          maps: { documentNumber: 0 },
          cell: (_, i) => `WH/OUT/${String(1200 + i).padStart(5, '0')}`,
        },
        { header: 'Contact', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        {
          header: "Document d'origine",
          cell: (r) => `S${String(Number(r.po.slice(4)) - 4000).padStart(5, '0')}`,
        },
        { header: 'Référence client', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Date prévue', cell: (r) => fr(new Date(r.orderDate.getTime() + DAY)) },
        { header: 'Date effective', maps: { shippedDate: 1 }, cell: (r) => fr(r.shipDate) },
        {
          header: 'Statut',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shipped > 0 ? 'Fait' : 'Prêt'),
        },
        { header: 'Opérations/Produit/Référence interne', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Opérations/Demande', maps: { qty: 1 }, cell: (r) => `${r.ordered},00` },
        { header: 'Opérations/Quantité', maps: { qtyFulfilled: 1 }, cell: (r) => `${r.shipped},00` },
        { header: 'Transporteur', maps: { shippingCompany: 1 }, cell: (_, i) => french[i]!.carrier },
        { header: 'Référence de suivi', maps: { [TRACK]: 1 }, cell: (_, i) => french[i]!.numbers.join(',') },
      ],
    });
  }

  // 9. UPS WorldShip shipment export without a header row (the export map's columns, plus Reference 1).
  {
    const rows = orderLines({ orders: 30, po: () => `${between(610000, 689999)}`, carriers: ['ups'] });
    specs.push({
      name: 'worldship-export-noheader.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'UPS WorldShip export columns as github.com/julian-theis/zohoinventory-upsworldship-integration lists them (Voided, Tracking Number, Address, Organization, Shipment Number); Reference 1 typed',
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Voided', cell: (_, i) => (i % 11 === 7 ? 'Y' : 'N') },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'Address', cell: (r) => `${r.street}, ${r.city}, ${r.state} ${r.zip}` },
        { header: 'Organization', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        {
          header: 'Shipment Number',
          maps: { documentNumber: 0 },
          cell: (_, i) => `SH-${String(4410 + i).padStart(5, '0')}`,
        },
        { header: 'Reference 1', maps: { [PO]: 1 }, cell: (r) => r.po },
      ],
    });
  }

  // 10. Magento 2 sales shipments as a connector exports them: two zero-padded increment ids side by side.
  {
    const rows = orderLines({
      orders: 26,
      po: () => `0000${between(10000, 19999)}`,
      carriers: ['ups', 'usps', 'fedexGround'],
      multi: 0.3,
    });
    specs.push({
      name: 'magento-shipments.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        "Magento shipments table as the CData/ComponentOne connector documents it (developer.mescius.com … magentoshipments.html); Order_increment_id, Shipping_name and Tracks_carrier_code (from Magento's sales_shipment_track.carrier_code) typed",
      unique: 'CustomerPoNumber',
      delimiter: ';',
      rows,
      columns: [
        { header: 'Entity_id', cell: (_, i) => String(880 + i) },
        {
          header: 'Increment_id',
          maps: { documentNumber: 0 },
          cell: (_, i) => `0000${String(30120 + i * 3)}`,
        },
        { header: 'Order_id', cell: (r) => String(Number(r.po) - 7_700) },
        { header: 'Order_increment_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Shipping_name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        {
          header: 'Created_at',
          maps: { shippedDate: 1 },
          cell: (r) =>
            `${iso(r.shipDate)} ${pad(r.shipDate.getUTCHours())}:${pad(r.shipDate.getUTCMinutes())}:00`,
        },
        {
          header: 'Total_qty',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => `${Math.max(1, r.shipped)}.0000`,
        },
        { header: 'Total_weight', cell: () => `${between(1, 30)}.${digits(1)}000` },
        { header: 'Email_sent', cell: () => '1' },
        { header: 'Tracks', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(';') },
        { header: 'Tracks_carrier_code', maps: { shippingCompany: 1 }, cell: (r) => SLUG[r.carrier] },
      ],
    });
  }

  // 11. A wine club's carrier tracking export: "Shipment title" repeats the order number, "Transit time" is days.
  {
    const rows = orderLines({
      orders: 30,
      po: () => `WC${between(200000, 299999)}`,
      carriers: ['fedexGround', 'ups'],
    });
    const statuses = ['Delivered', 'In transit', 'Delivered', 'Out for delivery', 'Delivered', 'Exception'];
    specs.push({
      name: 'premium-tracking-export.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Wineshipping "Premium Tracking Definitions" column list (help.wineshipping.com/kb/guide/en/premium-tracking-definitions-6MSH5Vk9ew)',
      titleRows: [['Premium Tracking — shipments export'], ['Date range: Nov 1, 2026 – Nov 30, 2026']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'Order number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Shipment title', cell: (r) => r.po },
        { header: 'Carrier', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        { header: 'Service', cell: (r) => (r.carrier === 'ups' ? 'UPS Ground' : 'FedEx Ground') },
        {
          header: 'Status',
          maps: { supplierOrderStatus: 0 },
          cell: (_, i) => statuses[i % statuses.length]!,
        },
        {
          header: 'Sub-status',
          cell: (_, i) =>
            [
              'Delivered_001',
              'InTransit_002',
              'Delivered_001',
              'OutForDelivery_001',
              'Delivered_003',
              'Exception_011',
            ][i % 6]!,
        },
        { header: 'Latest event', cell: (r) => `Arrived at facility, ${r.city}, ${r.state}` },
        { header: 'Origin', cell: () => 'Napa, CA' },
        { header: 'Destination', cell: (r) => `${r.city}, ${r.state}` },
        { header: 'Transit time', cell: () => String(between(1, 6)) },
        { header: 'Estimated delivery date', maps: { estimatedArrivalDate: 1 }, cell: (r) => us(r.eta) },
        { header: 'On-time status', cell: (_, i) => (i % 7 === 3 ? 'Late' : 'On time') },
      ],
    });
  }

  return specs as unknown as FileSpec<never>[];
}

// ---------------------------------------------------------------- inventory files

interface Stock {
  sku: string;
  name: string;
  upc: string;
  onHand: number;
  committed: number;
  available: number;
  incoming: number;
  low: number;
  price: string;
  discontinued: boolean;
}

function stockRows(count: number, sku: (n: number) => string): Stock[] {
  return Array.from({ length: count }, (_, n) => {
    const onHand = chance(0.15) ? 0 : between(1, 480);
    const committed = Math.min(onHand, between(0, 12));
    const [name] = pick(GOODS);
    return {
      sku: sku(n),
      name,
      upc: upc(),
      onHand,
      committed,
      available: onHand - committed,
      incoming: chance(0.3) ? between(12, 200) : 0,
      low: pick([5, 10, 12, 20, 25]),
      price: `${between(4, 140)}.${pick(['99', '49', '95', '00'])}`,
      discontinued: chance(0.1),
    };
  });
}

function inventoryFiles(): FileSpec<never>[] {
  const specs: FileSpec<Stock>[] = [];

  // 1. Shopify inventory CSV: five quantity columns; "Available" is the one to sell from.
  {
    const rows = stockRows(36, (n) => `NW-${String(1000 + n * 7)}`);
    specs.push({
      name: 'shopify-inventory-export.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Shopify inventory CSV column set (help.shopify.com inventory CSV; the header as an apify.com Shopify inventory preflight example shows it, "not stocked" included)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        {
          header: 'Handle',
          cell: (r) =>
            r.name
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, '-')
              .replace(/-$/, ''),
        },
        { header: 'Title', cell: (r) => r.name },
        { header: 'Option1 Name', cell: () => 'Color' },
        { header: 'Option1 Value', cell: () => pick(['Black', 'White', 'Sage', 'Navy', 'Sand']) },
        { header: 'SKU', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        { header: 'HS Code', cell: () => '' },
        { header: 'COO', cell: () => pick(['US', 'CN', 'VN', '']) },
        { header: 'Location', cell: () => 'Columbus Warehouse' },
        { header: 'Incoming (not editable)', cell: (r) => String(r.incoming) },
        { header: 'Unavailable (not editable)', cell: () => String(between(0, 2)) },
        { header: 'Committed (not editable)', cell: (r) => String(r.committed) },
        {
          header: 'Available (not editable)',
          maps: { qtyColumnName: 1 },
          cell: (r, i) => (i % 17 === 9 ? 'not stocked' : String(r.available)),
        },
        { header: 'On hand (current)', cell: (r, i) => (i % 17 === 9 ? 'Not stocked' : String(r.onHand)) },
        { header: 'On hand (new)', cell: () => '' },
      ],
    });
  }

  // 2. BigCommerce product export (the "typical" field names), with a GTIN column and a low-stock threshold.
  {
    const rows = stockRows(30, (n) => `BC${String(4200 + n * 3)}`);
    specs.push({
      name: 'bigcommerce-product-export.xlsx',
      kind: 'inventory',
      writer: 'office-xlsx',
      source: 'BigCommerce product export field names, "typical" template (pastebin.com/1ayL4GWs)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Item Type', cell: () => 'Product' },
        { header: 'Product ID', cell: (_, i) => String(112 + i) },
        { header: 'Code', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        {
          header: 'Bin Picking Number',
          cell: (_, i) => `A${between(1, 9)}-${String(i + 3).padStart(2, '0')}`,
        },
        { header: 'GPS Global Trade Item Number', cell: (r) => r.upc },
        { header: 'Name', cell: (r) => r.name },
        { header: 'Brand', cell: () => pick(['Northwind', 'Harbor & Pine', 'Kestrel']) },
        { header: 'Price', cell: (r) => r.price },
        { header: 'Cost Price', cell: (r) => (Number(r.price) * 0.55).toFixed(2) },
        {
          header: 'Allow Purchases',
          maps: { itemStatusColumnName: 0 },
          cell: (r) => (r.discontinued ? 'N' : 'Y'),
        },
        { header: 'Product Visible', cell: (r) => (r.discontinued ? 'N' : 'Y') },
        {
          header: 'Product Availability',
          cell: (r) => (r.onHand === 0 ? 'Ships in 2-3 weeks' : 'Usually ships in 24 hours'),
        },
        { header: 'Track Inventory', cell: () => 'by product' },
        { header: 'Stock Level', maps: { qtyColumnName: 1 }, cell: (r) => String(r.onHand) },
        { header: 'Low Stock Level', cell: (r) => String(r.low) },
        { header: 'Date Added', cell: () => us(new Date(Date.UTC(2025, between(0, 11), between(1, 28)))) },
        { header: 'Date Modified', cell: () => us(new Date(NOV_1 + between(0, 28) * DAY)) },
      ],
    });
  }

  // 3. ProSKU stock export (its element names, the "unavailabale" misspelling kept), under two title rows.
  {
    const rows = stockRows(28, (n) => `01-${String(228 + n * 11).padStart(5, '0')}`);
    specs.push({
      name: 'prosku-stock.xls',
      kind: 'inventory',
      writer: 'office-xls',
      source:
        'ProSKU stock response element names as Zynk documents them (docs.zynk.com/workflow/documentation/prosku/export-stock.html)',
      titleRows: [['ProSKU stock export'], ['Warehouse: MAIN', 'Exported 30/11/2026 06:00'], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'product-code', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        { header: 'available', maps: { qtyColumnName: 1 }, cell: (r) => String(r.available) },
        { header: 'unavailabale', cell: (r) => String(r.committed) },
        { header: 'unchecked', cell: () => String(between(0, 3)) },
        { header: 'expected', cell: (r) => String(r.incoming) },
        { header: 'onorder', cell: (r) => String(r.incoming > 0 ? r.incoming + between(0, 40) : 0) },
      ],
    });
  }

  // 4. Mail Order Manager's STOCK table dumped without a header row.
  {
    const rows = stockRows(32, (n) => `${String(50210 + n * 13)}`);
    specs.push({
      name: 'mom-stock-noheader.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Dydacomp Mail Order Manager STOCK table field list (help.momhelpers.com/momxlhelpfieldliststock.htm): NUMBER, DESC1, DESC2, UNITS, LOW, …',
      headerless: true,
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'NUMBER', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        { header: 'DESC1', cell: (r) => r.name },
        { header: 'DESC2', cell: () => '' },
        { header: 'UNITS', maps: { qtyColumnName: 1 }, cell: (r) => `${r.onHand}.00` },
        { header: 'LOW', cell: (r) => `${r.low}.00` },
        { header: 'UNITWEIGHT', cell: () => `${between(0, 9)}.${pick(['25', '50', '75', '00'])}` },
        { header: 'UNCOST', cell: (r) => (Number(r.price) * 0.5).toFixed(5) },
        { header: 'PRICE1', cell: (r) => `${r.price}0` },
        { header: 'BOUNITS', cell: () => `${between(0, 6)}.00` },
        { header: 'ONORDER', cell: (r) => `${r.incoming}.00` },
        { header: 'COMMITED', cell: (r) => `${r.committed}.00` },
        { header: 'DROPSHIP', cell: () => pick(['0', '0', '1']) },
      ],
    });
  }

  // 5. BigCommerce inventory update rows (Zynk's field names), with the parent product's SKU beside the option's.
  {
    const rows = stockRows(34, (n) => `TS-${100 + Math.floor(n / 3)}-${['S', 'M', 'L'][n % 3]}`);
    specs.push({
      name: 'bigcommerce-inventory-update.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'BigCommerce V3 inventory update fields as Zynk documents them (docs.zynk.com/workflow/documentation/bigcommerce-v3/import-inventory-updates.html)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'parent_sku', cell: (r) => r.sku.replace(/-[SML]$/, '') },
        { header: 'sku', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        { header: 'inventory_level', maps: { qtyColumnName: 1 }, cell: (r) => String(r.available) },
        { header: 'inventory_warning_level', cell: (r) => String(r.low) },
        { header: 'inventory_tracking', cell: () => 'variant' },
      ],
    });
  }

  // 6. A Spanish distributor's stock list: Spanish headers, a status column, an EAN and a restock date.
  {
    const rows = stockRows(30, (n) => `REF${String(80410 + n * 9)}`);
    specs.push({
      name: 'listado-stock-es.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source:
        'Spanish distributor stock list; headers typed (common Spanish ERP wording), no public document behind them',
      titleRows: [['Listado de stock — Distribuciones Levante S.L.'], ['Fecha: 30/11/2026']],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Referencia', maps: { itemNumberColumnName: 1 }, cell: (r) => r.sku },
        { header: 'Descripción', cell: (r) => r.name },
        { header: 'EAN', cell: (r) => `0${r.upc}` },
        { header: 'Stock reservado', cell: (r) => String(r.committed) },
        { header: 'Stock disponible', maps: { qtyColumnName: 1 }, cell: (r) => String(r.available) },
        {
          header: 'Estado',
          maps: { itemStatusColumnName: 1 },
          cell: (r) => (r.discontinued ? 'Descatalogado' : r.available === 0 ? 'Agotado' : 'Disponible'),
        },
        {
          header: 'Próxima entrada',
          cell: (r) => (r.incoming > 0 ? es(new Date(NOV_1 + between(30, 50) * DAY)) : ''),
        },
        { header: 'PVP', cell: (r) => r.price.replace('.', ',') },
      ],
    });
  }

  return specs as unknown as FileSpec<never>[];
}

// ---------------------------------------------------------------- build

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of [...orderFiles(), ...inventoryFiles()]) emit(spec);
// Biome's JSON style, so that `npm run lint` passes on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  {
    stdio: 'ignore',
  },
);
