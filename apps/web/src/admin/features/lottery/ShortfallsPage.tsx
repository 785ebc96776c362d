import { lotteryShortfallStatus, type LotteryShortfall } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchShortfalls, useLotteryGames, useShortfalls } from '../../api/lottery.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { shortfallTone } from './status-tone.ts';
import './lottery.css';

const col = createColumnHelper<LotteryShortfall>();

/**
 * What corrections could not take back (the member had spent the win): the house's receivables, collected by the
 * feed job as soon as the member has a balance again; and what they could not pay (status owed: the member's account
 * was closed since), for the operator to settle.
 */
export function ShortfallsPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['status'] as const);
  const list = useShortfalls({ status: state.filters.status, pageNo: state.pageNo, pageSize: state.pageSize });
  const exponent = useLotteryGames().data?.exponent ?? 2;

  const columns = useMemo<Columns<LotteryShortfall>>(() => {
    const money = (label: string, key: 'shortfall' | 'collected' | 'outstanding' | 'owedToMember') =>
      col.accessor(key, {
        meta: { label, numeric: true, wrap: true },
        cell: (c) => formatAmount(c.getValue(), exponent),
      });
    return [
      col.accessor('memberAccount', { meta: { label: t('payments.member') } }),
      // The status next to the member, in view at any width; at 1366 px the whole list fits (a long status, the
      // amounts' and dates' headers and the dates break onto two lines), at 390 px the columns after it scroll.
      col.accessor('status', {
        meta: { label: t('payments.status'), wrap: true },
        cell: (c) => (
          <Badge tone={shortfallTone(c.getValue())}>{t(`lottery.shortfalls.statuses.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor('betRef', { meta: { label: t('lottery.shortfalls.bet') } }),
      col.accessor('gameCode', { meta: { label: t('lottery.game') } }),
      col.accessor('issueId', { meta: { label: t('lottery.issue') } }),
      col.accessor('version', { meta: { label: t('lottery.versions.version'), numeric: true, wrap: true } }),
      money(t('lottery.shortfalls.shortfall'), 'shortfall'),
      money(t('lottery.shortfalls.collected'), 'collected'),
      money(t('lottery.shortfalls.outstanding'), 'outstanding'),
      money(t('lottery.shortfalls.owedToMember'), 'owedToMember'),
      col.accessor('createdAt', {
        meta: { label: t('payments.time'), wrap: true },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('lastCollectedAt', {
        meta: { label: t('lottery.shortfalls.lastCollected'), wrap: true },
        cell: (c) => formatDateTime(c.getValue()),
      }),
    ];
  }, [t, exponent]);

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('lottery.shortfalls.title')}</h1>
      </div>
      <p className="bo-hint">{t('lottery.shortfalls.help')}</p>
      <DataTable
        id="lottery-shortfalls"
        label={t('lottery.shortfalls.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => `${r.betRef}/${r.version}`}
        emptyText={t('lottery.shortfalls.empty')}
        exportRows={() =>
          allPages((pageNo, pageSize) => fetchShortfalls({ status: state.filters.status, pageNo, pageSize }))
        }
        toolbar={
          <SelectFilter
            label={t('payments.status')}
            allLabel={t('common.all')}
            value={state.filters.status}
            onChange={(status) => state.setFilters({ status })}
            options={lotteryShortfallStatus.options.map((s) => ({
              value: s,
              label: t(`lottery.shortfalls.statuses.${s}`),
            }))}
          />
        }
      />
    </div>
  );
}
