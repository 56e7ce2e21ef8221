/**
 * Layout pieces and save helpers shared by the source editors (order tracking, inventory, order submission,
 * vendors): a labelled field with hint and error, a switch row, a select (plain or bound to the form), the
 * header and the Cancel / Back to Sources / Save footer.
 * Every control is bound to its Label by id, so tests find it with getByLabel.
 */
import type { PickerPair } from '@app/contracts';
import { ArrowLeft, CheckCircle2, CircleAlert } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { FieldError } from '@/components/password-input';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useSaveState } from '@/hooks/use-save-state';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/** The aria-describedby of a control: its hint and its error, when shown. */
export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The a11y props of a text control with this id. */
export function controlProps(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  } as const;
}

export function FormField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A bordered row: label and description on the left, the switch (named by the label) on the right. */
export function SwitchField({
  id,
  label,
  description,
  checked,
  onCheckedChange,
  onBlur,
  switchRef,
  disabled,
  className,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  onBlur?: () => void;
  switchRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex items-start justify-between gap-4 rounded-md border p-3', className)}>
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description && (
          <p id={`${id}-description`} className="text-muted-foreground text-sm">
            {description}
          </p>
        )}
      </div>
      <Switch
        id={id}
        ref={switchRef}
        checked={checked}
        onCheckedChange={onCheckedChange}
        onBlur={onBlur}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
      />
    </div>
  );
}

/** A SwitchField bound to a react-hook-form field; `onChanged` runs after the form has the new value. */
export function ControlledSwitchField<T extends FieldValues, TParsed extends FieldValues>({
  control,
  name,
  id,
  label,
  description,
  onChanged,
}: {
  control: Control<T, unknown, TParsed>;
  name: Path<T>;
  id: string;
  label: string;
  description?: string | undefined;
  onChanged?: ((checked: boolean) => void) | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          id={id}
          label={label}
          description={description}
          switchRef={field.ref}
          checked={Boolean(field.value)}
          onCheckedChange={(checked) => {
            field.onChange(checked);
            onChanged?.(checked);
          }}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** A labelled SelectInput bound to a react-hook-form text field; `options` receives the current value. */
export function ControlledSelectField<T extends FieldValues, TParsed extends FieldValues>({
  control,
  name,
  id,
  label,
  options,
  placeholder,
  hint,
  error,
  disabled,
}: {
  control: Control<T, unknown, TParsed>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  options: (current: string) => readonly SelectOption[];
  placeholder: string;
  hint?: string | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <SelectInput
            id={id}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            options={options(field.value as string)}
            placeholder={placeholder}
            hint={hint}
            error={error}
            disabled={disabled}
          />
        )}
      />
    </FormField>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** Keeps a stored value that is not among the choices selectable, so opening an old record loses nothing. */
export function withCurrentOption(options: readonly SelectOption[], current: string): SelectOption[] {
  if (!current || options.some((option) => option.value === current)) return [...options];
  return [...options, { value: current, label: current }];
}

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

/** A shadcn select whose trigger carries the id (the Label's htmlFor) and the field's a11y state. */
export function SelectInput({
  id,
  value,
  onChange,
  onBlur,
  triggerRef,
  options,
  placeholder,
  hint,
  error,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  triggerRef?: Ref<HTMLButtonElement>;
  options: readonly SelectOption[];
  placeholder: string;
  hint?: unknown;
  error?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        ref={triggerRef}
        onBlur={onBlur}
        className="w-full"
        {...controlProps(id, { hint, error })}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function EditorHeader({
  title,
  subtitle,
  backTo,
  backLabel,
}: {
  title: string;
  subtitle?: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
      </div>
      <Button asChild variant="outline">
        <Link to={backTo}>
          <ArrowLeft aria-hidden />
          {backLabel}
        </Link>
      </Button>
    </div>
  );
}

export interface SaveOutcome {
  success: string | null;
  error: string | null;
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
export function EditorFooter({
  listPath,
  showBack,
  saveLabel,
  saving,
}: {
  listPath: string;
  showBack: boolean;
  saveLabel: string;
  saving: boolean;
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
      <Button type="submit" className="sm:min-w-36" disabled={saving}>
        {saveLabel}
      </Button>
    </div>
  );
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

export function EditorSkeleton({ cards }: { cards: number }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className="h-64 rounded-xl" />
      ))}
    </div>
  );
}

/** The message field of an error answer, if the server sent one (docs/behaviour/screens.md#save-errors: else the caller's fallback). */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message.trim() || undefined;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return undefined;
}

/**
 * Puts the server's per-field messages (dotted paths such as 'fileData.inventoryFile' or
 * 'columnNormalizationValues.qty') on the form and focuses the first one. Returns how many there were.
 */
export function applyServerFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown) {
  if (!(error instanceof ApiError) || !error.fields) return 0;
  const entries = Object.entries(error.fields);
  entries.forEach(([path, message], index) => {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return entries.length;
}

/** A save answered 200 with the saved record; 204 (no body) also counts as success (docs/behaviour/screens.md#save-button). */
export type SaveAnswer<T> = { kind: 'saved'; record: T } | { kind: 'no-content' } | { kind: 'unexpected' };

export function readSaveAnswer<T extends { id: number }>(body: unknown): SaveAnswer<T> {
  if (body === undefined || body === null || body === '') return { kind: 'no-content' };
  if (typeof body === 'object' && 'id' in body && typeof body.id === 'number' && body.id > 0) {
    return { kind: 'saved', record: body as T };
  }
  return { kind: 'unexpected' };
}

/** A nullable number as the text of an input. */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The editor route's id: a whole number (0 creates), or null when the address holds anything else. */
export function parseSourceId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * The save state an editor page keeps above its keyed form: after a create the page becomes the new source's
 * editor and keeps 'Saved!', the success alert and 'Back to Sources'. Spread onto the form as its props.
 */
export function useEditorSaveState(resetMs: number) {
  const saveState = useSaveState(resetMs);
  const [outcome, setOutcome] = useState<SaveOutcome>({ success: null, error: null });
  const [savedOnce, setSavedOnce] = useState(false);
  return { saveState, outcome, onOutcome: setOutcome, savedOnce, onSaved: () => setSavedOnce(true) };
}
