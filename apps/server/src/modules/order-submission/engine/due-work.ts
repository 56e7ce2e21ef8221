/**
 * The submission engine's periodic work (jobs/order-submission-jobs.ts runs it every few minutes; tests
 * call it directly with a moved clock). Each step is a claim, so several instances may run it at once.
 *
 * 1. Vendor runs left 'running' by a stopped instance are closed: one that never handed its e-mail to the
 *    relay as deferred, its lines sent again in step 5; one that did as failed (the e-mail may have gone:
 *    never sent again by itself, re-send is the operator's call).
 * 2. Order e-mails recorded but not taken up (stopped right after the intake commit, or while following
 *    the order link) are processed now.
 * 3. Batches formed but not grouped, or left half sent by a stopped instance, are finished.
 * 4. Batches whose day ended before they completed are processed with what arrived (a warning says so).
 * 5. Non-daily vendors whose due day has passed without an order that day are sent their lines, and
 *    daily vendors' lines that wait for any other reason (a vendor fixed after a failed file) go too.
 * 6. Order e-mails older than RUN_FILE_RETENTION_DAYS whose lines have all been sent are forgotten, so
 *    that their files fall under the run file retention like every other input.
 */
import type { AppContext } from '../../../context';
import { errorMessage } from '../../../lib/error-message';
import { finishLateBatch, processBatch, resumeSendingBatch } from './batches';
import { dayOf } from './days';
import { processOrderEmail } from './order-emails';
import {
  batchesToResume,
  deleteExpiredOrderEmails,
  failInterruptedVendorRuns,
  orderEmailsToResume,
  unfinishedBatchDays,
  vendorsWithWaitingLines,
} from './repository';
import { submitWaitingLines } from './vendor-submissions';

export interface DueWorkReport {
  /** Interrupted after the hand-over: may or may not have gone. */
  interruptedVendorRuns: number;
  /** Interrupted before the hand-over: their lines go again. */
  interruptedBeforeHandover: number;
  resumedEmails: number;
  resumedBatches: number;
  lateBatches: number;
  vendorRuns: number;
  expiredEmails: number;
  errors: string[];
}

export async function runDueSubmissionWork(context: AppContext): Promise<DueWorkReport> {
  const { db } = context;
  const report: DueWorkReport = {
    interruptedVendorRuns: 0,
    interruptedBeforeHandover: 0,
    resumedEmails: 0,
    resumedBatches: 0,
    lateBatches: 0,
    vendorRuns: 0,
    expiredEmails: 0,
    errors: [],
  };
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      report.errors.push(`${what}: ${errorMessage(error)}`);
    }
  };

  await attempt('closing interrupted vendor runs', async () => {
    const interrupted = await failInterruptedVendorRuns(db);
    report.interruptedVendorRuns = interrupted.unknown;
    report.interruptedBeforeHandover = interrupted.resent;
  });
  for (const emailId of await orderEmailsToResume(db)) {
    await attempt(`order e-mail #${emailId}`, async () => {
      await processOrderEmail(context, emailId);
      report.resumedEmails += 1;
    });
  }
  for (const batch of await batchesToResume(db)) {
    await attempt(`batch #${batch.id}`, async () => {
      if (batch.status === 'waiting') await processBatch(context, batch.id);
      else await resumeSendingBatch(context, batch.id);
      report.resumedBatches += 1;
    });
  }
  const today = dayOf(context.clock.now());
  for (const { sourceId, day } of await unfinishedBatchDays(db, today)) {
    await attempt(`the batch of ${day} of source #${sourceId}`, async () => {
      if ((await finishLateBatch(context, sourceId, day)) !== null) report.lateBatches += 1;
    });
  }
  await attempt('waiting vendor lines', async () => {
    const outcomes = await submitWaitingLines(context, await vendorsWithWaitingLines(db), {
      mode: 'due',
      trigger: 'schedule',
    });
    report.vendorRuns = outcomes.reduce((sum, outcome) => sum + outcome.runIds.length, 0);
  });
  await attempt('forgetting old order e-mails', async () => {
    const retentionMs = context.config.runFileRetentionDays * 86_400_000;
    const cutoff = new Date(context.clock.now().getTime() - retentionMs);
    report.expiredEmails = (await deleteExpiredOrderEmails(db, cutoff)).emails;
  });
  return report;
}
