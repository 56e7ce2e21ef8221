/**
 * react-hook-form validated by a contract's zod schema, typed as the editor sees it: the form's own values in
 * (as its default values state them), the schema's output (what a save sends) out. Several contract schemas
 * preprocess their input (a legacy `Id` beside `id`, a select's text read as a number), so their input type is
 * `unknown` or looser than the form's and `zodResolver` cannot pair them with the form's values; the one cast
 * that does so lives here instead of in each editor.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

export function zodFormResolver<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput>,
): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema as z.ZodType<TOutput, TValues>);
}

export function useZodForm<TValues extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput>,
  options: Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver'> & { defaultValues: TValues },
): UseFormReturn<TValues, unknown, TOutput> {
  const resolver = useMemo(() => zodFormResolver<TValues, TOutput>(schema), [schema]);
  return useForm<TValues, unknown, TOutput>({ ...options, resolver });
}
