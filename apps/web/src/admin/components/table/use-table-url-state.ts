import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [20, 50, 100] as const;

export interface TableUrlState<F extends string> {
  pageNo: number;
  pageSize: number;
  /** `column:asc|desc`, or undefined. */
  sort: { id: string; desc: boolean } | undefined;
  filters: Record<F, string | undefined>;
  setPage: (pageNo: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: { id: string; desc: boolean } | undefined) => void;
  /** Sets (or clears, with '' / undefined) filters; back to the first page. */
  setFilters: (next: Partial<Record<F, string | undefined>>) => void;
}

/**
 * A list's page, page size, sort and filters, kept in the URL (?page=2&size=50&sort=createdAt:desc&status=…): a
 * reload, a shared link and the browser's back button show the same list. `filterNames` are the URL names of the
 * filters; values are strings as the API takes them.
 */
export function useTableUrlState<F extends string>(filterNames: readonly F[], defaultPageSize = 20): TableUrlState<F> {
  const [params, setParams] = useSearchParams();
  const pageNo = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sizeParam = Number.parseInt(params.get('size') ?? '', 10);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;
  const sortParam = params.get('sort');
  const sort = useMemo(() => {
    const m = /^([A-Za-z0-9_.]+):(asc|desc)$/.exec(sortParam ?? '');
    return m ? { id: m[1]!, desc: m[2] === 'desc' } : undefined;
  }, [sortParam]);
  const filterKey = filterNames.map((n) => `${n}=${params.get(n) ?? ''}`).join('&');
  const filters = useMemo(
    () =>
      Object.fromEntries(
        filterKey.split('&').map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1) || undefined]),
      ) as Record<F, string | undefined>,
    [filterKey],
  );

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace: false },
      ),
    [setParams],
  );
  const setOrDelete = (p: URLSearchParams, k: string, v: string | undefined) => (v ? p.set(k, v) : p.delete(k));

  return {
    pageNo,
    pageSize,
    sort,
    filters,
    setPage: useCallback((n) => update((p) => setOrDelete(p, 'page', n > 1 ? String(n) : undefined)), [update]),
    setPageSize: useCallback(
      (n) =>
        update((p) => {
          setOrDelete(p, 'size', n === defaultPageSize ? undefined : String(n));
          p.delete('page');
        }),
      [update, defaultPageSize],
    ),
    setSort: useCallback(
      (s) =>
        update((p) => {
          setOrDelete(p, 'sort', s ? `${s.id}:${s.desc ? 'desc' : 'asc'}` : undefined);
          p.delete('page');
        }),
      [update],
    ),
    setFilters: useCallback(
      (next) =>
        update((p) => {
          for (const [k, v] of Object.entries(next)) setOrDelete(p, k, (v as string | undefined)?.trim() || undefined);
          p.delete('page');
        }),
      [update],
    ),
  };
}

/**
 * The list's `sort` query parameter for the API (`createdAt:desc`), or undefined: only a column of the list's
 * allow-list (the server's, in packages/contracts list-sort.ts) is sent, so an edited URL never makes the list fail.
 */
export function sortQuery(
  sort: TableUrlState<string>['sort'],
  allowed: readonly string[],
): `${string}:${'asc' | 'desc'}` | undefined {
  return sort && allowed.includes(sort.id) ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : undefined;
}
