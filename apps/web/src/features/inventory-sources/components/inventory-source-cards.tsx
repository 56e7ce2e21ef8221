/**
 * The inventory source editor's cards (docs/behaviour/inventory.md#source-editor), each reading the editor's
 * form from the <FormKit> around it and watching only the fields it shows or hides.
 */
import {
  type InventorySource,
  type PickerPair,
  PREDICTIVE_FIELDS,
  PREDICTIVE_RANGES,
  type PredictiveField,
  SAMPLE_FILE_EXTENSIONS,
  type SftpSecretSettings,
  sftpServerChanged,
  type TInventorySource,
} from '@app/contracts';
import { Download } from 'lucide-react';
import { type ChangeEvent, useEffect } from 'react';
import { type Path, type UseFormReturn, useFormContext, useWatch } from 'react-hook-form';
import { fieldsFor } from '@/components/form/bound-fields';
import { controlProps, fieldError } from '@/components/form/field-props';
import { FormField } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { inventorySampleFileUrl } from '@/shared/inventory-sources/api/inventory-sources';
import { MailedFileSelects, SenderAndSubjectFields } from '@/shared/sources/components/source-editor-parts';
import { sftpSecretState } from '@/shared/sources/lib/stored-secret';
import {
  type InventoryFormValues,
  isAcceptableNumberText,
  isDecimalField,
  type StoredSample,
  sampleFileProblem,
  sftpSettingsOf,
} from '../lib/inventory-source-form';
import { ActivatedItemsUpload } from './activated-items-upload';
import { SftpConnectionTest } from './sftp-connection-test';
import { SftpHostKey } from './sftp-host-key';
import { SuggestInventoryMapping } from './suggest-inventory-mapping';

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

const { TextField, PasswordField, TextareaField, SwitchField } = fieldsFor<InventoryFormValues>();
type InventoryForm = UseFormReturn<InventoryFormValues, unknown, TInventorySource>;
const useInventoryForm = () => useFormContext<InventoryFormValues, unknown, TInventorySource>();

/** Turning a section off hides its inputs; a value they would refuse must not block the save unseen. */
function clearUnacceptable(
  form: InventoryForm,
  fields: { name: Path<InventoryFormValues>; ok: (value: string) => boolean }[],
) {
  for (const { name, ok } of fields) {
    const value = form.getValues(name);
    if (typeof value === 'string' && !ok(value)) form.setValue(name, '' as never);
    form.clearErrors(name);
  }
}

const nameOrIndex = (hasHeader: boolean) => (hasHeader ? 'Name' : 'Index');
const columnHint = (hasHeader: boolean) =>
  hasHeader ? 'The header text of the column' : 'The 0-based column index (0 is the first column)';

export function BasicInformationCard({
  emailSourcePairs,
  emailSourcesLoading,
}: {
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
}) {
  return (
    <FormSection
      title="Basic Information"
      description="The source's name, the mailbox it reads and the file it expects."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <TextField name="sourceName" label="Source Name" className="sm:col-span-2" />
      <MailedFileSelects emailSourcePairs={emailSourcePairs} emailSourcesLoading={emailSourcesLoading} />
      <TextField
        type="number"
        step={1}
        name="daysUntilNoUpdateNotification"
        label="Days Until No Update Notification"
        min={1}
        max={365}
        className="sm:col-span-2"
        hint="Alert when no file has arrived for this many days"
      />
      <div className="sm:col-span-2">
        <SwitchField
          name="activeStatus"
          label="Active"
          description="Incoming files for this source are processed."
        />
      </div>
    </FormSection>
  );
}

export function EmailProcessingCard() {
  return (
    <FormSection
      title="Email Processing"
      description="Which e-mails and which attachment carry the inventory file."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <SenderAndSubjectFields />
      <TextField
        type="number"
        step={1}
        name="expectedAttachmentCount"
        label="Expected Attachment Count"
        min={0}
        hint="Leave empty for a variable count"
      />
      <TextField
        name="attachmentName"
        label="Attachment Name"
        hint="Supports * wildcards (e.g. stock_*.csv)"
      />
    </FormSection>
  );
}

/**
 * The SFTP settings; `stored` gives the settings the stored password was saved with (null when none is), so the
 * password is asked again when the server, port or user name change.
 */
export function SftpCard({
  loaded,
  stored,
}: {
  loaded: InventorySource | undefined;
  stored: SftpSecretSettings | null;
}) {
  const form = useInventoryForm();
  const { errors } = form.formState;
  const [sftpServerAddress, sftpPort, sftpUsername] = useWatch({
    control: form.control,
    name: ['sftpServerAddress', 'sftpPort', 'sftpUsername'],
  });
  const sftpOnScreen = sftpSettingsOf({ sftpServerAddress, sftpPort, sftpUsername });
  const sftpSecret = sftpSecretState(stored, sftpOnScreen);
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
  return (
    <FormSection
      title="SFTP Configuration"
      description="Optional: pick supplier files up from an SFTP folder and upload the generated file."
      contentClassName="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]"
    >
      <TextField name="sftpServerAddress" label="Server Address" placeholder="sftp.example.com" />
      <TextField type="number" step={1} name="sftpPort" label="Port" placeholder="22" min={1} max={65535} />
      <TextField name="sftpUsername" label="Username" className="sm:col-span-2" />
      <PasswordField
        name="sftpPassword"
        label="Password"
        hint={sftpPasswordHint}
        className="sm:col-span-2"
        autoComplete="new-password"
        required={sftpSecret.kind === 'retype'}
      />
      <TextField
        name="sftpInboundFolder"
        label="Inbound Folder"
        className="sm:col-span-2"
        hint="Folder polled for supplier files"
      />
      <TextField
        name="sftpOutboundFolder"
        label="Outbound Folder"
        className="sm:col-span-2"
        hint="Folder the generated file is uploaded to"
      />
      <div className="sm:col-span-2">
        <SftpConnectionTest form={form} retype={sftpSecret.kind === 'retype' ? sftpSecret.message : null} />
      </div>
      <div className="sm:col-span-2">
        <SftpHostKey source={loaded} serverChanged={sftpServerMoved} />
      </div>
    </FormSection>
  );
}

export function FileStructureCard({ stored }: { stored: StoredSample | null }) {
  const { control } = useInventoryForm();
  const [fileHasHeader, statusSupersedes] = useWatch({
    control,
    name: ['fileHasHeader', 'statusSupersedesQuantity'],
  });
  return (
    <FormSection
      title="File Structure"
      description="Where the supplier file keeps item numbers, quantities and statuses."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <SuggestInventoryMapping stored={stored} />
      </div>
      <div className="sm:col-span-2">
        <SwitchField
          name="fileHasHeader"
          label="File Has Header"
          description="The supplier file starts with a row of column names."
        />
      </div>
      <TextField
        name="itemNumberColumnName"
        label={`Item Number Column ${nameOrIndex(fileHasHeader)}`}
        hint={columnHint(fileHasHeader)}
      />
      <TextField
        name="qtyColumnName"
        label={`Quantity Column ${nameOrIndex(fileHasHeader)}`}
        hint={columnHint(fileHasHeader)}
      />
      <TextField
        name="itemStatusColumnName"
        label={`Item Status Column ${nameOrIndex(fileHasHeader)}`}
        hint="Optional"
      />
      <TextField
        type="number"
        step={1}
        name="minItemsToBeActive"
        label="Minimum Items To Be Active"
        min={0}
        hint="Leave empty to treat any quantity above 0 as Active"
      />
      <div className="sm:col-span-2">
        <SwitchField
          name="stripLeadingZeroes"
          label="Strip Leading Zeroes"
          description="Item numbers match without leading zeroes."
        />
      </div>
      <div className="sm:col-span-2">
        <SwitchField
          name="statusSupersedesQuantity"
          label="Status Supersedes Quantity"
          description="A listed status decides the item’s availability whatever its quantity."
        />
      </div>
      {statusSupersedes && (
        <>
          <TextField
            name="statusAvailableList"
            label="Status Available List"
            hint="Comma-separated statuses that make an item Active"
            className="sm:col-span-2"
          />
          <TextField
            name="statusOutOfStockList"
            label="Status Out Of Stock List"
            hint="Comma-separated statuses that make an item Inactive"
            className="sm:col-span-2"
          />
        </>
      )}
    </FormSection>
  );
}

export function PredictiveAlgorithmCard() {
  const form = useInventoryForm();
  const usesPredictive = useWatch({ control: form.control, name: 'usesPredictiveAlgorithm' });
  return (
    <FormSection
      title="Predictive Algorithm"
      description="Predict stock drops from recent files and mark items Inactive before they sell out."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <SwitchField
          name="usesPredictiveAlgorithm"
          label="Uses Predictive Algorithm"
          description="Mark items Inactive early when their predicted quantity runs out."
          onChanged={(checked) => {
            if (checked) return;
            clearUnacceptable(
              form,
              PREDICTIVE_FIELDS.map((field) => {
                const { min, max } = PREDICTIVE_RANGES[field];
                return {
                  name: field,
                  ok: (value: string) => isAcceptableNumberText(value, min, max, !isDecimalField(field)),
                };
              }),
            );
          }}
        />
      </div>
      {usesPredictive &&
        PREDICTIVE_FIELDS.map((field) => {
          const { min, max, step } = PREDICTIVE_RANGES[field];
          return (
            <div key={field}>
              <TextField
                type="number"
                name={field}
                label={`${PREDICTIVE_LABELS[field].label} *`}
                min={min}
                max={max}
                step={step}
                required
                hint={PREDICTIVE_LABELS[field].hint}
              />
            </div>
          );
        })}
      <TextField
        type="number"
        step={1}
        name="driftGuardPercent"
        label="Drift Guard Percentage"
        min={1}
        max={100}
        className="sm:col-span-2"
        hint="Hold a run that would turn more than this share of Active items Inactive"
      />
    </FormSection>
  );
}

/**
 * The sample file: `stored` is the sample saved with the source; `fileInputKey` remounts the file input (which
 * cannot be cleared through its value) when it changes.
 */
interface SampleFileProps {
  loaded: InventorySource | undefined;
  stored: StoredSample | null;
  fileInputKey: number;
  remountFileInput: () => void;
}

function SampleFileField({ loaded, stored, fileInputKey, remountFileInput }: SampleFileProps) {
  const form = useInventoryForm();
  const sampleFile = useWatch({ control: form.control, name: 'sampleFile' });

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
      remountFileInput();
      return;
    }
    form.setValue('sampleFile', file, { shouldDirty: true });
    form.clearErrors('fileData.inventoryFile');
  };

  const sampleError = fieldError(form.formState.errors, 'fileData.inventoryFile');
  const sampleHint = 'Accepts .xls, .xlsx and .csv files up to 10 MB';
  return (
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
  );
}

/** The generated file's settings, with the sample file whose format it copies. */
export function FileGenerationCard(sample: SampleFileProps) {
  const form = useInventoryForm();
  const generatedHasHeader = useWatch({ control: form.control, name: 'fileData.fileHasHeader' });

  return (
    <FormSection
      title="File Generation"
      description="The availability file this source produces: the sample's format, one row per user-activated item."
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      <TextareaField
        name="fileData.userActivatedItemNumbers"
        label="User Activated Item Numbers"
        hint="Comma-separated item numbers the store sells from this supplier"
        className="sm:col-span-2"
        rows={3}
        inputClassName="max-h-48"
      />
      <ActivatedItemsUpload />
      <SampleFileField {...sample} />
      <div className="sm:col-span-2">
        <SwitchField
          name="fileData.fileHasHeader"
          label="Generated File Has Header"
          description="The generated file starts with a header row."
          onChanged={(checked) => {
            if (checked) return;
            clearUnacceptable(form, [
              {
                name: 'fileData.headerRowIndex',
                ok: (value) => isAcceptableNumberText(value, 0, 1000, true),
              },
            ]);
          }}
        />
      </div>
      {generatedHasHeader && (
        <TextField
          type="number"
          step={1}
          name="fileData.headerRowIndex"
          label="Header Row Index"
          min={0}
          className="sm:col-span-2"
          hint="0-based row of the header in the generated file"
        />
      )}
      <TextField
        name="fileData.itemNumberColumnName"
        label={`Generated File Item Number Column ${nameOrIndex(generatedHasHeader)}`}
        hint={columnHint(generatedHasHeader)}
        className="sm:col-span-2"
      />
      <TextField
        name="fileData.itemStatusColumnName"
        label={`Generated File Item Status Column ${nameOrIndex(generatedHasHeader)}`}
        hint={columnHint(generatedHasHeader)}
        className="sm:col-span-2"
      />
      <TextField
        name="fileData.itemStatusDateColumnName"
        label={`Generated File Status Date Column ${nameOrIndex(generatedHasHeader)}`}
        hint={columnHint(generatedHasHeader)}
        className="sm:col-span-2"
      />
    </FormSection>
  );
}
