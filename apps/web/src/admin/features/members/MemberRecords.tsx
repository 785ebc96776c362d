import { HISTORY_TYPES, ROUND_STATUSES } from '@sea/contracts';
import { Tabs } from '@base-ui/react/tabs';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { allPages, type Query } from '../../api/client.ts';
import {
  depositPage,
  fetchMemberList,
  type PageOf,
  useMemberBets,
  useMemberDeposits,
  useMemberJournals,
  useMemberLogins,
  useMemberWithdrawals,
} from '../../api/members.ts';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { DateFilter, SelectFilter } from '../../components/table/filters.tsx';
import { type TableUrlState, useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { MemberNotes } from './MemberNotes.tsx';
import {
  betColumns,
  depositColumns,
  journalColumns,
  loginColumns,
  type Money,
  withdrawalColumns,
} from './record-columns.tsx';

const TABS = ['journals', 'bets', 'deposits', 'withdrawals', 'logins', 'notes'] as const;
type Tab = (typeof TABS)[number];

/**
 * The member's records, a tab each (?tab= in the URL; paging and filters too): ledger entries and holds, bet
 * records (games and lottery), deposits, withdrawals, login history, staff notes. Only the open tab is read.
 */
export function MemberRecords(props: { account: string } & Money) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'journals';
  return (
    <Tabs.Root
      className="bo-card bo-member__records"
      value={tab}
      // Another tab starts on its first page without the last tab's filters.
      onValueChange={(v) => setParams(v === 'journals' ? {} : { tab: String(v) })}
    >
      <Tabs.List className="bo-tabs" aria-label={t('members.tabs')}>
        {TABS.map((k) => (
          <Tabs.Tab key={k} value={k} className="bo-tabs__tab">
            {t(`members.${k}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value={tab} className="bo-tabs__panel">
        {tab === 'notes' ? <MemberNotes account={props.account} /> : <RecordList tab={tab} {...props} />}
      </Tabs.Panel>
    </Tabs.Root>
  );
}

type ListTab = Exclude<Tab, 'notes'>;
const FILTERS = ['type', 'status', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** The filters each list's API takes, from the URL. */
function queryOf(tab: ListTab, f: TableUrlState<Filter>['filters']): Query {
  if (tab === 'journals') return { type: f.type, from: f.from, to: f.to };
  if (tab === 'bets') return { status: f.status, from: f.from, to: f.to };
  return {};
}

function RecordList({ tab, account, currency, exponent }: { tab: ListTab; account: string } & Money) {
  const { t } = useTranslation();
  const state = useTableUrlState(FILTERS);
  const filters = queryOf(tab, state.filters);
  const q = { ...filters, pageNo: state.pageNo, pageSize: state.pageSize };
  const m = { currency, exponent };
  const journals = useMemberJournals(account, q, tab === 'journals');
  const bets = useMemberBets(account, q, tab === 'bets');
  const deposits = useMemberDeposits(account, q, tab === 'deposits');
  const withdrawals = useMemberWithdrawals(account, q, tab === 'withdrawals');
  const logins = useMemberLogins(account, q, tab === 'logins');
  const lists = { journals, bets, deposits, withdrawals, logins };
  const columns = useMemo(
    () =>
      ({
        journals: journalColumns(t, m),
        bets: betColumns(t, m),
        deposits: depositColumns(t, m),
        withdrawals: withdrawalColumns(t, m),
        logins: loginColumns(t),
      })[tab] as Columns<unknown>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, tab, currency, exponent],
  );
  const dates = (
    <>
      <DateFilter
        label={t('dashboard.from')}
        value={state.filters.from}
        onChange={(from) => state.setFilters({ from })}
      />
      <DateFilter label={t('dashboard.to')} value={state.filters.to} onChange={(to) => state.setFilters({ to })} />
    </>
  );
  const toolbar =
    tab === 'journals' ? (
      <>
        <SelectFilter
          label={t('members.type')}
          allLabel={t('common.all')}
          value={state.filters.type}
          onChange={(type) => state.setFilters({ type })}
          options={HISTORY_TYPES.map((v) => ({ value: v, label: t(`more.ledgerTypes.${v}`) }))}
        />
        {dates}
      </>
    ) : tab === 'bets' ? (
      <>
        <SelectFilter
          label={t('members.status')}
          allLabel={t('common.all')}
          value={state.filters.status}
          onChange={(status) => state.setFilters({ status })}
          options={ROUND_STATUSES.map((v) => ({ value: v, label: t(`more.betStatuses.${v}`) }))}
        />
        {dates}
      </>
    ) : undefined;
  const exportRows = () =>
    allPages(async (pageNo, pageSize) => {
      const v = await fetchMemberList<PageOf<unknown> & { list?: unknown[] }>(account, tab, {
        ...filters,
        pageNo,
        pageSize,
      });
      return tab === 'deposits' ? depositPage(v as never) : v;
    });
  return (
    <DataTable
      key={tab}
      id={`member-${tab}`}
      label={t(`members.${tab}`)}
      columns={columns}
      query={lists[tab] as UseQueryResult<PageOf<unknown>>}
      state={state}
      rowKey={(r) =>
        String((r as { id?: string; reference?: string; time?: string }).id ?? (r as { time: string }).time)
      }
      toolbar={toolbar}
      exportRows={exportRows}
    />
  );
}
