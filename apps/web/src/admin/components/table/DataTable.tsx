import { Menu } from '@base-ui/react/menu';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText, toCsv } from '../../lib/csv.ts';
import { ErrorAlert } from '../ErrorAlert.tsx';
import { Pager } from './Pager.tsx';
import type { TableUrlState } from './use-table-url-state.ts';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the header, the column menu and the CSV header. */
    label: string;
    /** The CSV cell of a row (default: the accessor's value as text). */
    csv?: (row: TData) => string;
    /** Right-aligned, tabular figures (amounts). */
    numeric?: boolean;
    /** Not offered in the column menu and not exported (row actions). */
    fixed?: boolean;
    /**
     * Header and cells may break onto two lines at their spaces (a long header over short amounts, a date and its
     * time): a wide list then fits a laptop's width without scrolling sideways.
     */
    wrap?: boolean;
  }
}

/**
 * A column without its own header shows its label (meta.label: also the column menu's and the CSV's name); a fixed
 * column (row actions) a label for screen readers only.
 */
function withHeader<T>(c: Column<T>): Column<T> {
  if (c.header !== undefined || !c.meta) return c;
  const { label, fixed } = c.meta;
  return { ...c, header: fixed ? () => <span className="sr-only">{label}</span> : label } as Column<T>;
}

export type Columns<T> = ColumnDef<T, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
type Column<T> = Columns<T>[number];

/** The operator's column choice for this list, else the list's default (columns hidden until chosen). */
function readHidden(id: string, defaultHidden: readonly string[]): VisibilityState {
  try {
    const kept = localStorage.getItem(`bo.columns.${id}`);
    if (kept) return JSON.parse(kept) as VisibilityState;
  } catch {
    // An unreadable choice falls back to the default.
  }
  return Object.fromEntries(defaultHidden.map((c) => [c, false]));
}

/**
 * The back office's list: a TanStack Table fed by one page of the server (paging, sorting and filters are the
 * server's, their state in the URL through `useTableUrlState`), with loading, empty and error states, a column
 * menu (choice kept per list in localStorage) and a CSV export of every row matching the filters (`exportRows`).
 * Sorting is offered on the columns that declare `enableSorting` (the API sorts; the table only asks).
 */
export function DataTable<T, F extends string>(props: {
  /** Names the list (column choice, CSV file name). */
  id: string;
  label: string;
  columns: Columns<T>;
  query: UseQueryResult<{ total: number; items: T[] }>;
  state: TableUrlState<F>;
  toolbar?: ReactNode;
  /** Every row matching the current filters, for the CSV export; no export button when absent. */
  exportRows?: () => Promise<T[]>;
  emptyText?: string;
  rowKey: (row: T) => string;
  /** Columns hidden until the operator shows them (Columns menu). */
  defaultHidden?: readonly string[];
}) {
  const { t } = useTranslation();
  const { query, state } = props;
  const [hidden, setHidden] = useState<VisibilityState>(() => readHidden(props.id, props.defaultHidden ?? []));
  const [exporting, setExporting] = useState<'idle' | 'busy' | Error>('idle');
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const sorting: SortingState = state.sort ? [state.sort] : [];

  const columns = useMemo(() => props.columns.map(withHeader), [props.columns]);
  const table = useReactTable({
    data: items,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.rowKey,
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total,
    defaultColumn: { enableSorting: false },
    state: { sorting, columnVisibility: hidden },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      state.setSort(next[0]);
    },
    onColumnVisibilityChange: (updater) => {
      setHidden((prev) => {
        const next = typeof updater === 'function' ? updater(prev) : updater;
        localStorage.setItem(`bo.columns.${props.id}`, JSON.stringify(next));
        return next;
      });
    },
  });

  const choosable = table.getAllLeafColumns().filter((c) => !c.columnDef.meta?.fixed);

  async function exportCsv() {
    if (!props.exportRows) return;
    setExporting('busy');
    try {
      const rows = await props.exportRows();
      const cols = table.getVisibleLeafColumns().filter((c) => !c.columnDef.meta?.fixed);
      const cell = (row: T, c: (typeof cols)[number]) => {
        const meta = c.columnDef.meta;
        if (meta?.csv) return meta.csv(row);
        const v = c.accessorFn ? c.accessorFn(row, 0) : undefined;
        return v === null || v === undefined ? '' : String(v);
      };
      const csv = toCsv(
        cols.map((c) => c.columnDef.meta?.label ?? c.id),
        rows.map((r) => cols.map((c) => cell(r, c))),
      );
      downloadText(`${props.id}-${new Date().toISOString().slice(0, 10)}.csv`, csv);
      setExporting('idle');
    } catch (e) {
      setExporting(e instanceof Error ? e : new Error(String(e)));
    }
  }

  const colCount = table.getVisibleLeafColumns().length;
  return (
    <section className="bo-table" aria-label={props.label}>
      <div className="bo-table__toolbar">
        <div className="bo-table__filters">{props.toolbar}</div>
        <div className="bo-table__tools">
          <Menu.Root>
            <Menu.Trigger className="bo-btn bo-btn--ghost">{t('table.columns')}</Menu.Trigger>
            <Menu.Portal>
              <Menu.Positioner className="bo-menu__positioner" align="end" sideOffset={4}>
                <Menu.Popup className="bo-menu">
                  {choosable.map((c) => (
                    <Menu.CheckboxItem
                      key={c.id}
                      className="bo-menu__item"
                      checked={c.getIsVisible()}
                      onCheckedChange={(v) => c.toggleVisibility(v)}
                      closeOnClick={false}
                    >
                      <Menu.CheckboxItemIndicator className="bo-menu__check" keepMounted>
                        {c.getIsVisible() ? '✓' : ''}
                      </Menu.CheckboxItemIndicator>
                      {c.columnDef.meta?.label ?? c.id}
                    </Menu.CheckboxItem>
                  ))}
                </Menu.Popup>
              </Menu.Positioner>
            </Menu.Portal>
          </Menu.Root>
          {props.exportRows && (
            <button
              type="button"
              className="bo-btn bo-btn--ghost"
              onClick={() => void exportCsv()}
              disabled={exporting === 'busy' || total === 0}
            >
              {exporting === 'busy' ? t('table.exporting') : t('table.exportCsv')}
            </button>
          )}
        </div>
      </div>
      {exporting instanceof Error && <ErrorAlert error={exporting} />}
      {query.isError && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {/* Focusable: a list wider than the screen scrolls sideways from the keyboard too. */}
      <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={props.label}>
        <table aria-busy={query.isFetching}>
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const meta = h.column.columnDef.meta;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      className={clsx(meta?.numeric && 'num', meta?.fixed && 'bo-sticky-end', meta?.wrap && 'bo-wrap')}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {h.column.getCanSort() ? (
                        <button type="button" className="bo-sort" onClick={h.column.getToggleSortingHandler()}>
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {query.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={`s${i}`} className="bo-table__skeleton" aria-hidden="true">
                  {Array.from({ length: colCount }, (_, j) => (
                    <td key={j}>
                      <span />
                    </td>
                  ))}
                </tr>
              ))}
            {query.isSuccess && items.length === 0 && (
              <tr>
                <td colSpan={colCount} className="bo-table__empty">
                  {props.emptyText ?? t('table.empty')}
                </td>
              </tr>
            )}
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={clsx(
                      cell.column.columnDef.meta?.numeric && 'num',
                      cell.column.columnDef.meta?.fixed && 'bo-sticky-end',
                      cell.column.columnDef.meta?.wrap && 'bo-wrap',
                    )}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.isPending && (
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      )}
      <Pager state={state} total={total} />
    </section>
  );
}
