import {
  type OrderVendorSource,
  type PickerPair,
  STATIC_DATA_SLOTS,
  SUBMISSION_WILDCARDS,
  VENDOR_MAP_FIELDS,
  VENDOR_SAVE_MESSAGES,
  VENDOR_TEMPLATE_EXTENSIONS,
  vendorSaveErrorMessage,
  ZOrderVendorSourceSchema,
} from '@app/contracts';
import { ArrowLeft, Download, History } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { FormKit, fieldsFor } from '@/components/form/bound-fields';
import { serverMessage } from '@/components/form/editor-save';
import { controlProps, fieldError } from '@/components/form/field-props';
import { FormField, type SelectOption } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import {
  type EditorSaveState,
  useEditorSaveState,
  useRecordEditorSubmit,
} from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLogError } from '@/hooks/use-log-error';
import { readFileAsBase64 } from '@/lib/file-base64';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { useEmailSourceOptions } from '@/shared/sources/api/email-source-options';
import {
  editorContent,
  emailSourceSelectOptions,
  PickerLoadBanner,
  pairSelectOptions,
  parseSourceId,
  SaveMessages,
} from '@/shared/sources/components/source-editor-parts';
import { useSubmissionSourceOptions } from '../api/order-submission-sources';
import {
  useSaveVendor,
  useVendor,
  VENDORS_PATH,
  vendorEditPath,
  vendorTemplateUrl,
} from '../api/order-vendors';
import { VendorAliasManager } from '../components/vendor-alias-manager';
import { VendorPreviewCard } from '../components/vendor-preview-card';
import {
  NEW_VENDOR,
  templateFileProblem,
  toVendorFormValues,
  type VendorFormValues,
} from '../lib/vendor-form';

const V = VENDOR_SAVE_MESSAGES;
/** docs/behaviour/screens.md#save-button: idle 2 s after a save, 5 s after an error (which also clears the message). */
const SAVED_RESET_MS = 2000;
const ERROR_RESET_MS = 5000;

const WILDCARD_HINT = `Wildcards: ${SUBMISSION_WILDCARDS.join(', ')}, which only work with forwarded e-mails.`;
const TEMPLATE_HINT = 'Accepts .xls and .xlsx files up to 10 MB';

export function VendorEditorPage() {
  const vendorId = parseSourceId(useParams().vendorId);
  const isCreate = vendorId === 0;
  const vendor = useVendor(vendorId ?? 0, { enabled: vendorId !== null && vendorId > 0 });
  const emailSources = useEmailSourceOptions();
  const submissionSources = useSubmissionSourceOptions();
  // Above the keyed form: after a create the page becomes the new vendor's editor and keeps 'Saved!',
  // the success alert and 'Back to Vendors'.
  const editorSave = useEditorSaveState(SAVED_RESET_MS, ERROR_RESET_MS);

  useLogError(vendor.error, 'Error fetching vendor:');
  useLogError(emailSources.error, 'Error fetching email sources:');
  useLogError(submissionSources.error, 'Error fetching order submission sources:');

  const content = editorContent({
    id: vendorId,
    record: vendor,
    loadFailed: V.loadFailed,
    cards: 6,
    form: (loaded) => (
      <>
        <PickerLoadBanner query={emailSources} message={V.emailListFailed} />
        <PickerLoadBanner query={submissionSources} message={V.submissionListFailed} />
        <VendorForm
          key={vendorId}
          initial={loaded ? toVendorFormValues(loaded) : NEW_VENDOR}
          loaded={loaded}
          emailSourcePairs={emailSources.data}
          emailSourcesLoading={emailSources.isPending}
          submissionSourcePairs={submissionSources.data}
          submissionSourcesLoading={submissionSources.isPending}
          state={editorSave}
        />
      </>
    ),
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">
            {isCreate ? 'Create Order Vendor Source' : 'Edit Order Vendor Source'}
          </h1>
          <p className="text-muted-foreground">
            How orders from the order files are submitted to this vendor.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Beyond the spec (docs/behaviour/runs-and-history.md#run-history): what was sent to this vendor, and re-sending it. */}
          {!isCreate && vendor.data && (
            <Button asChild variant="outline">
              <Link to={runHistoryPath('vendor', vendor.data.id)}>
                <History aria-hidden />
                Run History
              </Link>
            </Button>
          )}
          {!isCreate && vendor.data && <HistoryButton entityType="vendor" entityId={vendor.data.id} />}
          <Button asChild variant="outline">
            <Link to={VENDORS_PATH}>
              <ArrowLeft aria-hidden />
              Back to Order Vendor Sources
            </Link>
          </Button>
        </div>
      </div>
      {content}
    </div>
  );
}

const { TextField, TextareaField, SwitchField, SelectField } = fieldsFor<VendorFormValues>();
const idOf = (name: string) => `vendor-${name}`;

function VendorForm({
  initial,
  loaded,
  emailSourcePairs,
  emailSourcesLoading,
  submissionSourcePairs,
  submissionSourcesLoading,
  state,
}: {
  initial: VendorFormValues;
  loaded: OrderVendorSource | undefined;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  submissionSourcePairs: PickerPair[] | undefined;
  submissionSourcesLoading: boolean;
  state: EditorSaveState;
}) {
  const saveVendor = useSaveVendor();
  const form = useZodForm(ZOrderVendorSourceSchema, { defaultValues: initial });
  const [trimmed, nonDaily] = useWatch({
    control: form.control,
    name: ['vendorWantsTrimmedItemDescription', 'vendorWantsNonDailySubmission'],
  });
  const [selectedTemplate, setSelectedTemplate] = useState<string | null>(null);
  // Remounts the file input (which cannot be cleared through its value) and the alias manager after a save.
  const [generation, setGeneration] = useState(0);
  const vendorId = initial.id;

  const onSubmit = useRecordEditorSubmit(form, state, {
    save: (values) => saveVendor.mutateAsync(values as unknown as Record<string, unknown>),
    logLabel: 'Error saving vendor:',
    messages: V,
    failureMessage: (error, values) =>
      vendorSaveErrorMessage(serverMessage(error), values.vendorNameFromFile),
    editPath: vendorEditPath,
    listPath: VENDORS_PATH,
    toFormValues: (record: OrderVendorSource) => toVendorFormValues(record),
    clearAfterSave: { submitFileTemplate: null },
    afterRefill: () => {
      setSelectedTemplate(null);
      setGeneration((current) => current + 1);
    },
  });

  /** For the preview: the form as it stands, once it passes the same checks a save does. */
  const readVendorForPreview = async () => {
    const valid = await form.trigger(undefined, { shouldFocus: true });
    return valid ? (form.getValues() as unknown as Record<string, unknown>) : null;
  };

  const errorOf = (name: 'submitFileTemplateFileName' | 'submitFileTemplate') =>
    fieldError(form.formState.errors, name);

  const submissionSourceOptions = (current: string): SelectOption[] =>
    pairSelectOptions(submissionSourcePairs, current, 'Order submission source');

  /** Hidden inputs must not block a save with a value nobody can see: an unacceptable one is emptied. */
  const clearEveryXDaysIfHidden = (nonDailyOn: boolean) => {
    if (nonDailyOn) return;
    const value = form.getValues('vendorCustomSubmitEveryXDay').trim();
    const days = Number(value);
    if (value !== '' && !(Number.isInteger(days) && days >= 1 && days <= 365)) {
      form.setValue('vendorCustomSubmitEveryXDay', '');
    }
    form.clearErrors('vendorCustomSubmitEveryXDay');
  };

  const onTemplateChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const keepStored = () => {
      form.setValue('submitFileTemplate', null);
      form.setValue('submitFileTemplateFileName', loaded?.submitFileTemplateFilename ?? '');
      setSelectedTemplate(null);
    };
    if (!file) {
      keepStored();
      return;
    }
    const problem = templateFileProblem(file);
    if (problem) {
      keepStored();
      form.setError('submitFileTemplateFileName', { type: 'file', message: problem });
      setGeneration((current) => current + 1);
      return;
    }
    try {
      form.setValue('submitFileTemplate', await readFileAsBase64(file), { shouldDirty: true });
    } catch (error) {
      console.error('Error reading the template:', error);
      keepStored();
      form.setError('submitFileTemplateFileName', { type: 'file', message: 'The file could not be read.' });
      return;
    }
    form.setValue('submitFileTemplateFileName', file.name, { shouldDirty: true });
    form.clearErrors(['submitFileTemplate', 'submitFileTemplateFileName']);
    setSelectedTemplate(file.name);
  };

  const templateError = errorOf('submitFileTemplateFileName') ?? errorOf('submitFileTemplate');
  const storedTemplate = loaded?.submitFileTemplateFilename ? loaded.submitFileTemplateFilename : null;
  const saveError = state.button.state === 'error' ? state.outcome.error : null;

  return (
    <div className="space-y-6">
      {/* A long picker name is cut off inside its select instead of widening the card. */}
      <FormKit
        form={form}
        idOf={idOf}
        onSubmit={onSubmit}
        className="space-y-6 [&_[data-slot=select-value]]:w-0 [&_[data-slot=select-value]]:min-w-0 [&_[data-slot=select-value]]:flex-1"
      >
        <UnsavedChangesGuard control={form.control} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <FormSection
            title="Vendor Information"
            description="Which order files this vendor's orders come from, how the files name it, and the mailbox that sends its orders."
            contentClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
          >
            <div className="sm:col-span-2">
              <SelectField
                name="orderSubmissionSourceId"
                label="Order Submission Source *"
                options={submissionSourceOptions}
                placeholder={submissionSourcesLoading ? 'Loading...' : 'Select an order submission source'}
              />
            </div>
            <TextField
              name="vendorNameFromFile"
              label="Vendor Name From File *"
              required
              hint="The name in the order file’s Vendor column"
            />
            <TextField name="vendorProvidedAccountNumber" label="Vendor Provided Account Number" />
            <div className="sm:col-span-2">
              <SelectField
                name="sendFromEmailSourceModelId"
                label="Send From Email Source *"
                options={(current) => emailSourceSelectOptions(emailSourcePairs, current)}
                placeholder={emailSourcesLoading ? 'Loading...' : 'Select an email source'}
              />
            </div>
            <div className="sm:col-span-2">
              <VendorAliasManager key={generation} form={form} vendorId={vendorId} />
            </div>
          </FormSection>

          <FormSection
            title="Email Configuration"
            description="The e-mail that carries the orders to the vendor."
            contentClassName="grid grid-cols-1 gap-4 sm:grid-cols-2"
          >
            <TextField
              name="submitEmails"
              label="To *"
              required
              className="sm:col-span-2"
              hint="Separate several addresses with commas"
            />
            <TextField name="submitCcEmails" label="CC" />
            <TextField name="submitBccEmails" label="BCC" />
            <TextField name="submitEmailSubjectLine" label="Subject *" required className="sm:col-span-2" />
            <TextareaField
              className="sm:col-span-2"
              inputClassName="max-h-80"
              name="submitEmailBodyText"
              label="Body"
            />
            <p
              id="vendor-wildcards"
              className="rounded-md bg-muted/50 px-3 py-2 text-muted-foreground text-sm sm:col-span-2"
            >
              {WILDCARD_HINT}
            </p>
          </FormSection>

          <FormSection
            title="Processing Options"
            description="How the vendor's file is made and when it is sent."
            contentClassName="grid grid-cols-1 gap-3"
          >
            <SwitchField
              name="vendorWantsTrimmedItemDescription"
              label="Trimmed Item Description"
              description="Keep only the part of each item description the expression matches."
              onChanged={(checked) => {
                if (!checked) form.clearErrors('vendorRegexForItemDescription');
              }}
            />
            {trimmed && (
              <TextField
                name="vendorRegexForItemDescription"
                label="Item Description Regex *"
                required
                placeholder="^[^,]+"
                hint="A regular expression; its first group (or the whole match) is kept. Lookahead, lookbehind and backreferences are not supported."
              />
            )}
            <SwitchField
              name="vendorWantsNonDailySubmission"
              label="Non-Daily Submission"
              description="Gather this vendor’s orders and send them every few days instead of daily."
              onChanged={clearEveryXDaysIfHidden}
            />
            {nonDaily && (
              <TextField
                name="vendorCustomSubmitEveryXDay"
                label="Submit Every X Days *"
                type="number"
                min={1}
                max={365}
                required
                hint="Orders are gathered and sent every this many days"
              />
            )}
            <SwitchField
              name="vendorWantsAllAlignedLeft"
              label="Align All Left"
              description="Every cell of the file is left-aligned."
            />
            <SwitchField
              name="vendorWantsSpreadsheet"
              label="Wants Spreadsheet"
              description="Attach the generated spreadsheet."
            />
            <SwitchField name="vendorWantsPDF" label="Wants PDF" description="Attach a PDF of the orders." />
            <SwitchField
              name="vendorWantsForwardedEmail"
              label="Wants Forwarded Email"
              description="Forward the original order e-mail to the vendor."
            />
            <SwitchField
              name="vendorWantsAllData"
              label="Wants All Data"
              description="Append every column of the order file after the template’s columns."
            />
          </FormSection>

          <FormSection
            title="File Configuration"
            description="The vendor's own spreadsheet that the orders are written into."
            contentClassName="grid grid-cols-1 gap-4"
          >
            <TextField
              name="submitFileHeaderRowIndex"
              label="Header Row Index *"
              type="number"
              min={0}
              required
              hint="0-based row of the template’s header; orders are written below it"
            />
            <FormField
              id="vendor-template"
              label="Submit File Template"
              hint={TEMPLATE_HINT}
              error={templateError}
            >
              <Input
                key={generation}
                type="file"
                accept={VENDOR_TEMPLATE_EXTENSIONS.join(',')}
                onChange={(event) => void onTemplateChange(event)}
                {...controlProps('vendor-template', { hint: TEMPLATE_HINT, error: templateError })}
              />
              <div className="grid grid-cols-1 gap-1 text-sm">
                {storedTemplate && loaded && (
                  <p className="flex flex-wrap items-center gap-x-2">
                    <span className="text-muted-foreground">Current template:</span>
                    <span className="min-w-0 truncate font-medium" title={storedTemplate}>
                      {storedTemplate}
                    </span>
                    <Button asChild variant="link" size="sm" className="h-auto px-0">
                      <a href={vendorTemplateUrl(loaded.id)} download={storedTemplate}>
                        <Download aria-hidden />
                        Download template
                      </a>
                    </Button>
                  </p>
                )}
                {selectedTemplate && (
                  <p className="text-muted-foreground">
                    Selected: <span className="font-medium text-foreground">{selectedTemplate}</span>
                    {storedTemplate ? ' (replaces the current template on save)' : ''}
                  </p>
                )}
              </div>
            </FormField>
            <SwitchField
              name="activeStatus"
              label="Active"
              description="Orders for this vendor are submitted."
            />
            <SwitchField
              name="deletedStatus"
              label="Deleted"
              description="The vendor is removed from the lists."
            />
          </FormSection>

          <FormSection
            title="Field Mapping"
            description="For each order field, the template column that receives it: the column's header text or its letter. Several columns can be given, separated by commas. Leave a field empty when the vendor does not want it."
            className="lg:col-span-2"
            contentClassName="grid grid-cols-1 gap-6"
          >
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {VENDOR_MAP_FIELDS.map(({ field, label }) => (
                <div key={field}>
                  <TextField name={field} label={label} placeholder="Column(s)" />
                </div>
              ))}
            </div>
            <section aria-labelledby="vendor-static-data" className="grid grid-cols-1 gap-3">
              <div className="grid grid-cols-1 gap-1">
                <h3 id="vendor-static-data" className="font-medium text-sm">
                  Static Data
                </h3>
                <p className="text-muted-foreground text-sm">
                  A fixed value written on every row into the column(s) given beside it.
                </p>
              </div>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {STATIC_DATA_SLOTS.map((slot) => (
                  <div key={slot} className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1">
                    <TextField name={`staticFileData${slot}`} label={`Static Value ${slot}`} />
                    <TextField
                      name={`mapStaticFileData${slot}`}
                      label={`Static Value ${slot} Column`}
                      placeholder="Column(s)"
                    />
                  </div>
                ))}
              </div>
            </section>
          </FormSection>
        </div>

        <SaveMessages success={saveError ? null : state.outcome.success} error={saveError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={VENDORS_PATH}>Cancel</Link>
          </Button>
          {state.savedOnce && (
            <Button asChild variant="secondary">
              <Link to={VENDORS_PATH}>Back to Vendors</Link>
            </Button>
          )}
          <Button type="submit" className="sm:min-w-36" disabled={state.saving}>
            {state.button.label}
          </Button>
        </div>
      </FormKit>

      <VendorPreviewCard readVendor={readVendorForPreview} />
    </div>
  );
}
