import { adminI18n } from '../i18n/index.ts';
import { AdminApiError } from '../api/client.ts';

/**
 * A failed call as one sentence: the envelope's message (the server's catalogue text), in TY the translation of its
 * code where the admin dictionary has one.
 */
export function errorText(err: unknown): string {
  if (err instanceof AdminApiError)
    return adminI18n.t(`errors.${err.code}`, { defaultValue: err.message || adminI18n.t('errors.unknown') });
  if (err instanceof Error && err.message) return err.message;
  return adminI18n.t('errors.unknown');
}
