/** The mailbox ledger's rows (docs/behaviour/mail-intake.md#the-mailbox-ledger). */
import type { LedgerOutcome } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { LedgerValues } from './mail-ledger';

const { mailLedgerEntries } = schema;

/** In the poll's transaction, so an entry exists exactly when its inbound_messages row does. */
export async function insertLedgerEntries(tx: DbOrTx, values: LedgerValues[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(mailLedgerEntries).values(values).onConflictDoNothing();
}

/** A ledger entry as the page reads it. */
export type LedgerRow = { id: number } & Omit<LedgerValues, 'emailSourceId' | 'inboundMessageId'>;

export interface LedgerPageQuery {
  emailSourceId: number;
  limit: number;
  /** Keyset: entries strictly older than this (received time, then id). */
  before?: { receivedAt: Date; id: number };
  outcome?: LedgerOutcome;
  /** Part of the sender or the subject, case-insensitive. */
  q?: string;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** One page, newest first, read through (email_source_id[, outcome], received_at DESC, id DESC). */
export async function ledgerPage(db: DbOrTx, query: LedgerPageQuery): Promise<LedgerRow[]> {
  const t = mailLedgerEntries;
  const conditions = [eq(t.emailSourceId, query.emailSourceId)];
  if (query.outcome) conditions.push(eq(t.outcome, query.outcome));
  if (query.before) {
    conditions.push(
      sql`(${t.receivedAt}, ${t.id}) < (${query.before.receivedAt.toISOString()}::timestamptz, ${query.before.id})`,
    );
  }
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(ilike(t.fromAddress, pattern), ilike(t.subject, pattern))!);
  }
  const rows = await db
    .select({
      id: t.id,
      uid: t.uid,
      receivedAt: t.receivedAt,
      fromAddress: t.fromAddress,
      subject: t.subject,
      attachments: t.attachments,
      outcome: t.outcome,
      reason: t.reason,
      evaluations: t.evaluations,
    })
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.receivedAt), desc(t.id))
    .limit(query.limit);
  return rows as LedgerRow[];
}

/** One entry of a mailbox, with the inbound message it stands for. */
export async function ledgerEntryOf(db: DbOrTx, emailSourceId: number, id: number) {
  const t = mailLedgerEntries;
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.emailSourceId, emailSourceId)));
  return row;
}

/** The entry after Offer again: what the current sources decided and the runs they now have. */
export async function updateLedgerEntry(
  tx: DbOrTx,
  id: number,
  values: Pick<
    LedgerValues,
    'fromAddress' | 'subject' | 'attachments' | 'outcome' | 'reason' | 'evaluations'
  >,
): Promise<void> {
  await tx.update(mailLedgerEntries).set(values).where(eq(mailLedgerEntries.id, id));
}

/** One ledger entry of a mailbox with where its message is kept: the stored .eml, else its UID on the server. */
export async function ledgerMessage(db: DbOrTx, emailSourceId: number, entryId: number) {
  const t = mailLedgerEntries;
  const m = schema.inboundMessages;
  const [row] = await db
    .select({
      id: t.id,
      uid: t.uid,
      fromAddress: t.fromAddress,
      subject: t.subject,
      attachments: t.attachments,
      uidValidity: m.uidValidity,
      rawFileId: m.rawFileId,
    })
    .from(t)
    .innerJoin(m, eq(m.id, t.inboundMessageId))
    .where(and(eq(t.emailSourceId, emailSourceId), eq(t.id, entryId)));
  return row;
}
