import {
  ORDER_GRID_COLUMNS,
  ORDER_MAPPING_FIELDS,
  ORDER_MAPPING_LABELS,
  progressText,
  SPREADSHEET_FILE_TYPES,
} from '@app/contracts';
import { Loader2, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/shared/format/dates';
import { rememberPreviewedFile } from '@/shared/mapping-suggestions/lib/previewed-files';
import {
  type OrderTrackingPreview,
  type OrderTrackingProcessOutcome,
  type PreviewValue,
  usePreviewOrderTrackingFile,
  useProcessOrderTrackingFile,
} from '../api/manual-processing';
import { runHistoryPath } from '../api/runs';
import { useWorkProgress } from '../api/work-progress';
import { checkUploadFile } from '../lib/run-format';
import { FileReadState } from './file-read-state';
import { HeaderDriftView } from './header-drift';
import { toastRunOutcome } from './reprocess-dialog';
import { RunStatusBadge } from './run-status-badge';
import { UseNewHeaders } from './use-new-headers';

export interface ProcessFileSource {
  id: number;
  sourceName: string;
  fileType: string;
}

/**
 * 'Process File' for an order tracking source (beyond the spec): choose a file, see how the source's settings
 * read it (the first mapped rows, warnings, header changes, or why it would fail), then 'Import' it through
 * the same processor mail intake uses. The outcome links to the source's run history.
 */
export function ProcessFileDialog({
  source,
  onClose,
  onMappingSaved,
}: {
  source: ProcessFileSource | null;
  onClose: () => void;
  /** "Use the new headers" saved the source's mapping (the editor reloads its form). */
  onMappingSaved?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    // docs/behaviour/screens.md#dialogs: header and footer stay put and only the body scrolls, so a wide or
    // long preview can never push Import, Cancel or the close button out of reach, at any width.
    <TitledDialog
      open={source !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Process File"
      description={`Import a file into "${source?.sourceName ?? ''}" with the source's saved settings. You see a preview before anything is imported.`}
      contentClassName="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0 sm:max-w-4xl"
      headerClassName="px-6 pt-6 pr-12 pb-4"
    >
      {source && (
        <ProcessFileBody
          key={source.id}
          source={source}
          onClose={onClose}
          onBusyChange={setBusy}
          onMappingSaved={onMappingSaved}
        />
      )}
    </TitledDialog>
  );
}

function ProcessFileBody({
  source,
  onClose,
  onBusyChange,
  onMappingSaved,
}: {
  source: ProcessFileSource;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
  onMappingSaved: (() => void) | undefined;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewOrderTrackingFile();
  const processFile = useProcessOrderTrackingFile();
  const work = useWorkProgress();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<OrderTrackingProcessOutcome | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);

  const accept = SPREADSHEET_FILE_TYPES.includes(source.fileType as (typeof SPREADSHEET_FILE_TYPES)[number])
    ? source.fileType
    : SPREADSHEET_FILE_TYPES.join(',');

  const reset = () => {
    setFile(null);
    setFileError(null);
    setOutcome(null);
    setProcessError(null);
    preview.reset();
    processFile.reset();
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setOutcome(null);
    setProcessError(null);
    preview.reset();
    if (!chosen) {
      setFile(null);
      setFileError(null);
      return;
    }
    const problem = checkUploadFile(chosen, source.fileType);
    if (problem) {
      setFile(null);
      setFileError(problem);
      event.target.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
    preview.mutate(
      { sourceId: source.id, file: chosen },
      {
        // The editor can suggest the source's mapping from this file (docs/behaviour/sources.md#suggest-from-a-sample-file).
        onSuccess: () => rememberPreviewedFile(source.id, chosen),
        onError: (error) => console.error('Error previewing file:', error),
      },
    );
  };

  const importFile = async () => {
    if (!file) return;
    setProcessError(null);
    onBusyChange(true);
    try {
      const result = await processFile.mutateAsync({ sourceId: source.id, file, progressKey: work.begin() });
      setOutcome(result);
      toastRunOutcome(result);
    } catch (error) {
      console.error('Error processing file:', error);
      setProcessError(describeError(error, 'Failed to process file'));
    } finally {
      work.end();
      onBusyChange(false);
    }
  };

  // The mapping now names the new headers: the same file is read again with it.
  const afterMappingSaved = () => {
    onMappingSaved?.();
    if (file)
      preview.mutate(
        { sourceId: source.id, file },
        { onError: (error) => console.error('Error previewing file:', error) },
      );
  };

  const previewData = preview.data;
  const canImport = file !== null && previewData !== undefined && !previewData.error && !outcome;
  const importing = processFile.isPending;

  return (
    <>
      <div
        data-slot="dialog-body"
        className="min-h-0 min-w-0 flex-1 space-y-5 overflow-y-auto px-6 pt-1 pb-4"
      >
        {!outcome && (
          <div className="grid gap-2">
            <Label htmlFor={inputId}>File</Label>
            <Input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={accept}
              aria-describedby={hintId}
              aria-invalid={fileError ? true : undefined}
              disabled={importing}
              onChange={onFileChange}
            />
            <p id={hintId} className="text-muted-foreground text-sm">
              {source.fileType ? `A ${source.fileType} file` : 'A .csv, .xls or .xlsx file'} of at most 10 MB.
            </p>
            {fileError && (
              <p role="alert" className="text-destructive text-sm">
                {fileError}
              </p>
            )}
          </div>
        )}

        <FileReadState pending={preview.isPending} error={preview.error} />
        {previewData && !outcome && (
          <PreviewView preview={previewData} sourceId={source.id} onMappingSaved={afterMappingSaved} />
        )}

        {processError && (
          <Alert variant="destructive">
            <AlertDescription>{processError}</AlertDescription>
          </Alert>
        )}
        {outcome && <OutcomeView outcome={outcome} sourceId={source.id} onNavigate={onClose} />}
      </div>

      <DialogFooter className="border-t px-6 py-4">
        {outcome ? (
          <>
            <Button variant="outline" onClick={reset}>
              Process Another File
            </Button>
            <Button onClick={onClose}>Done</Button>
          </>
        ) : (
          <>
            {importing && work.progress && (
              <p role="status" className="self-center text-muted-foreground text-sm tabular-nums sm:mr-auto">
                {progressText(work.progress)}
              </p>
            )}
            <Button variant="outline" onClick={onClose} disabled={importing}>
              Cancel
            </Button>
            <Button onClick={() => void importFile()} disabled={!canImport || importing}>
              {importing ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              {importing ? 'Importing...' : 'Import'}
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}

function cellText(value: PreviewValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The fields the grid shows as dates: the preview shows them as the grid will (docs/behaviour/screens.md#dates). */
const DATE_FIELDS: ReadonlySet<string> = new Set(
  ORDER_GRID_COLUMNS.filter((column) => column.kind === 'date').map((column) => column.id),
);

function previewCellText(field: string, value: PreviewValue | undefined): string {
  const text = cellText(value);
  return DATE_FIELDS.has(field) ? formatDate(text) : text;
}

function PreviewView({
  preview,
  sourceId,
  onMappingSaved,
}: {
  preview: OrderTrackingPreview;
  sourceId: number;
  onMappingSaved: () => void;
}) {
  // Only the fields the file fills are shown; the source may map a handful of the 22.
  const fields = ORDER_MAPPING_FIELDS.filter((field) =>
    preview.rows.some((row) => cellText(row[field]) !== ''),
  );
  return (
    <section aria-label="Preview" className="space-y-4">
      {preview.error ? (
        <Alert variant="destructive">
          <AlertTitle>This file cannot be imported</AlertTitle>
          <AlertDescription>{preview.error}</AlertDescription>
        </Alert>
      ) : (
        <p className="text-sm">
          {preview.rows.length < preview.totalRows
            ? `The first ${preview.rows.length} of ${formatCount(preview.totalRows)} rows of "${preview.fileName}", as they would be imported:`
            : `${formatCount(preview.totalRows)} ${preview.totalRows === 1 ? 'row' : 'rows'} of "${preview.fileName}", as they would be imported:`}
        </p>
      )}
      {preview.rows.length > 0 && (
        // Focusable, so that a keyboard can scroll a preview longer or wider than its box.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        <div tabIndex={0} className="max-h-80 overflow-auto rounded-md border">
          <Table aria-label="Mapped rows">
            <TableHeader>
              <TableRow>
                <TableHead className="text-right">Row</TableHead>
                <TableHead>Unique Key</TableHead>
                {fields.map((field) => (
                  <TableHead key={field}>{ORDER_MAPPING_LABELS[field]}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.rows.map((row, index) => (
                <TableRow key={`${cellText(row.rowNumber)}-${index}`}>
                  <TableCell className="text-right tabular-nums">{cellText(row.rowNumber)}</TableCell>
                  <TableCell>{cellText(row.uniqueKey) || '—'}</TableCell>
                  {fields.map((field) => (
                    <TableCell
                      key={field}
                      className="max-w-56 truncate"
                      title={previewCellText(field, row[field])}
                    >
                      {previewCellText(field, row[field])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {preview.warnings.length > 0 && (
        <section aria-label="Warnings" className="space-y-1">
          <h3 className="font-medium text-sm">Warnings</h3>
          <ul className="list-disc space-y-1 pl-5 text-amber-700 text-sm dark:text-amber-400">
            {preview.warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </section>
      )}
      <HeaderDriftView drift={preview.headerDrift} />
      {preview.error && (
        <UseNewHeaders sourceId={sourceId} drift={preview.headerDrift} onSaved={onMappingSaved} />
      )}
    </section>
  );
}

function OutcomeView({
  outcome,
  sourceId,
  onNavigate,
}: {
  outcome: OrderTrackingProcessOutcome;
  sourceId: number;
  onNavigate: () => void;
}) {
  return (
    <section aria-label="Import result" className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">Import result</h3>
        <RunStatusBadge status={outcome.status} />
      </div>
      <p className="break-words text-sm">{outcome.message}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Orders Updated</dt>
        <dd className="tabular-nums">{formatCount(outcome.ordersUpdated)}</dd>
        <dt className="text-muted-foreground">New Orders</dt>
        <dd className="tabular-nums">{formatCount(outcome.ordersNew)}</dd>
        <dt className="text-muted-foreground">Changed Orders</dt>
        <dd className="tabular-nums">{formatCount(outcome.ordersChanged)}</dd>
        <dt className="text-muted-foreground">Orders Deleted</dt>
        <dd className="tabular-nums">{formatCount(outcome.ordersDeleted)}</dd>
      </dl>
      <Button asChild variant="link" className="h-auto px-0">
        <Link to={runHistoryPath('order-tracking', sourceId)} onClick={onNavigate}>
          View Run History
        </Link>
      </Button>
    </section>
  );
}
