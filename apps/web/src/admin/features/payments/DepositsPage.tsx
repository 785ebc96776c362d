import { DEPOSIT_SORTS, depositStatus, type AdminDepositItem } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import {
  fetchDeposits,
  useApproveDeposit,
  useDepositReceipt,
  useDeposits,
  useRejectDeposit,
} from '../../api/payments.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { sortQuery, useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { minorToMajor } from '@sea/contracts/money-format';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { statusTone } from '../../components/status-tone.ts';

const col = createColumnHelper<AdminDepositItem>();
type Action = { kind: 'receipt' | 'approve' | 'reject'; deposit: AdminDepositItem } | null;

/** The deposit queue: bank transfers waiting (default), their receipt image, approve / reject with a reason. */
export function DepositsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const state = useTableUrlState(['status'] as const);
  // The queue: pending transfers unless the operator picks another status ('all' = every status).
  const status = state.filters.status === 'all' ? undefined : (state.filters.status ?? 'pending');
  const sort = sortQuery(state.sort, DEPOSIT_SORTS);
  const list = useDeposits({ status, sort, pageNo: state.pageNo, pageSize: state.pageSize });
  const approve = useApproveDeposit();
  const reject = useRejectDeposit();
  const [action, setAction] = useState<Action>(null);
  const money = (d: AdminDepositItem) => formatAmount(d.amount, list.data?.exponent ?? 2, list.data?.currency);

  const columns = useMemo<Columns<AdminDepositItem>>(
    () => [
      col.accessor('reference', {
        meta: { label: t('payments.reference') },
        cell: (c) => <code>{c.getValue()}</code>,
      }),
      col.accessor('memberAccount', { meta: { label: t('payments.member') } }),
      col.accessor('amount', {
        enableSorting: true,
        meta: {
          label: t('payments.amount'),
          numeric: true,
          csv: (r) => minorToMajor(r.amount, list.data?.exponent ?? 2),
        },
        cell: (c) => money(c.row.original),
      }),
      col.accessor('methodName', { meta: { label: t('payments.method') } }),
      col.accessor('status', {
        enableSorting: true,
        meta: { label: t('payments.status') },
        cell: (c) => <Badge tone={statusTone(c.getValue())}>{t(`payments.statuses.${c.getValue()}`)}</Badge>,
      }),
      col.accessor('createdAt', {
        enableSorting: true,
        meta: { label: t('payments.time') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('reviewedByUsername', {
        meta: { label: t('payments.reviewedBy') },
        cell: (c) => c.getValue() ?? '—',
      }),
      col.accessor('reason', {
        meta: { label: t('payments.reason') },
        cell: (c) => c.getValue() ?? '',
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: d } }) => (
          <div className="bo-row-actions">
            {d.hasReceipt && (
              <button
                type="button"
                className="bo-btn bo-btn--small"
                onClick={() => setAction({ kind: 'receipt', deposit: d })}
              >
                {t('payments.receipt')}
              </button>
            )}
            {d.status === 'pending' && d.kind === 'bank_transfer' && can('deposits.decide') && (
              <>
                <button
                  type="button"
                  className="bo-btn bo-btn--small bo-btn--primary"
                  onClick={() => setAction({ kind: 'approve', deposit: d })}
                >
                  {t('payments.approve')}
                </button>
                <button
                  type="button"
                  className="bo-btn bo-btn--small bo-btn--danger-ghost"
                  onClick={() => setAction({ kind: 'reject', deposit: d })}
                >
                  {t('payments.reject')}
                </button>
              </>
            )}
          </div>
        ),
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, can, list.data?.exponent, list.data?.currency],
  );

  const d = action?.deposit;
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('deposits.title')}</h1>
      </div>
      <DataTable
        id="deposits"
        label={t('deposits.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        defaultHidden={['reviewedByUsername', 'reason']}
        emptyText={status === 'pending' ? t('deposits.emptyQueue') : t('table.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchDeposits({ status, sort, pageNo, pageSize }))}
        toolbar={
          <SelectFilter
            label={t('payments.status')}
            allLabel={t('deposits.queue')}
            value={state.filters.status === 'pending' ? undefined : state.filters.status}
            onChange={(s) => state.setFilters({ status: s })}
            options={[
              { value: 'all', label: t('common.all') },
              ...depositStatus.options
                .filter((s) => s !== 'pending')
                .map((s) => ({ value: s, label: t(`payments.statuses.${s}`) })),
            ]}
          />
        }
      />
      {action?.kind === 'receipt' && d && (
        <ReceiptDialog
          deposit={d}
          onClose={() => setAction(null)}
          // The decision right from the receipt: the confirmation (or the reason) replaces this dialog.
          footer={
            d.status === 'pending' && d.kind === 'bank_transfer' && can('deposits.decide') ? (
              <>
                <button
                  type="button"
                  className="bo-btn bo-btn--danger-ghost"
                  onClick={() => setAction({ kind: 'reject', deposit: d })}
                >
                  {t('payments.reject')}
                </button>
                <button
                  type="button"
                  className="bo-btn bo-btn--primary"
                  onClick={() => setAction({ kind: 'approve', deposit: d })}
                >
                  {t('payments.approve')}
                </button>
              </>
            ) : undefined
          }
        />
      )}
      <ConfirmDialog
        open={action?.kind === 'approve'}
        onClose={() => setAction(null)}
        title={t('deposits.approveTitle', { reference: d?.reference ?? '' })}
        text={d ? t('deposits.approveText', { member: d.memberAccount, amount: money(d) }) : ''}
        confirmLabel={t('payments.approve')}
        mutation={approve}
        args={d?.id ?? ''}
      />
      {action?.kind === 'reject' && d && (
        <ReasonDialog
          title={t('deposits.rejectTitle', { reference: d.reference })}
          summary={t('deposits.rejectText', { member: d.memberAccount, amount: money(d) })}
          confirmLabel={t('payments.reject')}
          onSubmit={(reason) => reject.mutateAsync({ id: d.id, reason })}
          onClose={() => setAction(null)}
        />
      )}
    </div>
  );
}

function ReceiptDialog({
  deposit,
  onClose,
  footer,
}: {
  deposit: AdminDepositItem;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const receipt = useDepositReceipt(deposit.id);
  return (
    <AppDialog
      open
      onClose={onClose}
      wide
      footer={footer}
      title={t('deposits.receiptTitle', { reference: deposit.reference, member: deposit.memberAccount })}
    >
      {receipt.isPending && <p role="status">{t('common.loading')}</p>}
      {receipt.isError && <ErrorAlert error={receipt.error} onRetry={() => void receipt.refetch()} />}
      {receipt.data && (
        <img
          className="bo-receipt"
          src={receipt.data.image}
          alt={t('deposits.receiptAlt', { reference: deposit.reference })}
        />
      )}
    </AppDialog>
  );
}
