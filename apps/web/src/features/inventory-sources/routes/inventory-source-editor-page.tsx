import {
  INVENTORY_SOURCE_MESSAGES,
  type InventorySource,
  type PickerPair,
  PREDICTIVE_FIELDS,
  PREDICTIVE_RANGES,
  type PredictiveField,
  SAMPLE_FILE_EXTENSIONS,
  SPREADSHEET_FILE_TYPES,
  sftpServerChanged,
  TEXT_ENCODING_HINT,
  TEXT_ENCODING_OPTIONS,
  type TInventorySource,
} from '@app/contracts';
import { Download } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { get, type Path, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
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
import { sftpSecretState } from '@/features/sources/lib/stored-secret';
import { useLogError } from '@/hooks/use-log-error';
import type { useSaveState } from '@/hooks/use-save-state';
import {
  INVENTORY_SOURCES_PATH,
  inventorySampleFileUrl,
  inventorySourceEditPath,
  useInventorySource,
  useSaveInventorySource,
} from '../api/inventory-sources';
import { SftpConnectionTest } from '../components/sftp-connection-test';
import { SftpHostKey } from '../components/sftp-host-key';
import {
  type InventoryFormValues,
  inventorySourceResolver,
  isAcceptableNumberText,
  isDecimalField,
  NEW_INVENTORY_SOURCE,
  type StoredSample,
  sampleFileProblem,
  sftpSettingsOf,
  storedSftpSettings,
  toInventoryFormValues,
  toInventorySaveBody,
} from '../lib/inventory-source-form';

const M = INVENTORY_SOURCE_MESSAGES;
const SAVE_RESET_MS = 3000;
const SUBTITLE = 'Configure how inventory data is received, processed, and managed.';

const PREDICTIVE_LABELS: Record<PredictiveField, { label: string; hint: string }> = {
  lookbackDays: { label: 'Lookback Days', hint: 'Days of history used for the depletion rate (1–365)' },
  minDataPoints: { label: 'Min Data Points', hint: 'Files needed before predicting (1–100)' },
  safetyMultiplier: { label: 'Safety Multiplier', hint: 'Multiplies the depletion rate (1.0–5.0)' },
  safetyPadding: { label: 'Safety Padding', hint: 'Units taken off the prediction (0–10000)' },
  largeDropThreshold: {
    label: 'Large Drop Threshold',
    hint: 'A fall larger than this between two files is a large drop (1–100000)',
  },
  largeDropMultiplier: {
    label: 'Large Drop Multiplier',
    hint: 'Multiplies the rate after a large drop (1.0–5.0)',
  },
};

export function InventorySourceEditorPage() {
  const sourceId = parseSourceId(useParams().sourceId);
  const isCreate = sourceId === 0;
  const source = useInventorySource(sourceId ?? 0, { enabled: sourceId !== null && sourceId > 0 });
  const emailSources = useEmailSourceOptions();
  // Above the keyed form: after a create the page becomes the new source's editor and keeps 'Saved!',
  // the success alert and 'Back to Sources'.
  const editorSave = useEditorSaveState(SAVE_RESET_MS);

  useLogError(source.error, 'Error fetching inventory source:');
  useLogError(emailSources.error, 'Error fetching email sources:');

  let content: ReactNode;
  if (sourceId === null) {
    content = <LoadErrorBanner message={M.loadFailed} />;
  } else if (!isCreate && source.isPending) {
    content = <EditorSkeleton cards={6} />;
  } else if (!isCreate && source.isError) {
    // docs/behaviour/screens.md#load-failures: the inventory source's own failure wins over the e-mail list's.
    content = <LoadErrorBanner message={M.loadFailed} onRetry={() => void source.refetch()} />;
  } else {
    const loaded = isCreate ? undefined : source.data;
    content = (
      <>
        {emailSources.isError && (
          <LoadErrorBanner message={M.emailListFailed} onRetry={() => void emailSources.refetch()} />
        )}
        <InventorySourceForm
          key={sourceId}
          initial={loaded ? toInventoryFormValues(loaded) : NEW_INVENTORY_SOURCE}
          loaded={loaded}
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
        title={isCreate ? 'Create New Inventory Source' : 'Edit Inventory Source'}
        subtitle={SUBTITLE}
        backTo={INVENTORY_SOURCES_PATH}
        backLabel="Back to Inventory Sources"
      />
      {content}
    </div>
  );
}

type BooleanField =
  | 'activeStatus'
  | 'containsNotExact'
  | 'fileHasHeader'
  | 'stripLeadingZeroes'
  | 'statusSupersedesQuantity'
  | 'usesPredictiveAlgorithm'
  | 'fileData.fileHasHeader';

interface InputOptions {
  hint?: ReactNode;
  className?: string;
  type?: 'text' | 'number' | 'email';
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number;
  required?: boolean;
  autoComplete?: string;
}

function InventorySourceForm({
  initial,
  loaded,
  emailSourcePairs,
  emailSourcesLoading,
  saveState,
  outcome,
  onOutcome,
  savedOnce,
  onSaved,
}: {
  initial: InventoryFormValues;
  loaded: InventorySource | undefined;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  saveState: ReturnType<typeof useSaveState>;
  outcome: SaveOutcome;
  onOutcome: (outcome: SaveOutcome) => void;
  savedOnce: boolean;
  onSaved: () => void;
}) {
  const navigate = useNavigate();
  const saveSource = useSaveInventorySource();
  // The resolver is made once; the settings the stored SFTP password follows change after each save.
  const storedSftp = useRef(storedSftpSettings(loaded));
  storedSftp.current = storedSftpSettings(loaded);
  const [resolver] = useState(() => inventorySourceResolver(() => storedSftp.current));
  const form = useForm<InventoryFormValues, unknown, TInventorySource>({ resolver, defaultValues: initial });
  const { errors } = form.formState;
  const [fileHasHeader, statusSupersedes, usesPredictive, generatedHasHeader, sampleFile] = useWatch({
    control: form.control,
    name: [
      'fileHasHeader',
      'statusSupersedesQuantity',
      'usesPredictiveAlgorithm',
      'fileData.fileHasHeader',
      'sampleFile',
    ],
  });
  const [sftpServerAddress, sftpPort, sftpUsername] = useWatch({
    control: form.control,
    name: ['sftpServerAddress', 'sftpPort', 'sftpUsername'],
  });
  const sftpOnScreen = sftpSettingsOf({ sftpServerAddress, sftpPort, sftpUsername });
  const sftpSecret = sftpSecretState(storedSftp.current, sftpOnScreen);
  // The password's error depends on the server fields: once errors show, check it again as they change.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      const followed = name === 'sftpServerAddress' || name === 'sftpPort' || name === 'sftpUsername';
      if (followed && form.formState.isSubmitted) void form.trigger('sftpPassword');
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const sftpServerMoved =
    loaded !== undefined &&
    sftpServerChanged(
      {
        sftpServerAddress: loaded.sftpServerAddress,
        sftpPort: loaded.sftpPort,
        sftpUsername: loaded.sftpUsername,
      },
      sftpOnScreen,
    );
  // The rule's message shows as the field's error when a save or a test is tried without the password.
  const sftpPasswordHint =
    sftpSecret.kind === 'kept'
      ? 'A password is stored. Leave blank to keep it.'
      : sftpSecret.kind === 'retype' && !errors.sftpPassword
        ? sftpSecret.message
        : undefined;
  // Remounts the file input, which cannot be cleared through its value.
  const [fileInputKey, setFileInputKey] = useState(0);

  const stored: StoredSample | null = loaded?.fileData?.inventoryFileName
    ? { name: loaded.fileData.inventoryFileName, data: loaded.fileData.inventoryFileData ?? '' }
    : null;

  const onSubmit = form.handleSubmit(async (values) => {
    onOutcome({ success: null, error: null });
    saveState.start();
    let body: unknown;
    try {
      body = await saveSource.mutateAsync(
        await toInventorySaveBody(values, form.getValues('sampleFile'), stored),
      );
    } catch (error) {
      saveState.fail();
      console.error('Error saving inventory source:', error);
      onOutcome({ success: null, error: serverMessage(error) ?? M.saveFailed });
      applyServerFieldErrors(form.setError, error);
      return;
    }
    const answer = readSaveAnswer<InventorySource>(body);
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
      if (values.id === 0) {
        navigate(inventorySourceEditPath(answer.record.id), { replace: true });
        return;
      }
      form.reset(toInventoryFormValues(answer.record));
    } else if (values.id === 0) {
      // 204 on a create: the new id is unknown, so the list is the only safe place to go on from.
      navigate(INVENTORY_SOURCES_PATH, { replace: true });
      return;
    } else {
      form.reset({ ...form.getValues(), sftpPassword: '', sampleFile: null });
    }
    setFileInputKey((key) => key + 1);
  });

  const errorOf = (name: Path<InventoryFormValues>): string | undefined =>
    (get(errors, name) as { message?: string } | undefined)?.message;
  const idOf = (name: string) => `inv-${name.replace('.', '-')}`;

  const textField = (name: Path<InventoryFormValues>, label: string, options: InputOptions = {}) => {
    const id = idOf(name);
    const error = errorOf(name);
    const { hint, className, required, autoComplete = 'off', ...inputOptions } = options;
    return (
      <FormField id={id} label={label} hint={hint} error={error} className={className}>
        <Input
          autoComplete={autoComplete}
          aria-required={required || undefined}
          {...controlProps(id, { hint, error })}
          {...inputOptions}
          {...form.register(name)}
        />
      </FormField>
    );
  };

  const numberField = (
    name: Path<InventoryFormValues>,
    label: string,
    options: Omit<InputOptions, 'type'> = {},
  ) => textField(name, label, { type: 'number', step: 1, ...options });

  /** Turning a section off hides its inputs; a value they would refuse must not block the save unseen. */
  const clearUnacceptable = (
    fields: { name: Path<InventoryFormValues>; ok: (value: string) => boolean }[],
  ) => {
    for (const { name, ok } of fields) {
      const value = form.getValues(name);
      if (typeof value === 'string' && !ok(value)) form.setValue(name, '' as never);
      form.clearErrors(name);
    }
  };

  const switchField = (
    name: BooleanField,
    label: string,
    description?: string,
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

  const nameOrIndex = (hasHeader: boolean) => (hasHeader ? 'Name' : 'Index');
  const columnHint = (hasHeader: boolean) =>
    hasHeader ? 'The header text of the column' : 'The 0-based column index (0 is the first column)';

  const onSampleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) {
      form.setValue('sampleFile', null);
      return;
    }
    const problem = sampleFileProblem(file);
    if (problem) {
      form.setValue('sampleFile', null);
      form.setError('fileData.inventoryFile', { type: 'file', message: problem });
      setFileInputKey((key) => key + 1);
      return;
    }
    form.setValue('sampleFile', file, { shouldDirty: true });
    form.clearErrors('fileData.inventoryFile');
  };

  const sampleError = errorOf('fileData.inventoryFile');
  const sampleHint = 'Accepts .xls, .xlsx and .csv files up to 10 MB';

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
            {numberField('daysUntilNoUpdateNotification', 'Days Until No Update Notification', {
              min: 1,
              max: 365,
              className: 'sm:col-span-2',
              hint: 'Alert when no file has arrived for this many days',
            })}
            <div className="sm:col-span-2">
              {switchField('activeStatus', 'Active', 'Incoming files for this source are processed.')}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Email Processing</h2>
            </CardTitle>
            <CardDescription>Which e-mails and which attachment carry the inventory file.</CardDescription>
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
            {numberField('expectedAttachmentCount', 'Expected Attachment Count', {
              min: 0,
              hint: 'Leave empty for a variable count',
            })}
            {textField('attachmentName', 'Attachment Name', {
              hint: 'Supports * wildcards (e.g. stock_*.csv)',
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>SFTP Configuration</h2>
            </CardTitle>
            <CardDescription>
              Optional: pick supplier files up from an SFTP folder and upload the generated file.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            {textField('sftpServerAddress', 'Server Address', { placeholder: 'sftp.example.com' })}
            {numberField('sftpPort', 'Port', { placeholder: '22', min: 1, max: 65535 })}
            {textField('sftpUsername', 'Username', { className: 'sm:col-span-2' })}
            <FormField
              id="inv-sftpPassword"
              label="Password"
              hint={sftpPasswordHint}
              error={errorOf('sftpPassword')}
              className="sm:col-span-2"
            >
              <PasswordInput
                autoComplete="new-password"
                aria-required={sftpSecret.kind === 'retype' || undefined}
                {...controlProps('inv-sftpPassword', {
                  hint: sftpPasswordHint,
                  error: errorOf('sftpPassword'),
                })}
                {...form.register('sftpPassword')}
              />
            </FormField>
            {textField('sftpInboundFolder', 'Inbound Folder', {
              className: 'sm:col-span-2',
              hint: 'Folder polled for supplier files',
            })}
            {textField('sftpOutboundFolder', 'Outbound Folder', {
              className: 'sm:col-span-2',
              hint: 'Folder the generated file is uploaded to',
            })}
            <div className="sm:col-span-2">
              <SftpConnectionTest
                form={form}
                retype={sftpSecret.kind === 'retype' ? sftpSecret.message : null}
              />
            </div>
            <div className="sm:col-span-2">
              <SftpHostKey source={loaded} serverChanged={sftpServerMoved} />
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>File Structure</h2>
            </CardTitle>
            <CardDescription>
              Where the supplier file keeps item numbers, quantities and statuses.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {switchField(
                'fileHasHeader',
                'File Has Header',
                'The supplier file starts with a row of column names.',
              )}
            </div>
            {textField('itemNumberColumnName', `Item Number Column ${nameOrIndex(fileHasHeader)}`, {
              hint: columnHint(fileHasHeader),
            })}
            {textField('qtyColumnName', `Quantity Column ${nameOrIndex(fileHasHeader)}`, {
              hint: columnHint(fileHasHeader),
            })}
            {textField('itemStatusColumnName', `Item Status Column ${nameOrIndex(fileHasHeader)}`, {
              hint: 'Optional',
            })}
            {numberField('minItemsToBeActive', 'Minimum Items To Be Active', {
              min: 0,
              hint: 'Leave empty to treat any quantity above 0 as Active',
            })}
            <div className="sm:col-span-2">
              {switchField(
                'stripLeadingZeroes',
                'Strip Leading Zeroes',
                'Item numbers match without leading zeroes.',
              )}
            </div>
            <div className="sm:col-span-2">
              {switchField(
                'statusSupersedesQuantity',
                'Status Supersedes Quantity',
                'A listed status decides the item’s availability whatever its quantity.',
              )}
            </div>
            {statusSupersedes && (
              <>
                {textField('statusAvailableList', 'Status Available List', {
                  hint: 'Comma-separated statuses that make an item Active',
                  className: 'sm:col-span-2',
                })}
                {textField('statusOutOfStockList', 'Status Out Of Stock List', {
                  hint: 'Comma-separated statuses that make an item Inactive',
                  className: 'sm:col-span-2',
                })}
              </>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Predictive Algorithm</h2>
            </CardTitle>
            <CardDescription>
              Predict stock drops from recent files and mark items Inactive before they sell out.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {switchField(
                'usesPredictiveAlgorithm',
                'Uses Predictive Algorithm',
                'Mark items Inactive early when their predicted quantity runs out.',
                (checked) => {
                  if (checked) return;
                  clearUnacceptable(
                    PREDICTIVE_FIELDS.map((field) => {
                      const { min, max } = PREDICTIVE_RANGES[field];
                      return {
                        name: field,
                        ok: (value: string) =>
                          isAcceptableNumberText(value, min, max, !isDecimalField(field)),
                      };
                    }),
                  );
                },
              )}
            </div>
            {usesPredictive &&
              PREDICTIVE_FIELDS.map((field) => {
                const { min, max, step } = PREDICTIVE_RANGES[field];
                return (
                  <div key={field}>
                    {numberField(field, `${PREDICTIVE_LABELS[field].label} *`, {
                      min,
                      max,
                      step,
                      required: true,
                      hint: PREDICTIVE_LABELS[field].hint,
                    })}
                  </div>
                );
              })}
            {numberField('driftGuardPercent', 'Drift Guard Percentage', {
              min: 1,
              max: 100,
              className: 'sm:col-span-2',
              hint: 'Hold a run that would turn more than this share of Active items Inactive',
            })}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>File Generation</h2>
            </CardTitle>
            <CardDescription>
              The availability file this source produces: the sample's format, one row per user-activated
              item.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="inv-fileData-userActivatedItemNumbers"
              label="User Activated Item Numbers"
              hint="Comma-separated item numbers the store sells from this supplier"
              error={errorOf('fileData.userActivatedItemNumbers')}
              className="sm:col-span-2"
            >
              <Textarea
                rows={3}
                className="max-h-48"
                {...controlProps('inv-fileData-userActivatedItemNumbers', {
                  hint: true,
                  error: errorOf('fileData.userActivatedItemNumbers'),
                })}
                {...form.register('fileData.userActivatedItemNumbers')}
              />
            </FormField>
            <FormField
              id="inv-sampleFile"
              label="Sample Inventory File"
              hint={sampleHint}
              error={sampleError}
              className="sm:col-span-2"
            >
              <Input
                key={fileInputKey}
                type="file"
                accept={SAMPLE_FILE_EXTENSIONS.join(',')}
                onChange={onSampleFileChange}
                {...controlProps('inv-sampleFile', { hint: sampleHint, error: sampleError })}
              />
              <div className="grid gap-1 text-sm">
                {stored && (
                  <p className="flex flex-wrap items-center gap-x-2">
                    <span className="text-muted-foreground">Current file:</span>
                    <span className="min-w-0 truncate font-medium" title={stored.name}>
                      {stored.name}
                    </span>
                    {loaded && (
                      <Button asChild variant="link" size="sm" className="h-auto px-0">
                        <a href={inventorySampleFileUrl(loaded.id)} download={stored.name}>
                          <Download aria-hidden />
                          Download
                        </a>
                      </Button>
                    )}
                  </p>
                )}
                {sampleFile && (
                  <p className="text-muted-foreground">
                    Selected: <span className="font-medium text-foreground">{sampleFile.name}</span>
                    {stored ? ' (replaces the current file on save)' : ''}
                  </p>
                )}
              </div>
            </FormField>
            <div className="sm:col-span-2">
              {switchField(
                'fileData.fileHasHeader',
                'Generated File Has Header',
                'The generated file starts with a header row.',
                (checked) => {
                  if (checked) return;
                  clearUnacceptable([
                    {
                      name: 'fileData.headerRowIndex',
                      ok: (value) => isAcceptableNumberText(value, 0, 1000, true),
                    },
                  ]);
                },
              )}
            </div>
            {generatedHasHeader &&
              numberField('fileData.headerRowIndex', 'Header Row Index', {
                min: 0,
                className: 'sm:col-span-2',
                hint: '0-based row of the header in the generated file',
              })}
            {textField(
              'fileData.itemNumberColumnName',
              `Generated File Item Number Column ${nameOrIndex(generatedHasHeader)}`,
              { hint: columnHint(generatedHasHeader), className: 'sm:col-span-2' },
            )}
            {textField(
              'fileData.itemStatusColumnName',
              `Generated File Item Status Column ${nameOrIndex(generatedHasHeader)}`,
              { hint: columnHint(generatedHasHeader), className: 'sm:col-span-2' },
            )}
            {textField(
              'fileData.itemStatusDateColumnName',
              `Generated File Status Date Column ${nameOrIndex(generatedHasHeader)}`,
              { hint: columnHint(generatedHasHeader), className: 'sm:col-span-2' },
            )}
          </CardContent>
        </Card>
      </div>

      <SaveMessages success={outcome.success} error={outcome.error} />
      <EditorFooter
        listPath={INVENTORY_SOURCES_PATH}
        showBack={savedOnce}
        saveLabel={saveState.label}
        saving={saveState.state === 'saving'}
      />
    </form>
  );
}
