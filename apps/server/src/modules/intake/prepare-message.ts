/**
 * What a poll decides about one listed message before any database work (docs/behaviour/mail-intake.md#matching):
 * ignored (no source expects its sender, or its subject), unreadable, or matched with the attachment
 * each source reads. Candidate selection and matching read the same header parse, so a message is never
 * picked by one reading of its From line and dropped by another.
 */
import { createHash } from 'node:crypto';
import type { FileProcessor, InboundMessageContext, MailMatchRule } from './file-processors';
import { chooseAttachment, type MailAttachment, messageMatchesRule, senderMatches } from './mail-matching';
import type { ListedMessage } from './mailbox-session';
import { type MessageHeaders, readMessageHeaders } from './mime/headers';
import { prepareMail } from './mime/prepare-mail';
import { errorText } from './poll-errors';

export type MessageStatus = 'processed' | 'ignored' | 'failed';

export interface BoundRule {
  rule: MailMatchRule;
  processor: FileProcessor;
}

export type MatchedChoice = BoundRule & { attachment: MailAttachment | undefined };

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

export type PreparedMessage =
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

/** A listed message: its record so far and the sources that expect one of its senders. */
export function screenListed(
  listed: ListedMessage,
  rules: BoundRule[],
): { record: MessageRecord; headers: MessageHeaders; candidates: BoundRule[] } {
  const headers = readMessageHeaders(listed.headers);
  const candidates = rules.filter(({ rule }) => senderMatches(rule, headers.senders));
  const record: MessageRecord = {
    uid: listed.uid,
    messageIdHash: messageIdHash(listed, headers),
    fromAddress: chosenSender(headers.senders, candidates),
    subject: headers.subject,
    receivedAt: toDate(listed.internalDate) ?? headers.date,
    attachmentCount: 0,
  };
  return { record, headers, candidates };
}

/** The sender a source expects when there is one, else the first address of the From header. */
function chosenSender(senders: string[], candidates: BoundRule[]): string | null {
  const expected = senders.find((address) => candidates.some(({ rule }) => senderMatches(rule, address)));
  return expected ?? senders[0] ?? null;
}

/** The read message, prepared and matched against the candidates. */
export async function decideMessage(
  base: MessageRecord,
  raw: Buffer,
  candidates: BoundRule[],
): Promise<PreparedMessage> {
  let mail: Awaited<ReturnType<typeof prepareMail>>;
  try {
    mail = await prepareMail(raw);
  } catch (error) {
    return {
      kind: 'unreadable',
      record: base,
      bound: candidates,
      message: `The e-mail could not be read: ${errorText(error)}`,
    };
  }
  const { headers, attachments } = mail;
  const record: MessageRecord = {
    ...base,
    fromAddress: chosenSender(headers.senders, candidates) ?? base.fromAddress,
    subject: headers.subject,
    attachmentCount: attachments.length,
  };
  const matchable = {
    fromAddress: record.fromAddress,
    senders: headers.senders,
    subject: headers.subject,
    attachments,
  };
  const matched = candidates.filter(({ rule }) => messageMatchesRule(rule, matchable));
  if (matched.length === 0) return { kind: 'ignored', record, note: null };
  const choices = matched.map((bound) => ({
    ...bound,
    // A source whose file is behind a link reads the message itself, never an attachment.
    attachment: bound.rule.needsNoAttachment ? undefined : chooseAttachment(bound.rule, attachments),
  }));
  const context: MessageContext = {
    subject: headers.subject,
    fromAddress: record.fromAddress,
    text: mail.text,
    html: mail.html,
    receivedAt: record.receivedAt,
  };
  return { kind: 'matched', record, raw, choices, attachments, context };
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
