import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../auth/error-text.ts';

/** Loading (status), error (alert with retry) or the data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <p role="status" className="withdraw-loading">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="withdraw-error">
        <p>{errorText(t, query.error)}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
