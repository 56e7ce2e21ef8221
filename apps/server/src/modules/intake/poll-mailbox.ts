/**
 * One poll of one mailbox (docs/design/mail-intake-exactly-once.md, docs/decisions/0001-mail-intake.md): read the new messages of INBOX
 * and hand each matching one to its sources' file processors, exactly once.
 *
 * - New means: UID above the last one handled under the current UIDVALIDITY. A changed UIDVALIDITY
 *   starts over at UID 0, and a message whose Message-ID was recorded under an earlier UIDVALIDITY is
 *   not handled again.
 * - A message's inbound_messages row (unique per mailbox, UIDVALIDITY and UID, inserted ON CONFLICT DO
 *   NOTHING, so a second poller finds it taken), its processors' work and the mailbox's last UID commit in
 *   one transaction; consecutive messages share it (up to 10 with work, or one second; less on PGlite),
 *   which saves a commit per message and never splits a message. \Seen is set only after that commit,
 *   and only on messages some source wanted; a STORE lost to a dropped connection is retried by the next
 *   poll (needs_seen_flag).
 * - Messages are read with BODY.PEEK, one UID at a time after the list of UIDs is collected (imapflow hangs
 *   when a download runs inside a fetch iterator), and only when the sender is one a source expects.
 * - A poll that does not finish within MAIL_POLL_TIMEOUT_SECONDS is abandoned: its connection is closed,
 *   the error is recorded on the e-mail source and the job queue retries it.
 */
import { randomUUID } from 'node:crypto';
import { emailSourceLabel, type RunTrigger } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { MailSignInError } from '../../integrations/msal';
import type { ProgressReporter } from '../../lib/progress';
import { type EmailSourceRow, findEmailSourceById } from '../email-sources/repository';
import { sendSystemAlert } from '../notifications/system-alert';
import { finishRun, startRun } from '../runs/repository';
import { MessageCommitter, type WriteResult } from './commit-messages';
import type { FileProcessor } from './file-processors';
import { INSTANCE_ID } from './instance';
import { acquireLeaseWaiting } from './mailbox-leases';
import { type MailboxState, releasePollLease, renewPollLease } from './mailbox-leases-repository';
import { type ListedMessage, MailboxSession } from './mailbox-session';
import { MailboxError, PollAbandonedError, PollStoppedError, pollErrorText } from './poll-errors';
import {
  type BoundRule,
  decideMessage,
  type MessageStatus,
  type PreparedMessage,
  screenListed,
} from './prepare-message';
import { fileProcessors } from './processor-registry';
import {
  claimOutageAlert,
  clearNeedsSeen,
  failInterruptedPolls,
  foldRepeatedFailure,
  hasOtherEpochs,
  markPollFailed,
  markPollStarted,
  markPollSucceeded,
  messagesNeedingSeen,
  resetMailboxState,
} from './repository';

export { pollErrorText } from './poll-errors';

export interface PollCounts {
  messagesSeen: number;
  processed: number;
  ignored: number;
  failed: number;
}

export interface PollOptions {
  trigger: Extract<RunTrigger, 'schedule' | 'manual'>;
  /** What woke a scheduled poll (kept in the run's details). */
  reason?: 'timer' | 'idle' | 'retry';
  /** Defaults to the registry; tests pass their own. */
  processors?: FileProcessor[];
  /** How long to wait while another poll of this mailbox holds the lease; 0 gives up at once. */
  waitForLeaseMs?: number;
  /**
   * Aborted when the instance shuts down: the poll is abandoned at once (its connection closed, its lease
   * released), which loses nothing, as a kill mid-batch loses nothing, and frees the mailbox for another
   * instance (docs/behaviour/operations.md#graceful-shutdown).
   */
  signal?: AbortSignal;
  /** Messages done / listed as the poll goes, for Check now (lib/progress.ts). */
  progress?: ProgressReporter;
}

export type PollOutcome =
  | { status: 'succeeded'; runId: number; message: string; counts: PollCounts }
  | {
      status: 'failed';
      runId: number;
      message: string;
      counts: PollCounts;
      /**
       * The mail server failed (unreachable, refused the sign-in, hung up): the mailbox's back-off decides
       * when it is tried again, not the job queue's retries (docs/behaviour/mail-intake.md#back-off).
       */
      serverFault: boolean;
    }
  | { status: 'skipped'; reason: 'not-found' | 'inactive' | 'busy' | 'stopping'; message: string };

/**
 * A poll's lease lasts 15 s (less for a shorter poll timeout) and is renewed every third of that while the
 * poll runs, however long it may take: a killed worker stops renewing, and another takes the mailbox over
 * within ~15 s instead of waiting out a lease as long as the poll timeout
 * (docs/design/mail-intake-exactly-once.md#leases-not-locks).
 */
const MAX_LEASE_SECONDS = 15;

export function pollLeaseSeconds(timeoutSeconds: number): number {
  return Math.min(Math.max(timeoutSeconds, 5), MAX_LEASE_SECONDS);
}

/** Test hook (documented in docs/configuration.md): a pause before each message, so a test can kill a poll mid-batch. */
function testDelayMs(): number {
  const value = Number(process.env.INTAKE_TEST_DELAY_MS ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export async function pollMailbox(
  context: AppContext,
  emailSourceId: number,
  options: PollOptions,
): Promise<PollOutcome> {
  const { db, config } = context;
  const source = await findEmailSourceById(db, emailSourceId);
  if (!source) return { status: 'skipped', reason: 'not-found', message: 'Email source not found' };
  if (!source.activeStatus) {
    return {
      status: 'skipped',
      reason: 'inactive',
      message: `The email source "${source.username}" is inactive.`,
    };
  }
  const owner = `${INSTANCE_ID}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = pollLeaseSeconds(config.mailPollTimeoutSeconds);
  const state = await acquireLeaseWaiting(
    db,
    emailSourceId,
    owner,
    leaseSeconds,
    options.waitForLeaseMs ?? 0,
    options.signal,
  );
  if (!state && options.signal?.aborted) {
    return {
      status: 'skipped',
      reason: 'stopping',
      message: 'The server is shutting down; the mailbox is polled by another instance.',
    };
  }
  if (!state) {
    return {
      status: 'skipped',
      reason: 'busy',
      message: `Another poll of "${source.username}" is running; try again in a moment.`,
    };
  }

  let poll: MailboxPoll | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let stopListener: (() => void) | undefined;
  try {
    await failInterruptedPolls(db, emailSourceId);
    const runId = await startRun(db, {
      sourceType: 'email',
      sourceId: emailSourceId,
      sourceName: emailSourceLabel(source),
      trigger: options.trigger,
    });
    await markPollStarted(db, emailSourceId);
    poll = new MailboxPoll(context, source, state, options.processors ?? fileProcessors(), options.progress);
    const running = poll;
    const stop = () => running.abort(new PollStoppedError());
    if (options.signal?.aborted) stop();
    options.signal?.addEventListener('abort', stop, { once: true });
    stopListener = () => options.signal?.removeEventListener('abort', stop);
    heartbeat = setInterval(
      () => {
        renewPollLease(db, emailSourceId, owner, leaseSeconds)
          .then((held) => {
            if (!held) running.abort(new PollAbandonedError('The poll lost its lease on the mailbox.'));
          })
          .catch(() => {});
      },
      (leaseSeconds * 1000) / 3,
    );
    heartbeat.unref();

    try {
      await withDeadline(running.run(), config.mailPollTimeoutSeconds * 1000, () =>
        running.abort(
          new PollAbandonedError(
            `The poll of ${running.where} did not finish within ${config.mailPollTimeoutSeconds} s; it was abandoned (connection closed) and will be retried.`,
          ),
        ),
      );
    } catch (error) {
      const message = pollErrorMessage(error, running);
      const serverFault = isServerFault(error, running);
      // An instance stopping is not the mailbox's fault: the source shows no error for it.
      if (!(running.abortReason instanceof PollStoppedError)) {
        await markPollFailed(db, emailSourceId, message, serverFault);
        // A refused sign-in has an alert of its own (docs/behaviour/sources.md#mailbox-sign-in).
        if (error instanceof MailboxError) await alertOutageOnce(context, source, message);
      }
      const cause =
        error instanceof Error && error.cause !== undefined ? pollErrorText(error.cause) : undefined;
      const details = { ...running.details(), ...(cause ? { rawError: cause } : {}) };
      const failed = { status: 'failed', message, counts: running.counts, serverFault } as const;
      const repeated = await foldRepeatedFailure(db, emailSourceId, runId, message, details);
      if (repeated !== undefined) return { ...failed, runId: repeated };
      await finishRun(db, runId, { status: 'failed', message, details });
      return { ...failed, runId };
    }
    const message = running.summary();
    await finishRun(db, runId, { status: 'succeeded', message, details: running.details() });
    await markPollSucceeded(db, emailSourceId);
    return { status: 'succeeded', runId, message, counts: running.counts };
  } finally {
    clearInterval(heartbeat);
    stopListener?.();
    await poll?.close();
    await releasePollLease(db, emailSourceId, owner).catch(() => {});
  }
}

function withDeadline<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // The abandoned work may still fail later (its connection is closed): that is expected, not unhandled.
  work.catch(() => {});
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout();
        reject(new Error('deadline'));
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The mail server's doing (it refused the connection or the sign-in, or hung up), not the database's, a
 * timeout's or a stopping instance's: only these count towards the back-off and the outage alert.
 */
function isServerFault(error: unknown, poll: MailboxPoll): boolean {
  if (poll.abortReason) return false;
  return error instanceof MailboxError || error instanceof MailSignInError;
}

/**
 * One error alert per outage, however many polls fail in it: the first failure since the last successful
 * poll claims it (across every instance), and a success clears the claim (docs/behaviour/mail-intake.md#back-off).
 */
async function alertOutageOnce(context: AppContext, source: EmailSourceRow, message: string): Promise<void> {
  if (!(await claimOutageAlert(context.db, source.id))) return;
  await sendSystemAlert(context, `Mailbox not reachable: email source "${source.username}"`, [
    `The poll of the email source "${source.username}" failed:`,
    message,
    '',
    'Its mail stays on the server and is read by the first poll after the server is back. Until then the',
    'mailbox is tried less and less often; this alert is not repeated until a poll has succeeded again.',
    `${context.config.publicUrl}/email-sources`,
  ]);
}

function pollErrorMessage(error: unknown, poll: MailboxPoll): string {
  // The abort reason wins over whatever the closed connection made the work throw.
  if (poll.abortReason) return poll.abortReason.message;
  if (error instanceof MailboxError || error instanceof MailSignInError) return error.message;
  return `The poll failed: ${pollErrorText(error)}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const SEEN_BATCH = 50;
/**
 * A group commits after this many messages with work, 200 messages in all, or this long. Embedded PGlite
 * has one connection that every request waits for, so its groups stay short.
 */
const GROUP_LIMITS = {
  postgres: { withWork: 10, maxMs: 1_000 },
  pglite: { withWork: 3, maxMs: 250 },
} as const;
const IGNORED_BATCH = 200;

/** One poll: the session reads, `prepare-message` decides, the committer writes; this class paces them. */
class MailboxPoll {
  readonly counts: PollCounts = { messagesSeen: 0, processed: 0, ignored: 0, failed: 0 };
  private readonly session: MailboxSession;
  private readonly db: DbOrTx;
  private uidValidity = 0;
  private rescan = false;
  private lastUid = 0;
  private errors: string[] = [];
  /** inbound_messages ids flagged \Seen on the server whose needs_seen_flag is still set. */
  private flagged: number[] = [];
  private rules: BoundRule[] = [];
  private committer: MessageCommitter | undefined;
  private pending: PreparedMessage[] = [];
  private pendingSince = 0;
  private pendingSeen: Array<{ uid: number; inboundId: number }> = [];

  constructor(
    private readonly context: AppContext,
    private readonly source: EmailSourceRow,
    private readonly state: MailboxState,
    private readonly processors: FileProcessor[],
    private readonly progress?: ProgressReporter,
  ) {
    this.db = context.db;
    this.session = new MailboxSession(context, source);
  }

  get where(): string {
    return this.session.where;
  }

  get abortReason(): Error | undefined {
    return this.session.abortReason;
  }

  abort(reason: Error): void {
    this.session.abort(reason);
  }

  summary(): string {
    const { messagesSeen, processed, ignored, failed } = this.counts;
    const rescan = this.rescan ? 'UIDVALIDITY changed: the mailbox was read again from the start. ' : '';
    if (messagesSeen === 0) return `${rescan}No new messages.`;
    const plural = messagesSeen === 1 ? 'message' : 'messages';
    return `${rescan}${messagesSeen} new ${plural}: ${processed} processed, ${ignored} ignored, ${failed} failed.`;
  }

  details() {
    return {
      counts: { ...this.counts },
      uidValidity: this.uidValidity,
      lastUid: this.lastUid,
      rescan: this.rescan,
      ...(this.errors.length > 0 ? { errors: this.errors } : {}),
    };
  }

  async run(): Promise<void> {
    this.rules = await this.loadRules();
    await this.session.connect();
    const mailbox = await this.session.openInbox();
    this.uidValidity = mailbox.uidValidity;
    this.lastUid = await this.settleUidValidity();
    await this.flagPendingSeen();

    const nothingNew =
      mailbox.exists === 0 || (mailbox.uidNext !== undefined && mailbox.uidNext <= this.lastUid + 1);
    if (nothingNew) {
      await this.progress?.total(0);
      return;
    }
    const fresh = await this.session.listNew(this.lastUid);
    await this.progress?.total(fresh.length);
    const otherEpochs = await hasOtherEpochs(this.db, this.source.id, this.uidValidity);
    this.committer = new MessageCommitter(
      this.context,
      this.source.id,
      this.uidValidity,
      otherEpochs,
      this.rules.map(({ rule }) => rule),
    );
    const delay = testDelayMs();
    // Reading message n+1 from the server overlaps with the database work of message n.
    let next = fresh.length > 0 ? this.prefetch(fresh[0]!) : undefined;
    for (let index = 0; index < fresh.length; index += 1) {
      const prepared = await next!;
      next = index + 1 < fresh.length ? this.prefetch(fresh[index + 1]!) : undefined;
      this.session.checkAborted();
      if (delay > 0) await sleep(delay);
      this.session.checkAborted();
      await this.apply(prepared);
      // Not awaited: the mailbox's own I/O gives progress requests their turn, so no pause is needed.
      void this.progress?.done(index + 1);
    }
    await this.flush();
    await this.flushSeen();
  }

  /** Stores the \Seen flags already set, then signs out (or drops a dead connection). */
  async close(): Promise<void> {
    await this.clearFlagged().catch(() => {});
    await this.session.close();
  }

  private prefetch(listed: ListedMessage): Promise<PreparedMessage> {
    const promise = this.prepare(listed);
    // Awaited in turn; until then a failure must not count as unhandled.
    promise.catch(() => {});
    return promise;
  }

  /** Reads a message only when a source expects its sender: a shared mailbox holds people's mail too. */
  private async prepare(listed: ListedMessage): Promise<PreparedMessage> {
    const { record, candidates } = screenListed(listed, this.rules);
    if (candidates.length === 0) return { kind: 'ignored', record, note: null };
    const raw = await this.session.readMessage(listed.uid);
    if (!raw) {
      return {
        kind: 'ignored',
        record,
        note: 'The message was deleted from the mailbox before it could be read.',
      };
    }
    return decideMessage(record, raw, candidates);
  }

  private count(status: MessageStatus | 'skipped'): void {
    if (status === 'skipped') return;
    this.counts.messagesSeen += 1;
    this.counts[status] += 1;
  }

  private async loadRules(): Promise<BoundRule[]> {
    const bound: BoundRule[] = [];
    for (const processor of this.processors) {
      for (const rule of await processor.mailRules(this.db, this.source.id)) bound.push({ rule, processor });
    }
    return bound;
  }

  /** The last UID handled under the server's UIDVALIDITY; a new UIDVALIDITY starts over at 0. */
  private async settleUidValidity(): Promise<number> {
    const known = this.state.uidValidity;
    if (known === this.uidValidity) return this.state.lastUid;
    this.rescan = known !== null;
    await resetMailboxState(this.db, this.source.id, this.uidValidity);
    return 0;
  }

  /** \Seen flags a dropped connection kept the previous poll from setting. */
  private async flagPendingSeen(): Promise<void> {
    const pending = await messagesNeedingSeen(this.db, this.source.id, this.uidValidity);
    if (pending.length === 0) return;
    await this.session.flagSeen(
      pending.map((row) => row.uid),
      'flag messages as seen',
    );
    this.flagged.push(...pending.map((row) => row.id));
    await this.clearFlagged();
  }

  private async clearFlagged(): Promise<void> {
    await clearNeedsSeen(this.db, this.flagged.splice(0));
  }

  /** The database side of a message: gathered in UID order and committed in groups (see `flush`). */
  private async apply(prepared: PreparedMessage): Promise<void> {
    if (this.pending.length === 0) this.pendingSince = Date.now();
    this.pending.push(prepared);
    const withWork = this.pending.filter((item) => item.kind !== 'ignored').length;
    const limits = GROUP_LIMITS[this.context.database.kind];
    const full = withWork >= limits.withWork || this.pending.length >= IGNORED_BATCH;
    if (full || Date.now() - this.pendingSince >= limits.maxMs) await this.flush();
  }

  /**
   * Commits the gathered messages in one transaction (a group whose transaction fails is written again
   * one message at a time, so one bad message cannot hold up the others), then counts them, queues their
   * \Seen flags and runs the processors' after-commit work.
   */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const group = this.pending.splice(0);
    const results: WriteResult[] = await this.committer!.commit(group, () => this.session.checkAborted());
    for (const result of results) {
      if (result.status === 'skipped') continue;
      this.count(result.status);
      for (const message of result.errors) this.noteError(result.uid, message);
      if (result.needsSeen) await this.queueSeen(result.uid, result.inboundId);
    }
    // Only committed work reaches here; results of a rolled-back group were dropped by the committer.
    for (const work of results.flatMap((result) => result.afterCommit ?? [])) {
      try {
        await work();
      } catch (error) {
        this.noteError(0, `After-commit work failed: ${pollErrorText(error)}`);
      }
    }
  }

  /**
   * After the commit the work is safe, so the message may look read to the people sharing the mailbox.
   * The flags are stored in batches (one STORE for many UIDs); needs_seen_flag keeps the ones a crash or a
   * dropped connection left unset for the next poll.
   */
  private async queueSeen(uid: number, inboundId: number): Promise<void> {
    this.pendingSeen.push({ uid, inboundId });
    if (this.pendingSeen.length >= SEEN_BATCH) await this.flushSeen();
  }

  private async flushSeen(): Promise<void> {
    if (this.pendingSeen.length === 0) return;
    const batch = this.pendingSeen.splice(0);
    const uids = batch.map((item) => item.uid);
    await this.session.flagSeen(
      uids,
      `flag message${batch.length > 1 ? 's' : ''} UID ${uids.join(',')} as seen`,
    );
    this.flagged.push(...batch.map((item) => item.inboundId));
    await this.clearFlagged();
  }

  /** Every failed message is listed, however many: each is one a person has to look at. */
  private noteError(uid: number, message: string): void {
    this.errors.push(`UID ${uid}: ${message}`);
  }
}
