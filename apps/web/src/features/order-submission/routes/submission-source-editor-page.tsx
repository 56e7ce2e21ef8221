import {
  ORDER_SUBMISSION_SOURCE_MESSAGES,
  type OrderSubmissionSource,
  type PickerPair,
  ZOrderSubmissionSourceSchema,
} from '@app/contracts';
import { useWatch } from 'react-hook-form';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { FormSection } from '@/components/form/form-section';
import { type EditorSaveState, useRecordEditorSubmit } from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { MailedSourceEditorPage, RunHistoryButton } from '@/shared/sources/components/mailed-source-editor';
import {
  EditorSaveFooter,
  MailedFileSelects,
  MailMatchedActiveField,
} from '@/shared/sources/components/source-editor-parts';
import { TestRulesCard } from '@/shared/sources/components/test-rules-card';
import {
  SUBMISSION_SOURCES_PATH,
  submissionSourceEditPath,
  useSaveSubmissionSource,
  useSubmissionSource,
} from '../api/order-submission-sources';
import {
  NEW_SUBMISSION_SOURCE,
  type SubmissionSourceFormValues,
  toSubmissionSourceFormValues,
  toSubmissionSourceSaveBody,
} from '../lib/submission-source-form';

const M = ORDER_SUBMISSION_SOURCE_MESSAGES;

export function SubmissionSourceEditorPage() {
  return (
    <MailedSourceEditorPage
      auditEntityType="submission-source"
      useRecord={useSubmissionSource}
      fetchErrorLabel="Error fetching order submission source:"
      loadFailed={M.loadFailed}
      emailListFailed={M.emailListFailed}
      cards={4}
      title={{ create: 'Create New Order Submission Source', edit: 'Edit Order Submission Source' }}
      subtitle="Recognise incoming order e-mails whose orders are submitted to vendors."
      backTo={SUBMISSION_SOURCES_PATH}
      backLabel="Back to Order Submission Sources"
      actions={(source) => <RunHistoryButton sourceType="order-submission" sourceId={source.id} />}
      renderForm={({ loaded, ...props }) => (
        <SubmissionSourceForm
          initial={loaded ? toSubmissionSourceFormValues(loaded) : NEW_SUBMISSION_SOURCE}
          {...props}
        />
      )}
    />
  );
}

const { TextField, SwitchField } = fieldsFor<SubmissionSourceFormValues>();
const idOf = (name: string) => `oss-${name}`;

function SubmissionSourceForm({
  initial,
  emailSourcePairs,
  emailSourcesLoading,
  state,
}: {
  initial: SubmissionSourceFormValues;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  state: EditorSaveState;
}) {
  const saveSource = useSaveSubmissionSource();
  const form = useZodForm(ZOrderSubmissionSourceSchema, { defaultValues: initial });
  const [needsLinkClick, downloadSpreadsheet, downloadPdf] = useWatch({
    control: form.control,
    name: ['noAttachmentsNeedsLinkClick', 'downloadSpreadsheet', 'downloadPdf'],
  });

  const onSubmit = useRecordEditorSubmit(form, state, {
    save: (values) => saveSource.mutateAsync(toSubmissionSourceSaveBody(values)),
    logLabel: 'Error saving order submission source:',
    messages: M,
    editPath: submissionSourceEditPath,
    listPath: SUBMISSION_SOURCES_PATH,
    toFormValues: (record: OrderSubmissionSource) => toSubmissionSourceFormValues(record),
  });

  return (
    // A long picker name is cut off inside its select instead of widening the card.
    <FormKit
      form={form}
      idOf={idOf}
      onSubmit={onSubmit}
      className="space-y-6 [&_[data-slot=select-value]]:w-0 [&_[data-slot=select-value]]:min-w-0 [&_[data-slot=select-value]]:flex-1"
    >
      <UnsavedChangesGuard control={form.control} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <FormSection
          title="Basic Configuration"
          description="The source's name, the mailbox it reads and the order file it expects."
          contentClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <TextField name="sourceName" label="Source Name *" className="sm:col-span-2" required />
          <MailedFileSelects
            emailLabel="Email Source *"
            emailSourcePairs={emailSourcePairs}
            emailSourcesLoading={emailSourcesLoading}
          />
          <div className="grid grid-cols-1 gap-3 sm:col-span-2">
            <SwitchField
              name="ordersAreAllQuantityOne"
              label="Orders Are All Quantity One"
              description="Each line of the order file is one unit: the quantity sent to vendors is always 1."
            />
            <MailMatchedActiveField />
          </div>
        </FormSection>

        <FormSection
          title="Attachment & Email Settings"
          description="Which e-mails carry the orders, and in which attachment."
          contentClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <TextField name="fromEmail" label="From Email *" type="email" className="sm:col-span-2" required />
          <TextField
            name="subjectValue"
            label="Subject Value *"
            className="sm:col-span-2"
            required
            hint="At least 3 characters"
          />
          <div className="sm:col-span-2">
            <SwitchField
              name="containsNotExact"
              label="Subject contains (not exact match)"
              description="Match e-mails whose subject contains the value instead of equalling it."
            />
          </div>
          <TextField
            name="expectedAttachmentCount"
            label="Expected Attachment Count *"
            type="number"
            min={0}
            required
            hint="0 when the orders sit behind a link"
          />
          <TextField
            name="expectedNumberOfBatchEmails"
            label="Expected Number of Batch Emails *"
            type="number"
            min={1}
            required
            hint="E-mails of the same day processed together as one batch"
          />
          <TextField
            name="attachmentName"
            label="Attachment Name"
            className="sm:col-span-2"
            hint="Supports * wildcards (e.g. orders_*.xlsx)"
          />
        </FormSection>

        <TestRulesCard sourceType="order-submission" className="lg:col-span-2" />

        <FormSection
          title="Link Processing"
          description="For e-mails without an attachment: the order file is downloaded from a link in the body."
          contentClassName="grid grid-cols-1 gap-4"
        >
          <SwitchField
            name="noAttachmentsNeedsLinkClick"
            label="No Attachments, Needs Link Click"
            description="The order file is behind a link in the e-mail body."
          />
          <TextField
            name="linkClickPreceededByText"
            label="Link Preceded By Text"
            hint={
              needsLinkClick
                ? 'The text just before the link in the e-mail body'
                : 'Used only when the e-mail needs a link click'
            }
          />
          <TextField
            name="linkClickAlwaysContainsText"
            label="Link Always Contains Text"
            hint="Part of the address every such link contains"
          />
        </FormSection>

        <FormSection
          title="Download Configuration"
          description="What is downloaded from the page behind the link, and under which names."
          contentClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            <SwitchField
              name="downloadSpreadsheet"
              label="Download Spreadsheet"
              description="Click the spreadsheet download button."
            />
          </div>
          <TextField
            name="spreadsheetDownloadButtonText"
            label="Spreadsheet Download Button Text"
            hint={downloadSpreadsheet ? 'The label of the button to click' : 'Spreadsheet download is off'}
          />
          <TextField name="spreadsheetType" label="Spreadsheet Type" placeholder=".xlsx" />
          <TextField
            name="spreadsheetDownloadName"
            label="Spreadsheet Download Name"
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <SwitchField
              name="downloadPdf"
              label="Download PDF"
              description="Click the PDF download button."
            />
          </div>
          <TextField
            name="pdfDownloadButtonText"
            label="PDF Download Button Text"
            hint={downloadPdf ? 'The label of the button to click' : 'PDF download is off'}
          />
          <TextField name="pdfDownloadName" label="PDF Download Name" />
        </FormSection>
      </div>

      <EditorSaveFooter listPath={SUBMISSION_SOURCES_PATH} state={state} />
    </FormKit>
  );
}
