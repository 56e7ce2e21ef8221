/**
 * Fields bound by name to the react-hook-form of the nearest <FormKit>: each one registers itself, shows its
 * own error and takes its id from the kit's `idOf`, so an editor states only name, label and hint.
 * `fieldsFor<Values>()` gives the same components with names checked against the form's values.
 */
import { type BaseSyntheticEvent, createContext, type ReactNode, useContext } from 'react';
import {
  Controller,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { PasswordInput } from '@/components/password-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { controlProps, describedBy, fieldError } from './field-props';
import { FormField, SelectInput, type SelectOption, SwitchRow } from './form-field';

const FieldIds = createContext<(name: string) => string>((name) => name);

/**
 * The <form> (validated by the resolver, so noValidate) that provides its react-hook-form and the rule that
 * turns a field's name into its element id to the fields inside.
 */
export function FormKit<T extends FieldValues, TParsed extends FieldValues>({
  form,
  idOf,
  onSubmit,
  className,
  children,
}: {
  form: UseFormReturn<T, unknown, TParsed>;
  idOf: (name: string) => string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <FieldIds value={idOf}>
        <form onSubmit={onSubmit} noValidate className={className}>
          {children}
        </form>
      </FieldIds>
    </FormProvider>
  );
}

/** The id, the error and the form of the field with this name. */
export function useBoundField(name: string) {
  const form = useFormContext();
  const { errors } = useFormState({ control: form.control, name });
  return { form, id: useContext(FieldIds)(name), error: fieldError(errors, name) };
}

interface LabelledProps<T extends FieldValues> {
  name: Path<T>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string | undefined;
}

export interface TextFieldProps<T extends FieldValues> extends LabelledProps<T> {
  type?: 'text' | 'number' | 'email' | 'url';
  inputMode?: 'numeric' | 'email' | 'text' | 'decimal';
  placeholder?: string | undefined;
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean | undefined;
  required?: boolean;
  autoComplete?: string;
  /** Ids of further text that describes the field (a live status line). */
  describedByAlso?: string | undefined;
}

export function TextField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  required,
  autoComplete = 'off',
  describedByAlso,
  ...inputOptions
}: TextFieldProps<T>) {
  const { form, id, error } = useBoundField(name);
  const described =
    [describedBy(id, { hint, error }), describedByAlso].filter(Boolean).join(' ') || undefined;
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        autoComplete={autoComplete}
        aria-required={required || undefined}
        {...controlProps(id, { hint, error })}
        aria-describedby={described}
        {...inputOptions}
        {...form.register(name)}
      />
    </FormField>
  );
}

export function PasswordField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  autoComplete = 'off',
  required,
}: LabelledProps<T> & { autoComplete?: string; required?: boolean }) {
  const { form, id, error } = useBoundField(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <PasswordInput
        autoComplete={autoComplete}
        aria-required={required || undefined}
        {...controlProps(id, { hint, error })}
        {...form.register(name)}
      />
    </FormField>
  );
}

export function TextareaField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  rows = 5,
  inputClassName,
}: LabelledProps<T> & { rows?: number; inputClassName?: string }) {
  const { form, id, error } = useBoundField(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Textarea
        rows={rows}
        className={inputClassName}
        {...controlProps(id, { hint, error })}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** A switch row; `onChanged` runs after the form has the new value. */
export function SwitchField<T extends FieldValues = FieldValues>({
  name,
  label,
  description,
  onChanged,
  disabled,
  className,
}: {
  name: Path<T>;
  label: string;
  description?: ReactNode;
  onChanged?: ((checked: boolean) => void) | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
}) {
  const { form, id } = useBoundField(name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <SwitchRow
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
          disabled={disabled}
          className={className}
        />
      )}
    />
  );
}

/** A select over text values; `options` may depend on the current value (a stored value no longer listed). */
export function SelectField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  disabled,
  onChanged,
}: LabelledProps<T> & {
  options: readonly SelectOption[] | ((current: string) => readonly SelectOption[]);
  placeholder: string;
  hint?: string | undefined;
  disabled?: boolean | undefined;
  onChanged?: ((value: string) => void) | undefined;
}) {
  const { form, id, error } = useBoundField(name);
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <SelectInput
            id={id}
            value={field.value as string}
            onChange={(value) => {
              field.onChange(value);
              onChanged?.(value);
            }}
            onBlur={field.onBlur}
            triggerRef={field.ref}
            options={typeof options === 'function' ? options(field.value as string) : options}
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

/** The bound fields with names checked against one form's values. */
export function fieldsFor<T extends FieldValues>() {
  return {
    TextField: TextField<T>,
    PasswordField: PasswordField<T>,
    TextareaField: TextareaField<T>,
    SwitchField: SwitchField<T>,
    SelectField: SelectField<T>,
  };
}
