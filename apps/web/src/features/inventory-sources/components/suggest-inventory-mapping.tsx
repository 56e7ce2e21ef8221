import { INVENTORY_MAPPING_FIELDS } from '@app/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { SuggestFromSampleFile } from '@/shared/mapping-suggestions/components/suggest-from-sample-file';
import type { AppliedSuggestion } from '@/shared/mapping-suggestions/lib/review';
import type { InventoryFormValues, StoredSample } from '../lib/inventory-source-form';

const LABELS = {
  itemNumberColumnName: 'Item Number Column',
  qtyColumnName: 'Quantity Column',
  itemStatusColumnName: 'Item Status Column',
} as const;

function sampleAsFile(sample: StoredSample): File {
  const bytes = Uint8Array.from(atob(sample.data), (character) => character.charCodeAt(0));
  return new File([bytes], sample.name);
}

/**
 * Fills File Has Header and the three supplier file columns from an applied suggestion, from a sample file or
 * from a ledger message (docs/behaviour/mail-intake.md#create-a-source-from-a-message). The applied proposals go
 * with the save.
 */
export function useApplyInventorySuggestion() {
  const form = useFormContext<InventoryFormValues>();
  return (applied: AppliedSuggestion) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('fileHasHeader', applied.fileHasHeader, options);
    for (const field of INVENTORY_MAPPING_FIELDS) form.setValue(field, applied.fields[field] ?? '', options);
    form.setValue('suggestedMapping', applied.suggested);
  };
}

/**
 * The File Structure card's "Suggest from a sample file" (docs/behaviour/sources.md#suggest-from-a-sample-file):
 * the source's sample inventory file (stored, or newly chosen) is offered too.
 */
export function SuggestInventoryMapping({ stored }: { stored: StoredSample | null }) {
  const form = useFormContext<InventoryFormValues>();
  const chosen = useWatch({ control: form.control, name: 'sampleFile' });
  const apply = useApplyInventorySuggestion();

  const offered = chosen
    ? [{ label: `Use the chosen sample "${chosen.name}"`, load: async () => chosen }]
    : stored?.data
      ? [{ label: `Use the stored sample "${stored.name}"`, load: async () => sampleAsFile(stored) }]
      : [];

  return (
    <SuggestFromSampleFile
      kind="inventory"
      fields={INVENTORY_MAPPING_FIELDS}
      labels={LABELS}
      offered={offered}
      onApply={apply}
    />
  );
}
