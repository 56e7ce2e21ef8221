import type { EmailSourcePollResult } from '@app/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { ProgressReporter } from '../../lib/progress';
import { processStopping } from '../../lib/shutdown';
import { pollLeaseSeconds, pollMailbox } from './poll-mailbox';

/** How long "Check now" waits for a poll already running on the same mailbox before it gives up. */
const MAX_WAIT_FOR_RUNNING_POLL_MS = 30_000;

/**
 * "Check now" (POST /api/email-sources/{id}/poll): polls the mailbox in this request and answers when the
 * poll has finished. The poll lease keeps it from running beside a queued poll of the same mailbox; a
 * failed poll is a result (status 'failed' and why), not an HTTP error.
 */
export async function pollEmailSourceNow(
  context: AppContext,
  emailSourceId: number,
  // The process's own signal; tests pass theirs.
  signal: AbortSignal = processStopping.signal,
  progress?: ProgressReporter,
): Promise<EmailSourcePollResult> {
  const waitForLeaseMs = Math.min(
    MAX_WAIT_FOR_RUNNING_POLL_MS,
    pollLeaseSeconds(context.config.mailPollTimeoutSeconds) * 1000,
  );
  const outcome = await pollMailbox(context, emailSourceId, {
    trigger: 'manual',
    waitForLeaseMs,
    signal,
    progress,
  });
  if (outcome.status === 'skipped') {
    if (outcome.reason === 'not-found') throw AppError.notFound('Email source not found');
    if (outcome.reason === 'inactive') {
      throw AppError.conflict(`${outcome.message} Activate it to read its mailbox.`);
    }
    throw AppError.conflict(outcome.message);
  }
  return { runId: outcome.runId, status: outcome.status, message: outcome.message, ...outcome.counts };
}
