import type { InventorySource } from '@app/contracts';
import { type ReactNode, useEffect } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/shared/auth/api/session';
import { useInventorySource } from '@/shared/inventory-sources/api/inventory-sources';
import { InventorySourcePageActions } from '@/shared/inventory-sources/components/inventory-source-page-actions';
import { LoadErrorBanner } from '@/shared/sources/components/source-editor-parts';
import { DebugAnalysisCard } from '../components/debug-analysis-card';
import { DownloadCard } from '../components/download-card';
import { ErrorListCard } from '../components/error-list-card';
import { ProcessingSummaryCard } from '../components/processing-summary-card';
import { ResultsCard } from '../components/results-card';
import { ExpectedOutputCard, SourceConfigurationCard } from '../components/source-overview';
import { UploadCard } from '../components/upload-card';
import { useManualWorkspace } from '../hooks/use-manual-workspace';

/** docs/behaviour/inventory.md#messages. */
export const LOAD_FAILED = 'Failed to load inventory source details';

function parseSourceId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** Manual file processing, /inventory-sources/manually-process/{id} (docs/behaviour/inventory.md#manual-processing). */
export function ManualProcessPage() {
  const sourceId = parseSourceId(useParams().id);
  const source = useInventorySource(sourceId ?? 0, { enabled: sourceId !== null });

  useEffect(() => {
    if (source.error) console.error('Error loading inventory source:', source.error);
  }, [source.error]);

  let content: ReactNode;
  if (sourceId === null || source.isError) {
    content = (
      <LoadErrorBanner
        message={LOAD_FAILED}
        onRetry={sourceId === null ? undefined : () => void source.refetch()}
      />
    );
  } else if (!source.data) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner className="size-8 text-muted-foreground" />
      </div>
    );
  } else {
    // Keyed: another source starts from no file.
    content = <ManualProcessWorkspace key={source.data.id} source={source.data} />;
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">Manual File Processing</h1>
          <p className="break-words text-muted-foreground">
            {source.data
              ? `Process a supplier file for ${source.data.sourceName} by hand.`
              : 'Process a supplier file by hand.'}
          </p>
        </div>
        <InventorySourcePageActions
          sourceId={sourceId}
          className="flex w-full flex-wrap gap-2 sm:w-auto [&>a]:flex-1 sm:[&>a]:flex-none"
        />
      </div>
      {content}
    </div>
  );
}

function ManualProcessWorkspace({ source }: { source: InventorySource }) {
  const { debugMode } = usePermissions();
  const workspace = useManualWorkspace(source);

  const shown = workspace.processing ? null : workspace.result;
  const processResult = shown?.kind === 'process' ? shown.result : null;
  const debugResult = shown?.kind === 'debug' ? shown.result : null;
  const output = shown?.result.fileData && shown.result.fileName ? shown.result : null;

  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SourceConfigurationCard source={source} />
        <ExpectedOutputCard source={source} />
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div>
          <UploadCard
            fileType={source.fileType}
            sftpConfigured={source.sftpServerAddress.trim() !== ''}
            file={workspace.file}
            fileIsModified={workspace.modifiedFrom !== null}
            error={workspace.error}
            sendEmailNotification={workspace.sendEmailNotification}
            submitViaSftp={workspace.submitViaSftp}
            onSendEmailNotificationChange={workspace.setSendEmailNotification}
            onSubmitViaSftpChange={workspace.setSubmitViaSftp}
            onFiles={workspace.chooseFiles}
            onProcess={() => void workspace.process()}
            onClear={workspace.clear}
            onDebugModify={() => void workspace.modify()}
            debugMode={debugMode}
            processing={workspace.processing}
            modifying={workspace.modifying}
            processButtonRef={workspace.processButtonRef}
            dropzoneRef={workspace.dropzoneRef}
          />
        </div>

        <div ref={workspace.resultsRef} className="min-w-0 scroll-mt-20 space-y-6">
          <ResultsCard
            sourceId={source.id}
            processing={workspace.processing}
            progress={workspace.progress}
            result={workspace.result}
            decision={workspace.decision}
            onDecided={workspace.setDecision}
            onProcessAnother={workspace.processAnother}
          />
          {processResult && <ProcessingSummaryCard result={processResult} debugMode={debugMode} />}
          {output?.fileData && output.fileName && (
            <DownloadCard
              kind={shown?.kind ?? 'process'}
              fileName={output.fileName}
              fileData={output.fileData}
              held={processResult?.status === 'held' && workspace.decision === null}
              {...(debugResult
                ? {
                    onUseModifiedFile: workspace.takeModifiedFile,
                    usingModifiedFile: workspace.modifiedFrom === debugResult,
                  }
                : {})}
            />
          )}
          {(debugResult || (processResult && debugMode)) && shown && (
            <DebugAnalysisCard
              sourceId={source.id}
              runId={processResult?.runId ?? null}
              kind={shown.kind}
              columnInfo={shown.result.columnInfo}
              summary={shown.result.processingSummary}
              debugLogs={shown.result.debugLogs}
            />
          )}
          {shown && (
            // After a decision on a held run, the run's own errors (none once approved).
            <ErrorListCard
              errors={workspace.decision ? (workspace.decision.details.errors ?? []) : shown.result.errors}
            />
          )}
        </div>
      </div>
    </div>
  );
}
