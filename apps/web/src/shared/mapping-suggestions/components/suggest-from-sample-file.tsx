/**
 * "Suggest from a sample file" (docs/behaviour/sources.md#suggest-from-a-sample-file): the operator gives a file
 * (chosen here, or one the editor already has), reviews what the product proposes for each field (accept, pick
 * another column, or clear) and applies it to the editor's form. Nothing is saved until the editor's Save.
 */
import { type MappingSuggestion, type MappingSuggestionKind, SPREADSHEET_FILE_TYPES } from '@app/contracts';
import { Sparkles, X } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { DialogFooter, TitledDialog } from '@/components/titled-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { describeError } from '@/lib/api-client';
import { FileReadState } from '@/shared/runs/components/file-read-state';
import { checkUploadFile, extensionOf } from '@/shared/runs/lib/run-format';
import { useSuggestMapping } from '../api/mapping-suggestions';
import {
  type AppliedSuggestion,
  applySuggestion,
  type Choices,
  columnLabel,
  columnOf,
  columnValue,
  confidenceText,
  initialChoices,
} from '../lib/review';

/** A file the editor already holds (the file previewed in Process File, the stored sample). */
export interface OfferedFile {
  label: string;
  load: () => Promise<File>;
}

interface SuggestProps {
  kind: MappingSuggestionKind;
  /** The fields to review, in the form's order, with their labels. */
  fields: readonly string[];
  labels: Readonly<Record<string, string>>;
  offered?: readonly OfferedFile[];
  onApply: (applied: AppliedSuggestion) => void;
}

const NONE = '__none__';
const ACCEPTED_TYPES = SPREADSHEET_FILE_TYPES.join(',');

export function SuggestFromSampleFile(props: SuggestProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Sparkles aria-hidden />
        Suggest from a sample file
      </Button>
      <TitledDialog
        open={open}
        onOpenChange={setOpen}
        title="Suggest from a sample file"
        description="Upload a sample of the supplier's file: the columns it proposes fill the form when you apply them. Nothing is saved until you Save."
        contentClassName="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0 sm:max-w-5xl"
        headerClassName="px-6 pt-6 pr-12 pb-4"
      >
        {open && (
          <SuggestBody
            {...props}
            onClose={() => setOpen(false)}
            onApply={(applied) => {
              props.onApply(applied);
              setOpen(false);
            }}
          />
        )}
      </TitledDialog>
    </>
  );
}

function SuggestBody({
  kind,
  fields,
  labels,
  offered = [],
  onApply,
  onClose,
}: SuggestProps & { onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const suggest = useSuggestMapping();
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<MappingSuggestion | null>(null);
  const [choices, setChoices] = useState<Choices>({});

  const ask = (file: File) => {
    setFileName(file.name);
    setSuggestion(null);
    suggest.mutate(
      { file, kind },
      {
        onSuccess: (answer) => {
          setSuggestion(answer);
          setChoices(initialChoices(answer, fields));
        },
        onError: (error) => console.error('Error suggesting a mapping:', error),
      },
    );
  };

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFileError(null);
    if (!chosen) return;
    const extension = extensionOf(chosen.name);
    const problem = (SPREADSHEET_FILE_TYPES as readonly string[]).includes(extension)
      ? checkUploadFile(chosen, '')
      : `Invalid file type. Expected ${SPREADSHEET_FILE_TYPES.join(', ')} but got ${extension || 'no extension'}`;
    if (problem) {
      setFileError(problem);
      event.target.value = '';
      return;
    }
    ask(chosen);
  };

  const askOffered = async (file: OfferedFile) => {
    setFileError(null);
    try {
      ask(await file.load());
    } catch (error) {
      setFileError(describeError(error, 'The file could not be loaded.'));
    }
  };

  return (
    <>
      <div
        data-slot="dialog-body"
        className="min-h-0 min-w-0 flex-1 space-y-5 overflow-y-auto px-6 pt-1 pb-4"
      >
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Sample File</Label>
          <Input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED_TYPES}
            aria-describedby={hintId}
            aria-invalid={fileError ? true : undefined}
            disabled={suggest.isPending}
            onChange={onFileChange}
          />
          <p id={hintId} className="text-muted-foreground text-sm">
            A .csv, .xls or .xlsx file of at most 10 MB.
          </p>
          {offered.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {offered.map((file) => (
                <Button
                  key={file.label}
                  type="button"
                  variant="secondary"
                  size="sm"
                  disabled={suggest.isPending}
                  onClick={() => void askOffered(file)}
                >
                  {file.label}
                </Button>
              ))}
            </div>
          )}
          {fileError && (
            <p role="alert" className="text-destructive text-sm">
              {fileError}
            </p>
          )}
        </div>

        <FileReadState pending={suggest.isPending} error={suggest.error} />
        {suggestion && (
          <ReviewView
            kind={kind}
            fileName={fileName ?? ''}
            suggestion={suggestion}
            fields={fields}
            labels={labels}
            choices={choices}
            onChoose={(field, value) => setChoices((current) => ({ ...current, [field]: value }))}
          />
        )}
      </div>

      <DialogFooter className="border-t px-6 py-4">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="button"
          disabled={!suggestion || suggest.isPending}
          onClick={() => suggestion && onApply(applySuggestion(suggestion, fields, choices))}
        >
          Apply
        </Button>
      </DialogFooter>
    </>
  );
}

function ReviewView({
  kind,
  fileName,
  suggestion,
  fields,
  labels,
  choices,
  onChoose,
}: {
  kind: MappingSuggestionKind;
  fileName: string;
  suggestion: MappingSuggestion;
  fields: readonly string[];
  labels: Readonly<Record<string, string>>;
  choices: Choices;
  onChoose: (field: string, value: string | null) => void;
}) {
  const hasHeader = suggestion.fileHasHeader;
  const headerRow = suggestion.headerRowIndex;
  return (
    <section aria-label="Suggested mapping" className="space-y-4">
      <p className="text-sm">
        What <span className="font-medium">{fileName}</span> suggests. Keep a proposal, pick another column or
        clear it, then Apply.
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">File Has Header</dt>
        <dd>
          {hasHeader ? `Yes, on row ${(headerRow ?? 0) + 1} (Header Row Index ${headerRow ?? 0})` : 'No'}
        </dd>
        {kind === 'order-tracking' && (
          <>
            <dt className="text-muted-foreground">Unique Column</dt>
            <dd>{suggestion.uniqueColumn ?? 'No proposal'}</dd>
            <dt className="text-muted-foreground">Secondary Delimiter</dt>
            <dd>{suggestion.secondaryDelimiter === null ? 'None' : `"${suggestion.secondaryDelimiter}"`}</dd>
          </>
        )}
      </dl>
      {kind === 'inventory' && hasHeader && (headerRow ?? 0) > 0 && (
        <Alert>
          <AlertDescription>
            The column names are on row {(headerRow ?? 0) + 1}: inventory sources read them from the first
            row, so remove the rows above them from the supplier's file.
          </AlertDescription>
        </Alert>
      )}
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label="Proposed columns">
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Proposed Column</TableHead>
              <TableHead>Sample Values</TableHead>
              <TableHead className="text-right">Confidence</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>
                <span className="sr-only">Clear</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {fields.map((field) => {
              const proposal = suggestion.fields[field];
              const choice = choices[field] ?? null;
              const asProposed = choice === (proposal?.column ?? null);
              const column = columnOf(suggestion, choice);
              const label = labels[field] ?? field;
              return (
                <TableRow key={field}>
                  <TableCell className="font-medium">{label}</TableCell>
                  <TableCell className="min-w-48">
                    <Select
                      value={choice ?? NONE}
                      onValueChange={(value) => onChoose(field, value === NONE ? null : value)}
                    >
                      <SelectTrigger className="w-full" aria-label={`Column for ${label}`}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NONE}>None</SelectItem>
                        {suggestion.columns.map((option) => (
                          <SelectItem key={option.index} value={columnValue(option, hasHeader)}>
                            {columnLabel(option, hasHeader)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </TableCell>
                  <TableCell className="max-w-56">
                    <span className="block truncate" title={column?.samples.slice(0, 3).join(', ')}>
                      {column ? column.samples.slice(0, 3).join(', ') || '(empty)' : '—'}
                    </span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {asProposed && proposal && proposal.column !== null
                      ? confidenceText(proposal.confidence)
                      : '—'}
                  </TableCell>
                  <TableCell className="min-w-56 text-sm">
                    {asProposed ? proposal?.reason || 'No column looks like this field' : 'Chosen by you'}
                  </TableCell>
                  <TableCell>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Clear ${label}`}
                      disabled={choice === null}
                      onClick={() => onChoose(field, null)}
                    >
                      <X aria-hidden />
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
