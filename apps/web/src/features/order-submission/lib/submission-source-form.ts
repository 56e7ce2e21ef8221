/**
 * The order submission source editor's form values: what the inputs hold, how a loaded source fills them, the
 * contract's schema as the resolver and what a save sends (docs/behaviour/order-submission.md#submission-source-editor).
 */
import {
  type OrderSubmissionSource,
  SUBMISSION_SOURCE_DEFAULTS,
  type TOrderSubmissionSource,
} from '@app/contracts';
import { numberText } from '@/shared/sources/components/source-editor-parts';
import { toMailRuleFormValues } from '@/shared/sources/lib/mail-rule-form';

/** Inputs that hold text for a number or a choice: '' = not filled in (the e-mail source as its id in text). */
type TextInputField =
  | 'emailSourceId'
  | 'textEncoding'
  | 'expectedAttachmentCount'
  | 'expectedNumberOfBatchEmails';

export type SubmissionSourceFormValues = Omit<OrderSubmissionSource, 'lastRun' | TextInputField> &
  Record<TextInputField, string>;

export function toSubmissionSourceFormValues(source: OrderSubmissionSource): SubmissionSourceFormValues {
  return {
    ...toMailRuleFormValues(source),
    expectedNumberOfBatchEmails: numberText(source.expectedNumberOfBatchEmails),
    noAttachmentsNeedsLinkClick: Boolean(source.noAttachmentsNeedsLinkClick),
    ordersAreAllQuantityOne: Boolean(source.ordersAreAllQuantityOne),
    linkClickPreceededByText: source.linkClickPreceededByText ?? '',
    linkClickAlwaysContainsText: source.linkClickAlwaysContainsText ?? '',
    downloadSpreadsheet: source.downloadSpreadsheet ?? true,
    downloadPdf: source.downloadPdf ?? true,
    spreadsheetDownloadButtonText: source.spreadsheetDownloadButtonText ?? '',
    pdfDownloadButtonText: source.pdfDownloadButtonText ?? '',
    spreadsheetType: source.spreadsheetType ?? '',
    spreadsheetDownloadName: source.spreadsheetDownloadName ?? '',
    pdfDownloadName: source.pdfDownloadName ?? '',
    deletedStatus: Boolean(source.deletedStatus),
  };
}

export const NEW_SUBMISSION_SOURCE: SubmissionSourceFormValues = toSubmissionSourceFormValues({
  id: 0,
  ...SUBMISSION_SOURCE_DEFAULTS,
  lastRun: null,
});

/** docs/behaviour/order-submission.md#calls: the parsed form with `Id` (0 creates), the counts as numbers, the e-mail source's numeric id. */
export function toSubmissionSourceSaveBody(values: TOrderSubmissionSource): Record<string, unknown> {
  const { id, ...rest } = values;
  return { Id: id, ...rest };
}
