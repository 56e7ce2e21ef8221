/**
 * The mailbox ledger page (docs/behaviour/mail-intake.md#the-mailbox-ledger): the messages of one e-mail source,
 * newest first, with a keyset cursor. A user sees a source's evaluation only for the source types whose
 * flag they hold; admins see all.
 */
import type { LedgerPage, LedgerQuery, MailSourceType } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/session';
import { hasFlag, type UserFlag } from '../../plugins/session';
import { ledgerPage } from '../intake/mail-ledger-repository';
import { findEmailSourceById } from './repository';

const FLAG_OF: Record<MailSourceType, UserFlag> = {
  'order-tracking': 'orderUser',
  inventory: 'inventoryUser',
  'order-submission': 'submissionUser',
};

function decodeCursor(cursor: string | undefined): { receivedAt: Date; id: number } | undefined {
  if (!cursor) return undefined;
  const [ms, id] = cursor.split('_');
  return { receivedAt: new Date(Number(ms)), id: Number(id) };
}

function encodeCursor(row: { receivedAt: Date; id: number }): string {
  return `${String(row.receivedAt.getTime()).padStart(13, '0')}_${row.id}`;
}

export async function listLedger(
  db: DbOrTx,
  user: SessionUser,
  emailSourceId: number,
  query: LedgerQuery,
): Promise<LedgerPage> {
  const source = await findEmailSourceById(db, emailSourceId);
  if (!source) throw AppError.notFound('Email source not found');
  const before = decodeCursor(query.before);
  const q = query.q?.trim();
  const rows = await ledgerPage(db, {
    emailSourceId,
    limit: query.limit + 1,
    ...(before ? { before } : {}),
    ...(query.outcome ? { outcome: query.outcome } : {}),
    ...(q ? { q } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    messages: page.map((row) => ({
      id: row.id,
      uid: row.uid,
      receivedAt: row.receivedAt.toISOString(),
      from: row.fromAddress,
      subject: row.subject,
      attachments: row.attachments,
      outcome: row.outcome,
      reason: row.reason,
      sources: row.evaluations.filter((evaluation) => hasFlag(user, FLAG_OF[evaluation.sourceType])),
    })),
    nextBefore: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
