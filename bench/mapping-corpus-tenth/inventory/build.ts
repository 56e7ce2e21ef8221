/**
 * Builds the tenth mapping corpus, inventory half (bench/mapping-corpus-tenth/inventory/README.md): eight labelled
 * stock files written without reading the engine, its design document, its spreadsheet sampler or the files, labels
 * and builders of the other corpora. Beside each file goes the mapping a careful person would make (`.labels.json`),
 * decided before the engine ever ran on it. Fixed seed, so a rebuild writes the same CSV and SheetJS files byte for
 * byte. Run: `npx tsx bench/mapping-corpus-tenth/inventory/build.ts`. Only `files/` of this folder is rewritten.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import { corpusEmitter, type FileSpec, gs1Check, randomHelpers } from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-tenth-inventory-');
const random = seededRandom(20261212);
const { between, pick, digits, chance } = randomHelpers(random);

const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

// ---------------------------------------------------------------- shared value makers

const GOODS = [
  ['LED Work Light 20W', 'Lighting'],
  ['Ceramic Pour-Over Coffee Set', 'Kitchen'],
  ['Stainless Steel Water Bottle 750ml', 'Outdoor'],
  ['Bamboo Cutting Board Large', 'Kitchen'],
  ['Cordless Drill Battery 18V', 'Tools'],
  ['Microfiber Bath Towel Grey', 'Home'],
  ['Dog Harness Reflective M', 'Pets'],
  ['Yoga Mat 6mm Teal', 'Fitness'],
  ['USB-C Charging Cable 2m', 'Electronics'],
  ['Cast Iron Skillet 10in', 'Kitchen'],
  ['Garden Hose Nozzle 8 Pattern', 'Garden'],
  ['Kids Rain Jacket Yellow', 'Apparel'],
  ['Wireless Earbuds Black', 'Electronics'],
  ['Throw Pillow Cover Linen', 'Home'],
  ['Bike Tail Light Rechargeable', 'Outdoor'],
  ['Resistance Band Set', 'Fitness'],
  ['Car Phone Mount Magnetic', 'Auto'],
  ['Wall Clock 12in Walnut', 'Home'],
  ['Camping Lantern Solar', 'Outdoor'],
  ['Silicone Baking Mat Pair', 'Kitchen'],
] as const;
const BRANDS = [
  'Nordvik',
  'Brightline',
  'Hollow Oak',
  'Taskmate',
  'Pawsome',
  'Solano',
  'Kestrel',
  'Ironleaf',
];

const upc = () => {
  const data = `${pick(['0', '6', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
};
const ean = () => {
  const data = `${pick(['40', '42', '50', '54'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
};
const money = (value: number) => value.toFixed(2);
const pad = (n: number) => String(n).padStart(2, '0');
/** A day in late 2026 / early 2027 as { y, m, d }. */
const day = (fromMonth = 10, span = 5) => {
  const month = fromMonth + between(0, span - 1);
  return { y: month > 12 ? 2027 : 2026, m: month > 12 ? month - 12 : month, d: between(1, 28) };
};
const iso = (t: { y: number; m: number; d: number }) => `${t.y}-${pad(t.m)}-${pad(t.d)}`;
const us = (t: { y: number; m: number; d: number }) => `${pad(t.m)}/${pad(t.d)}/${t.y}`;
const uk = (t: { y: number; m: number; d: number }) => `${pad(t.d)}/${pad(t.m)}/${t.y}`;
const de = (t: { y: number; m: number; d: number }) => `${pad(t.d)}.${pad(t.m)}.${t.y}`;

interface Stock {
  sku: string;
  name: string;
  category: string;
  brand: string;
  mpn: string;
  upc: string;
  ean: string;
  onHand: number;
  reserved: number;
  available: number;
  onOrder: number;
  cost: number;
  price: number;
  discontinued: boolean;
}

function stockRows(count: number, sku: (n: number) => string): Stock[] {
  return Array.from({ length: count }, (_, n) => {
    const [name, category] = pick(GOODS);
    const onHand = chance(0.14) ? 0 : between(1, 480);
    const reserved = Math.min(onHand, chance(0.5) ? between(0, 24) : 0);
    const cost = between(3, 140) + pick([0.25, 0.5, 0.8, 0.1, 0]);
    return {
      sku: sku(n),
      name,
      category,
      brand: pick(BRANDS),
      mpn: `${pick(['MX', 'PT', 'Q', 'ZR', 'HL'])}${digits(4)}-${pick(['A', 'B', 'C', 'BK', 'WH'])}`,
      upc: upc(),
      ean: ean(),
      onHand,
      reserved,
      available: onHand - reserved,
      onOrder: chance(0.35) ? between(12, 300) : 0,
      cost,
      price: Math.round(cost * (1.6 + random()) * 100) / 100,
      discontinued: chance(0.1),
    };
  });
}

// ---------------------------------------------------------------- inventory files

function inventoryFiles(): FileSpec<never>[] {
  const specs: FileSpec<Stock>[] = [];

  // 1. Amazon's Active Listings Report: tab-delimited, seller-sku beside listing-id and product-id, a flag that is always y.
  {
    const rows = stockRows(124, (n) => `NV-${String(40100 + n * 13)}`);
    const listing = rows.map(() => `${digits(4)}${pick(['A', 'B', 'C', 'D', 'E'])}${digits(6)}`);
    const asin = rows.map(() => `B0${pick(['7', '8', '9', 'C', 'D'])}${digits(7)}`);
    const kind = rows.map(() => (chance(0.7) ? 1 : 3));
    const opened = rows.map(() => day(1, 11));
    specs.push({
      name: 'amazon-active-listings.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: '\t',
      source:
        'Amazon Seller Central, "Active Listings Report" field table (sellercentral.amazon.ca/gp/help/external/200385890; EU copy sellercentral-europe.amazon.com/gp/help/external/200385890)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'item-name', cell: (r) => `${r.brand} ${r.name}` },
        { header: 'item-description', cell: () => '' },
        { header: 'listing-id', cell: (_r, i) => listing[i]! },
        { header: 'seller-sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'price', cell: (r) => money(r.price) },
        { header: 'quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        {
          header: 'open-date',
          cell: (_r, i) =>
            `${iso(opened[i]!)} ${pad(between(0, 23))}:${pad(between(0, 59))}:${pad(between(0, 59))} PST`,
        },
        { header: 'item-is-marketplace', cell: () => 'y' },
        { header: 'product-id-type', cell: (_r, i) => String(kind[i]) },
        { header: 'item-note', cell: () => (chance(0.1) ? 'Ships from US warehouse' : '') },
        { header: 'item-condition', cell: () => '11' },
        { header: 'product-id', cell: (r, i) => (kind[i] === 1 ? asin[i]! : r.upc) },
        { header: 'fulfillment-channel', cell: () => (chance(0.85) ? 'DEFAULT' : 'AMAZON_NA') },
      ],
    });
  }

  // 2. MARS item record, comma-delimited, no header: quantities with four implied decimals, committed and on order beside on hand.
  {
    const rows = stockRows(96, (n) => `AX${String(1200 + n * 7).padStart(4, '0')}`);
    const four = (q: number) => String(q * 10000);
    const history = rows.map(() => Array.from({ length: 12 }, () => between(0, 90)));
    specs.push({
      name: 'mars-item-download-noheader.csv',
      kind: 'inventory',
      writer: 'csv',
      source:
        'MARS help, "Version 6 Item Record" monthly item record layout, used in the order given when the comma-delimited interface switch is on (safetou.com/marshelp/version_1_2.htm)',
      headerless: true,
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Item Number', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Item Descr', cell: (r) => r.name.toUpperCase().slice(0, 30) },
        { header: 'U of M', cell: () => pick(['EACH', 'EACH', 'EACH', 'CASE', 'PAIR']) },
        { header: 'locations', cell: () => String(between(1, 3)) },
        { header: 'Season Ind', cell: () => pick(['00', '11', '22', '33']) },
        { header: 'Lot Sens.', cell: () => pick(['0', '0', '40']) },
        { header: 'Vendor', cell: () => String(between(1, 240)) },
        { header: 'ABC Class', cell: () => pick(['A', 'B', 'B', 'C', 'C', 'C']) },
        { header: 'Qty on Hand', maps: { [QTY]: 1 }, cell: (r) => four(r.onHand) },
        { header: 'Qty on Order', cell: (r) => four(r.onOrder) },
        { header: 'Qty Comm.', cell: (r) => four(r.reserved) },
        ...Array.from({ length: 12 }, (_, k) => ({
          header: `History ${k + 1}`,
          cell: (_r: Stock, i: number) => four(history[i]![k]!),
        })),
        { header: 'Volume', cell: () => String(between(1, 40) * 1000) },
        { header: 'Lot Size', cell: () => String(pick([1, 6, 12, 20, 24])) },
      ],
    });
  }

  // 3. A German wholesaler's Lagerbestand: semicolon CSV, title line, "> 50" capped availability, a status column.
  {
    const rows = stockRows(88, (n) => `${String(100450 + n * 17)}`);
    const due = rows.map(() => day(12, 3));
    specs.push({
      name: 'lagerbestand-grosshandel-de.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: ';',
      source:
        'A German wholesaler’s stock list for a UK retailer; headers typed (common German ERP wording), no document read',
      titleRows: [['Lagerbestand Stand: 12.12.2026 06:00']],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Artikelnummer', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Hersteller-Artikelnr.', cell: (r) => r.mpn },
        { header: 'EAN', cell: (r) => r.ean },
        { header: 'Bezeichnung', cell: (r) => r.name },
        { header: 'Bestand', cell: (r) => String(r.onHand) },
        { header: 'Reserviert', cell: (r) => String(r.reserved) },
        {
          header: 'Verfügbar',
          maps: { [QTY]: 1 },
          cell: (r) => (r.available > 50 ? '> 50' : String(r.available)),
        },
        { header: 'Zulauf', cell: (r) => String(r.onOrder) },
        { header: 'Zulauftermin', cell: (r, i) => (r.onOrder > 0 ? de(due[i]!) : '') },
        { header: 'Status', maps: { [STATUS]: 1 }, cell: (r) => (r.discontinued ? 'ausgelaufen' : 'aktiv') },
        { header: 'EK netto', cell: (r) => money(r.cost).replace('.', ',') },
      ],
    });
  }

  // 4. ChannelAdvisor's inventory update spreadsheet: Inventory Number beside UPC and MPN, a quantity update type.
  {
    const rows = stockRows(110, (n) => `CA-${pick(['KT', 'HM', 'OD'])}${String(5000 + n * 3)}`);
    const received = rows.map(() => day(6, 6));
    specs.push({
      name: 'channeladvisor-inventory-update.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'ChannelAdvisor, "Inventory Spreadsheet Guide" (ssc.channeladvisor.com/Portals/1/tutorials/SpreadsheetGuide.htm) for Auction Title and Inventory Number; the other columns typed',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Inventory Number', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Auction Title', cell: (r) => `${r.brand} ${r.name}` },
        { header: 'Quantity Update Type', cell: () => pick(['UNSHIPPED', 'UNSHIPPED', 'ABSOLUTE']) },
        { header: 'Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Manufacturer Part Number', cell: (r) => r.mpn },
        { header: 'Brand', cell: (r) => r.brand },
        { header: 'Seller Cost', cell: (r) => money(r.cost) },
        { header: 'Buy It Now Price', cell: (r) => money(r.price) },
        {
          header: 'Warehouse Location',
          cell: () => `${pick(['A', 'B', 'C'])}-${between(1, 30)}-${between(1, 6)}`,
        },
        { header: 'Received In Inventory', cell: (_r, i) => us(received[i]!) },
        { header: 'Classification', cell: (r) => r.category },
      ],
    });
  }

  // 5. RTA fleet software's parts export opened in Excel: title lines, vendor part numbers, Y/N flags, several quantities.
  {
    const rows = stockRows(84, (n) => `P${String(31000 + n * 9)}`);
    specs.push({
      name: 'rta-parts-export.xlsx',
      kind: 'inventory',
      writer: 'office-xlsx',
      source:
        'RTA Fleet Management help, "Parts Import and Export" field definitions (rtafleet.atlassian.net/wiki/spaces/HK/pages/77168750); Quantity On Hand typed (the field list was cut off after "On Orde…")',
      titleRows: [['Parts Export - Facility 00010'], ['Generated on 12/12/2026 05:45 AM'], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Facility', cell: () => '10' },
        { header: 'Part Number', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Primary Vendor', cell: () => String(between(100, 460)) },
        { header: 'Vendor Part Number', cell: (r) => r.mpn },
        { header: 'Part Description', cell: (r) => r.name.toUpperCase().slice(0, 40) },
        { header: 'Part Type', cell: () => pick(['P', 'P', 'P', 'T', 'F']) },
        { header: 'Bin Number', cell: () => `${pick(['R', 'S', 'T'])}${between(10, 99)}` },
        { header: 'Average Price', cell: (r) => r.cost.toFixed(3) },
        { header: 'Sell Lock Flag', cell: () => pick(['Y', 'N', 'N']) },
        { header: 'Sell Price', cell: (r) => r.price.toFixed(3) },
        { header: 'Stockable', cell: () => pick(['Y', 'Y', 'Y', 'N']) },
        { header: 'Chargeable', cell: () => pick(['Y', 'N']) },
        { header: 'Consignment', cell: () => pick(['N', 'N', 'N', 'Y']) },
        { header: 'Re-order Point', cell: () => String(pick([2, 4, 6, 10])) },
        { header: 'Re-order Quantity', cell: () => String(pick([6, 12, 24])) },
        { header: 'BO Quantity', cell: (r) => (r.onHand === 0 ? String(between(1, 8)) : '0') },
        { header: 'On Order Quantity', cell: (r) => String(r.onOrder) },
        { header: 'Quantity On Hand', maps: { [QTY]: 1 }, cell: (r) => String(r.onHand) },
      ],
    });
  }

  // 6. A UK wholesaler's stock file: free stock capped at "100+", physical and allocated beside it, a stock status that is not the item status.
  {
    const rows = stockRows(140, (n) => `${pick(['HW', 'KT', 'GD'])}${String(2040 + n * 5).padStart(5, '0')}`);
    const due = rows.map(() => day(12, 3));
    specs.push({
      name: 'uk-wholesaler-stock.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'A UK homeware wholesaler’s daily stock file to drop-ship retailers; headers typed (Sage-style wording), no document read',
      titleRows: [['Daily Stock Availability'], ['Generated on 12/12/2026 at 06:00']],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Stock Code', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Barcode', cell: (r) => r.ean },
        { header: 'Description', cell: (r) => r.name },
        { header: 'Physical Stock', cell: (r) => String(r.onHand) },
        { header: 'Allocated', cell: (r) => String(r.reserved) },
        {
          header: 'Free Stock',
          maps: { [QTY]: 1 },
          cell: (r) => (r.available >= 100 ? '100+' : String(r.available)),
        },
        { header: 'On Order', cell: (r) => String(r.onOrder) },
        { header: 'Due Date', cell: (r, i) => (r.onOrder > 0 ? uk(due[i]!) : '') },
        {
          header: 'Stock Status',
          cell: (r) => (r.available === 0 ? 'Out of Stock' : r.available < 10 ? 'Low Stock' : 'In Stock'),
        },
        { header: 'Discontinued', maps: { [STATUS]: 1 }, cell: (r) => (r.discontinued ? 'Y' : 'N') },
        { header: 'Trade Price', cell: (r) => money(r.cost) },
        { header: 'RRP', cell: (r) => money(r.price) },
      ],
    });
  }

  // 7. A US distributor's price & availability workbook: title, Generated on, blank row; per-warehouse quantities beside the total available.
  {
    const rows = stockRows(160, (n) => `${String(700100 + n * 11)}`);
    const split = rows.map((r) => {
      const nj = between(0, r.available);
      const tx = between(0, r.available - nj);
      return [nj, tx, r.available - nj - tx];
    });
    const eta = rows.map(() => day(12, 3));
    specs.push({
      name: 'us-distributor-price-availability.xls',
      kind: 'inventory',
      writer: 'office-xls',
      source:
        'A US consumer-goods distributor’s price and availability file; headers typed (distributor wording), no document read',
      titleRows: [['Price & Availability - Dealer 448120'], ['Generated on 12/12/2026 06:00 AM CST'], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Item #', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Mfr Part #', cell: (r) => r.mpn },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Brand', cell: (r) => r.brand },
        { header: 'Description', cell: (r) => r.name },
        { header: 'MSRP', cell: (r) => money(r.price * 1.2) },
        { header: 'Your Cost', cell: (r) => money(r.cost) },
        { header: 'Qty On Hand', cell: (r) => String(r.onHand) },
        { header: 'Qty Avail', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'Qty Backordered', cell: (r) => (r.onHand === 0 ? String(between(1, 30)) : '0') },
        { header: 'NJ', cell: (_r, i) => String(split[i]![0]) },
        { header: 'TX', cell: (_r, i) => String(split[i]![1]) },
        { header: 'NV', cell: (_r, i) => String(split[i]![2]) },
        { header: 'ETA', cell: (r, i) => (r.onOrder > 0 ? us(eta[i]!) : '') },
        {
          header: 'Status',
          maps: { [STATUS]: 1 },
          cell: (r) =>
            r.discontinued
              ? pick(['Discontinued', 'Closeout'])
              : pick(['Active', 'Active', 'Active', 'Special Order']),
        },
      ],
    });
  }

  // 8. A drop-ship platform's supplier inventory export: platform product id and parent SKU beside the SKU, an Active flag, an inventory status.
  {
    const rows = stockRows(120, (n) => `DS${String(88000 + n * 4)}-${pick(['S', 'M', 'L', 'XL', 'OS'])}`);
    const productId = rows.map(() => digits(9));
    const updated = rows.map(() => day(12, 1));
    specs.push({
      name: 'dropship-platform-inventory.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source:
        'A drop-ship marketplace’s supplier inventory export; headers typed (drop-ship platform wording), no document read',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Product ID', cell: (_r, i) => productId[i]! },
        { header: 'Parent SKU', cell: (r) => r.sku.replace(/-[A-Z]+$/, '') },
        { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Title', cell: (r) => `${r.brand} ${r.name}` },
        { header: 'GTIN', cell: (r) => r.upc },
        { header: 'Wholesale Price', cell: (r) => money(r.cost) },
        { header: 'MAP', cell: (r) => money(r.price) },
        { header: 'Inventory', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        {
          header: 'Inventory Status',
          cell: (r) => (r.available === 0 ? (r.onOrder > 0 ? 'Backorder' : 'Out of Stock') : 'In Stock'),
        },
        { header: 'Handling Days', cell: () => String(pick([1, 2, 2, 3, 5])) },
        { header: 'Active', maps: { [STATUS]: 1 }, cell: (r) => (r.discontinued ? 'FALSE' : 'TRUE') },
        {
          header: 'Last Updated',
          cell: (_r, i) => `${iso(updated[i]!)}T${pad(between(0, 6))}:${pad(between(0, 59))}:00Z`,
        },
      ],
    });
  }

  return specs as unknown as FileSpec<never>[];
}

// ---------------------------------------------------------------- build

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of inventoryFiles()) emit(spec);
// Biome's JSON style, so that `npm run lint` passes on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  { stdio: 'ignore' },
);
