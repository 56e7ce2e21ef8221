import {
  INVENTORY_MAPPING_FIELDS,
  INVENTORY_SOURCE_MESSAGES,
  type InventorySource,
  type PickerPair,
  type TInventorySource,
} from '@app/contracts';
import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { FormKit } from '@/components/form/bound-fields';
import { type EditorSaveState, useRecordEditorSubmit } from '@/components/form/use-editor-submit';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import {
  INVENTORY_SOURCES_PATH,
  inventoryManualProcessPath,
  inventorySourceEditPath,
  useInventorySource,
  useSaveInventorySource,
} from '@/shared/inventory-sources/api/inventory-sources';
import { MailedSourceEditorPage } from '@/shared/sources/components/mailed-source-editor';
import { EditorSaveFooter } from '@/shared/sources/components/source-editor-parts';
import { SourcePrefillFromMessage } from '@/shared/sources/components/source-prefill-from-message';
import { TestRulesCard } from '@/shared/sources/components/test-rules-card';
import {
  BasicInformationCard,
  EmailProcessingCard,
  FileGenerationCard,
  FileStructureCard,
  PredictiveAlgorithmCard,
  SftpCard,
} from '../components/inventory-source-cards';
import { useApplyInventorySuggestion } from '../components/suggest-inventory-mapping';
import {
  type InventoryFormValues,
  inventorySourceResolver,
  NEW_INVENTORY_SOURCE,
  type StoredSample,
  storedSftpSettings,
  toInventoryFormValues,
  toInventorySaveBody,
} from '../lib/inventory-source-form';

const M = INVENTORY_SOURCE_MESSAGES;
const SUBTITLE = 'Configure how inventory data is received, processed, and managed.';

export function InventorySourceEditorPage() {
  return (
    <MailedSourceEditorPage
      auditEntityType="inventory-source"
      useRecord={useInventorySource}
      fetchErrorLabel="Error fetching inventory source:"
      loadFailed={M.loadFailed}
      emailListFailed={M.emailListFailed}
      cards={6}
      title={{ create: 'Create New Inventory Source', edit: 'Edit Inventory Source' }}
      subtitle={SUBTITLE}
      backTo={INVENTORY_SOURCES_PATH}
      backLabel="Back to Inventory Sources"
      renderForm={(props) => (
        <InventorySourceForm
          initial={props.loaded ? toInventoryFormValues(props.loaded) : NEW_INVENTORY_SOURCE}
          {...props}
        />
      )}
    />
  );
}

const idOf = (name: string) => `inv-${name.replace('.', '-')}`;

/** docs/behaviour/mail-intake.md#create-a-source-from-a-message: a new source opened from a ledger message. */
function PrefillFromMessage() {
  const apply = useApplyInventorySuggestion();
  return <SourcePrefillFromMessage kind="inventory" fields={INVENTORY_MAPPING_FIELDS} applyMapping={apply} />;
}

function InventorySourceForm({
  initial,
  loaded,
  emailSourcePairs,
  emailSourcesLoading,
  state,
}: {
  initial: InventoryFormValues;
  loaded: InventorySource | undefined;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  state: EditorSaveState;
}) {
  const saveSource = useSaveInventorySource();
  // The resolver is made once; the settings the stored SFTP password follows change after each save.
  const storedSftp = useRef(storedSftpSettings(loaded));
  storedSftp.current = storedSftpSettings(loaded);
  const [resolver] = useState(() => inventorySourceResolver(() => storedSftp.current));
  const form = useForm<InventoryFormValues, unknown, TInventorySource>({ resolver, defaultValues: initial });
  // Remounts the file input, which cannot be cleared through its value.
  const [fileInputKey, setFileInputKey] = useState(0);

  const stored: StoredSample | null = loaded?.fileData?.inventoryFileName
    ? { name: loaded.fileData.inventoryFileName, data: loaded.fileData.inventoryFileData ?? '' }
    : null;

  const onSubmit = useRecordEditorSubmit(form, state, {
    save: async (values) =>
      saveSource.mutateAsync(await toInventorySaveBody(values, form.getValues('sampleFile'), stored)),
    logLabel: 'Error saving inventory source:',
    messages: M,
    editPath: inventorySourceEditPath,
    listPath: INVENTORY_SOURCES_PATH,
    toFormValues: (record: InventorySource) => toInventoryFormValues(record),
    clearAfterSave: { sftpPassword: '', sampleFile: null },
    afterRefill: () => setFileInputKey((key) => key + 1),
  });

  return (
    <FormKit form={form} idOf={idOf} onSubmit={onSubmit} className="space-y-6">
      <UnsavedChangesGuard control={form.control} />
      <PrefillFromMessage />
      <div className="grid gap-6 lg:grid-cols-2">
        <BasicInformationCard emailSourcePairs={emailSourcePairs} emailSourcesLoading={emailSourcesLoading} />
        <EmailProcessingCard />
        <TestRulesCard sourceType="inventory" className="lg:col-span-2" />
        <SftpCard loaded={loaded} stored={storedSftp.current} />
        <FileStructureCard stored={stored} />
        <PredictiveAlgorithmCard />
        <FileGenerationCard
          loaded={loaded}
          stored={stored}
          fileInputKey={fileInputKey}
          remountFileInput={() => setFileInputKey((key) => key + 1)}
        />
      </div>

      <EditorSaveFooter
        listPath={INVENTORY_SOURCES_PATH}
        state={state}
        beforeSave={
          // The saved source's manual processing (docs/behaviour/inventory.md#manual-processing), as the order
          // tracking editor has Process File; it reads the saved settings, so unsaved edits ask first.
          loaded && (
            <Button asChild variant="outline" title="Process a file by hand with the saved settings">
              <Link to={inventoryManualProcessPath(loaded.id)}>
                <FileUp aria-hidden />
                Process File
              </Link>
            </Button>
          )
        }
      />
    </FormKit>
  );
}
