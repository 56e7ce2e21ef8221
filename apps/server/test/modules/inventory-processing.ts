/** Factories and readers for the inventory processing tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InventoryRunDetails, RunTrigger } from '@app/contracts';
import { schema } from '@app/db';
import { asc, eq } from 'drizzle-orm';
import { storeFile } from '../../src/modules/files/stored-files';
import { DAY_MS } from '../../src/modules/inventory-processing/predictive';
import { processInventoryFile } from '../../src/modules/inventory-processing/processor';
import { insertSnapshots } from '../../src/modules/inventory-processing/repository';
import type { InventoryProcessOptions } from '../../src/modules/inventory-processing/run-report';
import type { TestApp } from '../helper';
import { PREDICTIVE_SETTINGS } from '../payloads';

export function fixture(name: string): Buffer {
  return readFileSync(fileURLToPath(new URL(`../fixtures/inventory/${name}`, import.meta.url)));
}

/** The activated items of the fixtures: 8 in supplier-stock.*, Z-999 missing from it. */
export const ACTIVATED = '000123, 004567\n89012,000001,A-100,B-200,C-300,D-400,Z-999';

/** Every activated item with 10 in stock: a supplier file in which nothing is missing or sold out. */
export const ALL_STOCKED: Readonly<Record<string, number>> = Object.fromEntries(
  ACTIVATED.split(/[\s,]+/).map((item) => [item, 10]),
);

/** A source that predicts with PREDICTIVE_SETTINGS and keeps items with at least 5 in stock. */
export const PREDICTIVE_SOURCE = {
  usesPredictiveAlgorithm: true,
  ...PREDICTIVE_SETTINGS,
  minItemsToBeActive: 5,
};

/** Two earlier runs of PREDICTIVE_SOURCE: C-300 12 → 9.5, 004567 a large drop, D-400 seen once. */
export const PREDICTIVE_HISTORY: Array<{ daysAgo: number; quantities: Record<string, number> }> = [
  { daysAgo: 2, quantities: { '000123': 30, 'C-300': 12, '004567': 5000 } },
  { daysAgo: 1, quantities: { '000123': 27.5, 'C-300': 9.5, '004567': 1300, 'D-400': 40 } },
];

type SourceValues = typeof schema.inventorySources.$inferInsert;

let counter = 0;

/**
 * An inventory source reading supplier-stock files (SKU, Description, Qty On Hand, Status) and generating
 * the retailer-feed format (two rows above the header row, header at row index 2).
 */
export async function createInventorySource(
  t: TestApp,
  overrides: Partial<SourceValues> = {},
  sample: { fileName: string; content?: Buffer } = { fileName: 'retailer-feed.xlsx' },
) {
  counter++;
  const [mailbox] = await t.db.db
    .insert(schema.emailSources)
    .values({ username: `stock${counter}`, email: 'stock@retailer.example' })
    .returning();
  const sampleFileId = await storeFile(t.db.db, sample.fileName, sample.content ?? fixture(sample.fileName));
  const [row] = await t.db.db
    .insert(schema.inventorySources)
    .values({
      sourceName: `Acme stock ${counter}`,
      emailSourceId: mailbox!.id,
      fileType: '.csv',
      fromEmail: 'stock@acme.example',
      subjectValue: 'Stock',
      attachmentName: 'stock*',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty On Hand',
      itemStatusColumnName: 'Status',
      sampleFileId,
      userActivatedItemNumbers: ACTIVATED,
      outputFileHasHeader: true,
      outputHeaderRowIndex: 2,
      outputItemNumberColumnName: 'Item Number',
      outputItemStatusColumnName: 'Status',
      outputItemStatusDateColumnName: 'Status Date',
      ...overrides,
    })
    .returning();
  return row!;
}

export function csvFile(rows: string[][]): Buffer {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return Buffer.from(`${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`);
}

export const SUPPLIER_HEADER = ['SKU', 'Description', 'Qty On Hand', 'Status'];

/** A supplier CSV with the given quantities (item → qty), status blank. */
export function stockFile(quantities: Record<string, number | string>): Buffer {
  return csvFile([
    SUPPLIER_HEADER,
    ...Object.entries(quantities).map(([item, qty]) => [item, 'x', String(qty), '']),
  ]);
}

/** Processes a file the way the routes do: in its own transaction. */
export async function processFile(
  t: TestApp,
  sourceId: number,
  file: { fileName: string; content: Buffer },
  options: InventoryProcessOptions & { trigger?: RunTrigger } = {},
) {
  const { trigger = 'manual', ...rest } = options;
  return t.db.db.transaction((tx) =>
    processInventoryFile({ db: tx, context: t.app.context, sourceId, file, trigger }, rest),
  );
}

/** Earlier successful runs with their snapshots: one run per entry, `daysAgo` before `now`. */
export async function seedHistory(
  t: TestApp,
  sourceId: number,
  now: Date,
  entries: Array<{ daysAgo: number; quantities: Record<string, number> }>,
) {
  const runIds: number[] = [];
  for (const entry of entries) {
    const at = new Date(now.getTime() - entry.daysAgo * DAY_MS);
    const [run] = await t.db.db
      .insert(schema.runs)
      .values({
        sourceType: 'inventory',
        sourceId,
        sourceName: 'seeded',
        trigger: 'mail',
        status: 'succeeded',
        startedAt: at,
        finishedAt: at,
      })
      .returning({ id: schema.runs.id });
    await insertSnapshots(
      t.db.db,
      sourceId,
      run!.id,
      at,
      Object.entries(entry.quantities).map(([itemNumber, quantity]) => ({ itemNumber, quantity })),
    );
    runIds.push(run!.id);
  }
  return runIds;
}

export async function runOf(t: TestApp, runId: number) {
  const [row] = await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, runId));
  return { ...row!, details: (row!.details ?? {}) as InventoryRunDetails };
}

export async function statesOf(t: TestApp, sourceId: number) {
  const rows = await t.db.db
    .select()
    .from(schema.inventoryItemStates)
    .where(eq(schema.inventoryItemStates.sourceId, sourceId))
    .orderBy(asc(schema.inventoryItemStates.itemNumber));
  return Object.fromEntries(rows.map((row) => [row.itemNumber, row.status]));
}

export async function snapshotsOf(t: TestApp, runId: number) {
  const rows = await t.db.db
    .select()
    .from(schema.inventoryItemSnapshots)
    .where(eq(schema.inventoryItemSnapshots.runId, runId))
    .orderBy(asc(schema.inventoryItemSnapshots.itemNumber));
  return Object.fromEntries(rows.map((row) => [row.itemNumber, row.quantity]));
}
