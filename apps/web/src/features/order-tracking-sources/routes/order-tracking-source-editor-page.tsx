import {
  ORDER_MAPPING_FIELDS,
  ORDER_MAPPING_LABELS,
  ORDER_TRACKING_SOURCE_MESSAGES,
  type OrderMappingField,
  type OrderTrackingSource,
  type PickerPair,
  SPREADSHEET_FILE_TYPES,
  TEXT_ENCODING_HINT,
  TEXT_ENCODING_OPTIONS,
  type TOrderTrackingSource,
  UNIQUE_COLUMN_OPTIONS,
  ZOrderTrackingSourceSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp, History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { get, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { runHistoryPath } from '@/features/runs/api/runs';
import { ProcessFileDialog } from '@/features/runs/components/process-file-dialog';
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
  numberText,
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
  ORDER_TRACKING_SOURCES_PATH,
  orderTrackingSourceEditPath,
  useOrderTrackingSource,
  useSaveOrderTrackingSource,
} from '../api/order-tracking-sources';

const M = ORDER_TRACKING_SOURCE_MESSAGES;
const SAVE_RESET_MS = 3000;

/** What the inputs hold: numbers as text ('' = not set), the e-mail source as its id in text. */
interface OrderTrackingFormValues {
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
  columnsToIgnore: string;
  secondaryDelimiter: string;
  uniqueColumn: string;
  deleteAfterDays: string;
  headerRowIndex: string;
  fileHasHeader: boolean;
  activeStatus: boolean;
  deletedStatus: boolean;
  columnNormalizationValues: { id: number | null } & Record<OrderMappingField, string>;
}

const emptyMappings = () =>
  Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, ''])) as Record<OrderMappingField, string>;

/** docs/behaviour/sources.md#order-tracking-source-editor: a new source has a header and is active. */
const NEW_ORDER_TRACKING_SOURCE: OrderTrackingFormValues = {
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
  columnsToIgnore: '',
  secondaryDelimiter: '',
  uniqueColumn: '',
  deleteAfterDays: '',
  headerRowIndex: '',
  fileHasHeader: true,
  activeStatus: true,
  deletedStatus: false,
  columnNormalizationValues: { id: null, ...emptyMappings() },
};

function toOrderTrackingFormValues(source: OrderTrackingSource): OrderTrackingFormValues {
  const mappings = source.columnNormalizationValues;
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
    attachmentName: source.attachmentName ?? '',
    columnsToIgnore: source.columnsToIgnore ?? '',
    secondaryDelimiter: source.secondaryDelimiter ?? '',
    uniqueColumn: source.uniqueColumn ?? '',
    deleteAfterDays: numberText(source.deleteAfterDays),
    headerRowIndex: numberText(source.headerRowIndex),
    fileHasHeader: source.fileHasHeader ?? true,
    activeStatus: source.activeStatus ?? true,
    deletedStatus: Boolean(source.deletedStatus),
    columnNormalizationValues: {
      id: mappings?.id ?? null,
      ...(Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, mappings?.[field] ?? ''])) as Record<
        OrderMappingField,
        string
      >),
    },
  };
}

// The contract's schema starts with a preprocess (it accepts `Id` as well as `id`), so its input type is
// `unknown`; the form's own value type is stated here and the schema's output is what a save sends.
const resolver = zodResolver(ZOrderTrackingSourceSchema as never) as unknown as Resolver<
  OrderTrackingFormValues,
  unknown,
  TOrderTrackingSource
>;

/** docs/behaviour/sources.md#order-tracking-source-editor: the parsed form with `Id` (0 creates), numbers as numbers or null, the e-mail source's id. */
function toSaveBody(values: TOrderTrackingSource): Record<string, unknown> {
  const { id, ...rest } = values;
  return { Id: id, ...rest };
}

export function OrderTrackingSourceEditorPage() {
  const sourceId = parseSourceId(useParams().sourceId);
  const isCreate = sourceId === 0;
  const source = useOrderTrackingSource(sourceId ?? 0, { enabled: sourceId !== null && sourceId > 0 });
  const emailSources = useEmailSourceOptions();
  // Above the keyed form: after a create the page becomes the new source's editor and keeps 'Saved!',
  // the success alert and 'Back to Sources'.
  const editorSave = useEditorSaveState(SAVE_RESET_MS);
  const [processOpen, setProcessOpen] = useState(false);

  useLogError(source.error, 'Error fetching order tracking source:');
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
      isCreate || !source.data ? NEW_ORDER_TRACKING_SOURCE : toOrderTrackingFormValues(source.data);
    content = (
      <>
        {emailSources.isError && (
          <LoadErrorBanner message={M.emailListFailed} onRetry={() => void emailSources.refetch()} />
        )}
        <OrderTrackingSourceForm
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
        title={isCreate ? 'Create New Order Tracking Source' : 'Edit Order Tracking Source'}
        backTo={ORDER_TRACKING_SOURCES_PATH}
        backLabel="Back to Order Tracking Sources"
      />
      {/* Beyond the spec (docs/behaviour/order-tracking.md#process-file, docs/behaviour/runs-and-history.md#run-history): process a file by hand with the saved settings, and the run history. */}
      {!isCreate && source.data && (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setProcessOpen(true)}>
            <FileUp aria-hidden />
            Process File
          </Button>
          <Button asChild variant="outline">
            <Link to={runHistoryPath('order-tracking', source.data.id)}>
              <History aria-hidden />
              Run History
            </Link>
          </Button>
        </div>
      )}
      {content}
      <ProcessFileDialog
        source={processOpen && source.data ? source.data : null}
        onClose={() => setProcessOpen(false)}
      />
    </div>
  );
}

type BooleanField = 'containsNotExact' | 'fileHasHeader' | 'activeStatus';

function OrderTrackingSourceForm({
  initial,
  emailSourcePairs,
  emailSourcesLoading,
  saveState,
  outcome,
  onOutcome,
  savedOnce,
  onSaved,
}: {
  initial: OrderTrackingFormValues;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  saveState: ReturnType<typeof useSaveState>;
  outcome: SaveOutcome;
  onOutcome: (outcome: SaveOutcome) => void;
  savedOnce: boolean;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const saveSource = useSaveOrderTrackingSource();
  const form = useForm<OrderTrackingFormValues, unknown, TOrderTrackingSource>({
    resolver,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const fileHasHeader = useWatch({ control: form.control, name: 'fileHasHeader' });

  const onSubmit = form.handleSubmit(async (values) => {
    onOutcome({ success: null, error: null });
    saveState.start();
    let body: unknown;
    try {
      body = await saveSource.mutateAsync(toSaveBody(values));
    } catch (error) {
      saveState.fail();
      console.error('Error saving order tracking source:', error);
      onOutcome({ success: null, error: serverMessage(error) ?? M.saveFailed });
      applyServerFieldErrors(form.setError, error);
      return;
    }
    const answer = readSaveAnswer<OrderTrackingSource>(body);
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
      if (values.id === 0) navigate(orderTrackingSourceEditPath(answer.record.id), { replace: true });
      else form.reset(toOrderTrackingFormValues(answer.record));
    } else if (values.id === 0) {
      // 204 on a create: the new id is unknown, so the list is the only safe place to go on from.
      navigate(ORDER_TRACKING_SOURCES_PATH, { replace: true });
    } else {
      form.reset(form.getValues());
    }
  });

  const errorOf = (name: Path<OrderTrackingFormValues>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const idOf = (name: string) => `ots-${name.replace('columnNormalizationValues.', 'mapping-')}`;

  const textField = (
    name: Path<OrderTrackingFormValues>,
    label: string,
    options: {
      hint?: ReactNode;
      className?: string;
      type?: string;
      inputMode?: 'numeric' | 'email' | 'text';
      placeholder?: string;
      maxLength?: number;
      disabled?: boolean;
      min?: number;
    } = {},
  ) => {
    const id = idOf(name);
    const error = errorOf(name);
    const { hint, className, ...inputOptions } = options;
    return (
      <FormField id={id} label={label} hint={hint} error={error} className={className}>
        <Input
          autoComplete="off"
          {...controlProps(id, { hint, error })}
          {...inputOptions}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const switchField = (name: BooleanField, label: string, description?: string) => (
    <ControlledSwitchField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      description={description}
    />
  );

  const selectField = (
    name: 'emailSourceId' | 'fileType' | 'textEncoding' | 'uniqueColumn',
    label: string,
    options: (current: string) => SelectOption[],
    placeholder: string,
    extra: { hint?: string; disabled?: boolean } = {},
  ) => (
    <ControlledSelectField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      options={options}
      placeholder={placeholder}
      hint={extra.hint}
      error={errorOf(name)}
      disabled={extra.disabled}
    />
  );

  const fileTypeOptions = (current: string) =>
    withCurrentOption(
      SPREADSHEET_FILE_TYPES.map((type) => ({ value: type, label: type })),
      current,
    );
  const uniqueColumnOptions = (current: string) => withCurrentOption(UNIQUE_COLUMN_OPTIONS, current);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Basic Information</h2>
            </CardTitle>
            <CardDescription>
              The source's name, the mailbox it reads and the file it expects.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {textField('sourceName', 'Source Name', { className: 'sm:col-span-2' })}
            {selectField(
              'emailSourceId',
              'Email Source',
              (current) => emailSourceSelectOptions(emailSourcePairs, current),
              emailSourcesLoading ? 'Loading...' : 'Select an email source',
            )}
            {selectField('fileType', 'File Type', fileTypeOptions, 'Select a file type', {
              hint: 'Supports .csv, .xls and .xlsx files',
            })}
            {selectField(
              'textEncoding',
              'Text Encoding',
              () => [...TEXT_ENCODING_OPTIONS],
              'Detect automatically',
              {
                hint: TEXT_ENCODING_HINT,
              },
            )}
            <div className="sm:col-span-2">
              {switchField('activeStatus', 'Active', 'Incoming e-mails are matched against this source.')}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Email Processing</h2>
            </CardTitle>
            <CardDescription>Which e-mails and which attachment carry the tracking file.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {textField('fromEmail', 'From Email', { type: 'email', className: 'sm:col-span-2' })}
            {textField('subjectValue', 'Subject Value', { className: 'sm:col-span-2' })}
            <div className="sm:col-span-2">
              {switchField(
                'containsNotExact',
                'Subject contains (not exact match)',
                'Match e-mails whose subject contains the value instead of equalling it.',
              )}
            </div>
            {textField('expectedAttachmentCount', 'Expected Attachment Count', {
              type: 'number',
              min: 0,
              hint: 'Leave empty for a variable count',
            })}
            {textField('attachmentName', 'Attachment Name', {
              hint: 'Supports * wildcards (e.g. tracking_*.csv)',
            })}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Processing Settings</h2>
            </CardTitle>
            <CardDescription>
              How the file is read and how its rows are matched to stored orders.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {switchField('fileHasHeader', 'File Has Header', 'The file starts with a row of column names.')}
            {textField('headerRowIndex', 'Header Row Index', {
              type: 'number',
              min: 0,
              disabled: !fileHasHeader,
              hint: fileHasHeader ? '0-based row that holds the column names' : 'The file has no header row',
            })}
            {textField('columnsToIgnore', 'Columns To Ignore', { hint: 'Comma-separated names or indexes' })}
            {textField('secondaryDelimiter', 'Secondary Delimiter', {
              maxLength: 1,
              hint: 'Splits a cell holding several tracking numbers (1 character)',
            })}
            {selectField('uniqueColumn', 'Unique Column', uniqueColumnOptions, 'Select a unique column')}
            {textField('deleteAfterDays', 'Delete After Days', {
              type: 'number',
              min: 1,
              hint: 'Orders not updated for this many days are removed',
            })}
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Column Mappings</h2>
            </CardTitle>
            <CardDescription id="ots-mapping-note">
              {fileHasHeader
                ? 'The file has a header row: enter the header name of the column that holds each field.'
                : 'The file has no header row: enter the 0-based index of the column that holds each field (0 is the first column).'}{' '}
              Leave a field empty when the file does not carry it.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {ORDER_MAPPING_FIELDS.map((field) => (
              <div key={field}>
                {textField(`columnNormalizationValues.${field}`, ORDER_MAPPING_LABELS[field], {
                  placeholder: fileHasHeader ? 'Header name' : 'Column index (0-based)',
                  inputMode: fileHasHeader ? 'text' : 'numeric',
                })}
              </div>
            ))}
          </CardContent>
        </Card>
      </div>

      <SaveMessages success={outcome.success} error={outcome.error} />
      <EditorFooter
        listPath={ORDER_TRACKING_SOURCES_PATH}
        showBack={savedOnce}
        saveLabel={saveState.label}
        saving={saveState.state === 'saving'}
      />
    </form>
  );
}
