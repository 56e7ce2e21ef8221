/**
 * Waiting for a mailbox's poll lease (the leases themselves: mailbox-leases-repository.ts). A poll that finds
 * the lease held asks again until it is free or the wait is over.
 */
import type { DbOrTx } from '@app/db';
import { acquirePollLease, type MailboxState } from './mailbox-leases-repository';

/** Takes the poll lease, waiting up to `waitMs` while another poll holds it. */
export async function acquireLeaseWaiting(
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
  leaseSeconds: number,
  waitMs: number,
  signal?: AbortSignal,
): Promise<MailboxState | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (signal?.aborted) return undefined;
    const state = await acquirePollLease(db, emailSourceId, owner, leaseSeconds);
    if (state || Date.now() >= deadline) return state;
    await sleep(Math.min(500, Math.max(50, deadline - Date.now())));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
