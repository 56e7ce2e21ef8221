/**
 * Factories for the inventory delivery, SFTP intake and alert tests: inventory sources (with SFTP settings
 * of a test OpenSSH server), e-mail sources sending through the SMTP catcher, and runs with an output file.
 */
import type { RunDetails, RunStatus, RunTrigger } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { SftpTestServer } from '../../../../test-servers/sftp';
import type { SmtpCatcher } from '../../../../test-servers/smtp-catcher';
import { storeFile } from '../../src/modules/files/stored-files';
import type { RunDeliveryRecord } from '../../src/modules/inventory-delivery/deliver';
import { recordRun } from '../../src/modules/runs/repository';
import { sealedMailboxPassword, sealedSftpPassword, type TestApp } from '../helper';

type InventorySourceInsert = typeof schema.inventorySources.$inferInsert;

let counter = 0;

export async function createInventorySource(t: TestApp, overrides: Partial<InventorySourceInsert> = {}) {
  counter += 1;
  const [row] = await t.db.db
    .insert(schema.inventorySources)
    .values({
      sourceName: `Supplier ${counter}`,
      fileType: '.csv',
      fromEmail: 'stock@supplier.example',
      subjectValue: 'Stock file',
      attachmentName: 'stock_*.csv',
      itemNumberColumnName: 'SKU',
      qtyColumnName: 'Qty',
      ...overrides,
    })
    .returning();
  return row!;
}

/** The SFTP fields of an inventory source for a test server (password encrypted like the editor does). */
export function sftpFields(
  t: TestApp,
  server: Pick<SftpTestServer, 'host' | 'port' | 'username' | 'password'>,
  folders: { inbound?: string; outbound?: string; password?: string } = {},
): Partial<InventorySourceInsert> {
  return {
    sftpServerAddress: server.host,
    sftpPort: server.port,
    sftpUsername: server.username,
    sftpPasswordEncrypted: sealedSftpPassword(
      t,
      { sftpServerAddress: server.host, sftpPort: server.port, sftpUsername: server.username },
      folders.password ?? server.password,
    ),
    sftpInboundFolder: folders.inbound ?? '',
    sftpOutboundFolder: folders.outbound ?? '',
  };
}

/** An e-mail source whose outgoing server is the SMTP catcher (plain SMTP with AUTH, on loopback). */
export async function createSendingEmailSource(
  t: TestApp,
  catcher: Pick<SmtpCatcher, 'host' | 'port' | 'user' | 'password'>,
  overrides: Partial<typeof schema.emailSources.$inferInsert> = {},
) {
  const values = {
    username: catcher.user,
    email: 'inventory@shop.example',
    outgoingServer: catcher.host,
    outgoingPort: catcher.port,
    ssl: false,
    ...overrides,
  };
  const [row] = await t.db.db
    .insert(schema.emailSources)
    .values({ passwordEncrypted: sealedMailboxPassword(t, values, catcher.password), ...values })
    .returning();
  return row!;
}

export interface TestRunInput {
  sourceId: number;
  sourceName?: string;
  trigger?: RunTrigger;
  status?: Exclude<RunStatus, 'running'>;
  output?: { fileName: string; content: Buffer };
  details?: RunDetails;
  message?: string;
  /** Moves the run's start (and finish) to this time. */
  startedAt?: Date;
}

/** A finished inventory run, with its output file stored when given. */
export async function createInventoryRun(t: TestApp, input: TestRunInput): Promise<number> {
  const db = t.db.db;
  const outputFileId = input.output ? await storeFile(db, input.output.fileName, input.output.content) : null;
  const runId = await recordRun(
    db,
    {
      sourceType: 'inventory',
      sourceId: input.sourceId,
      sourceName: input.sourceName ?? 'Supplier',
      trigger: input.trigger ?? 'manual',
      fileName: 'stock.csv',
    },
    {
      status: input.status ?? 'succeeded',
      message: input.message ?? 'Processed 3 items',
      details: input.details ?? {},
      outputFileId,
    },
  );
  if (input.startedAt) {
    await db
      .update(schema.runs)
      .set({ startedAt: input.startedAt, finishedAt: input.startedAt })
      .where(eq(schema.runs.id, runId));
  }
  return runId;
}

export async function runRow(t: TestApp, runId: number) {
  const [row] = await t.db.db.select().from(schema.runs).where(eq(schema.runs.id, runId));
  return row!;
}

/** The notes delivery and SFTP intake add to a run's details. */
export interface RunNotes {
  delivery?: RunDeliveryRecord;
  sftp?: { remotePath: string; movedTo: string | null; moveError?: string };
  counts?: Record<string, number>;
}

export async function deliveryRecord(t: TestApp, runId: number): Promise<RunDeliveryRecord | undefined> {
  return ((await runRow(t, runId)).details as RunNotes | null)?.delivery;
}
