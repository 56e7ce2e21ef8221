/**
 * Order tracking grid benchmark: POST /api/order-tracking/list over HTTP at a million orders.
 *
 *   npm run bench:grid
 *
 * Uses the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and a
 * dedicated database `inboxops_bench` on it, seeded with 1,000,000 orders unless it already holds exactly
 * that many. Starts the real app on a loopback port, signs in as an order user and times each case end to
 * end (fetch to 127.0.0.1 → JSON parsed). Every totalRecordCount is checked against a plain count(*).
 * Speed targets are reported as PASS/FAIL but never change the exit code (it is a benchmark, not a
 * test); a wrong count or a failed setup does.
 */
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderListResponse, TOrderListRequest } from '@app/contracts';
import type { Database } from '@app/db';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { percentile, seededBenchDatabase, serverUrl, signInOrderUser } from './bench-support';

const ORDERS = 1_000_000;
const BENCH_DATABASE = 'inboxops_bench';
const WARMUPS = 3;
const RUNS = 50;
/** A case stops early when its timed runs take longer than this (the bench stays bounded). */
const CASE_BUDGET_MS = 30_000;
const TARGET_MS = 100;
const UNFILTERED_TARGET_MS = 30;

interface BenchCase {
  name: string;
  body: TOrderListRequest;
  /** WHERE clause over `orders o` for the reference count(*), written independently of the app's SQL. */
  where: string;
  params: unknown[];
  target: number;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Search terms taken from the seeded data, so that each case searches for something that is there. */
async function chooseCases(database: Database): Promise<BenchCase[]> {
  const [po] = await database.query<{ value: string }>(
    'select customer_po_number as value from orders where id = 424242',
  );
  const [item] = await database.query<{ value: string }>(
    'select item_number as value from orders where id = 313131',
  );
  const [tracking] = await database.query<{ value: string }>(
    `select tracking_number as value from order_tracking_numbers where order_id >= 777777 order by order_id, id limit 1`,
  );
  const poFragment = po!.value.slice(-5); // 5 digits of a PO such as PO-2026-124242
  const itemFragment = item!.value.replace(/\D/g, '').slice(-5); // an item number fragment, leading zeros kept
  const trackingFragment = tracking!.value.slice(4, 12); // 8 characters from the middle of a tracking number
  const [total] = await database.query<{ n: number }>(
    'select count(*)::int as n from orders where not deleted_status',
  );
  const lastPage = Math.ceil(total!.n / 250);

  const contains = (column: string) => `o.${column} ilike $1`;
  const trackingMatch = (placeholder: string) =>
    `exists (select 1 from order_tracking_numbers t where t.order_id = o.id and t.tracking_number ilike ${placeholder})`;
  return [
    { name: 'no filter, page 1', body: {}, where: 'true', params: [], target: UNFILTERED_TARGET_MS },
    {
      name: `PO number contains "${poFragment}"`,
      body: { PoNumberParam: poFragment },
      where: contains('customer_po_number'),
      params: [like(poFragment)],
      target: TARGET_MS,
    },
    {
      name: `item number contains "${itemFragment}"`,
      body: { ItemNumberParam: itemFragment },
      where: contains('item_number'),
      params: [like(itemFragment)],
      target: TARGET_MS,
    },
    {
      name: 'ship-to name contains "Johnson"',
      body: { ShipToNameParam: 'Johnson' },
      where: contains('ship_to_name'),
      params: [like('Johnson')],
      target: TARGET_MS,
    },
    {
      name: 'supplier name contains "Fastenal"',
      body: { SupplierNameParam: 'Fastenal' },
      where: contains('supplier_name'),
      params: [like('Fastenal')],
      target: TARGET_MS,
    },
    {
      name: 'brand name contains "Weber"',
      body: { BrandNameParam: 'Weber' },
      where: contains('brand_name'),
      params: [like('Weber')],
      target: TARGET_MS,
    },
    {
      name: `tracking number contains "${trackingFragment}"`,
      body: { TrackingNumberParam: trackingFragment },
      where: trackingMatch('$1'),
      params: [like(trackingFragment)],
      target: TARGET_MS,
    },
    {
      name: 'AND: ship-to "Johnson", supplier "Keystone", brand "Bosch"',
      body: {
        ShipToNameParam: 'Johnson',
        SupplierNameParam: 'Keystone',
        BrandNameParam: 'Bosch',
        AndOrParam: true,
      },
      where: 'o.ship_to_name ilike $1 and o.supplier_name ilike $2 and o.brand_name ilike $3',
      params: [like('Johnson'), like('Keystone'), like('Bosch')],
      target: TARGET_MS,
    },
    {
      name: 'OR: ship-to "Johnson", supplier "Fastenal", brand "Weber"',
      body: {
        ShipToNameParam: 'Johnson',
        SupplierNameParam: 'Fastenal',
        BrandNameParam: 'Weber',
        AndOrParam: false,
      },
      where: 'o.ship_to_name ilike $1 or o.supplier_name ilike $2 or o.brand_name ilike $3',
      params: [like('Johnson'), like('Fastenal'), like('Weber')],
      target: TARGET_MS,
    },
    {
      name: 'sort: supplier asc, order date desc',
      body: { SortParams: { supplierName: true, orderDate: false } },
      where: 'true',
      params: [],
      target: TARGET_MS,
    },
    {
      name: `last page (${lastPage}) at size 250`,
      body: { PageSize: 250, PageIndex: lastPage },
      where: 'true',
      params: [],
      target: TARGET_MS,
    },
  ];
}

async function main() {
  const started = performance.now();
  const server = serverUrl();
  const database = await seededBenchDatabase(server, BENCH_DATABASE, ORDERS);
  const [settings] = await database.query<{ version: string; shared_buffers: string }>(
    `select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers`,
  );
  const config = loadConfig({
    DATABASE_URL: database.connectionString!,
    APP_SECRET_KEY: randomBytes(32).toString('base64url'),
    DATA_DIR: path.join(tmpdir(), 'inbox-ops-bench'),
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ database, config, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let failed = false;
  try {
    const cookie = await signInOrderUser(database, address);
    const cases = await chooseCases(database);
    const list = async (body: TOrderListRequest): Promise<OrderListResponse> => {
      const response = await fetch(`${address}/api/order-tracking/list`, {
        method: 'POST',
        // A signed-in write (the list is a POST) must name the app's origin, as a browser does.
        headers: { 'content-type': 'application/json', cookie, origin: address },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      if (response.status !== 200)
        throw new Error(`list answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as OrderListResponse;
    };

    console.log(
      `\nPostgreSQL ${settings?.version} (shared_buffers ${settings?.shared_buffers}), Node ${process.version}, ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}; ${WARMUPS} warm-ups and up to ${RUNS} timed requests per case\n`,
    );
    const rows: string[][] = [];
    for (const benchCase of cases) {
      for (let i = 0; i < WARMUPS; i += 1) await list(benchCase.body);
      const times: number[] = [];
      let answer: OrderListResponse | undefined;
      const caseStarted = performance.now();
      while (times.length < RUNS && performance.now() - caseStarted < CASE_BUDGET_MS) {
        const t0 = performance.now();
        answer = await list(benchCase.body);
        times.push(performance.now() - t0);
      }
      const [reference] = await database.query<{ n: number }>(
        `select count(*)::int as n from orders o where o.deleted_status = false and (${benchCase.where})`,
        benchCase.params,
      );
      const exact = reference?.n === answer!.totalRecordCount;
      if (!exact) failed = true;
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      rows.push([
        benchCase.name,
        answer!.totalRecordCount.toLocaleString('en-US'),
        exact ? 'exact' : `WRONG (count(*) = ${reference?.n})`,
        String(answer!.orders.length),
        String(times.length),
        p50.toFixed(1),
        p95.toFixed(1),
        `< ${benchCase.target}`,
        p95 < benchCase.target ? 'PASS' : 'FAIL',
      ]);
    }
    // The rows as well as the counts: page 1 and the last page against plain SQL.
    const firstPage = await list({});
    const expectedFirst = await database.query<{ id: string }>(
      'select id from orders where deleted_status = false order by last_updated desc, id desc limit 10',
    );
    const lastCase = cases[cases.length - 1]!;
    const lastPage = await list(lastCase.body);
    const expectedLast = await database.query<{ id: string }>(
      `select id from orders where deleted_status = false order by last_updated desc, id desc
       offset ${(Number(lastCase.body.PageIndex) - 1) * 250} limit 250`,
    );
    const same = (got: OrderListResponse, expected: Array<{ id: string }>) =>
      JSON.stringify(got.orders.map((order) => order.id)) ===
      JSON.stringify(expected.map((row) => Number(row.id)));
    const rowsRight = same(firstPage, expectedFirst) && same(lastPage, expectedLast);
    if (!rowsRight) failed = true;

    const header = [
      'case',
      'totalRecordCount',
      'count check',
      'rows',
      'runs',
      'p50 ms',
      'p95 ms',
      'target p95',
      '',
    ];
    const widths = header.map((title, column) =>
      Math.max(title.length, ...rows.map((row) => row[column]!.length)),
    );
    const line = (cells: string[]) =>
      `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    const passed = rows.filter((row) => row[8] === 'PASS').length;
    console.log(
      `\nspeed: ${passed}/${rows.length} cases within target; counts: ${rows.every((row) => row[2] === 'exact') ? 'all exact' : 'SOME WRONG'}; ` +
        `rows of page 1 and of the last page: ${rowsRight ? 'as plain SQL' : 'DIFFERENT from plain SQL'}; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
    );
  } finally {
    await app.close();
    await database.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
