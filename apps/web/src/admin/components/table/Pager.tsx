import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type TableUrlState } from './use-table-url-state.ts';

/** "21–40 of 134", previous / next and the page size of a server-paged list. */
export function Pager<F extends string>({ state, total }: { state: TableUrlState<F>; total: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const first = total === 0 ? 0 : (state.pageNo - 1) * state.pageSize + 1;
  const last = Math.min(total, state.pageNo * state.pageSize);
  return (
    <nav className="bo-pager" aria-label={t('table.pagination')}>
      <span className="bo-pager__range">{t('table.range', { first, last, total })}</span>
      <label className="bo-pager__size">
        {t('table.rowsPerPage')}
        <select value={state.pageSize} onChange={(e) => state.setPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="bo-btn bo-btn--ghost"
        onClick={() => state.setPage(state.pageNo - 1)}
        disabled={state.pageNo <= 1}
      >
        {t('table.previous')}
      </button>
      <span aria-current="page">{t('table.pageOf', { page: state.pageNo, pages })}</span>
      <button
        type="button"
        className="bo-btn bo-btn--ghost"
        onClick={() => state.setPage(state.pageNo + 1)}
        disabled={state.pageNo >= pages}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
