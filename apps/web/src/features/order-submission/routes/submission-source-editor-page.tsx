import {
  ORDER_SUBMISSION_SOURCE_MESSAGES,
  type OrderSubmissionSource,
  type PickerPair,
  SPREADSHEET_FILE_TYPES,
  TEXT_ENCODING_HINT,
  TEXT_ENCODING_OPTIONS,
  type TOrderSubmissionSource,
} from '@app/contracts';
import { History } from 'lucide-react';
import type { ReactNode } from 'react';
import { get, type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { runHistoryPath } from '@/features/runs/api/runs';
import { useEmailSourceOptions } from '@/features/sources/api/email-source-options';
import {
  applyServerFieldErrors,
  ControlledSelectField,
  ControlledSwitchField,
  controlProps,
  EditorFooter,
  EditorHeader,
  EditorSkeleton,
  emailSourceSelectOptions,
  FormField,
  LoadErrorBanner,
  parseSourceId,
  readSaveAnswer,
  SaveMessages,
  type SaveOutcome,
  type SelectOption,
  serverMessage,
  useEditorSaveState,
  withCurrentOption,
} from '@/features/sources/components/source-editor-parts';
import { useLogError } from '@/hooks/use-log-error';
import type { useSaveState } from '@/hooks/use-save-state';
import {
  SUBMISSION_SOURCES_PATH,
  submissionSourceEditPath,
  useSaveSubmissionSource,
  useSubmissionSource,
} from '../api/order-submission-sources';
import {
  NEW_SUBMISSION_SOURCE,
  type SubmissionSourceBooleanField,
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

  let content: ReactNode;
  if (sourceId === null) {
    content = <LoadErrorBanner message={M.loadFailed} />;
  } else if (!isCreate && source.isPending) {
    content = <EditorSkeleton cards={4} />;
  } else if (!isCreate && source.isError) {
    content = <LoadErrorBanner message={M.loadFailed} onRetry={() => void source.refetch()} />;
  } else {
    const initial =
      isCreate || !source.data ? NEW_SUBMISSION_SOURCE : toSubmissionSourceFormValues(source.data);
    content = (
      <>
        {emailSources.isError && (
          <LoadErrorBanner message={M.emailListFailed} onRetry={() => void emailSources.refetch()} />
        )}
        <SubmissionSourceForm
          key={sourceId}
          initial={initial}
          emailSourcePairs={emailSources.data}
          emailSourcesLoading={emailSources.isPending}
          {...editorSave}
        />
      </>
    );
  }

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

interface TextOptions {
  hint?: ReactNode;
  className?: string;
  type?: 'text' | 'number' | 'email';
  placeholder?: string;
  min?: number;
  required?: boolean;
}

function SubmissionSourceForm({
  initial,
  emailSourcePairs,
  emailSourcesLoading,
  saveState,
  outcome,
  onOutcome,
  savedOnce,
  onSaved,
}: {
  initial: SubmissionSourceFormValues;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  saveState: ReturnType<typeof useSaveState>;
  outcome: SaveOutcome;
  onOutcome: (outcome: SaveOutcome) => void;
  savedOnce: boolean;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const saveSource = useSaveSubmissionSource();
  const form = useForm<SubmissionSourceFormValues, unknown, TOrderSubmissionSource>({
    resolver: submissionSourceResolver,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const [needsLinkClick, downloadSpreadsheet, downloadPdf] = useWatch({
    control: form.control,
    name: ['noAttachmentsNeedsLinkClick', 'downloadSpreadsheet', 'downloadPdf'],
  });

  const onSubmit = form.handleSubmit(async (values) => {
    onOutcome({ success: null, error: null });
    saveState.start();
    let body: unknown;
    try {
      body = await saveSource.mutateAsync(toSubmissionSourceSaveBody(values));
    } catch (error) {
      saveState.fail();
      console.error('Error saving order submission source:', error);
      onOutcome({ success: null, error: serverMessage(error) ?? M.saveFailed });
      applyServerFieldErrors(form.setError, error);
      return;
    }
    const answer = readSaveAnswer<OrderSubmissionSource>(body);
    if (answer.kind === 'unexpected') {
      saveState.fail();
      onOutcome({ success: null, error: M.unexpected });
      return;
    }
    saveState.succeed();
    onSaved();
    onOutcome({ success: M.saved, error: null });
    if (answer.kind === 'saved') {
      // After a create the page becomes the new source's editor, so the next Save updates it.
      if (values.id === 0) navigate(submissionSourceEditPath(answer.record.id), { replace: true });
      else form.reset(toSubmissionSourceFormValues(answer.record));
    } else if (values.id === 0) {
      // 204 on a create: the new id is unknown, so the list is the only safe place to go on from.
      navigate(SUBMISSION_SOURCES_PATH, { replace: true });
    } else {
      form.reset(form.getValues());
    }
  });

  const errorOf = (name: Path<SubmissionSourceFormValues>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const idOf = (name: string) => `oss-${name}`;

  const textField = (name: Path<SubmissionSourceFormValues>, label: string, options: TextOptions = {}) => {
    const id = idOf(name);
    const error = errorOf(name);
    const { hint, className, required, ...inputOptions } = options;
    return (
      <FormField id={id} label={label} hint={hint} error={error} className={className}>
        <Input
          autoComplete="off"
          aria-required={required || undefined}
          {...controlProps(id, { hint, error })}
          {...inputOptions}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const switchField = (name: SubmissionSourceBooleanField, label: string, description: string) => (
    <ControlledSwitchField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      description={description}
    />
  );

  const selectField = (
    name: 'emailSourceId' | 'fileType' | 'textEncoding',
    label: string,
    options: (current: string) => SelectOption[],
    placeholder: string,
    hint?: string,
  ) => (
    <ControlledSelectField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      options={options}
      placeholder={placeholder}
      hint={hint}
      error={errorOf(name)}
    />
  );

  const fileTypeOptions = (current: string) =>
    withCurrentOption(
      SPREADSHEET_FILE_TYPES.map((type) => ({ value: type, label: type })),
      current,
    );

  return (
    // A long picker name is cut off inside its select instead of widening the card.
    <form
      onSubmit={onSubmit}
      noValidate
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
            {textField('sourceName', 'Source Name *', { className: 'sm:col-span-2', required: true })}
            {selectField(
              'emailSourceId',
              'Email Source *',
              (current) => emailSourceSelectOptions(emailSourcePairs, current),
              emailSourcesLoading ? 'Loading...' : 'Select an email source',
            )}
            {selectField(
              'fileType',
              'File Type',
              fileTypeOptions,
              'Select a file type',
              'Supports .csv, .xls and .xlsx files',
            )}
            {selectField(
              'textEncoding',
              'Text Encoding',
              () => [...TEXT_ENCODING_OPTIONS],
              'Detect automatically',
              TEXT_ENCODING_HINT,
            )}
            <div className="grid grid-cols-1 gap-3 sm:col-span-2">
              {switchField(
                'ordersAreAllQuantityOne',
                'Orders Are All Quantity One',
                'Each line of the order file is one unit: the quantity sent to vendors is always 1.',
              )}
              {switchField('activeStatus', 'Active', 'Incoming e-mails are matched against this source.')}
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
            {textField('fromEmail', 'From Email *', {
              type: 'email',
              className: 'sm:col-span-2',
              required: true,
            })}
            {textField('subjectValue', 'Subject Value *', {
              className: 'sm:col-span-2',
              required: true,
              hint: 'At least 3 characters',
            })}
            <div className="sm:col-span-2">
              {switchField(
                'containsNotExact',
                'Subject contains (not exact match)',
                'Match e-mails whose subject contains the value instead of equalling it.',
              )}
            </div>
            {textField('expectedAttachmentCount', 'Expected Attachment Count *', {
              type: 'number',
              min: 0,
              required: true,
              hint: '0 when the orders sit behind a link',
            })}
            {textField('expectedNumberOfBatchEmails', 'Expected Number of Batch Emails *', {
              type: 'number',
              min: 1,
              required: true,
              hint: 'E-mails of the same day processed together as one batch',
            })}
            {textField('attachmentName', 'Attachment Name', {
              className: 'sm:col-span-2',
              hint: 'Supports * wildcards (e.g. orders_*.xlsx)',
            })}
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
            {switchField(
              'noAttachmentsNeedsLinkClick',
              'No Attachments, Needs Link Click',
              'The order file is behind a link in the e-mail body.',
            )}
            {textField('linkClickPreceededByText', 'Link Preceded By Text', {
              hint: needsLinkClick
                ? 'The text just before the link in the e-mail body'
                : 'Used only when the e-mail needs a link click',
            })}
            {textField('linkClickAlwaysContainsText', 'Link Always Contains Text', {
              hint: 'Part of the address every such link contains',
            })}
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
              {switchField(
                'downloadSpreadsheet',
                'Download Spreadsheet',
                'Click the spreadsheet download button.',
              )}
            </div>
            {textField('spreadsheetDownloadButtonText', 'Spreadsheet Download Button Text', {
              hint: downloadSpreadsheet ? 'The label of the button to click' : 'Spreadsheet download is off',
            })}
            {textField('spreadsheetType', 'Spreadsheet Type', { placeholder: '.xlsx' })}
            {textField('spreadsheetDownloadName', 'Spreadsheet Download Name', {
              className: 'sm:col-span-2',
            })}
            <div className="sm:col-span-2">
              {switchField('downloadPdf', 'Download PDF', 'Click the PDF download button.')}
            </div>
            {textField('pdfDownloadButtonText', 'PDF Download Button Text', {
              hint: downloadPdf ? 'The label of the button to click' : 'PDF download is off',
            })}
            {textField('pdfDownloadName', 'PDF Download Name')}
          </CardContent>
        </Card>
      </div>

      <SaveMessages success={outcome.success} error={outcome.error} />
      <EditorFooter
        listPath={SUBMISSION_SOURCES_PATH}
        showBack={savedOnce}
        saveLabel={saveState.label}
        saving={saveState.state === 'saving'}
      />
    </form>
  );
}
