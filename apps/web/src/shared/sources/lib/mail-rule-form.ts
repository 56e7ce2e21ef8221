/**
 * The fields every mailed-file source editor has (inventory, order tracking, order submission): which mailbox,
 * which e-mails and which attachment (docs/behaviour/sources.md#matching-e-mails). Numbers are held as text
 * ('' = not set), the e-mail source as its id in text.
 */
import type { MailedSourceFields } from '@app/contracts';
import { numberText } from '@/shared/sources/components/source-editor-parts';

export interface MailRuleFormValues {
  id: number;
  sourceName: string;
  emailSourceId: string;
  fileType: string;
  textEncoding: string;
  fromEmail: string;
  subjectValue: string;
  containsNotExact: boolean;
  expectedAttachmentCount: string;
  attachmentName: string;
  activeStatus: boolean;
}

/** The same fields as a loaded source has them. */
type MailRuleSource = MailedSourceFields & { expectedAttachmentCount: number | null };

/** A new source: nothing chosen, active. */
export const NEW_MAIL_RULE: MailRuleFormValues = {
  id: 0,
  sourceName: '',
  emailSourceId: '',
  fileType: '',
  textEncoding: '',
  fromEmail: '',
  subjectValue: '',
  containsNotExact: false,
  expectedAttachmentCount: '',
  attachmentName: '',
  activeStatus: true,
};

export function toMailRuleFormValues(source: MailRuleSource): MailRuleFormValues {
  return {
    id: source.id,
    sourceName: source.sourceName,
    emailSourceId: source.emailSourceId ? String(source.emailSourceId) : '',
    fileType: source.fileType ?? '',
    textEncoding: source.textEncoding ?? '',
    fromEmail: source.fromEmail ?? '',
    subjectValue: source.subjectValue ?? '',
    containsNotExact: Boolean(source.containsNotExact),
    expectedAttachmentCount: numberText(source.expectedAttachmentCount),
    attachmentName: source.attachmentName ?? '',
    activeStatus: source.activeStatus ?? true,
  };
}
