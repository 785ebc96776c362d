import { type AdminBonusClaim, bonusClaimStatus } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchBonusClaims, useBonusClaims, useReviewBonusClaim } from '../../api/rewards.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { useCan } from '../../components/permissions.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';

const col = createColumnHelper<AdminBonusClaim>();
const tone: Partial<Record<AdminBonusClaim['status'], Tone>> = {
  flagged: 'warn',
  joined: 'info',
  queued: 'info',
  active: 'info',
  converted: 'good',
  rejected: 'bad',
};

/** Why a claim is flagged, in words: what it shares with which other member's claim ('' when not flagged). */
export function flagText(c: AdminBonusClaim, t: TFunction): string {
  if (!c.flagMatch) return c.flagReason ?? '';
  if (c.flagMatch === 'ip')
    return c.flagAccount ? t('bonusClaims.sameIp', { account: c.flagAccount }) : t('bonusClaims.sameIpUnknown');
  return c.flagAccount ? t('bonusClaims.sameDevice', { account: c.flagAccount }) : t('bonusClaims.sameDeviceUnknown');
}

type Review = { claim: AdminBonusClaim; decision: 'approve' | 'reject' } | null;

/**
 * Members' bonus claims, flagged ones (same IP or device as another member's claim of the promotion) first: staff
 * approve one (paid once it qualifies) or reject it with a reason (never paid). Filters: status, member.
 */
export function BonusClaimsPage() {
  const { t } = useTranslation();
  const decide = useCan()('members.manage');
  const state = useTableUrlState(['status', 'account'] as const);
  const filters = { status: state.filters.status, account: state.filters.account };
  const list = useBonusClaims({ ...filters, pageNo: state.pageNo, pageSize: state.pageSize });
  const review = useReviewBonusClaim();
  const [reviewing, setReviewing] = useState<Review>(null);
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency;
  const money = (minor: string) => formatAmount(minor, exponent, currency);

  const columns = useMemo<Columns<AdminBonusClaim>>(
    () => [
      col.accessor('memberAccount', { meta: { label: t('bonusClaims.member') } }),
      col.accessor('title', { meta: { label: t('bonusClaims.promotion') } }),
      col.accessor('status', {
        meta: { label: t('bonusClaims.status') },
        cell: (c) => (
          <Badge tone={tone[c.row.original.status] ?? 'neutral'}>{t(`bonusClaims.statuses.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor((c) => flagText(c, t), { id: 'flag', meta: { label: t('bonusClaims.flag') } }),
      col.accessor('amount', {
        meta: { label: t('bonusClaims.amount'), numeric: true, csv: (r) => minorToMajor(r.amount, exponent) },
        cell: (c) => (c.getValue() === '0' ? t('bonusClaims.noAmount') : money(c.getValue())),
      }),
      col.accessor('depositAmount', {
        meta: { label: t('bonusClaims.deposit'), numeric: true, csv: (r) => minorToMajor(r.depositAmount, exponent) },
        cell: (c) => (c.getValue() === '0' ? t('bonusClaims.noAmount') : money(c.getValue())),
      }),
      col.accessor((c) => `${minorToMajor(c.wagered, exponent)} / ${minorToMajor(c.requirement, exponent)}`, {
        id: 'wagering',
        meta: { label: t('bonusClaims.wagering'), numeric: true },
      }),
      col.accessor('joinedAt', {
        meta: { label: t('bonusClaims.joinedAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('ip', { meta: { label: t('bonusClaims.ip') } }),
      col.accessor('device', { meta: { label: t('bonusClaims.device') } }),
      col.accessor('reviewedBy', { meta: { label: t('bonusClaims.reviewedBy') }, cell: (c) => c.getValue() ?? '' }),
      col.accessor('reviewReason', {
        meta: { label: t('bonusClaims.reviewReason') },
        cell: (c) => c.getValue() ?? '',
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: c } }) =>
          c.status === 'flagged' && decide ? (
            <div className="bo-row-actions">
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--primary"
                onClick={() => setReviewing({ claim: c, decision: 'approve' })}
              >
                {t('bonusClaims.approve')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => setReviewing({ claim: c, decision: 'reject' })}
              >
                {t('bonusClaims.reject')}
              </button>
            </div>
          ) : null,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, decide, exponent, currency],
  );

  const c = reviewing?.claim;
  const approve = reviewing?.decision === 'approve';
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('bonusClaims.title')}</h1>
      </div>
      <p className="bo-hint">{t('bonusClaims.intro')}</p>
      <DataTable
        id="bonus-claims"
        label={t('bonusClaims.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        defaultHidden={['ip', 'device', 'reviewedBy', 'reviewReason', 'wagering']}
        emptyText={filters.status === 'flagged' ? t('bonusClaims.emptyFlagged') : t('bonusClaims.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchBonusClaims({ ...filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('bonusClaims.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(s) => state.setFilters({ status: s })}
              options={bonusClaimStatus.options.map((s) => ({ value: s, label: t(`bonusClaims.statuses.${s}`) }))}
            />
            <SearchFilter
              label={t('bonusClaims.account')}
              value={state.filters.account}
              onChange={(account) => state.setFilters({ account })}
            />
          </>
        }
      />
      {reviewing && c && (
        <ReasonDialog
          title={t(approve ? 'bonusClaims.approveTitle' : 'bonusClaims.rejectTitle', { member: c.memberAccount })}
          summary={t(approve ? 'bonusClaims.approveText' : 'bonusClaims.rejectText', {
            promotion: c.title,
            flag: flagText(c, t),
          })}
          confirmLabel={approve ? t('bonusClaims.approve') : t('bonusClaims.reject')}
          optional={approve}
          tone={approve ? 'primary' : 'danger'}
          onSubmit={(reason) => review.mutateAsync({ id: c.id, decision: reviewing.decision, reason })}
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}
