import type { AdminReferral } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferrals, useReviewReferral } from '../../api/referral.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { useCan } from '../../components/permissions.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';

const col = createColumnHelper<AdminReferral>();
const tone: Partial<Record<AdminReferral['status'], Tone>> = {
  flagged: 'warn',
  qualified: 'info',
  rewarded: 'good',
  rejected: 'bad',
};

type Review = { referral: AdminReferral; decision: 'approve' | 'reject' } | null;

/**
 * Member referrals held for staff (suspected self-referral: same device, IP or payout account): approve → the
 * referrer's reward is granted once; reject with a reason → never paid. View: flagged (default) or all.
 */
export function ReferralsPage() {
  const { t } = useTranslation();
  const decide = useCan()('rewards.manage');
  const state = useTableUrlState(['view'] as const);
  const view = state.filters.view === 'all' ? 'all' : 'flagged';
  const list = useReferrals({ view, pageNo: state.pageNo, pageSize: state.pageSize });
  const review = useReviewReferral();
  const [reviewing, setReviewing] = useState<Review>(null);
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency;
  const flagsText = (r: AdminReferral) => r.flags.map((f) => t(`referralAdmin.flags.${f}`)).join(', ');

  const columns = useMemo<Columns<AdminReferral>>(
    () => [
      col.accessor('referrer', { meta: { label: t('referralAdmin.referrer') } }),
      col.accessor('referee', { meta: { label: t('referralAdmin.referee') } }),
      col.accessor('status', {
        meta: { label: t('referralAdmin.status') },
        cell: (c) => (
          <Badge tone={tone[c.row.original.status] ?? 'neutral'}>{t(`referralAdmin.statuses.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor((r) => flagsText(r), { id: 'flags', meta: { label: t('referralAdmin.flag') } }),
      col.accessor('firstDeposit', {
        meta: { label: t('referralAdmin.firstDeposit'), numeric: true },
        cell: (c) => formatAmount(c.getValue(), exponent, currency),
      }),
      col.accessor('turnover', {
        meta: { label: t('referralAdmin.turnoverDone'), numeric: true },
        cell: (c) => formatAmount(c.getValue(), exponent, currency),
      }),
      col.accessor('registeredAt', {
        meta: { label: t('referralAdmin.registeredAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('reviewedBy', { meta: { label: t('referralAdmin.reviewedBy') }, cell: (c) => c.getValue() ?? '' }),
      col.accessor('reviewReason', {
        meta: { label: t('referralAdmin.reviewReason') },
        cell: (c) => c.getValue() ?? '',
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: r } }) =>
          r.status === 'flagged' && decide ? (
            <div className="bo-row-actions">
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--primary"
                onClick={() => setReviewing({ referral: r, decision: 'approve' })}
              >
                {t('referralAdmin.approve')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => setReviewing({ referral: r, decision: 'reject' })}
              >
                {t('referralAdmin.reject')}
              </button>
            </div>
          ) : null,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, decide, exponent, currency],
  );

  const r = reviewing?.referral;
  const approve = reviewing?.decision === 'approve';
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('referralAdmin.queueTitle')}</h1>
      </div>
      <p className="bo-hint">{t('referralAdmin.queueIntro')}</p>
      <DataTable
        id="referrals"
        label={t('referralAdmin.queueTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(x) => x.id}
        defaultHidden={['reviewedBy', 'reviewReason']}
        emptyText={view === 'flagged' ? t('referralAdmin.emptyFlagged') : t('referralAdmin.empty')}
        toolbar={
          <SelectFilter
            label={t('referralAdmin.view')}
            allLabel={t('referralAdmin.viewFlagged')}
            value={state.filters.view === 'all' ? 'all' : ''}
            onChange={(v) => state.setFilters({ view: v })}
            options={[{ value: 'all', label: t('referralAdmin.viewAll') }]}
          />
        }
      />
      {reviewing && r && (
        <ReasonDialog
          title={t(approve ? 'referralAdmin.approveTitle' : 'referralAdmin.rejectTitle', { referee: r.referee })}
          summary={t(approve ? 'referralAdmin.approveText' : 'referralAdmin.rejectText', {
            referrer: r.referrer,
            flags: flagsText(r),
          })}
          confirmLabel={approve ? t('referralAdmin.approve') : t('referralAdmin.reject')}
          optional={approve}
          tone={approve ? 'primary' : 'danger'}
          onSubmit={(reason) =>
            review.mutateAsync({
              id: r.id,
              body: approve ? { decision: 'approve' } : { decision: 'reject', reason },
            })
          }
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}
