import type { DbOrTx } from '@app/db';
import { deleteAuditEntriesBefore } from '../modules/audit/repository';
import { KNOWN_ADDRESS_DAYS } from '../modules/auth/login-throttle';
import { deleteIdleCounters, deleteKnownAddressesBefore } from '../modules/auth/login-throttle-repository';
import { deleteSpentPasswordLinks, deleteSpentRefreshTokens } from '../modules/auth/repository';
import { deleteSnapshotsBefore } from '../modules/inventory-processing/repository';
import { deleteExpiredRunFiles } from '../modules/runs/repository';
import { deleteSettledEventsBefore } from '../modules/webhooks/repository';

/** The predictive algorithm looks back at most 365 days (docs/behaviour/inventory.md#predictive-algorithm), so older snapshots are never read. */
const SNAPSHOT_RETENTION_DAYS = 366;

const DAY = 86_400_000;

/** Webhook events and their delivery logs (docs/behaviour/webhooks.md#deliveries) are kept this long once settled. */
const WEBHOOK_LOG_RETENTION_DAYS = 30;

export interface HousekeepingOptions {
  /** RUN_FILE_RETENTION_DAYS: run input/output files older than this are deleted. */
  runFileRetentionDays?: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are deleted. */
  auditRetentionDays?: number;
}

/**
 * Removes sign-in and reset tokens that can no longer be used, stale login throttle rows, sign-in addresses
 * no longer recent enough to count as known, and the input and
 * output files of runs older than the retention period (docs/behaviour/runs-and-history.md#files-and-retention), and inventory quantity snapshots older
 * than the predictive algorithm can look back, audit entries past their retention (docs/behaviour/audit-log.md#retention),
 * and webhook events whose deliveries all ended 30 days ago.
 */
export async function runHousekeeping(db: DbOrTx, now = new Date(), options: HousekeepingOptions = {}) {
  const dayAgo = new Date(now.getTime() - DAY);
  const tokens = await deleteSpentRefreshTokens(db, now, dayAgo);
  const resets = await deleteSpentPasswordLinks(db, now);
  const throttles = await deleteIdleCounters(db, dayAgo, now);
  const knownAddresses = await deleteKnownAddressesBefore(
    db,
    new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY),
  );
  const retentionDays = options.runFileRetentionDays ?? 30;
  const runFiles = await deleteExpiredRunFiles(db, new Date(now.getTime() - retentionDays * DAY));
  const snapshots = await deleteSnapshotsBefore(db, new Date(now.getTime() - SNAPSHOT_RETENTION_DAYS * DAY));
  const auditDays = options.auditRetentionDays ?? 365;
  const auditEntries = await deleteAuditEntriesBefore(db, new Date(now.getTime() - auditDays * DAY));
  const webhookEvents = await deleteSettledEventsBefore(
    db,
    new Date(now.getTime() - WEBHOOK_LOG_RETENTION_DAYS * DAY),
  );
  return {
    auditEntries,
    refreshTokens: tokens,
    resetTokens: resets,
    throttleRows: throttles,
    knownAddresses,
    expiredRunFiles: runFiles.files,
    runsPastRetention: runFiles.runs,
    inventorySnapshots: snapshots,
    webhookEvents,
  };
}
