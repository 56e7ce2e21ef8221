/**
 * Sends a vendor submission e-mail through the vendor's send-from e-mail source (its own outgoing server,
 * XOAUTH2 for Microsoft sources). Never throws: every problem is an outcome whose message an operator can
 * act on, recorded in the vendor's run.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context';
import type { SmtpSendVerdict } from '../../../integrations/outgoing-mail';
import { errorMessage } from '../../../lib/error-message';
import { findEmailSourceById } from '../../email-sources/repository';
import { senderAddress, sendFromEmailSource } from '../../email-sources/source-connection';

export interface OutgoingAttachment {
  fileName: string;
  content: Buffer;
  contentType: string;
}

export interface SubmissionEmail {
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  body: string;
  attachments: OutgoingAttachment[];
  /** The stable Message-ID of the submission (submissionMessageId), the same on every attempt. */
  messageId?: string;
  /**
   * Runs before the end of data that makes the relay take the e-mail; when it throws, the relay gets no end
   * and the outcome is 'deferred' (source-connection.ts sendFromEmailSource).
   */
  beforeEndOfData?: () => Promise<void>;
}

export interface SendOutcome {
  ok: boolean;
  message: string;
  /** The address the e-mail was (or would have been) sent from; '' when the source is missing. */
  from: string;
  /** Of a failed send: whether the relay may have taken the message (outgoing-mail.ts smtpSendVerdict). */
  verdict?: SmtpSendVerdict;
}

/**
 * The Message-ID of a vendor submission, derived from what it carries (the vendor and its order lines), so
 * that every attempt to send the same lines, and every re-send, carries the same one
 * (docs/behaviour/order-submission.md#sending-exactly-once). The domain is the send-from address's.
 */
export async function submissionMessageId(
  context: AppContext,
  emailSourceId: number | null,
  vendorId: number,
  lineIds: readonly number[],
): Promise<string> {
  const emailSource =
    emailSourceId === null ? undefined : await findEmailSourceById(context.db, emailSourceId);
  const domain = (emailSource ? senderAddress(emailSource) : '').split('@')[1]?.replace(/[<>\s]/g, '');
  const key = `vendor ${vendorId} lines ${[...lineIds].sort((a, b) => a - b).join(',')}`;
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<purchase-order.${hash}@${domain || 'inbox-ops.localhost'}>`;
}

export async function sendSubmissionEmail(
  context: AppContext,
  emailSourceId: number | null,
  mail: SubmissionEmail,
): Promise<SendOutcome> {
  try {
    return await send(context, emailSourceId, mail);
  } catch (error) {
    return { ok: false, message: `The e-mail could not be sent: ${errorMessage(error)}`, from: '' };
  }
}

async function send(
  context: AppContext,
  emailSourceId: number | null,
  mail: SubmissionEmail,
): Promise<SendOutcome> {
  const emailSource =
    emailSourceId === null ? undefined : await findEmailSourceById(context.db, emailSourceId);
  if (!emailSource) {
    return {
      ok: false,
      message: 'The vendor has no send-from e-mail source (it was deleted or never set).',
      from: '',
    };
  }
  const from = senderAddress(emailSource);
  const fail = (message: string): SendOutcome => ({ ok: false, message, from });
  if (mail.to.length === 0) return fail('The vendor has no recipient (Emails to is empty).');
  const sent = await sendFromEmailSource(
    context,
    emailSource,
    {
      to: mail.to,
      ...(mail.cc.length > 0 ? { cc: mail.cc } : {}),
      ...(mail.bcc.length > 0 ? { bcc: mail.bcc } : {}),
      subject: mail.subject,
      text: mail.body,
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      attachments: mail.attachments.map((attachment) => ({
        filename: attachment.fileName,
        content: attachment.content,
        contentType: attachment.contentType,
        // nodemailer shows a message/rfc822 part inline by default; a forwarded order is an attachment.
        contentDisposition: 'attachment' as const,
      })),
    },
    mail.beforeEndOfData ? { beforeEndOfData: mail.beforeEndOfData } : {},
  );
  if (!sent.ok) return { ...fail(sent.message), ...(sent.verdict ? { verdict: sent.verdict } : {}) };
  const recipients = [...mail.to, ...mail.cc, ...mail.bcc].length;
  return {
    ok: true,
    message: `Sent to ${mail.to.join(', ')}${recipients > mail.to.length ? ` (${recipients} recipients in all)` : ''}.`,
    from,
  };
}
