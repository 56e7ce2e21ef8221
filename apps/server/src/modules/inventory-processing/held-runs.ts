/**
 * Held runs (docs/behaviour/inventory.md#drift-guard): a run that would turn too many Active items Inactive, or read a file
 * without data rows, waits for an operator. Approving applies the statuses of its generated file to the
 * item states, marks it succeeded and then delivers it as the run asked (the manual switches, or e-mail and
 * SFTP where configured for an automatic run); discarding marks it discarded and drops its snapshots, so
 * the predictive algorithm never learns from a file nobody accepted.
 */
import type { InventoryRunDetails, ItemStatus, RunRecord } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { readTable } from '../../integrations/spreadsheet';
import { AppError } from '../../lib/app-error';
import { readStoredFile } from '../files/stored-files';
import { deliverAutomaticRun } from '../inventory-delivery/automatic-delivery';
import { deliverInventoryRun } from '../inventory-delivery/deliver';
import { lockLiveInventorySource } from '../inventory-sources/repository';
import { getRun, lockRun, type RunRow, toRunRecord, updateRun } from '../runs/repository';
import { emitRunFinished } from '../webhooks/events';
import { normaliseItemNumber } from './availability';
import {
  deleteItemStates,
  deleteSnapshotsOfRun,
  findSucceededRunAfter,
  loadItemStates,
  type StateUpdate,
  saveLastGoodHeaders,
  snapshotQuantitiesOfRun,
  upsertItemStates,
} from './repository';

async function lockHeldRun(db: DbOrTx, runId: number, verb: 'approved' | 'discarded'): Promise<RunRow> {
  const run = await lockRun(db, runId);
  if (run?.sourceType !== 'inventory') throw AppError.notFound('Inventory run not found');
  if (run.status !== 'held') {
    throw AppError.conflict(`Only a held run can be ${verb}; run #${runId} is ${run.status}.`);
  }
  return run;
}

function countsText(details: InventoryRunDetails): string {
  const counts = details.counts ?? {};
  const n = (value: number | undefined) => (value ?? 0).toLocaleString('en-US');
  return `${n(counts.processed)} items: ${n(counts.active)} Active, ${n(counts.inactive)} Inactive`;
}

/**
 * Applies a held run. Returns the updated run (its `details.delivery` holds the delivery outcome when a
 * delivery was attempted).
 */
export async function approveHeldRun(
  context: AppContext,
  runId: number,
  by: string | null = null,
): Promise<RunRecord> {
  const { db } = context;
  const now = new Date();
  const approved = await db.transaction(async (tx) => {
    const run = await lockHeldRun(tx, runId, 'approved');
    const sourceId = run.sourceId;
    const source = sourceId === null ? undefined : await lockLiveInventorySource(tx, sourceId);
    if (sourceId === null || !source) {
      throw AppError.conflict(`The source of this run ("${run.sourceName}") has been deleted.`);
    }
    const newer = await findSucceededRunAfter(tx, sourceId, runId);
    if (newer) {
      throw AppError.conflict(
        `Run #${newer.id} of this source succeeded after this one was held; approving this older file would undo it. Discard this run instead.`,
      );
    }
    const details = (run.details ?? {}) as InventoryRunDetails;
    const output = details.output;
    const file =
      run.outputFileId === null || !output ? undefined : await readStoredFile(tx, run.outputFileId);
    if (!output || !file) {
      throw AppError.conflict(
        'This run has no generated file any more (deleted after the retention period): discard it.',
      );
    }

    // The generated file is what approving delivers, so its statuses are the ones applied.
    const table = await readTable(file.content, { fileName: file.fileName });
    const entries = new Map<string, ItemStatus>();
    for (let r = output.firstDataRow; r < table.rows.length; r++) {
      const row = table.rows[r]!;
      const text = (row[output.itemColumn] ?? '').trim();
      if (text === '') continue;
      entries.set(
        normaliseItemNumber(text, output.stripLeadingZeroes),
        row[output.statusColumn] === 'Active' ? 'Active' : 'Inactive',
      );
    }
    const quantities = await snapshotQuantitiesOfRun(tx, runId, [...entries.keys()]);
    const states = await loadItemStates(tx, sourceId);
    const updates: StateUpdate[] = [];
    for (const [itemNumber, status] of entries) {
      const quantity = quantities.get(itemNumber) ?? null;
      const state = states.get(itemNumber);
      if (!state || state.status !== status || state.lastQuantity !== quantity)
        updates.push({ itemNumber, status, quantity });
    }
    await upsertItemStates(tx, sourceId, runId, now, updates);
    await deleteItemStates(
      tx,
      sourceId,
      [...states.keys()].filter((key) => !entries.has(key)),
    );
    if (details.headers) await saveLastGoodHeaders(tx, sourceId, details.headers);

    const message = `Approved${by ? ` by ${by}` : ''} after the drift guard held it: ${countsText(details)}.`;
    const nextDetails: InventoryRunDetails = {
      ...details,
      errors: [],
      approved: { at: now.toISOString(), by },
    };
    const approvedRun = await updateRun(tx, runId, { status: 'succeeded', message, details: nextDetails });
    if (approvedRun) await emitRunFinished(tx, approvedRun);
    return { sourceId, request: details.deliveryRequest };
  });

  // After commit: deliver as the run asked. Both delivery functions record their outcome and never throw.
  const request = approved.request;
  if (request?.mode === 'manual') {
    if (request.sendEmail || request.submitSftp) {
      await deliverInventoryRun(context, {
        runId,
        sourceId: approved.sourceId,
        sendEmail: request.sendEmail,
        submitSftp: request.submitSftp,
      });
    }
  } else {
    await deliverAutomaticRun(context, { runId, sourceId: approved.sourceId });
  }
  return toRunRecord((await getRun(db, runId))!);
}

/** Refuses a held run: nothing is applied or delivered, and its snapshots are dropped. */
export async function discardHeldRun(
  context: AppContext,
  runId: number,
  by: string | null = null,
): Promise<RunRecord> {
  const { db } = context;
  await db.transaction(async (tx) => {
    const run = await lockHeldRun(tx, runId, 'discarded');
    const details = (run.details ?? {}) as InventoryRunDetails;
    const reason = details.held?.reason ?? 'held by the drift guard';
    await deleteSnapshotsOfRun(tx, runId);
    await updateRun(tx, runId, {
      status: 'discarded',
      message: `Discarded${by ? ` by ${by}` : ''}: ${reason}`,
      details: { ...details, discarded: { at: new Date().toISOString(), by } },
    });
  });
  return toRunRecord((await getRun(db, runId))!);
}
