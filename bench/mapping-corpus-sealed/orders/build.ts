/**
 * Builds the sealed order tracking corpus (bench/mapping-corpus-sealed/orders/README.md): twelve labelled order
 * tracking files, written without reading the engine, its catalogue, its design document or the files, labels
 * and builders of the other corpora. Beside each file goes the mapping a careful operator would make
 * (`.labels.json`), decided before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and
 * SheetJS files byte for byte. Only bench/mapping-corpus-sealed/orders/files is removed and rewritten.
 * Run: `npx tsx bench/mapping-corpus-sealed/orders/build.ts`.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts) and
 * then handed to the project's recogniser; a number it does not name with a valid check digit stops the build.
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
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-sealed-orders-');
const random = seededRandom(20261207);

const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

// ---------------------------------------------------------------- tracking numbers (published check digits)

type CarrierKey = 'ups' | 'fedexExpress' | 'fedexGround' | 'usps' | 'dhl' | 'ontrac' | 'dpd';

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
    const data = `${pick(['9400', '9405', '9205', '9361', '9274'])}1${digits(16)}`;
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
};

/** A UPC-A with its GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An EAN-13 (UK and German prefixes) with its GS1 check digit. */
function ean13(): string {
  const data = `${pick(['500', '501', '502', '400'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

/** An SSCC-18 carton label number: check digit right, not a tracking number. */
function sscc(): string {
  const data = `0${pick(['0765432', '0812790', '0036000'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Olivia',
  'Marcus',
  'Priya',
  'Declan',
  'Aaliyah',
  'Tom',
  'Grace',
  'Hiroshi',
  'Nadia',
  'Owen',
  'Beatriz',
  'Samuel',
  'Fatima',
  'Ivy',
  'Connor',
  'Esther',
  'Rafael',
  'Harriet',
];
const FAMILY = [
  'Bennett',
  'Okafor',
  'Patel',
  'Gallagher',
  'Reyes',
  'Thornton',
  'Nakamura',
  'Kowalski',
  'Ferreira',
  'Lindqvist',
  'Brennan',
  'Abernathy',
  'Nguyen',
  'Castellano',
  'Price',
  "O'Neill",
];
const COMPANIES = [
  'Bluebird Dental Group',
  'Riverside Youth Soccer',
  'Kestrel Engineering LLC',
  'St. Anne’s Parish Office',
  'Northgate Realty',
  'Summit Physical Therapy',
  'Cobalt Coffee Co.',
  'Maple Grove Elementary PTA',
];
const STREETS = [
  'Elm St',
  'Harbor Way',
  'Juniper Rd',
  'Lakeview Dr',
  'Orchard Ln',
  'Quarry Ave',
  'Willow Ct',
];
const PLACES: [string, string, string][] = [
  ['Columbus', 'OH', '43215'],
  ['Austin', 'TX', '78701'],
  ['Tacoma', 'WA', '98402'],
  ['Atlanta', 'GA', '30303'],
  ['Madison', 'WI', '53703'],
  ['Boise', 'ID', '83702'],
  ['Richmond', 'VA', '23219'],
  ['Sacramento', 'CA', '95814'],
  ['Providence', 'RI', '02903'],
];
const GOODS: [string, string][] = [
  ['Bamboo Cutting Board Set', 'KB-2201'],
  ['Stainless Water Bottle 24 oz', 'WB-2400'],
  ['Linen Table Runner, Sage', 'TR-0719'],
  ['LED Desk Lamp, Matte Black', 'DL-1050'],
  ['Cotton Waffle Robe, L', 'RB-3312'],
  ['Cast Iron Skillet 10 in', 'CI-1010'],
  ['Yoga Mat 6 mm, Plum', 'YM-0606'],
  ['Wireless Charging Pad', 'WC-1500'],
  ['Scented Soy Candle, Cedar', 'SC-0422'],
  ['Kids Rain Boots, Size 11', 'RB-1101'],
  ['Ceramic Planter 8 in', 'CP-0808'],
  ['Travel Pillow, Memory Foam', 'TP-4410'],
];

const person = () => `${pick(GIVEN)} ${pick(FAMILY)}`;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_2 = Date.UTC(2026, 10, 2, 0, 0);

interface Line {
  po: string;
  supplierOrder: string;
  invoice: string;
  orderDate: Date;
  shipDate: Date;
  deliveryDate: Date;
  sku: string;
  description: string;
  upc: string;
  ordered: number;
  shipped: number;
  shipTo: string;
  company: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: CarrierKey;
  tracking: string[];
  shippedFlag: boolean;
  cost: number;
  weight: number;
}

/** Order lines: `orders` orders, some with a second line; a second package on `multi` of the shipped ones. */
function orderLines(options: {
  orders: number;
  po: (n: number) => string;
  supplierOrder?: (n: number) => string;
  carriers: CarrierKey[];
  multi?: number;
  secondLine?: number;
  unshipped?: number;
  partial?: number;
  company?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; n < options.orders; n++) {
    const po = options.po(n);
    const supplierOrder = options.supplierOrder ? options.supplierOrder(n) : `SO${String(480_112 + n * 3)}`;
    const invoice = `INV-${String(77_020 + n * 2)}`;
    const orderDate = new Date(
      NOV_2 + between(0, 22) * DAY + between(7, 20) * HOUR + between(0, 59) * 60_000 + between(0, 59) * 1000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 3) * DAY + between(1, 6) * HOUR);
    const deliveryDate = new Date(shipDate.getTime() + between(2, 6) * DAY + between(0, 5) * HOUR);
    const [city, state, zip] = pick(PLACES);
    const shipTo = person();
    const company = chance(options.company ?? 0) ? pick(COMPANIES) : '';
    const street = `${between(12, 9870)} ${pick(STREETS)}`;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0);
    const count = chance(options.secondLine ?? 0) ? 2 : 1;
    for (let line = 1; line <= count; line++) {
      const [description, sku] = pick(GOODS);
      const ordered = between(1, 4);
      const shipped = shippedFlag ? (chance(options.partial ?? 0.12) ? between(0, ordered - 1) : ordered) : 0;
      const packages = shippedFlag ? (chance(options.multi ?? 0) ? 2 : 1) : 0;
      out.push({
        po,
        supplierOrder,
        invoice,
        orderDate,
        shipDate,
        deliveryDate,
        sku,
        description,
        upc: upc(),
        ordered,
        shipped,
        shipTo,
        company,
        street,
        city,
        state,
        zip,
        carrier,
        tracking: Array.from({ length: packages }, () => TRACKING[carrier]()),
        shippedFlag,
        cost: between(620, 2890) / 100,
        weight: between(4, 180) / 10,
      });
    }
  }
  return out;
}

/** One row per package: an order line with two packages becomes two rows, each with its own number. */
function perPackage(lines: Line[]): (Line & { pkg: string; pkgIndex: number })[] {
  return lines.flatMap((line) =>
    line.tracking.length === 0
      ? [{ ...line, pkg: '', pkgIndex: 0 }]
      : line.tracking.map((pkg, pkgIndex) => ({ ...line, pkg, pkgIndex })),
  );
}

// ---------------------------------------------------------------- date spellings

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const isoTime = (d: Date) => `${iso(d)} ${time(d)}`;
const ymd = (d: Date) => iso(d).replaceAll('-', '');
const hhmm = (d: Date) => `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const usTime = (d: Date) =>
  `${us(d)} ${((d.getUTCHours() + 11) % 12) + 1}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
const uk = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const slashYmd = (d: Date) => iso(d).replaceAll('-', '/');
const unpadded = (d: Date) => `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}`;
const plus = (d: Date, hours: number) => new Date(d.getTime() + hours * HOUR);

// ---------------------------------------------------------------- field keys (ORDER_MAPPING_FIELDS)

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';
const CARRIER = 'shippingCompany';
const SHIPPED = 'shippedDate';
const ORDERED = 'orderDate';
const QTY = 'qty';
const QTY_SHIPPED = 'qtyFulfilled';
const SHIP_TO = 'shipToName';
const CUSTOMER = 'customerName';
const ACCOUNT = 'accountNumber';
const DOCUMENT = 'documentNumber';
const ITEM = 'itemNumber';
const SUPPLIER_STATUS = 'supplierOrderStatus';
const LINE_STATUS = 'lineStatus';
const SUPPLIER = 'supplierName';

// ---------------------------------------------------------------- carrier names and codes as files spell them

const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FDEN',
  fedexGround: 'FDEG',
  usps: 'USPS',
  dhl: 'DHLC',
  ontrac: 'EMSY',
  dpd: 'DPDG',
};
const NAME: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx',
  usps: 'USPS',
  dhl: 'DHL',
  ontrac: 'OnTrac',
  dpd: 'DPD UK',
};
const SERVICE: Record<CarrierKey, string[]> = {
  ups: ['UPS Ground', 'UPS 2nd Day Air', 'UPS Next Day Air Saver'],
  fedexExpress: ['FedEx 2Day', 'FedEx Express Saver', 'FedEx Priority Overnight'],
  fedexGround: ['FedEx Ground', 'FedEx Home Delivery'],
  usps: ['USPS Ground Advantage', 'USPS Priority Mail'],
  dhl: ['DHL Express Worldwide', 'DHL Express 12:00'],
  ontrac: ['OnTrac Ground'],
  dpd: ['DPD Next Day', 'DPD Two Day'],
};
const trackingUrl = (carrier: CarrierKey, number: string) =>
  carrier === 'dpd'
    ? `https://track.dpd.co.uk/parcels/${number}`
    : carrier === 'ups'
      ? `https://www.ups.com/track?tracknum=${number}`
      : `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${number}`;

const money = (n: number) => n.toFixed(2);

// ---------------------------------------------------------------- the twelve files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<never>[] = [];
  const add = <R>(spec: FileSpec<R>) => specs.push(spec as unknown as FileSpec<never>);

  // 1. fabric Dropship supplier "Tracking Number Report": title lines and a blank row above the header.
  {
    const merchants = ['Harbor & Pine Home', 'Copperleaf Living', 'The Loft Supply Co.'];
    const rows = perPackage(
      orderLines({
        orders: 64,
        po: (n) => `PO${String(3_318_400 + n * 11)}`,
        carriers: ['ups', 'fedexGround', 'usps'],
        multi: 0.18,
        partial: 0,
      }),
    ).map((r) => ({
      ...r,
      merchant: pick(merchants),
      status: pick(['In Transit', 'Delivered', 'Delivered']),
    }));
    add({
      name: 'fabric-dropship-tracking-report.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'fabric Dropship docs, "Tracking Number Reports" for dropship suppliers (fabric-demo.mintlify.app/v3/dropship/dropship-suppliers/orders/order-reports/tracking-number-reports)',
      titleRows: [['Tracking Number Report'], ['Generated on 12/01/2026 6:02 AM (UTC)'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Service', maps: { [CARRIER]: 0 }, cell: (r) => pick(SERVICE[r.carrier]) },
        { header: 'Tracking #', maps: { [TRACK]: 1 }, cell: (r) => r.pkg },
        { header: 'PO #', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Merchant', maps: { [CUSTOMER]: 0 }, cell: (r) => r.merchant },
        { header: 'Registered', maps: { [SHIPPED]: 0 }, cell: (r) => usTime(plus(r.shipDate, r.pkgIndex)) },
        {
          header: 'Acknowledged',
          cell: (r) => (chance(0.85) ? usTime(plus(r.shipDate, between(2, 20))) : ''),
        },
        { header: 'Status', maps: { [SUPPLIER_STATUS]: 0 }, cell: (r) => r.status },
        { header: 'Origin', cell: () => 'Reno, NV 89502' },
        { header: 'Item', cell: (r) => `${r.sku} x ${r.ordered}` },
      ],
    });
  }

  // 2. OrderMyGear supplier "Order Shipment Notification" CSV, tab separated: account, PO and sales order,
  //    attention (a person) vs company, an SSCC beside the tracking number.
  {
    const rows = perPackage(
      orderLines({
        orders: 70,
        po: (n) => `OMG-${String(910_250 + n * 7)}`,
        supplierOrder: (n) => String(6_120_400 + n * 5),
        carriers: ['ups', 'fedexGround'],
        multi: 0.15,
        company: 0.8,
        partial: 0,
      }),
    ).map((r) => ({
      ...r,
      account: pick(['10442', '10518', '11007']),
      sscc: sscc(),
      noAttention: chance(0.15),
    }));
    add({
      name: 'ordermygear-shipment-notification.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source:
        'OrderMyGear supplier support, "Order Shipment Notification CSV Field Description" (supplier-support.ordermygear.com/hc/en-us/articles/32756967584795)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'customerAccountNumber', maps: { [ACCOUNT]: 1 }, cell: (r) => r.account },
        { header: 'purchaseOrderNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'purchaseOrderShippedInFull', cell: (r) => (r.tracking.length > 1 ? 'FALSE' : 'TRUE') },
        { header: 'salesOrderNumber', maps: { [DOCUMENT]: 0 }, cell: (r) => r.supplierOrder },
        { header: 'salesOrderShippedInFull', cell: () => 'TRUE' },
        {
          header: 'shipTo_attentionTo',
          maps: { [SHIP_TO]: 1 },
          cell: (r) => (r.noAttention ? '' : r.shipTo),
        },
        { header: 'shipTo_companyName', maps: { [SHIP_TO]: 0 }, cell: (r) => r.company },
        { header: 'shipTo_address1', cell: (r) => r.street },
        { header: 'shipTo_city', cell: (r) => r.city },
        { header: 'shipTo_region', cell: (r) => r.state },
        { header: 'shipTo_postalCode', cell: (r) => r.zip },
        { header: 'shipTo_country', cell: () => 'US' },
        { header: 'package_trackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.pkg },
        { header: 'package_sscc', cell: (r) => r.sscc },
        { header: 'package_carrier', maps: { [CARRIER]: 1 }, cell: (r) => NAME[r.carrier] },
        { header: 'package_shipmentDate', maps: { [SHIPPED]: 1 }, cell: (r) => `${isoTime(r.shipDate)}.000` },
        {
          header: 'package_shipmentMethod',
          cell: (r) => pick(SERVICE[r.carrier]).replace(/^(UPS|FedEx) /, ''),
        },
      ],
    });
  }

  // 3. ShippingScore bulk transaction import, pipe delimited: a status id of small integers (no quantity).
  {
    const rows = orderLines({
      orders: 96,
      po: (n) => `R${String(200_431 + n * 13)}`,
      carriers: ['usps', 'usps', 'ups'],
      partial: 0,
    }).map((r) => ({ ...r, update: chance(0.2) }));
    add({
      name: 'shippingscore-transactions.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '|',
      source:
        'ShippingScore API reference, "Offline data import" (shippingscore.readme.io/reference/bulk-transaction-import)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'TransactionType', cell: (r) => (r.update ? '2' : '1') },
        { header: 'TrackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'ReferenceNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'ShipmentToAddressLine1', cell: (r) => r.street },
        { header: 'ShipmentToAddressLine2', cell: () => (chance(0.2) ? `Apt ${between(1, 40)}` : '') },
        { header: 'ShipmentToCity', cell: (r) => r.city },
        { header: 'ShipmentToState', cell: (r) => r.state },
        { header: 'ShipmentToCountry', cell: () => 'US' },
        { header: 'ShipmentToZipCode', cell: (r) => r.zip },
        { header: 'ShipmentToValidationFlag', cell: () => '1' },
        { header: 'ShipmentCost', cell: (r) => money(r.cost) },
        { header: 'shipmentDate', maps: { [SHIPPED]: 1 }, cell: (r) => unpadded(r.shipDate) },
        { header: 'ShipmentStatusID', cell: (r) => (r.update ? String(pick([2, 3, 4, 5])) : '1') },
        { header: 'ShipmentCategoryID', cell: () => String(between(1, 3)) },
      ],
    });
  }

  // 4. PacTrak POD / disposition file from a delivering courier: no header, YYYYMMDD dates and HHMM times.
  {
    const rows = orderLines({
      orders: 78,
      po: (n) => `PO${String(5_520_130 + n * 9)}`,
      carriers: ['fedexExpress', 'dhl', 'ups'],
      partial: 0,
    }).map((r) => ({ ...r, awb: `${between(10, 99)}${digits(9)}`, delivered: chance(0.8) }));
    add({
      name: 'pactrak-pod-noheader.csv',
      kind: 'order-tracking',
      writer: 'csv',
      headerless: true,
      source: 'PacTrak, "PODs to PacTrak" file format (pactrak.com/pods-to-pactrak.html)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'format_version', cell: () => '3' },
        { header: 'sender_key', cell: (_, i) => String(88_410 + i) },
        { header: 'receiver_key', cell: () => '' },
        { header: 'ibc_awb', maps: { [TRACK]: 0 }, cell: (r) => r.awb },
        { header: 'ship_ref_num', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'full_awb', cell: () => '' },
        { header: 'vend_ref_num', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'creation_date', maps: { [SHIPPED]: 1 }, cell: (r) => ymd(r.shipDate) },
        { header: 'origin', cell: () => pick(['JFK', 'JFK', 'LAX']) },
        { header: 'final_dest', cell: () => pick(['ORD', 'ATL', 'DFW', 'SEA', 'BOS']) },
        { header: 'outlying', cell: () => (chance(0.1) ? 'X' : '') },
        { header: 'disp_code_date', cell: (r) => ymd(plus(r.shipDate, 20)) },
        { header: 'disp_code_time', cell: (r) => hhmm(plus(r.shipDate, 20)) },
        { header: 'disp_code', cell: (r) => (r.delivered ? 'DL' : pick(['OD', 'AR', 'NH'])) },
        { header: 'pod_date', cell: (r) => (r.delivered ? ymd(r.deliveryDate) : '') },
        { header: 'pod_time', cell: (r) => (r.delivered ? hhmm(r.deliveryDate) : '') },
        { header: 'pod_name', cell: (r) => (r.delivered ? r.shipTo.split(' ')[1]!.toUpperCase() : '') },
      ],
    });
  }

  // 5. ShipHero carrier reconciliation CSV ("Other" carriers), semicolon separated, with added columns:
  //    "Tracking Provider" holds SCAC codes (named like a tracking number, holds carrier codes).
  {
    const rows = orderLines({
      orders: 88,
      po: (n) => `#${String(41_870 + n * 3)}`,
      carriers: ['ontrac', 'ups', 'fedexGround', 'usps'],
      partial: 0,
    });
    add({
      name: 'shiphero-carrier-reconciliation.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'ShipHero software help, "How to Reconcile a Carrier Invoice with a Custom CSV" (software-help.shiphero.com/hc/en-us/articles/46193969356557)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Date', maps: { [SHIPPED]: 0 }, cell: (r) => us(r.shipDate) },
        { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Billed amount', cell: (r) => money(r.cost) },
        { header: 'Taxes', cell: () => '0.00' },
        { header: 'Freight charges', cell: (r) => money(r.cost * 0.82) },
        { header: 'Misc charges', cell: () => (chance(0.2) ? money(between(150, 595) / 100) : '0.00') },
        { header: 'Discount', cell: () => (chance(0.3) ? `-${money(between(20, 180) / 100)}` : '0.00') },
        { header: 'Order Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Tracking Provider', maps: { [CARRIER]: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'Zone', cell: () => String(between(2, 8)) },
        { header: 'Billed Weight (lb)', cell: (r) => String(Math.ceil(r.weight)) },
      ],
    });
  }

  // 6. Zendrop order export (LibreOffice XLSX): the store's order id, Zendrop's own order number, two dates,
  //    ordered vs fulfilled quantity, several tracking numbers joined by commas, empty cells for unshipped orders.
  {
    const rows = orderLines({
      orders: 92,
      po: (n) => `83${String(28_983_281_970 + n * 10_441)}`,
      supplierOrder: (n) => `#${1332 + n}`,
      carriers: ['usps', 'usps', 'ups', 'dhl'],
      multi: 0.2,
      unshipped: 0.12,
      partial: 0.1,
    }).map((r) => ({ ...r, internal: String(30_186_374 + between(1, 9) * 1000 + r.ordered) }));
    add({
      name: 'zendrop-order-export.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Zendrop help center, "Zendrop Order Export Field Reference" (support.zendrop.com/en/articles/12824279-zendrop-order-export-field-reference)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        { header: 'Order number', maps: { [DOCUMENT]: 0 }, cell: (r) => r.supplierOrder },
        { header: 'Order id', cell: (r) => r.internal },
        { header: 'Store order ID', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Order Date', maps: { [ORDERED]: 1 }, cell: (r) => isoTime(r.orderDate) },
        {
          header: 'Order Fulfillment Date',
          maps: { [SHIPPED]: 1 },
          cell: (r) => (r.shippedFlag ? isoTime(r.shipDate) : ''),
        },
        { header: 'Customer name', maps: { [SHIP_TO]: 0, [CUSTOMER]: 0 }, cell: (r) => r.shipTo },
        { header: 'Customer payment', cell: () => (chance(0.95) ? 'Received' : 'Refunded') },
        { header: 'Zendrop payment', cell: (r) => (r.shippedFlag || chance(0.5) ? 'Paid' : 'Unpaid') },
        { header: 'Shipping', cell: (r) => `$${money(r.cost / 2)}` },
        {
          header: 'Order status',
          maps: { [SUPPLIER_STATUS]: 1 },
          cell: (r) =>
            r.shippedFlag ? (r.shipped < r.ordered ? 'Partially fulfilled' : 'Completed') : 'Processing',
        },
        {
          header: 'Supplier names',
          maps: { [SUPPLIER]: 1 },
          cell: () => pick(['Zendrop US', 'Zendrop US', 'Zendrop CN']),
        },
        { header: 'Product SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Fulfilled quantity', maps: { [QTY_SHIPPED]: 1 }, cell: (r) => String(r.shipped) },
        { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(',') },
        { header: 'Carrier', maps: { [CARRIER]: 1 }, cell: (r) => (r.shippedFlag ? NAME[r.carrier] : '') },
      ],
    });
  }

  // 7. A drop-ship supplier's sheet laid out as Merchant Central's Conrad "Enter Tracking Information" dialog
  //    (LibreOffice XLSX): an EAN beside the tracking number, carrier code, name and standard code.
  {
    const codes: Partial<Record<CarrierKey, [string, string, string]>> = {
      dpd: ['dpd', 'DPD UK', 'DPDG'],
      dhl: ['dhl', 'DHL Express', 'DHLC'],
      ups: ['ups', 'UPS', 'UPSN'],
    };
    const rows = perPackage(
      orderLines({
        orders: 66,
        po: (n) => `${String(70_112_904 + n * 17)}-A`,
        carriers: ['dpd', 'dpd', 'dhl', 'ups'],
        multi: 0.1,
        secondLine: 0.2,
        partial: 0,
      }),
    ).map((r) => ({ ...r, ean: ean13(), code: codes[r.carrier]! }));
    add({
      name: 'conrad-tracking-upload.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Merchant Central help, Conrad "Enter Tracking Information" dialog fields (help.merchantcentral.de/en/conrad/tracking-dialog/)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Offer SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'EAN', cell: (r) => r.ean },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.pkg },
        { header: 'Carrier Code', maps: { [CARRIER]: 1 }, cell: (r) => r.code[0] },
        { header: 'Carrier Name', maps: { [CARRIER]: 0 }, cell: (r) => r.code[1] },
        { header: 'Carrier Standard Code', maps: { [CARRIER]: 0 }, cell: (r) => r.code[2] },
        { header: 'Carrier URL', cell: (r) => trackingUrl(r.carrier, r.pkg) },
        { header: 'Dispatched', maps: { [SHIPPED]: 1 }, cell: (r) => uk(r.shipDate) },
      ],
    });
  }

  // 8. A China-based supplier's trade record in the infiniax e-commerce order fields (SheetJS XLSX): the
  //    proforma/commercial invoice number as order id, three times, several tracking numbers joined by ';'.
  {
    const rows = orderLines({
      orders: 84,
      po: (n) => `PI2026${String(11_020 + n * 4)}`,
      carriers: ['dhl', 'ups', 'usps', 'fedexExpress'],
      multi: 0.22,
      unshipped: 0.15,
      partial: 0,
    });
    add({
      name: 'infiniax-trade-orders.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source: 'infiniax API docs, e-commerce trade order upload parameters (doc.infiniax.com/doc-7369132)',
      unique: 'CustomerPoNumber',
      delimiter: ';',
      rows,
      columns: [
        { header: 'sellerId', cell: () => 'S8812004571' },
        { header: 'orderId', maps: { [PO]: 0, [DOCUMENT]: 0 }, cell: (r) => r.po },
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'transactionTime', maps: { [ORDERED]: 1 }, cell: (r) => isoTime(r.orderDate) },
        { header: 'transactionCurrency', cell: () => 'CNH' },
        { header: 'transactionAmount', cell: (r) => money(r.ordered * (r.cost * 4.1)) },
        { header: 'productType', cell: () => pick(['H01', 'H02', 'H05']) },
        { header: 'productName', cell: (r) => r.description },
        { header: 'productQuantity', maps: { [QTY]: 1, [QTY_SHIPPED]: 0 }, cell: (r) => String(r.ordered) },
        { header: 'productUnitPrice', cell: (r) => money(r.cost * 4.1) },
        {
          header: 'shippingStatus',
          maps: { [SUPPLIER_STATUS]: 0, [LINE_STATUS]: 0 },
          cell: (r) => (r.shippedFlag ? 'Shipped' : 'Not Shipped'),
        },
        {
          header: 'estimatedShippingTime',
          cell: (r) => (r.shippedFlag ? '' : isoTime(plus(r.orderDate, 24 * between(3, 6)))),
        },
        { header: 'logisticsTrackingNo', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(';') },
        {
          header: 'logisticsCompany',
          maps: { [CARRIER]: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        {
          header: 'shippingTime',
          maps: { [SHIPPED]: 1 },
          cell: (r) => (r.shippedFlag ? isoTime(r.shipDate) : ''),
        },
        { header: 'country', cell: () => 'USA' },
        { header: 'storeUrl', cell: () => 'https://www.harborandpine.com' },
        { header: 'buyerName', maps: { [SHIP_TO]: 1 }, cell: (r) => r.shipTo },
        { header: 'buyerAddress', cell: (r) => `${r.street}, ${r.city}, ${r.state} ${r.zip}` },
      ],
    });
  }

  // 9. Ordoro tracking entries (SheetJS XLSX) with two blank rows above the header; one row per package.
  {
    const rows = perPackage(
      orderLines({
        orders: 74,
        po: (n) => `1-${String(104_522 + n * 6)}`,
        carriers: ['usps', 'ups', 'fedexGround', 'dhl'],
        multi: 0.12,
        partial: 0,
      }),
    );
    const shipper: Record<CarrierKey, string> = { ...NAME, dhl: 'DHL', dpd: 'DPD' };
    add({
      name: 'ordoro-tracking-entries.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Ordoro support, "How to Enter a Tracking Number" (support.ordoro.com/how-to-enter-a-tracking-number/); "What dropdown should I use for my data import" (support.ordoro.com/what-dropdown-should-i-use-for-my-data-import/)',
      titleRows: [[], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order ID', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Shipper', maps: { [CARRIER]: 1 }, cell: (r) => shipper[r.carrier] },
        {
          header: 'Shipping Method',
          cell: (r) => pick(SERVICE[r.carrier]).replace(/^(UPS|FedEx|USPS|DHL Express) /, ''),
        },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.pkg },
        { header: 'Shipping Cost', cell: (r) => money(r.cost) },
        { header: 'Ship Date', maps: { [SHIPPED]: 1 }, cell: (r) => us(r.shipDate) },
        { header: 'Notify Bill To', cell: () => 'FALSE' },
        { header: 'Notify Ship To', cell: () => (chance(0.3) ? 'TRUE' : 'FALSE') },
      ],
    });
  }

  // 10. PureWay vendor API manifest as an export (LibreOffice XLS): no PO at all, the vendor's receipt number,
  //     an outbound and a return tracking number (both valid), Name (customer or company) vs Attention.
  {
    const rows = orderLines({
      orders: 80,
      po: (n) => String(215_400 + n * 3),
      carriers: ['ups', 'fedexGround'],
      unshipped: 0.15,
      company: 0.45,
      partial: 0,
    }).map((r) => ({
      ...r,
      returnLabel: r.shippedFlag ? TRACKING.usps() : '',
      code: pick(['PWD1', 'PWD1', 'BRT2']),
    }));
    add({
      name: 'pureway-manifest-export.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'PureWay vendor API help, ManifestDTO resource model (purewayvendorapi.azurewebsites.net/Help/ResourceModel?modelName=ManifestDTO)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'ReceiptNumber', maps: { [DOCUMENT]: 0 }, cell: (r) => r.po },
        { header: 'CompanyCode', maps: { [ACCOUNT]: 0 }, cell: (r) => r.code },
        { header: 'Name', maps: { [SHIP_TO]: 1 }, cell: (r) => r.company || r.shipTo },
        {
          header: 'Email',
          cell: (r) => `${r.shipTo.split(' ')[0]!.toLowerCase()}.${between(10, 99)}@example.com`,
        },
        { header: 'ProductSkuCode', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'ShipToLine1', cell: (r) => r.street },
        { header: 'ShipToLine2', cell: () => (chance(0.15) ? `Suite ${between(100, 450)}` : '') },
        { header: 'Attention', maps: { [SHIP_TO]: 0 }, cell: (r) => (r.company ? r.shipTo : '') },
        { header: 'City', cell: (r) => r.city },
        { header: 'State', cell: (r) => r.state },
        { header: 'Zip5', cell: (r) => r.zip },
        { header: 'Zip4', cell: () => (chance(0.5) ? digits(4) : '') },
        { header: 'OutboundTrackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'ReturnTrackingNumber', cell: (r) => r.returnLabel },
        {
          header: 'ShippingStatus',
          maps: { [SUPPLIER_STATUS]: 1 },
          cell: (r) => (r.shippedFlag ? pick(['Shipped', 'Delivered']) : 'Pending'),
        },
        {
          header: 'ReceivedAt',
          maps: { [ORDERED]: 0 },
          cell: (r) => `${iso(r.orderDate)}T${time(r.orderDate)}`,
        },
      ],
    });
  }

  // 11. UPS billing data file as a supplier forwards it (SheetJS XLS): no header, the positions of UPS's
  //     billing data dictionary; the PO in Shipment Reference Number 1, lead shipment number and package number.
  {
    const rows = perPackage(
      orderLines({
        orders: 72,
        po: (n) => `45000${String(18_220 + n * 7)}`,
        carriers: ['ups'],
        multi: 0.25,
        partial: 0,
      }),
    );
    add({
      name: 'ups-billing-data-noheader.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      headerless: true,
      source:
        'UPS billing data "Forwarding data dictionary" (pdfcoffee.com/forwarding-data-dictionary-pdf-free.html); UPS, "How do reference numbers display in the billing data file?" (ups.com/content/us/en/resources/sri/exp_9.html)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Version', cell: () => '2.1' },
        { header: 'Recipient Number', cell: () => '0000A7R390' },
        { header: 'Account Number', maps: { [ACCOUNT]: 0 }, cell: () => 'A7R390' },
        { header: 'Account Country', cell: () => 'US' },
        { header: 'Invoice Date', cell: (r) => iso(new Date(r.shipDate.getTime() + 6 * DAY)) },
        {
          header: 'Invoice Number',
          maps: { [DOCUMENT]: 0 },
          cell: (r) => `0000A7R390${r.shipDate.getUTCDate() > 15 ? '482' : '472'}`,
        },
        { header: 'Invoice Type Code', cell: () => 'E' },
        { header: 'Invoice Type Detail Code', cell: () => '' },
        { header: 'Account Tax ID', cell: () => '' },
        { header: 'Invoice Currency Code', cell: () => 'USD' },
        { header: 'Invoice Amount', cell: () => '18422.57' },
        { header: 'Transaction Date', maps: { [SHIPPED]: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'Pickup Record Number', cell: () => (chance(0.3) ? digits(10) : '') },
        { header: 'Lead Shipment Number', maps: { [TRACK]: 0 }, cell: (r) => r.tracking[0]! },
        { header: 'World Ease Number', cell: () => '' },
        { header: 'Shipment Reference Number 1', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Shipment Reference Number 2', maps: { [DOCUMENT]: 0 }, cell: (r) => r.invoice },
        { header: 'Bill Option Code', cell: () => 'P/P' },
        { header: 'Package Quantity', cell: (r) => String(r.tracking.length) },
        { header: 'Oversize Quantity', cell: () => '0' },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.pkg },
        { header: 'Package Reference Number 1', cell: (r) => r.sku },
        { header: 'Package Reference Number 2', cell: () => '' },
        { header: 'Entered Weight', cell: (r) => r.weight.toFixed(1) },
        { header: 'Entered Weight Unit of Measure', cell: () => 'L' },
        { header: 'Billed Weight', cell: (r) => String(Math.ceil(r.weight)) },
      ],
    });
  }

  // 12. Tree-Link order listing (SheetJS XLS): title lines, the shipper's tracking number in
  //     AlternateReferenceNumber joined by '/', merchant order number vs the system's own order number.
  {
    const merchants = ['Copperleaf Living', 'Harbor & Pine Home'];
    const rows = orderLines({
      orders: 76,
      po: (n) => `CL-${String(66_210 + n * 4)}`,
      supplierOrder: (n) => `WMS${String(902_140 + n)}`,
      carriers: ['usps', 'ups'],
      multi: 0.2,
      partial: 0,
    }).map((r) => ({ ...r, merchant: pick(merchants), tl: `TL${digits(10)}` }));
    add({
      name: 'treelink-order-listing.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        'Tree-Link API help, OrderModel resource model (api.tree-link.com/Help/ResourceModel?modelName=OrderModel)',
      titleRows: [['Order Listing — account 300418'], ['Generated on 2026/12/01 07:15'], []],
      unique: 'CustomerPoNumber',
      delimiter: '/',
      rows,
      columns: [
        { header: 'OrderNo', cell: (r) => r.tl },
        { header: 'WarehouseCode', cell: () => pick(['LAX1', 'LAX1', 'NJ02']) },
        { header: 'AccountNo', maps: { [ACCOUNT]: 0 }, cell: () => '300418' },
        { header: 'SenderName', maps: { [SUPPLIER]: 1 }, cell: () => 'Westbay Home Goods Ltd' },
        { header: 'AlternateReferenceNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('/') },
        { header: 'ReferenceNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'ReferenceNumber2', maps: { [DOCUMENT]: 0 }, cell: (r) => r.supplierOrder },
        { header: 'OrderDate', maps: { [ORDERED]: 1 }, cell: (r) => slashYmd(r.orderDate) },
        { header: 'Weight', cell: (r) => String(Math.round(r.weight * 453.6)) },
        { header: 'MerchantName', maps: { [CUSTOMER]: 0 }, cell: (r) => r.merchant },
        { header: 'ParcelDescription', cell: (r) => r.description },
        { header: 'ParcelValue', cell: (r) => money(r.cost * r.ordered * 1.8) },
        { header: 'ParcelItemCount', maps: { [QTY]: 0 }, cell: (r) => String(r.ordered) },
        { header: 'Currency', cell: () => 'USD' },
        { header: 'ConsigneeName', maps: { [SHIP_TO]: 1 }, cell: (r) => r.shipTo },
        { header: 'ConsigneeCity', cell: (r) => r.city },
      ],
    });
  }

  return specs;
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
