import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../error-text.ts';

/** Busy flag and error text around one async submit; any failure becomes a translated sentence. */
export function useSubmit() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, setError, run };
}

/** The form-level error (announced) and the full-width submit button. */
export function FormEnd({ error, busy, label }: { error?: string; busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? t('common.loading') : label}
      </button>
    </>
  );
}
