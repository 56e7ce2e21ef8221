/**
 * A message's ledger entry (docs/behaviour/mail-intake.md#the-mailbox-ledger): its outcome, the reason in the
 * operator's words and, per source bound to the mailbox, what the one matching decision (`mail-evaluation.ts`)
 * said. Built from what the poll decided and wrote; nothing here decides anything again.
 */
import {
  type LedgerOutcome,
  type LedgerSourceEvaluation,
  MAIL_SOURCE_LABELS,
  MAIL_SOURCE_TYPES,
  type MailSourceType,
  type RunStatus,
} from '@app/contracts';
import type { MailMatchRule } from './file-processors';
import { evaluateRule, nearestRule } from './mail-evaluation';
import type { MatchableMessage } from './mail-matching';
import type { PreparedMessage } from './prepare-message';

/** What the committer wrote for a message: its status and each source's run. */
export interface WrittenMessage {
  status: 'processed' | 'ignored' | 'failed';
  inboundId: number;
  runs: SourceRun[];
  errors: string[];
  /** Why a message was set aside without its sources (an earlier copy, deleted before it was read). */
  note?: string | null;
}

export interface SourceRun {
  sourceType: string;
  sourceId: number;
  runId: number;
  status: Exclude<RunStatus, 'running'>;
}

export interface LedgerValues {
  emailSourceId: number;
  inboundMessageId: number;
  uid: number;
  receivedAt: Date;
  fromAddress: string | null;
  subject: string | null;
  attachments: Array<{ fileName: string; size: number; contentType: string }>;
  outcome: LedgerOutcome;
  reason: string;
  evaluations: LedgerSourceEvaluation[];
}

function isMailSourceType(value: string): value is MailSourceType {
  return (MAIL_SOURCE_TYPES as readonly string[]).includes(value);
}

function sameSource(
  a: { sourceType: string; sourceId: number },
  b: { sourceType: string; sourceId: number },
) {
  return a.sourceType === b.sourceType && a.sourceId === b.sourceId;
}

function sourceLabel(rule: Pick<MailMatchRule, 'sourceName' | 'sourceType'>): string {
  const type = isMailSourceType(rule.sourceType) ? MAIL_SOURCE_LABELS[rule.sourceType] : rule.sourceType;
  return `"${rule.sourceName}" (${type})`;
}

/** The message as the headers alone give it: enough for the sender rule, which fails first for an unread message. */
function headerMessage(item: PreparedMessage): MatchableMessage {
  return { fromAddress: item.record.fromAddress, subject: item.record.subject ?? '', attachments: [] };
}

function evaluationFor(rule: MailMatchRule, item: PreparedMessage, note: string | null) {
  const evaluated =
    item.kind === 'unreadable' ? undefined : item.evaluations?.find((e) => sameSource(e.rule, rule));
  if (evaluated) return evaluated.evaluation;
  if (item.kind === 'unreadable' && item.bound.some((bound) => sameSource(bound.rule, rule))) {
    return { matched: false, meantFor: true, failedRule: null, detail: item.message, attachment: undefined };
  }
  const fromHeaders = evaluateRule(rule, headerMessage(item));
  // Its sender matched but the message was not read (deleted first, or an earlier copy): the note says why.
  if (fromHeaders.failedRule !== 'from') {
    return { ...fromHeaders, matched: false, failedRule: null, detail: note ?? 'the message was not read' };
  }
  return fromHeaders;
}

function runDetail(detail: string, run: SourceRun | undefined): string {
  if (!run || run.status === 'succeeded') return detail;
  return `${detail}; its run ${run.status === 'failed' ? 'failed' : `is ${run.status}`}`;
}

function ignoredReason(rules: MailMatchRule[], item: PreparedMessage): string {
  const sender = item.record.fromAddress ?? 'no sender';
  if (rules.length === 0) return `No source is bound to this mailbox (sent by ${sender}).`;
  const nearest = nearestRule(rules, headerMessage(item));
  const lead = `No source of this mailbox expects ${sender}`;
  return nearest ? `${lead}; the nearest is ${sourceLabel(nearest.rule)}: ${nearest.why}.` : `${lead}.`;
}

export function ledgerEntry(
  emailSourceId: number,
  rules: MailMatchRule[],
  item: PreparedMessage,
  written: WrittenMessage,
  now: Date,
): LedgerValues {
  const note = written.note ?? (item.kind === 'ignored' ? item.note : null);
  const mailRules = rules.filter((rule) => isMailSourceType(rule.sourceType));
  const evaluations: LedgerSourceEvaluation[] = mailRules.map((rule) => {
    const evaluation = evaluationFor(rule, item, note);
    const run = written.runs.find((candidate) => sameSource(candidate, rule));
    return {
      sourceType: rule.sourceType as MailSourceType,
      sourceId: rule.sourceId,
      sourceName: rule.sourceName,
      matched: evaluation.matched,
      failedRule: evaluation.failedRule,
      detail: runDetail(evaluation.detail, run),
      runId: run?.runId ?? null,
    };
  });
  const attachments = item.kind === 'unreadable' ? [] : (item.attachments ?? []);
  return {
    emailSourceId,
    inboundMessageId: written.inboundId,
    uid: item.record.uid,
    receivedAt: item.record.receivedAt ?? now,
    fromAddress: item.record.fromAddress,
    subject: item.record.subject,
    attachments: attachments.map((file) => ({
      fileName: file.fileName,
      size: file.content.length,
      contentType: file.contentType,
    })),
    ...outcomeOf(mailRules, item, written, note, evaluations),
    evaluations,
  };
}

function outcomeOf(
  rules: MailMatchRule[],
  item: PreparedMessage,
  written: WrittenMessage,
  note: string | null,
  evaluations: LedgerSourceEvaluation[],
): { outcome: LedgerOutcome; reason: string } {
  if (written.status === 'failed') return { outcome: 'failed', reason: written.errors.join(' ') };
  if (written.status === 'processed') {
    const by = rules.filter((rule) => written.runs.some((run) => sameSource(run, rule))).map(sourceLabel);
    return { outcome: 'processed', reason: `Processed by ${by.join(', ')}.` };
  }
  if (note) return { outcome: 'ignored', reason: note };
  // A source expects the sender but another rule failed: the supplier whose subject or file changed.
  const expecting = evaluations.find((evaluation) => evaluation.failedRule !== 'from');
  if (expecting) return { outcome: 'unmatched', reason: `"${expecting.sourceName}": ${expecting.detail}.` };
  return { outcome: 'ignored', reason: ignoredReason(rules, item) };
}
