import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../auth/error-text.ts';

/** Loading and error states of a history query; renders `children(data)` once there is data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="history-error">
        <p>{errorText(t, query.error)}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!query.data) {
    return (
      <p role="status" className="history-state">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  return (
    <div className={query.isPlaceholderData ? 'history-busy' : undefined} aria-busy={query.isFetching}>
      {children(query.data)}
    </div>
  );
}
