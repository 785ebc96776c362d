import type { AdminAnnouncement } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchAnnouncements, useAnnouncements, useWithdrawAnnouncement } from '../../api/promotions-messages.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCan } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { AnnouncementDialog } from './AnnouncementDialog.tsx';
import { scheduleState } from '../../lib/datetime-local.ts';

const col = createColumnHelper<AdminAnnouncement>();
const tone = { scheduled: 'info', live: 'good', ended: 'neutral' } as const;

/**
 * Announcements (the public popup for everyone / members, the agent centre's for agents): publish, edit after
 * publishing, withdraw.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const state = useTableUrlState([] as const);
  const list = useAnnouncements({ pageNo: state.pageNo, pageSize: state.pageSize });
  const withdraw = useWithdrawAnnouncement();
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminAnnouncement | null>(null);

  const columns = useMemo<Columns<AdminAnnouncement>>(
    () => [
      col.accessor('title', { meta: { label: t('content.title') } }),
      col.accessor('audience', {
        meta: { label: t('content.audience') },
        cell: (c) => t(`content.audiences.${c.getValue()}`),
      }),
      col.accessor('startsAt', {
        meta: { label: t('content.startsAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('endsAt', {
        meta: { label: t('content.endsAt') },
        cell: (c) => (
          <span className="bo-nowrap">{c.getValue() ? formatDateTime(c.getValue()) : t('content.openEnded')}</span>
        ),
      }),
      col.accessor((a) => scheduleState(a.startsAt, a.endsAt), {
        id: 'state',
        meta: { label: t('content.state') },
        cell: (c) => (
          <Badge tone={tone[c.getValue() as keyof typeof tone]}>{t(`content.states.${c.getValue()}`)}</Badge>
        ),
      }),
      col.display({
        id: 'actions',
        meta: { label: t('common.actions'), fixed: true },
        cell: ({ row: { original: a } }) =>
          can('content.manage') ? (
            <div className="bo-row-actions">
              <button type="button" className="bo-btn bo-btn--small bo-btn--ghost" onClick={() => setEditing(a)}>
                {t('common.edit')}
              </button>
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => setWithdrawing(a)}
              >
                {t('content.withdraw')}
              </button>
            </div>
          ) : null,
      }),
    ],
    [t, can],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('content.announcementsTitle')}</h1>
        {can('content.manage') && (
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setEditing('new')}>
            {t('content.newAnnouncement')}
          </button>
        )}
      </div>
      <DataTable
        id="announcements"
        label={t('content.announcementsTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('content.noAnnouncements')}
        exportRows={() => allPages((pageNo, pageSize) => fetchAnnouncements({ pageNo, pageSize }))}
      />
      {editing && (
        <AnnouncementDialog announcement={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title={t('content.withdrawTitle', { title: withdrawing?.title ?? '' })}
        text={t('content.withdrawAnnouncementText')}
        confirmLabel={t('content.withdraw')}
        danger
        mutation={withdraw}
        args={withdrawing?.id ?? ''}
      />
    </div>
  );
}
