/**
 * The rules' parts: sender, subject, file type and name (docs/behaviour/mail-intake.md#matching). Pure functions over
 * a parsed message, so every rule is tested without a mailbox; `mail-evaluation.ts` puts them together into the
 * one decision intake takes.
 */
import path from 'node:path';
import { wildcardMatches } from '../../lib/wildcard';
import type { MailMatchRule } from './file-processors';

/** The parts of a message that matching reads (the prepared message, mime/prepare-mail.ts). */
export interface MatchableMessage {
  fromAddress: string | null;
  /** Every address the From header(s) hold; when given, any of them may match (fromAddress is ignored). */
  senders?: readonly string[];
  subject: string;
  attachments: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const EXTENSIONS: Record<string, string> = {
  'text/csv': '.csv',
  'application/csv': '.csv',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'message/rfc822': '.eml',
};

export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.toLowerCase()] ?? '';
}

/** "Name <a@b.example>" or "a@b.example" → "a@b.example", lower case. */
export function addressPart(value: string): string {
  const angle = /<([^>]*)>/.exec(value);
  return (angle ? angle[1]! : value).trim().toLowerCase();
}

function normaliseSubject(value: string): string {
  return value.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A list is an ambiguous sender (docs/behaviour/mail-intake.md#matching): any of its addresses may match. */
export function senderMatches(
  rule: Pick<MailMatchRule, 'fromEmail'>,
  from: string | null | readonly string[],
): boolean {
  const wanted = addressPart(rule.fromEmail);
  if (wanted === '' || from === null) return false;
  const addresses = typeof from === 'string' ? [from] : from;
  return addresses.some((address) => addressPart(address) === wanted);
}

export function subjectMatches(
  rule: Pick<MailMatchRule, 'subjectValue' | 'containsNotExact'>,
  subject: string,
): boolean {
  const wanted = normaliseSubject(rule.subjectValue);
  const actual = normaliseSubject(subject);
  return rule.containsNotExact ? actual.includes(wanted) : actual === wanted;
}

export function normaliseFileType(fileType: string): string {
  const lowered = fileType.trim().toLowerCase();
  return lowered.startsWith('.') ? lowered : `.${lowered}`;
}

function typeMatches(fileType: string, attachment: MailAttachment): boolean {
  const wanted = normaliseFileType(fileType);
  const extension = path.extname(attachment.fileName).toLowerCase();
  // A file sent without an extension still counts when its MIME type says what it is.
  return extension === wanted || (extension === '' && extensionFor(attachment.contentType) === wanted);
}

/** The name rule of mail and SFTP intake: the pattern (`*` wildcard) matches the name with or without its extension. */
export function fileNameMatches(pattern: string, fileName: string): boolean {
  // Operators often type the name without its extension ("tracking_*"): either form matches.
  const withoutExtension = fileName.slice(0, fileName.length - path.extname(fileName).length);
  return wildcardMatches(pattern, fileName) || wildcardMatches(pattern, withoutExtension);
}

/**
 * The one attachment this source reads: of the right file type and matching the name pattern; an exact
 * name beats a wildcard match, then the first in the message wins. Undefined: none fits.
 */
export function chooseAttachment(
  rule: Pick<MailMatchRule, 'fileType' | 'attachmentName'>,
  attachments: MailAttachment[],
): MailAttachment | undefined {
  const patternText = rule.attachmentName.trim() || '*';
  const fitting = attachments.filter(
    (attachment) =>
      typeMatches(rule.fileType, attachment) && fileNameMatches(patternText, attachment.fileName),
  );
  const exact = fitting.find((attachment) => attachment.fileName.toLowerCase() === patternText.toLowerCase());
  return exact ?? fitting[0];
}

/** 'The e-mail had no .csv attachment matching "tracking_*.csv"' plus what it did carry. */
export function noAttachmentMessage(
  rule: Pick<MailMatchRule, 'fileType' | 'attachmentName'>,
  attachments: MailAttachment[],
): string {
  const base = `The e-mail had no ${normaliseFileType(rule.fileType)} attachment matching "${rule.attachmentName.trim() || '*'}"`;
  if (attachments.length === 0) return `${base} (it had no attachments).`;
  const names = attachments.map((attachment) => `"${attachment.fileName}"`).join(', ');
  return `${base} (its attachments: ${names}).`;
}
