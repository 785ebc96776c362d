import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';
import { i18n } from '../i18n/index.ts';

/**
 * A message as the site keeps it before showing it: `type: 'server'` is the server's own text, shown as it is;
 * any other type carries an i18n key (lib/validation.ts message()), translated when shown.
 */
export interface FormMessage {
  type: string;
  message: string;
}

/** A failed call as one message: the catalogue code's text (errors.<code>) when there is one, else the server's. */
export function codeMessage(err: unknown): FormMessage {
  if (!(err instanceof ApiError)) return { type: 'code', message: 'errors.internal_error' };
  const key = `errors.${err.code}`;
  return i18n.exists(key) ? { type: 'code', message: key } : { type: 'server', message: err.message };
}

/** A failed call as a sentence for the user. */
export function errorText(t: TFunction, err: unknown): string {
  const m = codeMessage(err);
  return m.type === 'server' ? m.message : t(m.message);
}

/** The login answer asks for the captcha from now on (spec §4). */
export const captchaRequested = (err: unknown) =>
  err instanceof ApiError && Boolean((err.value as { captchaRequired?: boolean } | null)?.captchaRequired);
