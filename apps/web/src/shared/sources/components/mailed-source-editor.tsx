/**
 * The page around the editor of a source that reads mailed files (inventory, order tracking, order
 * submission): the header, the saved source's own actions, and the form once the source and the e-mail
 * source picker have loaded (docs/behaviour/sources.md#source-editors).
 */
import type { AuditEntityType, PickerPair } from '@app/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { type EditorSaveState, useEditorSaveState } from '@/components/form/use-editor-submit';
import { Button } from '@/components/ui/button';
import { useLogError } from '@/hooks/use-log-error';
import { HistoryButton } from '@/shared/audit/components/history-button';
import { type HistorySourceType, runHistoryPath } from '@/shared/runs/api/runs';
import { useEmailSourceOptions } from '@/shared/sources/api/email-source-options';
import {
  EditorHeader,
  editorContent,
  PickerLoadBanner,
  parseSourceId,
} from '@/shared/sources/components/source-editor-parts';

/** docs/behaviour/screens.md#save-button: the Save button returns to idle 3 s after saved or error. */
export const SAVE_RESET_MS = 3000;

export interface MailedSourceFormProps<T> {
  /** The saved source, undefined on a create. */
  loaded: T | undefined;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
  state: EditorSaveState;
}

export function MailedSourceEditorPage<T>({
  useRecord,
  fetchErrorLabel,
  loadFailed,
  emailListFailed,
  cards,
  title,
  subtitle,
  backTo,
  backLabel,
  actions,
  auditEntityType,
  renderForm,
  formKey = 0,
}: {
  useRecord: (id: number, options: { enabled: boolean }) => UseQueryResult<T>;
  fetchErrorLabel: string;
  loadFailed: string;
  emailListFailed: string;
  cards: number;
  title: { create: string; edit: string };
  subtitle?: string;
  backTo: string;
  backLabel: string;
  /** Buttons for a saved source (run history, process a file), under the header. */
  actions?: (source: T) => ReactNode;
  /** The source's kind in the audit log: a saved source shows its History (docs/behaviour/audit-log.md). */
  auditEntityType: AuditEntityType;
  renderForm: (props: MailedSourceFormProps<T>) => ReactNode;
  /** A new value refills the form from the loaded source (after a save made outside it). */
  formKey?: number;
}) {
  const sourceId = parseSourceId(useParams().sourceId);
  const isCreate = sourceId === 0;
  const source = useRecord(sourceId ?? 0, { enabled: sourceId !== null && sourceId > 0 });
  const emailSources = useEmailSourceOptions();
  // Above the keyed form: after a create the page becomes the new source's editor and keeps 'Saved!',
  // the success alert and 'Back to Sources'.
  const editorSave = useEditorSaveState(SAVE_RESET_MS);

  useLogError(source.error, fetchErrorLabel);
  useLogError(emailSources.error, 'Error fetching email sources:');

  // docs/behaviour/screens.md#load-failures: the source's own failure wins over the e-mail list's.
  const content = editorContent({
    id: sourceId,
    record: source,
    loadFailed,
    cards,
    form: (loaded) => (
      <>
        <PickerLoadBanner query={emailSources} message={emailListFailed} />
        <Fragment key={`${sourceId}-${formKey}`}>
          {renderForm({
            loaded,
            emailSourcePairs: emailSources.data,
            emailSourcesLoading: emailSources.isPending,
            state: editorSave,
          })}
        </Fragment>
      </>
    ),
  });

  return (
    <div className="space-y-6">
      <EditorHeader
        title={isCreate ? title.create : title.edit}
        subtitle={subtitle}
        backTo={backTo}
        backLabel={backLabel}
      />
      {!isCreate && sourceId !== null && source.data && (
        <div className="flex flex-wrap gap-2">
          {actions?.(source.data)}
          <HistoryButton entityType={auditEntityType} entityId={sourceId} />
        </div>
      )}
      {content}
    </div>
  );
}

/** Beyond the spec (docs/behaviour/runs-and-history.md#run-history): the source's run history. */
export function RunHistoryButton({
  sourceType,
  sourceId,
}: {
  sourceType: HistorySourceType;
  sourceId: number;
}) {
  return (
    <Button asChild variant="outline">
      <Link to={runHistoryPath(sourceType, sourceId)}>
        <History aria-hidden />
        Run History
      </Link>
    </Button>
  );
}
