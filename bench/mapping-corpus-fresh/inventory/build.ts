/**
 * Builds the fresh inventory corpus (bench/mapping-corpus-fresh/inventory/README.md): eight labelled stock files
 * written without reading the engine, its catalogue, its design document or the files, labels and builders of the
 * other corpora. Beside each file goes the mapping a careful person would make (`.labels.json`), decided before
 * anything ran. Fixed seed, so a rebuild writes the same CSV and SheetJS files byte for byte.
 * Run: `npx tsx bench/mapping-corpus-fresh/inventory/build.ts`.
 *
 * Only `files/` under this folder is removed and written again; `bench/mapping-corpus-fresh/orders/` is not touched.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../../packages/contracts/src/seeded-random';
import { corpusEmitter, type FileSpec, gs1Check, randomHelpers } from '../../corpus-builders';

const FILES = path.join(import.meta.dirname, 'files');
const emit = corpusEmitter(FILES, 'mapping-corpus-fresh-inventory-');
const random = seededRandom(20261204);

// ---------------------------------------------------------------- small random helpers

const { between, pick, digits, chance } = randomHelpers(random);
const letters = (count: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ') =>
  Array.from({ length: count }, () => pick([...alphabet])).join('');
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const money = (n: number) => n.toFixed(2);
const comma = (n: number) => n.toFixed(2).replace('.', ',');

/** A UPC-A with its GS1 check digit. */
function upc(): string {
  const data = `${pick(['0', '6', '7', '8'])}${digits(10)}`;
  return `${data}${gs1Check(data)}`;
}

/** An EAN-13 with its GS1 check digit (UK 50, German 40, Dutch 87 prefixes). */
function ean13(prefix = pick(['50', '40', '87', '54'])): string {
  const data = `${prefix}${digits(12 - prefix.length)}`;
  return `${data}${gs1Check(data)}`;
}

/** A stock quantity as distributors' files show it: many zeros, many small counts, a few large ones. */
function stockLevel(zeroChance = 0.18, high = 400): number {
  if (chance(zeroChance)) return 0;
  if (chance(0.55)) return between(1, 24);
  return between(25, high);
}

const ITEM = 'itemNumberColumnName';
const QTY = 'qtyColumnName';
const STATUS = 'itemStatusColumnName';

// Every label below was written with the file's layout, before the build or the engine first ran.

// ---------------------------------------------------------------- 1. Doba's expanded product feed (CSV, comma)

interface DobaItem {
  itemId: string;
  productSku: string;
  itemSku: string;
  mpn: string;
  upc: string;
  ean: string;
  asin: string;
  title: string;
  itemName: string;
  manufacturer: string;
  brand: string;
  qty: number;
  state: 'in' | 'out' | 'discontinued';
  price: number;
  map: number;
  msrp: number;
  dropShipFee: number;
  shipCost: number;
  deal: number | null;
  dealFrom: string;
  dealTo: string;
}

function dobaFeed(): FileSpec<DobaItem> {
  const lines = [
    {
      brand: 'Kitchen Loft',
      maker: 'Loft Housewares LLC',
      things: [
        'Measuring Cup Set',
        'Silicone Spatula',
        'Bamboo Cutting Board',
        'Glass Storage Jar',
        'Salad Spinner',
      ],
    },
    {
      brand: 'TrailNest',
      maker: 'Nest Outdoor Co.',
      things: ['Camping Lantern', 'Folding Stool', 'Insulated Bottle 32 oz', 'Dry Bag 20L', 'Hammock Straps'],
    },
    {
      brand: 'PawJoy',
      maker: 'PawJoy Pet Products',
      things: [
        'Chew Rope Toy',
        'Orthopedic Dog Bed',
        'Cat Scratcher',
        'Slow Feeder Bowl',
        'LED Safety Collar',
      ],
    },
    {
      brand: 'Voltix',
      maker: 'Voltix Electronics Inc.',
      things: [
        'USB-C Wall Charger 30W',
        'Braided Cable 6ft',
        'Wireless Earbuds',
        'Power Bank 10000mAh',
        'Car Phone Mount',
      ],
    },
  ];
  const variants = ['Black', 'White', 'Gray', 'Blue', 'Small', 'Medium', 'Large'];
  const rows: DobaItem[] = [];
  let itemId = 44_600_210 + between(0, 900);
  for (let p = 0; rows.length < 118; p++) {
    const line = pick(lines);
    const thing = pick(line.things);
    const productSku = `${line.brand.slice(0, 2).toUpperCase()}L${1000 + p * 7}`;
    const variantCount = chance(0.45) ? between(2, 3) : 1;
    const cost = between(4, 160) + pick([0.49, 0.99, 0.25, 0.75]);
    for (let v = 0; v < variantCount && rows.length < 118; v++) {
      itemId += between(3, 140);
      const variant = variantCount > 1 ? variants[(p + v) % variants.length]! : '';
      const discontinued = chance(0.07);
      const qty = discontinued ? 0 : stockLevel(0.14, 950);
      const msrp = Math.round(cost * 1.9) + 0.99;
      const dealing = chance(0.12);
      rows.push({
        itemId: String(itemId),
        productSku,
        itemSku: `${letters(2)}${digits(6)}`,
        mpn: chance(0.8)
          ? `${line.brand.slice(0, 3).toUpperCase()}-${digits(4)}${variant ? `-${variant.slice(0, 2).toUpperCase()}` : ''}`
          : '',
        upc: chance(0.9) ? upc() : '',
        ean: chance(0.15) ? ean13('0') : '',
        asin: chance(0.35) ? `B0${letters(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}` : '',
        title: `${line.brand} ${thing}`,
        itemName: variant ? `${line.brand} ${thing} - ${variant}` : `${line.brand} ${thing}`,
        manufacturer: line.maker,
        brand: line.brand,
        qty,
        state: discontinued ? 'discontinued' : qty === 0 ? 'out' : 'in',
        price: cost,
        map: chance(0.6) ? Math.round(cost * 1.5) + 0.99 : 0,
        msrp,
        dropShipFee: pick([0, 0, 2.5, 3.0, 5.95]),
        shipCost: pick([4.99, 6.49, 8.95, 12.5, 0]),
        deal: dealing ? Math.round(cost * 0.8 * 100) / 100 : null,
        dealFrom: dealing ? `12.${pad(between(1, 9))}.2026` : '',
        dealTo: dealing ? `12.${pad(between(20, 31))}.2026` : '',
      });
    }
  }
  const stockWord = (r: DobaItem) =>
    r.state === 'in' ? 'in-stock' : r.state === 'out' ? 'out-of-stock' : 'discontinued';
  const statusWord = (r: DobaItem) =>
    r.state === 'in' ? 'in-stock' : r.state === 'out' ? 'out of stock' : 'discontinued';
  return {
    name: 'doba-product-feed-expanded.csv',
    kind: 'inventory',
    writer: 'csv',
    source:
      'Doba "Explanation of Product Comma Delimited Expanded & General FTP Files" (472710.hs-sites.com/en/knowledge/explanation-of-product-comma-delimited-expanded-general-ftp-files)',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'item_id', maps: { [ITEM]: 0 }, cell: (r) => r.itemId },
      { header: 'product_sku', cell: (r) => r.productSku },
      { header: 'item_sku', maps: { [ITEM]: 1 }, cell: (r) => r.itemSku },
      { header: 'mpn', cell: (r) => r.mpn },
      { header: 'upc', cell: (r) => r.upc },
      { header: 'ean', cell: (r) => r.ean },
      { header: 'asin', cell: (r) => r.asin },
      { header: 'title', cell: (r) => r.title },
      { header: 'item_name', cell: (r) => r.itemName },
      { header: 'manufacturer', cell: (r) => r.manufacturer },
      { header: 'brand_name', cell: (r) => r.brand },
      { header: 'qty_avail', maps: { [QTY]: 1 }, cell: (r) => String(r.qty) },
      { header: 'stock', maps: { [STATUS]: 0 }, cell: (r) => stockWord(r) },
      { header: 'product_status', maps: { [STATUS]: 1 }, cell: (r) => statusWord(r) },
      { header: 'price', cell: (r) => money(r.price) },
      { header: 'map', cell: (r) => (r.map ? money(r.map) : '') },
      { header: 'msrp', cell: (r) => money(r.msrp) },
      { header: 'drop_ship_fee', cell: (r) => money(r.dropShipFee) },
      { header: 'ship_cost', cell: (r) => money(r.shipCost) },
      { header: 'supplier_deal_price', cell: (r) => (r.deal === null ? '' : money(r.deal)) },
      { header: 'available_from_date', cell: (r) => r.dealFrom },
      { header: 'available_to_date', cell: (r) => r.dealTo },
    ],
  };
}

// ---------------------------------------------------------------- 2. Circular Parts inventory file (CSV, semicolon)

interface CarPart {
  assetId: string;
  partNumber: string;
  name: string;
  condition: string;
  quantity: number;
  grade: string;
  warranty: string;
  delivery: string;
  price: number;
  manufacturer: string;
  description: string;
  mileage: string;
  make: string;
  model: string;
  year: string;
}

function circularParts(): FileSpec<CarPart> {
  const cars = [
    {
      make: 'Volkswagen',
      models: ['Golf VII', 'Passat B8', 'Tiguan', 'Polo'],
      prefix: ['5G0', '3G0', '5NA', '2G0'],
    },
    { make: 'Audi', models: ['A4 B9', 'A3 8V', 'Q5'], prefix: ['8W0', '8V0', '80A'] },
    { make: 'Skoda', models: ['Octavia III', 'Superb III', 'Fabia'], prefix: ['5E0', '3V0', '6V0'] },
    { make: 'BMW', models: ['3 Series F30', '5 Series G30', 'X3 G01'], prefix: ['6851', '7390', '8738'] },
    { make: 'Ford', models: ['Focus Mk3', 'Fiesta Mk7', 'Kuga'], prefix: ['BM51', 'C1BB', 'GV41'] },
    { make: 'Toyota', models: ['Corolla E210', 'RAV4 XA50', 'Yaris'], prefix: ['81130', '87940', '52119'] },
  ];
  const parts = [
    ['Door mirror left', 'Electric, heated, painted'],
    ['Headlight right', 'LED, complete with ballast'],
    ['Alternator', '14V 140A, tested on bench'],
    ['ABS pump', 'With control unit, coding required'],
    ['Front bumper', 'Primed, small scratches'],
    ['Window regulator front left', 'With motor'],
    ['Steering rack', 'Electric power steering'],
    ['Instrument cluster', 'Speedometer, km display'],
    ['Rear tail light left', 'Outer, on body'],
    ['Starter motor', '1.4 kW'],
  ];
  const rows: CarPart[] = [];
  let asset = 4100 + between(0, 50);
  while (rows.length < 96) {
    asset += between(1, 9);
    const car = pick(cars);
    const modelIndex = between(0, car.models.length - 1);
    const [name, description] = pick(parts);
    const prefix = car.prefix[modelIndex % car.prefix.length]!;
    const isNew = chance(0.1);
    const base: CarPart = {
      assetId: `LT-${pad(between(21, 26))}-${pad(asset, 6)}`,
      partNumber: /^\d/.test(prefix)
        ? `${prefix}${digits(3)}${chance(0.4) ? `-${digits(2)}` : ''}`
        : `${prefix}${digits(3)}${letters(pick([1, 2]), 'ABCDEFGHJK')}`,
      name: name!,
      condition: isNew ? 'New' : chance(0.12) ? 'Refurbished' : 'Used',
      quantity: isNew ? between(1, 6) : chance(0.92) ? 1 : 2,
      grade: isNew ? '' : pick(['A', 'A', 'B', 'C']),
      warranty: pick(['3', '6', '6', '12']),
      delivery: String(between(2, 7)),
      price: between(18, 640) + pick([0, 0.5, 0.9]),
      manufacturer: chance(0.7) ? car.make : pick(['Bosch', 'Valeo', 'Hella', 'Denso', 'TRW']),
      description: description!,
      mileage: isNew ? '' : String(between(42, 268) * 1000 + between(0, 999)),
      make: car.make,
      model: car.models[modelIndex]!,
      year: String(between(2008, 2022)),
    };
    rows.push(base);
    // The same physical part listed again under its alternative part numbers, as the upload rules ask.
    if (!isNew && chance(0.18)) {
      for (let k = 0; k < between(1, 2); k++) {
        const alternative = `${base.partNumber.slice(0, -1)}${letters(1, 'ABCDEFGH')}`;
        rows.push({ ...base, partNumber: alternative === base.partNumber ? `${alternative}X` : alternative });
      }
    }
  }
  return {
    name: 'circularparts-inventory.csv',
    kind: 'inventory',
    writer: 'csv',
    separator: ';',
    source:
      'Circular Parts help, "4. Inventory File Requirements" (help.circularparts.com/article/29-inventory-file-requirements); semicolons as a European Excel saves CSV',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'Asset ID', maps: { [ITEM]: 1 }, cell: (r) => r.assetId },
      { header: 'Part Number', maps: { [ITEM]: 0 }, cell: (r) => r.partNumber },
      { header: 'Name', cell: (r) => r.name },
      { header: 'Condition', cell: (r) => r.condition },
      { header: 'Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.quantity) },
      { header: 'Grade', cell: (r) => r.grade },
      { header: 'Warranty', cell: (r) => r.warranty },
      { header: 'Delivery', cell: (r) => r.delivery },
      { header: 'Price', cell: (r) => comma(r.price) },
      { header: 'Manufacturer', cell: (r) => r.manufacturer },
      { header: 'Description', cell: (r) => r.description },
      { header: 'Mileage', cell: (r) => r.mileage },
      { header: 'Car Make', cell: (r) => r.make },
      { header: 'Car Model', cell: (r) => r.model },
      { header: 'Car Year', cell: (r) => r.year },
    ],
  };
}

// ---------------------------------------------------------------- 3. Mectronic distributor upload, no header (CSV)

interface Component {
  part: string;
  maker: string;
  qty: number;
  description: string;
}

function mectronicUpload(): FileSpec<Component> {
  /** Each family: maker, the base part numbers with what they are, and the package / packing suffixes. */
  const families: { maker: string; bases: [string, string][]; suffixes: string[] }[] = [
    {
      maker: 'Texas Instruments',
      bases: [
        ['SN74HC595', 'IC, LOGIC, 8-BIT SHIFT REGISTER'],
        ['SN74HC165', 'IC, LOGIC, 8-BIT PISO SHIFT REG'],
        ['SN74HC245', 'IC, LOGIC, OCTAL BUS TRANSCEIVER'],
        ['SN74HC04', 'IC, LOGIC, HEX INVERTER'],
        ['SN74HC14', 'IC, LOGIC, HEX SCHMITT INVERTER'],
        ['SN74HC00', 'IC, LOGIC, QUAD 2-IN NAND'],
        ['SN74HC138', 'IC, LOGIC, 3-TO-8 DECODER'],
        ['SN74HC373', 'IC, LOGIC, OCTAL D LATCH'],
      ],
      suffixes: ['N', 'DR', 'PWR'],
    },
    {
      maker: 'Texas Instruments',
      bases: [
        ['LM317', 'IC, VOLT REG, ADJ, 1.5A'],
        ['LM358', 'IC, DUAL OP AMP'],
        ['LM393', 'IC, DUAL COMPARATOR'],
        ['LM324', 'IC, QUAD OP AMP'],
        ['LM339', 'IC, QUAD COMPARATOR'],
        ['LM1117', 'IC, LDO REG, 800MA'],
      ],
      suffixes: ['T', 'DR', 'MPX-3.3'],
    },
    {
      maker: 'STMicroelectronics',
      bases: [
        ['STM32F103C8', 'MCU, 32-BIT ARM CORTEX-M3, 64KB FLASH'],
        ['STM32F407VG', 'MCU, 32-BIT ARM CORTEX-M4, 1MB FLASH'],
        ['STM32F030F4', 'MCU, 32-BIT ARM CORTEX-M0, 16KB FLASH'],
        ['STM32F411CE', 'MCU, 32-BIT ARM CORTEX-M4, 512KB FLASH'],
      ],
      suffixes: ['T6', 'T6TR', 'U6'],
    },
    {
      maker: 'Microchip Technology',
      bases: [
        ['PIC16F877A', 'MCU, 8-BIT PIC, 14KB FLASH'],
        ['PIC18F4550', 'MCU, 8-BIT PIC, USB, 32KB FLASH'],
        ['PIC12F675', 'MCU, 8-BIT PIC, 1.75KB FLASH'],
      ],
      suffixes: ['-I/P', '-I/SO', '-I/PT', '-E/P'],
    },
    {
      maker: 'Murata',
      bases: [
        ['GRM188R71H104', 'CAP, CER, 0.1UF, 50V, X7R, 0603'],
        ['GRM188R71C105', 'CAP, CER, 1UF, 16V, X7R, 0603'],
        ['GRM188R71E474', 'CAP, CER, 0.47UF, 25V, X7R, 0603'],
        ['GRM21BR61A106', 'CAP, CER, 10UF, 10V, X5R, 0805'],
      ],
      suffixes: ['KA01D', 'KA93D', 'KE15L'],
    },
    {
      maker: 'Vishay',
      bases: [
        ['CRCW060310K0', 'RES, THICK FILM, 10K, 1%, 0603'],
        ['CRCW06034K70', 'RES, THICK FILM, 4.7K, 1%, 0603'],
        ['CRCW06031K00', 'RES, THICK FILM, 1K, 1%, 0603'],
        ['CRCW0603100R', 'RES, THICK FILM, 100 OHM, 1%, 0603'],
        ['CRCW060322K0', 'RES, THICK FILM, 22K, 1%, 0603'],
        ['CRCW0603470R', 'RES, THICK FILM, 470 OHM, 1%, 0603'],
      ],
      suffixes: ['FKEA', 'FKEB', 'JNEA'],
    },
    {
      maker: 'ON Semiconductor',
      bases: [
        ['MMBT3904', 'TRANSISTOR, NPN, 40V, SOT-23'],
        ['BC847B', 'TRANSISTOR, NPN, 45V, SOT-23'],
        ['2N7002', 'MOSFET, N-CH, 60V, SOT-23'],
        ['MBRS340', 'DIODE, SCHOTTKY, 40V, 3A, SMC'],
      ],
      suffixes: ['LT1G', 'T3G', 'LT3G'],
    },
    {
      maker: 'Analog Devices',
      bases: [
        ['AD8606', 'IC, DUAL OP AMP, PRECISION, RRIO'],
        ['AD620', 'IC, INSTRUMENTATION AMP'],
        ['ADM3202', 'IC, RS-232 TRANSCEIVER'],
      ],
      suffixes: ['ARZ', 'ANZ', 'ARMZ-REEL7'],
    },
    {
      maker: 'KEMET',
      bases: [
        ['T491A106K016', 'CAP, TANTALUM, 10UF, 16V, 10%, CASE A'],
        ['T491B226K010', 'CAP, TANTALUM, 22UF, 10V, 10%, CASE B'],
        ['T491C476K016', 'CAP, TANTALUM, 47UF, 16V, 10%, CASE C'],
      ],
      suffixes: ['AT', 'AS', 'ZT'],
    },
  ];
  const seen = new Set<string>();
  const rows: Component[] = [];
  for (let attempt = 0; rows.length < 96; attempt++) {
    if (attempt > 10_000) throw new Error('mectronic: not enough distinct part numbers');
    const family = pick(families);
    const [base, description] = pick(family.bases);
    const part = `${base}${pick(family.suffixes)}`;
    if (seen.has(part)) continue;
    seen.add(part);
    const qty = chance(0.12) ? 0 : chance(0.5) ? between(1, 480) : between(500, 48_000);
    rows.push({ part, maker: family.maker, qty, description });
  }
  return {
    name: 'mectronic-inventory-noheader.csv',
    kind: 'inventory',
    writer: 'csv',
    quoteAll: true,
    headerless: true,
    titleRows: [['', '', '', '']],
    source:
      'Mectronic "Inventory upload example" (www.mectronic.com/scripts/invexample.htm): four fields, every field in double quotes, the first row empty, no header',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'Part Number', maps: { [ITEM]: 1 }, cell: (r) => r.part },
      { header: "Manufacturer's Name", cell: (r) => r.maker },
      { header: 'Part Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.qty) },
      { header: 'Product Description', cell: (r) => r.description },
    ],
  };
}

// ---------------------------------------------------------------- 4. Newegg inventory and price feed (SheetJS XLSX)

interface NeweggItem {
  sellerPart: string;
  neweggItem: string;
  msrp: number;
  map: number;
  checkoutMap: boolean;
  price: number;
  inventory: number;
  shipping: string;
  active: boolean;
}

function neweggFeed(): FileSpec<NeweggItem> {
  const rows: NeweggItem[] = [];
  const series = ['TBK-SSD', 'TBK-RAM', 'TBK-PSU', 'TBK-FAN', 'TBK-KB', 'TBK-HUB'];
  for (let n = 0; n < 84; n++) {
    const price = between(9, 420) + 0.99;
    const active = !chance(0.1);
    const mapped = chance(0.35);
    rows.push({
      sellerPart: `${pick(series)}-${pad(between(100, 999), 3)}${pick(['', '', '-B', '-W', '-2PK'])}`,
      neweggItem: `9SIA${letters(3, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789')}${digits(7)}`,
      msrp: Math.round(price * 1.25) + 0.99,
      map: mapped ? Math.round(price * 0.95) + 0.99 : 0,
      checkoutMap: mapped && chance(0.4),
      price,
      inventory: active ? stockLevel(0.15, 260) : 0,
      shipping: pick(['Default', 'Default', 'Free']),
      active,
    });
  }
  // SellerPartNumber is unique per item in Newegg's rules.
  const seen = new Set<string>();
  for (const row of rows) {
    while (seen.has(row.sellerPart)) row.sellerPart = `${row.sellerPart}X`;
    seen.add(row.sellerPart);
  }
  return {
    name: 'newegg-inventory-price-feed.xlsx',
    kind: 'inventory',
    writer: 'sheetjs-xlsx',
    source:
      'Newegg Marketplace API, "Inventory And Price Feed" (developer.newegg.com/newegg_marketplace_api/datafeed_management/inventory_and_price_feed) and "Inventory Update Feed" (…/inventory_update_feed)',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'SellerPartNumber', maps: { [ITEM]: 1 }, cell: (r) => r.sellerPart },
      { header: 'NeweggItemNumber', cell: (r) => r.neweggItem },
      { header: 'Currency', cell: () => 'USD' },
      { header: 'MSRP', cell: (r) => money(r.msrp) },
      { header: 'MAP', cell: (r) => (r.map ? money(r.map) : '0.00') },
      { header: 'CheckoutMAP', cell: (r) => (r.checkoutMap ? 'True' : 'False') },
      { header: 'SellingPrice', cell: (r) => money(r.price) },
      { header: 'Inventory', maps: { [QTY]: 1 }, cell: (r) => String(r.inventory) },
      { header: 'Shipping', cell: (r) => r.shipping },
      { header: 'ActivationMark', maps: { [STATUS]: 1 }, cell: (r) => (r.active ? 'True' : 'False') },
    ],
  };
}

// ---------------------------------------------------------------- 5. Unleashed stock on hand (LibreOffice XLSX)

interface OnHand {
  code: string;
  description: string;
  group: string;
  warehouse: string;
  onHand: number;
  allocated: number;
  onPurchase: number;
  avgCost: number;
}

function unleashedStock(): FileSpec<OnHand> {
  const groups: [string, string[]][] = [
    [
      'Planters',
      ['Terracotta Pot 30cm', 'Glazed Planter Navy 40cm', 'Hanging Basket 14in', 'Window Box 60cm'],
    ],
    ['Garden Tools', ['Hand Trowel Stainless', 'Bypass Secateurs', 'Border Fork', 'Long Handled Loppers']],
    ['Lighting', ['Solar Stake Light 4pk', 'Festoon Lights 10m', 'Lantern Black Metal', 'Wall Light PIR']],
    ['Seeds', ['Tomato Gardeners Delight', 'Sweet Pea Mix', 'Basil Genovese', 'Wildflower Meadow 100g']],
  ];
  const rows: OnHand[] = [];
  for (let n = 0; n < 46; n++) {
    const [group, names] = pick(groups);
    const code = `${group.slice(0, 3).toUpperCase()}${pad(between(1000, 9999), 4)}`;
    const description = pick(names);
    const avgCost = between(1, 38) + between(0, 99) / 100;
    const warehouses = chance(0.45) ? ['MAIN', 'NTH3PL'] : ['MAIN'];
    for (const warehouse of warehouses) {
      const onHand = stockLevel(0.12, 900);
      const allocated = onHand === 0 ? 0 : Math.min(onHand, chance(0.6) ? between(0, 30) : 0);
      rows.push({
        code,
        description,
        group,
        warehouse,
        onHand,
        allocated,
        onPurchase: chance(0.3) ? pick([24, 48, 96, 120, 240]) : 0,
        avgCost,
      });
    }
  }
  return {
    name: 'unleashed-stock-on-hand.xlsx',
    kind: 'inventory',
    writer: 'office-xlsx',
    source:
      'Unleashed Software "List stock on hand" (GET /StockOnHand), as glama.ai/mcp/connectors/io.usefulapi/unleashed-software/tools/unleashed_list_stock_on_hand lists its fields',
    titleRows: [['Stock On Hand'], ['Hartwell Garden Supplies Ltd'], ['As at 03/12/2026 06:00'], []],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'ProductCode', maps: { [ITEM]: 1 }, cell: (r) => r.code },
      { header: 'ProductDescription', cell: (r) => r.description },
      { header: 'ProductGroup', cell: (r) => r.group },
      { header: 'WarehouseCode', cell: (r) => r.warehouse },
      { header: 'QtyOnHand', cell: (r) => String(r.onHand) },
      { header: 'AllocatedQty', cell: (r) => String(r.allocated) },
      { header: 'AvailableQty', maps: { [QTY]: 1 }, cell: (r) => String(r.onHand - r.allocated) },
      { header: 'OnPurchase', cell: (r) => String(r.onPurchase) },
      { header: 'AvgCost', cell: (r) => r.avgCost.toFixed(4) },
      { header: 'TotalCost', cell: (r) => money(r.avgCost * r.onHand) },
    ],
  };
}

// ---------------------------------------------------------------- 6. Walmart Marketplace inventory report (SheetJS XLSX)

interface NodeStock {
  sku: string;
  itemId: string;
  name: string;
  nodeId: string;
  nodeName: string;
  input: number;
  sellable: number;
}

function walmartReport(): FileSpec<NodeStock> {
  const nodes = [
    { id: `7${digits(17)}`, name: 'NJ_Standard' },
    { id: `7${digits(17)}`, name: 'TwoDay_WestCoast' },
    { id: `7${digits(17)}`, name: 'TX_Bulky' },
  ];
  const products = [
    'Cotton Bath Towel Set',
    'Memory Foam Pillow',
    'Microfiber Sheet Set Queen',
    'Blackout Curtain Panel',
    'Throw Blanket Sherpa',
    'Shower Curtain Liner',
    'Weighted Blanket 15lb',
  ];
  const colors = ['Gray', 'White', 'Navy', 'Sage', 'Blush'];
  const rows: NodeStock[] = [];
  for (let n = 0; n < 62; n++) {
    const product = pick(products);
    const color = pick(colors);
    const sku = `HLN-${pad(between(10000, 99999), 5)}-${color.slice(0, 3).toUpperCase()}`;
    const itemId = String(between(100_000_000, 999_999_999));
    const nodeCount = chance(0.5) ? 1 : chance(0.6) ? 2 : 3;
    for (let k = 0; k < nodeCount; k++) {
      const node = nodes[k]!;
      const input = stockLevel(0.12, 520);
      const committed = input === 0 ? 0 : Math.min(input, chance(0.55) ? between(1, 12) : 0);
      rows.push({
        sku,
        itemId,
        name: `${product}, ${color}`,
        nodeId: node.id,
        nodeName: node.name,
        input,
        sellable: input - committed,
      });
    }
  }
  return {
    name: 'walmart-inventory-report.xlsx',
    kind: 'inventory',
    writer: 'sheetjs-xlsx',
    source:
      'Walmart Marketplace developer docs, "Request an inventory report", report field descriptions (developer.walmart.com/us-marketplace/docs/request-an-inventory-report)',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'SKU', maps: { [ITEM]: 1 }, cell: (r) => r.sku },
      { header: 'Item ID', cell: (r) => r.itemId },
      { header: 'Product Name', cell: (r) => r.name },
      { header: 'Ship Node ID', cell: (r) => r.nodeId },
      { header: 'Ship Node Name', cell: (r) => r.nodeName },
      { header: 'Input Quantity', cell: (r) => String(r.input) },
      { header: 'AvailToSell Quantity', maps: { [QTY]: 1 }, cell: (r) => String(r.sellable) },
    ],
  };
}

// ---------------------------------------------------------------- 7. Peoplevox item inventory summary (LibreOffice XLS)

interface WmsItem {
  code: string;
  name: string;
  barcode: string;
  description: string;
  onHand: number;
  allocated: number;
  eoq: number;
  leadTime: string;
  supplierPart: string;
  serial: boolean;
  reorder: number;
}

function peoplevoxSummary(): FileSpec<WmsItem> {
  const ranges: [string, string][] = [
    ['Forever Ink Shield', 'The forever ink shield never dries or fades.'],
    ['A5 Dot Grid Notebook', 'Lay-flat binding, 160 pages, 100gsm paper.'],
    ['Brush Pen Set 12', 'Water based, blendable colours.'],
    ['Washi Tape Pastel 6pk', 'Low tack decorative tape, 15mm.'],
    ['Fountain Pen Medium', 'Steel nib, converter included.'],
    ['Desk Planner Undated', 'Weekly layout, tear-off sheets.'],
    ['Gel Pen 0.5 Black 10pk', 'Quick dry ink, rubber grip.'],
    ['Sketchbook A4 Kraft', '80 sheets, 140gsm.'],
  ];
  const rows: WmsItem[] = [];
  let code = 350 + between(0, 20);
  for (let n = 0; n < 92; n++) {
    code += between(1, 13);
    const [name, description] = pick(ranges);
    const onHand = stockLevel(0.13, 1200);
    const itemCode = pad(code, 6);
    rows.push({
      code: itemCode,
      name: `${name}${chance(0.3) ? ` ${pick(['Blue', 'Black', 'Sage', 'Coral'])}` : ''}`,
      barcode: chance(0.8) ? ean13('50') : itemCode,
      description,
      onHand,
      allocated: onHand === 0 ? 0 : Math.min(onHand, chance(0.65) ? between(1, 40) : 0),
      eoq: pick([0, 0, 50, 100, 144, 250]),
      leadTime: pick(['', '', '5', '10', '14']),
      supplierPart: `FIS${itemCode}`,
      serial: chance(0.04),
      reorder: pick([0, 10, 20, 25, 50]),
    });
  }
  return {
    name: 'peoplevox-item-inventory-summary.xls',
    kind: 'inventory',
    writer: 'office-xls',
    source:
      'Peoplevox "Item inventory summary" report as Zynk documents its fields, "Peoplevox XML Item Inventory Summary" (docs.zynk.com/workflow/developers/peoplevox/snippets/peoplevox-inventory-summary-xml.html) and "Peoplevox XML Inventory" (docs.zynk.com/workflow/developers/peoplevox/inventory-xml.html)',
    titleRows: [['Item inventory summary'], ['Site: PrimarySite'], ['Generated on 03/12/2026 05:45'], []],
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'ItemCode', maps: { [ITEM]: 1 }, cell: (r) => r.code },
      { header: 'ItemName', cell: (r) => r.name },
      { header: 'ItemBarcode', cell: (r) => r.barcode },
      { header: 'Description', cell: (r) => r.description },
      { header: 'OnHand', cell: (r) => String(r.onHand) },
      { header: 'Allocated', cell: (r) => String(r.allocated) },
      { header: 'Available', maps: { [QTY]: 1 }, cell: (r) => String(r.onHand - r.allocated) },
      { header: 'DefaultEconomicOrderQuantity', cell: (r) => String(r.eoq) },
      { header: 'DefaultLeadTime', cell: (r) => r.leadTime },
      { header: 'DefaultSuppliersPartNumber', cell: (r) => r.supplierPart },
      { header: 'HasSerialNumber', cell: (r) => (r.serial ? 'True' : 'False') },
      { header: 'UseManufacturersSerialNumber', cell: () => 'False' },
      { header: 'ReorderPoint', cell: (r) => String(r.reorder) },
    ],
  };
}

// ---------------------------------------------------------------- 8. The Edge jewellery inventory export (SheetJS XLS)

interface Piece {
  key: string;
  vendor: string;
  style: string;
  retail: number;
  current: number | null;
  images: string;
  status: string;
  description: string;
}

function edgeExport(): FileSpec<Piece> {
  const vendors = [
    { id: 'STU', style: () => `R${digits(4)}-${pick(['14KW', '14KY', '18KW', 'PT'])}` },
    { id: 'GAB', style: () => `LR${digits(4)}${pick(['W44JJ', 'Y45JJ', 'W45JJ'])}` },
    { id: 'SIM', style: () => `MR${digits(4)}` },
    { id: 'TAC', style: () => `${digits(4)}-${pick(['1', '2', '3'])}${pick(['W', 'Y', 'R'])}` },
    { id: 'ESM', style: () => `ER${digits(5)}` },
  ];
  const kinds = [
    'Diamond engagement ring',
    'Halo pendant',
    'Tennis bracelet',
    'Stud earrings',
    'Wedding band',
    'Sapphire ring',
  ];
  const rows: Piece[] = [];
  let key = 18_240 + between(0, 200);
  for (let n = 0; n < 80; n++) {
    key += between(1, 35);
    const vendor = pick(vendors);
    const retail = between(9, 180) * 50 - 0.01;
    const status = chance(0.78) ? 'I' : pick(['S', 'M', 'L', 'R']);
    const imageCount = chance(0.2) ? 0 : between(1, 3);
    const images = Array.from(
      { length: imageCount },
      (_, k) => `${key}${k === 0 ? '' : `_${k + 1}`}.jpg`,
    ).join('|');
    rows.push({
      key: String(key),
      vendor: vendor.id,
      style: vendor.style(),
      retail,
      current: chance(0.3) ? Math.round(retail * pick([0.7, 0.8, 0.85])) : null,
      images,
      status,
      description: `${pick(['14K white gold', '14K yellow gold', '18K white gold', 'Platinum', 'Sterling silver'])} ${pick(kinds).toLowerCase()}, ${pick(['0.25', '0.50', '0.75', '1.00', '1.50'])} ctw`,
    });
  }
  return {
    name: 'edge-inventory-export.xls',
    kind: 'inventory',
    writer: 'sheetjs-xls',
    source:
      'The Edge (jewellery retail software) "Data formats" of the website inventory file (docs.edgeuser.com/NetHelp/Documents/dataformats.htm); saved as Excel 97 by the sender',
    unique: null,
    delimiter: null,
    rows,
    columns: [
      { header: 'ItKey', maps: { [ITEM]: 1 }, cell: (r) => r.key },
      { header: 'itVendorId', cell: (r) => r.vendor },
      { header: 'itVendStyleCode', cell: (r) => r.style },
      { header: 'itRetailPrice', cell: (r) => money(r.retail) },
      { header: 'itCurrentPrice', cell: (r) => (r.current === null ? '' : money(r.current)) },
      { header: 'itImage', cell: (r) => r.images },
      { header: 'itStatus', maps: { [STATUS]: 1 }, cell: (r) => r.status },
      { header: 'itDesc', cell: (r) => r.description },
    ],
  };
}

// ---------------------------------------------------------------- build

rmSync(FILES, { recursive: true, force: true });
mkdirSync(FILES, { recursive: true });
const specs = [
  dobaFeed(),
  circularParts(),
  mectronicUpload(),
  neweggFeed(),
  unleashedStock(),
  walmartReport(),
  peoplevoxSummary(),
  edgeExport(),
] as unknown as FileSpec<never>[];
for (const spec of specs) emit(spec);
// Biome's JSON style, so that `npm run lint` passes on a fresh build.
execFileSync(
  path.join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', FILES],
  { stdio: 'ignore' },
);
