/**
 * Seeds realistic order tracking data: K order tracking sources (and the e-mail source they read from)
 * and N orders across them, with 0–3 tracking numbers each.
 *
 *   npm run seed:orders -- --count 1000000 [--sources 5]
 *
 * Uses DATABASE_URL, or the embedded PGlite database in DATA_DIR (default ./data) when it is unset, and
 * runs the migrations first. The rows are generated inside the database (generate_series in batches), so
 * a million orders take well under a minute on PostgreSQL. The values are derived from hashes of the row
 * number, so the same run gives the same data.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, type Database, schema } from '@app/db';

export interface SeedOrdersOptions {
  count: number;
  sources?: number;
  /** Rows per INSERT statement. */
  batchSize?: number;
  log?: (line: string) => void;
  /** Aborting stops after the batches under way; the indexes are rebuilt either way. */
  signal?: AbortSignal;
}

export interface SeedOrdersResult {
  sourceIds: number[];
  orders: number;
  trackingNumbers: number;
  seconds: number;
}

const SUPPLIERS = [
  'Keystone Automotive',
  'Essendant',
  'Ingram Micro',
  'TD Synnex',
  'D&H Distributing',
  'Dorman Products',
  'Central Garden & Pet',
  'Spectrum Brands',
  'Grainger Industrial Supply',
  'Fastenal',
  'Uline',
  'S.P. Richards',
  'Emery Jensen Distribution',
  'Orgill',
  'Do it Best',
  'Jensen Distribution',
  'Bradley Caldwell',
  'Phillips Pet Food & Supplies',
  'KeHE Distributors',
  'UNFI',
  'McLane Company',
  'Core-Mark',
  'Turn 5 Supply',
  'Meyer Distributing',
  'Premier Performance',
  'Motorstate Distributing',
  'Transamerican Auto Parts',
  'Petra Industries',
  'Alliance Entertainment',
  'American Hotel Register',
  'Bob Barker Company',
  'Wesco Distribution',
  'Northwind Traders',
  'Summit Supply Co.',
  'Lakeside Wholesale',
  'Pacific Coast Distributors',
  'Great Lakes Supply',
  'Blue Ridge Merchandise',
  'Harbor Freight Wholesale',
  'Continental Commercial Products',
];

const BRANDS = [
  'Bosch',
  'Moen',
  'Delta',
  'Kohler',
  'DeWalt',
  'Milwaukee',
  'Makita',
  'Stanley',
  'Black+Decker',
  'Craftsman',
  'Rubbermaid',
  'Sterilite',
  'Hamilton Beach',
  'Cuisinart',
  'KitchenAid',
  'Oster',
  'Logitech',
  'Anker',
  'Belkin',
  'Samsung',
  'Sony',
  'Philips',
  'Energizer',
  'Duracell',
  'Scotch',
  'Post-it',
  'Sharpie',
  'Avery',
  'Bic',
  'Pilot',
  'Purina',
  'Blue Buffalo',
  'Kong',
  'Nylabone',
  'Weber',
  'Coleman',
  'Yeti',
  'Igloo',
  'Thermos',
  'Contigo',
  'WeatherTech',
  'Husky Liners',
  'K&N',
  'Bilstein',
  'Borla',
  'Flowmaster',
  'Rugged Ridge',
  'Smittybilt',
  'Westin',
  'Lund',
  'Carhartt',
  'Dickies',
  'Wolverine',
  'Timberland Pro',
  'Clorox',
  'Lysol',
  'Seventh Generation',
  'Method',
  'Mrs. Meyers',
  'Honeywell',
  'Lasko',
  'Vornado',
  'Dyson',
  'Shark',
  'Bissell',
  'Hoover',
  'Lodge',
  'OXO',
  'Pyrex',
  'Corelle',
  'Libbey',
  'Zojirushi',
  'Instant Pot',
  'Ninja',
  'Keurig',
  'Mr. Coffee',
  'Brita',
  'PUR',
  'Hydro Flask',
  'Nalgene',
];

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Christopher',
  'Karen',
  'Charles',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Sandra',
  'Mark',
  'Margaret',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Andrew',
  'Emily',
  'Paul',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Melissa',
  'George',
  'Deborah',
  'Timothy',
  'Stephanie',
  'Ronald',
  'Rebecca',
  'Jason',
  'Sharon',
  'Edward',
  'Laura',
  'Jeffrey',
  'Cynthia',
  'Ryan',
  'Dorothy',
  'Jacob',
  'Amy',
  'Gary',
  'Kathleen',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Emma',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Nicole',
  'Scott',
  'Anna',
  'Brandon',
  'Samantha',
];

const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
];

const BUSINESS_WORDS = [
  'Riverside',
  'Lakeview',
  'Summit',
  'Oakwood',
  'Pinecrest',
  'Harbor',
  'Maple',
  'Cedar',
  'Granite',
  'Silver',
  'Northgate',
  'Westfield',
  'Eastside',
  'Brookside',
  'Highland',
  'Valley',
  'Meadow',
  'Sunrise',
  'Evergreen',
  'Bayshore',
  'Hillcrest',
  'Fairview',
  'Greenfield',
  'Stonebridge',
  'Willow',
  'Redwood',
  'Coastal',
  'Prairie',
  'Liberty',
  'Heritage',
];

const BUSINESS_KINDS = [
  'Dental Group',
  'Auto Repair',
  'Hardware',
  'Veterinary Clinic',
  'Elementary School',
  'Property Management',
  'Family Medicine',
  'Landscaping',
  'Construction LLC',
  'Pet Supply',
  'Marine Supply',
  'Fitness Center',
  'Coffee Roasters',
  'Office Park',
  'Storage',
  'Church',
  'Animal Hospital',
  'Tire & Service',
  'Outfitters',
  'Home Center',
];

const NOTES = [
  'Customer called about delivery date',
  'Leave at back door',
  'Replacement for damaged item',
  'Expedite - customer waiting',
  'Address corrected by customer service',
  'Partial shipment approved',
  'Supplier confirmed backorder',
  'Refund issued for missing unit',
];

const SALES_CHANNELS = [
  'Shopify',
  'Amazon',
  'eBay',
  'Walmart Marketplace',
  'Phone Order',
  'Wholesale Portal',
];

const SOURCE_NAMES = [
  'Keystone Shipment Confirmations',
  'Essendant Daily Tracking',
  'Ingram Micro ASN',
  'Distributor Tracking Feed',
  'Dropship Carrier Updates',
  'Warehouse Ship Notices',
  'Supplier Portal Export',
  'Freight Tracking Report',
];

/** A deterministic non-negative pseudo-random integer for row `g` and stream `k` (expression text). */
const h = (row: string, k: number) => `(hashint8extended(${row}, ${k}) & 2147483647)::int`;

/**
 * Orders are generated by lines of one PO: `po` (2–3 lines share a PO, its date, ship-to and customer)
 * and `g` (the line: supplier, brand, item, status, carrier).
 */
const ORDER_INSERT_SQL = `
insert into orders (
  order_tracking_source_id, unique_key, account_number, brand_name, customer_name, customer_number,
  customer_po_number, document_number, estimated_arrival_date, item_number, item_status, line_status, notes,
  order_date, po_date, qty, qty_fulfilled, ship_to_name, shipped_date, supplier_name, supplier_order_status,
  shipping_company, wildcard1, wildcard2, last_updated, created_at
)
with base as (
  select g, (g * 2) / 5 as po
  from generate_series($1::bigint, $2::bigint) as g
), picks as materialized (
  select b.*,
    -- suppliers are skewed (the first ones ship far more lines), as in real drop-ship catalogues
    floor(array_length($4::text[], 1) * power(${h('g', 1)} / 2147483648.0, 1.6))::int as s,
    ${h('po', 2)} % 90 as age,
    ${h('po', 3)} % 100 as ship_to_kind,
    ${h('g', 4)} % 100 as ship_roll,
    ${h('g', 5)} % 100 as carrier_roll
  from base b
), shaped as materialized (
  select p.*,
    (current_date - age) as order_day,
    (age >= 2 and ship_roll < 88) or (age = 1 and ship_roll < 30) as shipped,
    case when ship_to_kind < 72
      then ($6::text[])[1 + ${h('po', 6)} % array_length($6::text[], 1)] || ' ' || ($7::text[])[1 + ${h('po', 7)} % array_length($7::text[], 1)]
      else ($8::text[])[1 + ${h('po', 8)} % array_length($8::text[], 1)] || ' ' || ($9::text[])[1 + ${h('po', 9)} % array_length($9::text[], 1)]
    end as ship_to
  from picks p
), dated as materialized (
  select d.*,
    case when shipped then least(current_date, order_day + 1 + ${h('g', 10)} % 4) end as ship_day,
    case when shipped then
      case when carrier_roll < 45 then 'UPS' when carrier_roll < 75 then 'FedEx'
           when carrier_roll < 90 then 'USPS' else 'Amazon Logistics' end
    end as carrier
  from shaped d
)
select
  ($12::int[])[1 + s % array_length($12::int[], 1)],
  'seed-' || $3::text || '-' || g,
  'ACCT-' || lpad((10000 + s * 137)::text, 5, '0'),
  ($5::text[])[1 + (s * 2 + ${h('g', 11)} % 4) % array_length($5::text[], 1)],
  case when ship_to_kind < 72 then ship_to
       else ($6::text[])[1 + ${h('po', 12)} % array_length($6::text[], 1)] || ' ' || ($7::text[])[1 + ${h('po', 13)} % array_length($7::text[], 1)]
  end,
  'C' || lpad((${h('po', 14)} % 250000)::text, 6, '0'),
  'PO-' || to_char(order_day, 'YYYY') || '-' || lpad(((po + 1200) % 1000000)::text, 6, '0'),
  'SO' || lpad((po % 10000000)::text, 7, '0'),
  case when shipped then ship_day + 2 + ${h('g', 15)} % 5 else order_day + 5 + ${h('g', 15)} % 6 end,
  case ${h('g', 16)} % 4
    when 0 then 'SKU-' || lpad((s * 3000 + ${h('g', 17)} % 3000)::text, 6, '0')
    when 1 then lpad((s * 3000 + ${h('g', 17)} % 3000)::text, 7, '0') || '-' || (array['S', 'M', 'L', 'XL'])[1 + ${h('g', 18)} % 4]
    else lpad((s * 3000 + ${h('g', 17)} % 3000)::text, 8, '0')
  end,
  case when ${h('g', 19)} % 100 < 85 then 'In Stock' when ${h('g', 19)} % 100 < 96 then 'Backordered' else 'Discontinued' end,
  case when shipped then (array['Shipped', 'Shipped', 'Shipped', 'Delivered', 'Invoiced'])[1 + ${h('g', 20)} % 5]
       when ship_roll > 97 then 'Cancelled'
       else (array['Open', 'Processing', 'Backordered'])[1 + ${h('g', 20)} % 3] end,
  case when ${h('g', 21)} % 100 < 3 then ($10::text[])[1 + ${h('g', 22)} % array_length($10::text[], 1)] end,
  order_day,
  order_day - ${h('po', 23)} % 3,
  qty,
  case when shipped then qty else 0 end,
  ship_to,
  ship_day,
  ($4::text[])[1 + s],
  case when shipped then 'Shipped' when ship_roll > 97 then 'Cancelled'
       else (array['Acknowledged', 'Pending', 'In Process'])[1 + ${h('g', 24)} % 3] end,
  carrier,
  ($11::text[])[1 + ${h('po', 25)} % array_length($11::text[], 1)],
  case when ${h('g', 26)} % 100 < 5 then 'Rush' end,
  least(now(), coalesce(ship_day, order_day)::timestamptz + make_interval(secs => 6 * 3600 + ${h('g', 27)} % 50000)),
  order_day::timestamptz + make_interval(secs => 6 * 3600 + ${h('g', 28)} % 20000)
from dated
cross join lateral (select 1 + (${h('g', 29)} % 100) / 55 + (${h('g', 30)} % 100) / 90 as qty) q
returning id, shipping_company, shipped_date is not null as shipped, ${h('id', 31)} % 100 as count_roll
`;

/** 0–3 tracking numbers per shipped line, shaped like the carrier's: 1Z… (UPS), 12 digits (FedEx), 9400… (USPS), TBA… (Amazon). */
export const SEED_BATCH_SQL = `
with inserted as (${ORDER_INSERT_SQL}), numbers as (
insert into order_tracking_numbers (order_id, tracking_number)
select i.id,
  case i.shipping_company
    when 'UPS' then '1Z' || upper(substr(md5((i.id % 997)::text), 1, 4)) || (array['A1', 'E2', 'X4', 'W7'])[1 + ${h('i.id', 32)} % 4]
      || (array['01', '02', '03', '12'])[1 + ${h('i.id', 33)} % 4] || lpad((${h('i.id * 4 + n', 34)} % 10000000)::text, 7, '0') || (${h('i.id * 4 + n', 35)} % 10)
    when 'FedEx' then lpad((${h('i.id * 4 + n', 36)} % 1000000)::text, 6, '0') || lpad((${h('i.id * 4 + n', 37)} % 1000000)::text, 6, '0')
    when 'USPS' then '9400' || lpad((${h('i.id * 4 + n', 38)} % 1000000)::text, 6, '0') || lpad((${h('i.id * 4 + n', 39)} % 1000000)::text, 6, '0')
      || lpad((${h('i.id * 4 + n', 40)} % 1000000)::text, 6, '0')
    else 'TBA' || lpad((${h('i.id * 4 + n', 41)} % 1000000)::text, 6, '0') || lpad((${h('i.id * 4 + n', 42)} % 1000000)::text, 6, '0')
  end
from inserted i
cross join lateral generate_series(1, case when not i.shipped then 0 when i.count_roll < 75 then 1 when i.count_roll < 93 then 2 else 3 end) as n
on conflict do nothing
returning 1
)
select (select count(*) from inserted)::int as orders, (select count(*) from numbers)::int as numbers
`;

export async function seedOrders(database: Database, options: SeedOrdersOptions): Promise<SeedOrdersResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const sourceCount = options.sources ?? 5;
  const batchSize = options.batchSize ?? 50_000;
  const { db } = database;

  const [mailbox] = await db
    .insert(schema.emailSources)
    .values({
      username: 'tracking@orders.example.com',
      email: 'tracking@orders.example.com',
      incomingServer: 'imap.example.com',
      outgoingServer: 'smtp.example.com',
      incomingPort: 993,
      outgoingPort: 587,
    })
    .returning({ id: schema.emailSources.id });
  const sources = await db
    .insert(schema.orderTrackingSources)
    .values(
      Array.from({ length: sourceCount }, (_, index) => {
        const base = SOURCE_NAMES[index % SOURCE_NAMES.length]!;
        const round = Math.floor(index / SOURCE_NAMES.length);
        return {
          sourceName: round ? `${base} ${round + 1}` : base,
          emailSourceId: mailbox!.id,
          fileType: '.csv',
          fromEmail: `shipments${index + 1}@supplier.example.com`,
          subjectValue: 'Shipment Confirmation',
          containsNotExact: true,
          attachmentName: 'tracking*.csv',
          uniqueColumn: 'DocumentNumber',
          secondaryDelimiter: ';',
          columnMapping: {
            customerPoNumber: 'PO Number',
            itemNumber: 'Item',
            shipToName: 'Ship To',
            trackingNumbers: 'Tracking',
            shippedDate: 'Ship Date',
            shippingCompany: 'Carrier',
          },
        };
      }),
    )
    .returning({ id: schema.orderTrackingSources.id });
  const sourceIds = sources.map((source) => source.id);
  log(
    `created e-mail source ${mailbox!.id} and ${sourceIds.length} order tracking sources (${sourceIds.join(', ')})`,
  );

  const arrays = [
    SUPPLIERS,
    BRANDS,
    FIRST_NAMES,
    LAST_NAMES,
    BUSINESS_WORDS,
    BUSINESS_KINDS,
    NOTES,
    SALES_CHANNELS,
    sourceIds,
  ];
  // Row numbers continue after what is there, so a second run adds orders with new PO numbers; the run tag
  // keeps the unique keys apart whatever the ids.
  const [state] = await database.query<{ next: number; existing: number }>(
    'select (coalesce(max(id), 0) + 1)::int as next, count(*)::int as existing from orders',
  );
  const next = state?.next ?? 1;
  const runTag = Date.now().toString(36);
  const batches: Array<[number, number]> = [];
  for (let from = 0; from < options.count; from += batchSize) {
    batches.push([next + from, next + Math.min(options.count, from + batchSize) - 1]);
  }
  // PostgreSQL works on two connections at once (generation, inserts and index builds are CPU-bound in
  // the server); PGlite has a single connection.
  const workers = database.kind === 'postgres' ? 2 : 1;
  // Building an index once is several times faster than updating it row by row: for a bulk load the
  // secondary (non-unique) indexes of both tables are dropped first and rebuilt at the end, also when a
  // batch fails or the run is interrupted.
  const bulk = options.count >= 50_000 && options.count >= (state?.existing ?? 0);
  const deferred = bulk ? await dropSecondaryIndexes(database, log) : [];
  let trackingNumbers = 0;
  let done = 0;
  try {
    await inParallel(database, workers, batches, async (query, [first, last]) => {
      if (options.signal?.aborted) throw new Error('seeding interrupted');
      const rows = await query<{ orders: number; numbers: number }>(SEED_BATCH_SQL, [
        first,
        last,
        runTag,
        ...arrays,
      ]);
      trackingNumbers += rows[0]?.numbers ?? 0;
      done += last - first + 1;
      log(`  orders ${done.toLocaleString('en-US')} / ${options.count.toLocaleString('en-US')}`);
    });
  } finally {
    if (deferred.length > 0) await rebuildIndexes(database, workers, deferred, log);
  }
  // Fresh statistics, and (on PostgreSQL) the visibility map that index-only scans rely on.
  const maintenance = database.kind === 'postgres' ? 'vacuum analyze' : 'analyze';
  await inParallel(database, workers, ['orders', 'order_tracking_numbers'], (query, table) =>
    query(`${maintenance} ${table}`),
  );
  const seconds = (performance.now() - started) / 1000;
  log(
    `seeded ${options.count.toLocaleString('en-US')} orders with ${trackingNumbers.toLocaleString('en-US')} tracking numbers in ${seconds.toFixed(1)} s`,
  );
  return { sourceIds, orders: options.count, trackingNumbers, seconds };
}

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * Drops the non-unique indexes of orders and order_tracking_numbers and returns their definitions. They
 * are also written to a file first, so that a run killed before the rebuild can be repaired with psql -f.
 */
async function dropSecondaryIndexes(database: Database, log: (line: string) => void) {
  const indexes = await database.query<IndexDefinition>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid in ('orders'::regclass, 'order_tracking_numbers'::regclass)
        and not i.indisunique and not i.indisprimary`,
  );
  if (indexes.length === 0) return indexes;
  const file = path.join(tmpdir(), 'inbox-ops-seed-orders-indexes.sql');
  writeFileSync(file, `${indexes.map((index) => `${index.definition};`).join('\n')}\n`);
  log(
    `dropping ${indexes.length} secondary indexes for the bulk load (rebuilt at the end; saved in ${file})`,
  );
  for (const index of indexes) await database.query(`drop index if exists ${index.name}`);
  return indexes;
}

async function rebuildIndexes(
  database: Database,
  workers: number,
  indexes: IndexDefinition[],
  log: (line: string) => void,
) {
  const started = performance.now();
  // Trigram (GIN) builds take longest: start them first so the two connections finish together.
  const ordered = [...indexes].sort(
    (a, b) => Number(b.definition.includes('gin')) - Number(a.definition.includes('gin')),
  );
  await inParallel(database, workers, ordered, async (query, index) => {
    if (database.kind === 'postgres') await query("set maintenance_work_mem = '512MB'");
    await query(index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
  });
  rmSync(path.join(tmpdir(), 'inbox-ops-seed-orders-indexes.sql'), { force: true });
  log(`rebuilt ${indexes.length} indexes in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `work` for each item, `workers` at a time, each worker on its own connection. */
async function inParallel<T>(
  database: Database,
  workers: number,
  items: T[],
  work: (query: Query, item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items];
  const worker = async (query: Query) => {
    try {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(query, item);
    } catch (error) {
      queue.length = 0; // the other workers stop after their current item
      throw error;
    }
  };
  if (database.pglite) {
    const { pglite } = database;
    await worker(async (text, params) => (await pglite.query(text, params)).rows as never);
    return;
  }
  const clients = await Promise.all(Array.from({ length: workers }, () => database.pool!.connect()));
  try {
    const results = await Promise.allSettled(
      clients.map((client) => worker(async (text, params) => (await client.query(text, params)).rows)),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    for (const client of clients) client.release();
  }
}

function parseArgs(argv: string[]): { count: number; sources: number } {
  const read = (name: string, fallback?: number): number => {
    const index = argv.indexOf(`--${name}`);
    const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
    const text = inline ? inline.slice(name.length + 3) : index >= 0 ? argv[index + 1] : undefined;
    if (text === undefined) {
      if (fallback === undefined) throw new Error(`--${name} is required`);
      return fallback;
    }
    const value = Number(text.replaceAll('_', ''));
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number, got "${text}"`);
    return value;
  };
  const count = read('count');
  const sources = read('sources', 5);
  if (sources < 1 || sources > 1000) throw new Error('--sources must be between 1 and 1000');
  return { count, sources };
}

async function main() {
  let args: { count: number; sources: number };
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\nusage: npm run seed:orders -- --count N [--sources K]`);
    process.exit(2);
  }
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.join(path.resolve(process.env.DATA_DIR || './data'), 'pglite');
  const database = await createDatabase({ url, dataDir });
  try {
    console.log(
      url ? `database: PostgreSQL (${new URL(url).pathname.slice(1)})` : `database: PGlite in ${dataDir}`,
    );
    await database.migrate();
    console.log('migrations: up to date');
    const controller = new AbortController();
    process.once('SIGINT', () => {
      console.log('interrupted: finishing the batches under way and rebuilding the indexes…');
      controller.abort();
    });
    await seedOrders(database, { ...args, signal: controller.signal, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
