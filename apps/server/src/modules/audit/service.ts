import {
  AUDIT_PAGE_SIZE,
  AUDIT_SECRET_CHANGED,
  type AuditChange,
  type AuditEntityType,
  type AuditEntry,
  type AuditPage,
  type TAuditQuery,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../lib/app-error';
import { hasFlag, type SessionUser, type UserFlag } from '../../plugins/session';
import { findSettingFor } from '../notifications/service';
import { type AuditFilter, emailSourceNames, listAuditEntries, toAuditEntry } from './repository';

/**
 * Who besides admins may read an entity type's history: the users who may open its editor
 * (docs/decisions/0018-audit-log.md). Users, webhooks and tokens are admins' alone; a notification setting
 * goes by the flag of its own source type, checked on the setting itself.
 */
const EDITOR_FLAGS: Partial<Record<AuditEntityType, readonly UserFlag[]>> = {
  'email-source': ['orderUser', 'inventoryUser', 'submissionUser'],
  'order-tracking-source': ['orderUser'],
  'inventory-source': ['inventoryUser'],
  'submission-source': ['submissionUser'],
  vendor: ['submissionUser'],
  'notification-setting': ['orderUser', 'inventoryUser', 'submissionUser'],
};

const DAY = 86_400_000;

/** A day (YYYY-MM-DD, UTC) as the start of that day; `to` as a day includes the whole day. */
function instantOf(value: string | undefined, end: boolean): Date | undefined {
  if (value === undefined) return undefined;
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(isDay ? `${value}T00:00:00Z` : value);
  return isDay && end ? new Date(at.getTime() + DAY) : at;
}

async function assertMayRead(db: DbOrTx, caller: SessionUser, query: TAuditQuery): Promise<void> {
  if (caller.isAdmin) return;
  const type = query.entityType;
  if (!type) throw AppError.forbidden('Only admins can read the whole audit log: choose an entity type');
  const flags = EDITOR_FLAGS[type];
  if (!flags?.some((flag) => hasFlag(caller, flag)))
    throw AppError.forbidden('Your account does not have access to this history');
  if (type === 'notification-setting') {
    if (query.entityId === undefined)
      throw AppError.badRequest('entityId is required for this history', { entityId: 'Required' });
    await findSettingFor(db, caller, query.entityId);
  }
}

/** GET /api/audit: newest first, AUDIT_PAGE_SIZE entries a page. */
export async function listAudit(db: DbOrTx, caller: SessionUser, query: TAuditQuery): Promise<AuditPage> {
  await assertMayRead(db, caller, query);
  const from = instantOf(query.from, false);
  const to = instantOf(query.to, true);
  if (from && to && from >= to)
    throw AppError.badRequest('The start date must be before the end date', { from: 'After the end date' });
  const filter: AuditFilter = {
    ...(query.entityType ? { entityTypes: [query.entityType] } : {}),
    ...(query.entityId !== undefined ? { entityId: query.entityId } : {}),
    ...(query.userId !== undefined ? { userId: query.userId } : {}),
    ...(query.apiToken !== undefined ? { apiTokenPublicId: query.apiToken } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const { rows, total } = await listAuditEntries(db, filter, {
    limit: AUDIT_PAGE_SIZE,
    offset: (query.page - 1) * AUDIT_PAGE_SIZE,
  });
  const names = await emailSourceNames(db, referencedIds(rows.map((row) => row.changes)));
  return {
    entries: rows.map((row) => toAuditEntry(row, valueNamesOf(row.changes, names))),
    totalRecordCount: total,
  };
}

/** The field of the mail-read sources that holds their e-mail source's id. */
const EMAIL_SOURCE_FIELD = 'emailSourceId';

function idsOf(change: AuditChange | undefined): number[] {
  if (!change || change === AUDIT_SECRET_CHANGED) return [];
  return [change.from, change.to].filter((value): value is number => Number.isInteger(value));
}

function referencedIds(changes: unknown[]): number[] {
  const ids = new Set<number>();
  for (const entry of changes) {
    for (const id of idsOf((entry as Record<string, AuditChange>)[EMAIL_SOURCE_FIELD])) ids.add(id);
  }
  return [...ids];
}

/** docs/behaviour/audit-log.md#history-views: a referenced record is named where it still exists. */
function valueNamesOf(changes: unknown, names: Map<number, string>): AuditEntry['valueNames'] {
  const found: Record<string, string> = {};
  for (const id of idsOf((changes as Record<string, AuditChange>)[EMAIL_SOURCE_FIELD])) {
    const name = names.get(id);
    if (name !== undefined) found[String(id)] = name;
  }
  return Object.keys(found).length > 0 ? { [EMAIL_SOURCE_FIELD]: found } : {};
}
