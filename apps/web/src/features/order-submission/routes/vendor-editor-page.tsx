import {
  type OrderVendorSource,
  type PickerPair,
  VENDOR_SAVE_MESSAGES,
  vendorSaveErrorMessage,
  ZOrderVendorSourceSchema,
} from '@app/contracts';
import { ArrowLeft, History } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormKit } from '@/components/form/bound-fields';
import { serverMessage } from '@/components/form/editor-save';
import {
  type EditorSaveState,
  useEditorSaveState,
  useRecordEditorSubmit,
} from '@/components/form/use-editor-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useLogError } from '@/hooks/use-log-error';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { runHistoryPath } from '@/shared/runs/api/runs';
import { useEmailSourceOptions } from '@/shared/sources/api/email-source-options';
import {
  editorContent,
  PickerLoadBanner,
  parseSourceId,
  SaveMessages,
} from '@/shared/sources/components/source-editor-parts';
import { useSubmissionSourceOptions } from '../api/order-submission-sources';
import { useSaveVendor, useVendor, VENDORS_PATH, vendorEditPath } from '../api/order-vendors';
import {
  EmailConfigurationCard,
  FieldMappingCard,
  FileConfigurationCard,
  ProcessingOptionsCard,
  VendorInformationCard,
} from '../components/vendor-cards';
import { VendorPreviewCard } from '../components/vendor-preview-card';
import { NEW_VENDOR, toVendorFormValues, type VendorFormValues } from '../lib/vendor-form';

const V = VENDOR_SAVE_MESSAGES;
/** docs/behaviour/screens.md#save-button: idle 2 s after a save, 5 s after an error (which also clears the message). */
const SAVED_RESET_MS = 2000;
const ERROR_RESET_MS = 5000;

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
          <VendorInformationCard
            vendorId={vendorId}
            generation={generation}
            emailSourcePairs={emailSourcePairs}
            emailSourcesLoading={emailSourcesLoading}
            submissionSourcePairs={submissionSourcePairs}
            submissionSourcesLoading={submissionSourcesLoading}
          />
          <EmailConfigurationCard />
          <ProcessingOptionsCard />
          <FileConfigurationCard
            loaded={loaded}
            generation={generation}
            selectedTemplate={selectedTemplate}
            onSelected={setSelectedTemplate}
            remount={() => setGeneration((current) => current + 1)}
          />
          <FieldMappingCard />
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
