/**
 * What a poll decides about one listed message before any database work (docs/behaviour/mail-intake.md#matching):
 * ignored (no source expects its sender, or its subject), unreadable, or matched with the attachment
 * each source reads. Candidate selection and matching read the same header parse, so a message is never
 * picked by one reading of its From line and dropped by another.
 */
import { createHash } from 'node:crypto';
import type { FileProcessor, InboundMessageContext, MailMatchRule } from './file-processors';
import { evaluateRule, type RuleEvaluation } from './mail-evaluation';
import { type MailAttachment, type MatchableMessage, senderMatches } from './mail-matching';
import type { ListedMessage } from './mailbox-session';
import { type MessageHeaders, readMessageHeaders } from './mime/headers';
import { type PartSummary, type PreparedMail, prepareMail } from './mime/prepare-mail';
import { pollErrorText } from './poll-errors';

export type MessageStatus = 'processed' | 'ignored' | 'failed';

export interface BoundRule {
  rule: MailMatchRule;
  processor: FileProcessor;
}

/** What the decision said for one candidate source (the ledger shows it, docs/behaviour/mail-intake.md#the-mailbox-ledger). */
export interface Evaluated {
  rule: MailMatchRule;
  evaluation: RuleEvaluation;
}

export type MatchedChoice = BoundRule & {
  attachment: MailAttachment | undefined;
  /** Set when the rule matched a forwarded message inside the e-mail: which one (shown in the run). */
  matchedOn: string | null;
};

export interface MessageRecord {
  uid: number;
  messageIdHash: string;
  fromAddress: string | null;
  subject: string | null;
  receivedAt: Date | null;
  attachmentCount: number;
}

/** What processors learn of the message besides its file (the raw message's id is known once stored). */
export type MessageContext = Omit<InboundMessageContext, 'rawFileId'>;

/**
 * The e-mail as a failed run names it (docs/behaviour/mail-intake.md#failures-and-visibility): enough for a
 * person to find it in the mailbox, and what it carried.
 */
export interface MailSummary {
  from: string | null;
  subject: string | null;
  date: string | null;
  messageId: string | null;
  uid: number;
  parts: PartSummary[];
}

export type PreparedMessage =
  | {
      kind: 'ignored';
      record: MessageRecord;
      note: string | null;
      /** When the message was read: its files and the candidates' evaluations (none: not read). */
      attachments?: MailAttachment[];
      evaluations?: Evaluated[];
    }
  | {
      kind: 'unreadable';
      record: MessageRecord;
      raw: Buffer;
      summary: MailSummary;
      bound: BoundRule[];
      message: string;
    }
  | {
      kind: 'matched';
      record: MessageRecord;
      raw: Buffer;
      summary: MailSummary;
      choices: MatchedChoice[];
      attachments: MailAttachment[];
      context: MessageContext;
      evaluations: Evaluated[];
    };

/**
 * A listed message: its record so far and the sources that may want it. Those are the sources expecting
 * one of its senders, or, when it carries a forwarded message, every source: the rules may match the
 * forwarded message instead (decideMessage).
 */
export function screenListed(
  listed: ListedMessage,
  rules: BoundRule[],
): { record: MessageRecord; headers: MessageHeaders; candidates: BoundRule[] } {
  const headers = readMessageHeaders(listed.headers);
  const bySender = rules.filter(({ rule }) => senderMatches(rule, headers.senders));
  const record: MessageRecord = {
    uid: listed.uid,
    messageIdHash: messageIdHash(listed, headers),
    fromAddress: chosenSender(headers.senders, bySender),
    subject: headers.subject,
    receivedAt: toDate(listed.internalDate) ?? headers.date,
    attachmentCount: 0,
  };
  return { record, headers, candidates: listed.carriesMessage ? rules : bySender };
}

/** The sender a source expects when there is one, else the first address of the From header. */
function chosenSender(senders: string[], candidates: BoundRule[]): string | null {
  const expected = senders.find((address) => candidates.some(({ rule }) => senderMatches(rule, address)));
  return expected ?? senders[0] ?? null;
}

interface MatchLevel extends MatchableMessage {
  /** Null for the e-mail itself; else which forwarded message, in words. */
  label: string | null;
}

/**
 * The read message, prepared and matched against the candidates. Sender and subject rules (and the
 * attachment count) apply to the e-mail itself or to any message forwarded inside it; the first that
 * matches gives the files the source chooses from (the e-mail's own match offers every file, its
 * forwarded ones included). docs/decisions/0008-mail-attachment-structures.md
 */
export async function decideMessage(
  base: MessageRecord,
  raw: Buffer,
  candidates: BoundRule[],
): Promise<PreparedMessage> {
  let mail: PreparedMail;
  try {
    mail = prepareMail(raw);
  } catch (error) {
    const bound = candidates.filter(({ rule }) => senderMatches(rule, base.fromAddress));
    const message = `The e-mail could not be read: ${pollErrorText(error)}`;
    if (bound.length === 0) return { kind: 'ignored', record: base, note: message };
    const headers = readMessageHeaders(raw);
    return { kind: 'unreadable', record: base, raw, summary: summarise(base, headers, []), bound, message };
  }
  const { headers, attachments } = mail;
  const record: MessageRecord = {
    ...base,
    fromAddress: chosenSender(
      headers.senders,
      candidates.filter(({ rule }) => senderMatches(rule, headers.senders)),
    ),
    subject: headers.subject,
    attachmentCount: attachments.length,
  };
  const levels: MatchLevel[] = [
    {
      label: null,
      fromAddress: record.fromAddress,
      senders: headers.senders,
      subject: headers.subject,
      attachments,
    },
    ...mail.forwarded.map((inner) => ({
      label: `the forwarded message from ${inner.headers.senders[0] ?? 'an unknown sender'} ("${inner.headers.subject}")`,
      fromAddress: inner.headers.senders[0] ?? null,
      senders: inner.headers.senders,
      subject: inner.headers.subject,
      attachments: inner.attachments,
    })),
  ];
  const choices: MatchedChoice[] = [];
  const evaluations: Evaluated[] = [];
  for (const bound of candidates) {
    let chosen: { level: MatchLevel; evaluation: RuleEvaluation } | undefined;
    for (const level of levels) {
      const evaluation = evaluateRule(bound.rule, level);
      if (evaluation.meantFor) {
        chosen = { level, evaluation };
        break;
      }
    }
    // A source no level is meant for is explained by the e-mail itself.
    evaluations.push({
      rule: bound.rule,
      evaluation: chosen?.evaluation ?? evaluateRule(bound.rule, levels[0]!),
    });
    if (!chosen) continue;
    // A source whose file is behind a link reads the message itself, never an attachment (the evaluation
    // chose none).
    choices.push({ ...bound, attachment: chosen.evaluation.attachment, matchedOn: chosen.level.label });
  }
  if (choices.length === 0) return { kind: 'ignored', record, note: null, attachments, evaluations };
  const context: MessageContext = {
    subject: headers.subject,
    fromAddress: record.fromAddress,
    text: mail.text,
    html: mail.html,
    receivedAt: record.receivedAt,
  };
  return {
    kind: 'matched',
    record,
    raw,
    summary: summarise(record, headers, mail.parts),
    choices,
    attachments,
    context,
    evaluations,
  };
}

function summarise(record: MessageRecord, headers: MessageHeaders, parts: PartSummary[]): MailSummary {
  return {
    from: headers.senders.join(', ') || null,
    subject: headers.subject || null,
    date: (headers.date ?? record.receivedAt)?.toISOString() ?? null,
    messageId: headers.messageId,
    uid: record.uid,
    parts,
  };
}

function toDate(value: Date | string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function sha256(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * The Message-ID, hashed (it survives a rebuilt mailbox, the UID does not). A message without one is
 * known by its arrival time, sender, subject and size instead.
 */
function messageIdHash(listed: ListedMessage, headers: MessageHeaders): string {
  if (headers.messageId) return sha256(headers.messageId);
  const fallback = [
    listed.internalDate ? new Date(listed.internalDate).toISOString() : '',
    headers.senders[0] ?? '',
    headers.subject,
    listed.size ?? '',
  ].join('\n');
  return `no-message-id:${sha256(fallback)}`;
}
