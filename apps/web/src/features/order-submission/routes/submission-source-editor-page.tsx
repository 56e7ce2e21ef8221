import {
  ORDER_SUBMISSION_SOURCE_MESSAGES,
  type OrderSubmissionSource,
  type PickerPair,
  type TOrderSubmissionSource,
} from '@app/contracts';
import { History } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { openOrRefill, serverMessage } from '@/components/form/editor-save';
import {
  type EditorSaveState,
  useEditorSaveState,
  useEditorSubmit,
} from '@/components/form/use-editor-submit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { runHistoryPath } from '@/features/runs/api/runs';
import { useEmailSourceOptions } from '@/features/sources/api/email-source-options';
import {
  EditorFooter,
  EditorHeader,
  editorContent,
  MailedFileSelects,
  PickerLoadBanner,
  parseSourceId,
  SaveMessages,
} from '@/features/sources/components/source-editor-parts';
import { useLogError } from '@/hooks/use-log-error';
import {
  SUBMISSION_SOURCES_PATH,
  submissionSourceEditPath,
  useSaveSubmissionSource,
  useSubmissionSource,
} from '../api/order-submission-sources';
import {
  NEW_SUBMISSION_SOURCE,
  type SubmissionSourceFormValues,
  submissionSourceResolver,
  toSubmissionSourceFormValues,
  toSubmissionSourceSaveBody,
} from '../lib/submission-source-form';

const M = ORDER_SUBMISSION_SOURCE_MESSAGES;
/** docs/behaviour/screens.md#save-button: the Save button returns to idle 3 s after saved or error. */
const SAVE_RESET_MS = 3000;

export function SubmissionSourceEditorPage() {
  const sourceId = parseSourceId(useParams().sourceId);
  const isCreate = sourceId === 0;
  const source = useSubmissionSource(sourceId ?? 0, { enabled: sourceId !== null && sourceId > 0 });
  const emailSources = useEmailSourceOptions();
  // Above the keyed form: after a create the page becomes the new source's editor and keeps 'Saved!',
  // the success alert and 'Back to Sources'.
  const editorSave = useEditorSaveState(SAVE_RESET_MS);

  useLogError(source.error, 'Error fetching order submission source:');
  useLogError(emailSources.error, 'Error fetching email sources:');

  const content = editorContent({
    id: sourceId,
    record: source,
    loadFailed: M.loadFailed,
    cards: 4,
    form: (loaded) => (
      <>
        <PickerLoadBanner query={emailSources} message={M.emailListFailed} />
        <SubmissionSourceForm
          key={sourceId}
          initial={loaded ? toSubmissionSourceFormValues(loaded) : NEW_SUBMISSION_SOURCE}
          emailSourcePairs={emailSources.data}
          emailSourcesLoading={emailSources.isPending}
          state={editorSave}
        />
      </>
    ),
  });

  return (
    <div className="space-y-6">
      <EditorHeader
        title={isCreate ? 'Create New Order Submission Source' : 'Edit Order Submission Source'}
        subtitle="Recognise incoming order e-mails whose orders are submitted to vendors."
        backTo={SUBMISSION_SOURCES_PATH}
        backLabel="Back to Order Submission Sources"
      />
      {/* Beyond the spec (docs/behaviour/runs-and-history.md#run-history): the source's run history. */}
      {!isCreate && source.data && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={runHistoryPath('order-submission', source.data.id)}>
              <History aria-hidden />
              Run History
            </Link>
          </Button>
        </div>
      )}
      {content}
    </div>
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
  const navigate = useNavigate();
  const saveSource = useSaveSubmissionSource();
  const form = useForm<SubmissionSourceFormValues, unknown, TOrderSubmissionSource>({
    resolver: submissionSourceResolver,
    defaultValues: initial,
  });
  const [needsLinkClick, downloadSpreadsheet, downloadPdf] = useWatch({
    control: form.control,
    name: ['noAttachmentsNeedsLinkClick', 'downloadSpreadsheet', 'downloadPdf'],
  });

  const onSubmit = useEditorSubmit<SubmissionSourceFormValues, TOrderSubmissionSource, OrderSubmissionSource>(
    form,
    state,
    {
      save: (values) => saveSource.mutateAsync(toSubmissionSourceSaveBody(values)),
      logLabel: 'Error saving order submission source:',
      failureMessage: (error) => serverMessage(error) ?? M.saveFailed,
      unexpectedMessage: M.unexpected,
      savedMessage: M.saved,
      onSaved: openOrRefill({
        open: (path) => navigate(path, { replace: true }),
        editPath: submissionSourceEditPath,
        listPath: SUBMISSION_SOURCES_PATH,
        refill: (record) => form.reset(record ? toSubmissionSourceFormValues(record) : form.getValues()),
      }),
    },
  );

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
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Basic Configuration</h2>
            </CardTitle>
            <CardDescription>
              The source's name, the mailbox it reads and the order file it expects.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
              <SwitchField
                name="activeStatus"
                label="Active"
                description="Incoming e-mails are matched against this source."
              />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Attachment & Email Settings</h2>
            </CardTitle>
            <CardDescription>Which e-mails carry the orders, and in which attachment.</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              name="fromEmail"
              label="From Email *"
              type="email"
              className="sm:col-span-2"
              required
            />
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
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Link Processing</h2>
            </CardTitle>
            <CardDescription>
              For e-mails without an attachment: the order file is downloaded from a link in the body.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4">
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
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Download Configuration</h2>
            </CardTitle>
            <CardDescription>
              What is downloaded from the page behind the link, and under which names.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
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
          </CardContent>
        </Card>
      </div>

      <SaveMessages success={state.outcome.success} error={state.outcome.error} />
      <EditorFooter
        listPath={SUBMISSION_SOURCES_PATH}
        showBack={state.savedOnce}
        saveLabel={state.button.label}
        saving={state.saving}
      />
    </FormKit>
  );
}
