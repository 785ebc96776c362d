import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../ErrorAlert.tsx';

/** A column's header: its name, right-aligned figures (`numeric`), or a name for screen readers only (`srOnly`). */
export interface ListColumn {
  label: string;
  numeric?: boolean;
  srOnly?: boolean;
}

/**
 * The table of a back-office settings list (the whole list, no server paging: missions, mall items, cashback
 * programmes, raffles, VIP levels …): the query's error with a retry above it (after `actionError`, a row action's
 * failure), then the table named `label`, busy while loading, with a loading row, an empty row (`emptyText`) once
 * loaded with nothing, and a row per item whose cells `cells` draws; the table scrolls sideways from the keyboard. Server-paged lists use DataTable instead.
 */
export function ListTable<T>(props: {
  label: string;
  query: Pick<UseQueryResult, 'isPending' | 'isFetching' | 'isSuccess' | 'isError' | 'error' | 'refetch'>;
  items: readonly T[];
  columns: readonly ListColumn[];
  emptyText: string;
  rowKey: (item: T) => string;
  cells: (item: T, index: number) => ReactNode;
  actionError?: Error | null;
  /** Filters above the table, inside its section (the query's error then shows below them). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const { query, columns } = props;
  const wide = columns.length;
  const errors = (
    <>
      {props.actionError && <ErrorAlert error={props.actionError} />}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
    </>
  );
  return (
    <>
      {!props.toolbar && errors}
      <section className="bo-table" aria-label={props.label} aria-busy={query.isPending}>
        {props.toolbar && (
          <>
            <div className="bo-table__toolbar">{props.toolbar}</div>
            {errors}
          </>
        )}
        {/* Focusable: a list wider than the screen scrolls sideways from the keyboard too. */}
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={props.label}>
          <table aria-busy={query.isFetching}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i} scope="col" className={c.numeric ? 'num' : undefined}>
                    {c.srOnly ? <span className="sr-only">{c.label}</span> : c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {query.isPending && (
                <tr>
                  <td colSpan={wide} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {query.isSuccess && props.items.length === 0 && (
                <tr>
                  <td colSpan={wide} className="bo-table__empty">
                    {props.emptyText}
                  </td>
                </tr>
              )}
              {props.items.map((item, i) => (
                <tr key={props.rowKey(item)}>{props.cells(item, i)}</tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
