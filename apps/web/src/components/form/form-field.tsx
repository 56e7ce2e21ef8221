/**
 * The unbound layout of a form control: a labelled field with hint and error, a switch row and a select whose
 * trigger carries the field's id. The bound fields (bound-fields.tsx) are built from these; a form that keeps
 * its values outside react-hook-form uses them directly.
 */
import type { ReactNode, Ref } from 'react';
import { FieldError } from '@/components/password-input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { controlProps } from './field-props';

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
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    // min-w-0: a field in a grid column never grows past it (a long select value is cut, not spilled).
    <div className={cn('grid min-w-0 content-start gap-2', className)}>
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
export function SwitchRow({
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
  disabled?: boolean | undefined;
  className?: string | undefined;
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

export interface SelectOption {
  value: string;
  label: string;
}

/** Keeps a stored value that is not among the choices selectable, so opening an old record loses nothing. */
export function withCurrentOption(options: readonly SelectOption[], current: string): SelectOption[] {
  if (!current || options.some((option) => option.value === current)) return [...options];
  return [...options, { value: current, label: current }];
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
  disabled?: boolean | undefined;
}) {
  const chosen = options.find((option) => option.value === value)?.label;
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        ref={triggerRef}
        onBlur={onBlur}
        // A long choice (an e-mail source's name and address) ends in an ellipsis; the title and the open list
        // show it whole (docs/behaviour/screens.md#long-choices).
        title={typeof chosen === 'string' ? chosen : undefined}
        className="w-full min-w-0 *:data-[slot=select-value]:block *:data-[slot=select-value]:min-w-0 *:data-[slot=select-value]:truncate"
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
