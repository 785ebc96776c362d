import { ADJUSTMENT_SORTS, adjustmentStatus, type Adjustment } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchAdjustments, useAdjustments, useDecideAdjustment } from '../../api/payments.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useSignedInMe } from '../../components/me-context.tsx';
import { Can, useCan } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { sortQuery, useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { AdjustmentRequestDialog } from '../../components/AdjustmentRequestDialog.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { statusTone } from '../../components/status-tone.ts';

const col = createColumnHelper<Adjustment>();
type Decision = { kind: 'approve' | 'reject'; adjustment: Adjustment } | null;

/**
 * Manual adjustments (four eyes): one staff member requests a credit or debit of a member's main wallet, another
 * approves it (the server refuses the requester with `second_approval_required`, shown as it says).
 */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useSignedInMe();
  const state = useTableUrlState(['status'] as const);
  const sort = sortQuery(state.sort, ADJUSTMENT_SORTS);
  const list = useAdjustments({ status: state.filters.status, sort, pageNo: state.pageNo, pageSize: state.pageSize });
  const decide = useDecideAdjustment();
  const [requesting, setRequesting] = useState(false);
  const [decision, setDecision] = useState<Decision>(null);
  const who = (id: string | null, username: string | null) =>
    id === null ? '—' : id === me.id ? t('adjustments.you', { username }) : username || `#${id}`;

  const columns = useMemo<Columns<Adjustment>>(
    () => [
      col.accessor('id', {
        meta: { label: t('adjustments.id') },
        cell: (c) => `#${c.getValue()}`,
      }),
      col.accessor('memberAccount', { meta: { label: t('payments.member') } }),
      col.accessor('direction', {
        meta: { label: t('adjustments.direction') },
        cell: (c) => (
          <Badge tone={c.getValue() === 'credit' ? 'good' : 'bad'}>{t(`adjustments.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor('amount', {
        enableSorting: true,
        meta: { label: t('payments.amount'), numeric: true, csv: (r) => minorToMajor(r.amount, r.exponent) },
        cell: (c) => formatAmount(c.getValue(), c.row.original.exponent, c.row.original.currency),
      }),
      col.accessor('reason', {
        meta: { label: t('payments.reason') },
        cell: (c) => (
          <span className="bo-clip" title={c.getValue()}>
            {c.getValue()}
          </span>
        ),
      }),
      col.accessor('status', {
        enableSorting: true,
        meta: { label: t('payments.status') },
        cell: (c) => <Badge tone={statusTone(c.getValue())}>{t(`payments.statuses.${c.getValue()}`)}</Badge>,
      }),
      col.accessor('requestedByUsername', {
        meta: { label: t('adjustments.requestedBy') },
        cell: (c) => who(c.row.original.requestedBy, c.getValue()),
      }),
      col.accessor('decidedByUsername', {
        meta: { label: t('adjustments.decidedBy') },
        cell: (c) => who(c.row.original.decidedBy, c.getValue()),
      }),
      col.accessor('createdAt', {
        enableSorting: true,
        meta: { label: t('payments.time') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: a } }) =>
          a.status === 'pending' && can('adjustments.approve') ? (
            <div className="bo-row-actions">
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--primary"
                onClick={() => setDecision({ kind: 'approve', adjustment: a })}
              >
                {t('payments.approve')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => setDecision({ kind: 'reject', adjustment: a })}
              >
                {t('payments.reject')}
              </button>
            </div>
          ) : null,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, can, me.id],
  );

  const a = decision?.adjustment;
  const summary = a
    ? t('adjustments.decideText', {
        direction: t(`adjustments.${a.direction}`),
        member: a.memberAccount,
        amount: formatAmount(a.amount, a.exponent, a.currency),
        reason: a.reason,
      })
    : '';
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('adjustments.title')}</h1>
        <Can permission="adjustments.request">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setRequesting(true)}>
            {t('adjustments.request')}
          </button>
        </Can>
      </div>
      <DataTable
        id="adjustments"
        label={t('adjustments.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        exportRows={() =>
          allPages((pageNo, pageSize) => fetchAdjustments({ status: state.filters.status, sort, pageNo, pageSize }))
        }
        toolbar={
          <SelectFilter
            label={t('payments.status')}
            allLabel={t('common.all')}
            value={state.filters.status}
            onChange={(status) => state.setFilters({ status })}
            options={adjustmentStatus.options.map((s) => ({ value: s, label: t(`payments.statuses.${s}`) }))}
          />
        }
      />
      {requesting && <AdjustmentRequestDialog onClose={() => setRequesting(false)} />}
      <ConfirmDialog
        open={decision?.kind === 'approve'}
        onClose={() => setDecision(null)}
        title={t('adjustments.approveTitle', { id: a?.id ?? '' })}
        text={summary}
        confirmLabel={t('payments.approve')}
        mutation={decide}
        args={{ id: a?.id ?? '', decision: 'approve' as const }}
      />
      {decision?.kind === 'reject' && a && (
        <ReasonDialog
          optional
          title={t('adjustments.rejectTitle', { id: a.id })}
          summary={summary}
          confirmLabel={t('payments.reject')}
          onSubmit={(reason) => decide.mutateAsync({ id: a.id, decision: 'reject', reason: reason || undefined })}
          onClose={() => setDecision(null)}
        />
      )}
    </div>
  );
}
