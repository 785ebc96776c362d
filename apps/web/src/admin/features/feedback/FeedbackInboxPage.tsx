import { FEEDBACK_QUESTION_TYPES, FEEDBACK_STATUSES, type AdminFeedbackItem } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allPages } from '../../api/client.ts';
import { fetchFeedback, useFeedbackInbox } from '../../api/feedback.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { feedbackTone } from './status-tone.ts';
import { PersonalText } from '../../components/Removed.tsx';

const col = createColumnHelper<AdminFeedbackItem>();

/** The members' feedback: new first by default (the queue), filters (status, type, account) in the URL. */
export function FeedbackInboxPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['status', 'type', 'account'] as const);
  // The queue: new feedback unless the operator picks another status ('all' = every status).
  const status = state.filters.status === 'all' ? undefined : (state.filters.status ?? 'new');
  const q = {
    status,
    questionType: state.filters.type,
    account: state.filters.account,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
  };
  const list = useFeedbackInbox(q);

  const columns = useMemo<Columns<AdminFeedbackItem>>(
    () => [
      col.accessor('reference', {
        meta: { label: t('feedback.reference') },
        cell: (c) => (
          <Link to={`/feedback/${encodeURIComponent(c.getValue())}`}>
            <code>{c.getValue()}</code>
          </Link>
        ),
      }),
      col.accessor('account', { meta: { label: t('payments.member') } }),
      col.accessor('questionType', {
        meta: { label: t('feedback.type') },
        cell: (c) => t(`feedback.types.${c.getValue()}`),
      }),
      col.accessor('content', {
        meta: { label: t('feedback.content') },
        cell: (c) => (
          <span className="bo-feedback__excerpt">
            <PersonalText value={c.getValue()} />
          </span>
        ),
      }),
      col.accessor('imageCount', { meta: { label: t('feedback.images'), numeric: true } }),
      col.accessor('status', {
        meta: { label: t('payments.status') },
        cell: ({ row: { original: f } }) => (
          <Badge tone={feedbackTone[f.status]}>{t(`feedback.statuses.${f.status}`)}</Badge>
        ),
      }),
      col.accessor('createdAt', { meta: { label: t('payments.time') }, cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('handledBy', { meta: { label: t('feedback.handledBy') }, cell: (c) => c.getValue() ?? '—' }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('feedback.title')}</h1>
      </div>
      <DataTable
        id="feedback"
        label={t('feedback.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.reference}
        defaultHidden={['handledBy']}
        emptyText={status === 'new' ? t('feedback.emptyQueue') : t('table.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchFeedback({ ...q, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('payments.status')}
              allLabel={t('feedback.queue')}
              value={state.filters.status === 'new' ? undefined : state.filters.status}
              onChange={(s) => state.setFilters({ status: s })}
              options={[
                { value: 'all', label: t('common.all') },
                ...FEEDBACK_STATUSES.filter((s) => s !== 'new').map((s) => ({
                  value: s,
                  label: t(`feedback.statuses.${s}`),
                })),
              ]}
            />
            <SelectFilter
              label={t('feedback.type')}
              allLabel={t('common.all')}
              value={state.filters.type}
              onChange={(v) => state.setFilters({ type: v })}
              options={FEEDBACK_QUESTION_TYPES.map((v) => ({ value: v, label: t(`feedback.types.${v}`) }))}
            />
            <SearchFilter
              label={t('payments.member')}
              value={state.filters.account}
              onChange={(v) => state.setFilters({ account: v })}
            />
          </>
        }
      />
    </div>
  );
}
