/**
 * The commit step of a poll (docs/design/mail-intake-exactly-once.md#unit-of-work): a group of prepared
 * messages written in one transaction — each message's inbound_messages record, its raw .eml, its
 * sources' work and the mailbox's last UID — so none is ever half done and a crash only means the group
 * is read again.
 */
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { isDatabaseUnreachable } from '../../lib/database-errors';
import { storeFile } from '../files/stored-files';
import { recordRun } from '../runs/repository';
import type { InboundMessageContext, MailMatchRule, ProcessFileOutcome } from './file-processors';
import { type LedgerValues, ledgerEntry, type SourceRun } from './mail-ledger';
import { insertLedgerEntries } from './mail-ledger-repository';
import { type MailAttachment, noAttachmentMessage } from './mail-matching';
import { pollErrorText } from './poll-errors';
import type {
  BoundRule,
  MatchedChoice,
  MessageRecord,
  MessageStatus,
  PreparedMessage,
} from './prepare-message';
import {
  addRunDetails,
  advanceLastUid,
  deleteStoredFile,
  earlierCopy,
  type InboundMessageValues,
  insertInboundMessage,
  insertInboundMessages,
  markInboundFailed,
} from './repository';

export interface WriteResult {
  status: MessageStatus | 'skipped';
  uid: number;
  inboundId: number;
  needsSeen: boolean;
  /** Failed runs' messages, for the poll's details once committed. */
  errors: string[];
  /** Processors' after-commit work (inventory delivery), run once the transaction has committed. */
  afterCommit?: Array<() => Promise<void>>;
  /** Each source's run for the message, for its ledger entry. */
  runs?: SourceRun[];
  /** Why the message was set aside without its sources (an earlier copy). */
  note?: string;
}

type Unreadable = Extract<PreparedMessage, { kind: 'unreadable' }>;
type Matched = Extract<PreparedMessage, { kind: 'matched' }>;

/** The stored raw message's name: which mailbox epoch and UID it was read from. */
export function emlName(uidValidity: number, uid: number): string {
  return `message-${uidValidity}-${uid}.eml`;
}

/** Another poller recorded the message first. */
function skippedResult(uid: number): WriteResult {
  return { status: 'skipped', uid, inboundId: 0, needsSeen: false, errors: [] };
}

export class MessageCommitter {
  constructor(
    private readonly context: AppContext,
    private readonly emailSourceId: number,
    private readonly uidValidity: number,
    /** Whether the mailbox was read under another UIDVALIDITY: only then can a message be a copy. */
    private readonly otherEpochs: boolean,
    /** Every source bound to the mailbox: each message's ledger entry says what each one decided. */
    private readonly rules: MailMatchRule[] = [],
  ) {}

  /** The ledger entries of a group's written messages, in the same transaction (mail-ledger.ts). */
  private async recordLedger(tx: DbOrTx, items: PreparedMessage[], results: WriteResult[]): Promise<void> {
    const now = this.context.clock.now();
    const entries: LedgerValues[] = [];
    for (const result of results) {
      if (result.status === 'skipped') continue;
      const item = items.find((candidate) => candidate.record.uid === result.uid);
      if (!item) continue;
      const written = { ...result, status: result.status, runs: result.runs ?? [] };
      entries.push(ledgerEntry(this.emailSourceId, this.rules, item, written, now));
    }
    // In UID order, so messages that arrived in the same second page in the order the server gave them.
    await insertLedgerEntries(
      tx,
      entries.sort((a, b) => a.uid - b.uid),
    );
  }

  /** The group in one transaction, or, when that fails, each message in its own (see `commitEach`). */
  async commit(group: PreparedMessage[], checkAborted: () => void): Promise<WriteResult[]> {
    const db = this.context.db;
    try {
      return await db.transaction((tx) => this.writeGroup(tx, group));
    } catch (error) {
      checkAborted();
      // The database went away, not a message's fault: nothing of the group committed, and writing each
      // message again (or recording it as failed) would only meet the same fault. The poll fails, its run and
      // the job say so, and the job queue's retry reads the same messages again.
      if (isDatabaseUnreachable(error)) throw error;
      const results: WriteResult[] = [];
      for (const item of group) {
        try {
          if (group.length === 1) throw error;
          results.push(...(await db.transaction((tx) => this.writeGroup(tx, [item]))));
        } catch (itemError) {
          checkAborted();
          if (isDatabaseUnreachable(itemError)) throw itemError;
          results.push(await this.writeAfterFailure(item, itemError));
        }
      }
      return results;
    }
  }

  private async writeGroup(tx: DbOrTx, group: PreparedMessage[]): Promise<WriteResult[]> {
    const results: WriteResult[] = [];
    const ignored = group.filter((item) => item.kind === 'ignored');
    if (ignored.length > 0) {
      const rows = await insertInboundMessages(
        tx,
        ignored.map(({ record, note }) => this.recordValues(record, 'ignored', note, false)),
      );
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
      if (item.kind === 'unreadable') results.push(await this.writeFailed(tx, item));
    }
    await this.recordLedger(tx, group, results);
    await advanceLastUid(
      tx,
      this.emailSourceId,
      this.uidValidity,
      Math.max(...group.map((item) => item.record.uid)),
    );
    return results;
  }

  /** A message whose transaction failed: recorded as failed on its own, or, for no work at all, the poll stops. */
  private async writeAfterFailure(item: PreparedMessage, error: unknown): Promise<WriteResult> {
    if (item.kind === 'ignored') throw error;
    const failed: Unreadable =
      item.kind === 'matched'
        ? {
            ...item,
            kind: 'unreadable',
            bound: item.choices.map(({ rule, processor }) => ({ rule, processor })),
            message: `The e-mail could not be processed: ${pollErrorText(error)}`,
          }
        : item;
    // If even this cannot be written the database is in trouble: the poll stops and the message is read
    // again next time.
    return this.context.db.transaction(async (tx) => {
      const result = await this.writeFailed(tx, failed);
      await this.recordLedger(tx, [failed], [result]);
      await advanceLastUid(tx, this.emailSourceId, this.uidValidity, item.record.uid);
      return result;
    });
  }

  /** A matched message: its record, the raw message and every matched source's work. */
  private async writeMatched(
    tx: DbOrTx,
    { record, raw, summary, choices, attachments, context }: Matched,
  ): Promise<WriteResult> {
    const earlier = this.otherEpochs
      ? await earlierCopy(tx, this.emailSourceId, this.uidValidity, record.messageIdHash)
      : undefined;
    if (earlier) {
      const needsSeen = earlier.status !== 'ignored';
      const message = `Already read as inbound message ${earlier.id} before the mailbox's UIDVALIDITY changed (same Message-ID).`;
      const copyId = await insertInboundMessage(tx, this.recordValues(record, 'ignored', message, needsSeen));
      if (copyId === undefined) return skippedResult(record.uid);
      return { status: 'ignored', uid: record.uid, inboundId: copyId, needsSeen, errors: [], note: message };
    }
    // Written as processed with its raw message at once (one statement less per message); a failure
    // below turns it into failed.
    const rawFileId = await storeFile(tx, emlName(this.uidValidity, record.uid), raw);
    const inboundId = await insertInboundMessage(
      tx,
      this.recordValues(record, 'processed', null, true, rawFileId),
    );
    if (inboundId === undefined) {
      // Another poller has it: its raw copy is theirs to keep.
      await deleteStoredFile(tx, rawFileId);
      return skippedResult(record.uid);
    }
    const { results, runs } = await this.processChoices(
      tx,
      { record, summary, choices, attachments, context },
      choices,
      inboundId,
      rawFileId,
    );
    const failures = results.filter((result) => result.status === 'failed').map((result) => result.message);
    const status: MessageStatus = failures.length > 0 ? 'failed' : 'processed';
    const afterCommit = results.flatMap((result) => (result.afterCommit ? [result.afterCommit] : []));
    if (status === 'failed') await markInboundFailed(tx, inboundId, failures.join(' '));
    return { status, uid: record.uid, inboundId, needsSeen: true, errors: failures, afterCommit, runs };
  }

  /**
   * The work of `toProcess` (some or all of the message's matched sources) for a recorded message: the
   * poll's, and Offer again's for the sources that have not processed it yet
   * (docs/behaviour/mail-intake.md#offer-a-message-again).
   */
  async processChoices(
    tx: DbOrTx,
    {
      record,
      summary,
      choices,
      attachments,
      context,
    }: Pick<Matched, 'record' | 'summary' | 'choices' | 'attachments' | 'context'>,
    toProcess: MatchedChoice[],
    inboundId: number,
    rawFileId: number,
  ): Promise<{ results: ProcessFileOutcome[]; runs: SourceRun[] }> {
    // A source whose file is missing fails, unless a sibling source (same sender and subject, another
    // file name) took the message: then it was not meant for this one.
    const siblingTookIt = choices.some((choice) => choice.attachment);
    const inbound: InboundMessageContext = { ...context, rawFileId };
    const results: ProcessFileOutcome[] = [];
    const runs: SourceRun[] = [];
    for (const choice of toProcess) {
      let result: ProcessFileOutcome | undefined;
      if (choice.attachment) {
        result = await this.runProcessor(tx, choice, choice.attachment, inboundId, inbound);
      } else if (choice.rule.needsNoAttachment && choice.processor.processMessage) {
        result = await this.runMessageProcessor(tx, choice, inboundId, inbound);
      } else if (!siblingTookIt) {
        const message = noAttachmentMessage(choice.rule, attachments);
        // The .eml is the run's input: downloadable from Run History, and Re-process reads the message again.
        const runId = await recordRun(
          tx,
          {
            ...this.runFields(choice, inboundId),
            fileName: emlName(this.uidValidity, record.uid),
            inputFileId: rawFileId,
          },
          { status: 'failed', message },
        );
        result = { runId, status: 'failed', message };
      }
      if (!result) continue;
      // The sender and subject rules matched a forwarded message, not the e-mail: the run says which.
      if (choice.matchedOn) await addRunDetails(tx, result.runId, { matchedOn: choice.matchedOn });
      // A failed run names the e-mail, so a person can find it (and its .eml is kept with the message).
      if (result.status === 'failed') await addRunDetails(tx, result.runId, { email: summary });
      results.push(result);
      runs.push({ ...this.sourceKey(choice), runId: result.runId, status: result.status });
    }
    return { results, runs };
  }

  private sourceKey({ rule }: BoundRule) {
    return { sourceType: rule.sourceType, sourceId: rule.sourceId };
  }

  private runFields({ rule }: BoundRule, inboundMessageId: number) {
    return {
      sourceType: rule.sourceType,
      sourceId: rule.sourceId,
      sourceName: rule.sourceName,
      trigger: 'mail' as const,
      inboundMessageId,
    };
  }

  /** A processor isolates its own failures; one that throws anyway is rolled back to a savepoint. */
  private async runProcessor(
    tx: DbOrTx,
    bound: BoundRule,
    attachment: MailAttachment,
    inboundMessageId: number,
    message: InboundMessageContext,
  ): Promise<ProcessFileOutcome> {
    const { rule, processor } = bound;
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
      const text = `Processing "${attachment.fileName}" failed: ${pollErrorText(error)}`;
      const inputFileId = await storeFile(tx, attachment.fileName, attachment.content);
      const runId = await recordRun(
        tx,
        { ...this.runFields(bound, inboundMessageId), fileName: attachment.fileName, inputFileId },
        { status: 'failed', message: text },
      );
      return { runId, status: 'failed', message: text };
    }
  }

  /** The same for a source that reads the message itself (its file is behind a link): no file to store. */
  private async runMessageProcessor(
    tx: DbOrTx,
    bound: BoundRule,
    inboundMessageId: number,
    message: InboundMessageContext,
  ): Promise<ProcessFileOutcome> {
    const { rule, processor } = bound;
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
      const text = `Processing the e-mail "${message.subject}" failed: ${pollErrorText(error)}`;
      const runId = await recordRun(tx, this.runFields(bound, inboundMessageId), {
        status: 'failed',
        message: text,
      });
      return { runId, status: 'failed', message: text };
    }
  }

  /**
   * A message that could not be read or processed: recorded as failed, with its .eml, and a failed run for
   * each source it was meant for that names it and offers the .eml, so it is visible and not read again.
   */
  private async writeFailed(
    tx: DbOrTx,
    { record, raw, summary, bound, message }: Unreadable,
  ): Promise<WriteResult> {
    const rawFileId = await storeFile(tx, emlName(this.uidValidity, record.uid), raw);
    const inboundId = await insertInboundMessage(
      tx,
      this.recordValues(record, 'failed', message, true, rawFileId),
    );
    if (inboundId === undefined) {
      await deleteStoredFile(tx, rawFileId);
      return skippedResult(record.uid);
    }
    const runs: SourceRun[] = [];
    for (const choice of bound) {
      const runId = await recordRun(
        tx,
        {
          ...this.runFields(choice, inboundId),
          fileName: emlName(this.uidValidity, record.uid),
          inputFileId: rawFileId,
        },
        { status: 'failed', message, details: { email: summary } },
      );
      runs.push({ ...this.sourceKey(choice), runId, status: 'failed' });
    }
    return { status: 'failed', uid: record.uid, inboundId, needsSeen: true, errors: [message], runs };
  }

  private recordValues(
    record: MessageRecord,
    status: MessageStatus,
    message: string | null,
    needsSeenFlag: boolean,
    rawFileId: number | null = null,
  ): InboundMessageValues {
    return {
      emailSourceId: this.emailSourceId,
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
}
