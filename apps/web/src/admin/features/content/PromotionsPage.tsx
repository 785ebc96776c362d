import type { AdminPromotion } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderPromotions, usePromotions, useWithdrawPromotion } from '../../api/promotions-messages.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { scheduleState } from '../../lib/datetime-local.ts';
import { ApplicationSettingsDialog } from './ApplicationSettingsDialog.tsx';
import { BonusTermsDialog } from './BonusTermsDialog.tsx';
import { PromotionDialog } from './PromotionDialog.tsx';

const tone = { scheduled: 'info', live: 'good', ended: 'neutral' } as const;

/**
 * The merchant's promotions in the order the site shows them: create, edit, move up or down (the order is saved at
 * once), withdraw (gone for everyone at once).
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = usePromotions();
  const order = useOrderPromotions();
  const withdraw = useWithdrawPromotion();
  const [bonusOf, setBonusOf] = useState<AdminPromotion | null>(null);
  const [applicationOf, setApplicationOf] = useState<AdminPromotion | null>(null);
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminPromotion | null>(null);
  const items = list.data?.items ?? [];
  const manage = can('content.manage');

  function move(index: number, by: -1 | 1) {
    const ids = items.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    order.mutate(ids);
  }

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('content.promotionsTitle')}</h1>
        {manage && (
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setEditing('new')}>
            {t('content.newPromotion')}
          </button>
        )}
      </div>
      {order.isError && <ErrorAlert error={order.error} />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      <section className="bo-table" aria-label={t('content.promotionsTitle')} aria-busy={list.isPending}>
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('content.order')}</th>
                <th scope="col">{t('content.title')}</th>
                <th scope="col">{t('content.category')}</th>
                <th scope="col">{t('content.startsAt')}</th>
                <th scope="col">{t('content.endsAt')}</th>
                <th scope="col">{t('content.state')}</th>
                <th scope="col">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.isPending && (
                <tr>
                  <td colSpan={7} className="bo-table__empty">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {list.isSuccess && items.length === 0 && (
                <tr>
                  <td colSpan={7} className="bo-table__empty">
                    {t('content.noPromotions')}
                  </td>
                </tr>
              )}
              {items.map((p, i) => {
                const state = scheduleState(p.startsAt, p.endsAt);
                return (
                  <tr key={p.id}>
                    <td className="bo-nowrap">
                      {i + 1}
                      {manage && (
                        <>
                          {' '}
                          <button
                            type="button"
                            className="bo-icon-btn"
                            aria-label={t('content.moveUp', { title: p.title })}
                            disabled={i === 0 || order.isPending}
                            onClick={() => move(i, -1)}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="bo-icon-btn"
                            aria-label={t('content.moveDown', { title: p.title })}
                            disabled={i === items.length - 1 || order.isPending}
                            onClick={() => move(i, 1)}
                          >
                            ↓
                          </button>
                        </>
                      )}
                    </td>
                    <td>{p.title}</td>
                    <td>{p.category ?? ''}</td>
                    <td className="bo-nowrap">{formatDateTime(p.startsAt)}</td>
                    <td className="bo-nowrap">{p.endsAt ? formatDateTime(p.endsAt) : t('content.openEnded')}</td>
                    <td>
                      <Badge tone={tone[state]}>{t(`content.states.${state}`)}</Badge>
                    </td>
                    <td>
                      {manage && (
                        <div className="bo-row-actions">
                          <button type="button" className="bo-btn bo-btn--small" onClick={() => setEditing(p)}>
                            {t('common.edit')}
                          </button>
                          <button type="button" className="bo-btn bo-btn--small" onClick={() => setBonusOf(p)}>
                            {t('bonusTerms.button')}
                          </button>
                          <button type="button" className="bo-btn bo-btn--small" onClick={() => setApplicationOf(p)}>
                            {t('activityTerms.button')}
                          </button>
                          <button
                            type="button"
                            className="bo-btn bo-btn--small bo-btn--danger-ghost"
                            onClick={() => setWithdrawing(p)}
                          >
                            {t('content.withdraw')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      {bonusOf && <BonusTermsDialog promotion={bonusOf} onClose={() => setBonusOf(null)} />}
      {applicationOf && <ApplicationSettingsDialog promotion={applicationOf} onClose={() => setApplicationOf(null)} />}
      {editing && (
        <PromotionDialog promotion={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={t('content.withdrawTitle', { title: withdrawing?.title ?? '' })}
        text={t('content.withdrawPromotionText')}
        confirmLabel={t('content.withdraw')}
        danger
        mutation={withdraw}
        args={withdrawing?.id ?? ''}
      />
    </div>
  );
}
