import type { FieldError as ApiFieldError } from '@sea/contracts';
import { ApiError } from '../../api/client.ts';
import { i18n } from '../../i18n/index.ts';
// The field-error and form error-code texts this module looks up come with the form kit's area.
import '../../i18n/areas/forms.ts';
import { codeMessage, type FormMessage } from '../error-text.ts';

/**
 * Business codes that are about one field of the form they come from; the field gets the message when the form
 * shows it (the form-level alert otherwise).
 */
const CODE_FIELDS: Record<string, readonly string[]> = {
  amount_invalid: ['amount', 'receivedAmount'],
  amount_out_of_range: ['amount', 'receivedAmount'],
  insufficient_funds: ['amount'],
  transaction_password_invalid: ['transactionPassword'],
  captcha_required: ['captcha'],
  captcha_invalid: ['captcha'],
  invalid_phone_number: ['mobileNum'],
  verification_code_invalid: ['code', 'verificationCode'],
  verification_code_expired: ['code', 'verificationCode'],
  invitation_code_error: ['affiliateCode'],
  referral_code_invalid: ['referralCode'],
  kyc_file_type: ['file'],
  kyc_file_too_large: ['file'],
  kyc_file_missing: ['file'],
};

/** One field of `value.fields`: translated by field and reason code where a text exists, else the server's text. */
function fieldMessage(f: ApiFieldError): FormMessage {
  for (const key of [`fieldErrors.${f.field}.${f.reason}`, `fieldErrors.${f.reason}`])
    if (i18n.exists(key)) return { type: 'server-field', message: key };
  return { type: 'server', message: f.message };
}

function fieldErrorsOf(err: unknown): ApiFieldError[] {
  if (!(err instanceof ApiError)) return [];
  const fields = (err.value as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? (fields as ApiFieldError[]).filter((f) => typeof f?.field === 'string') : [];
}

/**
 * Puts a failed call's errors next to the fields they are about: each entry of `value.fields` (the envelope of
 * validation and business errors) goes to the form field of that name (`alias` renames: API name → form field),
 * as does a business code that belongs to one field (CODE_FIELDS). Returns what is left for the form-level alert:
 * the first field error no shown field can take, or the code's message when nothing was placed; null when every
 * error found its field.
 */
export function placeServerErrors(
  setError: (name: string, error: FormMessage, options?: { shouldFocus: boolean }) => void,
  err: unknown,
  shown: readonly string[],
  alias: Readonly<Record<string, string>> = {},
): FormMessage | null {
  const target = (name: string) => {
    const field = alias[name] ?? name;
    return shown.includes(field) ? field : null;
  };
  const fields = fieldErrorsOf(err);
  let placed = 0;
  let leftover: FormMessage | null = null;
  for (const f of fields) {
    const name = target(f.field);
    if (name) setError(name, fieldMessage(f), { shouldFocus: placed++ === 0 });
    else leftover ??= fieldMessage(f);
  }
  if (fields.length) return placed ? leftover : (leftover ?? codeMessage(err));
  const name = err instanceof ApiError ? (CODE_FIELDS[err.code] ?? []).map(target).find(Boolean) : undefined;
  if (name) {
    setError(name, codeMessage(err), { shouldFocus: true });
    return null;
  }
  return codeMessage(err);
}
