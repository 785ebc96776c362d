import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminCategory, useCategories, useUpdateCategory } from '../../api/games.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';

/**
 * The site's game categories in the merchant's order: a games manager moves one up or down (the whole order is
 * saved as 10, 20, 30…) and shows or hides it on the site.
 */
export function CategoriesPage() {
  const { t } = useTranslation();
  const categories = useCategories();
  const update = useUpdateCategory();
  const manage = useCan()('games.manage');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const rows = categories.data ?? [];

  async function run(changes: { category: string; patch: Partial<AdminCategory> }[]) {
    setBusy(true);
    setError(null);
    try {
      for (const c of changes) await update.mutateAsync(c);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  /** The order with `i` moved by `by`, each category whose position changed saved with its new sort. */
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(i, 1);
    next.splice(i + by, 0, row!);
    void run(
      next
        .map((c, j) => ({ category: c.category, sort: (j + 1) * 10, was: c.sort }))
        .filter((c) => c.sort !== c.was)
        .map((c) => ({ category: c.category, patch: { sort: c.sort } })),
    );
  };

  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('games.categories.title')}</h1>
      </div>
      <p className="bo-hint">{t('games.categories.help')}</p>
      {categories.isError && <ErrorAlert error={categories.error} onRetry={() => void categories.refetch()} />}
      {error !== null && <ErrorAlert error={error} />}
      <section className="bo-table" aria-label={t('games.categories.title')}>
        <div className="bo-table__scroll">
          <table aria-busy={categories.isFetching || busy}>
            <thead>
              <tr>
                <th scope="col" className="num">
                  #
                </th>
                <th scope="col">{t('games.category')}</th>
                <th scope="col">{t('games.categories.onSite')}</th>
                {manage && <th scope="col">{t('common.actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {categories.isPending && (
                <tr>
                  <td colSpan={4} role="status">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {rows.map((c, i) => {
                const name = t(`games.categoryNames.${c.category}`);
                return (
                  <tr key={c.category}>
                    <td className="num">{i + 1}</td>
                    <td>
                      {name} <span className="bo-muted">({c.category})</span>
                    </td>
                    <td>
                      {manage ? (
                        <label className="bo-check">
                          <input
                            type="checkbox"
                            checked={c.enabled}
                            disabled={busy}
                            onChange={(e) => void run([{ category: c.category, patch: { enabled: e.target.checked } }])}
                          />
                          {t('games.categories.shown', { name })}
                        </label>
                      ) : (
                        <Badge tone={c.enabled ? 'good' : 'neutral'}>
                          {c.enabled ? t('games.categories.visible') : t('games.categories.hidden')}
                        </Badge>
                      )}
                    </td>
                    {manage && (
                      <td>
                        <div className="bo-row-actions">
                          <button
                            type="button"
                            className="bo-btn bo-btn--small bo-btn--ghost"
                            disabled={busy || i === 0}
                            onClick={() => move(i, -1)}
                            aria-label={t('games.categories.up', { name })}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="bo-btn bo-btn--small bo-btn--ghost"
                            disabled={busy || i === rows.length - 1}
                            onClick={() => move(i, 1)}
                            aria-label={t('games.categories.down', { name })}
                          >
                            ↓
                          </button>
                        </div>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
