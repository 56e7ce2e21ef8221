/**
 * Offer a message again (docs/behaviour/mail-intake.md#offer-a-message-again): a ledger message is decided again
 * by the mailbox's current sources, with the same decision a poll makes (`decideMessage`, `evaluateRule`),
 * and processed by each source it now matches that has not processed it yet.
 *
 * Exactly once per source: the message's inbound_messages row is locked for the transaction that checks the
 * sources' runs and records the new ones, so two offers of one message take turns and the second finds the
 * first one's runs (a source with a run that did not fail is never offered the message again). The message
 * is read from its stored .eml, or, when none is stored (a message no source wanted is never downloaded),
 * from the mailbox by UID under the UIDVALIDITY it was read with.
 */
import {
  MAIL_SOURCE_TYPES,
  type MailSourceType,
  type OfferAgainResult,
  type OfferAgainSource,
} from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context';
import { MailSignInError } from '../../integrations/msal';
import { AppError } from '../../lib/app-error';
import { hasFlag } from '../../plugins/session';
import type { SessionUser } from '../../plugins/session-user';
import { readStoredFile, storeFile } from '../files/stored-files';
import { emlName, MessageCommitter } from '../intake/commit-messages';
import type { FileProcessor, MailMatchRule, ProcessFileOutcome } from '../intake/file-processors';
import { ledgerEntry, type SourceRun } from '../intake/mail-ledger';
import { ledgerEntryOf, updateLedgerEntry } from '../intake/mail-ledger-repository';
import { MailboxSession } from '../intake/mailbox-session';
import { MailboxError } from '../intake/poll-errors';
import { type BoundRule, decideMessage, type PreparedMessage } from '../intake/prepare-message';
import { fileProcessors } from '../intake/processor-registry';
import {
  addRunDetails,
  inboundMessageById,
  lockInboundMessage,
  type MessageRun,
  runsOfMessage,
  updateOfferedMessage,
} from '../intake/repository';
import { FLAG_OF } from './ledger-service';
import { type EmailSourceRow, findEmailSourceById } from './repository';

type InboundRow = NonNullable<Awaited<ReturnType<typeof inboundMessageById>>>;

function isMailSourceType(value: string): value is MailSourceType {
  return (MAIL_SOURCE_TYPES as readonly string[]).includes(value);
}

function sameSource(run: { sourceType: string; sourceId: number | null }, rule: MailMatchRule): boolean {
  return run.sourceType === rule.sourceType && run.sourceId === rule.sourceId;
}

/** The message is no longer where it was read: nothing can be offered (410 Gone). */
function gone(message: string): AppError {
  return new AppError(410, 'GONE', message);
}

async function boundRules(db: DbOrTx, processors: FileProcessor[], emailSourceId: number) {
  const bound: BoundRule[] = [];
  for (const processor of processors) {
    for (const rule of await processor.mailRules(db, emailSourceId)) bound.push({ rule, processor });
  }
  return bound;
}

/**
 * The raw message: the stored .eml, else downloaded again by UID (BODY.PEEK, nothing flagged) when the mailbox
 * still has the UIDVALIDITY it was read under and the message is still there.
 */
async function messageContent(
  context: AppContext,
  source: EmailSourceRow,
  inbound: InboundRow,
): Promise<Buffer> {
  if (inbound.rawFileId !== null) {
    const file = await readStoredFile(context.db, inbound.rawFileId);
    if (file) return Buffer.from(file.content);
  }
  const session = new MailboxSession(context, source);
  try {
    await session.connect();
    const mailbox = await session.openInbox();
    if (mailbox.uidValidity !== inbound.uidValidity) {
      throw gone(
        `The message is gone: the mailbox was rebuilt since it was read (UIDVALIDITY ${inbound.uidValidity} is now ${mailbox.uidValidity}), so UID ${inbound.uid} no longer names it, and its content was not stored.`,
      );
    }
    const raw = await session.readMessage(inbound.uid);
    if (!raw) {
      throw gone(
        `The message is gone: UID ${inbound.uid} is no longer in the mailbox (deleted or moved), and its content was not stored.`,
      );
    }
    return raw;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof MailboxError || error instanceof MailSignInError) {
      throw new AppError(502, 'MAILBOX_UNREACHABLE', `The message could not be read again: ${error.message}`);
    }
    throw error;
  } finally {
    await session.close();
  }
}

/** A run that did not fail means the source has the message: it is not offered to it again. */
function handledRun(runs: MessageRun[], rule: MailMatchRule): MessageRun | undefined {
  return runs.findLast((run) => sameSource(run, rule) && run.status !== 'failed');
}

function handledDetail(run: MessageRun): string {
  const state = run.status === 'succeeded' ? 'processed it' : `has it (its run is ${run.status})`;
  return `already processed: run ${run.id} ${state}; a message is processed once per source`;
}

function alreadyProcessed(rule: MailMatchRule, run: MessageRun): OfferAgainSource {
  return {
    sourceType: rule.sourceType as MailSourceType,
    sourceId: rule.sourceId,
    sourceName: rule.sourceName,
    outcome: 'already-processed',
    detail: handledDetail(run),
    runId: run.id,
  };
}

function resultOf(rule: MailMatchRule, outcome: ProcessFileOutcome): Omit<OfferAgainSource, 'sourceType'> {
  return {
    sourceId: rule.sourceId,
    sourceName: rule.sourceName,
    outcome: outcome.status === 'failed' ? 'failed' : 'processed',
    detail: outcome.message,
    runId: outcome.runId,
  };
}

/** Why a source did not take the message: the decision's first failing rule, or why it could not be read. */
function notTakenDetail(decided: PreparedMessage, rule: MailMatchRule): Omit<OfferAgainSource, 'sourceType'> {
  const base = { sourceId: rule.sourceId, sourceName: rule.sourceName, runId: null };
  if (decided.kind === 'unreadable') return { ...base, outcome: 'failed', detail: decided.message };
  const evaluation = decided.evaluations?.find((e) => e.rule === rule)?.evaluation;
  if (!evaluation) return { ...base, outcome: 'unmatched', detail: 'the message was not read' };
  return { ...base, outcome: 'unmatched', detail: evaluation.detail };
}

/**
 * The sources' latest runs and the message's status they give: failed when a source's latest run failed,
 * processed when every source with a run has it, ignored when none has a run.
 */
function writtenFrom(runs: MessageRun[], rules: MailMatchRule[], inboundId: number) {
  const latest: SourceRun[] = [];
  for (const rule of rules) {
    const run = runs.findLast((candidate) => sameSource(candidate, rule));
    if (!run || run.status === 'running') continue;
    latest.push({
      sourceType: rule.sourceType,
      sourceId: rule.sourceId,
      runId: run.id,
      status: run.status as SourceRun['status'],
    });
  }
  const errors = latest
    .filter((run) => run.status === 'failed')
    .map((run) => runs.find((candidate) => candidate.id === run.runId)?.message ?? 'Its run failed.');
  const status: 'processed' | 'ignored' | 'failed' =
    errors.length > 0 ? 'failed' : latest.length > 0 ? 'processed' : 'ignored';
  return { status, inboundId, runs: latest, errors };
}

export async function offerMessageAgain(
  context: AppContext,
  user: SessionUser,
  emailSourceId: number,
  entryId: number,
  processors: FileProcessor[] = fileProcessors(),
): Promise<OfferAgainResult> {
  const { db } = context;
  const source = await findEmailSourceById(db, emailSourceId);
  if (!source) throw AppError.notFound('Email source not found');
  const entry = await ledgerEntryOf(db, emailSourceId, entryId);
  const inbound = entry ? await inboundMessageById(db, entry.inboundMessageId) : undefined;
  if (!entry || !inbound) throw AppError.notFound('Message not found');

  const bound = await boundRules(db, processors, emailSourceId);
  // A user offers the message to the sources of the types whose flag they hold (an admin to all).
  const mine = bound.filter(
    ({ rule }) => isMailSourceType(rule.sourceType) && hasFlag(user, FLAG_OF[rule.sourceType]),
  );
  if (mine.length === 0) return { sources: [] };
  // Every one of them has it already: the answer needs no download (and holds for a message since deleted).
  const earlier = await runsOfMessage(db, inbound.id);
  if (mine.every(({ rule }) => handledRun(earlier, rule))) {
    return { sources: mine.map(({ rule }) => alreadyProcessed(rule, handledRun(earlier, rule)!)) };
  }

  const raw = await messageContent(context, source, inbound);
  const record = {
    uid: inbound.uid,
    messageIdHash: inbound.messageIdHash,
    fromAddress: inbound.fromAddress,
    subject: inbound.subject,
    receivedAt: inbound.receivedAt,
    attachmentCount: inbound.attachmentCount,
  };
  // Every bound source decides (the ledger entry shows them all); only the user's are offered the message.
  const decided = await decideMessage(record, raw, bound);
  const rules = bound.map(({ rule }) => rule);
  const committer = new MessageCommitter(context, emailSourceId, inbound.uidValidity, false, rules);
  const when = context.clock.now();

  const { answers, afterCommit } = await db.transaction(async (tx) => {
    const locked = await lockInboundMessage(tx, inbound.id);
    if (!locked) throw AppError.notFound('Message not found');
    const before = await runsOfMessage(tx, inbound.id);
    const answers = new Map<MailMatchRule, Omit<OfferAgainSource, 'sourceType'>>();
    for (const { rule } of mine) {
      const run = handledRun(before, rule);
      if (run) answers.set(rule, alreadyProcessed(rule, run));
    }
    const toProcess =
      decided.kind === 'matched'
        ? decided.choices.filter(
            (choice) => mine.some((b) => b.rule === choice.rule) && !answers.has(choice.rule),
          )
        : [];
    let results: ProcessFileOutcome[] = [];
    if (decided.kind === 'matched' && toProcess.length > 0) {
      // The .eml is kept from now on, as for any message a source wanted (Re-process and forwarding read it).
      const rawFileId =
        locked.rawFileId ?? (await storeFile(tx, emlName(inbound.uidValidity, inbound.uid), raw));
      const done = await committer.processChoices(tx, decided, toProcess, inbound.id, rawFileId);
      results = done.results;
      for (const [index, run] of done.runs.entries()) {
        const rule = toProcess.find((choice) => sameSource(run, choice.rule))!.rule;
        const outcome = results[index]!;
        await addRunDetails(tx, outcome.runId, {
          offeredAgain: { by: user.username, at: when.toISOString() },
        });
        answers.set(rule, resultOf(rule, outcome));
      }
      const after = await runsOfMessage(tx, inbound.id);
      const written = writtenFrom(after, rules, inbound.id);
      const entryValues = ledgerEntry(emailSourceId, rules, decided, written, when);
      await updateLedgerEntry(tx, entry.id, {
        fromAddress: entryValues.fromAddress,
        subject: entryValues.subject,
        attachments: entryValues.attachments,
        outcome: entryValues.outcome,
        reason: entryValues.reason,
        evaluations: entryValues.evaluations,
      });
      await updateOfferedMessage(tx, inbound.id, {
        status: written.status,
        message: written.errors.length > 0 ? written.errors.join(' ') : null,
        rawFileId,
        // The message was wanted now: the next poll flags it \Seen, as it would have then.
        needsSeenFlag: true,
      });
    }
    for (const { rule } of mine) if (!answers.has(rule)) answers.set(rule, notTakenDetail(decided, rule));
    return {
      answers,
      afterCommit: results.flatMap((result) => (result.afterCommit ? [result.afterCommit] : [])),
    };
  });

  // Delivery and other outside work, as after a poll's commit (it records its own failure in its run).
  for (const work of afterCommit) await work();
  return {
    sources: mine.map(({ rule }) => ({
      sourceType: rule.sourceType as MailSourceType,
      ...answers.get(rule)!,
    })),
  };
}
