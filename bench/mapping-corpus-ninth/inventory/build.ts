/**
 * Builds the ninth inventory corpus (bench/mapping-corpus-ninth/inventory/README.md): eight labelled stock files,
 * written without reading the engine, its design document, the reader of sample rows or the files and builders of
 * the other corpora. Beside each file goes the mapping a careful person would make (`.labels.json`), decided and
 * written here before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and SheetJS files
 * byte for byte. Run: `npx tsx bench/mapping-corpus-ninth/inventory/build.ts`.
 *
 * Only `files/` of this folder is removed and written again; `bench/mapping-corpus-ninth/orders/` is not touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import { corpusEmitter, type FileSpec, gs1Check, randomHelpers } from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-ninth-inventory-');
const random = seededRandom(20261210);
const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

const upc = () => {
  const data = `${pick(['0', '6', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
};
const ean13 = () => {
  const data = `${pick(['50', '80', '40', '76'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
};
const money = (low: number, high: number) => (between(low * 100, high * 100) / 100).toFixed(2);
const isoDay = (month: number, day: number) =>
  `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const GOODS = [
  'Stainless Travel Mug 16oz',
  'LED Work Light 20W',
  'Bamboo Cutting Board Large',
  'Dog Leash Reflective 6ft',
  'Yoga Mat 6mm Teal',
  'USB-C Charging Cable 2m',
  'Cast Iron Skillet 10in',
  'Garden Hose Nozzle 8-Pattern',
  'Ceramic Planter 8in White',
  'Bike Tail Light Rechargeable',
  'Insulated Lunch Bag',
  'Silicone Baking Mat Set',
  'Wireless Doorbell Kit',
  'Microfiber Towel 12-Pack',
  'Kids Rain Boots Yellow',
  'Camping Lantern Collapsible',
  'Memory Foam Pillow Queen',
  'Fleece Throw Blanket Grey',
];

// ---------------------------------------------------------------- 1. ShipStation inventory levels (CSV, comma)

function shipstation(): FileSpec<{
  sku: string;
  onHand: number;
  allocated: number;
  cost: string;
  wh: string;
  loc: string;
}> {
  const warehouses = ['se-28491', 'se-28492', 'se-30117'];
  const rows = Array.from({ length: 124 }, (_, n) => {
    const onHand = chance(0.12) ? 0 : between(1, 480);
    const allocated = Math.min(onHand, chance(0.5) ? between(0, 25) : 0);
    const wh = pick(warehouses);
    return {
      sku: `${pick(['HM', 'OD', 'PT', 'KT'])}-${String(1000 + n * 7)}-${pick(['S', 'M', 'L', 'OS'])}`,
      onHand,
      allocated,
      cost: money(2, 60),
      wh,
      loc: `se-${between(410000, 419999)}`,
    };
  });
  return {
    name: 'shipstation-inventory-levels.csv',
    kind: 'inventory',
    writer: 'csv',
    source:
      'ShipStation API docs, "Manage Inventory Levels" (docs.shipstation.com/manage-inventory-levels): the properties of GET /v2/inventory',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'on_hand', cell: (r) => String(r.onHand) },
      { header: 'allocated', cell: (r) => String(r.allocated) },
      { header: 'available', maps: { [QTY]: 1 }, cell: (r) => String(r.onHand - r.allocated) },
      { header: 'average_cost', cell: (r) => r.cost },
      { header: 'inventory_warehouse_id', cell: (r) => r.wh },
      { header: 'inventory_location_id', cell: (r) => r.loc },
    ],
  };
}

// ---------------------------------------------------------------- 2. ARI private catalog inventory (CSV, tab)

function ari(): FileSpec<{ mpn: string; qty: number; lead: number; price: string }> {
  const rows = Array.from({ length: 88 }, () => ({
    mpn: `${pick(['0501', '2101', '1010', '0320'])}-${digits(4)}`,
    qty: chance(0.2) ? 0 : between(1, 18),
    lead: pick([1, 2, 2, 3, 5, 7]),
    price: money(8, 420),
  }));
  return {
    name: 'ari-private-catalog-inventory.csv',
    kind: 'inventory',
    writer: 'csv',
    separator: '\t',
    source:
      'ARI Network Services knowledge base, private catalog inventory template (arinet.atlassian.net/wiki/pages/diffpages.action?originalId=2066874670&pageId=2113765416)',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'Catalog.name', cell: () => 'PRIVATE' },
      { header: 'DistributorPart.distributor_sku', maps: { [ITEM]: 1 }, cell: (r) => r.mpn },
      { header: 'DealerInventory.quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.qty) },
      { header: 'DealerInventory.lead_time', cell: (r) => String(r.lead) },
      { header: 'DealerInventory.sale_price', cell: (r) => r.price },
    ],
  };
}

// ---------------------------------------------------------------- 3. K3S interface from customer (CSV, pipe, no header)

function k3s(): FileSpec<{
  locn: string;
  supl: string;
  sub: string;
  prod: string;
  qty: number;
  birth: string;
  batch: number;
}> {
  const suppliers = ['0000418820', '0000502117', '0000600093'];
  const rows = Array.from({ length: 110 }, (_, n) => ({
    locn: pick(['00001', '00002', '00007']),
    supl: pick(suppliers),
    sub: pick(['', '', 'EAST', 'WEST']),
    prod: `${String(730000 + n * 13).padStart(8, '0')}`,
    qty: chance(0.1) ? 0 : between(1, 360),
    birth: isoDay(12, 2),
    batch: 417,
  }));
  return {
    name: 'k3s-intinpt-noheader.csv',
    kind: 'inventory',
    writer: 'csv',
    separator: '|',
    headerless: true,
    source:
      'K3S technical docs, file K_INTINPT "Interface from customer" (technical.k3s.com/docs/database/5dta/K_INTINPT/): field order and meaning',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'S8_COMP', cell: () => 'A' },
      { header: 'S8_LOCN', cell: (r) => r.locn },
      { header: 'S8_SUPL', cell: (r) => r.supl },
      { header: 'S8_SUPLSUB', cell: (r) => r.sub },
      { header: 'S8_PROD', maps: { [ITEM]: 1 }, cell: (r) => r.prod },
      { header: 'S8_QTYOHND', maps: { [QTY]: 1 }, cell: (r) => String(r.qty) },
      { header: 'S8_BIRTH', cell: (r) => r.birth },
      { header: 'S8_BATCH#', cell: (r) => String(r.batch) },
    ],
  };
}

// ---------------------------------------------------------------- 4. Oracle CX Commerce inventory export (SheetJS XLSX)

interface OracleRow {
  loc: string;
  sku: string;
  name: string;
  stock: number;
  threshold: number;
  pre: number;
  preT: number;
  back: number;
  backT: number;
  date: string;
  status: string;
}

function oracle(): FileSpec<OracleRow> {
  const rows: OracleRow[] = Array.from({ length: 96 }, (_, n) => {
    const stock = chance(0.18) ? 0 : between(1, 250);
    const pre = stock === 0 && chance(0.4) ? between(1, 30) : 0;
    const back = stock === 0 && pre === 0 && chance(0.5) ? between(1, 20) : 0;
    let status = 'IN_STOCK';
    if (stock === 0) status = pre > 0 ? 'PREORDERABLE' : back > 0 ? 'BACKORDERABLE' : 'OUT_OF_STOCK';
    return {
      loc: pick(['', 'store-boston', 'dc-reno']),
      sku: `sku${String(40100 + n * 3)}`,
      name: pick(GOODS),
      stock,
      threshold: pick([0, 2, 5, 10]),
      pre,
      preT: pre > 0 ? 0 : pick([0, 0, 5]),
      back,
      backT: back > 0 ? 0 : pick([0, 0, 3]),
      date: stock === 0 ? `${isoDay(12, between(10, 28))}T00:00:00.000Z` : '',
      status,
    };
  });
  return {
    name: 'oracle-cx-commerce-inventory.xlsx',
    kind: 'inventory',
    writer: 'sheetjs-xlsx',
    source:
      'Oracle CX Commerce, "Export and import inventory data", inventory export and import fields (docs.oracle.com/en/cloud/saas/cx-commerce/ccdev/export-and-import-inventory-data.html; also docs.oracle.com/cd/E90963_01/Cloud.10-17/ExtendingCC/html/s2611inventoryexportandimportfields01.html)',
    titleRows: [['Inventory export'], ['Generated on 2026-12-02 05:30 UTC'], []],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'locationId', cell: (r) => r.loc },
      { header: 'skuNumber', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'displayName', cell: (r) => r.name },
      { header: 'stockLevel', maps: { [QTY]: 1 }, cell: (r) => String(r.stock) },
      { header: 'stockThreshold', cell: (r) => String(r.threshold) },
      { header: 'preorderLevel', cell: (r) => String(r.pre) },
      { header: 'preorderThreshold', cell: (r) => String(r.preT) },
      { header: 'backorderLevel', cell: (r) => String(r.back) },
      { header: 'backorderThreshold', cell: (r) => String(r.backT) },
      { header: 'availabilityDate', cell: (r) => r.date },
      { header: 'availabilityStatus', maps: { [STATUS]: 0 }, cell: (r) => r.status },
    ],
  };
}

// ---------------------------------------------------------------- 5. Dropshipping B2B catalogue (LibreOffice XLSX)

interface B2bRow {
  brand: string;
  sku: string;
  qty: number;
  srp: number;
  discount: number;
  timing: string;
  weight: string;
  group: string;
  category: string;
  ean: string;
}

function dropshippingB2b(): FileSpec<B2bRow> {
  const brands = ['Casio', 'Seiko', 'Police', 'Guess', 'Ray-Ban', 'Fossil', 'Swatch'];
  const rows: B2bRow[] = Array.from({ length: 102 }, () => {
    const brand = pick(brands);
    const group = brand === 'Ray-Ban' ? 'Sunglasses' : pick(['Watches', 'Watches', 'Jewelry']);
    return {
      brand,
      sku: `${brand.slice(0, 3).toUpperCase()}${letters(2)}${digits(4)}-${digits(2)}`,
      qty: chance(0.15) ? 0 : between(1, 80),
      srp: between(39, 690),
      discount: pick([30, 35, 40, 45, 50]),
      timing: pick(['24/48h', '24/48h', '3/5 days', '5/7 days']),
      weight: `${pick(['0.2', '0.3', '0.4', '0.5'])} kg`,
      group,
      category:
        group === 'Jewelry'
          ? 'Ready Stock Jewelry'
          : group === 'Watches'
            ? 'Ready Stock Watches'
            : 'Sunglasses',
      ean: chance(0.8) ? ean13() : '',
    };
  });
  return {
    name: 'dropshippingb2b-catalogue.xlsx',
    kind: 'inventory',
    writer: 'office-xlsx',
    source:
      'Dropshipping B2B, "Data Flow" (dropshippingb2b.com/en/data-flow): the compulsory and optional fields of its CSV export',
    titleRows: [['DROPSHIPPINGB2B - READY STOCK CATALOGUE'], ['Export 03/12/2026 07:00'], []],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'Brand', cell: (r) => r.brand },
      { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'Quantity available', maps: { [QTY]: 1 }, cell: (r) => (r.qty > 50 ? '>50' : String(r.qty)) },
      { header: 'SRP', cell: (r) => r.srp.toFixed(2) },
      { header: 'Discount', cell: (r) => `${r.discount}%` },
      { header: 'Net price', cell: (r) => ((r.srp * (100 - r.discount)) / 100).toFixed(2) },
      { header: 'Shipping timing', cell: (r) => r.timing },
      { header: 'Approximate weight', cell: (r) => r.weight },
      { header: 'Icon', cell: (r) => `https://img.example-b2b.com/120/${r.sku}.jpg` },
      { header: 'Image', cell: (r) => `https://img.example-b2b.com/hd/${r.sku}.jpg` },
      { header: 'Group', cell: (r) => r.group },
      { header: 'Category', cell: (r) => r.category },
      { header: 'EAN', cell: (r) => r.ean },
    ],
  };
}

// ---------------------------------------------------------------- 6. Linnworks stock levels (LibreOffice XLS)

interface LinnRow {
  sku: string;
  title: string;
  barcode: string;
  level: number;
  open: number;
  due: number;
  min: number;
  cost: string;
  updated: string;
}

function linnworks(): FileSpec<LinnRow> {
  const rows: LinnRow[] = Array.from({ length: 92 }, (_, n) => {
    const level = chance(0.12) ? 0 : between(1, 300);
    const open = Math.min(level, chance(0.5) ? between(1, 12) : 0);
    return {
      sku: `LW${String(20500 + n * 9)}`,
      title: pick(GOODS),
      barcode: ean13(),
      level,
      open,
      due: chance(0.3) ? pick([24, 48, 60, 120]) : 0,
      min: pick([0, 5, 10, 20]),
      cost: money(1, 45),
      updated: `${String(between(1, 2)).padStart(2, '0')}/12/2026 ${String(between(6, 18)).padStart(2, '0')}:${String(between(0, 59)).padStart(2, '0')}`,
    };
  });
  return {
    name: 'linnworks-stock-levels.xls',
    kind: 'inventory',
    writer: 'office-xls',
    source:
      'Linnworks stock levels per location as the "Get stock levels" tool describes GET /api/Stock/GetStockLevel (glama.ai/mcp/connectors/io.usefulapi/linnworks/tools/linnworks_get_stock_levels); header cells typed',
    titleRows: [['Stock Levels - Default'], []],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'Item Title', cell: (r) => r.title },
      { header: 'Barcode', cell: (r) => r.barcode },
      { header: 'Location', cell: () => 'Default' },
      { header: 'Stock Level', cell: (r) => String(r.level) },
      { header: 'In Open Orders', cell: (r) => String(r.open) },
      { header: 'Due', cell: (r) => String(r.due) },
      { header: 'Available', maps: { [QTY]: 1 }, cell: (r) => String(r.level - r.open) },
      { header: 'Minimum Level', cell: (r) => String(r.min) },
      { header: 'Unit Cost', cell: (r) => r.cost },
      { header: 'Last Updated', cell: (r) => r.updated },
    ],
  };
}

// ---------------------------------------------------------------- 7. DealerTeam parts records (SheetJS XLSX)

interface PartRow {
  part: string;
  mfg: string;
  desc: string;
  company: string;
  supersedes: string;
  status: string;
  list: number;
  onHand: number;
  onOrder: number;
  bin: string;
}

function dealerteam(): FileSpec<PartRow> {
  const parts = [
    'Oil Filter',
    'Air Filter',
    'Spark Plug',
    'Brake Pad Set',
    'Wiper Blade 22in',
    'Fuel Filter',
    'Drive Belt',
  ];
  const rows: PartRow[] = Array.from({ length: 84 }, () => {
    const mfg = pick(['HON', 'YAM', 'POL', 'KAW']);
    const status = pick(['Active', 'Active', 'Active', 'Active', 'Inactive', 'Superseded', 'Discontinued']);
    return {
      part: `${digits(5)}-${letters(3, 'ABCDEFGHKMPRTVZ0123456789')}-${digits(3)}`,
      mfg,
      desc: pick(parts),
      company: pick(['Main Street Powersports', 'Lakeside Marine']),
      supersedes: chance(0.25) ? `${digits(5)}-${letters(3, 'ABCDEFGHKMPRTVZ0123456789')}-${digits(3)}` : '',
      status,
      list: between(4, 220) + 0.95,
      onHand: status === 'Active' ? between(0, 60) : between(0, 3),
      onOrder: chance(0.3) ? between(2, 24) : 0,
      bin: `${letters(1, 'ABCDE')}${between(1, 12)}-${between(1, 6)}`,
    };
  });
  return {
    name: 'dealerteam-parts-records.xlsx',
    kind: 'inventory',
    writer: 'sheetjs-xlsx',
    source:
      'DealerTeam help, "About the Parts Record" (help.dealerteam.com/Parts_Department/Discover_Parts/03About_the_Parts_Record)',
    titleRows: [['Parts Inventory Listing', '', '', '', 'Printed 12/03/2026']],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'Part Number', maps: { [ITEM]: 1 }, cell: (r) => r.part },
      {
        header: 'Location:MFG:Part Number',
        cell: (r) => `${r.company === 'Lakeside Marine' ? 'LKM' : 'MSP'}:${r.mfg}:${r.part}`,
      },
      { header: 'Description', cell: (r) => r.desc },
      { header: 'Company', cell: (r) => r.company },
      { header: 'Supersedes', cell: (r) => r.supersedes },
      { header: 'MFG', cell: (r) => r.mfg },
      { header: 'Status', maps: { [STATUS]: 1 }, cell: (r) => r.status },
      { header: 'List', cell: (r) => r.list.toFixed(2) },
      { header: 'Cost', cell: (r) => (r.list * 0.62).toFixed(2) },
      { header: 'Price Update', cell: () => pick(['Yes', 'Yes', 'No']) },
      { header: 'Jobber', cell: (r) => (r.list * 0.8).toFixed(2) },
      { header: 'On-Hand', maps: { [QTY]: 1 }, cell: (r) => String(r.onHand) },
      { header: 'On Order', cell: (r) => String(r.onOrder) },
      { header: 'Bin', cell: (r) => r.bin },
    ],
  };
}

// ---------------------------------------------------------------- 8. GTIM product feed (SheetJS XLS)

interface GtimRow {
  id: string;
  sku: string;
  type: 'product' | 'option';
  name: string;
  gender: string;
  price: number;
  modal: string;
  status: string;
  brand: string;
  upc: string;
  size1: string;
  size2: string;
  color: string;
  qty: number;
  order: number;
  category: string;
  sub: string;
}

function gtim(): FileSpec<GtimRow> {
  const brands = ['Flying Cross', 'Horace Small', 'Elbeco', 'Tact Squad'];
  const rows: GtimRow[] = [];
  let id = 5120;
  while (rows.length < 150) {
    const brand = pick(brands);
    const modal = `${between(10, 99)}${letters(1, 'RSTW')}${between(10, 99)}`;
    const base = `${brand.toLowerCase().replace(/\s+/g, '')}_${modal}`;
    const name = pick(['Duty Shirt LS', 'Cargo Trouser', 'Soft Shell Jacket', 'Polo Shirt SS', 'Watch Cap']);
    const [category, sub] = pick([
      ['Tops', 'Shirts'],
      ['Bottoms', 'Pants'],
      ['Outerwear', 'Jacket'],
      ['Headwear', 'Caps'],
    ] as const);
    const active = chance(0.85) ? '1' : '0';
    const price = between(18, 140) + 0.5;
    const gender = pick(['Male', 'Female', 'Unisex']);
    rows.push({
      id: String(id++),
      sku: base,
      type: 'product',
      name,
      gender,
      price,
      modal,
      status: active,
      brand,
      upc: '',
      size1: '',
      size2: '',
      color: '',
      qty: 0,
      order: 0,
      category,
      sub,
    });
    const color = pick(['Navy', 'Black', 'LAPD Navy', 'Silver Tan']);
    for (const size of pick([
      ['S', 'M', 'L'],
      ['M', 'L', 'XL', '2XL'],
    ])) {
      const width = pick(['Regular', 'Long']);
      rows.push({
        id: String(id++),
        sku: `${base}_${size}_${width}`,
        type: 'option',
        name,
        gender,
        price,
        modal,
        status: active,
        brand,
        upc: upc(),
        size1: size,
        size2: width,
        color,
        qty: active === '1' && chance(0.85) ? between(0, 140) : 0,
        order: rows.length % 10,
        category,
        sub,
      });
    }
  }
  return {
    name: 'gtim-product-feed.xls',
    kind: 'inventory',
    writer: 'sheetjs-xls',
    source: 'GTIM, product feed columns and formats (gtim.com/products)',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'id', cell: (r) => r.id },
      { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'record_type', cell: (r) => r.type },
      { header: 'product_name', cell: (r) => r.name },
      { header: 'gender', cell: (r) => r.gender },
      { header: 'price', cell: (r) => r.price.toFixed(2) },
      { header: 'map', cell: (r) => (r.price * 1.6).toFixed(2) },
      { header: 'msrp', cell: (r) => (r.price * 1.9).toFixed(2) },
      { header: 'discount', cell: () => '' },
      { header: 'modal', cell: (r) => r.modal },
      { header: 'description', cell: (r) => `${r.brand} ${r.name}` },
      { header: 'features', cell: () => 'Wrinkle resistant|Machine wash' },
      { header: 'status', maps: { [STATUS]: 1 }, cell: (r) => r.status },
      { header: 'brand', cell: (r) => r.brand },
      { header: 'spsc_code', cell: () => '53101600' },
      { header: 'unit_of_measure', cell: () => 'EA' },
      { header: 'manufacturer', cell: (r) => r.brand },
      { header: 'type', cell: (r) => (r.type === 'product' ? 'main' : '') },
      { header: 'default_image', cell: (r) => `${r.brand.replace(/\s+/g, '')}/${r.modal}.jpg` },
      { header: 'images', cell: (r) => `${r.brand.replace(/\s+/g, '')}/${r.modal}-1.jpg` },
      {
        header: 'product_id',
        cell: (r) => (r.type === 'option' ? r.sku.split('_').slice(0, 2).join('_') : ''),
      },
      { header: 'upc', cell: (r) => r.upc },
      { header: 'size1', cell: (r) => r.size1 },
      { header: 'size2', cell: (r) => r.size2 },
      { header: 'color', cell: (r) => r.color },
      { header: 'quantity', maps: { [QTY]: 1 }, cell: (r) => (r.type === 'option' ? String(r.qty) : '') },
      { header: 'sort_order', cell: (r) => String(r.order) },
      { header: 'process_type', cell: () => '' },
      { header: 'category', cell: (r) => r.category },
      { header: 'sub_category', cell: (r) => r.sub },
      { header: 'categories', cell: (r) => `${r.category}/${r.sub}` },
    ],
  };
}

// ---------------------------------------------------------------- build

const specs = [shipstation(), ari(), k3s(), oracle(), dropshippingB2b(), linnworks(), dealerteam(), gtim()];
rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
for (const spec of specs) emit(spec as unknown as FileSpec<unknown>);
// Biome's JSON style, so that the labels pass the linter on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  { stdio: 'ignore' },
);
