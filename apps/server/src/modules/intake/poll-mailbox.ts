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
import { createHash, randomUUID } from 'node:crypto';
import type { RunTrigger } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import { schema } from '@app/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { AppContext } from '../../context';
import {
  closeQuietly,
  imapEndpoint,
  imapFailureMessage,
  newImapClient,
} from '../../integrations/imap-connection';
import { MicrosoftSignInError, resolveMailSignIn } from '../../integrations/msal';
import { type EmailSourceRow, findEmailSourceById } from '../email-sources/repository';
import { mailServerSettings, openMailboxSecret } from '../email-sources/source-connection';
import { storeFile } from '../files/stored-files';
import { finishRun, recordRun, startRun } from '../runs/runs-service';
import type {
  FileProcessor,
  InboundMessageContext,
  MailMatchRule,
  ProcessFileOutcome,
} from './file-processors';
import { INSTANCE_ID } from './instance';
import {
  chooseAttachment,
  countableAttachments,
  type MailAttachment,
  messageMatchesRule,
  noAttachmentMessage,
  senderMatches,
} from './mail-matching';
import { acquirePollLease, type MailboxState, releasePollLease, renewPollLease } from './mailbox-leases';
import { fileProcessors } from './processor-registry';

const { emailSources, inboundMessages, mailboxStates, runs } = schema;

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
}

export type PollOutcome =
  | { status: 'succeeded' | 'failed'; runId: number; message: string; counts: PollCounts }
  | { status: 'skipped'; reason: 'not-found' | 'inactive' | 'busy'; message: string };

type MessageStatus = 'processed' | 'ignored' | 'failed';

interface BoundRule {
  rule: MailMatchRule;
  processor: FileProcessor;
}

/** A lease lasts as long as a poll may (at most a minute) and is renewed every third of that. */
export function pollLeaseSeconds(timeoutSeconds: number): number {
  return Math.min(Math.max(timeoutSeconds, 5), 60);
}

/** Test hook (documented in the README): a pause before each message, so a test can kill a poll mid-batch. */
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
      sourceName: source.username,
      trigger: options.trigger,
    });
    await db.update(emailSources).set({ lastPollAt: new Date() }).where(eq(emailSources.id, emailSourceId));
    poll = new MailboxPoll(context, source, state, options.processors ?? fileProcessors());
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
      await finishRun(db, runId, {
        status: 'failed',
        message,
        details: running.details(),
      });
      // An instance stopping is not the mailbox's fault: the source shows no error for it.
      if (!(running.abortReason instanceof PollStoppedError)) {
        await db
          .update(emailSources)
          .set({ lastPollError: message, lastPollErrorAt: new Date() })
          .where(eq(emailSources.id, emailSourceId));
      }
      return { status: 'failed', runId, message, counts: running.counts };
    }
    const message = running.summary();
    await finishRun(db, runId, { status: 'succeeded', message, details: running.details() });
    await db
      .update(emailSources)
      .set({ lastPollSucceededAt: new Date(), lastPollError: null, lastPollErrorAt: null })
      .where(eq(emailSources.id, emailSourceId));
    return { status: 'succeeded', runId, message, counts: running.counts };
  } finally {
    clearInterval(heartbeat);
    stopListener?.();
    await poll?.close();
    await releasePollLease(db, emailSourceId, owner).catch(() => {});
  }
}

async function acquireLeaseWaiting(
  db: DbOrTx,
  emailSourceId: number,
  owner: string,
  leaseSeconds: number,
  waitMs: number,
  signal: AbortSignal | undefined,
): Promise<MailboxState | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (signal?.aborted) return undefined;
    const state = await acquirePollLease(db, emailSourceId, owner, leaseSeconds);
    if (state || Date.now() >= deadline) return state;
    await sleep(Math.min(500, Math.max(50, deadline - Date.now())));
  }
}

/** A poll whose worker died leaves its run "running"; the next holder of the lease closes it. */
async function failInterruptedPolls(db: DbOrTx, emailSourceId: number): Promise<void> {
  await db
    .update(runs)
    .set({
      status: 'failed',
      message: 'The poll was interrupted before it finished (the worker stopped); the next poll went on.',
      finishedAt: new Date(),
    })
    .where(and(eq(runs.sourceType, 'email'), eq(runs.sourceId, emailSourceId), eq(runs.status, 'running')));
}

class PollAbandonedError extends Error {
  override name = 'PollAbandonedError';
}

class PollStoppedError extends PollAbandonedError {
  override name = 'PollStoppedError';
  constructor() {
    super('The instance was stopped during the poll; the poll was abandoned and the mailbox polled again.');
  }
}

/** A mail server's refusal or a dropped connection, already worded for the operator. */
class MailboxError extends Error {
  override name = 'MailboxError';
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

function pollErrorMessage(error: unknown, poll: MailboxPoll): string {
  // The abort reason wins over whatever the closed connection made the work throw.
  if (poll.abortReason) return poll.abortReason.message;
  if (error instanceof MailboxError || error instanceof MicrosoftSignInError) return error.message;
  return `The poll failed: ${errorText(error)}`;
}

const MAX_ERROR_TEXT = 500;

/**
 * An error in words fit for a run record: the server's own text for IMAP, the database's for a failed
 * query (Drizzle's wrapper repeats the query and its parameters, which may hold a file's bytes), without
 * control characters (PostgreSQL refuses NUL in text) and not endless.
 */
export function errorText(error: unknown): string {
  const details = error as {
    response?: unknown;
    responseText?: string;
    message?: string;
    code?: string;
    cause?: unknown;
  };
  let text: string;
  if (typeof details.response === 'string' && details.response.trim()) {
    text = details.response.replace(/^\S+\s+(?:NO|BAD|BYE)\s+/i, '').trim();
  } else if (details.responseText) {
    text = details.responseText;
  } else if (details.message?.startsWith('Failed query') && details.cause) {
    return errorText(details.cause);
  } else {
    const message = details.message ?? String(error);
    text = details.code && !message.includes(details.code) ? `${message} (${details.code})` : message;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
  return clean.length > MAX_ERROR_TEXT ? `${clean.slice(0, MAX_ERROR_TEXT - 1)}…` : clean;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function toDate(value: Date | string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sha256(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

const MAX_ERRORS_IN_DETAILS = 20;
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

class MailboxPoll {
  readonly counts: PollCounts = { messagesSeen: 0, processed: 0, ignored: 0, failed: 0 };
  readonly where: string;
  abortReason: Error | undefined;
  private client: ImapFlow | undefined;
  private readonly db: DbOrTx;
  private uidValidity = 0;
  private rescan = false;
  private lastUid = 0;
  private errors: string[] = [];
  /** inbound_messages ids flagged \Seen on the server whose needs_seen_flag is still set. */
  private flagged: number[] = [];
  private rules: BoundRule[] = [];
  private otherEpochs = false;
  private pending: PreparedMessage[] = [];
  private pendingSince = 0;
  private pendingSeen: Array<{ uid: number; inboundId: number }> = [];

  constructor(
    private readonly context: AppContext,
    private readonly source: EmailSourceRow,
    private readonly state: MailboxState,
    private readonly processors: FileProcessor[],
  ) {
    this.db = context.db;
    const endpoint = imapEndpoint(source);
    this.where = `${endpoint.host}:${endpoint.port}`;
  }

  abort(reason: Error): void {
    this.abortReason ??= reason;
    this.client?.close();
  }

  private checkAborted(): void {
    if (this.abortReason) throw this.abortReason;
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
    const client = await this.connect();
    const mailbox = await this.imap('open INBOX', () => client.mailboxOpen('INBOX'));
    this.uidValidity = Number(mailbox.uidValidity);
    this.lastUid = await this.settleUidValidity();
    await this.flagPendingSeen();

    const nothingNew =
      mailbox.exists === 0 || (mailbox.uidNext !== undefined && mailbox.uidNext <= this.lastUid + 1);
    if (nothingNew) return;
    // `n:*` always returns the highest message, even when its UID is below n: filter it out.
    const listed = await this.imap('list the new messages', () =>
      client.fetchAll(
        `${this.lastUid + 1}:*`,
        { uid: true, envelope: true, internalDate: true, size: true },
        { uid: true },
      ),
    );
    const fresh = listed.filter((message) => message.uid > this.lastUid).sort((a, b) => a.uid - b.uid);
    this.otherEpochs = await this.hasOtherEpochs();
    const delay = testDelayMs();
    // Reading message n+1 from the server overlaps with the database work of message n.
    let next = fresh.length > 0 ? this.prefetch(fresh[0]!) : undefined;
    for (let index = 0; index < fresh.length; index += 1) {
      const prepared = await next!;
      next = index + 1 < fresh.length ? this.prefetch(fresh[index + 1]!) : undefined;
      this.checkAborted();
      if (delay > 0) await sleep(delay);
      this.checkAborted();
      await this.apply(prepared);
    }
    await this.flush();
    await this.flushSeen();
  }

  private prefetch(listed: FetchMessageObject): Promise<PreparedMessage> {
    const promise = this.prepare(listed);
    // Awaited in turn; until then a failure must not count as unhandled.
    promise.catch(() => {});
    return promise;
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

  private async connect(): Promise<ImapFlow> {
    const settings = mailServerSettings(this.source, this.context.config);
    if (!imapEndpoint(settings).host) {
      throw new MailboxError(`The email source "${this.source.username}" has no incoming server.`);
    }
    const opened = openMailboxSecret(this.context.secrets, this.source);
    if (!opened.ok) throw new MailboxError(opened.message);
    const signIn = await resolveMailSignIn(settings, opened.secret);
    this.checkAborted();
    const client = newImapClient(settings, signIn);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.checkAborted();
      throw new MailboxError(imapFailureMessage(error, client, settings, signIn.user));
    }
    return client;
  }

  /** Runs one IMAP step; a failure becomes a message that says what was being done and where. */
  private async imap<T>(doing: string, step: () => Promise<T>): Promise<T> {
    this.checkAborted();
    try {
      return await step();
    } catch (error) {
      this.checkAborted();
      const lost = !this.client?.usable;
      throw new MailboxError(
        lost
          ? `The connection to ${this.where} was lost while trying to ${doing}: ${errorText(error)}`
          : `${this.where} refused to ${doing}: ${errorText(error)}`,
      );
    }
  }

  /** The last UID handled under the server's UIDVALIDITY; a new UIDVALIDITY starts over at 0. */
  private async settleUidValidity(): Promise<number> {
    const known = this.state.uidValidity;
    if (known === this.uidValidity) return this.state.lastUid;
    this.rescan = known !== null;
    await this.db
      .update(mailboxStates)
      .set({ uidValidity: this.uidValidity, lastUid: 0, updatedAt: new Date() })
      .where(eq(mailboxStates.emailSourceId, this.source.id));
    return 0;
  }

  /** \Seen flags a dropped connection kept the previous poll from setting. */
  private async flagPendingSeen(): Promise<void> {
    const pending = await this.db
      .select({ id: inboundMessages.id, uid: inboundMessages.uid })
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.emailSourceId, this.source.id),
          eq(inboundMessages.uidValidity, this.uidValidity),
          eq(inboundMessages.needsSeenFlag, true),
        ),
      );
    if (pending.length === 0) return;
    const client = this.client!;
    await this.imap('flag messages as seen', () =>
      storeOrFail(client, pending.map((row) => row.uid).join(',')),
    );
    this.flagged.push(...pending.map((row) => row.id));
    await this.clearFlagged();
  }

  private async clearFlagged(): Promise<void> {
    if (this.flagged.length === 0) return;
    const ids = this.flagged.splice(0);
    await this.db
      .update(inboundMessages)
      .set({ needsSeenFlag: false })
      .where(inArray(inboundMessages.id, ids));
  }

  /** Stores the \Seen flags already set, then signs out (or drops a dead connection). */
  async close(): Promise<void> {
    await this.clearFlagged().catch(() => {});
    await closeQuietly(this.client);
  }

  /** The server side of a message: read it (only when a source expects its sender), parse, match. */
  private async prepare(listed: FetchMessageObject): Promise<PreparedMessage> {
    const uid = listed.uid;
    const envelope = listed.envelope;
    const base: MessageRecord = {
      uid,
      messageIdHash: messageIdHash(listed),
      fromAddress: envelope?.from?.[0]?.address ?? null,
      subject: envelope?.subject ?? null,
      receivedAt: toDate(listed.internalDate ?? envelope?.date),
      attachmentCount: 0,
    };
    // Only a sender some source expects is worth downloading: a shared mailbox holds people's mail too.
    const candidates = this.rules.filter(({ rule }) => senderMatches(rule, base.fromAddress));
    if (candidates.length === 0) return { kind: 'ignored', record: base, note: null };

    const client = this.client!;
    const fetched = await this.imap(`read message UID ${uid}`, () =>
      client.fetchOne(String(uid), { uid: true, source: true }, { uid: true }),
    );
    const raw = fetched ? fetched.source : undefined;
    if (!raw) {
      // Gone (a person deleted it since the list was read), or the server could not hand it over: only
      // the first may be passed over, the second must be read again by a later poll.
      const still = await this.imap(`look for message UID ${uid}`, () =>
        client.search({ uid: String(uid) }, { uid: true }),
      );
      if (!still || still.includes(uid)) {
        throw new MailboxError(
          `${this.where} did not return message UID ${uid}; it will be read again next time.`,
        );
      }
      return {
        kind: 'ignored',
        record: base,
        note: 'The message was deleted from the mailbox before it could be read.',
      };
    }
    let parsed: ParsedMail;
    try {
      parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
    } catch (error) {
      return {
        kind: 'unreadable',
        record: base,
        bound: candidates,
        message: `The e-mail could not be read: ${errorText(error)}`,
      };
    }
    const attachments = countableAttachments(parsed.attachments);
    const message = {
      fromAddress: parsed.from?.value[0]?.address ?? base.fromAddress,
      subject: parsed.subject ?? base.subject ?? '',
      attachments,
    };
    const record: MessageRecord = {
      ...base,
      fromAddress: message.fromAddress,
      subject: message.subject,
      attachmentCount: attachments.length,
    };
    const matched = candidates.filter(({ rule }) => messageMatchesRule(rule, message));
    if (matched.length === 0) return { kind: 'ignored', record, note: null };
    const choices = matched.map((bound) => ({
      ...bound,
      // A source whose file is behind a link reads the message itself, never an attachment.
      attachment: bound.rule.needsNoAttachment ? undefined : chooseAttachment(bound.rule, attachments),
    }));
    const context: MessageContext = {
      subject: message.subject,
      fromAddress: message.fromAddress,
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      receivedAt: record.receivedAt,
    };
    return { kind: 'matched', record, raw, choices, attachments, context };
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
   * Commits the gathered messages in one transaction: each message's record and its work are in it together
   * (so none is ever half done), the last UID moves past all of them at once, and a crash before the commit
   * only means they are read again. A group whose transaction fails is written again one message at a
   * time, so one bad message cannot hold up the others.
   */
  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const group = this.pending.splice(0);
    let results: WriteResult[];
    try {
      results = await this.db.transaction((tx) => this.writeGroup(tx, group));
    } catch (error) {
      this.checkAborted();
      results = [];
      for (const item of group) {
        try {
          if (group.length === 1) throw error;
          results.push(...(await this.db.transaction((tx) => this.writeGroup(tx, [item]))));
        } catch (itemError) {
          this.checkAborted();
          results.push(await this.writeAfterFailure(item, itemError));
        }
      }
    }
    for (const result of results) {
      if (result.status === 'skipped') continue;
      this.count(result.status);
      for (const message of result.errors) this.noteError(result.uid, message);
      if (result.needsSeen) await this.queueSeen(result.uid, result.inboundId);
    }
    // Only committed work reaches here; results of a rolled-back group were dropped above.
    for (const work of results.flatMap((result) => result.afterCommit ?? [])) {
      try {
        await work();
      } catch (error) {
        this.noteError(0, `After-commit work failed: ${errorText(error)}`);
      }
    }
  }

  private async writeGroup(tx: DbOrTx, group: PreparedMessage[]): Promise<WriteResult[]> {
    const results: WriteResult[] = [];
    const ignored = group.filter((item) => item.kind === 'ignored');
    if (ignored.length > 0) {
      const rows = await tx
        .insert(inboundMessages)
        .values(ignored.map(({ record, note }) => this.recordValues(record, 'ignored', note, false)))
        .onConflictDoNothing({
          target: [inboundMessages.emailSourceId, inboundMessages.uidValidity, inboundMessages.uid],
        })
        .returning({ id: inboundMessages.id, uid: inboundMessages.uid });
      // Rows another poller recorded first are not ours to count.
      const taken = new Map(rows.map((row) => [row.uid, row.id]));
      for (const { record } of ignored) {
        const inboundId = taken.get(record.uid);
        results.push(
          inboundId === undefined
            ? skippedResult(record.uid)
            : { status: 'ignored', uid: record.uid, inboundId, needsSeen: false, errors: [] },
        );
      }
    }
    for (const item of group) {
      if (item.kind === 'matched') results.push(await this.writeMatched(tx, item));
      if (item.kind === 'unreadable')
        results.push(await this.writeFailed(tx, item.record, item.bound, item.message));
    }
    await this.advanceLastUid(tx, Math.max(...group.map((item) => item.record.uid)));
    return results;
  }

  /** A message whose transaction failed: recorded as failed on its own, or, for no work at all, the poll stops. */
  private async writeAfterFailure(item: PreparedMessage, error: unknown): Promise<WriteResult> {
    if (item.kind === 'ignored') throw error;
    const bound =
      item.kind === 'matched' ? item.choices.map(({ rule, processor }) => ({ rule, processor })) : item.bound;
    const message =
      item.kind === 'matched' ? `The e-mail could not be processed: ${errorText(error)}` : item.message;
    return this.recordFailure(item.record, bound, message);
  }

  /** A matched message: its record, the raw message and every matched source's work. */
  private async writeMatched(
    tx: DbOrTx,
    { record, raw, choices, attachments, context }: Extract<PreparedMessage, { kind: 'matched' }>,
  ): Promise<WriteResult> {
    const earlier = this.otherEpochs ? await this.earlierCopy(tx, record.messageIdHash) : undefined;
    if (earlier) {
      const needsSeen = earlier.status !== 'ignored';
      const message = `Already read as inbound message ${earlier.id} before the mailbox's UIDVALIDITY changed (same Message-ID).`;
      const copyId = await this.insertRecord(tx, record, 'ignored', message, needsSeen);
      if (copyId === undefined) return skippedResult(record.uid);
      return { status: 'ignored', uid: record.uid, inboundId: copyId, needsSeen, errors: [] };
    }
    // Written as processed with its raw message at once (one statement less per message); a failure
    // below turns it into failed.
    const rawFileId = await storeFile(tx, `message-${this.uidValidity}-${record.uid}.eml`, raw);
    const inboundId = await this.insertRecord(tx, record, 'processed', null, true, rawFileId);
    if (inboundId === undefined) {
      // Another poller has it: its raw copy is theirs to keep.
      await tx.delete(schema.storedFiles).where(eq(schema.storedFiles.id, rawFileId));
      return skippedResult(record.uid);
    }
    // A source whose file is missing fails, unless a sibling source (same sender and subject, another
    // file name) took the message: then it was not meant for this one.
    const siblingTookIt = choices.some((choice) => choice.attachment);
    const inbound: InboundMessageContext = { ...context, rawFileId };
    const results: ProcessFileOutcome[] = [];
    for (const choice of choices) {
      if (choice.attachment) {
        results.push(await this.runProcessor(tx, choice, choice.attachment, inboundId, inbound));
      } else if (choice.rule.needsNoAttachment && choice.processor.processMessage) {
        results.push(await this.runMessageProcessor(tx, choice, inboundId, inbound));
      } else if (!siblingTookIt) {
        const message = noAttachmentMessage(choice.rule, attachments);
        const runId = await recordRun(
          tx,
          {
            sourceType: choice.rule.sourceType,
            sourceId: choice.rule.sourceId,
            sourceName: choice.rule.sourceName,
            trigger: 'mail',
            inboundMessageId: inboundId,
          },
          { status: 'failed', message },
        );
        results.push({ runId, status: 'failed', message });
      }
    }
    const failures = results.filter((result) => result.status === 'failed').map((result) => result.message);
    const status: MessageStatus = failures.length > 0 ? 'failed' : 'processed';
    const afterCommit = results.flatMap((result) => (result.afterCommit ? [result.afterCommit] : []));
    if (status === 'failed') {
      await tx
        .update(inboundMessages)
        .set({ status, message: failures.join(' ') })
        .where(eq(inboundMessages.id, inboundId));
    }
    return { status, uid: record.uid, inboundId, needsSeen: true, errors: failures, afterCommit };
  }

  /** A processor isolates its own failures; one that throws anyway is rolled back to a savepoint. */
  private async runProcessor(
    tx: DbOrTx,
    { rule, processor }: BoundRule,
    attachment: MailAttachment,
    inboundMessageId: number,
    message: InboundMessageContext,
  ): Promise<ProcessFileOutcome> {
    const file = { fileName: attachment.fileName, content: attachment.content };
    try {
      return await tx.transaction((savepoint) =>
        processor.process({
          db: savepoint,
          context: this.context,
          sourceId: rule.sourceId,
          file,
          trigger: 'mail',
          inboundMessageId,
          message,
        }),
      );
    } catch (error) {
      const message = `Processing "${attachment.fileName}" failed: ${errorText(error)}`;
      const inputFileId = await storeFile(tx, attachment.fileName, attachment.content);
      const runId = await recordRun(
        tx,
        {
          sourceType: rule.sourceType,
          sourceId: rule.sourceId,
          sourceName: rule.sourceName,
          trigger: 'mail',
          fileName: attachment.fileName,
          inputFileId,
          inboundMessageId,
        },
        { status: 'failed', message },
      );
      return { runId, status: 'failed', message };
    }
  }

  /** The same for a source that reads the message itself (its file is behind a link): no file to store. */
  private async runMessageProcessor(
    tx: DbOrTx,
    { rule, processor }: BoundRule,
    inboundMessageId: number,
    message: InboundMessageContext,
  ): Promise<ProcessFileOutcome> {
    try {
      return await tx.transaction((savepoint) =>
        processor.processMessage!({
          db: savepoint,
          context: this.context,
          sourceId: rule.sourceId,
          trigger: 'mail',
          inboundMessageId,
          message,
        }),
      );
    } catch (error) {
      const text = `Processing the e-mail "${message.subject}" failed: ${errorText(error)}`;
      const runId = await recordRun(
        tx,
        {
          sourceType: rule.sourceType,
          sourceId: rule.sourceId,
          sourceName: rule.sourceName,
          trigger: 'mail',
          inboundMessageId,
        },
        { status: 'failed', message: text },
      );
      return { runId, status: 'failed', message: text };
    }
  }

  /**
   * A message that could not be parsed: recorded as failed, with a failed run for each source it was meant
   * for, so it is visible and not read again for ever.
   */
  private async writeFailed(
    tx: DbOrTx,
    record: MessageRecord,
    bound: BoundRule[],
    message: string,
  ): Promise<WriteResult> {
    const inboundId = await this.insertRecord(tx, record, 'failed', message, true);
    if (inboundId === undefined) return skippedResult(record.uid);
    for (const { rule } of bound) {
      await recordRun(
        tx,
        {
          sourceType: rule.sourceType,
          sourceId: rule.sourceId,
          sourceName: rule.sourceName,
          trigger: 'mail',
          inboundMessageId: inboundId,
        },
        { status: 'failed', message },
      );
    }
    return { status: 'failed', uid: record.uid, inboundId, needsSeen: true, errors: [message] };
  }

  /**
   * The same in a transaction of its own, for a message whose work could not be committed. If even this
   * cannot be written the database is in trouble: the poll stops and the message is read again next time.
   */
  private async recordFailure(
    record: MessageRecord,
    bound: BoundRule[],
    message: string,
  ): Promise<WriteResult> {
    return this.db.transaction(async (tx) => {
      const result = await this.writeFailed(tx, record, bound, message);
      await this.advanceLastUid(tx, record.uid);
      return result;
    });
  }

  private recordValues(
    record: MessageRecord,
    status: MessageStatus,
    message: string | null,
    needsSeenFlag: boolean,
    rawFileId: number | null = null,
  ) {
    return {
      emailSourceId: this.source.id,
      uidValidity: this.uidValidity,
      uid: record.uid,
      messageIdHash: record.messageIdHash,
      fromAddress: record.fromAddress,
      subject: record.subject,
      receivedAt: record.receivedAt,
      attachmentCount: record.attachmentCount,
      status,
      message,
      needsSeenFlag,
      rawFileId,
    };
  }

  private async insertRecord(
    tx: DbOrTx,
    record: MessageRecord,
    status: MessageStatus,
    message: string | null = null,
    needsSeenFlag = false,
    rawFileId: number | null = null,
  ): Promise<number | undefined> {
    const [row] = await tx
      .insert(inboundMessages)
      .values(this.recordValues(record, status, message, needsSeenFlag, rawFileId))
      .onConflictDoNothing({
        target: [inboundMessages.emailSourceId, inboundMessages.uidValidity, inboundMessages.uid],
      })
      .returning({ id: inboundMessages.id });
    return row?.id;
  }

  /** Whether this mailbox was read under another UIDVALIDITY: only then can a message be a copy. */
  private async hasOtherEpochs(): Promise<boolean> {
    const [row] = await this.db
      .select({ id: inboundMessages.id })
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.emailSourceId, this.source.id),
          ne(inboundMessages.uidValidity, this.uidValidity),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The same message recorded under an earlier UIDVALIDITY (a rebuilt or restored mailbox). */
  private async earlierCopy(tx: DbOrTx, messageIdHash: string) {
    const [row] = await tx
      .select({ id: inboundMessages.id, status: inboundMessages.status })
      .from(inboundMessages)
      .where(
        and(
          eq(inboundMessages.emailSourceId, this.source.id),
          eq(inboundMessages.messageIdHash, messageIdHash),
          ne(inboundMessages.uidValidity, this.uidValidity),
        ),
      )
      .limit(1);
    return row;
  }

  private async advanceLastUid(tx: DbOrTx, uid: number): Promise<void> {
    await tx
      .update(mailboxStates)
      .set({ lastUid: sql`greatest(${mailboxStates.lastUid}, ${uid})`, updatedAt: new Date() })
      .where(
        and(eq(mailboxStates.emailSourceId, this.source.id), eq(mailboxStates.uidValidity, this.uidValidity)),
      );
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
    const client = this.client!;
    const uids = batch.map((item) => item.uid).join(',');
    await this.imap(`flag message${batch.length > 1 ? 's' : ''} UID ${uids} as seen`, () =>
      storeOrFail(client, uids),
    );
    this.flagged.push(...batch.map((item) => item.inboundId));
    await this.clearFlagged();
  }

  private noteError(uid: number, message: string): void {
    if (this.errors.length < MAX_ERRORS_IN_DETAILS) this.errors.push(`UID ${uid}: ${message}`);
  }
}

/** imapflow's STORE answers false instead of throwing (a refusal, a dropped connection): make it throw. */
async function storeOrFail(client: ImapFlow, uids: string): Promise<void> {
  const stored = await client.messageFlagsAdd(uids, ['\\Seen'], { uid: true });
  if (!stored) throw new Error(client.usable ? 'the server did not store the flag' : 'Connection closed');
}

type MatchedChoice = BoundRule & { attachment: MailAttachment | undefined };

type PreparedMessage =
  | { kind: 'ignored'; record: MessageRecord; note: string | null }
  | { kind: 'unreadable'; record: MessageRecord; bound: BoundRule[]; message: string }
  | {
      kind: 'matched';
      record: MessageRecord;
      raw: Buffer;
      choices: MatchedChoice[];
      attachments: MailAttachment[];
      context: MessageContext;
    };

/** What processors learn of the message besides its file (the raw message's id is known once stored). */
type MessageContext = Omit<InboundMessageContext, 'rawFileId'>;

interface WriteResult {
  status: MessageStatus | 'skipped';
  uid: number;
  inboundId: number;
  needsSeen: boolean;
  /** Failed runs' messages, for the poll's details once committed. */
  errors: string[];
  /** Processors' after-commit work (inventory delivery), run once the transaction has committed. */
  afterCommit?: Array<() => Promise<void>>;
}

/** Another poller recorded the message first. */
function skippedResult(uid: number): WriteResult {
  return { status: 'skipped', uid, inboundId: 0, needsSeen: false, errors: [] };
}

interface MessageRecord {
  uid: number;
  messageIdHash: string;
  fromAddress: string | null;
  subject: string | null;
  receivedAt: Date | null;
  attachmentCount: number;
}

/**
 * The Message-ID, hashed (it survives a rebuilt mailbox, the UID does not). A message without one is
 * known by its arrival time, sender, subject and size instead.
 */
function messageIdHash(message: FetchMessageObject): string {
  const messageId = message.envelope?.messageId?.trim();
  if (messageId) return sha256(messageId);
  const envelope = message.envelope;
  const fallback = [
    message.internalDate ? new Date(message.internalDate).toISOString() : '',
    envelope?.from?.[0]?.address ?? '',
    envelope?.subject ?? '',
    message.size ?? '',
  ].join('\n');
  return `no-message-id:${sha256(fallback)}`;
}
