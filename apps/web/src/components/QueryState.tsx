import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './error-text.ts';

export type QueryLike<T> = Pick<
  UseQueryResult<T>,
  'data' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'isPlaceholderData'
>;

/**
 * The one loading / error / empty state of the site, around a TanStack query: a spinner while there is nothing
 * to show, an alert with a retry when loading failed, `empty` when `isEmpty(data)`, else `children(data)`.
 * Data already on screen stays (dimmed) while the next page or filter loads.
 */
export function QueryState<T>(props: {
  query: QueryLike<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loading?: string;
  errorTitle?: string;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.data === undefined && query.isError) {
    return (
      <div role="alert" className="query-state query-state--error">
        {props.errorTitle && <p>{props.errorTitle}</p>}
        <p className={clsx(props.errorTitle && 'field__hint')}>{errorText(t, query.error)}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <p role="status" className="query-state">
        <span className="spinner" aria-hidden="true" /> {props.loading ?? t('common.loading')}
      </p>
    );
  }
  if (props.isEmpty?.(query.data)) return <p className="field__hint">{props.empty}</p>;
  return (
    <div
      className={clsx('query-state__data', query.isPlaceholderData && 'query-state__data--stale')}
      aria-busy={query.isFetching}
    >
      {props.children(query.data)}
    </div>
  );
}

/**
 * The query with its data deferred (React's `useDeferredValue`): when the data arrives, the urgent render keeps the
 * previous value (the spinner) and the heavy list renders in a background render React splits into short tasks, so a
 * long list (the home's game rows) does not block the main thread in one long task while the page starts.
 */
export function useDeferredQuery<Q extends { data: unknown }>(query: Q): Q {
  const data = useDeferredValue(query.data);
  return data === query.data ? query : { ...query, data };
}
