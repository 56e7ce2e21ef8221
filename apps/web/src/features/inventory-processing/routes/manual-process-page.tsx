import {
  type InventoryDebugModifyResult,
  type InventorySource,
  INVENTORY_PROCESSING_MESSAGES as M,
} from '@app/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/shared/auth/api/session';
import { useInventorySource } from '@/shared/inventory-sources/api/inventory-sources';
import { InventorySourcePageActions } from '@/shared/inventory-sources/components/inventory-source-page-actions';
import type { InventoryRunRecord } from '@/shared/runs/api/held-runs';
import { useWorkProgress } from '@/shared/runs/api/work-progress';
import { LoadErrorBanner } from '@/shared/sources/components/source-editor-parts';
import { useDebugModify, useManualProcess } from '../api/inventory-processing';
import { DebugAnalysisCard } from '../components/debug-analysis-card';
import { DownloadCard } from '../components/download-card';
import { ErrorListCard } from '../components/error-list-card';
import { ProcessingSummaryCard } from '../components/processing-summary-card';
import { ResultsCard } from '../components/results-card';
import { ExpectedOutputCard, SourceConfigurationCard } from '../components/source-overview';
import { UploadCard } from '../components/upload-card';
import { base64ToFile } from '../lib/download';
import {
  failedDebugResult,
  failedProcessingResult,
  type ManualResult,
  requestFailureMessage,
} from '../lib/summary';
import { checkFileCount, checkUploadFile } from '../lib/upload-checks';

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
  const processFile = useManualProcess(source.id);
  const work = useWorkProgress();
  const debugModify = useDebugModify();

  const [file, setFile] = useState<File | null>(null);
  /** The debug result the chosen file was taken from ('Use Modified File'), else null. */
  const [modifiedFrom, setModifiedFrom] = useState<InventoryDebugModifyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ManualResult | null>(null);
  const [decision, setDecision] = useState<InventoryRunRecord | null>(null);
  const [sendEmailNotification, setSendEmailNotification] = useState(false);
  const [submitViaSftp, setSubmitViaSftp] = useState(false);
  const processButtonRef = useRef<HTMLButtonElement>(null);
  const dropzoneRef = useRef<HTMLButtonElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const processing = processFile.isPending;
  const modifying = debugModify.isPending;

  const showResult = (next: ManualResult | null) => {
    setResult(next);
    setDecision(null);
  };

  /** Below the large breakpoint the results sit under the upload card: bring them into view. */
  const revealResults = () => {
    if (!window.matchMedia('(max-width: 1023.98px)').matches) return;
    requestAnimationFrame(() => resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };

  /** A file is chosen only after the checks pass (docs/behaviour/inventory.md#upload-checks); a refused file leaves the choice as it was. */
  const chooseFiles = (files: File[]) => {
    const problem = checkFileCount(files.length) ?? checkUploadFile(files[0]!, source.fileType);
    if (problem) {
      setError(problem);
      return;
    }
    setFile(files[0]!);
    setModifiedFrom(null);
    setError(null);
    showResult(null);
  };

  const process = async () => {
    if (!file || processing || modifying) return;
    setError(null);
    showResult(null);
    revealResults();
    try {
      const answer = await processFile.mutateAsync({
        sourceId: source.id,
        file,
        sendEmailNotification,
        submitViaSftp,
        progressKey: work.begin(),
      });
      showResult({ kind: 'process', result: answer });
    } catch (failure) {
      console.error('Error processing file:', failure);
      const message = requestFailureMessage(failure, M.processFailed);
      showResult({ kind: 'process', result: failedProcessingResult(message, source) });
    } finally {
      work.end();
    }
  };

  const modify = async () => {
    if (!file || processing || modifying) return;
    setError(null);
    try {
      const answer = await debugModify.mutateAsync({ sourceId: source.id, file });
      showResult({ kind: 'debug', result: answer });
      revealResults();
    } catch (failure) {
      console.error('Error modifying file for debugging:', failure);
      const message = requestFailureMessage(failure, M.debugFailed);
      showResult({ kind: 'debug', result: failedDebugResult(message, source) });
      revealResults();
    }
  };

  const takeModifiedFile = () => {
    if (result?.kind !== 'debug') return;
    const { fileData, fileName } = result.result;
    if (!fileData || !fileName) return;
    let modified: File;
    try {
      modified = base64ToFile(fileData, fileName);
    } catch (failure) {
      console.error('Error reading the modified file:', failure);
      setError('The modified file could not be read.');
      return;
    }
    const problem = checkUploadFile(modified, source.fileType);
    if (problem) {
      setError(problem);
      return;
    }
    setFile(modified);
    setModifiedFrom(result.result);
    setError(null);
    processButtonRef.current?.focus();
  };

  /** docs/behaviour/inventory.md#manual-processing: Clear resets the file, the result, the error and both options. */
  const clear = () => {
    setFile(null);
    setModifiedFrom(null);
    setError(null);
    showResult(null);
    setSendEmailNotification(false);
    setSubmitViaSftp(false);
    processFile.reset();
    debugModify.reset();
    requestAnimationFrame(() => dropzoneRef.current?.focus());
  };

  /** docs/behaviour/inventory.md#manual-processing: Process Another clears the result and the error, keeping the file. */
  const processAnother = () => {
    setError(null);
    showResult(null);
    requestAnimationFrame(() => processButtonRef.current?.focus());
  };

  const shown = processing ? null : result;
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
            file={file}
            fileIsModified={modifiedFrom !== null}
            error={error}
            sendEmailNotification={sendEmailNotification}
            submitViaSftp={submitViaSftp}
            onSendEmailNotificationChange={setSendEmailNotification}
            onSubmitViaSftpChange={setSubmitViaSftp}
            onFiles={chooseFiles}
            onProcess={() => void process()}
            onClear={clear}
            onDebugModify={() => void modify()}
            debugMode={debugMode}
            processing={processing}
            modifying={modifying}
            processButtonRef={processButtonRef}
            dropzoneRef={dropzoneRef}
          />
        </div>

        <div ref={resultsRef} className="min-w-0 scroll-mt-20 space-y-6">
          <ResultsCard
            sourceId={source.id}
            processing={processing}
            progress={work.progress}
            result={result}
            decision={decision}
            onDecided={setDecision}
            onProcessAnother={processAnother}
          />
          {processResult && <ProcessingSummaryCard result={processResult} debugMode={debugMode} />}
          {output?.fileData && output.fileName && (
            <DownloadCard
              kind={shown?.kind ?? 'process'}
              fileName={output.fileName}
              fileData={output.fileData}
              held={processResult?.status === 'held' && decision === null}
              {...(debugResult
                ? { onUseModifiedFile: takeModifiedFile, usingModifiedFile: modifiedFrom === debugResult }
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
            <ErrorListCard errors={decision ? (decision.details.errors ?? []) : shown.result.errors} />
          )}
        </div>
      </div>
    </div>
  );
}
