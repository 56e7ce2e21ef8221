/**
 * Builds the unseen mapping corpus (bench/mapping-corpus-unseen/README.md): a fifth labelled set, written without
 * reading the engine, its catalogue, its design document or the files, labels and builders of the other corpora.
 * Beside each file goes the mapping a careful person would make (`.labels.json`), committed before the engine
 * first ran on it. Fixed seed, so a rebuild writes the same CSV and SheetJS files byte for byte.
 * Run: `npx tsx bench/mapping-corpus-unseen/build.ts`.
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
const emit = corpusEmitter(FILES, 'mapping-corpus-unseen-');
const random = seededRandom(20261230);

// ---------------------------------------------------------------- small random helpers

const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

// ---------------------------------------------------------------- carriers' check digits (published rules)

type CarrierKey =
  | 'ups'
  | 'fedexExpress'
  | 'fedexGround'
  | 'fedex96'
  | 'usps'
  | 'usps420'
  | 'dhl'
  | 'ontrac'
  | 'dpd'
  | 'postDE'
  | 'postIT';

const TRACKING: Record<CarrierKey, () => string> = {
  ups() {
    const shipper = letters(6, '0123456789ABCDEFGHJKRVWXY');
    const data = `${shipper}${pick(['03', '01', '02', '13'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS', 'ups');
  },
  fedexExpress() {
    const data = `${pick(['77', '78', '39', '28'])}${digits(9)}`;
    return confirmed(`${data}${fedexExpressCheck(data)}`, 'FedEx Express', 'fedex');
  },
  fedexGround() {
    const data = `${pick(['1', '0'])}${digits(13)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'FedEx Ground', 'fedex');
  },
  /** FedEx Ground 96 barcode, 22 digits: the check digit covers the last 15 (the tracking number itself). */
  fedex96() {
    const head = `96${pick(['12019', '12020', '12345'])}`;
    const data = digits(14);
    return confirmed(`${head}${data}${gs1Check(data)}`, 'FedEx Ground 96', 'fedex');
  },
  usps() {
    const data = `${pick(['9400', '9405', '9205', '9361'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
  /** USPS IMpb scanned with its 420 + ZIP routing prefix: 30 digits, the check digit in the last 22. */
  usps420() {
    const data = `${pick(['9400', '9405', '9205'])}1${digits(16)}`;
    return confirmed(
      `420${pick(['43215', '78701', '98402', '30303'])}${data}${gs1Check(data)}`,
      'USPS',
      'usps',
    );
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
      // With a digit check DPD's 15 digits read as FedEx Ground first; DPD prints letters too.
      if (/[A-Z]/.test(check)) return confirmed(`${data}${check}`, 'DPD', 'dpd');
    }
  },
  postDE() {
    const serial = digits(8);
    return confirmed(`${pick(['RR', 'RX', 'CX'])}${serial}${s10Check(serial)}DE`, 'Deutsche Post S10');
  },
  postIT() {
    const serial = digits(8);
    return confirmed(`${pick(['RR', 'CP', 'RA'])}${serial}${s10Check(serial)}IT`, 'Poste Italiane S10');
  },
};

/** A UPC-A with its GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An EAN-13 with its GS1 check digit (German and Italian prefixes). */
function ean13(): string {
  const data = `${pick(['400', '401', '800', '805', '590'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

/** An SSCC-18 (the carton label's serial shipping container code): its check digit holds, it is no tracking number. */
function sscc(): string {
  const data = `0${pick(['0614141', '0850123', '0812345'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Rosa',
  'Ethan',
  'Mei',
  'Jamal',
  'Sofia',
  'Liam',
  'Amara',
  'Noah',
  'Yuki',
  'Caleb',
  'Zainab',
  'Mateo',
  'Hannah',
  'Tobias',
  'Leila',
  'Arjun',
  'Clara',
  'Diego',
];
const FAMILY = [
  'Alvarez',
  'Whitfield',
  'Chen',
  'Robinson',
  'Bianchi',
  'Murphy',
  'Osei',
  'Larsen',
  'Yamamoto',
  'Dubois',
  'Hussain',
  'Novak',
  'McAllister',
  'Santos',
  'de Vries',
  'Kim',
];
const STREETS = ['Birch Ln', 'Sycamore St', 'Bayview Ave', 'Canal Rd', 'Aspen Ct', 'Summit Dr', 'Front St'];
const PLACES: [string, string, string][] = [
  ['Denver', 'CO', '80202'],
  ['Portland', 'OR', '97204'],
  ['Charlotte', 'NC', '28202'],
  ['Omaha', 'NE', '68102'],
  ['Tucson', 'AZ', '85701'],
  ['Albany', 'NY', '12207'],
  ['Knoxville', 'TN', '37902'],
  ['Spokane', 'WA', '99201'],
];
const GOODS: [string, string][] = [
  ['Hiking Backpack 35L, Slate', 'OB-3501'],
  ['Enamel Camping Mug 12 oz', 'CM-1212'],
  ['Trekking Poles, Pair', 'TP-2200'],
  ['Down Throw Blanket, Moss', 'DT-0415'],
  ['French Press 34 oz, Copper', 'FP-3400'],
  ['Headlamp 400 Lumen', 'HL-0400'],
  ['Merino Wool Socks (3 pairs)', 'MS-3003'],
  ['Folding Camp Chair', 'FC-1880'],
  ['Insulated Tumbler 20 oz', 'IT-2020'],
  ['Canvas Tote, Natural', 'CT-0909'],
  ['Ceramic Pour-Over Dripper', 'PO-0102'],
  ['Rain Shell Jacket, M', 'RJ-5524'],
];

const person = () => `${pick(GIVEN)} ${pick(FAMILY)}`;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_1 = Date.UTC(2026, 10, 1, 0, 0);

interface Line {
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
  shipTo: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: CarrierKey;
  tracking: string[];
  shippedFlag: boolean;
}

/** Order lines: `orders` orders, some with a second line; a second package on `multi` of the shipped ones. */
function orderLines(options: {
  orders: number;
  po: (n: number) => string;
  carriers: CarrierKey[];
  multi?: number;
  secondLine?: number;
  unshipped?: number;
  partial?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; n < options.orders; n++) {
    const po = options.po(n);
    const orderDate = new Date(
      NOV_1 + between(0, 20) * DAY + between(8, 19) * HOUR + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 3) * DAY + between(1, 5) * HOUR);
    const eta = new Date(shipDate.getTime() + between(2, 5) * DAY);
    const [city, state, zip] = pick(PLACES);
    const shipTo = person();
    const street = `${between(10, 9899)} ${pick(STREETS)}`;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0);
    const count = chance(options.secondLine ?? 0) ? 2 : 1;
    for (let line = 1; line <= count; line++) {
      const [description, item] = pick(GOODS);
      const ordered = between(1, 5);
      const shipped = shippedFlag ? (chance(options.partial ?? 0.15) ? between(0, ordered - 1) : ordered) : 0;
      const packages = shippedFlag ? (chance(options.multi ?? 0) ? 2 : 1) : 0;
      out.push({
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
        shipTo,
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

// ---------------------------------------------------------------- date spellings

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const isoOffset = (d: Date) => `${iso(d)}T${time(d)}+00:00`;
const ymd = (d: Date) => iso(d).replaceAll('-', '');
const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const usPadded = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const eu = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const unix = (d: Date) => String(Math.floor(d.getTime() / 1000));
const comma = (n: number, places = 2) => n.toFixed(places).replace('.', ',');

// ---------------------------------------------------------------- a file and its labels

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';
const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

// ---------------------------------------------------------------- carrier names and codes as files spell them

const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FEDX',
  fedexGround: 'FDEG',
  fedex96: 'FDEG',
  usps: 'USPS',
  usps420: 'USPS',
  dhl: 'DHLC',
  ontrac: 'EMSY',
  dpd: 'DPDG',
  postDE: 'DPAG',
  postIT: 'PSTI',
};
const NAME: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx Ground',
  fedex96: 'FedEx Ground',
  usps: 'USPS',
  usps420: 'USPS',
  dhl: 'DHL Express',
  ontrac: 'OnTrac',
  dpd: 'DPD',
  postDE: 'Deutsche Post',
  postIT: 'Poste Italiane',
};

const trackingPage = (carrier: CarrierKey, number: string) =>
  carrier === 'dpd'
    ? `https://tracking.dpd.de/status/de_DE/parcel/${number}`
    : carrier === 'ups'
      ? `https://www.ups.com/track?tracknum=${number}`
      : `https://www.deutschepost.de/sendung/simpleQuery.html?form.sendungsnummer=${number}`;

// ---------------------------------------------------------------- order tracking files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<Line>[] = [];

  // 1. Amazon's Amazon-Fulfilled Shipments report (multi-channel fulfilment): tab-separated, two order ids.
  {
    const rows = orderLines({
      orders: 24,
      po: (n) => `NW-${String(51020 + n * 7)}`,
      carriers: ['ups', 'usps', 'fedexGround'],
      secondLine: 0.25,
      partial: 0,
    });
    specs.push({
      name: 'amazon-fulfilled-shipments.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source:
        'Amazon Seller Central "Amazon-Fulfilled Shipments report" field list (sellercentral.amazon.com/gp/help/external/200453120)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'amazon-order-id',
          maps: { documentNumber: 0 },
          cell: (r) =>
            `S01-${r.po.slice(-5)}37-${String((Number(r.po.slice(3)) * 7919) % 10_000_000).padStart(7, '0')}`,
        },
        { header: 'merchant-order-id', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'shipment-id', cell: () => letters(14, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') },
        { header: 'shipment-item-id', cell: () => letters(13, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') },
        { header: 'amazon-order-item-id', cell: () => digits(14) },
        { header: 'merchant-order-item-id', cell: (r) => `${r.po}-${r.line}` },
        { header: 'purchase-date', maps: { orderDate: 1 }, cell: (r) => isoOffset(r.orderDate) },
        {
          header: 'payments-date',
          cell: (r) => isoOffset(new Date(r.orderDate.getTime() + between(0, 40) * 60_000)),
        },
        { header: 'shipment-date', maps: { shippedDate: 1 }, cell: (r) => isoOffset(r.shipDate) },
        {
          header: 'reporting-date',
          cell: (r) => isoOffset(new Date(r.shipDate.getTime() + between(2, 9) * HOUR)),
        },
        {
          header: 'buyer-email',
          cell: (r) => `${r.shipTo.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
        },
        { header: 'buyer-name', maps: { customerName: 1 }, cell: (r) => r.shipTo },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'product-name', cell: (r) => r.description },
        { header: 'quantity-shipped', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'currency', cell: () => 'USD' },
        { header: 'item-price', cell: () => `${between(9, 120)}.${pick(['99', '00', '49'])}` },
        { header: 'ship-service-level', cell: () => pick(['Standard', 'Expedited', 'Standard']) },
        { header: 'recipient-name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'ship-city', cell: (r) => r.city },
        { header: 'ship-state', cell: (r) => r.state },
        { header: 'ship-postal-code', cell: (r) => r.zip },
        { header: 'ship-country', cell: () => 'US' },
        { header: 'carrier', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        { header: 'tracking-number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        {
          header: 'estimated-arrival-date',
          maps: { estimatedArrivalDate: 1 },
          cell: (r) => isoOffset(r.eta),
        },
        { header: 'fulfillment-center-id', cell: () => pick(['PHX7', 'TPA2', 'ONT8', 'BWI2']) },
        { header: 'fulfillment-channel', cell: () => 'AFN' },
        { header: 'sales-channel', cell: () => 'Non-Amazon' },
      ],
    });
  }

  // 2. Duoplane's default tracking upload: SCAC codes as the carrier, several numbers in one cell.
  {
    const rows = orderLines({
      orders: 26,
      po: (n) => `DP${String(20410 + n * 3)}`,
      carriers: ['ups', 'fedexExpress', 'usps'],
      multi: 0.3,
    });
    specs.push({
      name: 'duoplane-tracking-upload.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Duoplane "Upload a Shipment Tracking File", default format (support.duoplane.com/hc/en-us/articles/360047681671)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        { header: 'purchase_order', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'sales_order', cell: (r) => `#${Number(r.po.slice(2)) + 5000}` },
        { header: 'carrier', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        { header: 'tracking_numbers', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(',') },
        { header: 'ship_date', maps: { shippedDate: 1 }, cell: (r) => usPadded(r.shipDate) },
        {
          header: 'vendor_invoice_reference',
          maps: { documentNumber: 0 },
          cell: (_, i) => `INV-${String(88120 + i)}`,
        },
        { header: 'vendor_invoice_amount', cell: () => `${between(18, 340)}.${pick(['00', '50', '95'])}` },
      ],
    });
  }

  // 3. DistributorCentral's order shipment notification CSV, as a supplier's export in Excel: camelCase headers.
  {
    const accounts = ['10442', '10457', '11803'];
    const rows = orderLines({
      orders: 24,
      po: () => `PO${between(300000, 399999)}`,
      carriers: ['ups', 'fedex96'],
      partial: 0.2,
    });
    specs.push({
      name: 'distributorcentral-shipment-notification.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'DistributorCentral "Order Shipment Notification CSV Field Description" (supplier-support.distributorcentral.com/hc/en-us/articles/13771997258125)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'customerAccountNumber',
          maps: { accountNumber: 1, customerNumber: 0 },
          cell: (_, i) => accounts[i % 3]!,
        },
        { header: 'purchaseOrderNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'purchaseOrderShippedInFull', cell: (r) => (r.shipped === r.ordered ? 'TRUE' : 'FALSE') },
        {
          header: 'salesOrderNumber',
          maps: { documentNumber: 0 },
          cell: (r) => `SO-${Number(r.po.slice(2)) - 211000}`,
        },
        { header: 'salesOrderShippedInFull', cell: (r) => (r.shipped === r.ordered ? 'TRUE' : 'FALSE') },
        { header: 'destinationShippedInFull', cell: () => 'TRUE' },
        { header: 'customerPickup', cell: () => 'FALSE' },
        { header: 'shipFrom_companyName', cell: () => 'Summit Promo Supply' },
        { header: 'shipFrom_city', cell: () => 'Gardner' },
        { header: 'shipFrom_region', cell: () => 'KS' },
        { header: 'shipFrom_postalCode', cell: () => '66030' },
        { header: 'shipTo_destinationType', cell: () => pick(['Commercial', 'Residential']) },
        { header: 'shipTo_attentionTo', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        {
          header: 'shipTo_companyName',
          maps: { customerName: 0 },
          cell: (r) => `${r.shipTo.split(' ')[1]} ${pick(['Dental', 'Realty', 'Roofing', 'Credit Union'])}`,
        },
        { header: 'shipTo_address1', cell: (r) => r.street },
        { header: 'shipTo_city', cell: (r) => r.city },
        { header: 'shipTo_region', cell: (r) => r.state },
        { header: 'shipTo_postalCode', cell: (r) => r.zip },
        { header: 'shipTo_country', cell: () => 'US' },
        { header: 'package_trackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'package_carrier', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        {
          header: 'package_shipmentDate',
          maps: { shippedDate: 1 },
          cell: (r) => `${iso(r.shipDate)} ${pad(r.shipDate.getUTCHours())}:00:00.000`,
        },
        {
          header: 'package_shipmentMethod',
          cell: (r) => (r.carrier === 'ups' ? pick(['Ground', '2 Day Air']) : 'Home Delivery'),
        },
      ],
    });
  }

  // 4. Logicbroker's shipment CSV (dotted field names), as an XLSX: three dates, an SSCC beside the tracking number.
  {
    const rows = orderLines({
      orders: 22,
      po: () => `15${digits(8)}`,
      carriers: ['ups', 'ontrac', 'dhl'],
      secondLine: 0.3,
    });
    specs.push({
      name: 'logicbroker-shipment.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Logicbroker "Shipment Specifications" and "Acknowledgement CSV Supplier Standard" (help.logicbroker.com/hc/en-us/articles/360022058371, …/115000376566)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Identifier.LinkKey', cell: (_, i) => String(7_340_112 + i * 13) },
        {
          header: 'ShipmentNumber',
          maps: { documentNumber: 0 },
          cell: (r) => `SHP_${r.po}`,
        },
        { header: 'ShipmentDate', maps: { shippedDate: 1 }, cell: (r) => iso(r.shipDate) },
        { header: 'PartnerPO', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'OrderDate', maps: { orderDate: 1, poDate: 0 }, cell: (r) => iso(r.orderDate) },
        { header: 'OrderNumber', cell: (r) => String(Number(r.po.slice(4)) + 2_100_000) },
        { header: 'VendorNumber', cell: () => 'V20417' },
        { header: 'BillofLading', cell: () => '' },
        { header: 'ExpectedDeliveryDate', maps: { estimatedArrivalDate: 1 }, cell: (r) => iso(r.eta) },
        { header: 'ShipToAddress.CompanyName', maps: { shipToName: 1 }, cell: (r) => r.shipTo.toUpperCase() },
        { header: 'ShipToAddress.City', cell: (r) => r.city },
        { header: 'ShipToAddress.State', cell: (r) => r.state },
        { header: 'ShipmentLines.LineNumber', cell: (r) => String(r.line) },
        { header: 'ShipmentLines.SupplierSKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'ShipmentLines.UPC', cell: (r) => r.upc },
        {
          header: 'ShipmentLines.Quantity',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => String(r.shipped),
        },
        { header: 'ShipmentLine.ShipmentInfo.ContainerCode', cell: () => sscc() },
        {
          header: 'ShipmentLine.ShipmentInfo.TrackingNumber',
          maps: { [TRACK]: 1 },
          cell: (r) => r.tracking[0]!,
        },
        {
          header: 'ShipmentLine.ShipmentInfo.CarrierCode',
          maps: { shippingCompany: 1 },
          cell: (r) => SCAC[r.carrier],
        },
      ],
    });
  }

  // 5. 35up's daily shipments.csv from a German vendor: a UNIX timestamp and a URL holding the number.
  {
    const rows = orderLines({
      orders: 28,
      po: () => `35U${digits(7)}`,
      carriers: ['dpd', 'ups', 'postDE'],
      secondLine: 0.3,
      partial: 0,
    });
    specs.push({
      name: '35up-shipments.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source: '35up vendor documentation "Shipment file" (wf.35up.com/docu-articles/shipment-file)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'shipment_id', maps: { documentNumber: 0 }, cell: (r) => `LS${r.po.slice(3)}` },
        { header: 'order_id', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'item_id', cell: (r) => `${r.po.slice(-4)}${r.line}` },
        { header: 'item_sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'shipped_qty', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'shipped_at', maps: { shippedDate: 0 }, cell: (r) => unix(r.shipDate) },
        { header: 'shipping_provider', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        { header: 'shipping_method', cell: () => pick(['standard', 'standard', 'express']) },
        { header: 'tracking_code', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        { header: 'tracking_url', cell: (r) => trackingPage(r.carrier, r.tracking[0]!) },
      ],
    });
  }

  // 6. ChannelAdvisor's shipping and tracking upload, SKU level: USPS numbers with their 420 ZIP prefix.
  {
    const rows = orderLines({
      orders: 25,
      po: () => `${between(4100000, 4199999)}`,
      carriers: ['usps420', 'ups'],
      secondLine: 0.25,
    });
    specs.push({
      name: 'channeladvisor-shipping-tracking.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        'ChannelAdvisor "The Import Shipping and Tracking File Template" (ssc.channeladvisor.com/howto/import-shipping-and-tracking-file-template)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Invoice Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Quantity', maps: { qtyFulfilled: 1, qty: 0 }, cell: (r) => String(r.shipped) },
        { header: 'DC Code', cell: () => pick(['DC1', 'DC1', 'DC3']) },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => us(r.shipDate) },
        { header: 'Shipping Carrier', maps: { shippingCompany: 1 }, cell: (r) => NAME[r.carrier] },
        {
          header: 'Shipping Class',
          cell: (r) => (r.carrier === 'ups' ? 'Ground' : pick(['Priority Mail', 'Ground Advantage'])),
        },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Seller Shipping Cost', cell: () => `${between(4, 19)}.${digits(2)}` },
      ],
    });
  }

  // 7. OrderLogix ship confirmation, header records only: no header row, every field quoted, numbers joined by "|".
  {
    const rows = orderLines({
      orders: 30,
      po: () => `${between(1_200_000, 1_299_999)}`,
      carriers: ['ups', 'fedexExpress'],
      multi: 0.35,
    });
    specs.push({
      name: 'orderlogix-ship-confirmations.csv',
      kind: 'order-tracking',
      writer: 'csv',
      quoteAll: true,
      headerless: true,
      source:
        'OrderLogix "OLX Ship Confirmation Import v5.0", shipping order record layout (support.orderlogix.com/portal/en/kb/articles/olx-ship-confirmation-import-v5-0)',
      unique: 'CustomerPoNumber',
      delimiter: '|',
      rows,
      columns: [
        { header: 'Record Type', cell: () => 'O' },
        { header: 'OrderLogix Shipment ID', maps: { [PO]: 1 }, cell: (r) => r.po },
        {
          header: 'Warehouse Shipment ID',
          maps: { documentNumber: 0 },
          cell: (_, i) => `W${String(600410 + i * 7)}`,
        },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => usPadded(r.shipDate) },
        {
          header: 'CARRIER',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.carrier === 'ups' ? 'UPS' : 'FEDEX'),
        },
        { header: 'Tracking Numbers', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('|') },
        {
          header: 'Class of Service',
          cell: (r) => (r.carrier === 'ups' ? 'GROUND' : pick(['2DAY', 'STANDARD OVERNIGHT'])),
        },
        { header: 'Total Order Lines', cell: (_, i) => String(1 + (i % 3)) },
        // Fewer lines shipped than ordered now and then: the order shipped in part.
        { header: 'Total Shipped Lines', cell: (_, i) => String(i % 7 === 3 ? i % 3 : 1 + (i % 3)) },
        { header: 'Freight', cell: () => `${between(6, 24)}.${digits(2)}` },
        { header: 'Notes', cell: () => '' },
      ],
    });
  }

  // 8. A Home Depot drop-ship 856 flattened by a translator to pipes: element ids as headers, an SSCC per carton.
  {
    const rows = orderLines({
      orders: 22,
      po: () => `${between(10, 99)}${digits(6)}`,
      carriers: ['ups', 'fedexGround'],
      secondLine: 0.3,
      partial: 0.2,
    });
    specs.push({
      name: 'homedepot-856-dropship-flat.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '|',
      source:
        'The Home Depot X12 856 Dropship Ship Notice/Manifest (4060) as Stedi publishes it (stedi.com/app/guides/view/home-depot/856/01H66G73BCHXYRX8NKD0PTGTHV); the element-id headers are a translator’s',
      titleRows: [['856 flat export - THE HOME DEPOT DROPSHIP', 'X12 004060', 'created 20261128 0540']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'BSN02',
          maps: { documentNumber: 0 },
          cell: (r) => `ASN${ymd(r.shipDate).slice(2)}${r.po.slice(-3)}`,
        },
        { header: 'BSN03', maps: { shippedDate: 0 }, cell: (r) => ymd(r.shipDate) },
        { header: 'DTM02_011', maps: { shippedDate: 1 }, cell: (r) => ymd(r.shipDate) },
        { header: 'DTM02_017', maps: { estimatedArrivalDate: 1 }, cell: (r) => ymd(r.eta) },
        { header: 'TD503', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
        {
          header: 'TD505',
          cell: (r) => (r.carrier === 'ups' ? 'UPS GROUND' : 'FEDEX HOME DELIVERY'),
        },
        { header: 'REF02_CN', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'PRF01', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'PRF04', maps: { poDate: 1 }, cell: (r) => ymd(r.orderDate) },
        { header: 'REF02_CO', cell: (r) => `W${Number(r.po) + 402_000_000}` },
        { header: 'N102_ST', maps: { shipToName: 1 }, cell: (r) => r.shipTo.toUpperCase() },
        { header: 'N403_ST', cell: (r) => r.zip },
        { header: 'MAN02_GM', cell: () => sscc() },
        {
          header: 'LIN03_SK',
          maps: { itemNumber: 0 },
          cell: (r) => String(100000 + (Number(r.item.slice(3)) % 900000)),
        },
        { header: 'LIN05_VN', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'LIN07_UP', cell: (r) => r.upc },
        { header: 'SN102', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'SN103', cell: () => 'EA' },
        { header: 'SN105', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
      ],
    });
  }

  // 9. A NetSuite item fulfillment saved search exported to Excel: title lines, numbers joined by spaces.
  {
    const rows = orderLines({
      orders: 24,
      po: () => `ACR-${between(70000, 79999)}`,
      carriers: ['ups', 'fedexExpress'],
      multi: 0.3,
      secondLine: 0.2,
      unshipped: 0.1,
    });
    specs.push({
      name: 'netsuite-item-fulfillments.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'NetSuite item fulfillment saved search export; headers typed (NetSuite field labels), no document read',
      titleRows: [
        ['Ridgeline Outfitters, Inc.'],
        ['Item Fulfillment Tracking Search'],
        ['11/1/2026 – 11/30/2026'],
        [],
      ],
      unique: 'CustomerPoNumber',
      delimiter: ' ',
      rows,
      columns: [
        { header: 'Date', maps: { shippedDate: 1 }, cell: (r) => us(r.shipDate) },
        {
          header: 'Document Number',
          maps: { documentNumber: 0 },
          cell: (_, i) => `IF${String(118230 + i)}`,
        },
        {
          header: 'Created From',
          maps: { documentNumber: 0 },
          cell: (r) => `Sales Order #SO${Number(r.po.slice(4)) - 20000}`,
        },
        { header: 'PO/Check Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Customer', maps: { customerName: 0 }, cell: () => 'Acorn Retail Group' },
        {
          header: 'Ship To',
          maps: { shipToName: 0 },
          cell: (r) => `${r.shipTo}, ${r.street}, ${r.city} ${r.state} ${r.zip}`,
        },
        {
          header: 'Status',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'Shipped' : pick(['Picked', 'Packed'])),
        },
        { header: 'Item', maps: { itemNumber: 1 }, cell: (r) => r.item },
        {
          header: 'Quantity',
          maps: { qtyFulfilled: 1, qty: 0 },
          cell: (r) => String(r.shippedFlag ? r.shipped : 0),
        },
        {
          header: 'Ship Via',
          maps: { shippingCompany: 1 },
          cell: (r) =>
            r.carrier === 'ups' ? 'UPS Ground' : pick(['FedEx 2Day', 'FedEx Standard Overnight']),
        },
        { header: 'Tracking Numbers', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' ') },
        { header: 'Memo', cell: (_, i) => (i % 6 === 2 ? 'Leave at side door' : '') },
      ],
    });
  }

  // 10. An Italian distributor's list of shipped delivery notes (DDT): semicolons, decimal commas, dd/mm/yyyy.
  {
    const rows = orderLines({
      orders: 24,
      po: () => `OA-${between(2026000, 2026999)}`,
      carriers: ['postIT', 'dhl', 'ups'],
      secondLine: 0.3,
      unshipped: 0.1,
      partial: 0.25,
    });
    const notes = new Map<string, string>();
    specs.push({
      name: 'ddt-spediti-it.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'An Italian distributor’s shipped delivery-note list; headers typed (common Italian ERP wording), no document read',
      titleRows: [['Elenco DDT spediti - Forniture Adriatiche S.r.l. - novembre 2026']],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        {
          header: 'Numero DDT',
          maps: { documentNumber: 0 },
          cell: (r) => {
            if (!notes.has(r.po)) notes.set(r.po, `${1840 + notes.size}/A`);
            return notes.get(r.po)!;
          },
        },
        { header: 'Data DDT', maps: { shippedDate: 1 }, cell: (r) => eu(r.shipDate) },
        { header: 'Rif. ordine cliente', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Data ordine cliente', maps: { poDate: 1, orderDate: 0 }, cell: (r) => eu(r.orderDate) },
        { header: 'Codice articolo', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Descrizione', cell: (r) => r.description },
        { header: 'Q.tà ordinata', maps: { qty: 1 }, cell: (r) => comma(r.ordered) },
        { header: 'Q.tà spedita', maps: { qtyFulfilled: 1 }, cell: (r) => comma(r.shipped) },
        { header: 'Destinatario', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'Località', cell: () => pick(['Pescara (PE)', 'Ancona (AN)', 'Bari (BA)', 'Rimini (RN)']) },
        {
          header: 'Vettore',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'N. spedizione', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'Stato riga',
          maps: { lineStatus: 1 },
          cell: (r) => (r.shipped === 0 ? 'Inevasa' : r.shipped < r.ordered ? 'Parzialmente evasa' : 'Evasa'),
        },
      ],
    });
  }

  // 11. A FedEx Ship Manager shipment detail report: title lines, a master number beside each piece's number.
  {
    const base = orderLines({
      orders: 22,
      po: () => `${between(560000, 569999)}`,
      carriers: ['fedexExpress', 'fedex96'],
      partial: 0,
    });
    // A multi-piece shipment prints one row per piece, each with its own number and the first piece's as master.
    const rows: (Line & { master: string })[] = [];
    for (const line of base) {
      rows.push({ ...line, master: line.tracking[0]! });
      if (chance(0.25))
        rows.push({ ...line, tracking: [TRACKING[line.carrier]()], master: line.tracking[0]! });
    }
    specs.push({
      name: 'fedex-ship-manager-shipment-detail.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'FedEx Ship Manager shipment detail report; headers typed after FedEx’s reference fields (Customer Reference, P.O. Number, Invoice Number, Department Number), no report document read',
      titleRows: [
        ['FedEx Ship Manager - Shipment Detail Report'],
        ['Account 6123-4567-8', 'Printed 11/28/2026'],
        [],
      ],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows: rows as unknown as Line[],
      columns: [
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => usPadded(r.shipDate) },
        { header: 'Master Tracking Number', cell: (r) => (r as Line & { master: string }).master },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0]! },
        {
          header: 'Service Type',
          cell: (r) =>
            r.carrier === 'fedex96'
              ? 'FedEx Home Delivery'
              : pick(['FedEx 2Day', 'FedEx Priority Overnight']),
        },
        { header: 'Recipient Contact Name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
        { header: 'Recipient City', cell: (r) => r.city },
        { header: 'Recipient State', cell: (r) => r.state },
        { header: 'Customer Reference', cell: (r) => `WEB${Number(r.po) - 330000}` },
        { header: 'P.O. Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Invoice Number', maps: { documentNumber: 0 }, cell: (r) => `${Number(r.po) + 91000}` },
        { header: 'Department Number', cell: () => pick(['12', '12', '40']) },
        { header: 'Number of Packages', cell: () => String(between(1, 2)) },
        { header: 'Weight (lbs)', cell: () => `${between(1, 40)}.${between(0, 9)}` },
        { header: 'Net Charge', cell: () => `${between(9, 88)}.${digits(2)}` },
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
  ean: string;
  onHand: number;
  reserved: number;
  available: number;
  inbound: number;
  unsellable: number;
  reorder: number;
  price: number;
  discontinued: boolean;
}

function stockRows(count: number, sku: (n: number) => string): Stock[] {
  return Array.from({ length: count }, (_, n) => {
    const onHand = chance(0.15) ? 0 : between(1, 640);
    const reserved = Math.min(onHand, between(0, 15));
    const [name] = pick(GOODS);
    return {
      sku: sku(n),
      name,
      upc: upc(),
      ean: ean13(),
      onHand,
      reserved,
      available: onHand - reserved,
      inbound: chance(0.35) ? between(24, 300) : 0,
      unsellable: chance(0.2) ? between(1, 4) : 0,
      reorder: pick([5, 10, 15, 24]),
      price: between(5, 180) + pick([0.99, 0.5, 0.95, 0]),
      discontinued: chance(0.12),
    };
  });
}

function inventoryFiles(): FileSpec<never>[] {
  const specs: FileSpec<Stock>[] = [];

  // 1. Amazon's Manage FBA Inventory report: many quantity columns; afn-fulfillable-quantity is what sells.
  {
    const rows = stockRows(34, (n) => `RO-${String(3100 + n * 11)}`);
    specs.push({
      name: 'amazon-fba-manage-inventory.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Amazon "Manage FBA Inventory" report columns; afn-warehouse-quantity (column J) and afn-fulfillable-quantity (column K) as Sellercloud documents them (wiki.sellercloud.com/inventory-management/fba-inbound-shipments/fba-inventory)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'fnsku', cell: () => `X00${letters(7, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}` },
        { header: 'asin', cell: () => `B0${letters(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}` },
        { header: 'product-name', cell: (r) => r.name },
        { header: 'condition', cell: () => 'New' },
        { header: 'your-price', cell: (r) => r.price.toFixed(2) },
        { header: 'mfn-listing-exists', cell: () => 'No' },
        { header: 'mfn-fulfillable-quantity', cell: () => '' },
        { header: 'afn-listing-exists', cell: () => 'Yes' },
        { header: 'afn-warehouse-quantity', cell: (r) => String(r.onHand + r.unsellable) },
        { header: 'afn-fulfillable-quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'afn-unsellable-quantity', cell: (r) => String(r.unsellable) },
        { header: 'afn-reserved-quantity', cell: (r) => String(r.reserved) },
        { header: 'afn-total-quantity', cell: (r) => String(r.onHand + r.unsellable + r.inbound) },
        { header: 'per-unit-volume', cell: () => `0.${digits(2)}` },
        { header: 'afn-inbound-working-quantity', cell: () => '0' },
        { header: 'afn-inbound-shipped-quantity', cell: (r) => String(r.inbound) },
        { header: 'afn-inbound-receiving-quantity', cell: () => String(pick([0, 0, 6, 12])) },
      ],
    });
  }

  // 2. A Mirakl marketplace offers file: "state" is the offer's condition code, not whether it can be sold.
  {
    const rows = stockRows(30, (n) => `MK${String(77010 + n * 5)}`);
    specs.push({
      name: 'mirakl-offers.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'Mirakl offers import template (OF01); column names typed as Mirakl operators publish them, not checked in a document here',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'product-id', cell: (r) => r.ean },
        { header: 'product-id-type', cell: () => 'EAN' },
        { header: 'description', cell: (r) => r.name },
        { header: 'internal-description', cell: () => '' },
        { header: 'price', cell: (r) => r.price.toFixed(2) },
        { header: 'price-additional-info', cell: () => '' },
        { header: 'quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'min-quantity-alert', cell: (r) => String(r.reorder) },
        { header: 'state', cell: () => '11' },
        { header: 'available-start-date', cell: () => '' },
        { header: 'available-end-date', cell: (r) => (r.discontinued ? '2026-12-31' : '') },
        { header: 'logistic-class', cell: () => pick(['S', 'M', 'M', 'L']) },
        { header: 'leadtime-to-ship', cell: () => String(pick([1, 2, 2, 3])) },
        { header: 'update-delete', cell: () => 'update' },
      ],
    });
  }

  // 3. Logicbroker's inventory CSV: the supplier's SKU beside the retailer's, a next-available quantity.
  {
    const rows = stockRows(32, (n) => `SUP-${String(4400 + n * 3)}`);
    specs.push({
      name: 'logicbroker-inventory.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Logicbroker "Inventory Specification" field descriptions (help.logicbroker.com/hc/en-us/articles/360022025472)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'SupplierSKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'MerchantSKU', maps: { [ITEM]: 0 }, cell: (r) => `${Number(r.sku.slice(4)) + 880000}` },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'ManufacturerSKU', cell: () => `MFG-${digits(4)}` },
        { header: 'Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'Cost', cell: (r) => (r.price * 0.52).toFixed(2) },
        { header: 'MSRP', cell: (r) => r.price.toFixed(2) },
        { header: 'Description', cell: (r) => r.name },
        { header: 'Warehouse', cell: () => pick(['WH1', 'WH1', 'WH2']) },
        { header: 'NextAvailableQuantity', cell: (r) => String(r.inbound) },
        {
          header: 'NextAvailableDate',
          cell: (r) => (r.inbound > 0 ? iso(new Date(NOV_1 + between(35, 60) * DAY)) : ''),
        },
      ],
    });
  }

  // 4. Mercateo's availability file: two columns, semicolons, and by the specification no header row.
  {
    const rows = stockRows(40, (n) => `${String(8_120_400 + n * 17)}`);
    specs.push({
      name: 'mercateo-availability-noheader.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: ';',
      headerless: true,
      source:
        'Mercateo "File disponibilità in formato CSV" (mercateo.it/corporate/assistenza-clienti/interfacce/richiesta-disponibilita-magazzino/file-disponibilit-formato-csv/)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'SUPPLIER_AID', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'QUANTITY', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
      ],
    });
  }

  // 5. An Italian business software's "Quantità in stock" export: tab-separated, Italian headers.
  {
    const rows = stockRows(28, (n) => `A${String(10230 + n * 4)}`);
    specs.push({
      name: 'quantita-in-stock-it.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: '\t',
      source:
        'Import/export format "Quantità in stock" of an Italian business application (om-bm.knowledgebase.co/article-1575.html)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Codice articolo', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Denominazione breve', cell: (r) => r.name },
        {
          header: "Quantità registrata al momento dell'inventario",
          maps: { [QTY]: 1 },
          cell: (r) => String(r.onHand),
        },
      ],
    });
  }

  // 6. Google's local product inventory feed: availability words beside a quantity, a merchant id on every row.
  {
    const rows = stockRows(30, (n) => `LP${String(5010 + n * 9)}`);
    const availability = (r: Stock) =>
      r.available === 0 ? 'out_of_stock' : r.available <= 2 ? 'limited_availability' : 'in_stock';
    specs.push({
      name: 'google-local-inventory.xls',
      kind: 'inventory',
      writer: 'office-xls',
      source:
        'Google Merchant Center "About the product inventory feed specification" (support.google.com/merchants/answer/7677785)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'target_customer_id', cell: () => '112339909' },
        { header: 'store_code', cell: (_, i) => (i < 15 ? '465278' : '465301') },
        { header: 'id', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'gtin', cell: (r) => r.upc },
        { header: 'availability', maps: { [STATUS]: 0 }, cell: (r) => availability(r) },
        { header: 'quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'price', cell: (r) => `${r.price.toFixed(2)} USD` },
        { header: 'timestamp', cell: () => `2026-11-30T0${between(5, 7)}:${pad(between(0, 59))}:00-05:00` },
        { header: 'pickup_sla', cell: () => pick(['same day', 'next day', '2-day']) },
      ],
    });
  }

  // 7. A Polish wholesaler's stock list: Polish headers, title lines, reserved before available, a status column.
  {
    const rows = stockRows(30, (n) => `IND-${String(20150 + n * 7)}`);
    specs.push({
      name: 'stany-magazynowe-pl.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source: 'A Polish wholesaler’s stock list; headers typed (common Polish ERP wording), no document read',
      titleRows: [['Stany magazynowe - Hurtownia Wisła Sp. z o.o.'], ['Stan na dzień: 30.11.2026']],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Indeks', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Nazwa towaru', cell: (r) => r.name },
        { header: 'Kod EAN', cell: (r) => r.ean },
        { header: 'Stan', cell: (r) => String(r.onHand) },
        { header: 'Rezerwacja', cell: (r) => String(r.reserved) },
        { header: 'Dostępne', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'Status', maps: { [STATUS]: 1 }, cell: (r) => (r.discontinued ? 'Wycofany' : 'Aktywny') },
        { header: 'Cena netto', cell: (r) => comma(r.price) },
        { header: 'Termin dostawy', cell: (r) => (r.inbound > 0 ? `${between(3, 21)} dni` : '') },
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
  { stdio: 'ignore' },
);
