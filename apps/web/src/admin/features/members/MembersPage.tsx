import { MEMBER_SEARCH_COUNT_CAP, MEMBER_SEARCH_MODES, type MemberSummary } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allPages } from '../../api/client.ts';
import { fetchMembers, type MemberSearchParams, useMembers } from '../../api/members.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { memberPath } from './member-path.ts';

const col = createColumnHelper<MemberSummary>();

/**
 * Members: search by username (prefix; empty lists everyone, newest first), mobile, member id, login IP, affiliate
 * code or agent (its whole team), with a status filter — all in the URL; a row opens the member's page.
 */
export function MembersPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['by', 'q', 'status'] as const);
  const { q, status } = state.filters;
  const by =
    state.filters.by && (MEMBER_SEARCH_MODES as readonly string[]).includes(state.filters.by)
      ? state.filters.by
      : 'username';
  // An empty search lists every member, whatever the mode says.
  const search: Omit<MemberSearchParams, 'pageNo' | 'pageSize'> = q ? { by, q, status } : { status };
  const list = useMembers({ ...search, pageNo: state.pageNo, pageSize: state.pageSize });
  const data = list.data;

  const columns = useMemo<Columns<MemberSummary>>(
    () => [
      col.accessor('account', {
        meta: { label: t('members.account') },
        cell: (c) => (
          <Link className="bo-link" to={memberPath(c.getValue())}>
            {c.getValue()}
          </Link>
        ),
      }),
      col.accessor('id', { meta: { label: t('members.id') } }),
      col.accessor('nickname', { meta: { label: t('members.nickname') }, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('isAgent', {
        meta: { label: t('members.kind'), csv: (r) => (r.isAgent ? 'agent' : 'member') },
        cell: (c) => (c.getValue() ? <Badge tone="info">{t('members.agent')}</Badge> : t('members.member')),
      }),
      col.accessor('status', {
        meta: { label: t('members.status'), csv: (r) => r.status },
        cell: (c) => (
          <Badge tone={c.getValue() === 'active' ? 'good' : 'bad'}>{t(`members.statuses.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor('mobile', { meta: { label: t('members.mobile') }, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('uplineAccount', {
        meta: { label: t('members.upline') },
        cell: (c) => {
          const up = c.getValue();
          return up ? (
            <Link className="bo-link" to={memberPath(up)}>
              {up}
            </Link>
          ) : (
            '—'
          );
        },
      }),
      col.accessor('rebatePoint', { meta: { label: t('members.rebatePoint'), numeric: true } }),
      col.accessor('registeredAt', {
        meta: { label: t('members.registeredAt') },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      col.accessor('lastLoginAt', {
        meta: { label: t('members.lastLogin'), csv: (r) => r.lastLoginAt ?? '' },
        cell: (c) => formatDateTime(c.getValue()) || '—',
      }),
      col.accessor('lastLoginIp', { meta: { label: t('members.lastLoginIp') }, cell: (c) => c.getValue() ?? '—' }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('members.title')}</h1>
        {data?.totalCapped && (
          <p className="bo-muted">{t('members.moreThan', { count: MEMBER_SEARCH_COUNT_CAP.toLocaleString('en') })}</p>
        )}
      </div>
      <DataTable
        id="members"
        label={t('members.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('members.empty')}
        defaultHidden={['rebatePoint', 'lastLoginIp']}
        exportRows={() => allPages((pageNo, pageSize) => fetchMembers({ ...search, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('members.searchBy')}
              allLabel={t('members.modes.username')}
              value={by === 'username' ? undefined : by}
              onChange={(v) => state.setFilters({ by: v })}
              options={MEMBER_SEARCH_MODES.filter((m) => m !== 'username').map((m) => ({
                value: m,
                label: t(`members.modes.${m}`),
              }))}
            />
            <SearchFilter label={t('members.search')} value={q} onChange={(v) => state.setFilters({ q: v })} />
            <SelectFilter
              label={t('members.status')}
              allLabel={t('common.all')}
              value={status}
              onChange={(v) => state.setFilters({ status: v })}
              options={(['active', 'locked', 'closed'] as const).map((s) => ({
                value: s,
                label: t(`members.statuses.${s}`),
              }))}
            />
          </>
        }
      />
    </div>
  );
}
