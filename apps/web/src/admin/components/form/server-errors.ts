import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { AdminApiError } from '../../api/client.ts';
import { errorText } from '../error-text.ts';

/**
 * Puts a failed call's field errors (the envelope's `value.fields`) on the form's fields of the same name and returns
 * what is left for the form's alert: null when every error found its field, else a sentence (the envelope's message,
 * or the first field error no field of this form shows).
 */
export function placeServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  err: unknown,
  fields: readonly Path<T>[],
): string | null {
  if (!(err instanceof AdminApiError) || err.fields.length === 0) return errorText(err);
  let placed = 0;
  let leftover: string | null = null;
  for (const f of err.fields) {
    const name = fields.find((n) => n === f.field);
    if (name) setError(name, { type: 'server', message: f.message }, { shouldFocus: placed++ === 0 });
    else leftover ??= `${f.field}: ${f.message}`;
  }
  return placed ? leftover : (leftover ?? errorText(err));
}
