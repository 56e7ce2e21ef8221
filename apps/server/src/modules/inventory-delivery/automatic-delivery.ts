/**
 * What an automatic run (from mail or SFTP) delivers (docs/behaviour/inventory.md#delivery: "Automatic runs do both where configured").
 * The source has no switches of its own for this, so "configured" is read from the settings that exist:
 *
 * - e-mail: when at least one user receives inventory notifications (the recipients are the configuration;
 *   with none, nothing is attempted and nothing is reported). A broken sender (no e-mail source, no outgoing
 *   server, refused login) is attempted and reported in the run.
 * - SFTP: when the source has an SFTP server and a non-empty outbound folder. An empty outbound folder means
 *   "do not upload" here (manual "Submit via SFTP" uses '.' instead), so a source that only reads its
 *   supplier files by SFTP does not get its own output dropped next to them.
 *
 * Only succeeded runs are delivered: a held run waits for an operator, a failed one has nothing to send.
 */

import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { errorMessage } from '../../lib/error-message';
import { findLiveInventorySource, type InventorySourceRow } from '../inventory-sources/repository';
import { getRun } from '../runs/repository';
import { deliverInventoryRun, type InventoryDelivery } from './deliver';
import { inventoryRecipients } from './recipients';

export interface DeliveryPlan {
  sendEmail: boolean;
  submitSftp: boolean;
}

export async function automaticDeliveryPlan(db: DbOrTx, source: InventorySourceRow): Promise<DeliveryPlan> {
  return {
    sendEmail: (await inventoryRecipients(db)).length > 0,
    submitSftp: source.sftpServerAddress.trim() !== '' && source.sftpOutboundFolder.trim() !== '',
  };
}

export type AutomaticDeliveryOutcome =
  | { delivered: true; plan: DeliveryPlan; delivery: InventoryDelivery }
  | { delivered: false; reason: string };

/**
 * Delivers a committed automatic run where configured. Never throws. Call it after the run's transaction
 * committed (mail intake and SFTP intake both do).
 */
export async function deliverAutomaticRun(
  context: AppContext,
  { runId, sourceId }: { runId: number; sourceId: number },
): Promise<AutomaticDeliveryOutcome> {
  try {
    const run = await getRun(context.db, runId);
    if (!run) return { delivered: false, reason: `Run #${runId} was not found` };
    if (run.status !== 'succeeded') {
      return { delivered: false, reason: `Run #${runId} is ${run.status}: nothing is delivered` };
    }
    const source = await findLiveInventorySource(context.db, sourceId);
    if (!source) return { delivered: false, reason: `The inventory source #${sourceId} no longer exists` };
    const plan = await automaticDeliveryPlan(context.db, source);
    if (!plan.sendEmail && !plan.submitSftp) {
      return { delivered: false, reason: 'Neither e-mail recipients nor an SFTP outbound folder are set up' };
    }
    const delivery = await deliverInventoryRun(context, { runId, sourceId, ...plan });
    return { delivered: true, plan, delivery };
  } catch (error) {
    return { delivered: false, reason: `Delivery of run #${runId} failed: ${errorMessage(error)}` };
  }
}
