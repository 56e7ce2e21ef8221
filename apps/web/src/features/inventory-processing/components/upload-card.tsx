import { Bug, CircleAlert, FileSpreadsheet, Loader2, Play, RefreshCw, Upload, X } from 'lucide-react';
import { type DragEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { acceptFor, expectedExtension, formatFileSize } from '../lib/upload-checks';

export interface UploadCardProps {
  fileType: string;
  sftpConfigured: boolean;
  file: File | null;
  /** The chosen file is the debug modification's output ('Use Modified File'). */
  fileIsModified: boolean;
  error: string | null;
  sendEmailNotification: boolean;
  submitViaSftp: boolean;
  onSendEmailNotificationChange: (value: boolean) => void;
  onSubmitViaSftpChange: (value: boolean) => void;
  /** Every file the picker or a drop offered; the page checks them. */
  onFiles: (files: File[]) => void;
  onProcess: () => void;
  onClear: () => void;
  onDebugModify: () => void;
  /** The current user's Debug Mode: shows 'Debug: Modify File'. */
  debugMode: boolean;
  processing: boolean;
  modifying: boolean;
  /** Focus targets after Process Another and Clear. */
  processButtonRef?: Ref<HTMLButtonElement>;
  dropzoneRef?: Ref<HTMLButtonElement>;
}

/**
 * The upload area (docs/behaviour/inventory.md#manual-processing): drag-and-drop or click (one file, the picker filtered by the source's file type),
 * the Processing Options once a file is chosen, and the buttons.
 */
export function UploadCard(props: UploadCardProps) {
  const { file, error, processing, modifying, debugMode } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();
  const [dragDepth, setDragDepth] = useState(0);
  const busy = processing || modifying;
  const expected = expectedExtension(props.fileType);
  const typeText = expected === '' ? '.xls, .xlsx or .csv' : expected;

  const openPicker = () => inputRef.current?.click();

  const onDragEnter = (event: DragEvent) => {
    event.preventDefault();
    if (!busy) setDragDepth((depth) => depth + 1);
  };
  const onDragLeave = (event: DragEvent) => {
    event.preventDefault();
    setDragDepth((depth) => Math.max(0, depth - 1));
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragDepth(0);
    if (busy) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) props.onFiles(files);
  };
  const dropHandlers = { onDragEnter, onDragLeave, onDragOver, onDrop };
  const dragging = dragDepth > 0;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload File</CardTitle>
        <CardDescription id={hintId}>
          Drag and drop a {typeText} file or click to choose one (10MB at most). Only one file is processed at
          a time.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <input
          ref={inputRef}
          type="file"
          accept={acceptFor(props.fileType)}
          aria-label="Choose file"
          aria-describedby={hintId}
          className="hidden"
          disabled={busy}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared so that choosing the same file again is still a change.
            event.target.value = '';
            if (files.length > 0) props.onFiles(files);
          }}
        />

        {file ? (
          <div
            {...dropHandlers}
            className={cn(
              'flex items-center gap-3 rounded-lg border p-3 transition-colors',
              dragging && 'border-primary bg-primary/5',
            )}
          >
            <FileSpreadsheet aria-hidden className="size-8 shrink-0 text-emerald-600" />
            <div className="grid min-w-0 gap-0.5">
              <p className="truncate font-medium text-sm" title={file.name}>
                <span className="sr-only">Chosen file: </span>
                {file.name}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                {formatFileSize(file.size)}
                {props.fileIsModified && <Badge variant="secondary">Modified for debugging</Badge>}
              </p>
            </div>
          </div>
        ) : (
          <button
            ref={props.dropzoneRef}
            type="button"
            {...dropHandlers}
            onClick={openPicker}
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
            className={cn(
              'flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center outline-none transition-colors hover:border-primary/60 hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 sm:py-10',
              dragging && 'border-primary bg-primary/5',
              error && 'border-destructive/60',
            )}
          >
            <Upload aria-hidden className="size-8 text-muted-foreground" />
            <span className="font-medium text-sm">Drop a file here or click to browse</span>
            <span className="text-muted-foreground text-xs">{typeText} · 10MB max</span>
          </button>
        )}

        {error && (
          <Alert variant="destructive" id={errorId}>
            <CircleAlert aria-hidden />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        )}

        {file && (
          <fieldset className="space-y-3" disabled={busy}>
            <legend className="mb-3 font-semibold text-sm">Processing Options</legend>
            <OptionSwitch
              label="Send Email Notification"
              hint="E-mail the generated file to the inventory recipients."
              checked={props.sendEmailNotification}
              onChange={props.onSendEmailNotificationChange}
              disabled={busy}
            />
            <OptionSwitch
              label="Submit via SFTP"
              hint={
                props.sftpConfigured
                  ? "Upload the generated file to the source's SFTP server."
                  : 'No SFTP server is configured for this source: the upload would fail.'
              }
              checked={props.submitViaSftp}
              onChange={props.onSubmitViaSftpChange}
              disabled={busy}
            />
          </fieldset>
        )}

        <div className="flex flex-wrap gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
          <Button
            ref={props.processButtonRef}
            type="button"
            onClick={props.onProcess}
            disabled={!file || busy}
          >
            {processing ? <Loader2 aria-hidden className="animate-spin" /> : <Play aria-hidden />}
            Process File
          </Button>
          {file && (
            <Button type="button" variant="outline" onClick={openPicker} disabled={busy}>
              <RefreshCw aria-hidden />
              Change File
            </Button>
          )}
          {(file || error) && (
            <Button type="button" variant="outline" onClick={props.onClear} disabled={busy}>
              <X aria-hidden />
              Clear
            </Button>
          )}
          {debugMode && (
            <Button
              type="button"
              variant="secondary"
              onClick={props.onDebugModify}
              disabled={!file || busy}
              className="border border-amber-500/50"
            >
              {modifying ? <Loader2 aria-hidden className="animate-spin" /> : <Bug aria-hidden />}
              {modifying ? 'Modifying...' : 'Debug: Modify File'}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function OptionSwitch({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        disabled={disabled}
        aria-describedby={hintId}
        className="mt-0.5"
      />
    </div>
  );
}
