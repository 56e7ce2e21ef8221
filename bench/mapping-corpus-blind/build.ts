/**
 * Builds the held-out mapping corpus (bench/mapping-corpus-blind/README.md): order tracking and inventory files
 * whose header spellings come from public documents, written without reading the suggestion engine or its
 * catalogue, each with the mapping a careful person would make beside it (`.labels.json`). Fixed seed, so a
 * rebuild writes the same files. Run: `npx tsx bench/mapping-corpus-blind/build.ts`.
 *
 * Tracking numbers are made here from the carriers' published check-digit rules and then checked against the
 * project's recogniser: a number the recogniser does not call valid stops the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { recogniseTrackingNumber } from '../../packages/contracts/src/tracking-numbers';
import { seededRandom } from '../../packages/contracts/src/tracking-numbers/labelled-set';

const OUT = path.join(import.meta.dirname, 'files');

type Random = () => number;
type Kind = 'order-tracking' | 'inventory';
type Writer = 'csv' | 'sheetjs-xlsx' | 'sheetjs-xls' | 'office-xlsx' | 'office-xls';
/** Field → 1: a person maps this column to it; 0: this column, or leaving the field empty, is right. */
type FieldMarks = Record<string, 0 | 1>;

interface Column<Row> {
  header: string;
  fields?: FieldMarks;
  value: (row: Row, index: number) => string;
}

interface Layout<Row> {
  name: string;
  kind: Kind;
  writer: Writer;
  source: string;
  /** Lines above the header (titles, "exported on", blanks). */
  above?: string[][];
  noHeader?: boolean;
  uniqueColumn: string | null;
  delimiter: string | null;
  rows: Row[];
  columns: Column<Row>[];
}

// ---------------------------------------------------------------- check digits (published rules)

/** UPS 1Z: the 15 characters after 1Z, letters as (code − 63) mod 10; odd places once, even places twice. */
function upsCheck(body: string): string {
  let sum = 0;
  [...body].forEach((char, index) => {
    const value = /\d/.test(char) ? Number(char) : (char.charCodeAt(0) - 63) % 10;
    sum += index % 2 === 1 ? value * 2 : value;
  });
  return String((10 - (sum % 10)) % 10);
}

/** FedEx Express 12 digits: weights 1, 3, 7 from the right of the first 11 digits, sum mod 11 (10 → 0). */
function fedex12Check(body: string): string {
  const weights = [1, 3, 7];
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    sum += Number(char) * weights[index % 3]!;
  });
  return String((sum % 11) % 10);
}

/** GS1 mod 10 (FedEx Ground 15 digits, USPS IMpb 22 digits, UPC-A): 3, 1, 3 … from the right. */
function mod10Check(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    sum += Number(char) * (index % 2 === 0 ? 3 : 1);
  });
  return String((10 - (sum % 10)) % 10);
}

const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const digits = (r: Random, count: number): string =>
  Array.from({ length: count }, () => String(Math.floor(r() * 10))).join('');
const between = (r: Random, low: number, high: number) => low + Math.floor(r() * (high - low + 1));

function checked(number: string, carrier: string): string {
  const recognised = recogniseTrackingNumber(number);
  if (recognised.checkDigit !== 'valid' || recognised.carrier === null)
    throw new Error(`${carrier} number ${number} is not recognised as valid (${JSON.stringify(recognised)})`);
  return number;
}

function ups(r: Random): string {
  const alphanumeric = 'ABCDEFGHJKLMNPRSTVWXY0123456789';
  const shipper = Array.from({ length: 6 }, () => pick(r, [...alphanumeric])).join('');
  const body = `${shipper}${pick(r, ['01', '02', '03', '12', '13'])}${digits(r, 7)}`;
  return checked(`1Z${body}${upsCheck(body)}`, 'UPS');
}

function fedex12(r: Random): string {
  const body = `${pick(r, ['77', '78', '79', '39', '58'])}${digits(r, 9)}`;
  return checked(`${body}${fedex12Check(body)}`, 'FedEx 12');
}

function fedex15(r: Random): string {
  const body = `${pick(r, ['0', '1', '2'])}${digits(r, 13)}`;
  return checked(`${body}${mod10Check(body)}`, 'FedEx 15');
}

function usps22(r: Random): string {
  const body = `${pick(r, ['9400', '9405', '9205', '9361'])}1${digits(r, 16)}`;
  return checked(`${body}${mod10Check(body)}`, 'USPS 22');
}

function upc(r: Random): string {
  const body = `${pick(r, ['0', '6', '8'])}${digits(r, 10)}`;
  return `${body}${mod10Check(body)}`;
}

// ---------------------------------------------------------------- order lines

interface Carrier {
  name: string;
  code: string;
  scac: string;
  slug: string;
  service: string;
  make: (r: Random) => string;
}

const CARRIERS: Carrier[] = [
  { name: 'UPS', code: 'UPS', scac: 'UPSN', slug: 'ups', service: 'UPS Ground', make: ups },
  { name: 'FedEx', code: 'FEDEX', scac: 'FDEG', slug: 'fedex', service: 'FedEx Ground', make: fedex15 },
  { name: 'FedEx', code: 'FEDEX', scac: 'FDEN', slug: 'fedex', service: 'FedEx 2Day', make: fedex12 },
  { name: 'USPS', code: 'USPS', scac: 'USPS', slug: 'usps', service: 'Priority Mail', make: usps22 },
];

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Tomás',
  'Linda',
  'Kevin',
  'Priya',
  'Olumide',
  'Sarah',
  'Dmitri',
  'Grace',
  'Hiro',
];
const LAST = [
  'Okafor',
  'Nguyen',
  'Schmidt',
  'Delgado',
  'Brennan',
  'Kowalski',
  'Haddad',
  'Lindqvist',
  'Patel',
  'Moreau',
];
const STREETS = [
  'Maple Ave',
  'Industrial Pkwy',
  'W 34th St',
  'Harbor Blvd',
  'Elm Ct',
  'Route 9',
  'Commerce Dr',
];
const CITIES: [string, string, string][] = [
  ['Columbus', 'OH', '43215'],
  ['Tacoma', 'WA', '98402'],
  ['Macon', 'GA', '31201'],
  ['Reno', 'NV', '89501'],
  ['Albany', 'NY', '12207'],
  ['Plano', 'TX', '75074'],
];
const PRODUCTS: [string, string][] = [
  ['Logitech MX Keys Wireless Keyboard', 'Logitech'],
  ['HP 67XL Black Ink Cartridge', 'HP'],
  ['Bosch 18V Compact Drill Driver', 'Bosch'],
  ['Rubbermaid 32 gal Brute Container', 'Rubbermaid'],
  ['Weber Spirit Grill Cover', 'Weber'],
  ['Moen Chrome Shower Head', 'Moen'],
  ['Anker USB-C Hub 7-in-1', 'Anker'],
  ['3M Scotch Packing Tape 6pk', '3M'],
];

interface OrderLine {
  po: string;
  lineNo: number;
  orderDate: Date;
  shipDate: Date;
  eta: Date;
  sku: string;
  upc: string;
  product: string;
  brand: string;
  ordered: number;
  shipped: number;
  price: number;
  first: string;
  last: string;
  street: string;
  city: [string, string, string];
  email: string;
  carrier: Carrier;
  tracking: string[];
  internalId: string;
  shipmentId: string;
  status: string;
}

function orderLines(
  r: Random,
  count: number,
  poOf: (n: number) => string,
  multiTracking = false,
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (let n = 0; lines.length < count; n++) {
    const po = poOf(n);
    const orderDate = new Date(Date.UTC(2026, 10, between(r, 1, 20), between(r, 7, 21), between(r, 0, 59)));
    const shipDate = new Date(orderDate.getTime() + between(r, 1, 4) * 86_400_000);
    const eta = new Date(shipDate.getTime() + between(r, 2, 6) * 86_400_000);
    const first = pick(r, FIRST);
    const last = pick(r, LAST);
    const carrier = pick(r, CARRIERS);
    const street = `${between(r, 10, 9800)} ${pick(r, STREETS)}`;
    const city = pick(r, CITIES);
    const lineCount = r() < 0.3 ? 2 : 1;
    for (let line = 1; line <= lineCount && lines.length < count; line++) {
      const [product, brand] = pick(r, PRODUCTS);
      const ordered = pick(r, [1, 1, 1, 2, 2, 3, 4, 6, 12]);
      const shipped = r() < 0.2 ? Math.max(0, ordered - between(r, 1, ordered)) : ordered;
      const packages = multiTracking && r() < 0.45 ? 2 : 1;
      lines.push({
        po,
        lineNo: line,
        orderDate,
        shipDate,
        eta,
        sku: `${brand.slice(0, 3).toUpperCase()}-${digits(r, 5)}`,
        upc: upc(r),
        product,
        brand,
        ordered,
        shipped,
        price: Math.round((5 + r() * 240) * 100) / 100,
        first,
        last,
        street,
        city,
        email: `${first.toLowerCase().replace(/[^a-z]/g, '')}.${last.toLowerCase()}@example.com`,
        carrier,
        tracking: Array.from({ length: packages }, () => carrier.make(r)),
        internalId: digits(r, 7),
        shipmentId: `SH${digits(r, 8)}`,
        status: shipped === 0 ? 'Backordered' : shipped < ordered ? 'Partially Shipped' : 'Shipped',
      });
    }
  }
  return lines;
}

// ---------------------------------------------------------------- date formats

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const isoTime = (d: Date) => `${iso(d)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
const mdy = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const mdyTime = (d: Date) => `${mdy(d)} ${d.getUTCHours()}:${pad(d.getUTCMinutes())}`;
const compact = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
const dMonY = (d: Date) => `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
const money = (n: number) => n.toFixed(2);

// ---------------------------------------------------------------- layouts

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

function orderLayouts(r: Random): Layout<OrderLine>[] {
  return [
    {
      name: 'ebay-order-report.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'eBay Merchant Integration Platform order report (CSV field names) and Sell Fulfillment API shipping fields',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 24, () => `${between(r, 10, 27)}-${digits(r, 5)}-${digits(r, 5)}`),
      columns: [
        { header: 'orderID', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'channelID', value: () => 'EBAY_US' },
        { header: 'merchantOrderID', fields: { documentNumber: 0 }, value: (l) => `SO-${l.internalId}` },
        { header: 'createdDate', fields: { orderDate: 1 }, value: (l) => isoTime(l.orderDate) },
        {
          header: 'buyerID',
          fields: { customerNumber: 0 },
          value: (l) =>
            `${l.first.toLowerCase()}_${l.last.slice(0, 3).toLowerCase()}${l.internalId.slice(0, 2)}`,
        },
        { header: 'buyerEmail', value: (l) => l.email },
        {
          header: 'buyerName',
          fields: { shipToName: 0, customerName: 0 },
          value: (l) => `${l.first} ${l.last}`,
        },
        { header: 'shippedDate', fields: { shippedDate: 1 }, value: (l) => `${isoTime(l.shipDate)}.000Z` },
        { header: 'shippingCarrierCode', fields: { shippingCompany: 1 }, value: (l) => l.carrier.code },
        { header: 'trackingNumber', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
      ],
    },
    {
      name: 'ebay-fulfillment-feed.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'eBay MIP order fulfillment feed (Order ID, Line Item ID, Logistics Status) and the Fulfillment API TrackingInfo model (shipment_tracking_number, shipping_carrier_code)',
      above: [['eBay order fulfillment upload'], ['Batch 2026-11-30 / seller: acme_outlet'], []],
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 18, () => `${between(r, 10, 27)}-${digits(r, 5)}-${digits(r, 5)}`),
      columns: [
        { header: 'Order ID', fields: { [PO]: 1 }, value: (l) => l.po },
        {
          header: 'Line Item ID',
          value: (l) => `${digits(seededRandom(l.lineNo + Number(l.internalId)), 12)}`,
        },
        {
          header: 'Logistics Status',
          fields: { lineStatus: 0, supplierOrderStatus: 0 },
          value: () => 'SHIPPED',
        },
        { header: 'shipping_carrier_code', fields: { shippingCompany: 1 }, value: (l) => l.carrier.code },
        { header: 'shipment_tracking_number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
      ],
    },
    {
      name: 'aftership-order-export.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'AfterShip Tracking "Order CSV Export" parameters and its CSV upload parameters (tracking_number, courier)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 26, (n) => `#${1840 + n}`),
      columns: [
        { header: 'store', value: () => 'Northwind Home' },
        { header: 'source', value: () => 'shopify' },
        { header: 'order_number', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'order_id', value: (l) => `${l.internalId}${l.lineNo}` },
        { header: 'order_date', fields: { orderDate: 1 }, value: (l) => `${isoTime(l.orderDate)}-05:00` },
        { header: 'order_latest_update_date', value: (l) => `${isoTime(l.eta)}-05:00` },
        {
          header: 'fulfillment_status',
          fields: { supplierOrderStatus: 0, lineStatus: 0 },
          value: (l) => (l.shipped < l.ordered ? 'partially_fulfilled' : 'fulfilled'),
        },
        { header: 'payment_status', value: () => 'paid' },
        { header: 'tracking_number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'courier', fields: { shippingCompany: 1 }, value: (l) => l.carrier.slug },
      ],
    },
    {
      name: 'coupa-shippable-trackers.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Coupa flat file "Shippable Tracker Import" columns (starred required columns; Document Number holds the PO when Document Type is PO)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 20, (n) => `PO${4500120 + n * 7}`),
      columns: [
        { header: 'Tracking Number*', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'Carrier*', fields: { shippingCompany: 1 }, value: (l) => l.carrier.slug },
        { header: 'Document Type*', value: () => 'PO' },
        { header: 'Document Number*', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'Note', value: (l) => (l.shipped < l.ordered ? 'balance to follow' : '') },
        { header: 'Delete', value: () => 'false' },
      ],
    },
    {
      name: 'tryton-tracking-numbers-report.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Tryton CSV report "Tracking Numbers" (gist sharoonthomas/3186197): field names and "tracking numbers separated by a space"',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: ' ',
      rows: orderLines(r, 22, (n) => `WEB${70310 + n * 3}`, true),
      columns: [
        { header: 'Order #', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'Effective Date', fields: { shippedDate: 1 }, value: (l) => iso(l.shipDate) },
        { header: 'Division', value: () => pick(r, ['Retail', 'Wholesale']) },
        {
          header: 'Customer',
          fields: { customerName: 0, shipToName: 0 },
          value: (l) => `${l.first} ${l.last}`,
        },
        { header: 'Address', value: (l) => `${l.street}, ${l.city[0]}, ${l.city[1]} ${l.city[2]}` },
        { header: 'Product', value: (l) => l.product },
        { header: 'Product Code', fields: { itemNumber: 1 }, value: (l) => l.sku },
        {
          header: 'Quantity',
          fields: { qtyFulfilled: 0, qty: 0 },
          value: (l) => String(l.shipped || l.ordered),
        },
        { header: 'Shipment Tracking Number(s)', fields: { [TRACK]: 1 }, value: (l) => l.tracking.join(' ') },
        { header: 'Carrier(s)', fields: { shippingCompany: 1 }, value: (l) => l.carrier.name },
      ],
    },
    {
      name: 'shipping-app-order-export.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        "A shipping application's order export template (pastebin b8C0Cdm2: OrderID, OrderDate, ServiceUsed, ShipDate, TrackingNumber, ItemQTY, ItemCode, ItemSKU, ShipAddressName …)",
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 30, (n) => String(100245 + n * 2)),
      columns: [
        { header: 'OrderID', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'OrderDate', fields: { orderDate: 1 }, value: (l) => mdyTime(l.orderDate) },
        { header: 'ShippingTotal', value: () => money(pick(r, [0, 7.95, 12.5])) },
        { header: 'OrderTotal', value: (l) => money(l.price * l.ordered) },
        { header: 'Status', fields: { supplierOrderStatus: 0 }, value: () => 'Shipped' },
        { header: 'ServiceUsed', fields: { shippingCompany: 0 }, value: (l) => l.carrier.service },
        { header: 'ShipDate', fields: { shippedDate: 1 }, value: (l) => mdy(l.shipDate) },
        { header: 'TrackingNumber', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'ItemQTY', fields: { qty: 1 }, value: (l) => String(l.ordered) },
        { header: 'ItemName', value: (l) => l.product },
        { header: 'ItemCode', fields: { itemNumber: 1 }, value: (l) => l.upc },
        { header: 'ItemSKU', fields: { itemNumber: 1 }, value: (l) => l.sku },
        { header: 'ItemTotal', value: (l) => money(l.price * l.ordered) },
        { header: 'ShipAddressName', fields: { shipToName: 1 }, value: (l) => `${l.first} ${l.last}` },
        { header: 'ShipAddressCompany', value: () => '' },
        { header: 'ShipAddress1', value: (l) => l.street },
        { header: 'ShipAddressCity', value: (l) => l.city[0] },
        { header: 'ShipAddressState', value: (l) => l.city[1] },
        { header: 'ShipAddressPostalCode', value: (l) => l.city[2] },
      ],
    },
    {
      name: 'woocommerce-order-export.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'WooCommerce customer/order CSV export columns (pastebin GyL9anNk), the PluginHive "UPS Tracking Number" column and a "shipping_carrier" column added by a row filter (pastebin zjwpwKsG)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 24, (n) => String(4993 + n)),
      columns: [
        { header: 'order_id', fields: { [PO]: 0 }, value: (l) => l.po },
        { header: 'order_number', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'date', fields: { orderDate: 1 }, value: (l) => mdyTime(l.orderDate) },
        { header: 'status', fields: { supplierOrderStatus: 0 }, value: () => 'completed' },
        { header: 'order_total', value: (l) => money(l.price * l.ordered) },
        { header: 'shipping_method', value: () => 'Flat rate' },
        { header: 'billing_email', value: (l) => l.email },
        { header: 'shipping_first_name', fields: { shipToName: 0 }, value: (l) => l.first },
        { header: 'shipping_last_name', fields: { shipToName: 0 }, value: (l) => l.last },
        { header: 'shipping_address_1', value: (l) => l.street },
        { header: 'shipping_postcode', value: (l) => l.city[2] },
        { header: 'shipping_city', value: (l) => l.city[0] },
        { header: 'customer_note', value: () => pick(r, ['', '', 'Leave at back door']) },
        { header: 'UPS Tracking Number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'shipping_carrier', fields: { shippingCompany: 1 }, value: (l) => l.carrier.name },
      ],
    },
    {
      name: 'worldship-shipment-export.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'UPS WorldShip "Shipment Data Field Descriptions" (export fields) and a "PO Number" column as in its Master Invoice PO Number field',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 20, () => `45${digits(r, 6)}`).map((l) => ({
        ...l,
        carrier: CARRIERS[0]!,
        tracking: [ups(r)],
      })),
      columns: [
        { header: 'Void Indicator', value: () => 'N' },
        { header: 'Shipment ID', fields: { documentNumber: 0 }, value: (l) => l.shipmentId },
        { header: 'Lead Tracking Number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'Service Type', value: () => pick(r, ['Ground', 'Next Day Air', '2nd Day Air']) },
        { header: 'Collection date', fields: { shippedDate: 1 }, value: (l) => compact(l.shipDate) },
        {
          header: 'Delivery Date/Transit Time',
          fields: { estimatedArrivalDate: 0 },
          value: (l) => compact(l.eta),
        },
        { header: 'Actual Weight', value: () => String(between(r, 1, 40)) },
        { header: 'Billing Option', value: () => 'Prepaid' },
        { header: 'PO Number', fields: { [PO]: 1 }, value: (l) => l.po },
        {
          header: 'Ship To Company or Name',
          fields: { shipToName: 1 },
          value: (l) => `${l.first} ${l.last}`,
        },
      ],
    },
    {
      name: 'edi-945-elements.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'X12 945 Warehouse Shipping Advice element IDs as an EDI translator flattens them (W06 identification, W27 carrier detail, W12 item detail, MAN marks and numbers)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 24, () => `${digits(r, 10)}`),
      columns: [
        { header: 'W0601', value: () => 'F' },
        { header: 'W0602', fields: { documentNumber: 0 }, value: (l) => `SO${l.internalId}` },
        { header: 'W0603', fields: { shippedDate: 1 }, value: (l) => compact(l.shipDate) },
        { header: 'W0604', value: (l) => l.shipmentId },
        { header: 'W0606', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'W2701', value: () => 'M' },
        { header: 'W2702', fields: { shippingCompany: 0 }, value: (l) => l.carrier.scac },
        { header: 'W1201', fields: { lineStatus: 0 }, value: (l) => (l.shipped < l.ordered ? 'PR' : 'CC') },
        { header: 'W1202', fields: { qty: 1 }, value: (l) => String(l.ordered) },
        { header: 'W1203', fields: { qtyFulfilled: 1 }, value: (l) => String(l.shipped) },
        { header: 'W1206', fields: { itemNumber: 0 }, value: (l) => l.upc },
        { header: 'MAN02', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
      ],
    },
    {
      name: 'acctivate-945-flat-file.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Acctivate "EDI 945 (Warehouse Shipping Advice)" flat file shipment record (Row Type, Consignee Ship ID, Sched Ship Date, Depositor Order #, Shipment #), with SCAC and tracking columns of a 3PL',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 20, (n) => `SO-${31200 + n * 4}`),
      columns: [
        { header: 'Row Type', value: () => 'S' },
        { header: 'Transaction Type', value: () => '945' },
        { header: 'Accounting ID', fields: { accountNumber: 0 }, value: () => 'NWH01' },
        { header: 'Consignee Ship ID', fields: { documentNumber: 0 }, value: (l) => l.shipmentId },
        { header: 'Sched Ship Date', fields: { shippedDate: 1 }, value: (l) => compact(l.shipDate) },
        { header: 'Depositor Order # ', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'Shipment #', value: (l) => String(l.internalId).slice(0, 6) },
        { header: 'SCAC', fields: { shippingCompany: 0 }, value: (l) => l.carrier.scac },
        { header: 'Carrier Tracking #', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
      ],
    },
    {
      name: 'ingram-order-lines.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Ingram Micro Reseller API order detail line fields (xi-sdk-resellers OrderDetailB2BLinesInner) and its customer order number and shipment tracking fields',
      above: [['Order Status Detail'], ['Run 12/01/2026 06:00 CST']],
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 24, (n) => `PO-${88010 + n}`),
      columns: [
        { header: 'customer_order_number', fields: { [PO]: 1 }, value: (l) => l.po },
        {
          header: 'sub_order_number',
          fields: { documentNumber: 0 },
          value: (l) => `20-${l.internalId.slice(0, 5)}-11`,
        },
        { header: 'customer_line_number', value: (l) => String(l.lineNo) },
        {
          header: 'line_status',
          fields: { lineStatus: 1 },
          value: (l) => (l.shipped === 0 ? 'Backordered' : 'Shipped'),
        },
        {
          header: 'ingram_part_number',
          fields: { itemNumber: 0 },
          value: (l) => `${digits(seededRandom(l.sku.length + l.price), 6)}`,
        },
        { header: 'vendor_part_number', fields: { itemNumber: 1 }, value: (l) => l.sku },
        { header: 'vendor_name', fields: { brandName: 1 }, value: (l) => l.brand.toUpperCase() },
        { header: 'part_description', value: (l) => l.product.toUpperCase() },
        { header: 'unit_price', value: (l) => money(l.price) },
        { header: 'quantity_ordered', fields: { qty: 1 }, value: (l) => String(l.ordered) },
        { header: 'quantity_confirmed', fields: { qtyFulfilled: 0 }, value: (l) => String(l.shipped) },
        { header: 'quantity_back_ordered', value: (l) => String(l.ordered - l.shipped) },
        { header: 'upc_code', value: (l) => l.upc },
        {
          header: 'tracking_number',
          fields: { [TRACK]: 1 },
          value: (l) => (l.shipped === 0 ? '' : l.tracking[0]!),
        },
        {
          header: 'carrier_code',
          fields: { shippingCompany: 0 },
          value: (l) => (l.carrier.name === 'UPS' ? 'UG' : l.carrier.name === 'USPS' ? 'PM' : 'FG'),
        },
      ],
    },
    {
      name: 'logicbroker-shipments.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Logicbroker shipment specification and commerceapi.io shipment example (PartnerPO, ShipDate, Carrier, ServiceLevel, TrackingNumber, ContainerCode, SupplierSKU, Quantity)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 28, (n) => `TRU-2026-${pad(0) + String(123 + n * 5)}`),
      columns: [
        { header: 'PartnerPO', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'ShipDate', fields: { shippedDate: 1 }, value: (l) => iso(l.shipDate) },
        { header: 'Carrier', fields: { shippingCompany: 1 }, value: (l) => l.carrier.name },
        { header: 'ServiceLevel', value: (l) => l.carrier.service },
        {
          header: 'ContainerCode',
          value: (l) => `00${l.upc.slice(0, 7)}${digits(seededRandom(Number(l.internalId)), 10)}`,
        },
        { header: 'TrackingNumber', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'UPC', value: (l) => l.upc },
        { header: 'SupplierSKU', fields: { itemNumber: 1 }, value: (l) => l.sku },
        { header: 'LineNumber', value: (l) => String(l.lineNo) },
        {
          header: 'Quantity',
          fields: { qtyFulfilled: 0, qty: 0 },
          value: (l) => String(l.shipped || l.ordered),
        },
        { header: 'Weight', value: () => (1 + r() * 30).toFixed(1) },
      ],
    },
    {
      name: 'jet-shipments-no-header.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'no header row: the values of a Jet.com-style shipment feed (merchant order id, shipment id, tracking, ship date, expected delivery, carrier)',
      noHeader: true,
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 22, (n) => `${digits(r, 4)}${String(n).padStart(4, '0')}`),
      columns: [
        { header: '', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: '', fields: { documentNumber: 0 }, value: (l) => l.shipmentId },
        { header: '', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: '', fields: { shippedDate: 1 }, value: (l) => isoTime(l.shipDate) },
        { header: '', fields: { estimatedArrivalDate: 1 }, value: (l) => isoTime(l.eta) },
        { header: '', fields: { shippingCompany: 1 }, value: (l) => l.carrier.name },
        { header: '', fields: { itemNumber: 0 }, value: (l) => l.sku },
        { header: '', fields: { qtyFulfilled: 0, qty: 0 }, value: (l) => String(l.shipped || l.ordered) },
      ],
    },
    {
      name: 'wineshipping-premium-tracking.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source: 'Wineshipping "Premium Tracking Definitions" column names (an AfterShip-based tracking export)',
      above: [['Premium Tracking'], ['Exported 12/01/2026 07:15'], []],
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 25, (n) => `W${205510 + n * 3}`),
      columns: [
        { header: 'Tracking number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'Order number', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'Shipment title', value: (l) => l.po },
        { header: 'Carrier', fields: { shippingCompany: 1 }, value: (l) => l.carrier.name },
        { header: 'Service', value: (l) => l.carrier.service },
        {
          header: 'Status',
          fields: { supplierOrderStatus: 0, lineStatus: 0 },
          value: () => pick(r, ['In Transit', 'Delivered', 'Out for Delivery']),
        },
        {
          header: 'Sub-status',
          value: () => pick(r, ['Departure scan', 'Arrival scan', 'Delivered to front door']),
        },
        { header: 'Latest event', value: (l) => `${mdy(l.shipDate)} ${l.city[0]}, ${l.city[1]}` },
        { header: 'Origin', value: () => 'Napa, CA' },
        { header: 'Destination', value: (l) => `${l.city[0]}, ${l.city[1]}` },
        { header: 'Transit time', value: () => `${between(r, 1, 6)} days` },
        { header: 'Estimated delivery date', fields: { estimatedArrivalDate: 1 }, value: (l) => mdy(l.eta) },
        { header: 'On-time status', value: () => pick(r, ['On time', 'Late', 'Early']) },
      ],
    },
    {
      name: 'magento-shipments.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Magento shipments table as a data connector lists it (Entity_id, Increment_id, Order_id, Created_at, Total_qty, Shipment_status, Tracks)',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: ',',
      rows: orderLines(r, 20, (n) => String(1200 + n * 3), true),
      columns: [
        { header: 'Entity_id', value: (_l, i) => String(880 + i) },
        { header: 'Increment_id', fields: { documentNumber: 0 }, value: (_l, i) => `000000${880 + i}` },
        { header: 'Order_id', fields: { [PO]: 1 }, value: (l) => l.po },
        {
          header: 'Created_at',
          fields: { shippedDate: 1 },
          value: (l) =>
            `${iso(l.shipDate)} ${pad(l.shipDate.getUTCHours())}:${pad(l.shipDate.getUTCMinutes())}:07`,
        },
        {
          header: 'Total_qty',
          fields: { qtyFulfilled: 0, qty: 0 },
          value: (l) => `${l.shipped || l.ordered}.0000`,
        },
        { header: 'Shipment_status', value: () => '' },
        { header: 'Tracks', fields: { [TRACK]: 1 }, value: (l) => l.tracking.join(',') },
        { header: 'Updated_at', value: (l) => `${iso(l.eta)} 09:12:44` },
      ],
    },
    {
      name: 'oracle-shipment-status.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Oracle Siebel "Shipment Tracking Interface Response" field names (Shipment Identification Number, Shipment Pickup Date, Shipment Reference Number, Shipment Scheduled Delivery Date) beside a "PO Number" column as in the X12 945 W06 segment',
      uniqueColumn: 'CustomerPoNumber',
      delimiter: null,
      rows: orderLines(r, 20, () => `4700${digits(r, 4)}`),
      columns: [
        {
          header: 'Shipment Reference Number',
          value: (l) => `RMA-${l.internalId.slice(0, 4)} DOCK ${between(r, 1, 9)}`,
        },
        { header: 'PO Number', fields: { [PO]: 1 }, value: (l) => l.po },
        { header: 'Shipment Identification Number', fields: { [TRACK]: 1 }, value: (l) => l.tracking[0]! },
        { header: 'Shipment Pickup Date', fields: { shippedDate: 1 }, value: (l) => dMonY(l.shipDate) },
        {
          header: 'Shipment Scheduled Delivery Date',
          fields: { estimatedArrivalDate: 1 },
          value: (l) => dMonY(l.eta),
        },
        { header: 'Shipment Service Description', value: (l) => l.carrier.service },
        { header: 'Response Code', value: () => '1' },
      ],
    },
  ];
}

// ---------------------------------------------------------------- inventory

interface StockItem {
  sku: string;
  merchantSku: string;
  upc: string;
  mpn: string;
  qty: number;
  next: number;
  nextDate: Date;
  cost: number;
  status: string;
  description: string;
}

function stock(r: Random, count: number): StockItem[] {
  return Array.from({ length: count }, (_, n) => {
    const [description, brand] = pick(r, PRODUCTS);
    const qty = r() < 0.15 ? 0 : between(r, 1, 900);
    return {
      sku: `${brand.slice(0, 2).toUpperCase()}${String(10400 + n * 13)}`,
      merchantSku: `M-${digits(r, 6)}`,
      upc: upc(r),
      mpn: `${brand.slice(0, 1)}${digits(r, 4)}-${pick(r, ['A', 'B', 'C'])}`,
      qty,
      next: between(r, 0, 500),
      nextDate: new Date(Date.UTC(2026, 11, between(r, 3, 28))),
      cost: Math.round((3 + r() * 300) * 100) / 100,
      status: qty === 0 ? pick(r, ['discontinued', 'backorder']) : 'active',
      description,
    };
  });
}

function inventoryLayouts(r: Random): Layout<StockItem>[] {
  return [
    {
      name: 'logicbroker-inventory.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Logicbroker "Inventory Specification" CSV sample header (SupplierSKU, MerchantSKU, UPC, ManufacturerSKU, Quantity, Cost, Warehouse, NextAvailableQuantity, Status, LastUpdate …)',
      uniqueColumn: null,
      delimiter: null,
      rows: stock(r, 40),
      columns: [
        { header: 'SupplierSKU', fields: { itemNumberColumnName: 1 }, value: (s) => s.sku },
        { header: 'MerchantSKU', fields: { itemNumberColumnName: 1 }, value: (s) => s.merchantSku },
        { header: 'UPC', value: (s) => s.upc },
        { header: 'ManufacturerSKU', value: (s) => s.mpn },
        { header: 'Quantity', fields: { qtyColumnName: 1 }, value: (s) => String(s.qty) },
        { header: 'Cost', value: (s) => money(s.cost) },
        { header: 'MSRP', value: (s) => money(s.cost * 1.6) },
        { header: 'Warehouse', value: () => 'CHI1' },
        { header: 'NextAvailableQuantity', value: (s) => String(s.next) },
        { header: 'NextAvailableDate', value: (s) => iso(s.nextDate) },
        { header: 'Status', fields: { itemStatusColumnName: 1 }, value: (s) => s.status },
        { header: 'VendorNumber', value: () => 'V10442' },
        { header: 'LastUpdate', value: () => '2026-12-01T05:00:00' },
      ],
    },
    {
      name: 'google-local-inventory.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'Google Merchant Center local inventory feed specification (store_code, id, gtin, quantity, price, availability)',
      uniqueColumn: null,
      delimiter: null,
      rows: stock(r, 35),
      columns: [
        { header: 'store_code', value: () => '465278' },
        { header: 'id', fields: { itemNumberColumnName: 1 }, value: (s) => s.sku },
        { header: 'gtin', value: (s) => `0${s.upc}` },
        { header: 'quantity', fields: { qtyColumnName: 1 }, value: (s) => String(s.qty) },
        { header: 'price', value: (s) => `${money(s.cost * 1.6)} USD` },
        {
          header: 'availability',
          fields: { itemStatusColumnName: 1 },
          value: (s) => (s.qty === 0 ? 'out_of_stock' : s.qty < 5 ? 'limited_availability' : 'in_stock'),
        },
      ],
    },
    {
      name: 'hcl-catentry-inventory.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source:
        'HCL Commerce data load "CatalogEntryInventory" CSV (the keyword line above the header; PartNumber, FulfillmentCenterName, Quantity, QuantityMeasure, Delete)',
      above: [['CatalogEntryInventory']],
      uniqueColumn: null,
      delimiter: null,
      rows: stock(r, 30),
      columns: [
        { header: 'PartNumber', fields: { itemNumberColumnName: 1 }, value: (s) => s.sku },
        { header: 'FulfillmentCenterName', value: () => 'Madisons Home' },
        { header: 'Quantity', fields: { qtyColumnName: 1 }, value: (s) => String(s.qty) },
        { header: 'QuantityMeasure', value: () => 'C62' },
        { header: 'Delete', value: () => '0' },
      ],
    },
    {
      name: 'ingram-price-file.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'Ingram Micro Europe "Price file" contents (SKU, VPN, product description, price, stock, expected delivery)',
      uniqueColumn: null,
      delimiter: null,
      rows: stock(r, 40),
      columns: [
        { header: 'SKU', fields: { itemNumberColumnName: 1 }, value: (s) => s.sku },
        { header: 'VPN', fields: { itemNumberColumnName: 1 }, value: (s) => s.mpn },
        { header: 'Description', value: (s) => s.description },
        { header: 'Price', value: (s) => money(s.cost) },
        { header: 'Stock', fields: { qtyColumnName: 1 }, value: (s) => String(s.qty) },
        { header: 'Expected Delivery', value: (s) => (s.qty === 0 ? dMonY(s.nextDate) : '') },
      ],
    },
    {
      name: 'stock-feed-no-header.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        "no header row: item, UPC, quantity on hand, status, as a distributor's nightly stock feed sends them",
      noHeader: true,
      uniqueColumn: null,
      delimiter: null,
      rows: stock(r, 30),
      columns: [
        { header: '', fields: { itemNumberColumnName: 1 }, value: (s) => s.sku },
        { header: '', value: (s) => s.upc },
        { header: '', fields: { qtyColumnName: 1 }, value: (s) => String(s.qty) },
        { header: '', fields: { itemStatusColumnName: 1 }, value: (s) => (s.qty === 0 ? 'OUT' : 'ACTIVE') },
      ],
    },
  ];
}

// ---------------------------------------------------------------- writing

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

function write(name: string, writer: Writer, table: string[][]): void {
  const target = path.join(OUT, name);
  const csv = `${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  if (writer === 'csv') {
    writeFileSync(target, csv);
    return;
  }
  if (writer === 'sheetjs-xlsx' || writer === 'sheetjs-xls') {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'Sheet1');
    writeFileSync(
      target,
      XLSX.write(book, { type: 'buffer', bookType: writer === 'sheetjs-xls' ? 'biff8' : 'xlsx' }),
    );
    return;
  }
  // LibreOffice, every column imported as text so that the values stay as written.
  const work = mkdtempSync(path.join(tmpdir(), 'mapping-corpus-blind-'));
  try {
    const base = name.replace(/\.[^.]+$/, '');
    writeFileSync(path.join(work, `${base}.csv`), csv);
    const width = Math.max(...table.map((row) => row.length));
    const formats = Array.from({ length: width }, (_, index) => `${index + 1}/2`).join('/');
    const filter = writer === 'office-xls' ? 'xls:MS Excel 97' : 'xlsx:Calc MS Excel 2007 XML';
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${work}/profile`,
        '--headless',
        `--infilter=CSV:44,34,76,1,${formats},1033`,
        '--convert-to',
        filter,
        '--outdir',
        work,
        path.join(work, `${base}.csv`),
      ],
      { stdio: 'ignore' },
    );
    const made = readdirSync(work).find((file) => file.startsWith(base) && !file.endsWith('.csv'));
    if (!made) throw new Error(`LibreOffice did not convert ${name}`);
    writeFileSync(target, readFileSync(path.join(work, made)));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Labels {
  file: string;
  kind: Kind;
  source: string;
  fileHasHeader: boolean;
  headerRowIndex: number | null;
  /** Field → the column a person maps (header text, or the index as a string without a header); a list: any of them is right (null: leaving it empty is right too). Fields not listed: no column. */
  fields: Record<string, string | (string | null)[]>;
  uniqueColumn: string | null;
  secondaryDelimiter: string | null;
}

function labelsOf<Row>(layout: Layout<Row>): Labels {
  const fields: Record<string, (string | null)[]> = {};
  layout.columns.forEach((column, index) => {
    // The importer trims headers, so a header with a trailing space is mapped by either spelling.
    const references = layout.noHeader
      ? [String(index)]
      : [...new Set([column.header, column.header.trim()])];
    for (const [field, mark] of Object.entries(column.fields ?? {})) {
      const list = fields[field] ?? [];
      for (const reference of references) if (!list.includes(reference)) list.push(reference);
      if (mark === 0 && !list.includes(null)) list.push(null);
      fields[field] = list;
    }
  });
  const simplified: Record<string, string | (string | null)[]> = {};
  for (const [field, list] of Object.entries(fields)) simplified[field] = list.length === 1 ? list[0]! : list;
  return {
    file: layout.name,
    kind: layout.kind,
    source: layout.source,
    fileHasHeader: !layout.noHeader,
    headerRowIndex: layout.noHeader ? null : (layout.above?.length ?? 0),
    fields: simplified,
    uniqueColumn: layout.uniqueColumn,
    secondaryDelimiter: layout.delimiter,
  };
}

function build<Row>(layout: Layout<Row>): void {
  const table: string[][] = [...(layout.above ?? [])];
  if (!layout.noHeader) table.push(layout.columns.map((column) => column.header));
  layout.rows.forEach((row, index) => {
    table.push(layout.columns.map((column) => column.value(row, index)));
  });
  write(layout.name, layout.writer, table);
  writeFileSync(
    path.join(OUT, `${layout.name}.labels.json`),
    `${JSON.stringify(labelsOf(layout), null, 2)}\n`,
  );
  console.log(`${layout.name}: ${layout.rows.length} rows`);
}

function main(): void {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const r = seededRandom(3030);
  for (const layout of orderLayouts(r)) build(layout);
  for (const layout of inventoryLayouts(r)) build(layout);
  // The labels in the repository's JSON style, so that `npm run lint` passes on a fresh build.
  execFileSync(
    path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'biome'),
    ['format', '--write', OUT],
    {
      stdio: 'ignore',
    },
  );
}

main();
