import { type AdminMallOrder, mallOrderStatus } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchMallOrders, useMallOrders, useRefuseMallOrder, useShipMallOrder } from '../../api/rewards.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCan } from '../../components/permissions.tsx';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { PersonalText } from '../../components/Removed.tsx';

const col = createColumnHelper<AdminMallOrder>();
const tone: Record<AdminMallOrder['status'], Tone> = { paid: 'good', pending: 'warn', shipped: 'info', refused: 'bad' };

/**
 * Points-mall orders, newest first, by status and member; a physical order waiting is marked shipped, or refused with
 * a reason (points back to the member, the item back in stock).
 */
export function MallOrdersPage() {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const state = useTableUrlState(['status', 'account'] as const);
  const filters = { status: state.filters.status, account: state.filters.account };
  const list = useMallOrders({ ...filters, pageNo: state.pageNo, pageSize: state.pageSize });
  const ship = useShipMallOrder();
  const refuse = useRefuseMallOrder();
  const [shipping, setShipping] = useState<AdminMallOrder | null>(null);
  const [refusing, setRefusing] = useState<AdminMallOrder | null>(null);
  const exponent = list.data?.exponent ?? 2;
  const currency = list.data?.currency;

  const columns = useMemo<Columns<AdminMallOrder>>(
    () => [
      col.accessor('reference', {
        meta: { label: t('rewards.orders.reference') },
        cell: (c) => <code>{c.getValue()}</code>,
      }),
      col.accessor('account', { meta: { label: t('rewards.orders.member') } }),
      col.accessor('itemName', { meta: { label: t('rewards.orders.item') } }),
      col.accessor('points', {
        meta: { label: t('rewards.orders.points'), numeric: true },
        cell: (c) => Number(c.getValue()).toLocaleString('en'),
      }),
      col.accessor('cashAmount', {
        meta: { label: t('rewards.orders.cash'), numeric: true, csv: (r) => minorToMajor(r.cashAmount, exponent) },
        cell: (c) => (c.row.original.kind === 'cash' ? formatAmount(c.getValue(), exponent, currency) : '—'),
      }),
      col.accessor('address', {
        meta: { label: t('rewards.orders.address') },
        cell: (c) => <PersonalText value={c.getValue()} />,
      }),
      col.accessor('status', {
        meta: { label: t('rewards.orders.status') },
        cell: (c) => <Badge tone={tone[c.row.original.status]}>{t(`rewards.orders.statuses.${c.getValue()}`)}</Badge>,
      }),
      col.accessor('refuseReason', {
        meta: { label: t('rewards.orders.refuseReason') },
        cell: (c) => c.getValue() ?? '',
      }),
      col.accessor('createdAt', {
        meta: { label: t('rewards.orders.createdAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('shippedAt', {
        meta: { label: t('rewards.orders.shippedAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: o } }) =>
          o.status === 'pending' && manage ? (
            <div className="bo-row-actions">
              <button type="button" className="bo-btn bo-btn--small bo-btn--primary" onClick={() => setShipping(o)}>
                {t('rewards.orders.ship')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => setRefusing(o)}
              >
                {t('rewards.orders.refuse')}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, manage, exponent, currency],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('rewards.orders.title')}</h1>
      </div>
      <DataTable
        id="mall-orders"
        label={t('rewards.orders.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.reference}
        defaultHidden={['shippedAt', 'refuseReason']}
        emptyText={t('rewards.orders.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchMallOrders({ ...filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('rewards.orders.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(s) => state.setFilters({ status: s })}
              options={mallOrderStatus.options.map((s) => ({ value: s, label: t(`rewards.orders.statuses.${s}`) }))}
            />
            <SearchFilter
              label={t('rewards.orders.account')}
              value={state.filters.account}
              onChange={(account) => state.setFilters({ account })}
            />
          </>
        }
      />
      <ConfirmDialog
        open={shipping !== null}
        onClose={() => setShipping(null)}
        title={t('rewards.orders.shipTitle', { reference: shipping?.reference ?? '' })}
        text={
          shipping
            ? t('rewards.orders.shipText', {
                item: shipping.itemName,
                member: shipping.account,
                address: shipping.address ?? '',
              })
            : ''
        }
        confirmLabel={t('rewards.orders.ship')}
        mutation={ship}
        args={shipping?.reference ?? ''}
      />
      {refusing && (
        <ReasonDialog
          title={t('rewards.orders.refuseTitle', { reference: refusing.reference })}
          summary={t('rewards.orders.refuseText', {
            item: refusing.itemName,
            member: refusing.account,
            points: Number(refusing.points).toLocaleString('en'),
          })}
          confirmLabel={t('rewards.orders.refuse')}
          onSubmit={(reason) => refuse.mutateAsync({ reference: refusing.reference, reason })}
          onClose={() => setRefusing(null)}
        />
      )}
    </div>
  );
}
