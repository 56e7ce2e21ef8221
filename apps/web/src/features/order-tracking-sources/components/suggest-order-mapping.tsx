import { ORDER_MAPPING_FIELDS, ORDER_MAPPING_LABELS } from '@app/contracts';
import { useFormContext, useWatch } from 'react-hook-form';
import { SuggestFromSampleFile } from '@/shared/mapping-suggestions/components/suggest-from-sample-file';
import { usePreviewedFile } from '@/shared/mapping-suggestions/lib/previewed-files';
import type { AppliedSuggestion } from '@/shared/mapping-suggestions/lib/review';

/**
 * Fills the processing settings and the mappings from an applied suggestion, from a sample file or from a
 * ledger message (docs/behaviour/mail-intake.md#create-a-source-from-a-message). The applied proposals go with
 * the save (`suggestedMapping`).
 */
export function useApplyOrderSuggestion() {
  const form = useFormContext();
  return (applied: AppliedSuggestion) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('fileHasHeader', applied.fileHasHeader, options);
    form.setValue(
      'headerRowIndex',
      applied.headerRowIndex === null ? '' : String(applied.headerRowIndex),
      options,
    );
    if (applied.uniqueColumn) form.setValue('uniqueColumn', applied.uniqueColumn, options);
    form.setValue('secondaryDelimiter', applied.secondaryDelimiter ?? '', options);
    for (const [field, column] of Object.entries(applied.fields)) {
      form.setValue(`columnNormalizationValues.${field}`, column, options);
    }
    form.setValue('suggestedMapping', applied.suggested);
  };
}

/**
 * The Column Mappings card's "Suggest from a sample file" (docs/behaviour/sources.md#suggest-from-a-sample-file):
 * a reviewed suggestion fills the processing settings and the mappings; the file last previewed in Process File
 * for this source is offered too.
 */
export function SuggestOrderMapping() {
  const form = useFormContext();
  const id = useWatch({ control: form.control, name: 'id' }) as number | undefined;
  const previewed = usePreviewedFile(id && id > 0 ? id : undefined);
  const apply = useApplyOrderSuggestion();

  return (
    <SuggestFromSampleFile
      kind="order-tracking"
      fields={ORDER_MAPPING_FIELDS}
      labels={ORDER_MAPPING_LABELS}
      offered={
        previewed
          ? [{ label: `Use "${previewed.name}" (previewed in Process File)`, load: async () => previewed }]
          : []
      }
      onApply={apply}
    />
  );
}
