/**
 * The vendor editor's cards (docs/behaviour/order-submission.md#vendor-editor), each reading the editor's form
 * from the <FormKit> around it and watching only the fields it shows or hides.
 */
import {
  type OrderVendorSource,
  type PickerPair,
  STATIC_DATA_SLOTS,
  SUBMISSION_WILDCARDS,
  type TOrderVendorSource,
  VENDOR_MAP_FIELDS,
  VENDOR_TEMPLATE_EXTENSIONS,
} from '@app/contracts';
import { Download } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { fieldsFor } from '@/components/form/bound-fields';
import { controlProps, fieldError } from '@/components/form/field-props';
import { FormField, type SelectOption } from '@/components/form/form-field';
import { FormSection } from '@/components/form/form-section';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { readFileAsBase64 } from '@/lib/file-base64';
import { emailSourceSelectOptions, pairSelectOptions } from '@/shared/sources/components/source-editor-parts';
import { vendorTemplateUrl } from '../api/order-vendors';
import { templateFileProblem, type VendorFormValues } from '../lib/vendor-form';
import { VendorAliasManager } from './vendor-alias-manager';

const WILDCARD_HINT = `Wildcards: ${SUBMISSION_WILDCARDS.join(', ')}, which only work with forwarded e-mails.`;
const TEMPLATE_HINT = 'Accepts .xls and .xlsx files up to 10 MB';

const { TextField, TextareaField, SwitchField, SelectField } = fieldsFor<VendorFormValues>();
const useVendorForm = () => useFormContext<VendorFormValues, unknown, TOrderVendorSource>();

/** The vendor's parent source, its names and its mailbox; `generation` remounts the alias manager after a save. */
export function VendorInformationCard({
  vendorId,
  generation,
  emailSourcePairs,
  emailSourcesLoading,
  submissionSourcePairs,
  submissionSourcesLoading,
}: {
  vendorId: number;
  generation: number;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  submissionSourcePairs: PickerPair[] | undefined;
  submissionSourcesLoading: boolean;
}) {
  const form = useVendorForm();
  const submissionSourceOptions = (current: string): SelectOption[] =>
    pairSelectOptions(submissionSourcePairs, current, 'Order submission source');
  return (
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
  );
}

export function EmailConfigurationCard() {
  return (
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
  );
}

export function ProcessingOptionsCard() {
  const form = useVendorForm();
  const [trimmed, nonDaily] = useWatch({
    control: form.control,
    name: ['vendorWantsTrimmedItemDescription', 'vendorWantsNonDailySubmission'],
  });

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
  return (
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
  );
}

/**
 * The template and the vendor's switches. The chosen template's name is the editor's (a save clears it):
 * `onSelected` sets it, `remount` remounts the file input, which cannot be cleared through its value.
 */
export function FileConfigurationCard({
  loaded,
  generation,
  selectedTemplate,
  onSelected,
  remount,
}: {
  loaded: OrderVendorSource | undefined;
  generation: number;
  selectedTemplate: string | null;
  onSelected: (name: string | null) => void;
  remount: () => void;
}) {
  const form = useVendorForm();
  const errorOf = (name: 'submitFileTemplateFileName' | 'submitFileTemplate') =>
    fieldError(form.formState.errors, name);

  const onTemplateChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const keepStored = () => {
      form.setValue('submitFileTemplate', null);
      form.setValue('submitFileTemplateFileName', loaded?.submitFileTemplateFilename ?? '');
      onSelected(null);
    };
    if (!file) {
      keepStored();
      return;
    }
    const problem = templateFileProblem(file);
    if (problem) {
      keepStored();
      form.setError('submitFileTemplateFileName', { type: 'file', message: problem });
      remount();
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
    onSelected(file.name);
  };

  const templateError = errorOf('submitFileTemplateFileName') ?? errorOf('submitFileTemplate');
  const storedTemplate = loaded?.submitFileTemplateFilename ? loaded.submitFileTemplateFilename : null;
  return (
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
      <FormField id="vendor-template" label="Submit File Template" hint={TEMPLATE_HINT} error={templateError}>
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
      <SwitchField name="activeStatus" label="Active" description="Orders for this vendor are submitted." />
      <SwitchField name="deletedStatus" label="Deleted" description="The vendor is removed from the lists." />
    </FormSection>
  );
}

export function FieldMappingCard() {
  return (
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
  );
}
