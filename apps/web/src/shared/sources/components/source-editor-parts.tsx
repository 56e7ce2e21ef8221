/**
 * Layout shared by the record editors (order tracking, inventory, order submission, vendors): the header, the
 * save outcome, the Cancel / Back to Sources / Save footer, the load error and skeleton, and the pickers'
 * choices. The fields themselves and the save flow are the form kit's (components/form).
 */
import {
  type PickerPair,
  SPREADSHEET_FILE_TYPES,
  TEXT_ENCODING_HINT,
  TEXT_ENCODING_OPTIONS,
} from '@app/contracts';
import { ArrowLeft, CheckCircle2, CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SelectField, SwitchField, TextField } from '@/components/form/bound-fields';
import { type SelectOption, withCurrentOption } from '@/components/form/form-field';
import type { EditorSaveState } from '@/components/form/use-editor-submit';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * A picker's choices from name/id pairs: the name (item1) shown, the id (item2) as the value the form sends; a
 * stored id no longer listed stays selectable as "{kind} {id}".
 */
export function pairSelectOptions(
  pairs: PickerPair[] | undefined,
  current: string,
  kind: string,
): SelectOption[] {
  const options = (pairs ?? []).map((pair) => ({ value: String(pair.item2), label: pair.item1 }));
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: `${kind} ${current}` });
  }
  return options;
}

/** The e-mail source picker's choices. */
export function emailSourceSelectOptions(pairs: PickerPair[] | undefined, current: string): SelectOption[] {
  return pairSelectOptions(pairs, current, 'Email source');
}

const fileTypeOptions = (current: string) =>
  withCurrentOption(
    SPREADSHEET_FILE_TYPES.map((type) => ({ value: type, label: type })),
    current,
  );

/**
 * The mailbox a source reads and the file it expects: the e-mail source, file type and text encoding selects
 * of a kit form whose fields are named `emailSourceId`, `fileType` and `textEncoding`.
 */
export function MailedFileSelects({
  emailLabel = 'Email Source',
  emailSourcePairs,
  emailSourcesLoading,
}: {
  emailLabel?: string;
  emailSourcePairs: PickerPair[] | undefined;
  emailSourcesLoading: boolean;
}) {
  return (
    <>
      <SelectField
        name="emailSourceId"
        label={emailLabel}
        options={(current) => emailSourceSelectOptions(emailSourcePairs, current)}
        placeholder={emailSourcesLoading ? 'Loading...' : 'Select an email source'}
      />
      <SelectField
        name="fileType"
        label="File Type"
        options={fileTypeOptions}
        placeholder="Select a file type"
        hint="Supports .csv, .xls and .xlsx files"
      />
      <SelectField
        name="textEncoding"
        label="Text Encoding"
        options={() => [...TEXT_ENCODING_OPTIONS]}
        placeholder="Detect automatically"
        hint={TEXT_ENCODING_HINT}
      />
    </>
  );
}

export function EditorHeader({
  title,
  subtitle,
  backTo,
  backLabel,
  actions,
}: {
  title: string;
  subtitle?: string;
  backTo: string;
  backLabel: string;
  /** Buttons beside the back button (a saved record's History). */
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        {actions}
        <Button asChild variant="outline">
          <Link to={backTo}>
            <ArrowLeft aria-hidden />
            {backLabel}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The save outcome above the buttons: the success alert, or the error banner with the reason. */
export function SaveMessages({ success, error }: { success: string | null; error: string | null }) {
  return (
    <>
      {error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      {success && !error && (
        <Alert role="status" className="border-emerald-600/40 text-emerald-700 dark:text-emerald-400">
          <CheckCircle2 aria-hidden />
          <AlertDescription className="text-current">{success}</AlertDescription>
        </Alert>
      )}
    </>
  );
}

/** Cancel (to the list), 'Back to Sources' once a save succeeded, and the submit button with its state label. */
function EditorFooter({
  listPath,
  showBack,
  saveLabel,
  saving,
  beforeSave,
}: {
  listPath: string;
  showBack: boolean;
  saveLabel: string;
  saving: boolean;
  beforeSave?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to={listPath}>Cancel</Link>
      </Button>
      {showBack && (
        <Button asChild variant="secondary">
          <Link to={listPath}>Back to Sources</Link>
        </Button>
      )}
      {beforeSave}
      <Button type="submit" className="sm:min-w-36" disabled={saving}>
        {saveLabel}
      </Button>
    </div>
  );
}

/** The save's outcome messages above the footer, for an editor driven by useEditorSaveState. */
export function EditorSaveFooter({
  listPath,
  state,
  beforeSave,
}: {
  listPath: string;
  state: EditorSaveState;
  /** A button beside Save (the inventory editor's Process File). */
  beforeSave?: ReactNode;
}) {
  return (
    <>
      <SaveMessages success={state.outcome.success} error={state.outcome.error} />
      <EditorFooter
        beforeSave={beforeSave}
        listPath={listPath}
        showBack={state.savedOnce}
        saveLabel={state.button.label}
        saving={state.saving}
      />
    </>
  );
}

/** The slice of a query an editor page reads. */
interface LoadedQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * What an editor page shows under its header: the load failure (an address id that is not a number, or a
 * record that could not be loaded, with 'Try again'), the skeleton while it loads, else the form for the
 * loaded record (undefined when the id is 0, a create).
 */
export function editorContent<T>({
  id,
  record,
  loadFailed,
  cards,
  form,
}: {
  id: number | null;
  record: LoadedQuery<T>;
  loadFailed: string;
  cards: number;
  form: (loaded: T | undefined) => ReactNode;
}): ReactNode {
  if (id === null) return <LoadErrorBanner message={loadFailed} />;
  if (id !== 0 && record.isPending) return <EditorSkeleton cards={cards} />;
  if (id !== 0 && record.isError) {
    return <LoadErrorBanner message={loadFailed} onRetry={() => void record.refetch()} />;
  }
  return form(id === 0 ? undefined : record.data);
}

/** A picker's list that could not be loaded: the message with 'Try again'; nothing otherwise. */
export function PickerLoadBanner({
  query,
  message,
}: {
  query: { isError: boolean; refetch: () => unknown };
  message: string;
}) {
  return query.isError ? <LoadErrorBanner message={message} onRetry={() => void query.refetch()} /> : null;
}

/** Load failure banner with a retry. */
export function LoadErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden />
      <AlertDescription className="flex flex-wrap items-center gap-3">
        <span>{message}</span>
        {onRetry && (
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}

export function EditorSkeleton({ cards, height = 'h-64' }: { cards: number; height?: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className={cn(height, 'rounded-xl')} />
      ))}
    </div>
  );
}

/** A nullable number as the text of an input. */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The editor route's id: a whole number (0 creates), or null when the address holds anything else. */
export function parseSourceId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The Active switch of a source fed only by e-mail (order tracking, order submission). */
export function MailMatchedActiveField() {
  return (
    <SwitchField
      name="activeStatus"
      label="Active"
      description="Incoming e-mails are matched against this source."
    />
  );
}

/** The sender and subject the source's e-mails have (docs/behaviour/sources.md#matching-e-mails). */
export function SenderAndSubjectFields() {
  return (
    <>
      <TextField name="fromEmail" label="From Email" type="email" className="sm:col-span-2" />
      <TextField name="subjectValue" label="Subject Value" className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SwitchField
          name="containsNotExact"
          label="Subject contains (not exact match)"
          description="Match e-mails whose subject contains the value instead of equalling it."
        />
      </div>
    </>
  );
}
