/**
 * The mailbox ledger page (docs/behaviour/mail-intake.md#the-mailbox-ledger): the messages of one e-mail source,
 * newest first, with a keyset cursor. A user sees a source's evaluation only for the source types whose
 * flag they hold; admins see all.
 */
import {
  type LedgerPage,
  type LedgerQuery,
  MAIL_SOURCE_LABELS,
  type MailSourceType,
  type TestRulesQuery,
  type TestRulesResult,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { SessionUser } from '../../plugins/session';
import { hasFlag, type UserFlag } from '../../plugins/session';
import { ledgerPage } from '../intake/mail-ledger-repository';
import { testRulesAgainstMailbox } from '../intake/test-rules';
import { findEmailSourceById } from './repository';

/** The flag a user needs to see, test or offer a message to a source type's rules on a mailbox (admins hold them all). */
export const FLAG_OF: Record<MailSourceType, UserFlag> = {
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

/**
 * "Test rules against the mailbox" (docs/behaviour/mail-intake.md#testing-rules): only for a source type whose flag
 * the user holds; the mailbox is read without changing anything.
 */
export async function testRules(
  context: AppContext,
  user: SessionUser,
  emailSourceId: number,
  query: TestRulesQuery,
): Promise<TestRulesResult> {
  if (!hasFlag(user, FLAG_OF[query.sourceType])) {
    throw AppError.forbidden(`Testing ${MAIL_SOURCE_LABELS[query.sourceType]} rules needs that user flag.`);
  }
  const source = await findEmailSourceById(context.db, emailSourceId);
  if (!source) throw AppError.notFound('Email source not found');
  return testRulesAgainstMailbox(context, source, query);
}
