import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PnlPage, useIncome, usePnl, useRevenue, useTeamBets, useTeamTransactions } from '../../api/agents.ts';
import { DataTable as Table, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import {
  AGENT_PAGE_SIZE,
  AgentPage,
  ReportList,
  SearchBox,
  signedClass,
  Tiles,
  useMoney,
  usePeriod,
} from './parts.tsx';
import { DayTable } from './TeamOverviewPage.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { useSystemStatus } from '../../state/system.ts';
import '../../i18n/areas/agent.ts';

const TONE: Record<'open' | 'settled' | 'rolled_back', StatusTone> = {
  open: 'waiting',
  settled: 'done',
  rolled_back: 'void',
};

/** Period + account filters and the page number, reset to 1 on every filter change. */
function useReportFilters() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [account, setAccount] = useState('');
  const period = usePeriod('last7', () => setPageNo(1));
  const filters = (
    <>
      <SearchBox
        label={t('agent.f.account')}
        onSearch={(v) => {
          setAccount(v);
          setPageNo(1);
        }}
      />
      {period.filter}
    </>
  );
  return {
    args: { ...period.range, pageNo, pageSize: AGENT_PAGE_SIZE, account: account || undefined },
    valid: period.valid,
    filters,
    setPageNo,
  };
}

/**
 * Agent centre › team betting (personalHistoryCopy in the agent area): bets of the agent and its team — game
 * rounds and lottery bets — with the game, its vendor and what was bet on (a lottery bet's issue and selection).
 */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const f = useReportFilters();
  const query = useTeamBets(f.args, f.valid);
  const money = useMoney();
  return (
    <ReportList
      title={t('agent.bets.title')}
      filters={f.filters}
      valid={f.valid}
      query={query}
      isEmpty={(d) => d.rows.length === 0}
      onPage={f.setPageNo}
    >
      {(d) => (
        <Table
          caption={t('agent.rows', { count: d.total })}
          head={
            <>
              <Th>{t('history.columns.time')}</Th>
              <Th>{t('agent.f.account')}</Th>
              <Th>{t('history.bets.game')}</Th>
              <Th num>{t('history.bets.stake')}</Th>
              <Th num>{t('history.bets.payout')}</Th>
              <Th>{t('history.columns.status')}</Th>
            </>
          }
        >
          {d.rows.map((r) => (
            <tr key={r.id}>
              <td data-label={t('history.columns.time')}>
                <DateTime value={r.startedAt} />
              </td>
              <th scope="row" data-label={t('agent.f.account')}>
                <span>
                  {r.account}
                  <span className="agent-ref agent-sub">#{r.roundRef}</span>
                </span>
              </th>
              <td data-label={t('history.bets.game')}>
                <span>
                  {r.gameName ?? r.vendorName}
                  <span className="agent-ref agent-sub">
                    {[r.gameName ? r.vendorName : null, r.summary].filter(Boolean).join(' · ')}
                  </span>
                </span>
              </td>
              <td data-label={t('history.bets.stake')} className="num">
                {money(r.stake)}
              </td>
              <td data-label={t('history.bets.payout')} className="num">
                {money(r.payout)}
              </td>
              <td data-label={t('history.columns.status')}>
                <StatusBadge tone={TONE[r.status]}>{t(`history.bets.statuses.${r.status}`)}</StatusBadge>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ReportList>
  );
}

/** The downline transfer form (member centre › transferUpline; the server keeps it to the agent's own team). */
const DOWNLINE_TRANSFER = '/member/transferUpline';

/** Agent centre › team transaction details (agentDownlineTransactionDetailsCopy): wallet entries of the team. */
export function TeamTransactionsPage() {
  const { t } = useTranslation();
  const f = useReportFilters();
  const query = useTeamTransactions(f.args, f.valid);
  const money = useMoney();
  return (
    <ReportList
      title={t('agent.transactions.title')}
      actions={
        <Link className="btn btn--ghost" to={DOWNLINE_TRANSFER}>
          {t('agent.transactions.transfer')}
        </Link>
      }
      filters={f.filters}
      valid={f.valid}
      query={query}
      isEmpty={(d) => d.rows.length === 0}
      onPage={f.setPageNo}
    >
      {(d) => (
        <Table
          caption={t('agent.rows', { count: d.total })}
          head={
            <>
              <Th>{t('history.columns.time')}</Th>
              <Th>{t('agent.f.account')}</Th>
              <Th>{t('history.columns.type')}</Th>
              <Th num>{t('history.columns.amount')}</Th>
              <Th num>{t('history.columns.balanceAfter')}</Th>
            </>
          }
        >
          {d.rows.map((r) => (
            <tr key={r.id}>
              <td data-label={t('history.columns.time')}>
                <DateTime value={r.createdAt} />
              </td>
              <th scope="row" data-label={t('agent.f.account')}>
                {r.account}
              </th>
              <td data-label={t('history.columns.type')}>{t(`agent.codes.${r.code}`, { defaultValue: r.code })}</td>
              <td data-label={t('history.columns.amount')} className={clsx('num', signedClass(r.amount))}>
                {money(r.amount)}
              </td>
              <td data-label={t('history.columns.balanceAfter')} className="num">
                {money(r.balanceAfter)}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </ReportList>
  );
}

/** Agent centre › P&L statements (palStatementsAgentCopy): per member of the team or per level. */
export function PnlStatementsPage() {
  const { t } = useTranslation();
  const [by, setBy] = useState<'member' | 'level'>('member');
  const f = useReportFilters();
  const query = usePnl({ ...f.args, by }, f.valid);
  return (
    <ReportList
      title={t('agent.pnl.title')}
      filters={f.filters}
      valid={f.valid}
      query={query}
      isEmpty={(d) => d.rows.length === 0}
      onPage={f.setPageNo}
      before={
        <Tabs
          label={t('agent.pnl.by')}
          tabs={[
            { key: 'member', label: t('agent.pnl.byMember') },
            { key: 'level', label: t('agent.pnl.byLevel') },
          ]}
          active={by}
          onChange={(k) => {
            setBy(k);
            f.setPageNo(1);
          }}
        />
      }
    >
      {(d) => <PnlTable data={d} by={by} />}
    </ReportList>
  );
}

function PnlTable({ data, by }: { data: PnlPage; by: 'member' | 'level' }) {
  const { t } = useTranslation();
  const money = useMoney();
  const cols = ['validBet', 'payout', 'profit', 'deposits', 'withdrawals'] as const;
  return (
    <>
      <Tiles
        label={t('agent.totals')}
        items={cols.map((c) => ({
          label: t(`agent.f.${c}`),
          value: money(data.totals[c]),
          tone: c === 'profit' ? signedClass(data.totals.profit) : undefined,
        }))}
      />
      <Table
        caption={t('agent.rows', { count: data.total })}
        head={
          <>
            <Th>{by === 'member' ? t('agent.f.account') : t('agent.f.level')}</Th>
            {by === 'level' && <Th num>{t('agent.f.members')}</Th>}
            {cols.map((c) => (
              <Th key={c} num>
                {t(`agent.f.${c}`)}
              </Th>
            ))}
            <Th num>{t('agent.f.betCount')}</Th>
          </>
        }
      >
        {data.rows.map((r) => (
          <tr key={`${r.memberId ?? ''}-${r.depth}`}>
            <th scope="row" data-label={by === 'member' ? t('agent.f.account') : t('agent.f.level')}>
              {by === 'member'
                ? `${r.account ?? '—'}${r.depth ? '' : ` (${t('agent.pnl.self')})`}`
                : r.depth === 0
                  ? t('agent.pnl.self')
                  : t('agent.pnl.level', { n: r.depth })}
            </th>
            {by === 'level' && (
              <td data-label={t('agent.f.members')} className="num">
                {r.members}
              </td>
            )}
            {cols.map((c) => (
              <td
                key={c}
                data-label={t(`agent.f.${c}`)}
                className={clsx('num', c === 'profit' && signedClass(r.profit))}
              >
                {money(r[c])}
              </td>
            ))}
            <td data-label={t('agent.f.betCount')} className="num">
              {r.betCount}
            </td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** Agent centre › revenue report (agentRevenueReport): the team's figures by day, a chart and totals. */
export function RevenueReportPage() {
  const { t } = useTranslation();
  const { range, valid, filter } = usePeriod('last7');
  const query = useRevenue(range, valid);
  const money = useMoney();
  const { currencyExponent } = useSystemStatus();
  return (
    <AgentPage title={t('centre.agent.agentRevenueReport')} filters={filter}>
      {valid && (
        <QueryState query={query} isEmpty={(d) => d.days.length === 0} empty={t('agent.empty')}>
          {(d) => (
            <>
              <RevenueChart report={d} exponent={currencyExponent} />
              <DayTable report={d} money={money} />
            </>
          )}
        </QueryState>
      )}
    </AgentPage>
  );
}

/** Agent centre › my income: rebates and wages paid to the agent. */
export function IncomePage() {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const { range, valid, filter } = usePeriod('last30', () => setPageNo(1));
  const query = useIncome({ ...range, pageNo, pageSize: AGENT_PAGE_SIZE }, valid);
  const money = useMoney();
  return (
    <ReportList title={t('centre.agent.myIncome')} filters={filter} valid={valid} query={query} onPage={setPageNo}>
      {(d) => (
        <>
          <Tiles label={t('agent.totals')} items={[{ label: t('agent.income.sum'), value: money(d.sum) }]} />
          {d.rows.length === 0 ? (
            <p className="field__hint">{t('agent.empty')}</p>
          ) : (
            <Table
              caption={t('agent.rows', { count: d.total })}
              head={
                <>
                  <Th>{t('history.columns.time')}</Th>
                  <Th>{t('history.columns.reference')}</Th>
                  <Th num>{t('history.columns.amount')}</Th>
                </>
              }
            >
              {d.rows.map((r) => (
                <tr key={r.id}>
                  <td data-label={t('history.columns.time')}>
                    <DateTime value={r.createdAt} />
                  </td>
                  <td data-label={t('history.columns.reference')} className="agent-ref">
                    {r.ref}
                  </td>
                  <td data-label={t('history.columns.amount')} className="num agent-amount--in">
                    {money(r.amount)}
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </>
      )}
    </ReportList>
  );
}
