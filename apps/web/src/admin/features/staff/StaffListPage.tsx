import type { StaffMember } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchStaff, useRoles, useStaffList } from '../../api/staff.ts';
import { Badge } from '../../components/Badge.tsx';
import { Can, useCan } from '../../components/permissions.tsx';
import { roleName } from '../../components/role-name.ts';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { StaffActions } from './StaffActions.tsx';
import { StaffFormDialog } from './StaffFormDialog.tsx';

const col = createColumnHelper<StaffMember>();

/** Staff accounts: search, role and status filters; create, edit, reset password / two-factor, disable / enable. */
export function StaffListPage() {
  const { t } = useTranslation();
  const can = useCan();
  const state = useTableUrlState(['q', 'role', 'status'] as const);
  const query = { ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize };
  const list = useStaffList(query);
  const roles = useRoles();
  const [creating, setCreating] = useState(false);

  const columns = useMemo<Columns<StaffMember>>(
    () => [
      col.accessor('username', { meta: { label: t('staff.username') } }),
      col.accessor('displayName', { meta: { label: t('staff.displayName') } }),
      col.accessor((r) => roleName(r.role, r.roleName), { id: 'roleName', meta: { label: t('staff.role') } }),
      col.accessor('status', {
        meta: { label: t('staff.status'), csv: (r) => r.status },
        cell: (c) => (
          <Badge tone={c.getValue() === 'active' ? 'good' : 'neutral'}>{t(`staff.statuses.${c.getValue()}`)}</Badge>
        ),
      }),
      col.accessor('twoFactorEnabled', {
        meta: {
          label: t('staff.twoFactor'),
          csv: (r) => (r.twoFactorEnabled ? 'on' : r.twoFactorRequired ? 'pending' : 'off'),
        },
        cell: ({ row: { original: r } }) =>
          r.twoFactorEnabled ? (
            <Badge tone="good">{t('staff.twoFactorOn')}</Badge>
          ) : r.twoFactorRequired ? (
            <Badge tone="warn">{t('staff.twoFactorPending')}</Badge>
          ) : (
            <Badge tone="neutral">{t('staff.twoFactorOff')}</Badge>
          ),
      }),
      col.accessor('lastLoginAt', {
        meta: { label: t('staff.lastLogin'), csv: (r) => r.lastLoginAt ?? '' },
        cell: (c) => formatDateTime(c.getValue()) || '—',
      }),
      col.accessor('createdAt', {
        meta: { label: t('staff.created'), csv: (r) => r.createdAt },
        cell: (c) => formatDateTime(c.getValue()),
      }),
      ...(can('staff.manage')
        ? [
            col.display({
              id: 'actions',
              meta: { label: t('common.actions'), fixed: true },
              cell: ({ row }) => <StaffActions staff={row.original} roles={roles.data?.items ?? []} />,
            }),
          ]
        : []),
    ],
    [t, can, roles.data],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('staff.title')}</h1>
        <Can permission="staff.manage">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setCreating(true)}>
            {t('staff.create')}
          </button>
        </Can>
      </div>
      <DataTable
        id="staff"
        label={t('staff.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        exportRows={() => allPages((pageNo, pageSize) => fetchStaff({ ...state.filters, pageNo, pageSize }))}
        emptyText={t('staff.empty')}
        toolbar={
          <>
            <SearchFilter label={t('staff.search')} value={state.filters.q} onChange={(q) => state.setFilters({ q })} />
            <SelectFilter
              label={t('staff.role')}
              allLabel={t('common.all')}
              value={state.filters.role}
              onChange={(role) => state.setFilters({ role })}
              options={(roles.data?.items ?? []).map((r) => ({ value: r.code, label: roleName(r.code, r.name) }))}
            />
            <SelectFilter
              label={t('staff.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(status) => state.setFilters({ status })}
              options={[
                { value: 'active', label: t('staff.statuses.active') },
                { value: 'disabled', label: t('staff.statuses.disabled') },
              ]}
            />
          </>
        }
      />
      {creating && <StaffFormDialog roles={roles.data?.items ?? []} onClose={() => setCreating(false)} />}
    </div>
  );
}
