/**
 * Builds the mapping suggestion corpus (bench/mapping-corpus/README.md): `tsx bench/mapping-corpus/build.ts`.
 * Each file is written from a layout below (header spellings from the documents the README names, values
 * generated with a fixed seed) with its labels beside it: what a person setting up the source would map.
 * CSV is written here; XLSX and XLS either by SheetJS (as export tools write them) or by LibreOffice from a
 * CSV with typed columns (as an office suite saves them). The files are committed; run this again only to
 * change the corpus.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { FORMATS, seededRandom } from '../../packages/contracts/src/tracking-numbers/labelled-set';

const OUT = path.join(import.meta.dirname, 'files');

type Random = () => number;
type Kind = 'order-tracking' | 'inventory';
type Writer = 'csv' | 'sheetjs-xlsx' | 'sheetjs-xls' | 'office-xlsx' | 'office-xls';

/** One order line with every value a layout may show. */
interface Line {
  po: string;
  order: string;
  invoice: string;
  shipment: string;
  orderDate: Date;
  poDate: Date;
  shipDate: Date;
  eta: Date;
  item: string;
  upc: string;
  description: string;
  qty: number;
  shipped: number;
  person: string;
  company: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  carrier: string;
  scac: string;
  service: string;
  tracking: string[];
  status: string;
  lineStatus: string;
  price: string;
  weight: string;
  account: string;
  store: string;
  supplier: string;
  brand: string;
}

/** What a column shows; `label` is the field a person would map it to (several: any is right). */
interface Column {
  header: string;
  value: (line: Line, n: number) => string;
  label?: string | readonly (string | null)[];
  /** LibreOffice import type: text (default), number, or a date order. */
  type?: 'text' | 'number' | 'mdy' | 'ymd';
}

interface Layout {
  name: string;
  writer: Writer;
  kind: Kind;
  source: string;
  titleRows?: string[][];
  noHeader?: boolean;
  rows: number;
  linesPerOrder?: number;
  /** Share of orders with two tracking numbers, joined by `delimiter`. */
  multiTracking?: number;
  delimiter?: string;
  uniqueColumn?: string | null;
  dateFormat: (date: Date) => string;
  carriers?: readonly string[];
  columns: Column[];
}

const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const digits = (r: Random, count: number) =>
  Array.from({ length: count }, () => Math.floor(r() * 10)).join('');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const mdy = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const mdyShort = (d: Date) =>
  `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${String(d.getUTCFullYear()).slice(2)}`;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const isoTime = (d: Date) =>
  `${iso(d)}T${pad(8 + (d.getUTCDate() % 9))}:${pad((d.getUTCDate() * 7) % 60)}:12+00:00`;
const edi = (d: Date) => iso(d).replace(/-/g, '');
const dmon = (d: Date) => `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
const days = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Ana',
  'Wei',
  'Priya',
  'Carlos',
  'Emily',
  'Daniel',
  'Fatima',
  'Kevin',
  'Grace',
  'Olumide',
  'Sofia',
  'Thomas',
  'Hannah',
  'Luis',
  'Megan',
  'Yuki',
];
const LAST = [
  'Lopez',
  'Smith',
  'Nguyen',
  'Johnson',
  'Garcia',
  'Chen',
  'Patel',
  'Okafor',
  'Miller',
  'Kowalski',
  'Haddad',
  'Brown',
  "O'Neil",
  'Tanaka',
  'Rossi',
  'Schmidt',
  'Davis',
  'Martinez',
  'Wright',
  'Silva',
];
const COMPANIES = [
  'Harbor Home Goods LLC',
  'Blue Ridge Outfitters',
  'Northwind Traders Inc',
  'Summit Supply Co',
  'Green Valley Stores',
  'Cedar & Pine Retail',
  'Metro Office Depot',
  'Lakeside Hardware Inc',
];
const SUPPLIERS = [
  'Acme Industrial Supply',
  'Fastenal',
  'Grainger',
  'Weber Distribution',
  'Midwest Wholesale',
];
const BRANDS = ['Weber', 'DeWalt', 'Rubbermaid', 'Lodge', 'Coleman', 'Yeti'];
const PRODUCTS = [
  'Cast Iron Skillet 12in',
  'Cordless Drill 20V',
  'Storage Bin 18 Gal',
  'Camping Chair Blue',
  'Tumbler 30 oz Navy',
  'Grill Cover Premium',
  'LED Work Light',
];
const CITIES: [string, string, string][] = [
  ['Denver', 'CO', '80202'],
  ['Austin', 'TX', '78701'],
  ['Columbus', 'OH', '43215'],
  ['Portland', 'OR', '97201'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
];

/** Carrier of a tracking format, as suppliers write its name, its SCAC and a service. */
const CARRIER_OF: Record<string, [string, string, string]> = {
  'UPS 1Z': ['UPS', 'UPSN', 'UPS Ground'],
  'FedEx Ground 96': ['FedEx', 'FDEG', 'FedEx Ground'],
  'FedEx Express 12': ['FedEx', 'FDE', 'FedEx 2Day'],
  'USPS IMpb 22': ['USPS', 'USPS', 'USPS Priority Mail'],
  'DHL Express piece ID': ['DHL', 'DHLC', 'DHL Express'],
  'Amazon Logistics': ['Amazon', 'AMZL', 'Amazon Shipping'],
  'OnTrac C': ['OnTrac', 'EMTR', 'OnTrac Ground'],
  'Old Dominion': ['Old Dominion', 'ODFL', 'ODFL LTL'],
};
const PARCEL = ['UPS 1Z', 'UPS 1Z', 'FedEx Ground 96', 'USPS IMpb 22'];

function upc(r: Random): string {
  const body = `0${digits(r, 10)}`;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(body[i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

function lines(layout: Layout, r: Random): Line[] {
  const out: Line[] = [];
  const base = new Date(Date.UTC(2026, 9, 1 + Math.floor(r() * 20)));
  const formats = layout.carriers ?? PARCEL;
  let orderNo = 0;
  const poStyle = pick(r, ['PO-', '45', '', 'RP']);
  while (out.length < layout.rows) {
    orderNo++;
    const orderDate = days(base, Math.floor(orderNo / 3));
    const shipDate = days(orderDate, 1 + Math.floor(r() * 4));
    const format = pick(r, formats);
    const spec = FORMATS.find((f) => f.format === format)!;
    const tracking = [spec.make(r)];
    if (r() < (layout.multiTracking ?? 0)) tracking.push(spec.make(r));
    const [carrier, scac, service] = CARRIER_OF[format]!;
    const [city, state, zip] = pick(r, CITIES);
    const po =
      poStyle === 'PO-'
        ? `PO-${digits(r, 6)}`
        : poStyle === '45'
          ? `45${digits(r, 8)}`
          : poStyle === 'RP'
            ? `RP${digits(r, 7)}`
            : digits(r, 7);
    const perOrder = 1 + Math.floor(r() * (layout.linesPerOrder ?? 1));
    const person = `${pick(r, FIRST)} ${pick(r, LAST)}`;
    const company = pick(r, COMPANIES);
    const order = `SO${digits(r, 7)}`;
    for (let k = 0; k < perOrder && out.length < layout.rows; k++) {
      const qty = 1 + Math.floor(r() * 12);
      const short = r() < 0.2;
      const shipped = short ? Math.floor(r() * qty) : qty;
      out.push({
        po,
        order,
        invoice: `INV${digits(r, 6)}`,
        shipment: `SH${digits(r, 8)}`,
        orderDate,
        poDate: days(orderDate, -Math.floor(r() * 2)),
        shipDate,
        eta: days(shipDate, 2 + Math.floor(r() * 4)),
        item: `${pick(r, ['AC', 'WB', 'DW', 'RM', 'LG'])}-${digits(r, 4)}${r() < 0.3 ? '-BLK' : ''}`,
        upc: upc(r),
        description: pick(r, PRODUCTS),
        qty,
        shipped,
        person,
        company,
        street: `${1 + Math.floor(r() * 9000)} ${pick(r, ['Oak', 'Main', 'Pine', 'Elm', 'Lake'])} ${pick(r, ['St', 'Ave', 'Rd', 'Blvd'])}`,
        city,
        state,
        zip,
        carrier,
        scac,
        service,
        tracking,
        status: shipped === 0 ? 'Backordered' : shipped < qty ? 'Partially Shipped' : 'Shipped',
        lineStatus: shipped === 0 ? 'Open' : shipped < qty ? 'Partial' : 'Closed',
        price: (5 + r() * 200).toFixed(2),
        weight: (0.5 + r() * 30).toFixed(1),
        account: `A${digits(r, 5)}`,
        store: pad(Math.floor(r() * 900) + 100, 4),
        supplier: pick(r, SUPPLIERS),
        brand: pick(r, BRANDS),
      });
    }
  }
  return out;
}

// Column helpers: the value a column shows, the field a person maps it to.
const col = (
  header: string,
  value: Column['value'],
  label?: Column['label'],
  type?: Column['type'],
): Column => ({
  header,
  value,
  ...(label === undefined ? {} : { label }),
  ...(type === undefined ? {} : { type }),
});

function trackingText(line: Line, delimiter: string | undefined): string {
  return line.tracking.join(delimiter ?? '');
}

function orderLayouts(): Layout[] {
  const T = (delimiter?: string) => (line: Line) => trackingText(line, delimiter);
  return [
    {
      name: 'amazon-shipping-confirmation.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'Amazon Seller Central, Shipping Confirmation template',
      rows: 40,
      dateFormat: iso,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col(
          'order-id',
          (l) =>
            `${l.po.replace(/\D/g, '').slice(0, 3).padEnd(3, '1')}-${l.order.slice(2)}-${l.invoice.slice(3)}4`,
          'customerPoNumber',
        ),
        col('order-item-id', (l) => `${l.upc.slice(1)}12`),
        col('quantity', (l) => String(l.shipped || 1), ['qtyFulfilled', 'qty'], 'number'),
        col('ship-date', (l) => iso(l.shipDate), 'shippedDate'),
        col('carrier-code', (l) => l.carrier, 'shippingCompany'),
        col('carrier-name', () => ''),
        col('tracking-number', T(), 'trackingNumbers'),
        col('ship-method', (l) => l.service.replace(/^(UPS|FedEx|USPS) /, '')),
      ],
    },
    {
      name: 'amazon-fulfilled-shipments.xlsx',
      writer: 'sheetjs-xlsx',
      kind: 'order-tracking',
      source: 'Amazon Seller Central, Amazon Fulfilled Shipments report',
      rows: 60,
      linesPerOrder: 2,
      dateFormat: isoTime,
      uniqueColumn: 'CustomerPoNumber',
      carriers: ['UPS 1Z', 'Amazon Logistics', 'USPS IMpb 22'],
      columns: [
        col(
          'amazon-order-id',
          (l) => `11${l.po.replace(/\D/g, '').slice(-1)}-${l.order.slice(2)}-${l.invoice.slice(3)}8`,
          'customerPoNumber',
        ),
        col('merchant-order-id', (l) => l.order, ['documentNumber', null]),
        col('shipment-id', (l) => `D${l.shipment.slice(2)}X`, ['documentNumber', null]),
        col('purchase-date', (l) => isoTime(l.orderDate), 'orderDate'),
        col('shipment-date', (l) => isoTime(l.shipDate), 'shippedDate'),
        col('buyer-name', (l) => l.person, ['customerName', null]),
        col('sku', (l) => l.item, 'itemNumber'),
        col('product-name', (l) => l.description),
        col('quantity-shipped', (l) => String(l.shipped || 1), 'qtyFulfilled'),
        col('ship-service-level', () => 'Standard'),
        col('recipient-name', (l) => l.person, 'shipToName'),
        col('ship-city', (l) => l.city),
        col('ship-state', (l) => l.state),
        col('carrier', (l) => l.carrier, 'shippingCompany'),
        col('tracking-number', T(), 'trackingNumbers'),
        col('estimated-arrival-date', (l) => isoTime(l.eta), 'estimatedArrivalDate'),
      ],
    },
    {
      name: 'walmart-cancellation-report.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'Walmart Marketplace developer docs, cancellation report fields',
      rows: 30,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('orderPlacedDt', (l) => mdy(l.orderDate), 'orderDate'),
        col('salesOrder', (l) => `2${digits(seededRandom(l.qty * 97 + l.po.length), 12)}`, [
          'documentNumber',
          null,
        ]),
        col('poNum', (l) => `10${l.po.replace(/\D/g, '').padStart(11, '7')}`, 'customerPoNumber'),
        col('offerId', (l) => `${l.item}_WM`, ['itemNumber']),
        col('catlgItemId', (l) => l.upc.slice(3), ['itemNumber', null]),
        col('estimatedDeliveryDate', (l) => mdy(l.eta), 'estimatedArrivalDate'),
        col('carrier', (l) => l.carrier, 'shippingCompany'),
        col('trackingNum', T(), 'trackingNumbers'),
        col('cancelReason', () => ''),
      ],
    },
    {
      name: 'walmart-seller-center-orders.xlsx',
      writer: 'office-xlsx',
      kind: 'order-tracking',
      source:
        'Walmart Seller Center order management (PO#, Order#, Ship by / Deliver by dates, Ship Status, Ship method)',
      rows: 45,
      linesPerOrder: 2,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('PO#', (l) => `18${l.po.replace(/\D/g, '').padStart(11, '3')}`, 'customerPoNumber'),
        col('Order#', (l) => `2${l.order.slice(2)}${l.invoice.slice(3)}`, ['documentNumber', null]),
        col('Order Date', (l) => mdy(l.orderDate), 'orderDate', 'mdy'),
        col('Ship by Date', (l) => mdy(days(l.orderDate, 3)), undefined, 'mdy'),
        col('Deliver by Date', (l) => mdy(l.eta), ['estimatedArrivalDate', null], 'mdy'),
        col('Customer Name', (l) => l.person, ['shipToName', 'customerName']),
        col('Ship Status', (l) => l.status, 'supplierOrderStatus'),
        col('Ship Method', () => 'Standard'),
        col('Qty', (l) => String(l.qty), 'qty', 'number'),
        col('SKU', (l) => l.item, 'itemNumber'),
        col('UPC', (l) => l.upc),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Tracking Number', T(), 'trackingNumbers'),
      ],
    },
    {
      name: 'dropship-tracking-report.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'fabric Dropship, tracking number report',
      rows: 35,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Service', (l) => l.service, ['shippingCompany', null]),
        col('Tracking #', T(), 'trackingNumbers'),
        col('PO #', (l) => l.po, 'customerPoNumber'),
        col('Merchant', (l) => l.company, ['customerName', null]),
        col('Registered', (l) => `${mdy(l.shipDate)} 10:42 AM`, ['shippedDate', null]),
        col('Acknowledged', (l) => `${mdy(days(l.shipDate, 1))} 08:15 AM`),
      ],
    },
    {
      name: 'shipstation-shipments.xlsx',
      writer: 'office-xlsx',
      kind: 'order-tracking',
      source:
        'ShipStation ShipNotify field names (Order Number, Ship Date, Carrier, Service, Tracking Number, Recipient Name)',
      titleRows: [['ShipStation — Shipments'], ['Generated on 11/30/2026 7:02 AM'], []],
      rows: 50,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Order Number', (l) => l.po, 'customerPoNumber'),
        col('Ship Date', (l) => mdy(l.shipDate), 'shippedDate', 'mdy'),
        col('Recipient Name', (l) => l.person, 'shipToName'),
        col('Recipient Company', (l) => l.company, ['customerName', null]),
        col('SKU', (l) => l.item, 'itemNumber'),
        col('Quantity', (l) => String(l.shipped || 1), ['qty', 'qtyFulfilled'], 'number'),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Service', (l) => l.service),
        col('Tracking Number', T(), 'trackingNumbers'),
        col('Shipping Cost', (l) => l.price),
      ],
    },
    {
      name: 'apprise-ups-export.xls',
      writer: 'sheetjs-xls',
      kind: 'order-tracking',
      source: 'Aptean Apprise UPS shipping export format; ShipperTrackingNumber from issue 30',
      rows: 40,
      multiTracking: 0.3,
      delimiter: ',',
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('PackageNum', (_l, n) => String(1000 + n)),
        col('PickTicketNum', (l) => `PT${l.invoice.slice(3)}`, ['documentNumber', null]),
        col('CustomerPONum', (l) => l.po, 'customerPoNumber'),
        col('ShipmentNum', (l) => l.shipment, ['documentNumber', null]),
        col('OrderNum', (l) => l.order, ['documentNumber', null]),
        col('ShiptoCode', (l) => l.store, ['customerNumber', null]),
        col('ShiptoName', (l) => l.person, 'shipToName'),
        col('ShiptoAddress1', (l) => l.street),
        col('ShiptoCity', (l) => l.city),
        col('ShiptoState', (l) => l.state),
        col('ShiptoZip', (l) => l.zip),
        col('ShipVia', (l) => l.service, ['shippingCompany']),
        col('SCAC', (l) => l.scac, ['shippingCompany']),
        col('UCC128', (l) => `00${l.upc}${digits(seededRandom(l.qty), 6)}`),
        col('PkgWeight', (l) => l.weight),
        col('ShipperTrackingNumber', T(','), 'trackingNumbers'),
      ],
    },
    {
      name: 'edi-856-flat-file.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'ASC X12 856 Ship Notice/Manifest element names, flattened with their element ids',
      rows: 60,
      linesPerOrder: 3,
      dateFormat: edi,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('BSN02 Shipment Identification', (l) => l.shipment, ['documentNumber', null]),
        col('BSN03 Date', (l) => edi(l.shipDate), ['shippedDate', null]),
        col('TD503 Identification Code', (l) => l.scac, ['shippingCompany', null]),
        col('REF02 Carrier Reference Number', T(), 'trackingNumbers'),
        col('PRF01 Purchase Order Number', (l) => l.po, 'customerPoNumber'),
        col('PRF04 Purchase Order Date', (l) => edi(l.poDate), 'poDate'),
        col('N102 Ship To Name', (l) => l.company, 'shipToName'),
        col('LIN03 UPC Consumer Package Code', (l) => l.upc, [null, 'itemNumber']),
        col("LIN05 Vendor's Item Number", (l) => l.item, 'itemNumber'),
        col('SN102 Number of Units Shipped', (l) => String(l.shipped), 'qtyFulfilled'),
        col('SN105 Quantity Ordered', (l) => String(l.qty), 'qty'),
        col('DTM02 Estimated Delivery Date', (l) => edi(l.eta), 'estimatedArrivalDate'),
      ],
    },
    {
      name: 'shopify-orders-export.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source:
        'Shopify orders export CSV (column names as documented by Shopify export apps: Matrixify/Excelify, and Shopify help)',
      rows: 50,
      linesPerOrder: 3,
      dateFormat: (d) => `${iso(d)} 14:05:11 -0500`,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Name', (l) => `#${1000 + Number(l.po.replace(/\D/g, '').slice(-3))}`, [
          'customerPoNumber',
          null,
        ]),
        col('Email', (l) => `${l.person.split(' ')[0]!.toLowerCase()}@example.com`),
        col('Financial Status', () => 'paid'),
        col('Paid at', (l) => `${iso(l.orderDate)} 14:05:11 -0500`),
        col('Fulfillment Status', (l) => (l.shipped === l.qty ? 'fulfilled' : 'partial'), [
          'supplierOrderStatus',
          'lineStatus',
          null,
        ]),
        col('Fulfilled at', (l) => `${iso(l.shipDate)} 09:12:40 -0500`, ['shippedDate', null]),
        col('Subtotal', (l) => l.price),
        col('Created at', (l) => `${iso(l.orderDate)} 14:03:58 -0500`, ['orderDate', null]),
        col('Lineitem quantity', (l) => String(l.qty), 'qty'),
        col('Lineitem name', (l) => l.description),
        col('Lineitem price', (l) => l.price),
        col('Lineitem sku', (l) => l.item, 'itemNumber'),
        col('Shipping Name', (l) => l.person, 'shipToName'),
        col('Shipping Street', (l) => l.street),
        col('Shipping City', (l) => l.city),
        col('Shipping Zip', (l) => l.zip),
        col('Vendor', (l) => l.brand, ['brandName', 'supplierName', null]),
      ],
    },
    {
      name: 'supplier-confirmation-title-rows.xlsx',
      writer: 'office-xlsx',
      kind: 'order-tracking',
      source:
        "issue 30's examples (PO #, Shipped On Date, Qty Shpd, Tracking #) and common supplier spellings",
      titleRows: [['Acme Industrial Supply — Shipment Confirmation'], [], ['Report date:', '11/30/2026'], []],
      rows: 45,
      multiTracking: 0.3,
      delimiter: ';',
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('PO #', (l) => l.po, 'customerPoNumber'),
        col('Order Date', (l) => mdy(l.orderDate), 'orderDate', 'mdy'),
        col('Shipped On Date', (l) => mdy(l.shipDate), 'shippedDate', 'mdy'),
        col('Item', (l) => l.item, 'itemNumber'),
        col('Description', (l) => l.description),
        col('Qty Ord', (l) => String(l.qty), 'qty', 'number'),
        col('Qty Shpd', (l) => String(l.shipped), 'qtyFulfilled', 'number'),
        col('Ship To', (l) => l.person, 'shipToName'),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Tracking #', T(';'), 'trackingNumbers'),
      ],
    },
    {
      name: 'retailer-po-snake-case.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source:
        "issue 30's examples (retailer_po, tracking-number) with snake_case spellings of a marketplace feed",
      rows: 40,
      multiTracking: 0.35,
      delimiter: '|',
      dateFormat: iso,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('retailer_po', (l) => l.po, 'customerPoNumber'),
        col('supplier_order_no', (l) => l.order, 'documentNumber'),
        col('order_date', (l) => iso(l.orderDate), 'orderDate'),
        col('ship_date', (l) => iso(l.shipDate), 'shippedDate'),
        col('sku', (l) => l.item, 'itemNumber'),
        col('qty_ordered', (l) => String(l.qty), 'qty'),
        col('qty_shipped', (l) => String(l.shipped), 'qtyFulfilled'),
        col('ship_to_name', (l) => l.person, 'shipToName'),
        col('carrier', (l) => l.carrier, 'shippingCompany'),
        col('tracking-number', T('|'), 'trackingNumbers'),
        col('line_status', (l) => l.lineStatus, 'lineStatus'),
      ],
    },
    {
      name: 'camel-case-export.xls',
      writer: 'office-xls',
      kind: 'order-tracking',
      source: "issue 30's ShipperTrackingNumber, with the camelCase names ERP exports use",
      rows: 40,
      multiTracking: 0.3,
      delimiter: ',',
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('CustomerPO', (l) => l.po, 'customerPoNumber'),
        col('InvoiceNumber', (l) => l.invoice, 'documentNumber'),
        col('ShipDate', (l) => mdy(l.shipDate), 'shippedDate', 'mdy'),
        col('ItemNumber', (l) => l.item, 'itemNumber'),
        col('QtyShipped', (l) => String(l.shipped), 'qtyFulfilled', 'number'),
        col('ShipToName', (l) => l.person, 'shipToName'),
        col('ShipVia', (l) => l.service, 'shippingCompany'),
        col('ShipperTrackingNumber', T(','), 'trackingNumbers'),
        col('AccountNumber', (l) => l.account, 'accountNumber'),
      ],
    },
    {
      name: 'fedex-lead-tracking.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source:
        "issue 30's Lead Tracking Number; FedEx Ship Manager field labels (Recipient Contact Name, Service Type, Reference, PO Number, Invoice Number)",
      rows: 30,
      dateFormat: mdy,
      carriers: ['FedEx Ground 96', 'FedEx Express 12'],
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Ship Date', (l) => mdy(l.shipDate), 'shippedDate'),
        col('Lead Tracking Number', T(), 'trackingNumbers'),
        col('Service Type', (l) => l.service, ['shippingCompany', null]),
        col('Recipient Company', (l) => l.company, ['customerName', null]),
        col('Recipient Contact Name', (l) => l.person, 'shipToName'),
        col('Reference', (l) => l.order, ['documentNumber', null]),
        col('PO Number', (l) => l.po, 'customerPoNumber'),
        col('Invoice Number', (l) => l.invoice, ['documentNumber', null]),
        col('Estimated Delivery Date', (l) => mdy(l.eta), 'estimatedArrivalDate'),
        col('Number of Packages', () => '1'),
      ],
    },
    {
      name: 'no-header-basic.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'a supplier feed without a header row',
      noHeader: true,
      rows: 30,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('', (l) => l.po, 'customerPoNumber'),
        col('', (l) => l.item, 'itemNumber'),
        col('', (l) => String(l.shipped || 1), ['qty', 'qtyFulfilled']),
        col('', (l) => mdy(l.shipDate), 'shippedDate'),
        col('', (l) => l.carrier, 'shippingCompany'),
        col('', T(), 'trackingNumbers'),
      ],
    },
    {
      name: 'no-header-two-dates.xlsx',
      writer: 'sheetjs-xlsx',
      kind: 'order-tracking',
      source: 'a supplier feed without a header row: two dates, ordered and shipped quantities',
      noHeader: true,
      rows: 40,
      dateFormat: iso,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('', (l) => l.po, 'customerPoNumber'),
        col('', (l) => iso(l.orderDate), 'orderDate'),
        col('', (l) => iso(l.shipDate), 'shippedDate'),
        col('', (l) => l.item, 'itemNumber'),
        col('', (l) => String(l.qty), 'qty'),
        col('', (l) => String(l.shipped), 'qtyFulfilled'),
        col('', (l) => l.person, 'shipToName'),
        col('', T(), 'trackingNumbers'),
      ],
    },
    {
      name: 'no-header-spaces.xls',
      writer: 'sheetjs-xls',
      kind: 'order-tracking',
      source: 'a supplier feed without a header row, several tracking numbers separated by spaces',
      noHeader: true,
      rows: 30,
      multiTracking: 0.4,
      delimiter: ' ',
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('', (l) => l.po, 'customerPoNumber'),
        col('', (l) => mdy(l.shipDate), 'shippedDate'),
        col('', (l) => l.scac, 'shippingCompany'),
        col('', T(' '), 'trackingNumbers'),
      ],
    },
    {
      name: 'trap-carrier-codes.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'trap: a column named like a tracking number that holds SCAC carrier codes (EDI TD503 values)',
      rows: 35,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Cust PO No', (l) => l.po, 'customerPoNumber'),
        col('Ship Dt', (l) => mdy(l.shipDate), 'shippedDate'),
        col('Tracking Code', (l) => l.scac, 'shippingCompany'),
        col('Pkg Tracking No', T(), 'trackingNumbers'),
        col('Item No', (l) => l.item, 'itemNumber'),
        col('Qty Shp', (l) => String(l.shipped), 'qtyFulfilled'),
      ],
    },
    {
      name: 'trap-upc-beside-tracking.xlsx',
      writer: 'sheetjs-xlsx',
      kind: 'order-tracking',
      source: 'trap: a UPC column next to FedEx 12-digit tracking numbers (same length, valid check digits)',
      rows: 35,
      dateFormat: mdy,
      carriers: ['FedEx Express 12'],
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Purchase Order', (l) => l.po, 'customerPoNumber'),
        col('Vendor Item #', (l) => l.item, 'itemNumber'),
        col('UPC', (l) => l.upc),
        col('Tracking Number', T(), 'trackingNumbers'),
        col('Date Shipped', (l) => mdy(l.shipDate), 'shippedDate'),
        col('Units', (l) => String(l.shipped || 1), ['qtyFulfilled', 'qty']),
      ],
    },
    {
      name: 'three-dates-eta.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'trap: order, ship, invoice dates and an ETA',
      rows: 40,
      dateFormat: dmon,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Customer PO', (l) => l.po, 'customerPoNumber'),
        col('Invoice Date', (l) => dmon(days(l.shipDate, 1))),
        col('Order Date', (l) => dmon(l.orderDate), 'orderDate'),
        col('Ship Date', (l) => dmon(l.shipDate), 'shippedDate'),
        col('ETA', (l) => dmon(l.eta), 'estimatedArrivalDate'),
        col('Invoice #', (l) => l.invoice, 'documentNumber'),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Tracking', T(), 'trackingNumbers'),
        col('Brand', (l) => l.brand, 'brandName'),
        col('Supplier', (l) => l.supplier, 'supplierName'),
      ],
    },
    {
      name: 'sap-open-orders.xlsx',
      writer: 'office-xlsx',
      kind: 'order-tracking',
      source:
        'SAP SD sales order list field labels (Sales Document, Purchase Order No., Sold-To Party, Goods Issue Date), with a "Generated on" line',
      titleRows: [['Open Sales Orders with Deliveries'], ['Generated on 11/30/2026 06:00 by SAPUSER'], []],
      rows: 50,
      linesPerOrder: 2,
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Sales Document', (l) => l.order.slice(2), 'documentNumber', 'text'),
        col('Purchase Order No.', (l) => l.po, 'customerPoNumber'),
        col('PO Date', (l) => mdy(l.poDate), 'poDate', 'mdy'),
        col('Sold-To Party', (l) => l.account.slice(1), ['customerNumber', 'accountNumber']),
        col('Name', (l) => l.company, ['customerName', null]),
        col('Material', (l) => l.item, 'itemNumber'),
        col('Order Quantity', (l) => String(l.qty), 'qty', 'number'),
        col('Delivered Qty', (l) => String(l.shipped), 'qtyFulfilled', 'number'),
        col('Goods Issue Date', (l) => mdy(l.shipDate), ['shippedDate', null], 'mdy'),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Tracking No.', T(), 'trackingNumbers'),
        col('Net Value', (l) => l.price, undefined, 'number'),
      ],
    },
    {
      name: 'distributor-order-status.xls',
      writer: 'office-xls',
      kind: 'order-tracking',
      source:
        'distributor order status export spellings (Customer PO #, Mfr Part #, Qty B/O, Tracking Number(s))',
      titleRows: [['Order Status Report'], ['Account: 0042117'], []],
      rows: 45,
      multiTracking: 0.3,
      delimiter: ',',
      dateFormat: mdy,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Customer PO #', (l) => l.po, 'customerPoNumber'),
        col('Order #', (l) => l.order, 'documentNumber'),
        col('Order Date', (l) => mdy(l.orderDate), 'orderDate', 'mdy'),
        col('Ship Date', (l) => mdy(l.shipDate), 'shippedDate', 'mdy'),
        col('Mfr Part #', (l) => l.item, 'itemNumber'),
        col('Mfr', (l) => l.brand, ['brandName', null]),
        col('Qty Ordered', (l) => String(l.qty), 'qty', 'number'),
        col('Qty Shipped', (l) => String(l.shipped), 'qtyFulfilled', 'number'),
        col('Qty B/O', (l) => String(l.qty - l.shipped), undefined, 'number'),
        col('Status', (l) => l.status, ['supplierOrderStatus', 'lineStatus', 'itemStatus']),
        col('Carrier', (l) => l.carrier, 'shippingCompany'),
        col('Tracking Number(s)', T(','), 'trackingNumbers'),
      ],
    },
    {
      name: 'ltl-freight-pro-numbers.csv',
      writer: 'csv',
      kind: 'order-tracking',
      source: 'LTL freight spellings (PRO Number, BOL #, Consignee, SCAC, Pickup Date, Est. Delivery)',
      rows: 25,
      dateFormat: mdy,
      carriers: ['Old Dominion'],
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('PRO Number', T(), 'trackingNumbers'),
        col('BOL #', (l) => `BOL${l.shipment.slice(2)}`, ['documentNumber', null]),
        col('PO #', (l) => l.po, 'customerPoNumber'),
        col('Pickup Date', (l) => mdy(l.shipDate), 'shippedDate'),
        col('Est. Delivery', (l) => mdy(l.eta), 'estimatedArrivalDate'),
        col('SCAC', (l) => l.scac, 'shippingCompany'),
        col('Consignee', (l) => l.company, 'shipToName'),
        col('Pieces', (l) => String(l.qty), ['qtyFulfilled', 'qty', null]),
        col('Weight (lb)', (l) => String(Math.round(Number(l.weight) * 40))),
      ],
    },
    {
      name: 'blank-rows-and-statuses.xlsx',
      writer: 'sheetjs-xlsx',
      kind: 'order-tracking',
      source:
        'supplier status file: title, blank rows, order/line/item statuses, account and customer numbers',
      titleRows: [['Weekly Shipment Status'], [], []],
      rows: 40,
      dateFormat: mdyShort,
      uniqueColumn: 'CustomerPoNumber',
      columns: [
        col('Account #', (l) => l.account, 'accountNumber'),
        col('Customer #', (l) => l.store, 'customerNumber'),
        col('Customer Name', (l) => l.company, 'customerName'),
        col('PO Number', (l) => l.po, 'customerPoNumber'),
        col('PO Date', (l) => mdyShort(l.poDate), 'poDate'),
        col('Order Status', (l) => l.status, 'supplierOrderStatus'),
        col('Line Status', (l) => l.lineStatus, 'lineStatus'),
        col('Item Number', (l) => l.item, 'itemNumber'),
        col('Item Status', () => 'Active', 'itemStatus'),
        col('Ship Date', (l) => mdyShort(l.shipDate), 'shippedDate'),
        col('Ship Via', (l) => l.carrier, 'shippingCompany'),
        col('Tracking No', T(), 'trackingNumbers'),
      ],
    },
  ];
}

interface StockItem {
  sku: string;
  upc: string;
  title: string;
  onHand: number;
  committed: number;
  incoming: number;
  status: string;
  price: string;
  casePack: number;
}

function stock(r: Random, count: number): StockItem[] {
  return Array.from({ length: count }, (_, n) => {
    const onHand = r() < 0.15 ? 0 : Math.floor(r() * 400);
    const committed = Math.min(onHand, Math.floor(r() * 20));
    return {
      sku: `${pick(r, ['WB', 'DW', 'LG', 'YT'])}-${pad(1000 + n * 7, 5)}`,
      upc: upc(r),
      title: pick(r, PRODUCTS),
      onHand,
      committed,
      incoming: Math.floor(r() * 50),
      status:
        onHand === 0
          ? pick(r, ['Out of Stock', 'Discontinued'])
          : pick(r, ['In Stock', 'In Stock', 'Low Stock']),
      price: (5 + r() * 200).toFixed(2),
      casePack: pick(r, [1, 6, 12, 24]),
    };
  });
}

interface StockLayout {
  name: string;
  writer: Writer;
  source: string;
  titleRows?: string[][];
  noHeader?: boolean;
  rows: number;
  columns: {
    header: string;
    value: (item: StockItem) => string;
    label?: Column['label'];
    type?: Column['type'];
  }[];
}

function inventoryLayouts(): StockLayout[] {
  return [
    {
      name: 'shopify-inventory.csv',
      writer: 'csv',
      source:
        'Shopify inventory CSV (Handle, Title, SKU, Location, Incoming, Unavailable, Committed, Available, On hand)',
      rows: 40,
      columns: [
        { header: 'Handle', value: (i) => i.title.toLowerCase().replace(/\W+/g, '-') },
        { header: 'Title', value: (i) => i.title },
        { header: 'Option1 Name', value: () => 'Color' },
        { header: 'Option1 Value', value: () => 'Black' },
        { header: 'SKU', value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: 'Location', value: () => 'Main Warehouse' },
        { header: 'Incoming', value: (i) => String(i.incoming) },
        { header: 'Unavailable', value: () => '0' },
        { header: 'Committed', value: (i) => String(i.committed) },
        { header: 'Available', value: (i) => String(i.onHand - i.committed), label: ['qtyColumnName'] },
        { header: 'On hand', value: (i) => String(i.onHand), label: ['qtyColumnName'] },
      ],
    },
    {
      name: 'lana-inventory.csv',
      writer: 'csv',
      source:
        'lana inventory import headers (sku, inventory_location, bin_location, incoming, on_hand, committed, available, low_stock_level)',
      rows: 30,
      columns: [
        { header: 'product_variant', value: (i) => `${i.title} (Black)` },
        { header: 'sku', value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: 'inventory_location', value: () => 'NYC Storage' },
        { header: 'bin_location', value: (i) => `L2-${i.sku.slice(-4)}` },
        { header: 'incoming', value: (i) => String(i.incoming) },
        { header: 'on_hand', value: (i) => String(i.onHand), label: ['qtyColumnName'] },
        { header: 'committed', value: (i) => String(i.committed) },
        { header: 'available', value: (i) => String(i.onHand - i.committed), label: ['qtyColumnName'] },
        { header: 'low_stock_level', value: () => '20' },
      ],
    },
    {
      name: 'edi-846-flat-file.xlsx',
      writer: 'office-xlsx',
      source:
        "ASC X12 846 Inventory Inquiry/Advice names (LIN Vendor's Item Number, UPC, PID description, QTY quantity available)",
      rows: 35,
      columns: [
        { header: "LIN03 Vendor's Item Number", value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: 'LIN05 UPC Consumer Package Code', value: (i) => i.upc },
        { header: 'PID05 Product Description', value: (i) => i.title },
        {
          header: 'QTY02 Quantity Available',
          value: (i) => String(i.onHand - i.committed),
          label: 'qtyColumnName',
          type: 'number',
        },
        { header: 'QTY02 Quantity On Order', value: (i) => String(i.incoming), type: 'number' },
        { header: 'CTP03 Unit Price', value: (i) => i.price, type: 'number' },
      ],
    },
    {
      name: 'supplier-stock-feed.xls',
      writer: 'office-xls',
      source: 'supplier stock feed spellings (Item #, Qty Avail, Qty On Order, Case Pack, Status)',
      titleRows: [['Daily Stock Feed'], ['Generated on 11/30/2026 05:00'], []],
      rows: 40,
      columns: [
        { header: 'Item #', value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: 'Description', value: (i) => i.title },
        { header: 'Case Pack', value: (i) => String(i.casePack), type: 'number' },
        { header: 'Qty Avail', value: (i) => String(i.onHand), label: 'qtyColumnName', type: 'number' },
        { header: 'Qty On Order', value: (i) => String(i.incoming), type: 'number' },
        { header: 'Price', value: (i) => i.price, type: 'number' },
        { header: 'Status', value: (i) => i.status, label: 'itemStatusColumnName' },
      ],
    },
    {
      name: 'amazon-price-quantity.csv',
      writer: 'csv',
      source:
        'Amazon Seller Central price & quantity inventory file (sku, price, quantity, handling-time, fulfillment-channel)',
      rows: 30,
      columns: [
        { header: 'sku', value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: 'price', value: (i) => i.price },
        { header: 'quantity', value: (i) => String(i.onHand), label: 'qtyColumnName' },
        { header: 'handling-time', value: () => '2' },
        { header: 'fulfillment-channel', value: () => 'DEFAULT' },
      ],
    },
    {
      name: 'inventory-no-header.csv',
      writer: 'csv',
      source: 'a stock feed without a header row: item, quantity, status',
      noHeader: true,
      rows: 30,
      columns: [
        { header: '', value: (i) => i.sku, label: 'itemNumberColumnName' },
        { header: '', value: (i) => String(i.onHand), label: 'qtyColumnName' },
        { header: '', value: (i) => i.status, label: 'itemStatusColumnName' },
      ],
    },
  ];
}

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

function officeType(type: Column['type']): number {
  return type === 'number' ? 1 : type === 'mdy' ? 3 : type === 'ymd' ? 5 : 2;
}

function write(name: string, writer: Writer, table: string[][], types: Column['type'][]): void {
  const target = path.join(OUT, name);
  const csv = `${table.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
  if (writer === 'csv') {
    writeFileSync(target, csv);
    return;
  }
  if (writer === 'sheetjs-xlsx' || writer === 'sheetjs-xls') {
    const sheet = XLSX.utils.aoa_to_sheet(table);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
    writeFileSync(
      target,
      XLSX.write(book, { type: 'buffer', bookType: writer === 'sheetjs-xls' ? 'biff8' : 'xlsx' }),
    );
    return;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'mapping-corpus-'));
  try {
    const base = name.replace(/\.[^.]+$/, '');
    writeFileSync(path.join(work, `${base}.csv`), csv);
    const formats = types.map((type, index) => `${index + 1}/${officeType(type)}`).join('/');
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

function labelsOf(
  name: string,
  kind: Kind,
  source: string,
  noHeader: boolean,
  titleRows: number,
  columns: readonly { header: string; label?: Column['label'] }[],
  uniqueColumn: string | null,
  delimiter: string | null,
): Labels {
  const fields: Record<string, (string | null)[]> = {};
  columns.forEach((column, index) => {
    if (column.label === undefined) return;
    const reference = noHeader ? String(index) : column.header;
    const options = typeof column.label === 'string' ? [column.label] : column.label;
    // A column that may go to one of several fields: each of them may also stay empty.
    const alone = options.filter((field) => field !== null).length === 1;
    for (const field of options) {
      if (field === null) continue;
      const list = fields[field] ?? [];
      if (!list.includes(reference)) list.push(reference);
      if (!alone && !list.includes(null)) list.push(null);
      fields[field] = list;
    }
    if (options.includes(null)) {
      for (const field of options)
        if (field !== null && !fields[field]!.includes(null)) fields[field]!.push(null);
    }
  });
  const simplified: Record<string, string | (string | null)[]> = {};
  for (const [field, list] of Object.entries(fields)) simplified[field] = list.length === 1 ? list[0]! : list;
  return {
    file: name,
    kind,
    source,
    fileHasHeader: !noHeader,
    headerRowIndex: noHeader ? null : titleRows,
    fields: simplified,
    uniqueColumn,
    secondaryDelimiter: delimiter,
  };
}

function main(): void {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  let seed = 30;
  for (const layout of orderLayouts()) {
    const r = seededRandom(seed++);
    const data = lines(layout, r);
    const table: string[][] = [...(layout.titleRows ?? [])];
    if (!layout.noHeader) table.push(layout.columns.map((column) => column.header));
    data.forEach((line, n) => {
      table.push(layout.columns.map((column) => column.value(line, n)));
    });
    const width = layout.columns.length;
    write(
      layout.name,
      layout.writer,
      table.map((row) =>
        [...row, ...Array(Math.max(0, width - row.length)).fill('')].slice(0, Math.max(width, row.length)),
      ),
      layout.columns.map((c) => c.type),
    );
    const multi = data.some((line) => line.tracking.length > 1);
    const labels = labelsOf(
      layout.name,
      'order-tracking',
      layout.source,
      layout.noHeader === true,
      layout.titleRows?.length ?? 0,
      layout.columns,
      layout.uniqueColumn ?? null,
      multi ? (layout.delimiter ?? null) : null,
    );
    writeFileSync(path.join(OUT, `${layout.name}.labels.json`), `${JSON.stringify(labels, null, 2)}\n`);
  }
  for (const layout of inventoryLayouts()) {
    const r = seededRandom(seed++);
    const items = stock(r, layout.rows);
    const table: string[][] = [...(layout.titleRows ?? [])];
    if (!layout.noHeader) table.push(layout.columns.map((column) => column.header));
    for (const item of items) table.push(layout.columns.map((column) => column.value(item)));
    write(
      layout.name,
      layout.writer,
      table,
      layout.columns.map((c) => c.type),
    );
    const labels = labelsOf(
      layout.name,
      'inventory',
      layout.source,
      layout.noHeader === true,
      layout.titleRows?.length ?? 0,
      layout.columns,
      null,
      null,
    );
    writeFileSync(path.join(OUT, `${layout.name}.labels.json`), `${JSON.stringify(labels, null, 2)}\n`);
  }
  // The labels in the repository's JSON style, so `npm run check` reads them as written.
  execFileSync(path.join(import.meta.dirname, '../../node_modules/.bin/biome'), ['format', '--write', OUT], {
    stdio: 'ignore',
  });
  console.log(
    `wrote ${readdirSync(OUT).filter((file) => !file.endsWith('.json')).length} files to ${path.relative(process.cwd(), OUT)}`,
  );
}

main();
