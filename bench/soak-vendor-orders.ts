/**
 * The soak's order submission traffic (docs/behaviour/order-submission.md#sending-exactly-once): a
 * submission source on the first mailbox, vendors that send from an e-mail source whose outgoing server is
 * the soak's SMTP catcher, order e-mails carrying lines for several vendors, and at the end, per vendor
 * batch (a batch's lines for one vendor), how many e-mails the catcher received with its Message-ID: each
 * must be exactly one.
 */
import { randomBytes } from 'node:crypto';
import { ZOrderVendorSourceSchema } from '@app/contracts';
import { type DbOrTx, schema } from '@app/db';
import { sql } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SecretBox } from '../apps/server/src/lib/secrets';
import { validate } from '../apps/server/src/lib/validate';
import { SYSTEM_ACTOR } from '../apps/server/src/modules/audit/record-audit';
import { sealMailboxSecret } from '../apps/server/src/modules/email-sources/source-connection';
import { saveOrderVendorSource } from '../apps/server/src/modules/vendors/service';
import type { CaughtMail } from '../test-servers/smtp-catcher';

const ORDERS_FROM = 'orders@channel.example';
const ORDERS_SUBJECT = 'Daily orders';
export const VENDORS = ['Acme Supply', 'Globex Parts', 'Initech Goods'];
/** Every how many appended messages an order e-mail goes to the first mailbox besides. */
export const ORDER_EVERY = 10;

/** The submission source on `mailboxSourceId` and the vendors, sending through `relay`. */
export async function setUpVendorOrders(
  db: DbOrTx,
  secrets: SecretBox,
  mailboxSourceId: number,
  relay: { host: string; port: number; user: string; password: string },
): Promise<void> {
  const sender = {
    username: relay.user,
    email: 'purchasing@shop.example',
    incomingServer: '',
    incomingPort: null,
    outgoingServer: relay.host,
    outgoingPort: relay.port,
    ssl: false,
    isMsal: false,
    msalClientId: '',
    msalTenantId: '',
  };
  const [sendFrom] = await db
    .insert(schema.emailSources)
    .values({ ...sender, passwordEncrypted: sealMailboxSecret(secrets, sender, relay.password) })
    .returning();
  const [source] = await db
    .insert(schema.orderSubmissionSources)
    .values({
      sourceName: 'Soak sales channel',
      emailSourceId: mailboxSourceId,
      fromEmail: ORDERS_FROM,
      subjectValue: ORDERS_SUBJECT,
      fileType: '.csv',
      attachmentName: 'orders_*.csv',
      expectedAttachmentCount: 1,
      expectedNumberOfBatchEmails: 1,
    })
    .returning();
  for (const name of VENDORS) {
    await saveOrderVendorSource(
      db,
      validate(ZOrderVendorSourceSchema, {
        id: 0,
        orderSubmissionSourceId: source!.id,
        sendFromEmailSourceModelId: sendFrom!.id,
        vendorNameFromFile: name,
        submitEmails: `${name.toLowerCase().replace(/[^a-z]+/g, '')}@vendor.example`,
        submitEmailSubjectLine: 'Purchase order {poNumbers}',
        submitEmailBodyText: 'Please find our order attached.',
        submitFileHeaderRowIndex: 0,
      }),
      SYSTEM_ACTOR,
    );
  }
}

/** The order e-mail sent beside the `index`-th message: one line for each of two or three vendors. */
export function orderMessage(index: number): Promise<Buffer> {
  // Of every four order e-mails, three leave one vendor out and one has all three.
  const left = Math.floor(index / ORDER_EVERY) % (VENDORS.length + 1);
  const vendors = VENDORS.filter((_, at) => at !== left);
  const rows = vendors.map(
    (vendor, at) => `${vendor},${index}${at},Customer ${index},1 Main Street,Boston,MA,02134,Widget,1`,
  );
  return new MailComposer({
    from: ORDERS_FROM,
    to: 'intake@shop.example',
    subject: ORDERS_SUBJECT,
    messageId: `<soak-order-${index}-${randomBytes(4).toString('hex')}@soak.example>`,
    text: 'Orders attached.',
    attachments: [
      {
        filename: `orders_${index}.csv`,
        content: `Vendor,PO,Ship To Name,Address,City,State,Zip,Item,Qty\r\n${rows.join('\r\n')}\r\n`,
      },
    ],
  })
    .compile()
    .build();
}

export const isVendorMail = (mail: CaughtMail) =>
  (mail.parsed.messageId ?? '').startsWith('<purchase-order.');

export interface VendorBatchCount {
  batchId: number;
  vendorId: number;
  /** E-mails the catcher received with the Message-ID of the run that took the lines; 0 when none did. */
  emails: number;
}

/** Per vendor batch, the e-mails received for it. */
export async function vendorBatchCounts(
  db: DbOrTx,
  caught: readonly CaughtMail[],
): Promise<VendorBatchCount[]> {
  const rows = rowsOf<{ batch_id: number; vendor_id: number; message_ids: Array<string | null> }>(
    await db.execute(sql`
      select l.batch_id, l.vendor_id, array_agg(distinct r.details->>'messageId') as message_ids
      from submission_vendor_lines l left join runs r on r.id = l.run_id
      group by l.batch_id, l.vendor_id order by l.batch_id, l.vendor_id`),
  );
  const received = new Map<string, number>();
  for (const mail of caught.filter(isVendorMail)) {
    const id = mail.parsed.messageId!;
    received.set(id, (received.get(id) ?? 0) + 1);
  }
  return rows.map((row) => {
    const ids = row.message_ids.filter((id): id is string => id !== null);
    // A batch's lines for one vendor travel in one e-mail (per account number: one here).
    const emails = ids.length === 0 ? 0 : ids.reduce((sum, id) => sum + (received.get(id) ?? 0), 0);
    return { batchId: row.batch_id, vendorId: row.vendor_id, emails };
  });
}

/**
 * Vendor work not finished, one line each: lines waiting, runs still running (with their hand-over), open order
 * e-mails. None means every vendor line has been taken by a run that has finished.
 */
export async function vendorWorkOpen(db: DbOrTx): Promise<string[]> {
  const lines = rowsOf<{
    batch_id: number;
    vendor_id: number;
    run_id: number | null;
    status: string | null;
    handover: string | null;
    started_at: Date | null;
  }>(
    await db.execute(sql`
      select l.batch_id, l.vendor_id, l.run_id, r.status, r.details->>'handover' as handover, r.started_at
      from submission_vendor_lines l left join runs r on r.id = l.run_id
      where l.run_id is null or r.status = 'running'
      group by 1, 2, 3, 4, 5, 6 order by 1, 2`),
  );
  const emails = rowsOf<{ id: number; status: string }>(
    await db.execute(
      sql`select id, status from submission_order_emails where status in ('waiting', 'processing', 'ready') order by id`,
    ),
  );
  return [
    ...lines.map((line) =>
      line.run_id === null
        ? `batch ${line.batch_id} vendor ${line.vendor_id}: lines waiting for a run`
        : `batch ${line.batch_id} vendor ${line.vendor_id}: run ${line.run_id} running since ${new Date(line.started_at!).toISOString()}, hand-over ${line.handover ?? 'not recorded'}`,
    ),
    ...emails.map((email) => `order e-mail ${email.id}: ${email.status}`),
  ];
}

/** The table's row and the verdict line. */
export function vendorBatchReport(counts: readonly VendorBatchCount[]): {
  row: [string, string];
  verdict: string;
  ok: boolean;
} {
  const byCount = new Map<number, number>();
  for (const entry of counts) byCount.set(entry.emails, (byCount.get(entry.emails) ?? 0) + 1);
  const notOnce = counts.filter((entry) => entry.emails !== 1);
  const spread = [...byCount]
    .sort(([a], [b]) => a - b)
    .map(([emails, batches]) => `${batches} with ${emails} e-mail${emails === 1 ? '' : 's'}`)
    .join(', ');
  const listed = notOnce
    .slice(0, 5)
    .map((entry) => `batch ${entry.batchId} vendor ${entry.vendorId}: ${entry.emails}`)
    .join('; ');
  return {
    row: [
      'e-mails per vendor batch (must be 1)',
      counts.length === 0 ? 'no vendor batch' : `${spread}${listed ? ` (${listed})` : ''}`,
    ],
    verdict:
      notOnce.length === 0
        ? `vendor batches: ${counts.length}, each e-mailed exactly once`
        : `vendor batches: ${counts.length}, ${notOnce.length} not e-mailed exactly once`,
    ok: notOnce.length === 0 && counts.length > 0,
  };
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}
