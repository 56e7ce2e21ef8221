/**
 * Builds the tenth corpus's second order-tracking set (bench/mapping-corpus-tenth/orders-b/README.md): eight
 * supplier, 3PL, drop-ship platform and storefront shipment exports, written without reading the engine, its
 * design document or the files, labels and builders of the other corpora. Beside each file goes the mapping a
 * careful operator would make (`.labels.json`), decided before the build first ran. Fixed seed, so a rebuild
 * writes the same CSV and SheetJS files byte for byte.
 * Run: `npx tsx bench/mapping-corpus-tenth/orders-b/build.ts`.
 *
 * Every tracking number is computed from its carrier's published check-digit rule (bench/corpus-builders.ts) and
 * handed to the project's recogniser through `confirmed`; a number it does not call valid stops the build.
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
  type FileSpec,
  fedexExpressCheck,
  gs1Check,
  randomHelpers,
  upsCheck,
} from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-tenth-orders-b-');
const random = seededRandom(20261213);
const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

// ---------------------------------------------------------------- carriers' numbers (published check digits)

type CarrierKey = 'ups' | 'fedexExpress' | 'fedexGround' | 'usps' | 'dhl';

const TRACKING: Record<CarrierKey, () => string> = {
  ups() {
    const data = `${letters(6, '0123456789ABCDEFGHJKRVWXY')}${pick(['03', '01', '02', '12'])}${digits(7)}`;
    return confirmed(`1Z${data}${upsCheck(data)}`, 'UPS', 'ups');
  },
  fedexExpress() {
    const data = `${pick(['77', '78', '79', '39'])}${digits(9)}`;
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
};

const SCAC: Record<CarrierKey, string> = {
  ups: 'UPSN',
  fedexExpress: 'FDXE',
  fedexGround: 'FDEG',
  usps: 'USPS',
  dhl: 'DHLC',
};
const NAME: Record<CarrierKey, string> = {
  ups: 'UPS',
  fedexExpress: 'FedEx',
  fedexGround: 'FedEx Ground',
  usps: 'USPS',
  dhl: 'DHL Express',
};
const SERVICE: Record<CarrierKey, string> = {
  ups: 'UPS Ground',
  fedexExpress: 'FedEx 2Day',
  fedexGround: 'FedEx Home Delivery',
  usps: 'USPS Ground Advantage',
  dhl: 'DHL Express Worldwide',
};

/** A UPC-A with its GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An SSCC-18 carton label: a valid GS1 check digit, and no tracking number. */
function sscc(): string {
  const data = `0${pick(['0614141', '0860004', '0819877'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

// ---------------------------------------------------------------- the business behind the rows

const GIVEN = [
  'Avery',
  'Marcus',
  'Priya',
  'Owen',
  'Lucia',
  'Theo',
  'Imani',
  'Grace',
  'Rafael',
  'Nina',
  'Silas',
  'Keiko',
];
const FAMILY = [
  'Holloway',
  'Nguyen',
  'Patel',
  'Brennan',
  'Okafor',
  'Lindqvist',
  'Reyes',
  'Fischer',
  'Park',
  'Dunn',
];
const COMPANIES = [
  'Harbor & Pine Home LLC',
  'Northgate Outfitters Inc.',
  'Bluebird Kitchen Co.',
  'Cedar Lane Gifts',
  'Summit Supply Partners',
  'Willow Creek Mercantile',
];
const PLACES: [string, string, string][] = [
  ['Madison', 'WI', '53703'],
  ['Boise', 'ID', '83702'],
  ['Savannah', 'GA', '31401'],
  ['Reno', 'NV', '89501'],
  ['Lexington', 'KY', '40507'],
  ['Providence', 'RI', '02903'],
  ['Fort Collins', 'CO', '80524'],
];
const STREETS = ['Maple Ave', 'Harbor Rd', 'Quarry St', 'Elm Ct', 'Lakeshore Dr', 'Mill Rd'];
const GOODS: [string, string][] = [
  ['Linen Duvet Cover, Queen, Sand', 'LD-Q-SND'],
  ['Cast Iron Skillet 10in', 'CI-1000'],
  ['Bamboo Cutting Board Set', 'BB-0303'],
  ['Wool Area Rug 5x8, Charcoal', 'WR-58-CH'],
  ['Glass Storage Jars (4)', 'GJ-0404'],
  ['LED Desk Lamp, Brass', 'DL-2210'],
  ['Stoneware Dinner Plates (6)', 'SP-0611'],
  ['Cotton Bath Towel Set', 'BT-3000'],
  ['Walnut Serving Tray', 'WT-1418'],
  ['Scented Soy Candle 8 oz', 'SC-0800'],
];

const person = () => `${pick(GIVEN)} ${pick(FAMILY)}`;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOV_2 = Date.UTC(2026, 10, 2, 0, 0);

interface Line {
  po: string;
  supplierOrder: string;
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
  supplierOrder: (n: number) => string;
  carriers: CarrierKey[];
  multi?: number;
  secondLine?: number;
  unshipped?: number;
  partial?: number;
}): Line[] {
  const out: Line[] = [];
  for (let n = 0; n < options.orders; n++) {
    const orderDate = new Date(
      NOV_2 + between(0, 24) * DAY + between(7, 20) * HOUR + between(0, 59) * 60_000,
    );
    const shipDate = new Date(orderDate.getTime() + between(1, 4) * DAY + between(1, 6) * HOUR);
    const eta = new Date(shipDate.getTime() + between(2, 6) * DAY);
    const [city, state, zip] = pick(PLACES);
    const [first, last] = person().split(' ') as [string, string];
    const company = pick(COMPANIES);
    const street = `${between(12, 9870)} ${pick(STREETS)}`;
    const carrier = pick(options.carriers);
    const shippedFlag = !chance(options.unshipped ?? 0.12);
    const count = chance(options.secondLine ?? 0.3) ? 2 : 1;
    for (let line = 1; line <= count; line++) {
      const [description, item] = pick(GOODS);
      const ordered = between(1, 6);
      const shipped = shippedFlag ? (chance(options.partial ?? 0.15) ? between(1, ordered) : ordered) : 0;
      const packages = shippedFlag ? (chance(options.multi ?? 0) ? between(2, 3) : 1) : 0;
      out.push({
        po: options.po(n),
        supplierOrder: options.supplierOrder(n),
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

// ---------------------------------------------------------------- date spellings

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
const isoZ = (d: Date) => `${iso(d)}T${time(d)}Z`;
const isoSpace = (d: Date) => `${iso(d)} ${time(d)}`;
const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const usPadded = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const usTime = (d: Date) => `${usPadded(d)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dMonY = (d: Date) => `${pad(d.getUTCDate())}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
const money = () => `${between(8, 240)}.${pick(['99', '00', '50', '95'])}`;

const PO = 'customerPoNumber';
const TRACK = 'trackingNumbers';

// ---------------------------------------------------------------- order tracking files

function orderFiles(): FileSpec<never>[] {
  const specs: FileSpec<Line>[] = [];

  // 1. Konnektive / Checkout Champ fulfillment export: comma CSV, several numbers in one cell joined by ",".
  {
    const rows = orderLines({
      orders: 48,
      po: (n) => `KC${String(418230 + n * 11)}`,
      supplierOrder: (n) => `F-${String(90310 + n)}`,
      carriers: ['usps', 'ups', 'fedexGround'],
      multi: 0.25,
      secondLine: 0.3,
    });
    specs.push({
      name: 'konnektive-fulfillment-export.csv',
      kind: 'order-tracking',
      writer: 'csv',
      source:
        'Konnektive / Checkout Champ "Search Fulfillments" export and tracking import (konnektive.atlassian.net/wiki, Customer → Fulfillment page)',
      unique: 'CustomerPoNumber',
      delimiter: ',',
      rows,
      columns: [
        { header: 'orderId', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'fulfillmentId', maps: { documentNumber: 0 }, cell: (r) => r.supplierOrder },
        { header: 'dateCreated', maps: { orderDate: 1 }, cell: (r) => isoSpace(r.orderDate) },
        {
          header: 'dateShipped',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? isoSpace(r.shipDate) : ''),
        },
        {
          header: 'status',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'SHIPPED' : pick(['PENDING', 'HOLD'])),
        },
        { header: 'shipFirstName', cell: (r) => r.first },
        { header: 'shipLastName', cell: (r) => r.last },
        { header: 'shipAddress1', cell: (r) => r.street },
        { header: 'shipCity', cell: (r) => r.city },
        { header: 'shipState', cell: (r) => r.state },
        { header: 'shipPostalCode', cell: (r) => r.zip },
        { header: 'productSku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'productName', cell: (r) => r.description },
        { header: 'productQty', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        {
          header: 'shipCarrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'trackingNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join(',') },
        { header: 'rmaNumber', cell: () => (chance(0.05) ? `RMA${digits(6)}` : '') },
      ],
    });
  }

  // 2. Acutrack shipment report: ";" CSV under a title, a "Generated on" line and a blank row; SSCC beside tracking.
  {
    const rows = orderLines({
      orders: 44,
      po: (n) => `PO-${String(77120 + n * 3)}`,
      supplierOrder: (n) => String(5_301_400 + n * 7),
      carriers: ['ups', 'fedexExpress', 'usps'],
      partial: 0.25,
    });
    const serviceId: Record<CarrierKey, string> = {
      ups: 'UPS-GND',
      fedexExpress: 'FDX-2DA',
      fedexGround: 'FDX-GND',
      usps: 'USPS-GA',
      dhl: 'DHL-EXP',
    };
    specs.push({
      name: 'acutrack-shipment-report.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: ';',
      source:
        'Acutrack "Import Orders" field list (support.acutrack.com/hc/en-us/articles/4403394620435-Import-Orders): PurchaseOrderNo, Sku, ServiceId, AdditionalPoNumber, LotNo',
      titleRows: [['Acutrack Fulfillment - Shipment Report'], ['Generated on 12/01/2026 06:15 PST'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'PurchaseOrderNo', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'AdditionalPoNumber', cell: (r) => (r.line === 1 && chance(0.3) ? `DS${digits(5)}` : '') },
        { header: 'AcutrackOrderId', maps: { documentNumber: 1 }, cell: (r) => r.supplierOrder },
        { header: 'OrderDate', maps: { orderDate: 1 }, cell: (r) => usPadded(r.orderDate) },
        {
          header: 'ShipDate',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? usPadded(r.shipDate) : ''),
        },
        { header: 'ShipToName', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'ShipToCompany', cell: (r) => (chance(0.4) ? r.company : '') },
        { header: 'ShipToState', cell: (r) => r.state },
        { header: 'Sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'LotNo', cell: () => `L${digits(2)}${pick(['A', 'B', 'C'])}` },
        { header: 'QtyOrdered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'QtyShipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'ServiceId', maps: { shippingCompany: 1 }, cell: (r) => serviceId[r.carrier] },
        { header: 'SSCC', cell: (r) => (r.shippedFlag ? sscc() : '') },
        { header: 'TrackingNo', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'OrderStatus',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'Shipped' : 'Backordered'),
        },
      ],
    });
  }

  // 3. MyDeal marketplace tracking upload sheet, tab separated: person as customer, courier names.
  {
    const rows = orderLines({
      orders: 62,
      po: (n) => String(2_381_004 + n * 17),
      supplierOrder: (n) => `INV-${String(30911 + n)}`,
      carriers: ['dhl', 'ups', 'fedexExpress'],
      secondLine: 0.15,
    });
    specs.push({
      name: 'mydeal-tracking-upload.csv',
      kind: 'order-tracking',
      writer: 'csv',
      separator: '\t',
      source:
        'MyDeal Seller Help, "How do I upload or edit tracking information?" (sellerhelp.mydeal.com.au/hc/en-us/articles/360000502395)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order No.', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Deal ID', cell: () => String(between(180_000, 189_999)) },
        { header: 'Deal Name', cell: (r) => r.description },
        { header: 'SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Qty', maps: { qty: 1, qtyFulfilled: 0 }, cell: (r) => String(r.ordered) },
        {
          header: 'Customer Name',
          maps: { customerName: 1, shipToName: 0 },
          cell: (r) => `${r.first} ${r.last}`,
        },
        { header: 'Suburb', cell: (r) => r.city },
        { header: 'Purchase Date', maps: { orderDate: 1 }, cell: (r) => dMonY(r.orderDate) },
        {
          header: 'Dispatch Date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? dMonY(r.shipDate) : ''),
        },
        {
          header: 'Shipping Status',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'Dispatched' : 'Pending Dispatch'),
        },
        {
          header: 'Courier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'Tracking Number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Supplier Invoice', maps: { documentNumber: 1 }, cell: (r) => r.supplierOrder },
        {
          header: 'Supplier Notes',
          cell: (r) => (r.shippedFlag ? '' : pick(['Awaiting stock', 'ETA next week', ''])),
        },
      ],
    });
  }

  // 4. Katana MRP sales orders with fulfillments (LibreOffice XLSX): "|"-joined numbers, company customers.
  {
    const rows = orderLines({
      orders: 50,
      po: (n) => `WC-${String(10452 + n * 5)}`,
      supplierOrder: (n) => `SO-${String(2210 + n)}`,
      carriers: ['ups', 'fedexGround', 'usps'],
      multi: 0.3,
      secondLine: 0.35,
    });
    specs.push({
      name: 'katana-sales-order-fulfillments.xlsx',
      kind: 'order-tracking',
      writer: 'office-xlsx',
      source:
        'Katana MRP sales order list export with fulfillment tracking (no public column list found in this session)',
      unique: 'CustomerPoNumber',
      delimiter: '|',
      rows,
      columns: [
        { header: 'Order #', maps: { documentNumber: 1 }, cell: (r) => r.supplierOrder },
        { header: 'Customer', maps: { customerName: 1 }, cell: (r) => r.company },
        { header: 'Customer reference', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Created date', maps: { orderDate: 1 }, cell: (r) => iso(r.orderDate) },
        {
          header: 'Delivery deadline',
          maps: { estimatedArrivalDate: 0 },
          cell: (r) => iso(new Date(r.orderDate.getTime() + 10 * DAY)),
        },
        {
          header: 'Fulfilled date',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? iso(r.shipDate) : ''),
        },
        { header: 'Variant code / SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Item name', cell: (r) => r.description },
        { header: 'Quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Price per unit', cell: () => money() },
        {
          header: 'Delivery status',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'Delivered' : pick(['Not shipped', 'Packed'])),
        },
        { header: 'Ship to', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        {
          header: 'Carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier] : ''),
        },
        { header: 'Tracking number', maps: { [TRACK]: 1 }, cell: (r) => r.tracking.join('|') },
      ],
    });
  }

  // 5. Spree Commerce shipments report (SheetJS XLSX) under a title, a "Generated on" line and a blank row.
  {
    const rows = orderLines({
      orders: 58,
      po: (n) => `R${String(483_920_115 + n * 1_013)}`,
      supplierOrder: (n) => `H${String(71_402_338 + n * 97)}`,
      carriers: ['ups', 'usps', 'fedexGround', 'fedexExpress'],
      secondLine: 0.2,
    });
    specs.push({
      name: 'spree-shipments-report.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      source:
        'Spree Commerce shipment and order attributes (Spree API: shipment number, state, tracking, shipped_at; order number R…) as an admin report would label them',
      titleRows: [['Shipments Report — Harbor & Pine Drop Ship'], ['Generated on 2026-12-01 07:02 UTC'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order Number', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Shipment Number', maps: { documentNumber: 0 }, cell: (r) => r.supplierOrder },
        { header: 'Order Completed At', maps: { orderDate: 1 }, cell: (r) => isoZ(r.orderDate) },
        {
          header: 'Shipped At',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? isoZ(r.shipDate) : ''),
        },
        {
          header: 'Shipment State',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'shipped' : pick(['ready', 'pending'])),
        },
        { header: 'Ship Address Name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'Ship Address Company', cell: (r) => (chance(0.3) ? r.company : '') },
        { header: 'Ship Address City', cell: (r) => r.city },
        { header: 'Stock Location', cell: () => pick(['Reno DC', 'Columbus DC']) },
        { header: 'SKU', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Variant Name', cell: (r) => r.description },
        { header: 'Quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Shipping Method', maps: { shippingCompany: 1 }, cell: (r) => SERVICE[r.carrier] },
        { header: 'Tracking', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        { header: 'Cost', cell: () => `${between(5, 22)}.${pick(['00', '45', '90'])}` },
      ],
    });
  }

  // 6. Convictional-style positional file without a header row (SheetJS XLSX).
  {
    const rows = orderLines({
      orders: 66,
      po: (n) => `CV${String(600_140 + n * 9)}`,
      supplierOrder: (n) => String(n),
      carriers: ['fedexExpress', 'ups', 'usps'],
      secondLine: 0.1,
    });
    specs.push({
      name: 'convictional-fulfillments-noheader.xlsx',
      kind: 'order-tracking',
      writer: 'sheetjs-xlsx',
      headerless: true,
      source:
        'Convictional "Importing Orders" (support.convictional.com/guides/importing-orders/): code, partner, date, sku, quantity, name, company, city, zip, state, country, addressOne, addressTwo, no header row; shipped date, carrier and tracking appended (typed)',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'code', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'partner', cell: () => 'Harbor & Pine Home' },
        { header: 'date', maps: { orderDate: 1 }, cell: (r) => isoZ(r.orderDate) },
        { header: 'sku', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'company', cell: (r) => (chance(0.25) ? r.company : '') },
        { header: 'city', cell: (r) => r.city },
        { header: 'zip', cell: (r) => r.zip },
        { header: 'state', cell: (r) => r.state },
        { header: 'country', cell: () => 'US' },
        { header: 'addressOne', cell: (r) => r.street },
        { header: 'addressTwo', cell: () => (chance(0.2) ? `Apt ${between(1, 40)}` : '') },
        {
          header: 'shippedAt',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? isoZ(r.shipDate) : ''),
        },
        {
          header: 'carrier',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? NAME[r.carrier].toLowerCase() : ''),
        },
        { header: 'tracking', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
      ],
    });
  }

  // 7. Avetti Commerce export orders spreadsheet (LibreOffice XLS): "Tracking Code" holds SCACs, UPC beside tracking.
  {
    const rows = orderLines({
      orders: 46,
      po: (n) => `4500${String(18_230 + n * 4)}`,
      supplierOrder: (n) => `AV${String(88_120 + n)}`,
      carriers: ['fedexExpress', 'ups', 'fedexGround', 'usps'],
      partial: 0.3,
      secondLine: 0.4,
    });
    specs.push({
      name: 'avetti-export-orders.xls',
      kind: 'order-tracking',
      writer: 'office-xls',
      source:
        'Avetti Commerce "Export Orders Spreadsheet" (docs.avetticommerce.com/docs/export-orders-spreadsheet): the .xls order export; column names not in the excerpt (typed)',
      titleRows: [['Orders Export'], ['Store: Cedar Lane Wholesale', 'Generated on 01-Dec-2026 05:40'], []],
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'Order Number', maps: { documentNumber: 1 }, cell: (r) => r.supplierOrder },
        { header: 'Customer PO', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'Order Date', maps: { orderDate: 1 }, cell: (r) => us(r.orderDate) },
        { header: 'Customer Company', maps: { customerName: 1 }, cell: (r) => r.company },
        { header: 'Ship To Name', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'Item Code', maps: { itemNumber: 1 }, cell: (r) => r.item },
        { header: 'Description', cell: (r) => r.description },
        { header: 'Qty Ordered', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'Qty Shipped', maps: { qtyFulfilled: 1 }, cell: (r) => String(r.shipped) },
        { header: 'Ship Date', maps: { shippedDate: 1 }, cell: (r) => (r.shippedFlag ? us(r.shipDate) : '') },
        {
          header: 'Expected Delivery',
          maps: { estimatedArrivalDate: 1 },
          cell: (r) => (r.shippedFlag ? us(r.eta) : ''),
        },
        {
          header: 'Tracking Code',
          maps: { shippingCompany: 1 },
          cell: (r) => (r.shippedFlag ? SCAC[r.carrier] : ''),
        },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Tracking No.', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'Line Status',
          maps: { lineStatus: 1 },
          cell: (r) => (!r.shippedFlag ? 'Open' : r.shipped < r.ordered ? 'Partial' : 'Shipped'),
        },
      ],
    });
  }

  // 8. CJdropshipping order list (SheetJS XLS), in the API's camelCase: three dates, CJ's own order id.
  {
    const rows = orderLines({
      orders: 70,
      po: (n) => `#${String(1841 + n * 2)}`,
      supplierOrder: (n) => `CJ${String(2_611_0340_771 + n * 37)}`,
      carriers: ['usps', 'dhl', 'ups'],
      secondLine: 0.1,
      unshipped: 0.18,
    });
    const logistic: Record<CarrierKey, string> = {
      usps: 'USPS+',
      dhl: 'DHL Official',
      ups: 'UPS Ground',
      fedexExpress: 'FedEx',
      fedexGround: 'FedEx Ground',
    };
    specs.push({
      name: 'cjdropshipping-order-list.xls',
      kind: 'order-tracking',
      writer: 'sheetjs-xls',
      source:
        'CJdropshipping API "05. Shopping" order fields (developers.cjdropshipping.com/en/api/api2/api/shopping.html): orderNumber, shippingCustomerName, shippingCountryCode, shippingProvince, shippingCity, shippingZip, logisticName, quantity',
      unique: 'CustomerPoNumber',
      delimiter: null,
      rows,
      columns: [
        { header: 'orderNumber', maps: { [PO]: 1 }, cell: (r) => r.po },
        { header: 'cjOrderId', maps: { documentNumber: 1 }, cell: (r) => r.supplierOrder },
        { header: 'createDate', maps: { orderDate: 1 }, cell: (r) => usTime(r.orderDate) },
        {
          header: 'paymentDate',
          cell: (r) => usTime(new Date(r.orderDate.getTime() + between(1, 30) * HOUR)),
        },
        {
          header: 'orderStatus',
          maps: { supplierOrderStatus: 1 },
          cell: (r) => (r.shippedFlag ? 'SHIPPED' : 'UNSHIPPED'),
        },
        { header: 'shippingCustomerName', maps: { shipToName: 1 }, cell: (r) => `${r.first} ${r.last}` },
        { header: 'shippingCountryCode', cell: () => 'US' },
        { header: 'shippingProvince', cell: (r) => r.state },
        { header: 'shippingCity', cell: (r) => r.city },
        { header: 'shippingZip', cell: (r) => r.zip },
        { header: 'variantSku', maps: { itemNumber: 1 }, cell: (r) => `CJ${r.item.replace(/-/g, '')}` },
        { header: 'productName', cell: (r) => r.description },
        { header: 'quantity', maps: { qty: 1 }, cell: (r) => String(r.ordered) },
        { header: 'logisticName', maps: { shippingCompany: 1 }, cell: (r) => logistic[r.carrier] },
        { header: 'trackNumber', maps: { [TRACK]: 1 }, cell: (r) => r.tracking[0] ?? '' },
        {
          header: 'outboundDate',
          maps: { shippedDate: 1 },
          cell: (r) => (r.shippedFlag ? usTime(r.shipDate) : ''),
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
