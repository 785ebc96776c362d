import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, useForm, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form with a zod schema: validated on submit, then again on every change (the form's errors follow
 * the typing). The schema may change between renders (rules that arrive from the server, a captcha that appears).
 */
export function useZodForm<TIn extends FieldValues, TOut>(
  schema: z.ZodType<TOut, TIn>,
  defaultValues: DefaultValues<TIn>,
  options: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver' | 'defaultValues'> = {},
) {
  return useForm<TIn, unknown, TOut>({ ...options, defaultValues, resolver: zodResolver(schema) });
}
