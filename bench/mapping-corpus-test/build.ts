/**
 * Builds the test mapping corpus (bench/mapping-corpus-test/README.md): the final, second held-out set, written
 * without reading the suggestion engine, its catalogue or the other two corpora. Each file gets the mapping a
 * careful person would make beside it (`.labels.json`), written before the engine first ran on it. Fixed seed,
 * so a rebuild writes the same files. Run: `npx tsx bench/mapping-corpus-test/build.ts`.
 *
 * Tracking numbers are computed here from the carriers' published check-digit rules and then passed through the
 * project's recogniser: any number it does not call valid stops the build.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { recogniseTrackingNumber } from '../../packages/contracts/src/tracking-numbers';
import { seededRandom } from '../../packages/contracts/src/tracking-numbers/labelled-set';

const OUT = path.join(import.meta.dirname, 'files');
const r = seededRandom(4242);

type Output = 'csv' | 'sheetjs-xlsx' | 'sheetjs-xls' | 'office-xlsx' | 'office-xls';
/**
 * 1: a person maps this column to the field; 0: this column is right for it too, and where no column of the file
 * has a 1 for the field, leaving it empty is right as well (undefined: no mark).
 */
type Marks = Record<string, 0 | 1 | undefined>;
interface Col {
  h: string;
  m?: Marks;
  v: (i: number) => string;
}
interface Spec<T = unknown> {
  name: string;
  kind: 'order-tracking' | 'inventory';
  out: Output;
  source: string;
  above?: string[][];
  headerless?: boolean;
  unique: string | null;
  delimiter: string | null;
  data: T[];
  cols: (item: T) => Col[];
}

// ---------------------------------------------------------------- randomness

const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const one = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
const numeric = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('');

// ---------------------------------------------------------------- check digits, each from its published rule

/** UPS 1Z (UPS Developer Kit tracking guide): letters map to (ASCII − 63) mod 10; even positions doubled; 10 − sum mod 10. */
function upsDigit(body: string): number {
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    const n = c >= '0' && c <= '9' ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    total += i % 2 ? 2 * n : n;
  }
  return (10 - (total % 10)) % 10;
}
/** GS1 modulo 10 (USPS IMpb, FedEx Ground 96/15-digit, UPC-A): weights 3, 1 from the rightmost data digit. */
function gs1Digit(body: string): number {
  let total = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) total += Number(body[i]) * w;
  return (10 - (total % 10)) % 10;
}
/** FedEx Express 12 digits: weights 1, 3, 7 repeating from the right over the first 11, sum mod 11, 10 → 0. */
function fedexDigit(body: string): number {
  const weights = [1, 3, 7];
  let total = 0;
  for (let k = 0; k < body.length; k++) total += Number(body[body.length - 1 - k]) * weights[k % 3]!;
  return (total % 11) % 10;
}
/** DHL Express 10-digit waybill: the check digit is the 9-digit serial mod 7. */
const dhlDigit = (serial: string) => Number(BigInt(serial) % 7n);
/** UPU S10 (Royal Mail, Deutsche Post international): weights 8 6 4 2 3 5 9 7, 11 − sum mod 11, 10 → 0, 11 → 5. */
function s10Digit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const rest = 11 - ([...serial].reduce((sum, d, k) => sum + Number(d) * weights[k]!, 0) % 11);
  return rest === 10 ? 0 : rest === 11 ? 5 : rest;
}

function valid(number: string, what: string): string {
  const seen = recogniseTrackingNumber(number);
  if (seen.carrier === null || seen.checkDigit !== 'valid')
    throw new Error(`${what} ${number} rejected by the recogniser: ${JSON.stringify(seen)}`);
  return number;
}
function ups(): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const body = `${Array.from({ length: 6 }, () => one([...chars])).join('')}${one(['01', '02', '03', '42'])}${numeric(7)}`;
  return valid(`1Z${body}${upsDigit(body)}`, 'UPS');
}
function usps(): string {
  const body = `${one(['9400', '9405', '9202', '9407'])}1${numeric(16)}`;
  return valid(`${body}${gs1Digit(body)}`, 'USPS');
}
function fedex12(): string {
  const body = `${one(['77', '78', '39', '58'])}${numeric(9)}`;
  return valid(`${body}${fedexDigit(body)}`, 'FedEx Express');
}
function fedex15(): string {
  const body = `${one(['0', '1'])}${numeric(13)}`;
  return valid(`${body}${gs1Digit(body)}`, 'FedEx Ground');
}
function fedex20(): string {
  // SSCC-style FedEx Ground 20-digit ("00" + 18 digits): GS1 mod 10 over the 19 data digits.
  const body = `0${one(['0', '1'])}${numeric(17)}`;
  return valid(`${body}${gs1Digit(body)}`, 'FedEx 20');
}
function dhl(): string {
  for (;;) {
    const serial = `${int(1, 9)}${numeric(8)}`;
    const number = `${serial}${dhlDigit(serial)}`;
    const seen = recogniseTrackingNumber(number);
    // Old Dominion shares the 10-digit space; keep only numbers the recogniser names DHL.
    if (seen.carrier === 'dhl') return valid(number, 'DHL Express');
  }
}
function s10(prefix: string, country: string): string {
  const serial = numeric(8);
  return valid(`${prefix}${serial}${s10Digit(serial)}${country}`, 'S10');
}
function upc(): string {
  const body = `${one(['0', '6', '8'])}${numeric(10)}`;
  return `${body}${gs1Digit(body)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const FIRST = [
  'Hannah',
  'Omar',
  'Lucía',
  'Jonas',
  'Priya',
  'Declan',
  'Mei',
  'Tobias',
  'Amara',
  'Ruth',
  'Felix',
];
const LAST = [
  'Okafor',
  'Brennan',
  'Schulte',
  'Nakamura',
  'Delgado',
  'Whitfield',
  'Kowalski',
  'Haddad',
  'Lindqvist',
];
const GOODS: [string, string][] = [
  ['Linen Duvet Cover Queen', 'HB-LDC-Q'],
  ['Walnut Floating Shelf 36"', 'WF-SH36'],
  ['Ceramic Table Lamp', 'CL-2231'],
  ['Outdoor Rattan Chair', 'OR-CH-01'],
  ['Wool Area Rug 5x8', 'WR-58-GR'],
  ['Copper Pour-Over Kettle', 'CK-900'],
  ['USB-C Dock 11-in-1', 'DK11-UC'],
  ['27in IPS Monitor', 'MN27-IPS'],
  ['Stapler Heavy Duty', 'SP-HD40'],
  ['Copy Paper Letter 10 Ream', 'PP-LTR10'],
];
const STATES = ['OH', 'TX', 'CA', 'NY', 'GA', 'WA', 'IL', 'NC'];
const CITIES_DE = ['Berlin', 'Köln', 'Leipzig', 'Hamburg', 'München', 'Bremen'];

interface Row {
  po: string;
  order: string;
  internal: string;
  invoice: string;
  account: string;
  customerNo: string;
  name: string;
  company: string;
  city: string;
  state: string;
  goods: [string, string];
  upc: string;
  ordered: number;
  shipped: number;
  boxes: number;
  price: number;
  weight: number;
  orderedOn: Date;
  shippedOn: Date;
  dueOn: Date;
  deliverOn: Date;
}

function rows(count: number, perOrder = 1): Row[] {
  const list: Row[] = [];
  while (list.length < count) {
    const orderedOn = new Date(Date.UTC(2026, 10, int(1, 24), int(7, 20), int(0, 59)));
    const shippedOn = new Date(orderedOn.getTime() + int(1, 4) * 86400000 + int(1, 6) * 3600000);
    const head = {
      po: numeric(8),
      order: String(int(100000, 999999)),
      internal: String(int(40000000, 49999999)),
      invoice: `INV${numeric(7)}`,
      account: numeric(10),
      customerNo: `C${numeric(5)}`,
      name: `${one(FIRST)} ${one(LAST)}`,
      company: `${one(LAST)} ${one(['Interiors', 'Supply', 'GmbH', 'Ltd', 'Co.'])}`,
      city: one(CITIES_DE),
      state: one(STATES),
      orderedOn,
      shippedOn,
      dueOn: new Date(orderedOn.getTime() + 3 * 86400000),
      deliverOn: new Date(shippedOn.getTime() + int(2, 5) * 86400000),
    };
    const lines = int(1, perOrder);
    for (let k = 0; k < lines && list.length < count; k++) {
      const ordered = int(1, 6);
      const shipped = r() < 0.25 ? Math.max(0, ordered - int(1, ordered)) : ordered;
      list.push({
        ...head,
        goods: one(GOODS),
        upc: upc(),
        ordered,
        shipped,
        boxes: int(1, 3),
        price: int(899, 45999) / 100,
        weight: int(3, 400) / 10,
      });
    }
  }
  return list;
}

const two = (n: number) => String(n).padStart(2, '0');
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
const isoStamp = (d: Date) => `${isoDay(d)}T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:00Z`;
const usDay = (d: Date) => `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
const usShort = (d: Date) =>
  `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${String(d.getUTCFullYear()).slice(2)}`;
const ukDay = (d: Date) => `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
const deStamp = (d: Date) =>
  `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
const longDay = (d: Date) => `${MON[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
const ymd = (d: Date) => `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

// ---------------------------------------------------------------- order tracking files

function orderSpecs(): Spec<Row>[] {
  const wayfairCarrier = (i: number) => (['FDEG', 'UPSN', 'FDEG', 'FXFE'] as const)[i % 4]!;
  const wayfairTrack = (i: number) =>
    wayfairCarrier(i) === 'UPSN' ? ups() : i % 4 === 3 ? fedex12() : fedex15();
  const linnworksService = ['Royal Mail Tracked 24', 'Royal Mail Tracked 48', 'Parcelforce Express 24'];
  const germanCarrier = ['DHL', 'UPS', 'DHL', 'DPD'];
  return [
    {
      name: 'wayfair-dsv-shipment-upload.csv',
      kind: 'order-tracking',
      out: 'csv',
      source: 'Wayfair shipment fields as Logicbroker sends them (help.logicbroker.com, "Wayfair")',
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(24),
      cols: (row) => [
        { h: 'poNumber', m: { [PO]: 1 }, v: () => `CS${row.order}` },
        { h: 'poDate', m: { poDate: 1 }, v: () => usDay(row.orderedOn) },
        { h: 'shipDate', m: { shippedDate: 1 }, v: () => usDay(row.shippedOn) },
        { h: 'supplierId', v: () => '48213' },
        { h: 'sku', m: { itemNumber: 1 }, v: () => row.goods[1] },
        { h: 'upc', v: () => row.upc },
        { h: 'trackingNumber', m: { [TRACK]: 1 }, v: (i) => wayfairTrack(i) },
        { h: 'carrierCode', m: { shippingCompany: 0 }, v: (i) => wayfairCarrier(i) },
        { h: 'shipSpeed', v: (i) => (wayfairCarrier(i) === 'FXFE' ? 'NEXT_DAY' : 'GROUND') },
        { h: 'packageCount', v: () => String(row.boxes) },
        { h: 'quantity', m: { qtyFulfilled: 1, qty: 0 }, v: () => String(row.ordered) },
      ],
    },
    {
      name: 'linnworks-processed-orders.xlsx',
      kind: 'order-tracking',
      out: 'office-xlsx',
      source:
        'Linnworks open orders export columns and the TradeBox export (assets.linnworks.com, linnworks.com/support)',
      above: [['Processed Orders'], ['Exported 01/12/2026 07:40 by warehouse'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(18),
      cols: (row) => [
        { h: 'Order Id', m: { documentNumber: 0 }, v: () => row.internal },
        {
          h: 'Reference Number',
          m: { [PO]: 1 },
          v: () => `206-${row.po.slice(0, 7)}-${row.internal.slice(1)}`,
        },
        {
          h: 'Received date',
          m: { orderDate: 1 },
          v: () =>
            `${ukDay(row.orderedOn)} ${two(row.orderedOn.getUTCHours())}:${two(row.orderedOn.getUTCMinutes())}`,
        },
        { h: 'Dispatch By', v: () => ukDay(row.dueOn) },
        { h: 'Shipping customer name', m: { shipToName: 1 }, v: () => row.name },
        { h: 'SKU', m: { itemNumber: 1 }, v: () => row.goods[1] },
        { h: 'Product Name', v: () => row.goods[0] },
        { h: 'Quantity', m: { qty: 1, qtyFulfilled: 0 }, v: () => String(row.ordered) },
        { h: 'Postal Service', m: { shippingCompany: 0 }, v: (i) => linnworksService[i % 3]! },
        { h: 'Tracking Number', m: { [TRACK]: 1 }, v: (i) => s10(i % 3 === 2 ? 'CH' : 'TT', 'GB') },
      ],
    },
    {
      name: 'dhl-ecommerce-invoice-detail.csv',
      kind: 'order-tracking',
      out: 'csv',
      source:
        'DHL eCommerce positional invoice CSV, no header row, DTL rows (docs.trackstarhq.com, "DHL eCommerce" sample file)',
      headerless: true,
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(20),
      cols: (row) => [
        { h: 'Line type', v: () => 'DTL' },
        { h: 'Sold_To*', m: { accountNumber: 0 }, v: () => '2684030563' },
        { h: 'PUDATE*', m: { shippedDate: 1 }, v: () => isoDay(row.shippedOn) },
        { h: 'Tracking', m: { [TRACK]: 1 }, v: () => usps() },
        { h: 'Customer reference', m: { [PO]: 1 }, v: () => `PO${row.order}` },
        {
          h: 'Material_or_VAS_Desc*',
          v: (i) => (i % 2 ? 'DHL SmartMail Parcel Plus Ground' : 'DHL SmartMail Parcel Expedited Max'),
        },
        { h: 'ACTWeight*', v: () => row.weight.toFixed(2) },
        { h: 'Pricing_Zone*', v: () => String(int(2, 8)) },
        { h: 'Charge*', v: () => (row.price / 10).toFixed(2) },
        { h: 'ZFuel*', v: () => (row.price / 160).toFixed(2) },
      ],
    },
    {
      name: 'ups-quantum-view-data.xls',
      kind: 'order-tracking',
      out: 'office-xls',
      source:
        'UPS Quantum View Data subscription file (activity type, reference numbers, scheduled delivery date) and the UPS FAQ on reference numbers',
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(22),
      cols: (row) => [
        { h: 'Activity Type', v: () => 'M' },
        { h: 'Shipper Number', m: { accountNumber: 0 }, v: () => 'A1B234' },
        { h: 'Tracking Number', m: { [TRACK]: 1 }, v: () => ups() },
        { h: 'Reference Number 1', m: { [PO]: 1 }, v: () => `4500${row.po.slice(0, 6)}` },
        { h: 'Reference Number 2', m: { documentNumber: 0 }, v: () => row.invoice },
        { h: 'Pickup Date', m: { shippedDate: 1 }, v: () => ymd(row.shippedOn) },
        { h: 'Scheduled Delivery Date', m: { estimatedArrivalDate: 1 }, v: () => ymd(row.deliverOn) },
        { h: 'Ship To Company or Name', m: { shipToName: 1 }, v: () => row.company },
        { h: 'Ship To City', v: () => row.city },
        { h: 'Ship To State', v: () => row.state },
        { h: 'Package Weight', v: () => row.weight.toFixed(1) },
      ],
    },
    {
      name: 'paqato-versanddaten.csv',
      kind: 'order-tracking',
      out: 'csv',
      source: 'PAQATO CSV export field list, German shop day-end export (paqato.com/csv-export)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(20),
      cols: (row) => [
        { h: 'shop', v: () => 'HBW01' },
        { h: 'carrier', m: { shippingCompany: 1 }, v: (i) => germanCarrier[i % 4]! },
        { h: 'trackingCode', m: { [TRACK]: 1 }, v: (i) => (germanCarrier[i % 4] === 'UPS' ? ups() : dhl()) },
        { h: 'orderDateTime', m: { orderDate: 1 }, v: () => deStamp(row.orderedOn) },
        { h: 'packingDateTime', v: () => deStamp(new Date(row.shippedOn.getTime() - 3600000)) },
        { h: 'shippingDateTime', m: { shippedDate: 1 }, v: () => deStamp(row.shippedOn) },
        { h: 'desiredDeliveryDate', m: { estimatedArrivalDate: 0 }, v: () => '' },
        { h: 'weight', v: () => row.weight.toFixed(2).replace('.', ',') },
        { h: 'orderNumber', m: { documentNumber: 0 }, v: () => `SW${row.order}` },
        { h: 'purchaseOrderNumber', m: { [PO]: 1 }, v: () => `AB-${row.internal}` },
        { h: 'customerNumber', m: { customerNumber: 1 }, v: () => row.customerNo },
        { h: 'billingCompany', m: { customerName: 0 }, v: () => row.company },
        { h: 'billingLastName', v: () => row.name.split(' ')[1]! },
      ],
    },
    {
      name: 'ede-bestellstatus.xlsx',
      // Two lines per order at times: the PO repeats, so it keys orders, not rows.
      kind: 'order-tracking',
      out: 'sheetjs-xlsx',
      source: 'EDE service wiki, order status CSV import fields (service.wiki.ede.de)',
      above: [['Bestellstatus-Export'], ['Erstellt am 01.12.2026 06:15'], []],
      unique: 'CustomerPoNumber',
      delimiter: '|',
      data: rows(18, 2),
      cols: (row) => [
        { h: 'Bestell Nr.', m: { [PO]: 1 }, v: () => `B${row.order}` },
        { h: 'Referenznummer', m: { documentNumber: 0 }, v: () => `R-${row.internal}` },
        { h: 'Positionsnummer / Artikelnummer', m: { itemNumber: 1 }, v: () => row.goods[1] },
        {
          h: 'Bestellstatus',
          m: { supplierOrderStatus: 1 },
          v: (i) => (i % 5 === 4 ? 'In Bearbeitung' : 'Versendet'),
        },
        { h: 'Paketdienst', m: { shippingCompany: 1 }, v: (i) => (i % 3 === 1 ? 'UPS' : 'DHL') },
        {
          h: 'Tracking ID',
          m: { [TRACK]: 1 },
          v: (i) => {
            if (i % 5 === 4) return '';
            const make = i % 3 === 1 ? ups : dhl;
            return row.boxes > 1 ? `${make()}|${make()}` : make();
          },
        },
        {
          h: 'Versendet',
          m: { shippedDate: 0 },
          v: (i) => (i % 5 === 4 ? '' : deStamp(row.shippedOn).slice(0, 10)),
        },
        { h: 'Info per Mail versenden', v: () => 'ja' },
      ],
    },
    {
      name: 'magento-shipments.xls',
      kind: 'order-tracking',
      out: 'sheetjs-xls',
      source:
        'Magento shipments table as the CData/Mescius ADO.NET provider lists it (developer.mescius.com)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      data: rows(20),
      cols: (row) => [
        { h: 'Entity_id', v: () => String(int(1000, 9999)) },
        { h: 'Increment_id', m: { documentNumber: 0 }, v: () => `3000${numeric(5)}` },
        { h: 'Order_id', m: { [PO]: 1 }, v: () => `1000${row.order}` },
        { h: 'Customer_id', m: { customerNumber: 1 }, v: () => row.customerNo.slice(1) },
        {
          h: 'Created_at',
          m: { shippedDate: 1 },
          v: () =>
            `${isoDay(row.shippedOn)} ${two(row.shippedOn.getUTCHours())}:${two(row.shippedOn.getUTCMinutes())}:00`,
        },
        { h: 'Updated_at', v: () => `${isoDay(row.deliverOn)} 08:00:00` },
        { h: 'Total_qty', m: { qtyFulfilled: 1, qty: 0 }, v: () => `${row.shipped || 1}.0000` },
        { h: 'Total_weight', v: () => row.weight.toFixed(4) },
        { h: 'Shipment_status', v: () => '' },
        {
          h: 'Tracks',
          m: { [TRACK]: 1 },
          v: (i) => (row.boxes > 1 ? `${fedex12()},${fedex12()}` : i % 2 ? fedex20() : fedex15()),
        },
        { h: 'Email_sent', v: () => '1' },
      ],
    },
    {
      name: 'aftership-order-export.csv',
      kind: 'order-tracking',
      out: 'csv',
      source: 'AfterShip Order CSV Export parameters (aftership.com/docs/tracking, "Order CSV Export")',
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(22),
      cols: (row) => {
        const slug = one(['ups', 'fedex', 'usps']);
        return [
          { h: 'store', v: () => 'Harbor & Birch' },
          { h: 'source', v: () => 'shopify' },
          { h: 'order_number', m: { [PO]: 1 }, v: () => `#${row.order}` },
          { h: 'order_id', m: { documentNumber: 0 }, v: () => row.internal },
          { h: 'order_date', m: { orderDate: 1 }, v: () => isoStamp(row.orderedOn) },
          { h: 'order_import_date', v: () => isoStamp(new Date(row.orderedOn.getTime() + 600000)) },
          {
            h: 'fulfillment_status',
            m: { supplierOrderStatus: 0 },
            v: () => (row.shipped < row.ordered ? 'partially_fulfilled' : 'fulfilled'),
          },
          { h: 'payment_status', v: () => 'paid' },
          { h: 'slug', m: { shippingCompany: 1 }, v: () => slug },
          {
            h: 'tracking_number',
            m: { [TRACK]: 1 },
            v: () => (slug === 'ups' ? ups() : slug === 'usps' ? usps() : fedex12()),
          },
          { h: 'customer_name', m: { shipToName: 0, customerName: 0 }, v: () => row.name },
        ];
      },
    },
    {
      name: 'pirate-ship-shipments-report.xlsx',
      kind: 'order-tracking',
      out: 'office-xlsx',
      source:
        'Pirate Ship shipments report export filters (status, carrier, tracking status, batch), glama.ai connector page',
      above: [['Shipments Report'], ['Nov 1, 2026 - Nov 30, 2026'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(20),
      cols: (row) => {
        const carrier = one(['USPS', 'UPS']);
        return [
          { h: 'Created Date', m: { shippedDate: 0 }, v: () => longDay(row.shippedOn) },
          { h: 'Batch', v: () => `Batch ${int(10, 40)}` },
          { h: 'Order ID ', m: { [PO]: 1 }, v: () => `HB${row.order}` },
          { h: 'Recipient', m: { shipToName: 1 }, v: () => row.name },
          { h: 'Carrier', m: { shippingCompany: 1 }, v: () => carrier },
          { h: 'Service', v: () => (carrier === 'USPS' ? 'Ground Advantage' : 'UPS Ground Saver') },
          { h: 'Tracking #', m: { [TRACK]: 1 }, v: () => (carrier === 'USPS' ? usps() : ups()) },
          { h: 'Status', v: () => 'Printed' },
          {
            h: 'Tracking Status',
            m: { lineStatus: 0, supplierOrderStatus: 0 },
            v: () => one(['Delivered', 'In Transit', 'Out for Delivery']),
          },
          { h: 'Cost', v: () => `$${(row.price / 12).toFixed(2)}` },
        ];
      },
    },
    {
      name: 'extensiv-3pl-shipped-orders.xls',
      kind: 'order-tracking',
      out: 'office-xls',
      source:
        'Extensiv 3PL Warehouse Manager shipped orders, field names as warehouse staff type them (help.extensiv.com order and carrier pages)',
      above: [
        ['3PL Warehouse Manager - Shipped Orders'],
        ['Customer: Harbor & Birch   Run 12/01/2026 05:00'],
        [],
      ],
      unique: 'CustomerPoNumber',
      delimiter: null,
      data: rows(24, 3),
      cols: (row) => {
        const carrier = one(['UPS', 'FedEx', 'USPS']);
        return [
          { h: 'Transaction ID', m: { documentNumber: 0 }, v: () => row.internal.slice(2) },
          { h: 'Reference Num', v: () => `HB-${row.order}` },
          { h: 'PO Num', m: { [PO]: 1 }, v: () => row.po },
          { h: 'Creation Date', m: { orderDate: 0 }, v: () => usShort(row.orderedOn) },
          { h: 'Ship Date', m: { shippedDate: 1 }, v: () => usShort(row.shippedOn) },
          { h: 'Ship To Name', m: { shipToName: 1 }, v: () => row.name },
          { h: 'SKU', m: { itemNumber: 1 }, v: () => row.goods[1] },
          { h: 'Qty Ordered', m: { qty: 1 }, v: () => String(row.ordered) },
          { h: 'Qty Shipped', m: { qtyFulfilled: 1 }, v: () => String(row.shipped) },
          { h: 'Carrier', m: { shippingCompany: 1 }, v: () => carrier },
          {
            h: 'Tracking Number',
            m: { [TRACK]: 1 },
            v: () => (carrier === 'UPS' ? ups() : carrier === 'USPS' ? usps() : fedex15()),
          },
          { h: 'UPC', v: () => row.upc },
        ];
      },
    },
  ];
}

// ---------------------------------------------------------------- inventory files

interface Stock {
  sku: string;
  part: string;
  upc: string;
  onHand: number;
  allocated: number;
  incoming: number;
  status: string;
  warehouse: string;
  cost: number;
}

function stock(count: number): Stock[] {
  return Array.from({ length: count }, (_, i) => {
    const status = i % 7 === 3 ? 'Discontinued' : i % 5 === 2 ? 'Backorder' : 'Active';
    const onHand = status === 'Active' ? int(0, 480) : 0;
    return {
      sku: `${one(['HB', 'WF', 'DK', 'SP'])}-${numeric(5)}`,
      part: `${one(['A', 'B', 'K'])}${numeric(6)}`,
      upc: upc(),
      onHand,
      allocated: int(0, Math.min(onHand, 20)),
      incoming: int(0, 200),
      status,
      warehouse: one(['ATL1', 'RNO2', 'CMH3']),
      cost: int(150, 29999) / 100,
    };
  });
}

function stockSpec(
  name: string,
  out: Output,
  source: string,
  above: string[][] | undefined,
  headerless: boolean,
  count: number,
  cols: (item: Stock) => Col[],
): Spec<Stock> {
  return {
    name,
    kind: 'inventory',
    out,
    source,
    above,
    headerless,
    unique: null,
    delimiter: null,
    data: stock(count),
    cols,
  };
}

function inventorySpecs(): Spec<Stock>[] {
  return [
    stockSpec(
      'wayfair-standard-inventory-feed.csv',
      'csv',
      'Wayfair Standard Feed columns as Logicbroker documents them (help.logicbroker.com, Wayfair "Overview")',
      undefined,
      false,
      26,
      (s) => [
        { h: 'Supplier SKU', m: { itemNumberColumnName: 1 }, v: () => s.sku },
        { h: 'Merchant SKU', v: () => `W${numeric(9)}` },
        { h: 'UPC', v: () => s.upc },
        { h: 'Description', v: () => one(GOODS)[0] },
        { h: 'Quantity', m: { qtyColumnName: 1 }, v: () => String(s.onHand) },
        { h: 'Warehouse', v: () => '48213' },
        { h: 'Warehouse Quantity', m: { qtyColumnName: 0 }, v: () => String(s.onHand) },
        { h: 'Vendor Number', v: () => '48213' },
      ],
    ),
    stockSpec(
      'veeqo-sellable-stock.xlsx',
      'sheetjs-xlsx',
      'Veeqo sellable_stock_entry table, Fivetran Veeqo connector schema (fivetran.com/docs)',
      undefined,
      false,
      22,
      (s) => [
        { h: 'sku_code', m: { itemNumberColumnName: 1 }, v: () => s.sku },
        { h: 'warehouse_id', v: () => String(int(10000, 10003)) },
        { h: 'location', v: () => `${one(['A', 'B', 'C'])}-${int(1, 40)}-${int(1, 6)}` },
        { h: 'allocated_stock_level', v: () => String(s.allocated) },
        { h: 'available_stock_level', m: { qtyColumnName: 1 }, v: () => String(s.onHand - s.allocated) },
        { h: 'incoming_stock_level', v: () => String(s.incoming) },
        { h: 'infinite', v: () => 'false' },
        { h: 'updated_at', v: () => '2026-12-01T05:00:00Z' },
      ],
    ),
    stockSpec(
      'skuvault-quantities.xls',
      'sheetjs-xls',
      'SkuVault product_sku / part_number / quantity, Fivetran SkuVault connector schema (fivetran.com/docs); "Status" as typed',
      [['Inventory by Location'], ['Warehouse: ATL1'], []],
      false,
      24,
      (s) => [
        { h: 'product_sku', m: { itemNumberColumnName: 1 }, v: () => s.sku },
        { h: 'part_number', v: () => s.part },
        { h: 'Status', m: { itemStatusColumnName: 1 }, v: () => s.status },
        { h: 'quantity', m: { qtyColumnName: 1 }, v: () => String(s.onHand) },
        { h: 'unit_price_a', v: () => s.cost.toFixed(2) },
      ],
    ),
    stockSpec(
      'commerce-server-inventoryskus.xls',
      'office-xls',
      'Microsoft Commerce Server InventorySkus table columns (learn.microsoft.com, "InventorySkus Table")',
      [['Default_InventorySkus'], ['Exported 2026-12-01'], []],
      false,
      20,
      (s) => [
        { h: 'SkuId', m: { itemNumberColumnName: 1 }, v: () => s.sku },
        { h: 'SkuVariantId', v: () => '' },
        {
          h: 'Status',
          m: { itemStatusColumnName: 1 },
          v: () => (s.status === 'Active' ? '1' : s.status === 'Backorder' ? '2' : '0'),
        },
        { h: 'OnHandQuantity', m: { qtyColumnName: 1 }, v: () => String(s.onHand) },
        { h: 'ExcessOnHandQuantity', v: () => '1000' },
        { h: 'ReorderPoint', v: () => String(int(5, 25)) },
        { h: 'Backorderable', v: () => (s.status === 'Backorder' ? '1' : '0') },
      ],
    ),
    stockSpec(
      'prosku-stock.xlsx',
      'office-xlsx',
      'ProSKU stock export elements (docs.zynk.com, "Export Stock from ProSKU"), misspelling "unavailabale" kept',
      undefined,
      false,
      20,
      (s) => [
        { h: 'product-code', m: { itemNumberColumnName: 1 }, v: () => s.sku },
        { h: 'available', m: { qtyColumnName: 1 }, v: () => String(s.onHand) },
        { h: 'unavailabale', v: () => String(s.allocated) },
        { h: 'unchecked', v: () => '0' },
        { h: 'expected', v: () => String(s.incoming) },
        { h: 'onorder', v: () => String(int(0, 60)) },
      ],
    ),
    stockSpec(
      'td-synnex-onhand-flatfile.csv',
      'csv',
      'TD SYNNEX daily price and availability "flat file" (quotewerks.com help, flxpoint TD SYNNEX source): no header row',
      undefined,
      true,
      30,
      (s) => [
        { h: 'SYNNEX SKU', m: { itemNumberColumnName: 1 }, v: () => String(int(1000000, 9999999)) },
        { h: 'Mfr Part', v: () => s.part },
        { h: 'UPC', v: () => s.upc },
        {
          h: 'Status',
          m: { itemStatusColumnName: 0 },
          v: () => (s.status === 'Discontinued' ? 'D' : s.status === 'Backorder' ? 'N' : 'A'),
        },
        { h: 'Qty', m: { qtyColumnName: 1 }, v: () => String(s.onHand) },
        { h: 'Cost', v: () => s.cost.toFixed(2) },
      ],
    ),
  ];
}

// ---------------------------------------------------------------- writing

const quote = (cell: string) =>
  /[",\r\n]/.test(cell) || cell.trim() !== cell ? `"${cell.replaceAll('"', '""')}"` : cell;

/** LibreOffice Calc opens the CSV with every column as text (so values stay as typed) and saves it as Excel. */
function viaOffice(name: string, csv: string, width: number, xls: boolean): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'mapping-corpus-test-'));
  try {
    const stem = path.parse(name).name;
    writeFileSync(path.join(dir, `${stem}.csv`), csv);
    const textColumns = Array.from({ length: width }, (_, k) => `${k + 1}/2`).join('/');
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/user`,
        '--headless',
        `--infilter=CSV:44,34,76,1,${textColumns},1033`,
        '--convert-to',
        xls ? 'xls:MS Excel 97' : 'xlsx:Calc MS Excel 2007 XML',
        '--outdir',
        dir,
        path.join(dir, `${stem}.csv`),
      ],
      { stdio: 'ignore' },
    );
    const made = readdirSync(dir).find((file) => file !== `${stem}.csv` && file.startsWith(stem));
    if (made === undefined) throw new Error(`LibreOffice made nothing for ${name}`);
    return readFileSync(path.join(dir, made));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function save(name: string, out: Output, table: string[][]): void {
  const csv = `${table.map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
  let bytes: Buffer;
  if (out === 'csv') bytes = Buffer.from(csv);
  else if (out === 'office-xls' || out === 'office-xlsx')
    bytes = viaOffice(name, csv, Math.max(...table.map((line) => line.length)), out === 'office-xls');
  else {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(table), 'Export');
    bytes = XLSX.write(book, { type: 'buffer', bookType: out === 'sheetjs-xls' ? 'biff8' : 'xlsx' });
  }
  writeFileSync(path.join(OUT, name), bytes);
}

/** The labels a careful person writes: per field, the columns that are right for it (null: leaving it empty is right too). */
function labels<T>(spec: Spec<T>, columns: Col[]) {
  const fields: Record<string, (string | null)[]> = {};
  const required = new Set<string>();
  columns.forEach((column, index) => {
    // The importer trims headers, so 'Order ID ' is mapped by either spelling.
    const names = spec.headerless ? [String(index)] : [...new Set([column.h, column.h.trim()])];
    for (const [field, mark] of Object.entries(column.m ?? {})) {
      if (mark === undefined) continue;
      const right = fields[field] ?? [];
      fields[field] = right;
      for (const n of names) if (!right.includes(n)) right.push(n);
      if (mark === 1) required.add(field);
    }
  });
  // A field some column must hold (a 1) is never right empty; one marked only 0 is right empty too.
  for (const [field, right] of Object.entries(fields)) if (!required.has(field)) right.push(null);
  return {
    file: spec.name,
    kind: spec.kind,
    source: spec.source,
    fileHasHeader: !spec.headerless,
    headerRowIndex: spec.headerless ? null : (spec.above?.length ?? 0),
    fields: Object.fromEntries(
      Object.entries(fields).map(([field, right]) => [field, right.length === 1 ? right[0]! : right]),
    ),
    uniqueColumn: spec.unique,
    secondaryDelimiter: spec.delimiter,
  };
}

function emit<T>(spec: Spec<T>): void {
  const perItem = spec.data.map((item) => spec.cols(item));
  const columns = perItem[0]!;
  const table: string[][] = [...(spec.above ?? [])];
  if (!spec.headerless) table.push(columns.map((column) => column.h));
  perItem.forEach((cols, index) => {
    table.push(cols.map((column) => column.v(index)));
  });
  save(spec.name, spec.out, table);
  writeFileSync(
    path.join(OUT, `${spec.name}.labels.json`),
    `${JSON.stringify(labels(spec, columns), null, 2)}\n`,
  );
  console.log(`${spec.name}: ${spec.data.length} rows, ${columns.length} columns`);
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const spec of orderSpecs()) emit(spec);
for (const spec of inventorySpecs()) emit(spec);
// Biome's JSON style, so that `npm run lint` passes on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', OUT],
  {
    stdio: 'ignore',
  },
);
