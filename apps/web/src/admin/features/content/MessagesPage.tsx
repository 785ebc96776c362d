import type { AdminMessage } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchMessages, useMessages } from '../../api/promotions-messages.ts';
import { Can } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { MessageDialog } from './MessageDialog.tsx';

const col = createColumnHelper<AdminMessage>();

/** Who a message went to, in words. */
export function recipientText(m: AdminMessage, t: TFunction): string {
  if (m.account) return m.account;
  if (!m.segment) return t('content.to.all');
  const parts = [
    m.segment.agentAccount && t('content.teamOf', { account: m.segment.agentAccount }),
    (m.segment.registeredFrom || m.segment.registeredTo) &&
      t('content.registeredRange', { from: m.segment.registeredFrom ?? '…', to: m.segment.registeredTo ?? '…' }),
  ].filter(Boolean);
  return parts.join(' · ');
}

/** Messages sent to members' inboxes (newest first) and a new one to a member, everyone or a segment. */
export function MessagesPage() {
  const { t } = useTranslation();
  const state = useTableUrlState([] as const);
  const list = useMessages({ pageNo: state.pageNo, pageSize: state.pageSize });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<number | null | undefined>(undefined);

  const columns = useMemo<Columns<AdminMessage>>(
    () => [
      col.accessor('createdAt', {
        meta: { label: t('content.sentAt') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor((m) => recipientText(m, t), { id: 'to', meta: { label: t('content.recipients') } }),
      col.accessor((m) => m.recipients ?? '', {
        id: 'count',
        meta: { label: t('content.recipientCount'), numeric: true },
        cell: (c) => (c.getValue() === '' ? t('content.everyone') : c.getValue()),
      }),
      col.accessor('title', { meta: { label: t('content.title') } }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('content.messagesTitle')}</h1>
        <Can permission="content.manage">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setSending(true)}>
            {t('content.newMessage')}
          </button>
        </Can>
      </div>
      {sent !== undefined && (
        <div className="bo-alert bo-alert--success" role="status">
          {sent === null ? t('content.sentAll') : t('content.sentTo', { count: sent })}
        </div>
      )}
      <DataTable
        id="messages"
        label={t('content.messagesTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('content.noMessages')}
        exportRows={() => allPages((pageNo, pageSize) => fetchMessages({ pageNo, pageSize }))}
      />
      {sending && <MessageDialog onClose={() => setSending(false)} onSent={setSent} />}
    </div>
  );
}
