import { lotteryIssueStatus } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allPages } from '../../api/client.ts';
import { fetchLotteryIssues, type LotteryIssueRow, useLotteryGames, useLotteryIssues } from '../../api/lottery.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { DateFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import { issueTone } from './status-tone.ts';
import './lottery.css';

type Row = LotteryIssueRow;
const col = createColumnHelper<Row>();
const FILTERS = ['gameCode', 'status', 'from', 'to'] as const;

/** Every draw of every lottery game with its totals; filters (game, status, draw days) in the URL. */
export function IssuesPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(FILTERS);
  const games = useLotteryGames();
  const q = { ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize };
  const list = useLotteryIssues(q);

  const columns = useMemo<Columns<Row>>(() => {
    const money = (label: string, key: 'stake' | 'payout' | 'houseResult') =>
      col.accessor(key, {
        meta: { label, numeric: true, csv: (r) => minorToMajor(r[key], r.exponent) },
        cell: (c) => formatAmount(c.getValue(), c.row.original.exponent),
      });
    return [
      col.accessor('issueId', {
        meta: { label: t('lottery.issue') },
        cell: (c) => (
          <Link
            className="bo-link"
            to={`/lottery/issues/${encodeURIComponent(c.row.original.gameCode)}/${encodeURIComponent(c.getValue())}`}
          >
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('gameName', { meta: { label: t('lottery.game') } }),
      col.accessor('status', {
        meta: { label: t('payments.status') },
        cell: (c) => (
          <>
            <Badge tone={issueTone(c.getValue())}>{t(`lottery.statuses.${c.getValue()}`)}</Badge>
            {c.row.original.pendingResult && (
              <>
                {' '}
                <Badge tone="warn">{t('lottery.pendingBadge')}</Badge>
              </>
            )}
          </>
        ),
      }),
      col.accessor('drawsAt', { meta: { label: t('lottery.drawsAt') }, cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('bets', { meta: { label: t('lottery.bets'), numeric: true } }),
      money(t('lottery.stake'), 'stake'),
      money(t('lottery.payout'), 'payout'),
      money(t('lottery.houseResult'), 'houseResult'),
      col.accessor('winners', { meta: { label: t('lottery.winners'), numeric: true } }),
      col.accessor('closesAt', { meta: { label: t('lottery.closesAt') }, cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('settledAt', {
        meta: { label: t('lottery.settledAt') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
    ];
  }, [t]);

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('lottery.issuesTitle')}</h1>
      </div>
      <DataTable
        id="lottery-issues"
        label={t('lottery.issuesTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => `${r.gameCode}/${r.issueId}`}
        defaultHidden={['closesAt', 'settledAt']}
        emptyText={t('lottery.issuesEmpty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchLotteryIssues({ ...state.filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('lottery.game')}
              allLabel={t('common.all')}
              value={state.filters.gameCode}
              onChange={(gameCode) => state.setFilters({ gameCode })}
              options={(games.data?.items ?? []).map((g) => ({ value: g.gameCode, label: g.name }))}
            />
            <SelectFilter
              label={t('payments.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(status) => state.setFilters({ status })}
              options={lotteryIssueStatus.options.map((s) => ({ value: s, label: t(`lottery.statuses.${s}`) }))}
            />
            <DateFilter
              label={t('audit.from')}
              value={state.filters.from}
              onChange={(from) => state.setFilters({ from })}
            />
            <DateFilter label={t('audit.to')} value={state.filters.to} onChange={(to) => state.setFilters({ to })} />
          </>
        }
      />
    </div>
  );
}
