/**
 * The prepare step of a poll (docs/design/mail-intake-exactly-once.md#steps): the raw .eml bytes in, the
 * "prepared message" out — headers, sender addresses, subject, bodies and the attachment files matching
 * reads. A pure function of the bytes, so every MIME structure is tested without a mail server.
 */
import { simpleParser } from 'mailparser';
import { countableAttachments, type MailAttachment } from '../mail-matching';
import { type MessageHeaders, readMessageHeaders } from './headers';

export interface PreparedMail {
  headers: MessageHeaders;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export async function prepareMail(raw: Buffer): Promise<PreparedMail> {
  const headers = readMessageHeaders(raw);
  const parsed = await simpleParser(raw, {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipImageLinks: true,
  });
  return {
    headers,
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: countableAttachments(parsed.attachments),
  };
}
