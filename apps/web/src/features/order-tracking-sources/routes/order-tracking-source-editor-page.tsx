import {
  ORDER_MAPPING_FIELDS,
  ORDER_MAPPING_LABELS,
  ORDER_TRACKING_SOURCE_MESSAGES,
  type OrderMappingField,
  type OrderTrackingSource,
  type PickerPair,
  type TOrderTrackingSource,
  UNIQUE_COLUMN_OPTIONS,
  ZOrderTrackingSourceSchema,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp, History } from 'lucide-react';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { openOrRefill, serverMessage } from '@/components/form/editor-save';
import { withCurrentOption } from '@/components/form/form-field';
import {
  type EditorSaveState,
  useEditorSaveState,
  useEditorSubmit,
} from '@/components/form/use-editor-submit';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { runHistoryPath } from '@/features/runs/api/runs';
import { ProcessFileDialog } from '@/features/runs/components/process-file-dialog';
import { useEmailSourceOptions } from '@/features/sources/api/email-source-options';
import {
  EditorFooter,
  EditorHeader,
  editorContent,
  MailedFileSelects,
  numberText,
  PickerLoadBanner,
  parseSourceId,
  SaveMessages,
} from '@/features/sources/components/source-editor-parts';
import { useLogError } from '@/hooks/use-log-error';
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

  const content = editorContent({
    id: sourceId,
    record: source,
    loadFailed: M.loadFailed,
    cards: 4,
    form: (loaded) => (
      <>
        <PickerLoadBanner query={emailSources} message={M.emailListFailed} />
        <OrderTrackingSourceForm
          key={sourceId}
          initial={loaded ? toOrderTrackingFormValues(loaded) : NEW_ORDER_TRACKING_SOURCE}
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

const { TextField, SwitchField, SelectField } = fieldsFor<OrderTrackingFormValues>();
const idOf = (name: string) => `ots-${name.replace('columnNormalizationValues.', 'mapping-')}`;

const uniqueColumnOptions = (current: string) => withCurrentOption(UNIQUE_COLUMN_OPTIONS, current);

function OrderTrackingSourceForm({
  initial,
  emailSourcePairs,
  emailSourcesLoading,
  state,
}: {
  initial: OrderTrackingFormValues;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  state: EditorSaveState;
}) {
  const navigate = useNavigate();
  const saveSource = useSaveOrderTrackingSource();
  const form = useForm<OrderTrackingFormValues, unknown, TOrderTrackingSource>({
    resolver,
    defaultValues: initial,
  });
  const fileHasHeader = useWatch({ control: form.control, name: 'fileHasHeader' });

  const onSubmit = useEditorSubmit<OrderTrackingFormValues, TOrderTrackingSource, OrderTrackingSource>(
    form,
    state,
    {
      save: (values) => saveSource.mutateAsync(toSaveBody(values)),
      logLabel: 'Error saving order tracking source:',
      failureMessage: (error) => serverMessage(error) ?? M.saveFailed,
      unexpectedMessage: M.unexpected,
      savedMessage: M.saved,
      onSaved: openOrRefill({
        open: (path) => navigate(path, { replace: true }),
        editPath: orderTrackingSourceEditPath,
        listPath: ORDER_TRACKING_SOURCES_PATH,
        refill: (record) => form.reset(record ? toOrderTrackingFormValues(record) : form.getValues()),
      }),
    },
  );

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
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
            <TextField name="sourceName" label="Source Name" className="sm:col-span-2" />
            <MailedFileSelects
              emailSourcePairs={emailSourcePairs}
              emailSourcesLoading={emailSourcesLoading}
            />
            <div className="sm:col-span-2">
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
              <h2>Email Processing</h2>
            </CardTitle>
            <CardDescription>Which e-mails and which attachment carry the tracking file.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <TextField name="fromEmail" label="From Email" type="email" className="sm:col-span-2" />
            <TextField name="subjectValue" label="Subject Value" className="sm:col-span-2" />
            <div className="sm:col-span-2">
              <SwitchField
                name="containsNotExact"
                label="Subject contains (not exact match)"
                description="Match e-mails whose subject contains the value instead of equalling it."
              />
            </div>
            <TextField
              name="expectedAttachmentCount"
              label="Expected Attachment Count"
              type="number"
              min={0}
              hint="Leave empty for a variable count"
            />
            <TextField
              name="attachmentName"
              label="Attachment Name"
              hint="Supports * wildcards (e.g. tracking_*.csv)"
            />
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
            <SwitchField
              name="fileHasHeader"
              label="File Has Header"
              description="The file starts with a row of column names."
            />
            <TextField
              name="headerRowIndex"
              label="Header Row Index"
              type="number"
              min={0}
              disabled={!fileHasHeader}
              hint={fileHasHeader ? '0-based row that holds the column names' : 'The file has no header row'}
            />
            <TextField
              name="columnsToIgnore"
              label="Columns To Ignore"
              hint="Comma-separated names or indexes"
            />
            <TextField
              name="secondaryDelimiter"
              label="Secondary Delimiter"
              maxLength={1}
              hint="Splits a cell holding several tracking numbers (1 character)"
            />
            <SelectField
              name="uniqueColumn"
              label="Unique Column"
              options={uniqueColumnOptions}
              placeholder="Select a unique column"
            />
            <TextField
              name="deleteAfterDays"
              label="Delete After Days"
              type="number"
              min={1}
              hint="Orders not updated for this many days are removed"
            />
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
                <TextField
                  name={`columnNormalizationValues.${field}`}
                  label={ORDER_MAPPING_LABELS[field]}
                  placeholder={fileHasHeader ? 'Header name' : 'Column index (0-based)'}
                  inputMode={fileHasHeader ? 'text' : 'numeric'}
                />
              </div>
            ))}
          </CardContent>
        </Card>
      </div>

      <SaveMessages success={state.outcome.success} error={state.outcome.error} />
      <EditorFooter
        listPath={ORDER_TRACKING_SOURCES_PATH}
        showBack={state.savedOnce}
        saveLabel={state.button.label}
        saving={state.saving}
      />
    </FormKit>
  );
}
