/**
 * The order submission FileProcessor (docs/behaviour/order-submission.md#overview): mail intake offers it the order e-mails of the
 * active submission sources bound to a mailbox, re-process offers it a run's stored order file. A source
 * with noAttachmentsNeedsLinkClick declares that it needs no attachment: intake hands it the message
 * itself (`processMessage`), whose order file is fetched from the link after the commit, and the number of
 * attachments is not checked for it (a logo or a signature must not keep the order out).
 */
import type { DbOrTx } from '@app/db';
import {
  type FileProcessor,
  type MailMatchRule,
  type ProcessFileRequest,
  type SourceMatchFields,
  toMailMatchRule,
} from '../../intake/file-processors';
import { listActiveOrderSubmissionSourcesOfMailbox } from '../sources-repository';
import { recordLinkedOrderEmail, recordOrderEmail } from './order-emails';

/** A submission source's rule as intake matches it; the rule tester builds an editor's rule with it too. */
export function orderSubmissionMatchRule(
  emailSourceId: number,
  row: SourceMatchFields & { noAttachmentsNeedsLinkClick: boolean },
): MailMatchRule {
  return {
    ...toMailMatchRule('order-submission', emailSourceId, row),
    expectedAttachmentCount: row.noAttachmentsNeedsLinkClick ? null : row.expectedAttachmentCount,
    needsNoAttachment: row.noAttachmentsNeedsLinkClick,
  };
}

export async function orderSubmissionMailRules(db: DbOrTx, emailSourceId: number): Promise<MailMatchRule[]> {
  const rows = await listActiveOrderSubmissionSourcesOfMailbox(db, emailSourceId);
  return rows.map((row) => orderSubmissionMatchRule(emailSourceId, row));
}

export const orderSubmissionFileProcessor = {
  sourceType: 'order-submission',
  mailRules: orderSubmissionMailRules,
  process: (request: ProcessFileRequest) => recordOrderEmail(request),
  processMessage: recordLinkedOrderEmail,
} satisfies FileProcessor;
