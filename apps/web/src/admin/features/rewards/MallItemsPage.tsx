import type { AdminMallItem } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMallItems, useSaveMallItem } from '../../api/rewards.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { MallItemDialog } from './MallItemDialog.tsx';
import { ActiveCells } from './ActiveCells.tsx';

const bodyOf = (i: AdminMallItem, active: boolean) => ({
  kind: i.kind,
  name: i.name,
  description: i.description,
  points: i.points,
  cashAmount: i.cashAmount,
  stock: i.stock,
  perMemberLimit: i.perMemberLimit,
  sortOrder: i.sortOrder,
  active,
});

/** The points mall's items: add one, change its price, stock and limit, turn it on or off. */
export function MallItemsPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const list = useMallItems();
  const toggle = useSaveMallItem();
  const [editing, setEditing] = useState<AdminMallItem | 'new' | null>(null);
  const items = list.data?.list ?? [];
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency ?? '';

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('rewards.mall.title')}</h1>
        {manage && (
          <button
            type="button"
            className="bo-btn bo-btn--primary"
            disabled={!list.data}
            onClick={() => setEditing('new')}
          >
            {t('rewards.mall.new')}
          </button>
        )}
      </div>
      {toggle.isError && <ErrorAlert error={toggle.error} />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <section className="bo-table" aria-label={t('rewards.mall.title')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('rewards.mall.name')}</th>
                <th scope="col">{t('rewards.mall.kind')}</th>
                <th scope="col" className="num">
                  {t('rewards.mall.points')}
                </th>
                <th scope="col" className="num">
                  {t('rewards.mall.cashColumn')}
                </th>
                <th scope="col" className="num">
                  {t('rewards.mall.stock')}
                </th>
                <th scope="col" className="num">
                  {t('rewards.mall.perMemberLimit')}
                </th>
                <th scope="col">{t('rewards.status')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && items.length === 0 && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('rewards.mall.empty')}
                  </td>
                </tr>
              )}
              {items.map((i) => (
                <tr key={i.id}>
                  <td>
                    {i.name}
                    {i.description && <div className="bo-hint">{i.description}</div>}
                  </td>
                  <td>{t(`rewards.mall.kindShort.${i.kind}`)}</td>
                  <td className="num">{Number(i.points).toLocaleString('en')}</td>
                  <td className="num">{i.kind === 'cash' ? formatAmount(i.cashAmount, exponent, currency) : '—'}</td>
                  <td className="num">
                    {i.stock === 0 ? <Badge tone="warn">{t('rewards.mall.outOfStock')}</Badge> : i.stock}
                  </td>
                  <td className="num">{i.perMemberLimit}</td>
                  <ActiveCells
                    name={i.name}
                    active={i.active}
                    manage={manage}
                    busy={toggle.isPending}
                    onEdit={() => setEditing(i)}
                    onToggle={() => toggle.mutate({ id: i.id, body: bodyOf(i, !i.active) })}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {editing && list.data && (
        <MallItemDialog
          item={editing === 'new' ? undefined : editing}
          currency={currency}
          exponent={exponent}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
