/**
 * Builds the inventory half of the holdout mapping corpus (bench/mapping-corpus-holdout/inventory/README.md): eight
 * stock / availability files written without reading the engine, its catalogue, its design document or the files,
 * labels and builders of the other corpora. Beside each file goes the mapping a careful person would make
 * (`.labels.json`), decided before the engine first ran on it. Fixed seed, so a rebuild writes the same CSV and
 * SheetJS files byte for byte.
 * Run: `npx tsx bench/mapping-corpus-holdout/inventory/build.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import { corpusEmitter, type FileSpec, gs1Check, randomHelpers } from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-holdout-inventory-');
const random = seededRandom(20261206);

const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');

const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

// ---------------------------------------------------------------- values

function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const DAY = 86_400_000;
const DEC_3 = Date.UTC(2026, 11, 3, 5, 0);
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const us = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
const usPadded = (d: Date) => `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
const later = (low: number, high: number) => new Date(DEC_3 + between(low, high) * DAY);
const money = (low: number, high: number) => (between(low * 100, high * 100) / 100).toFixed(2);

const OUTDOOR: [string, string][] = [
  ['Trail Runner Daypack 22L', 'Ridgeline'],
  ['Insulated Bottle 32oz', 'Hydroflow'],
  ['Camp Chair Low Rider', 'Basecamp Co'],
  ['Merino Crew Sock', 'Woolpath'],
  ['LED Headlamp 400lm', 'Brightline'],
  ['Trekking Pole Pair Carbon', 'Ridgeline'],
  ['Dry Bag 10L', 'Tidewater'],
  ['Hammock Single Nylon', 'Basecamp Co'],
  ['Packable Rain Shell', 'Northfold'],
  ['Stove Fuel Canister 230g', 'Flamecraft'],
  ['Titanium Spork', 'Flamecraft'],
  ['Sleeping Pad Self-Inflating', 'Northfold'],
];
const GADGETS: [string, string][] = [
  ['USB-C Charging Cable 6ft', 'Voltix'],
  ['Wireless Earbuds Pro', 'Sonique'],
  ['Phone Case Clear MagSafe', 'Armorlite'],
  ['Power Bank 20000mAh', 'Voltix'],
  ['Bluetooth Speaker Mini', 'Sonique'],
  ['Screen Protector Tempered 2pk', 'Armorlite'],
  ['Smart Plug Wi-Fi', 'Homelink'],
  ['Laptop Stand Aluminium', 'Deskform'],
  ['Webcam 1080p', 'Deskform'],
  ['Car Mount Vent', 'Armorlite'],
];
const APPAREL = [
  'Crew Tee',
  'Pullover Hoodie',
  'Quarter Zip',
  'Polo Shirt',
  'Beanie',
  'Trucker Cap',
  'Tote Bag',
];
const COLOURS = ['BLK', 'NVY', 'RED', 'WHT', 'HTHGRY', 'ROY', 'FOR'];
const COLOUR_NAMES: Record<string, string> = {
  BLK: 'Black',
  NVY: 'Navy',
  RED: 'Red',
  WHT: 'White',
  HTHGRY: 'Heather Grey',
  ROY: 'Royal',
  FOR: 'Forest',
};
const SIZES = ['S', 'M', 'L', 'XL', '2XL'];

// ---------------------------------------------------------------- the files

function inventoryFiles(): FileSpec<never>[] {
  const specs: FileSpec<never>[] = [];
  const add = <R>(spec: FileSpec<R>) => specs.push(spec as unknown as FileSpec<never>);

  // 1. Dsco-style drop-ship inventory feed, tab separated.
  {
    const statuses = [
      'in-stock',
      'in-stock',
      'in-stock',
      'in-stock',
      'out-of-stock',
      'backordered',
      'discontinued',
    ];
    const rows = Array.from({ length: 124 }, (_, n) => {
      const [title, brand] = pick(GADGETS);
      const status = pick(statuses);
      const available = status === 'in-stock' ? between(1, 400) : 0;
      const onOrder = status === 'discontinued' ? 0 : chance(0.4) ? between(10, 500) : 0;
      return {
        sku: `VX-${String(10400 + n * 7).padStart(6, '0')}`,
        title: `${brand} ${title}`,
        upc: upc(),
        available,
        onOrder,
        eta: onOrder > 0 || status === 'backordered' ? iso(later(5, 60)) : '',
        cost: money(2, 60),
        status,
      };
    });
    add({
      name: 'dsco-inventory-feed.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: '\t',
      source:
        'Dsco, "Enterprise Drop Shipping, Part 6: How to Manage Inventory Visibility" (gandalf.dsco.io/blog)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'title', cell: (r) => r.title },
        { header: 'upc', cell: (r) => r.upc },
        { header: 'quantity_available', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'quantity_on_order', cell: (r) => String(r.onOrder) },
        { header: 'estimated_availability_date', cell: (r) => r.eta },
        { header: 'cost', cell: (r) => r.cost },
        { header: 'status', maps: { [STATUS]: 1 }, cell: (r) => r.status },
      ],
    });
  }

  // 2. HubLogix owned-warehouse inventory file, pipe separated, with a title and a "Generated on" line.
  {
    const rows = Array.from({ length: 152 }, (_, n) => {
      const [name, brand] = pick(OUTDOOR);
      const quantity = between(0, 260);
      const note = chance(0.08)
        ? 'Discontinued - sell through'
        : chance(0.08)
          ? `Backorder, ETA ${us(later(7, 45))}`
          : chance(0.05)
            ? 'Ships in 2 boxes'
            : '';
      const cost = between(300, 9000) / 100;
      return {
        sku: `NWO${String(2000 + n * 3)}`,
        name,
        brand,
        mpn: `${brand.slice(0, 2).toUpperCase()}-${letters(2)}${digits(4)}`,
        upc: chance(0.9) ? upc() : '',
        quantity:
          quantity >= 100 && chance(0.5) ? '100+' : quantity < 5 && quantity > 0 ? '<5' : String(quantity),
        cost: cost.toFixed(2),
        msrp: (cost * 1.9).toFixed(2),
        note,
      };
    });
    add({
      name: 'hublogix-inventory.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: '|',
      source:
        'HubLogix, "Owned Warehouse Inventory Setup" (onboarding.hublogix.com/owned-warehouse/inventory-setup/)',
      titleRows: [
        ['Northwind Outdoor Supply - Inventory Feed'],
        ['Generated on 12/03/2026 05:00 AM EST'],
        [''],
      ],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Product Name', cell: (r) => r.name },
        { header: 'Brand Name', cell: (r) => r.brand },
        { header: 'MPN', cell: (r) => r.mpn },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Quantity Available', maps: { [QTY]: 1 }, cell: (r) => r.quantity },
        { header: "Retailer's Cost", cell: (r) => r.cost },
        { header: 'MSRP', cell: (r) => r.msrp },
        { header: 'Notes', maps: { [STATUS]: 0 }, cell: (r) => r.note },
      ],
    });
  }

  // 3. Metapack stock feed, no header row: SKU, Warehouse DC Code, Available Quantity.
  {
    const rows: { sku: string; dc: string; qty: string }[] = [];
    while (rows.length < 96) {
      const sku = `${between(10, 60)}D${between(10, 48)}${pick(['L', 'M', 'S', 'XL'])}${pick(['RED', 'BLK', 'NVY', 'GRN', 'WHT'])}`;
      for (const dc of ['GB0064', 'GB0071'])
        if (rows.length < 96 && (dc === 'GB0064' || chance(0.6)))
          rows.push({ sku, dc, qty: String(chance(0.15) ? 0 : between(1, 1200)) });
    }
    add({
      name: 'metapack-stock-feed-noheader.csv',
      kind: 'inventory',
      writer: 'csv',
      source: 'Metapack, "Stock Feed File Specification" (help.metapack.com/hc/en-gb/articles/360007217477)',
      headerless: true,
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Warehouse DC Code', cell: (r) => r.dc },
        { header: 'Available Quantity', maps: { [QTY]: 1 }, cell: (r) => r.qty },
      ],
    });
  }

  // 4. commercetools inventory entries, the import CSV opened and saved as XLSX (LibreOffice).
  {
    const rows = Array.from({ length: 110 }, (_, n) => {
      const apparel = pick(APPAREL).replace(/ /g, '').toUpperCase().slice(0, 6);
      const sku = `${apparel}-${pick(COLOURS)}-${pick(SIZES)}-${n}`;
      const channel = pick(['us-east-dc', 'us-west-dc', 'uk-dc']);
      const stock = between(0, 600);
      const reserved = Math.min(stock, between(0, 40));
      return {
        key: `${channel}_${sku}`.toLowerCase(),
        sku,
        stock,
        available: stock - reserved,
        restock: chance(0.7) ? String(pick([7, 14, 21, 30])) : '',
        expected: stock < 20 ? `${iso(later(3, 40))}T00:00:00.000Z` : '',
        channel,
      };
    });
    add({
      name: 'commercetools-inventory.xlsx',
      kind: 'inventory',
      writer: 'office-xlsx',
      source:
        'commercetools Merchant Center, "Inventory import" (docs.commercetools.com/merchant-center/import-inventory)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'key', cell: (r) => r.key },
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'quantityOnStock', cell: (r) => String(r.stock) },
        { header: 'availableQuantity', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'restockableInDays', cell: (r) => r.restock },
        { header: 'expectedDelivery', cell: (r) => r.expected },
        { header: 'supplyChannel.key', cell: (r) => r.channel },
      ],
    });
  }

  // 5. Cin7 Omni stock units per branch (SheetJS XLSX), one title row and a blank row.
  {
    const rows: Record<string, string | number>[] = [];
    let productId = 4100;
    while (rows.length < 132) {
      productId += between(1, 9);
      const [name] = pick(GADGETS);
      const style = `ST${productId}`;
      const colour = pick(['Black', 'White', 'Blue', 'Rose']);
      const optionId = between(1, 99999);
      const code = `${style}-${colour.slice(0, 3).toUpperCase()}`;
      const barcode = upc();
      for (const branch of ['Main Warehouse', 'Reno 3PL']) {
        if (rows.length >= 132) break;
        const onHand = between(0, 320);
        const openSales = Math.min(onHand + between(0, 5), between(0, 30));
        rows.push({
          productId,
          optionId,
          style,
          code,
          barcode,
          name,
          option1: colour,
          option2: '',
          branch,
          onHand,
          openSales,
          available: onHand - openSales,
          incoming: chance(0.3) ? between(12, 240) : 0,
          holding: chance(0.15) ? between(1, 6) : 0,
          virtual: 0,
          modified: `${iso(new Date(DEC_3 - between(0, 40) * DAY))} ${pad(between(0, 23))}:${pad(between(0, 59))}`,
        });
      }
    }
    add({
      name: 'cin7-stock-units.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'Cin7 Omni API, "StockUnit" resource model (api.cin7.com/API/Help/ResourceModel?modelName=StockUnit)',
      titleRows: [['Stock Units - all branches'], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'ProductId', cell: (r) => String(r.productId) },
        { header: 'ProductOptionId', cell: (r) => String(r.optionId) },
        { header: 'StyleCode', cell: (r) => String(r.style) },
        { header: 'Code', maps: { [ITEM]: 1 }, cell: (r) => String(r.code) },
        { header: 'Barcode', cell: (r) => String(r.barcode) },
        { header: 'ProductName', cell: (r) => String(r.name) },
        { header: 'Option1', cell: (r) => String(r.option1) },
        { header: 'Option2', cell: (r) => String(r.option2) },
        { header: 'BranchName', cell: (r) => String(r.branch) },
        { header: 'StockOnHand', cell: (r) => String(r.onHand) },
        { header: 'OpenSales', cell: (r) => String(r.openSales) },
        { header: 'Available', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'Incoming', cell: (r) => String(r.incoming) },
        { header: 'Holding', cell: (r) => String(r.holding) },
        { header: 'Virtual', cell: (r) => String(r.virtual) },
        { header: 'ModifiedDate', cell: (r) => String(r.modified) },
      ],
    });
  }

  // 6. DropStream warehouse inventory view exported (SheetJS XLSX), two title lines and a blank row.
  {
    const rows = Array.from({ length: 104 }, (_, n) => {
      const [name] = pick(OUTDOOR);
      const onHand = between(0, 900);
      return {
        sku: `BC-${letters(3)}-${String(100 + n)}`,
        merchant: pick(['Basecamp Goods', 'Basecamp Goods UK']),
        name,
        upc: chance(0.85) ? upc() : '',
        warehouse: pick(['ShipMonk', 'Red Stag Fulfillment']),
        facility: pick(['Fort Lauderdale FL', 'Salt Lake City UT', 'Knoxville TN']),
        onHand,
        available: Math.max(0, onHand - between(0, 25)),
        updated: `${usPadded(new Date(DEC_3 - between(0, 3) * DAY))} ${between(1, 12)}:${pad(between(0, 59))} ${pick(['AM', 'PM'])}`,
      };
    });
    add({
      name: 'dropstream-warehouse-inventory.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'DropStream help, Inventory: "Warehouse Inventory" view (support.getdropstream.com/hc/en-us/articles/360055251613)',
      titleRows: [['Warehouse Inventory'], ['Exported Dec 3, 2026 5:12 AM'], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'Merchant', cell: (r) => r.merchant },
        { header: 'Product Name', cell: (r) => r.name },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'Warehouse', cell: (r) => r.warehouse },
        { header: 'Facility', cell: (r) => r.facility },
        { header: 'Available', maps: { [QTY]: 1 }, cell: (r) => String(r.available) },
        { header: 'On Hand', cell: (r) => String(r.onHand) },
        { header: 'Updated At', cell: (r) => r.updated },
      ],
    });
  }

  // 7. Global Parts Solution surplus inventory upload, Excel 97 (SheetJS XLS).
  {
    const makers = ['CATERPILLAR', 'CUMMINS', 'JOHN DEERE', 'PARKER HANNIFIN', 'EATON', 'DONALDSON', 'BOSCH'];
    const parts = [
      'FILTER, OIL',
      'GASKET, HEAD',
      'SEAL KIT',
      'SENSOR, PRESSURE',
      'PUMP, WATER',
      'BEARING',
      'HOSE ASSY',
    ];
    const rows = Array.from({ length: 84 }, () => {
      const list = between(800, 90000) / 100;
      return {
        branch: pick(['HOUSTON', 'HOUSTON', 'MEMPHIS', 'TULSA']),
        part: `${digits(1)}${letters(1)}${digits(4)}`,
        description: pick(parts),
        maker: pick(makers),
        condition: pick(['N', 'N', 'N', 'R', 'U', 'A']),
        quantity: String(between(1, 48)),
        cost: (list * 0.55).toFixed(2),
        list: list.toFixed(2),
      };
    });
    add({
      name: 'gotogps-surplus-inventory.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source: 'Global Parts Solution, surplus inventory upload (www.gotogps.com/upload.php)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Branch', cell: (r) => r.branch },
        { header: 'PartNumber', maps: { [ITEM]: 1 }, cell: (r) => r.part },
        { header: 'Description', cell: (r) => r.description },
        { header: 'Manufacturer', cell: (r) => r.maker },
        { header: 'Condition', cell: (r) => r.condition },
        { header: 'Quantity', maps: { [QTY]: 1 }, cell: (r) => r.quantity },
        { header: 'Cost', cell: (r) => r.cost },
        { header: 'List', cell: (r) => r.list },
      ],
    });
  }

  // 8. DC-OneSource (PromoStandards style) inventory CSV saved as Excel 97 by LibreOffice.
  {
    const rows: Record<string, string>[] = [];
    while (rows.length < 100) {
      const style = `${pick(['PC', 'DT', 'ST', 'LPC'])}${between(54, 899)}`;
      const colour = pick(COLOURS);
      const garment = pick(APPAREL);
      for (const size of SIZES) {
        if (rows.length >= 100) break;
        const quantity = chance(0.1) ? 0 : between(0, 5000);
        const future = chance(0.35);
        rows.push({
          productId: style,
          partId: `${style}-${colour}-${size}`,
          lead: future ? String(between(5, 30)) : '',
          attribute: `${garment} ${COLOUR_NAMES[colour]} ${size}`,
          fob: pick(['1', '1', '2', '4']),
          quantity: String(quantity),
          uom: 'EA',
          f1q: future ? String(between(50, 2000)) : '',
          f1d: future ? usPadded(later(10, 40)) : '',
          f2q: future && chance(0.4) ? String(between(50, 2000)) : '',
          f2d: '',
          buy: chance(0.1) ? 'TRUE' : 'FALSE',
          made: chance(0.05) ? 'TRUE' : 'FALSE',
        });
        const last = rows[rows.length - 1]!;
        if (last.f2q) last.f2d = usPadded(later(45, 90));
      }
    }
    add({
      name: 'dc-onesource-inventory.xls',
      kind: 'inventory',
      writer: 'office-xls',
      source:
        'DC-OneSource help, "Inventory CSV Field Description" (help.dc-onesource.com/article/868-inventory-csv-spreadsheet-details)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'productId', cell: (r) => r.productId! },
        { header: 'partId', maps: { [ITEM]: 1 }, cell: (r) => r.partId! },
        { header: 'replenishmentLeadTime', cell: (r) => r.lead! },
        { header: 'attributeSelection', cell: (r) => r.attribute! },
        { header: 'fobId', cell: (r) => r.fob! },
        { header: 'quantityValue', maps: { [QTY]: 1 }, cell: (r) => r.quantity! },
        { header: 'quantityUom', cell: (r) => r.uom! },
        { header: 'futureAvailability1_quantityValue', cell: (r) => r.f1q! },
        { header: 'futureAvailability1_availableOn', cell: (r) => r.f1d! },
        { header: 'futureAvailability2_quantityValue', cell: (r) => r.f2q! },
        { header: 'futureAvailability2_availableOn', cell: (r) => r.f2d! },
        { header: 'buyToOrder', cell: (r) => r.buy! },
        { header: 'manufacturedItem', cell: (r) => r.made! },
      ],
    });
  }

  return specs;
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
