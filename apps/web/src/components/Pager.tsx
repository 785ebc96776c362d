import { useTranslation } from 'react-i18next';

/** Previous / "Page x of y" / Next under a paged list. */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span className="pager__info" aria-live="polite">
        {t('common.pageOf', { page, pages })}
      </span>
      <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
