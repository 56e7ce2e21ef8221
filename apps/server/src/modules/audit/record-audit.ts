/**
 * Writes one audit entry in the caller's transaction (docs/behaviour/audit-log.md): pass the `tx` the change
 * itself was written with, so a change that rolls back leaves no entry and a committed change always has
 * one. Every editor of an audited entity calls this; see docs/design/audit-log.md for the list.
 */
import {
  type ActiveToggle,
  AUDIT_SECRET_CHANGED,
  type AuditAction,
  type AuditEntityType,
} from '@app/contracts';
import type { AppTx, DbOrTx } from '@app/db';
import { type DiffOptions, diffSnapshots, type Snapshot } from './audit-diff';

export type { Snapshot };

import { insertAuditEntry } from './repository';

/** Who acted: the signed-in user (their name is copied, so the entry survives a rename or deletion). */
export interface AuditActor {
  /** Null for the product itself (SYSTEM_ACTOR). */
  id: number | null;
  username: string;
  /** Set when the change was made with an API token (docs/behaviour/audit-log.md#what-is-recorded). */
  viaApiToken?: { publicId: string; name: string } | undefined;
}

/** The entry's token columns of an actor. */
function tokenOf(actor: AuditActor) {
  return {
    apiTokenPublicId: actor.viaApiToken?.publicId ?? null,
    apiTokenName: actor.viaApiToken?.name ?? null,
  };
}

/** Changes no user made: set-up scripts and test fixtures. */
export const SYSTEM_ACTOR: AuditActor = { id: null, username: 'system' };

export interface AuditRecord extends DiffOptions {
  actor: AuditActor;
  entityType: AuditEntityType;
  entityId: number;
  action: AuditAction;
  /** The entity before the change; null for a creation. */
  before: Snapshot | null;
  /** The entity after the change; null for a (hard) deletion. */
  after: Snapshot | null;
}

/**
 * Records the change, or nothing when no recorded field changed (a save without edits, switching on what
 * was on); whether an entry was written.
 */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<boolean> {
  const changes = diffSnapshots(record.before, record.after, record);
  if (Object.keys(changes).length === 0) return false;
  await insertAuditEntry(tx, {
    userId: record.actor.id,
    username: record.actor.username,
    ...tokenOf(record.actor),
    entityType: record.entityType,
    entityId: record.entityId,
    action: record.action,
    changes,
  });
  return true;
}

/**
 * A save's entry (created, or updated from `existing`), in the caller's transaction; the saved row, or
 * `notFound` when an update found no live row to change.
 */
export async function recordSave<Row extends Snapshot & { id: number }>(
  tx: DbOrTx,
  record: Omit<AuditRecord, 'entityId' | 'action' | 'before' | 'after'>,
  existing: Row | null | undefined,
  saved: Row | undefined,
  notFound: () => Error,
): Promise<Row> {
  if (!saved) throw notFound();
  await recordAudit(tx, {
    ...record,
    entityId: saved.id,
    action: existing ? 'updated' : 'created',
    before: existing ?? null,
    after: saved,
  });
  return saved;
}

/** 'activated' or 'deactivated', for the list's on/off switch. */
export function toggleAction(activeStatus: boolean): AuditAction {
  return activeStatus ? 'activated' : 'deactivated';
}

/** A user's password set or changed (by themselves, with a link, or by an admin): never its value. */
export async function recordPasswordChange(tx: DbOrTx, actor: AuditActor, userId: number): Promise<void> {
  await insertAuditEntry(tx, {
    userId: actor.id,
    username: actor.username,
    ...tokenOf(actor),
    entityType: 'user',
    entityId: userId,
    action: 'password-changed',
    changes: { password: AUDIT_SECRET_CHANGED },
  });
}

export interface AuditedChange<Row extends Snapshot> extends Omit<AuditRecord, 'before' | 'after'> {
  /** The row before the change (locked where the module can), or undefined when there is none. */
  load(tx: AppTx): Promise<Row | undefined>;
  /** Writes the change: the row after it, null when it was deleted, undefined when it was not found. */
  change(tx: AppTx, before: Row): Promise<Row | null | undefined>;
}

/**
 * One change of one entity and its audit entry in one transaction. Undefined when the entity was not found
 * (nothing written); null when it was deleted; otherwise the row after the change.
 */
export async function auditedChange<Row extends Snapshot>(
  db: DbOrTx,
  { load, change, ...record }: AuditedChange<Row>,
): Promise<Row | null | undefined> {
  return db.transaction(async (tx) => {
    const before = await load(tx);
    if (!before) return undefined;
    const after = await change(tx, before);
    if (after !== undefined) await recordAudit(tx, { ...record, before, after });
    return after;
  });
}

interface Switchable extends Snapshot {
  id: number;
  activeStatus: boolean;
}

export interface AuditedSwitchable<Row extends Switchable>
  extends Pick<AuditRecord, 'entityType' | 'secretFields'> {
  load(tx: AppTx, id: number): Promise<Row | undefined>;
  update(tx: AppTx, id: number, values: { activeStatus: boolean }): Promise<Row | undefined>;
  notFound(): Error;
}

/**
 * The set-active service of an audited entity, what its list's on/off switch calls (POST …/:id/active): the
 * change and its 'activated' or 'deactivated' entry in one transaction.
 */
export function auditedActiveSwitch<Row extends Switchable>({
  load,
  update,
  notFound,
  ...entity
}: AuditedSwitchable<Row>) {
  return async (
    db: DbOrTx,
    id: number,
    { activeStatus }: ActiveToggle,
    actor: AuditActor,
  ): Promise<ActiveToggle & { id: number }> => {
    const row = await auditedChange(db, {
      ...entity,
      actor,
      entityId: id,
      action: toggleAction(activeStatus),
      load: (tx) => load(tx, id),
      change: (tx) => update(tx, id, { activeStatus }),
    });
    if (!row) throw notFound();
    return { id: row.id, activeStatus: row.activeStatus };
  };
}

export interface AuditedDelete<Row extends Snapshot>
  extends Pick<AuditRecord, 'entityType' | 'actor' | 'secretFields'> {
  id: number;
  load(tx: AppTx, id: number): Promise<Row | undefined>;
  /** Deletes (or soft-deletes) the row; whether it did. */
  remove(tx: AppTx, id: number): Promise<boolean>;
  notFound(): Error;
}

/** A deletion and its entry (every recorded field → null), in one transaction. */
export async function auditedDelete<Row extends Snapshot>(
  db: DbOrTx,
  { id, load, remove, notFound, ...record }: AuditedDelete<Row>,
): Promise<void> {
  const deleted = await auditedChange(db, {
    ...record,
    entityId: id,
    action: 'deleted',
    load: (tx) => load(tx, id),
    change: async (tx) => ((await remove(tx, id)) ? null : undefined),
  });
  if (deleted === undefined) throw notFound();
}
