/**
 * Builds the tenth mapping corpus's order tracking files (README.md beside this file), written without reading
 * the engine. Fixed seed 20261211. Run: `npx tsx bench/mapping-corpus-tenth/orders/build.ts`.
 * Every tracking number is computed from its carrier's check-digit rule and confirmed by the recogniser.
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
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-tenth-orders-');
const { between, pick, digits, chance } = randomHelpers(seededRandom(20261211));

type Carrier = 'ups' | 'fedex' | 'usps';
const track: Record<Carrier, () => string> = {
  ups() {
    const data = `${pick(['4F7R21', '9W22X3', '0A1B8E'])}${pick(['03', '01'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS', 'ups');
  },
  fedex() {
    const data = `${pick(['77', '78', '39'])}${digits(9)}`;
    return confirmed(`${data}${fedexExpressCheck(data)}`, 'FedEx', 'fedex');
  },
  usps() {
    const data = `${pick(['9400', '9405'])}1${digits(16)}`;
    return confirmed(`${data}${gs1Check(data)}`, 'USPS', 'usps');
  },
};
const SCAC: Record<Carrier, string> = { ups: 'UPSN', fedex: 'FDEG', usps: 'USPS' };
const NAMES = [
  'Avery Cole',
  'Priya Nair',
  'Marcus Bell',
  'Elena Ruiz',
  'Owen Price',
  'Grace Lin',
  'Sam Okafor',
];
const SKUS = ['LMP-220', 'RUG-5X8', 'PIL-018', 'VAS-330', 'THR-602', 'CLK-110'];
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const us = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const ymd = (d: Date) => iso(d).replaceAll('-', '');

interface Line {
  po: string;
  invoice: string;
  orderDate: Date;
  shipDate: Date;
  eta: Date;
  sku: string;
  upc: string;
  sscc: string;
  ordered: number;
  shipped: number;
  shipTo: string;
  carrier: Carrier;
  tracking: string[];
}

function lines(count: number, po: (n: number) => string): Line[] {
  return Array.from({ length: count }, (_, n) => {
    const orderDate = new Date(Date.UTC(2026, 10, 2) + between(0, 25) * DAY);
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY);
    const carrier = pick<Carrier>(['ups', 'fedex', 'usps']);
    const shippedFlag = !chance(0.1);
    const ordered = between(1, 4);
    const upcData = `0${digits(10)}`;
    const ssccData = `00614141${digits(9)}`;
    return {
      po: po(n),
      invoice: `INV${digits(6)}`,
      orderDate,
      shipDate,
      eta: new Date(shipDate.getTime() + between(2, 5) * DAY),
      sku: pick(SKUS),
      upc: `${upcData}${gs1Check(upcData)}`,
      sscc: `${ssccData}${gs1Check(ssccData)}`,
      ordered,
      shipped: shippedFlag ? (chance(0.15) ? ordered - 1 : ordered) : 0,
      shipTo: pick(NAMES),
      carrier,
      tracking: shippedFlag ? Array.from({ length: chance(0.3) ? 2 : 1 }, () => track[carrier]()) : [],
    };
  });
}

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';
const specs: FileSpec<Line>[] = [];

// 1. ServiceNow Sourcing and Procurement "Shipment details" export: title rows, several numbers joined by ", ".
specs.push({
  name: 'servicenow-shipment-details.xlsx',
  kind: 'order-tracking',
  writer: 'office-xlsx',
  source:
    'ServiceNow "Shipment details" (raw.githubusercontent.com/ServiceNow/ServiceNowDocs/.../shipment-details.md)',
  titleRows: [['Shipment details'], ['Generated on 2026-12-03 18:00 UTC'], []],
  unique: 'CustomerPoNumber',
  delimiter: ',',
  rows: lines(80, (n) => `PO${String(10040 + n * 3).padStart(7, '0')}`),
  columns: [
    { header: 'Purchase order', maps: { [PO]: 1 }, cell: (r) => r.po },
    { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(', ') },
    {
      header: 'Carrier',
      maps: { shippingCompany: 1 },
      cell: (r) => (r.tracking.length ? r.carrier.toUpperCase() : ''),
    },
    { header: 'Quantity ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
    { header: 'Quantity shipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
    {
      header: 'Status',
      maps: { supplierOrderStatus: 0, lineStatus: 0 },
      cell: (r) => (r.tracking.length ? 'Shipped' : 'Pending Shipment'),
    },
    {
      header: 'Shipped on',
      maps: { shippedDate: 1 },
      cell: (r) => (r.tracking.length ? iso(r.shipDate) : ''),
    },
    { header: 'Updated', cell: (r) => `${iso(r.shipDate)} 09:${pad(between(0, 59))}:00` },
  ],
});

// 2. Macy's drop-ship 856 (SOPI) flattened to one row per carton: pipe-separated, SSCC beside the tracking number.
specs.push({
  name: 'macys-sopi-856-flat.csv',
  kind: 'order-tracking',
  writer: 'csv',
  separator: '|',
  source: 'Macy’s "X12 856 Drop Ship Ship Notice/Manifest (SOPI)" guide on stedi.com; element headers typed',
  unique: 'CustomerPoNumber',
  delimiter: null,
  rows: lines(90, (n) => String(7100450 + n * 11)),
  columns: [
    { header: 'BSN02 Shipment ID', maps: { documentNumber: 0 }, cell: (r) => r.invoice },
    { header: 'BSN03 Date', maps: { shippedDate: 1 }, cell: (r) => ymd(r.shipDate) },
    { header: 'PRF01 PO Number', maps: { [PO]: 1 }, cell: (r) => r.po },
    { header: 'PRF04 PO Date', maps: { poDate: 1 }, cell: (r) => ymd(r.orderDate) },
    { header: 'TD503 SCAC', maps: { shippingCompany: 1 }, cell: (r) => SCAC[r.carrier] },
    { header: 'MAN02 SSCC-18', cell: (r) => r.sscc },
    { header: 'REF02 Tracking', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
    { header: 'LIN03 UPC', cell: (r) => r.upc },
    { header: 'SN102 Qty Shipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
    { header: 'SN105 Qty Ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
    { header: 'N102 Ship To Name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
  ],
});

// 3. A print-on-demand supplier's tracking export in ShopBase PrintHub's order columns: no ordered quantity.
specs.push({
  name: 'printhub-orders-tracking.xls',
  kind: 'order-tracking',
  writer: 'sheetjs-xls',
  source:
    'ShopBase "Import Order by CSV file to fulfill with PrintHub" (help.shopbase.com/en/article/19b77th/)',
  unique: 'CustomerPoNumber',
  delimiter: ' ',
  rows: lines(70, (n) => `#${3100 + n}`),
  columns: [
    { header: 'Name', maps: { [PO]: 1 }, cell: (r) => r.po },
    { header: 'Reference Id', maps: { documentNumber: 0 }, cell: (r) => r.invoice },
    { header: 'Lineitem Sku', maps: { itemNumber: 1 }, cell: (r) => r.sku },
    { header: 'Lineitem Quantity', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
    { header: 'Shipping Name', maps: { shipToName: 1 }, cell: (r) => r.shipTo },
    { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(' ') },
    {
      header: 'Tracking Company',
      maps: { shippingCompany: 1 },
      cell: (r) => (r.tracking.length ? r.carrier.toUpperCase() : ''),
    },
    { header: 'Created at', maps: { orderDate: 1 }, cell: (r) => us(r.orderDate) },
  ],
});

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of specs) emit(spec);
