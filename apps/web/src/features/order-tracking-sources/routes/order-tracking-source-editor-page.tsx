import {
  ORDER_MAPPING_FIELDS,
  ORDER_MAPPING_LABELS,
  ORDER_TRACKING_SOURCE_MESSAGES,
  type OrderMappingField,
  type OrderTrackingSource,
  type PickerPair,
  type SuggestedMapping,
  type TOrderTrackingSource,
  UNIQUE_COLUMN_OPTIONS,
  ZOrderTrackingSourceSchema,
} from '@app/contracts';
import { FileUp } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { withCurrentOption } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { type EditorSaveState, useRecordEditorSubmit } from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ProcessFileDialog } from '@/shared/runs/components/process-file-dialog';
import { MailedSourceEditorPage, RunHistoryButton } from '@/shared/sources/components/mailed-source-editor';
import {
  EditorSaveFooter,
  MailedFileSelects,
  MailMatchedActiveField,
  numberText,
  SenderAndSubjectFields,
} from '@/shared/sources/components/source-editor-parts';
import { SourcePrefillFromMessage } from '@/shared/sources/components/source-prefill-from-message';
import { TestRulesCard } from '@/shared/sources/components/test-rules-card';
import {
  type MailRuleFormValues,
  NEW_MAIL_RULE,
  toMailRuleFormValues,
} from '@/shared/sources/lib/mail-rule-form';
import {
  ORDER_TRACKING_SOURCES_PATH,
  orderTrackingSourceEditPath,
  useOrderTrackingSource,
  useSaveOrderTrackingSource,
} from '../api/order-tracking-sources';
import { SuggestOrderMapping, useApplyOrderSuggestion } from '../components/suggest-order-mapping';

const M = ORDER_TRACKING_SOURCE_MESSAGES;

/** What the inputs hold: numbers as text ('' = not set). */
interface OrderTrackingFormValues extends MailRuleFormValues {
  columnsToIgnore: string;
  secondaryDelimiter: string;
  uniqueColumn: string;
  deleteAfterDays: string;
  headerRowIndex: string;
  fileHasHeader: boolean;
  deletedStatus: boolean;
  columnNormalizationValues: { id: number | null } & Record<OrderMappingField, string>;
  suggestedMapping?: SuggestedMapping;
}

const emptyMappings = () =>
  Object.fromEntries(ORDER_MAPPING_FIELDS.map((field) => [field, ''])) as Record<OrderMappingField, string>;

/** docs/behaviour/sources.md#order-tracking-source-editor: a new source has a header and is active. */
const NEW_ORDER_TRACKING_SOURCE: OrderTrackingFormValues = {
  ...NEW_MAIL_RULE,
  columnsToIgnore: '',
  secondaryDelimiter: '',
  uniqueColumn: '',
  deleteAfterDays: '',
  headerRowIndex: '',
  fileHasHeader: true,
  deletedStatus: false,
  columnNormalizationValues: { id: null, ...emptyMappings() },
};

function toOrderTrackingFormValues(source: OrderTrackingSource): OrderTrackingFormValues {
  const mappings = source.columnNormalizationValues;
  return {
    ...toMailRuleFormValues(source),
    columnsToIgnore: source.columnsToIgnore ?? '',
    secondaryDelimiter: source.secondaryDelimiter ?? '',
    uniqueColumn: source.uniqueColumn ?? '',
    deleteAfterDays: numberText(source.deleteAfterDays),
    headerRowIndex: numberText(source.headerRowIndex),
    fileHasHeader: source.fileHasHeader ?? true,
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

/** docs/behaviour/sources.md#order-tracking-source-editor: the parsed form with `Id` (0 creates), numbers as numbers or null, the e-mail source's id. */
function toSaveBody(values: TOrderTrackingSource): Record<string, unknown> {
  const { id, ...rest } = values;
  return { Id: id, ...rest };
}

export function OrderTrackingSourceEditorPage() {
  const [processing, setProcessing] = useState<OrderTrackingSource | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <MailedSourceEditorPage
      formKey={formKey}
      auditEntityType="order-tracking-source"
      useRecord={useOrderTrackingSource}
      fetchErrorLabel="Error fetching order tracking source:"
      loadFailed={M.loadFailed}
      emailListFailed={M.emailListFailed}
      cards={4}
      title={{ create: 'Create New Order Tracking Source', edit: 'Edit Order Tracking Source' }}
      backTo={ORDER_TRACKING_SOURCES_PATH}
      backLabel="Back to Order Tracking Sources"
      // Beyond the spec (docs/behaviour/order-tracking.md#process-file): process a file by hand with the saved settings.
      actions={(source) => (
        <>
          <Button type="button" variant="outline" onClick={() => setProcessing(source)}>
            <FileUp aria-hidden />
            Process File
          </Button>
          <RunHistoryButton sourceType="order-tracking" sourceId={source.id} />
          <ProcessFileDialog
            source={processing}
            onClose={() => setProcessing(null)}
            onMappingSaved={() => setFormKey((key) => key + 1)}
          />
        </>
      )}
      renderForm={({ loaded, ...props }) => (
        <OrderTrackingSourceForm
          initial={loaded ? toOrderTrackingFormValues(loaded) : NEW_ORDER_TRACKING_SOURCE}
          {...props}
        />
      )}
    />
  );
}

const { TextField, SwitchField, SelectField } = fieldsFor<OrderTrackingFormValues>();

/** docs/behaviour/mail-intake.md#create-a-source-from-a-message: a new source opened from a ledger message. */
function PrefillFromMessage() {
  const apply = useApplyOrderSuggestion();
  return (
    <SourcePrefillFromMessage kind="order-tracking" fields={ORDER_MAPPING_FIELDS} applyMapping={apply} />
  );
}
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
  const saveSource = useSaveOrderTrackingSource();
  const form = useZodForm(ZOrderTrackingSourceSchema, { defaultValues: initial });
  const fileHasHeader = useWatch({ control: form.control, name: 'fileHasHeader' });

  const onSubmit = useRecordEditorSubmit(form, state, {
    save: (values) => saveSource.mutateAsync(toSaveBody(values)),
    logLabel: 'Error saving order tracking source:',
    messages: M,
    editPath: orderTrackingSourceEditPath,
    listPath: ORDER_TRACKING_SOURCES_PATH,
    toFormValues: (record: OrderTrackingSource) => toOrderTrackingFormValues(record),
  });

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <PrefillFromMessage />
      <div className="grid gap-6 lg:grid-cols-2">
        <FormSection
          title="Basic Information"
          description="The source's name, the mailbox it reads and the file it expects."
          contentClassName="grid gap-4 sm:grid-cols-2"
        >
          <TextField name="sourceName" label="Source Name" className="sm:col-span-2" />
          <MailedFileSelects emailSourcePairs={emailSourcePairs} emailSourcesLoading={emailSourcesLoading} />
          <div className="sm:col-span-2">
            <MailMatchedActiveField />
          </div>
        </FormSection>

        <FormSection
          title="Email Processing"
          description="Which e-mails and which attachment carry the tracking file."
          contentClassName="grid gap-4 sm:grid-cols-2"
        >
          <SenderAndSubjectFields />
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
        </FormSection>

        <TestRulesCard sourceType="order-tracking" className="lg:col-span-2" />

        <FormSection
          title="Processing Settings"
          description="How the file is read and how its rows are matched to stored orders."
          className="lg:col-span-2"
          contentClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
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
        </FormSection>

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
            <CardAction>
              <SuggestOrderMapping />
            </CardAction>
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

      <EditorSaveFooter listPath={ORDER_TRACKING_SOURCES_PATH} state={state} />
    </FormKit>
  );
}
