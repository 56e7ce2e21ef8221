/**
 * Builds the inventory half of the sealed mapping corpus (bench/mapping-corpus-sealed/inventory/README.md): eight
 * labelled supplier stock files written without reading the engine, its catalogue, its design document or the
 * files, labels and builders of the other corpora. Beside each file goes the mapping a careful person would make
 * (`.labels.json`), decided before anything ran. Fixed seed, so a rebuild writes the same CSV and SheetJS files
 * byte for byte. Run: `npx tsx bench/mapping-corpus-sealed/inventory/build.ts`.
 *
 * Only `bench/mapping-corpus-sealed/inventory/files/` is removed and rewritten; the orders half is left alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/tracking-numbers/labelled-set';
import { corpusEmitter, type FileSpec, gs1Check, randomHelpers } from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-sealed-inventory-');
const random = seededRandom(20261208);

const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

// ---------------------------------------------------------------- small random helpers

const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');
const money = (low: number, high: number) => (between(low * 100, high * 100) / 100).toFixed(2);
const range = (count: number) => Array.from({ length: count }, (_, k) => k);

/** A UPC-A with its GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An EAN-13 with its GS1 check digit. */
function ean13(): string {
  const data = `${pick(['501', '500', '400', '590'])}${digits(9)}`;
  return `${data}${gs1Check(data)}`;
}

/** A stock figure: mostly small, some zero, a few large. */
const stock = () => (chance(0.18) ? 0 : chance(0.1) ? between(150, 900) : between(1, 60));

/** A code not drawn before in this file: redraws until new. */
function fresh(seen: Set<string>, draw: () => string): string {
  for (;;) {
    const code = draw();
    if (!seen.has(code)) {
      seen.add(code);
      return code;
    }
  }
}
const us = (day: number) => {
  const date = new Date(Date.UTC(2026, 11, 8 + day));
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
};

// ---------------------------------------------------------------- the files

function inventoryFiles(): FileSpec<never>[] {
  const specs: FileSpec<unknown>[] = [];
  const add = <R>(spec: FileSpec<R>) => specs.push(spec as unknown as FileSpec<unknown>);

  // 1. Lipsey's price & quantity catalog, saved as CSV (comma, every field quoted).
  {
    const MAKERS: [string, string][] = [
      ['Glock', 'PA'],
      ['Smith & Wesson', 'SW'],
      ['Ruger', 'RU'],
      ['Springfield Armory', 'SP'],
      ['Henry Repeating Arms', 'HN'],
      ['Vortex Optics', 'VX'],
      ['Magpul', 'MP'],
      ['Hornady', 'HO'],
    ];
    const seen = new Set<string>();
    const rows = range(124).map(() => {
      const [maker, prefix] = pick(MAKERS);
      const onHand = stock();
      return {
        item: fresh(seen, () => `${prefix}${digits(between(4, 6))}${chance(0.2) ? letters(1) : ''}`),
        upc: upc(),
        model: `${letters(2)}${digits(3)}-${digits(2)}`,
        maker,
        onHand: onHand >= 50 && chance(0.5) ? '50+' : String(onHand),
        allocation: chance(0.15) ? 'Y' : 'N',
        price: money(18, 1450),
        onSale: chance(0.1) ? 'Y' : 'N',
        map: chance(0.3) ? '' : money(25, 1800),
      };
    });
    add({
      name: 'lipseys-price-quantity.csv',
      kind: 'inventory',
      writer: 'csv',
      quoteAll: true,
      source:
        "Lipsey's price/quantity catalog (lipseys.com/API/pricequantitycatalog.ashx) as rubydoc.info/gems/lipseys/0.2.0/Lipseys/Inventory lists its fields",
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'ItemNo', maps: { [ITEM]: 1 }, cell: (r) => r.item },
        { header: 'UPC', cell: (r) => r.upc },
        { header: 'MFGModelNo', cell: (r) => r.model },
        { header: 'Manufacturer', cell: (r) => r.maker },
        { header: 'QtyOnHand', maps: { [QTY]: 1 }, cell: (r) => r.onHand },
        { header: 'Allocation', cell: (r) => r.allocation },
        { header: 'Price', cell: (r) => r.price },
        { header: 'OnSale', cell: (r) => r.onSale },
        { header: 'RetailMAP', cell: (r) => r.map },
      ],
    });
  }

  // 2. PrestaShop stocks (webservice resource) exported by a supplier's shop, `;` separated.
  {
    const rows = range(96).map((k) => {
      const physical = stock();
      const usable = Math.max(0, physical - (chance(0.35) ? between(1, Math.max(1, physical)) : 0));
      return {
        warehouse: pick(['1', '1', '2', '3']),
        product: String(between(12, 2400)),
        attribute: chance(0.4) ? '0' : String(between(1, 900)),
        real: String(physical + (chance(0.3) ? between(5, 40) : 0)),
        reference: `${pick(['HB', 'KT', 'GD', 'LM'])}-${String(1000 + k * 7).padStart(5, '0')}`,
        ean: ean13(),
        upc: chance(0.5) ? upc() : '',
        mpn: chance(0.7) ? `${letters(3)}${digits(5)}` : '',
        physical: String(physical),
        usable: String(usable),
        price: money(2, 240).replace('.', ','),
      };
    });
    add({
      name: 'prestashop-stocks.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: ';',
      source:
        'PrestaShop devdocs, webservice resource "stocks" (devdocs.prestashop-project.org/8/webservice/resources/stocks)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'id_warehouse', cell: (r) => r.warehouse },
        { header: 'id_product', cell: (r) => r.product },
        { header: 'id_product_attribute', cell: (r) => r.attribute },
        { header: 'real_quantity', cell: (r) => r.real },
        { header: 'reference', maps: { [ITEM]: 1 }, cell: (r) => r.reference },
        { header: 'ean13', cell: (r) => r.ean },
        { header: 'upc', cell: (r) => r.upc },
        { header: 'mpn', cell: (r) => r.mpn },
        { header: 'physical_quantity', cell: (r) => r.physical },
        { header: 'usable_quantity', maps: { [QTY]: 1 }, cell: (r) => r.usable },
        { header: 'price_te', cell: (r) => r.price },
      ],
    });
  }

  // 3. RSR Group's dealer inventory file: `;` separated, no header row.
  {
    const MAKERS: [string, string][] = [
      ['BER', 'Beretta USA'],
      ['SIG', 'Sig Sauer'],
      ['LEU', 'Leupold'],
      ['FED', 'Federal Premium'],
      ['SAV', 'Savage Arms'],
      ['MOS', 'Mossberg'],
    ];
    const seen = new Set<string>();
    const rows = range(110).map(() => {
      const [id, name] = pick(MAKERS);
      const regular = between(900, 120000) / 100;
      return {
        stock: fresh(seen, () => `${id}${digits(between(4, 6))}`),
        upc: upc(),
        description: pick([
          '9MM 17RD BLK POLY',
          '3-9X40 MATTE DUPLEX',
          '12GA 28IN VENT RIB',
          '223REM 55GR FMJ 20RD',
          'SLING 2PT QD BLK',
          '308WIN 20IN BBL',
          'HOLSTER OWB RH',
        ]),
        department: String(between(1, 41)),
        makerId: id,
        retail: (regular * 1.35).toFixed(2),
        regular: regular.toFixed(2),
        weight: String(between(1, 180)),
        qty: String(stock()),
        model: `${letters(2)}${digits(3)}`,
        maker: name,
        mfgPart: `${digits(3)}${letters(1)}${digits(4)}`,
        flag: chance(0.12) ? 'Allocated' : chance(0.08) ? 'Closeout' : chance(0.05) ? 'Deleted' : '',
        image: '',
      };
    });
    rows.forEach((row) => {
      row.image = `${row.stock}_1.jpg`;
    });
    add({
      name: 'rsr-inventory-noheader.csv',
      kind: 'inventory',
      writer: 'csv',
      separator: ';',
      headerless: true,
      source:
        "RSR Group's dealer inventory file (rsrinventory-new.txt), field order from own knowledge (no public document read)",
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'RSR Stock Number', maps: { [ITEM]: 1 }, cell: (r) => r.stock },
        { header: 'UPC Code', cell: (r) => r.upc },
        { header: 'Product Description', cell: (r) => r.description },
        { header: 'Department Number', cell: (r) => r.department },
        { header: 'Manufacturer Id', cell: (r) => r.makerId },
        { header: 'Retail Price', cell: (r) => r.retail },
        { header: 'RSR Pricing', cell: (r) => r.regular },
        { header: 'Product Weight', cell: (r) => r.weight },
        { header: 'Inventory Quantity', maps: { [QTY]: 1 }, cell: (r) => r.qty },
        { header: 'Model', cell: (r) => r.model },
        { header: 'Full Manufacturer Name', cell: (r) => r.maker },
        { header: 'Manufacturer Part Number', cell: (r) => r.mfgPart },
        { header: 'Allocated/Closeout/Deleted', maps: { [STATUS]: 0 }, cell: (r) => r.flag },
        { header: 'Image Name', cell: (r) => r.image },
      ],
    });
  }

  // 4. Fishbowl inventory totals per location group, LibreOffice XLSX with title rows.
  {
    const rows = range(88).map((k) => {
      const onHand = stock();
      const allocated = Math.min(onHand, chance(0.4) ? between(1, 20) : 0);
      return {
        partId: String(1040 + k * 3),
        partNum: `${pick(['BRK', 'VLV', 'HSE', 'FTG', 'PMP'])}-${digits(4)}${chance(0.3) ? `-${letters(1)}` : ''}`,
        group: pick(['1', '1', '2']),
        onHand: String(onHand),
        allocated: String(allocated),
        notAvailable: String(chance(0.15) ? between(1, 5) : 0),
        notPick: String(chance(0.1) ? between(1, 3) : 0),
        dropship: String(chance(0.2) ? between(1, 12) : 0),
        onOrder: String(chance(0.35) ? between(10, 200) : 0),
      };
    });
    add({
      name: 'fishbowl-qty-inventory-totals.xlsx',
      kind: 'inventory',
      writer: 'office-xlsx',
      source:
        'Fishbowl 2013.5 data dictionary, table QTYINVENTORYTOTALS (raw.githubusercontent.com/ilopez/FishbowlDataDictionary/master/dictionary/tables/QTYINVENTORYTOTALS.html); PARTNUM typed',
      titleRows: [['Inventory Totals by Location Group'], [`Generated on ${us(0)} 06:15 AM`], []],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'PARTID', cell: (r) => r.partId },
        { header: 'PARTNUM', maps: { [ITEM]: 1 }, cell: (r) => r.partNum },
        { header: 'LOCATIONGROUPID', cell: (r) => r.group },
        { header: 'QTYONHAND', maps: { [QTY]: 1 }, cell: (r) => r.onHand },
        { header: 'QTYALLOCATED', cell: (r) => r.allocated },
        { header: 'QTYNOTAVAILABLE', cell: (r) => r.notAvailable },
        { header: 'QTYNOTAVAILABLETOPICK', cell: (r) => r.notPick },
        { header: 'QTYDROPSHIP', cell: (r) => r.dropship },
        { header: 'QTYONORDER', cell: (r) => r.onOrder },
      ],
    });
  }

  // 5. RepSpark inventories sheet: one line per style / colour / size / availability date, SheetJS XLSX.
  {
    const STYLES = ['MB0101', 'MB0144', 'WP2210', 'WP2291', 'KS0330', 'MJ1180', 'WS4402', 'MT0915'];
    const rows: {
      style: string;
      color: string;
      gender: string;
      size: string;
      qty: string;
      date: string;
    }[] = [];
    for (const style of STYLES) {
      const colors = [pick(['BLK', 'NVY', 'WHT']), pick(['HTR', 'RED', 'OLV', 'SKY'])];
      for (const color of colors)
        for (const size of ['S', 'M', 'L', 'XL']) {
          rows.push({ style, color, gender: '', size, qty: String(stock()), date: us(-between(0, 3)) });
          if (chance(0.35))
            rows.push({
              style,
              color,
              gender: '',
              size,
              qty: String(between(24, 240)),
              date: us(between(20, 90)),
            });
        }
    }
    for (const row of rows) if (row.style.startsWith('W')) row.gender = 'W';
    add({
      name: 'repspark-inventories.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'RepSpark, "Inventories Sheet Upload Details" (helpdesk.repspark.com/support/solutions/articles/35000151056-inventories-sheet-upload-details)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'ProductNumber', maps: { [ITEM]: 1 }, cell: (r) => r.style },
        { header: 'ColorCode', cell: (r) => r.color },
        { header: 'GenderCode', cell: (r) => r.gender },
        { header: 'SizeCode', cell: (r) => r.size },
        { header: 'AvailableQuantity', maps: { [QTY]: 1 }, cell: (r) => r.qty },
        { header: 'AvailableDate', cell: (r) => r.date },
      ],
    });
  }

  // 6. Centra stock export (fashion ERP), SheetJS XLSX.
  {
    const rows = range(102).map((k) => {
      const physical = stock();
      const allocated = Math.min(physical, chance(0.4) ? between(1, 15) : 0);
      return {
        sku: `CT${String(20400 + k * 11)}-${pick(['XS', 'S', 'M', 'L', 'XL', '38', '40', '42'])}`,
        name: pick([
          'Wool Overshirt',
          'Linen Trousers',
          'Cashmere Beanie',
          'Leather Tote',
          'Rib Tee',
          'Puffer Vest',
        ]),
        productId: String(between(100, 999)),
        variantId: String(between(1000, 9999)),
        sizeId: String(between(1, 12)),
        warehouse: pick(['1', '1', '4']),
        physical: String(physical),
        allocated: String(allocated),
        free: String(physical - allocated),
        demand: String(allocated + (chance(0.2) ? between(1, 8) : 0)),
        unshipped: String(chance(0.3) ? between(1, 10) : 0),
        incoming: String(chance(0.3) ? between(20, 200) : 0),
        onDelivery: String(chance(0.1) ? between(1, 6) : 0),
        status: chance(0.1) ? 'INACTIVE' : chance(0.05) ? 'CANCELLED' : 'ACTIVE',
      };
    });
    add({
      name: 'centra-stock-export.xlsx',
      kind: 'inventory',
      writer: 'sheetjs-xlsx',
      source:
        'Centra GraphQL, enum StockSort (centra.dev/graphql/stocksort.html); sku, productName and status typed',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'productName', cell: (r) => r.name },
        { header: 'productId', cell: (r) => r.productId },
        { header: 'productVariantId', cell: (r) => r.variantId },
        { header: 'productSizeId', cell: (r) => r.sizeId },
        { header: 'warehouseId', cell: (r) => r.warehouse },
        { header: 'physicalQuantity', cell: (r) => r.physical },
        { header: 'allocatedQuantity', cell: (r) => r.allocated },
        { header: 'freeToAllocateQuantity', maps: { [QTY]: 1 }, cell: (r) => r.free },
        { header: 'demandQuantity', cell: (r) => r.demand },
        { header: 'unshippedQuantity', cell: (r) => r.unshipped },
        { header: 'incomingQuantity', cell: (r) => r.incoming },
        { header: 'onDeliveryQuantity', cell: (r) => r.onDelivery },
        { header: 'status', maps: { [STATUS]: 1 }, cell: (r) => r.status },
      ],
    });
  }

  // 7. Eptura Asset parts inventory template, SheetJS XLS.
  {
    const PARTS: [string, string][] = [
      ['Hydraulic Filter Element', 'Filters'],
      ['V-Belt A48', 'Belts'],
      ['Ball Bearing 6204-2RS', 'Bearings'],
      ['Contactor 3P 40A', 'Electrical'],
      ['Grease Cartridge 14 oz', 'Lubricants'],
      ['Shaft Seal 35x52x7', 'Seals'],
    ];
    const rows = range(76).map((k) => {
      const [description, type] = pick(PARTS);
      return {
        site: 'Northgate Supply Co.',
        warehouse: pick(['Main', 'Main', 'East Annex']),
        part: `NS-${String(5000 + k * 13)}`,
        description,
        type,
        status: pick(['New', 'New', 'New', 'Rebuilt', 'Used']),
        uom: pick(['Each', 'Each', 'Set', 'Pair']),
        barcode: chance(0.6) ? upc() : '',
        bin: `${letters(1)}${between(1, 12)}-${between(1, 6)}`,
        vendorId: pick(['GRAIN', 'MOTION', 'FASTNL']),
        vendorPart: `${letters(2)}${digits(6)}`,
        cost: money(1, 320),
        year: chance(0.5) ? String(between(2018, 2026)) : '',
        qty: String(stock()),
        min: String(between(2, 10)),
        norm: String(between(10, 25)),
        max: String(between(25, 60)),
        favorite: chance(0.3) ? 'TRUE' : 'FALSE',
        tracked: chance(0.8) ? 'TRUE' : 'FALSE',
      };
    });
    add({
      name: 'eptura-parts-inventory.xls',
      kind: 'inventory',
      writer: 'sheetjs-xls',
      source:
        'Eptura Asset, "Inventory Import Template Data" (knowledge.eptura.com/Asset/Modules/Settings/Tools_and_Support/Import/Inventory_Import_Template_Data)',
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'Site Name', cell: (r) => r.site },
        { header: 'Warehouse', cell: (r) => r.warehouse },
        { header: 'Part #', maps: { [ITEM]: 1 }, cell: (r) => r.part },
        { header: 'Description', cell: (r) => r.description },
        { header: 'Part Type', cell: (r) => r.type },
        { header: 'Status', cell: (r) => r.status },
        { header: 'Unit of Measure', cell: (r) => r.uom },
        { header: 'Barcode #', cell: (r) => r.barcode },
        { header: 'Bin Location', cell: (r) => r.bin },
        { header: 'Vendor ID', cell: (r) => r.vendorId },
        { header: 'Vendor Part #', cell: (r) => r.vendorPart },
        { header: 'Each Cost', cell: (r) => r.cost },
        { header: 'Year', cell: (r) => r.year },
        { header: 'Beginning Quantity', maps: { [QTY]: 1 }, cell: (r) => r.qty },
        { header: 'Level Min', cell: (r) => r.min },
        { header: 'Level Norm', cell: (r) => r.norm },
        { header: 'Level Max', cell: (r) => r.max },
        { header: 'Favorite', cell: (r) => r.favorite },
        { header: 'Tracked', cell: (r) => r.tracked },
      ],
    });
  }

  // 8. A wholesaler's bulk-upload file for merchandisesales.com, LibreOffice XLS, a title line above the header.
  {
    const GOODS: [string, string, string][] = [
      ['Retro Trainers', 'Stride', 'Footwear'],
      ['Canvas Tote', 'CarryOn', 'Bags'],
      ['Stoneware Mug Set', 'Hearth', 'Home'],
      ['Bamboo Cutting Board', 'Hearth', 'Kitchen'],
      ['Wireless Earbuds', 'Sonix', 'Electronics'],
      ['Yoga Mat 6mm', 'Flowfit', 'Fitness'],
      ['LED Desk Lamp', 'Lumo', 'Home'],
    ];
    const rows = range(84).map((k) => {
      const [title, brand, category] = pick(GOODS);
      const price = between(800, 12000) / 100;
      return {
        sku: `SKU-${1001 + k}`,
        title,
        price: price.toFixed(2),
        qty: String(stock()),
        condition: pick(['New', 'New', 'New', 'Like New', 'Used']),
        image: `https://cdn.example-wholesale.com/img/${1001 + k}.jpg`,
        msrp: chance(0.6) ? (price * 1.6).toFixed(2) : '',
        upc: chance(0.7) ? upc() : '',
        brand,
        category,
        description: `${title} by ${brand}`,
        location: pick(['Memphis, TN', 'Reno, NV', 'Memphis, TN']),
      };
    });
    add({
      name: 'merchandisesales-bulk-upload.xls',
      kind: 'inventory',
      writer: 'office-xls',
      source: 'merchandisesales.com, "CSV Format" (merchandisesales.com/docs/csv)',
      titleRows: [[`Wholesale stock upload, prepared ${us(0)}`]],
      unique: null,
      delimiter: null,
      rows,
      columns: [
        { header: 'sku', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
        { header: 'title', cell: (r) => r.title },
        { header: 'price', cell: (r) => r.price },
        { header: 'quantity', maps: { [QTY]: 1 }, cell: (r) => r.qty },
        { header: 'condition', cell: (r) => r.condition },
        { header: 'image_url', cell: (r) => r.image },
        { header: 'msrp', cell: (r) => r.msrp },
        { header: 'upc', cell: (r) => r.upc },
        { header: 'brand', cell: (r) => r.brand },
        { header: 'category', cell: (r) => r.category },
        { header: 'description', cell: (r) => r.description },
        { header: 'location', cell: (r) => r.location },
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
