import type { AdminPromotion } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderPromotions, usePromotions, useWithdrawPromotion } from '../../api/promotions-messages.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ListPageHead } from '../../components/list/ListPageHead.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { useEditing } from '../../components/list/use-list-page.ts';
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
  const editing = useEditing<AdminPromotion>();
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
      <ListPageHead
        title={t('content.promotionsTitle')}
        action={manage ? { label: t('content.newPromotion'), onClick: editing.create } : undefined}
      />
      <ListTable
        label={t('content.promotionsTitle')}
        query={list}
        items={items}
        actionError={order.error}
        emptyText={t('content.noPromotions')}
        columns={[
          { label: t('content.order') },
          { label: t('content.title') },
          { label: t('content.category') },
          { label: t('content.startsAt') },
          { label: t('content.endsAt') },
          { label: t('content.state') },
          { label: t('common.actions'), srOnly: true },
        ]}
        rowKey={(p) => p.id}
        cells={(p, i) => {
          const state = scheduleState(p.startsAt, p.endsAt);
          return (
            <>
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
                    <button type="button" className="bo-btn bo-btn--small" onClick={() => editing.edit(p)}>
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
            </>
          );
        }}
      />
      {bonusOf && <BonusTermsDialog promotion={bonusOf} onClose={() => setBonusOf(null)} />}
      {applicationOf && <ApplicationSettingsDialog promotion={applicationOf} onClose={() => setApplicationOf(null)} />}
      {editing.open && <PromotionDialog promotion={editing.dialogItem} onClose={editing.close} />}
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
