import { useTranslation } from 'react-i18next';
import { errorText } from './error-text.ts';

/** A failed call, said plainly (the envelope's message), with a retry when the caller offers one. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="bo-alert bo-alert--error" role="alert">
      <span>{errorText(error)}</span>
      {onRetry && (
        <button type="button" className="bo-btn bo-btn--small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
