/**
 * Factories and helpers for the submission engine's tests: submission sources, vendors saved through the
 * vendor service (as the editor saves them), a clock the tests move, order files and templates from the
 * LibreOffice fixtures, and readers for what the SMTP catcher caught.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  type OrderVendorSource,
  type TOrderVendorSource,
  type TVendorAlias,
  ZOrderVendorSourceSchema,
} from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { CaughtMail } from '../../../../test-servers/smtp-catcher';
import type { Clock } from '../../src/context';
import { parseTable } from '../../src/integrations/spreadsheet';
import { validate } from '../../src/lib/validate';
import { SYSTEM_ACTOR } from '../../src/modules/audit/record-audit';
import type { InboundMessageContext } from '../../src/modules/intake/file-processors';
import { orderSubmissionFileProcessor } from '../../src/modules/order-submission/engine/processor';
import { saveOrderVendorSource } from '../../src/modules/vendors/service';
import type { TestApp } from '../helper';

export function fixture(name: string): Buffer {
  return readFileSync(
    fileURLToPath(new URL(`../../src/modules/order-submission/engine/fixtures/${name}`, import.meta.url)),
  );
}

/** A clock the test moves; every "today" of the engine reads it. */
export interface TestClock extends Clock {
  set(at: Date): void;
}

export function useTestClock(t: TestApp, at: Date): TestClock {
  let current = at;
  const clock: TestClock = {
    now: () => new Date(current.getTime()),
    set(next) {
      current = next;
    },
  };
  t.app.context.clock = clock;
  return clock;
}

/** Local time (the engine's days are the server's calendar days). */
export function localTime(day: string, hour = 9, minute = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, hour, minute);
}

let sourceCounter = 0;

export async function createSubmissionSource(
  t: TestApp,
  overrides: Partial<typeof schema.orderSubmissionSources.$inferInsert> = {},
) {
  sourceCounter += 1;
  const [row] = await t.db.db
    .insert(schema.orderSubmissionSources)
    .values({
      sourceName: `Sales channel ${sourceCounter}`,
      fromEmail: 'orders@channel.example',
      subjectValue: 'Daily orders',
      fileType: '.xlsx',
      attachmentName: 'orders_*.xlsx',
      expectedAttachmentCount: 1,
      expectedNumberOfBatchEmails: 1,
      ...overrides,
    })
    .returning();
  return row!;
}

/** The template columns: A 'PO #', B 'Ship To Name', C 'Address', D 'City', E 'ST', F 'Zip', G 'Item', H 'Qty', I 'Account', J 'Notes'. */
export const TEMPLATE_MAPPING = {
  mapPo: 'PO #',
  mapShipTo: 'Ship To Name',
  mapAddress1: 'Address',
  mapCity: 'City',
  mapState: 'ST',
  mapZipCode: 'Zip',
  mapItemDescription: 'Item',
  mapQty: 'Qty',
  mapProvidedAccountNumber: 'Account',
};

/** A vendor saved through the vendor service, as the editor saves it. */
export async function createVendor(
  t: TestApp,
  input: Partial<Omit<TOrderVendorSource, 'vendorSourceAliases'>> & {
    vendorSourceAliases?: Array<Partial<TVendorAlias>>;
    orderSubmissionSourceId: number;
    sendFromEmailSourceModelId: number;
    vendorNameFromFile: string;
    template?: string | null;
  },
): Promise<OrderVendorSource> {
  const { template = 'template.xlsx', ...rest } = input;
  const body = {
    id: 0,
    submitEmails: `${input.vendorNameFromFile.toLowerCase().replace(/[^a-z]+/g, '')}@vendor.example`,
    submitEmailSubjectLine: 'Purchase order {poNumbers}',
    submitEmailBodyText: 'Please find our order attached.',
    submitFileHeaderRowIndex: template ? 1 : 0,
    ...(template
      ? { submitFileTemplate: fixture(template).toString('base64'), submitFileTemplateFileName: template }
      : {}),
    ...(template ? TEMPLATE_MAPPING : {}),
    ...rest,
  };
  return saveOrderVendorSource(t.db.db, validate(ZOrderVendorSourceSchema, body), SYSTEM_ACTOR);
}

/**
 * What mail intake does with a matching order e-mail, without a mailbox: the processor's work in a
 * transaction, then its after-commit work. `skipAfterCommit` stops after the commit, as a crash would.
 */
export async function deliverOrderEmail(
  t: TestApp,
  sourceId: number,
  input: {
    file?: { fileName: string; content: Buffer };
    message?: Partial<InboundMessageContext>;
    skipAfterCommit?: boolean;
  },
) {
  const context = t.app.context;
  const message: InboundMessageContext = {
    subject: 'Daily orders',
    fromAddress: 'orders@channel.example',
    text: 'Orders of the day attached.',
    html: '',
    receivedAt: context.clock.now(),
    rawFileId: null,
    ...input.message,
  };
  const outcome = await t.db.db.transaction((tx) =>
    input.file
      ? orderSubmissionFileProcessor.process({
          db: tx,
          context,
          sourceId,
          file: input.file,
          trigger: 'mail',
          message,
        })
      : orderSubmissionFileProcessor.processMessage({
          db: tx,
          context,
          sourceId,
          trigger: 'mail',
          message,
        }),
  );
  if (!input.skipAfterCommit) await outcome.afterCommit?.();
  return outcome;
}

export function runsOf(t: TestApp, sourceType: 'order-submission' | 'vendor', sourceId: number) {
  return t.db.db
    .select()
    .from(schema.runs)
    .where(and(eq(schema.runs.sourceType, sourceType), eq(schema.runs.sourceId, sourceId)))
    .orderBy(asc(schema.runs.id));
}

/** The spreadsheet attached to a caught e-mail, read back as text rows. */
export function attachedRows(
  mail: ParsedMail,
  extension = /\.xlsx?$/i,
): { fileName: string; rows: string[][] } {
  const attachment = mail.attachments.find((item) => extension.test(item.filename ?? ''));
  if (!attachment) throw new Error(`no spreadsheet attached to "${mail.subject}"`);
  return {
    fileName: attachment.filename!,
    rows: parseTable(attachment.content, { fileName: attachment.filename! }).rows,
  };
}

export function mailTo(messages: readonly CaughtMail[], address: string): CaughtMail[] {
  return messages.filter((message) => message.envelopeTo.includes(address));
}

/** Acme Supply's lines of the order file fixtures, as the template mapping writes them (no static data). */
export const ACME_ROWS = [
  [
    '000123',
    'Maria Lopez',
    '45 Elm Street',
    'Boston',
    'MA',
    '02134',
    'Blue widget, 10 pack (SKU: WID-00100)',
    '2',
  ],
  ['000123', 'Maria Lopez', '45 Elm Street', 'Boston', 'MA', '02134', 'Red gadget (SKU: GAD-00007)', '3'],
  [
    '000789',
    'Chris Park',
    '77 Ocean Ave',
    'Hartford',
    'CT',
    '06103',
    'Blue widget single (SKU: WID-00001)',
    '5',
  ],
];

/** Globex's lines (two spellings of its name in the file). */
export const GLOBEX_ROWS = [
  [
    '004560',
    'John Smith',
    '9 Harbor Road',
    'Portland',
    'ME',
    '04101',
    'Steel bracket large (SKU: BRK-01000)',
    '10',
  ],
  ['004561', 'Ann Lee', '300 Main St', 'Newark', 'NJ', '07102', 'Hinge set (SKU: HNG-00020)', '4'],
];

export const TEMPLATE_HEADER = [
  'PO #',
  'Ship To Name',
  'Address',
  'City',
  'ST',
  'Zip',
  'Item',
  'Qty',
  'Account',
  'Notes',
];
