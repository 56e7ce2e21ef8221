/**
 * The manual processing workspace's state (docs/behaviour/inventory.md#manual-processing): the chosen file
 * (possibly the debug result's modified file), the options, the last result and the decision on a held run,
 * and the actions the page's buttons call. The page lays the cards out around it.
 */
import {
  type InventoryDebugModifyResult,
  type InventorySource,
  INVENTORY_PROCESSING_MESSAGES as M,
} from '@app/contracts';
import { useRef, useState } from 'react';
import type { InventoryRunRecord } from '@/shared/runs/api/held-runs';
import { useWorkProgress } from '@/shared/runs/api/work-progress';
import { useDebugModify, useManualProcess } from '../api/inventory-processing';
import { base64ToFile } from '../lib/download';
import {
  failedDebugResult,
  failedProcessingResult,
  type ManualResult,
  requestFailureMessage,
} from '../lib/summary';
import { checkFileCount, checkUploadFile } from '../lib/upload-checks';

export function useManualWorkspace(source: InventorySource) {
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

  return {
    file,
    modifiedFrom,
    error,
    result,
    decision,
    setDecision,
    sendEmailNotification,
    setSendEmailNotification,
    submitViaSftp,
    setSubmitViaSftp,
    processing,
    modifying,
    progress: work.progress,
    processButtonRef,
    dropzoneRef,
    resultsRef,
    chooseFiles,
    process,
    modify,
    takeModifiedFile,
    clear,
    processAnother,
  };
}
