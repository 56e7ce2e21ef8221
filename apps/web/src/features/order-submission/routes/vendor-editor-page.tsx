import {
  type OrderVendorSource,
  type PickerPair,
  STATIC_DATA_SLOTS,
  SUBMISSION_WILDCARDS,
  type TOrderVendorSource,
  VENDOR_MAP_FIELDS,
  VENDOR_SAVE_MESSAGES,
  VENDOR_TEMPLATE_EXTENSIONS,
  vendorSaveErrorMessage,
} from '@app/contracts';
import { ArrowLeft, Download, History } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { get, type Path, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { runHistoryPath } from '@/features/runs/api/runs';
import { useEmailSourceOptions } from '@/features/sources/api/email-source-options';
import {
  applyServerFieldErrors,
  ControlledSelectField,
  ControlledSwitchField,
  controlProps,
  EditorSkeleton,
  emailSourceSelectOptions,
  FormField,
  LoadErrorBanner,
  pairSelectOptions,
  parseSourceId,
  readSaveAnswer,
  SaveMessages,
  type SaveOutcome,
  type SelectOption,
  serverMessage,
} from '@/features/sources/components/source-editor-parts';
import { useLogError } from '@/hooks/use-log-error';
import { useSaveState } from '@/hooks/use-save-state';
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
  readFileAsBase64,
  templateFileProblem,
  toVendorFormValues,
  type VendorBooleanField,
  type VendorFormValues,
  vendorResolver,
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
  const saveState = useSaveState(SAVED_RESET_MS, ERROR_RESET_MS);
  const [outcome, setOutcome] = useState<SaveOutcome>({ success: null, error: null });
  const [savedOnce, setSavedOnce] = useState(false);

  useLogError(vendor.error, 'Error fetching vendor:');
  useLogError(emailSources.error, 'Error fetching email sources:');
  useLogError(submissionSources.error, 'Error fetching order submission sources:');

  let content: ReactNode;
  if (vendorId === null) {
    content = <LoadErrorBanner message={V.loadFailed} />;
  } else if (!isCreate && vendor.isPending) {
    content = <EditorSkeleton cards={6} />;
  } else if (!isCreate && vendor.isError) {
    content = <LoadErrorBanner message={V.loadFailed} onRetry={() => void vendor.refetch()} />;
  } else {
    const loaded = isCreate ? undefined : vendor.data;
    content = (
      <>
        {emailSources.isError && (
          <LoadErrorBanner message={V.emailListFailed} onRetry={() => void emailSources.refetch()} />
        )}
        {submissionSources.isError && (
          <LoadErrorBanner
            message={V.submissionListFailed}
            onRetry={() => void submissionSources.refetch()}
          />
        )}
        <VendorForm
          key={vendorId}
          initial={loaded ? toVendorFormValues(loaded) : NEW_VENDOR}
          loaded={loaded}
          emailSourcePairs={emailSources.data}
          emailSourcesLoading={emailSources.isPending}
          submissionSourcePairs={submissionSources.data}
          submissionSourcesLoading={submissionSources.isPending}
          saveState={saveState}
          outcome={outcome}
          onOutcome={setOutcome}
          savedOnce={savedOnce}
          onSaved={() => setSavedOnce(true)}
        />
      </>
    );
  }

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

interface TextOptions {
  hint?: ReactNode;
  className?: string;
  type?: 'text' | 'number' | 'email';
  placeholder?: string;
  min?: number;
  max?: number;
  required?: boolean;
}

function VendorForm({
  initial,
  loaded,
  emailSourcePairs,
  emailSourcesLoading,
  submissionSourcePairs,
  submissionSourcesLoading,
  saveState,
  outcome,
  onOutcome,
  savedOnce,
  onSaved,
}: {
  initial: VendorFormValues;
  loaded: OrderVendorSource | undefined;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  submissionSourcePairs: PickerPair[] | undefined;
  submissionSourcesLoading: boolean;
  saveState: ReturnType<typeof useSaveState>;
  outcome: SaveOutcome;
  onOutcome: (outcome: SaveOutcome) => void;
  savedOnce: boolean;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const saveVendor = useSaveVendor();
  const form = useForm<VendorFormValues, unknown, TOrderVendorSource>({
    resolver: vendorResolver,
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const [trimmed, nonDaily] = useWatch({
    control: form.control,
    name: ['vendorWantsTrimmedItemDescription', 'vendorWantsNonDailySubmission'],
  });
  const [selectedTemplate, setSelectedTemplate] = useState<string | null>(null);
  // Remounts the file input (which cannot be cleared through its value) and the alias manager after a save.
  const [generation, setGeneration] = useState(0);
  const vendorId = initial.id;

  const onSubmit = form.handleSubmit(async (values) => {
    onOutcome({ success: null, error: null });
    saveState.start();
    let body: unknown;
    try {
      body = await saveVendor.mutateAsync(values as unknown as Record<string, unknown>);
    } catch (error) {
      saveState.fail();
      console.error('Error saving vendor:', error);
      onOutcome({
        success: null,
        error: vendorSaveErrorMessage(serverMessage(error), values.vendorNameFromFile),
      });
      applyServerFieldErrors(form.setError, error);
      return;
    }
    const answer = readSaveAnswer<OrderVendorSource>(body);
    if (answer.kind === 'unexpected') {
      saveState.fail();
      onOutcome({ success: null, error: V.unexpected });
      return;
    }
    saveState.succeed();
    onSaved();
    onOutcome({ success: V.saved, error: null });
    if (answer.kind === 'saved') {
      // After a create the page becomes the new vendor's editor, so the next Save updates it.
      if (values.id === 0) {
        navigate(vendorEditPath(answer.record.id), { replace: true });
        return;
      }
      form.reset(toVendorFormValues(answer.record));
    } else if (values.id === 0) {
      // 204 on a create: the new id is unknown, so the list is the only safe place to go on from.
      navigate(VENDORS_PATH, { replace: true });
      return;
    } else {
      form.reset({ ...form.getValues(), submitFileTemplate: null });
    }
    setSelectedTemplate(null);
    setGeneration((current) => current + 1);
  });

  /** For the preview: the form as it stands, once it passes the same checks a save does. */
  const readVendorForPreview = async () => {
    const valid = await form.trigger(undefined, { shouldFocus: true });
    return valid ? (form.getValues() as unknown as Record<string, unknown>) : null;
  };

  const errorOf = (name: Path<VendorFormValues>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const idOf = (name: string) => `vendor-${name}`;

  const textField = (name: Path<VendorFormValues>, label: string, options: TextOptions = {}) => {
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

  const textArea = (name: Path<VendorFormValues>, label: string, hint?: string) => {
    const id = idOf(name);
    const error = errorOf(name);
    return (
      <FormField id={id} label={label} hint={hint} error={error} className="sm:col-span-2">
        <Textarea
          rows={5}
          className="max-h-80"
          {...controlProps(id, { hint, error })}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const switchField = (
    name: VendorBooleanField,
    label: string,
    description: string,
    onChanged?: (checked: boolean) => void,
  ) => (
    <ControlledSwitchField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      description={description}
      onChanged={onChanged}
    />
  );

  const pickerField = (
    name: 'orderSubmissionSourceId' | 'sendFromEmailSourceModelId',
    label: string,
    options: (current: string) => SelectOption[],
    placeholder: string,
  ) => (
    <ControlledSelectField
      control={form.control}
      name={name}
      id={idOf(name)}
      label={label}
      options={options}
      placeholder={placeholder}
      error={errorOf(name)}
    />
  );

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
  const saveError = saveState.state === 'error' ? outcome.error : null;

  return (
    <div className="space-y-6">
      {/* A long picker name is cut off inside its select instead of widening the card. */}
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
                <h2>Vendor Information</h2>
              </CardTitle>
              <CardDescription>
                Which order files this vendor's orders come from, how the files name it, and the mailbox that
                sends its orders.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="sm:col-span-2">
                {pickerField(
                  'orderSubmissionSourceId',
                  'Order Submission Source *',
                  submissionSourceOptions,
                  submissionSourcesLoading ? 'Loading...' : 'Select an order submission source',
                )}
              </div>
              {textField('vendorNameFromFile', 'Vendor Name From File *', {
                required: true,
                hint: 'The name in the order file’s Vendor column',
              })}
              {textField('vendorProvidedAccountNumber', 'Vendor Provided Account Number')}
              <div className="sm:col-span-2">
                {pickerField(
                  'sendFromEmailSourceModelId',
                  'Send From Email Source *',
                  (current) => emailSourceSelectOptions(emailSourcePairs, current),
                  emailSourcesLoading ? 'Loading...' : 'Select an email source',
                )}
              </div>
              <div className="sm:col-span-2">
                <VendorAliasManager key={generation} form={form} vendorId={vendorId} />
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Email Configuration</h2>
              </CardTitle>
              <CardDescription>The e-mail that carries the orders to the vendor.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {textField('submitEmails', 'To *', {
                required: true,
                className: 'sm:col-span-2',
                hint: 'Separate several addresses with commas',
              })}
              {textField('submitCcEmails', 'CC')}
              {textField('submitBccEmails', 'BCC')}
              {textField('submitEmailSubjectLine', 'Subject *', {
                required: true,
                className: 'sm:col-span-2',
              })}
              {textArea('submitEmailBodyText', 'Body')}
              <p
                id="vendor-wildcards"
                className="rounded-md bg-muted/50 px-3 py-2 text-muted-foreground text-sm sm:col-span-2"
              >
                {WILDCARD_HINT}
              </p>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Processing Options</h2>
              </CardTitle>
              <CardDescription>How the vendor's file is made and when it is sent.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-3">
              {switchField(
                'vendorWantsTrimmedItemDescription',
                'Trimmed Item Description',
                'Keep only the part of each item description the expression matches.',
                (checked) => {
                  if (!checked) form.clearErrors('vendorRegexForItemDescription');
                },
              )}
              {trimmed &&
                textField('vendorRegexForItemDescription', 'Item Description Regex *', {
                  required: true,
                  placeholder: '^[^,]+',
                  hint: 'A regular expression; its first group (or the whole match) is kept. Lookahead, lookbehind and backreferences are not supported.',
                })}
              {switchField(
                'vendorWantsNonDailySubmission',
                'Non-Daily Submission',
                'Gather this vendor’s orders and send them every few days instead of daily.',
                clearEveryXDaysIfHidden,
              )}
              {nonDaily &&
                textField('vendorCustomSubmitEveryXDay', 'Submit Every X Days *', {
                  type: 'number',
                  min: 1,
                  max: 365,
                  required: true,
                  hint: 'Orders are gathered and sent every this many days',
                })}
              {switchField(
                'vendorWantsAllAlignedLeft',
                'Align All Left',
                'Every cell of the file is left-aligned.',
              )}
              {switchField(
                'vendorWantsSpreadsheet',
                'Wants Spreadsheet',
                'Attach the generated spreadsheet.',
              )}
              {switchField('vendorWantsPDF', 'Wants PDF', 'Attach a PDF of the orders.')}
              {switchField(
                'vendorWantsForwardedEmail',
                'Wants Forwarded Email',
                'Forward the original order e-mail to the vendor.',
              )}
              {switchField(
                'vendorWantsAllData',
                'Wants All Data',
                'Append every column of the order file after the template’s columns.',
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>File Configuration</h2>
              </CardTitle>
              <CardDescription>
                The vendor's own spreadsheet that the orders are written into.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-4">
              {textField('submitFileHeaderRowIndex', 'Header Row Index *', {
                type: 'number',
                min: 0,
                required: true,
                hint: '0-based row of the template’s header; orders are written below it',
              })}
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
              {switchField('activeStatus', 'Active', 'Orders for this vendor are submitted.')}
              {switchField('deletedStatus', 'Deleted', 'The vendor is removed from the lists.')}
            </CardContent>
          </Card>

          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>
                <h2>Field Mapping</h2>
              </CardTitle>
              <CardDescription>
                For each order field, the template column that receives it: the column's header text or its
                letter. Several columns can be given, separated by commas. Leave a field empty when the vendor
                does not want it.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-6">
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                {VENDOR_MAP_FIELDS.map(({ field, label }) => (
                  <div key={field}>{textField(field, label, { placeholder: 'Column(s)' })}</div>
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
                      {textField(`staticFileData${slot}`, `Static Value ${slot}`)}
                      {textField(`mapStaticFileData${slot}`, `Static Value ${slot} Column`, {
                        placeholder: 'Column(s)',
                      })}
                    </div>
                  ))}
                </div>
              </section>
            </CardContent>
          </Card>
        </div>

        <SaveMessages success={saveError ? null : outcome.success} error={saveError} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={VENDORS_PATH}>Cancel</Link>
          </Button>
          {savedOnce && (
            <Button asChild variant="secondary">
              <Link to={VENDORS_PATH}>Back to Vendors</Link>
            </Button>
          )}
          <Button type="submit" className="sm:min-w-36" disabled={saveState.state === 'saving'}>
            {saveState.label}
          </Button>
        </div>
      </form>

      <VendorPreviewCard readVendor={readVendorForPreview} />
    </div>
  );
}
