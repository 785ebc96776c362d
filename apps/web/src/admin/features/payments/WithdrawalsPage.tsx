import { WITHDRAWAL_SORTS, withdrawalStatus, type AdminWithdrawal } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { allPages } from '../../api/client.ts';
import { fetchWithdrawals, useWithdrawals } from '../../api/payments.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { sortQuery, useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { statusTone } from '../../components/status-tone.ts';
import { WithdrawalDrawer } from './WithdrawalDrawer.tsx';

const col = createColumnHelper<AdminWithdrawal>();

/** The withdrawal queue: filter by status; a row opens its detail drawer (?open=WDR-…) with the actions. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['status'] as const);
  const [params, setParams] = useSearchParams();
  const openId = params.get('open');
  const setOpen = (id: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (id) next.set('open', id);
      else next.delete('open');
      return next;
    });
  const sort = sortQuery(state.sort, WITHDRAWAL_SORTS);
  const list = useWithdrawals({ status: state.filters.status, sort, pageNo: state.pageNo, pageSize: state.pageSize });

  const columns = useMemo<Columns<AdminWithdrawal>>(
    () => [
      col.accessor('reference', {
        meta: { label: t('payments.reference') },
        cell: (c) => (
          <button type="button" className="bo-link" onClick={() => setOpen(c.row.original.id)}>
            {c.getValue()}
          </button>
        ),
      }),
      col.accessor('memberAccount', { meta: { label: t('payments.member') } }),
      col.accessor('amount', {
        enableSorting: true,
        meta: { label: t('payments.amount'), numeric: true, csv: (r) => minorToMajor(r.amount, r.exponent) },
        cell: (c) => formatAmount(c.getValue(), c.row.original.exponent, c.row.original.currency),
      }),
      col.accessor('bankName', { meta: { label: t('withdrawals.bank') } }),
      col.accessor('accountNumber', {
        meta: { label: t('withdrawals.accountNumber') },
      }),
      col.accessor('accountName', {
        meta: { label: t('withdrawals.accountName') },
      }),
      col.accessor('status', {
        enableSorting: true,
        meta: { label: t('payments.status') },
        cell: (c) => (
          <>
            <Badge tone={statusTone(c.getValue())}>{t(`withdrawals.statuses.${c.getValue()}`)}</Badge>
            {c.row.original.awaitingSecondApproval && (
              <>
                {' '}
                <Badge tone="info">{t('withdrawals.secondApproval')}</Badge>
              </>
            )}
          </>
        ),
      }),
      col.accessor('createdAt', {
        enableSorting: true,
        meta: { label: t('payments.time') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('updatedAt', {
        enableSorting: true,
        meta: { label: t('withdrawals.updated') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.display({
        id: 'open',
        meta: { label: t('common.actions'), fixed: true },
        cell: (c) => (
          <button type="button" className="bo-btn bo-btn--small" onClick={() => setOpen(c.row.original.id)}>
            {t('withdrawals.details')}
          </button>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('withdrawals.title')}</h1>
      </div>
      <DataTable
        id="withdrawals"
        label={t('withdrawals.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        defaultHidden={['updatedAt']}
        exportRows={() =>
          allPages((pageNo, pageSize) => fetchWithdrawals({ status: state.filters.status, sort, pageNo, pageSize }))
        }
        toolbar={
          <SelectFilter
            label={t('payments.status')}
            allLabel={t('common.all')}
            value={state.filters.status}
            onChange={(status) => state.setFilters({ status })}
            options={withdrawalStatus.options.map((s) => ({ value: s, label: t(`withdrawals.statuses.${s}`) }))}
          />
        }
      />
      {openId && <WithdrawalDrawer id={openId} onClose={() => setOpen(null)} />}
    </div>
  );
}
