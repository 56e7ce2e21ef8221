/**
 * The order submission source editor's form values: what the inputs hold, how a loaded source fills them, the
 * contract's schema as the resolver and what a save sends (docs/behaviour/order-submission.md#submission-source-editor).
 */
import {
  type OrderSubmissionSource,
  type TOrderSubmissionSource,
  ZOrderSubmissionSourceSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { numberText } from '@/features/sources/components/source-editor-parts';

/** Counts as text ('' = not filled in), the e-mail source as its id in text. */
export interface SubmissionSourceFormValues {
  id: number;
  sourceName: string;
  emailSourceId: string;
  fileType: string;
  textEncoding: string;
  fromEmail: string;
  subjectValue: string;
  containsNotExact: boolean;
  expectedAttachmentCount: string;
  expectedNumberOfBatchEmails: string;
  attachmentName: string;
  noAttachmentsNeedsLinkClick: boolean;
  ordersAreAllQuantityOne: boolean;
  linkClickPreceededByText: string;
  linkClickAlwaysContainsText: string;
  downloadSpreadsheet: boolean;
  downloadPdf: boolean;
  spreadsheetDownloadButtonText: string;
  pdfDownloadButtonText: string;
  spreadsheetType: string;
  spreadsheetDownloadName: string;
  pdfDownloadName: string;
  activeStatus: boolean;
  deletedStatus: boolean;
}

/**
 * The defaults (docs/behaviour/order-submission.md#submission-source-editor): both downloads on, active. One attachment in one e-mail is the common case, so the two
 * required counts start at 1 rather than empty.
 */
export const NEW_SUBMISSION_SOURCE: SubmissionSourceFormValues = {
  id: 0,
  sourceName: '',
  emailSourceId: '',
  fileType: '',
  textEncoding: '',
  fromEmail: '',
  subjectValue: '',
  containsNotExact: false,
  expectedAttachmentCount: '1',
  expectedNumberOfBatchEmails: '1',
  attachmentName: '',
  noAttachmentsNeedsLinkClick: false,
  ordersAreAllQuantityOne: false,
  linkClickPreceededByText: '',
  linkClickAlwaysContainsText: '',
  downloadSpreadsheet: true,
  downloadPdf: true,
  spreadsheetDownloadButtonText: '',
  pdfDownloadButtonText: '',
  spreadsheetType: '',
  spreadsheetDownloadName: '',
  pdfDownloadName: '',
  activeStatus: true,
  deletedStatus: false,
};

export function toSubmissionSourceFormValues(source: OrderSubmissionSource): SubmissionSourceFormValues {
  return {
    id: source.id,
    sourceName: source.sourceName ?? '',
    emailSourceId: source.emailSourceId ? String(source.emailSourceId) : '',
    fileType: source.fileType ?? '',
    textEncoding: source.textEncoding ?? '',
    fromEmail: source.fromEmail ?? '',
    subjectValue: source.subjectValue ?? '',
    containsNotExact: Boolean(source.containsNotExact),
    expectedAttachmentCount: numberText(source.expectedAttachmentCount),
    expectedNumberOfBatchEmails: numberText(source.expectedNumberOfBatchEmails),
    attachmentName: source.attachmentName ?? '',
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
    activeStatus: source.activeStatus ?? true,
    deletedStatus: Boolean(source.deletedStatus),
  };
}

// The contract's schema starts with a preprocess (it accepts `Id` as well as `id`), so its input type is
// `unknown`; the form's own value type is stated here and the schema's output is what a save sends.
export const submissionSourceResolver = zodResolver(
  ZOrderSubmissionSourceSchema as never,
) as unknown as Resolver<SubmissionSourceFormValues, unknown, TOrderSubmissionSource>;

/** docs/behaviour/order-submission.md#calls: the parsed form with `Id` (0 creates), the counts as numbers, the e-mail source's numeric id. */
export function toSubmissionSourceSaveBody(values: TOrderSubmissionSource): Record<string, unknown> {
  const { id, ...rest } = values;
  return { Id: id, ...rest };
}
