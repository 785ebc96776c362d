import { ANONYMISED_TEXT, type AuditEntry } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchAudit, useAudit } from '../../api/audit.ts';
import { isRemoved, RemovedLabel } from '../../components/Removed.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { DateFilter, SearchFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';

const col = createColumnHelper<AuditEntry>();

const REMOVED = Symbol('removed');
type Part = string | typeof REMOVED;

/** A value as text parts, the anonymisation's marker as its own part (objects as `{key: value, …}`). */
function valueParts(v: unknown): Part[] {
  if (isRemoved(v)) return [REMOVED];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return ['[', ...v.flatMap((x, i) => [...(i ? [', '] : []), ...valueParts(x)]), ']'];
  if (v && typeof v === 'object')
    return ['{', ...Object.entries(v).flatMap(([k, x], i) => [...(i ? [', '] : []), `${k}: `, ...valueParts(x)]), '}'];
  return [JSON.stringify(v)];
}

const detailParts = (detail: Record<string, unknown>): Part[] =>
  Object.entries(detail).flatMap(([k, v], i) => [...(i ? [' · '] : []), `${k}: `, ...valueParts(v)]);

/** A detail object as one readable line ("reason: typo · amount: 1000"); the marker written as `removed`. */
export function detailText(detail: Record<string, unknown>, removed = ANONYMISED_TEXT): string {
  return detailParts(detail)
    .map((p) => (p === REMOVED ? removed : p))
    .join('');
}

/** The same line on screen, with the "Removed" label where the anonymisation erased a value. */
function DetailLine({ detail }: { detail: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <span className="bo-clip" title={detailText(detail, t('removed.label'))}>
      {detailParts(detail).map((p, i) => (p === REMOVED ? <RemovedLabel key={i} /> : p))}
    </span>
  );
}

/** The audit log: every staff action by action, staff member, target and date; CSV of everything matching. */
export function AuditPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['action', 'admin', 'target', 'from', 'to'] as const);
  const list = useAudit({ ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize });

  const columns = useMemo<Columns<AuditEntry>>(
    () => [
      col.accessor('createdAt', {
        meta: { label: t('audit.time'), csv: (r) => r.createdAt },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('adminUsername', {
        meta: { label: t('audit.staff') },
        cell: (c) => c.getValue() ?? t('audit.system'),
      }),
      col.accessor('action', {
        meta: { label: t('audit.action') },
        cell: (c) => <code>{c.getValue()}</code>,
      }),
      col.accessor('targetType', {
        meta: { label: t('audit.targetType') },
        cell: (c) => c.getValue() ?? '',
      }),
      col.accessor('targetId', {
        meta: { label: t('audit.target') },
        cell: (c) => (c.getValue() ? <code>{c.getValue()}</code> : ''),
      }),
      col.accessor((r) => detailText(r.detail), {
        id: 'detail',
        meta: { label: t('audit.detail') },
        cell: (c) => <DetailLine detail={c.row.original.detail} />,
      }),
      col.accessor('ip', { meta: { label: t('audit.ip') } }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('audit.title')}</h1>
      </div>
      <DataTable
        id="audit"
        label={t('audit.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('audit.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchAudit({ ...state.filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SearchFilter
              label={t('audit.action')}
              value={state.filters.action}
              onChange={(action) => state.setFilters({ action })}
            />
            <SearchFilter
              label={t('audit.staff')}
              value={state.filters.admin}
              onChange={(admin) => state.setFilters({ admin })}
            />
            <SearchFilter
              label={t('audit.target')}
              value={state.filters.target}
              onChange={(target) => state.setFilters({ target })}
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
