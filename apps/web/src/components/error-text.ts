import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** A failed call as a sentence for the user: the catalogue code's translation, else the server message. */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof ApiError) {
    const key = `errors.${err.code}`;
    const text = t(key);
    return text === key ? err.message : text;
  }
  return t('errors.internal_error');
}

export const captchaRequested = (err: unknown) =>
  err instanceof ApiError && Boolean((err.value as { captchaRequired?: boolean } | null)?.captchaRequired);
