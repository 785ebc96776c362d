import { KYC_DOCUMENT_STATUSES, type AdminKycItem } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { allPages } from '../../api/client.ts';
import { fetchKycQueue, useKycQueue } from '../../api/kyc.ts';
import { Badge } from '../../components/Badge.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { kycTone } from '../../components/kyc-tone.ts';

const col = createColumnHelper<AdminKycItem>();

/** The review queue: members' current documents, pending first (oldest first); status and account in the URL. */
export function KycQueuePage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['status', 'account'] as const);
  const q = {
    status: state.filters.status,
    account: state.filters.account,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
  };
  const list = useKycQueue(q);

  const columns = useMemo<Columns<AdminKycItem>>(
    () => [
      col.accessor('account', {
        meta: { label: t('payments.member') },
        cell: (c) => <Link to={`/kyc/${encodeURIComponent(c.getValue())}`}>{c.getValue()}</Link>,
      }),
      col.accessor('kind', { meta: { label: t('kyc.kind') }, cell: (c) => t(`kyc.kinds.${c.getValue()}`) }),
      col.accessor('status', {
        meta: { label: t('kyc.status') },
        cell: ({ row: { original: d } }) => <Badge tone={kycTone[d.status]}>{t(`kyc.statuses.${d.status}`)}</Badge>,
      }),
      col.accessor('uploadedAt', { meta: { label: t('kyc.uploadedAt') }, cell: (c) => formatDateTime(c.getValue()) }),
      col.accessor('reviewedBy', { meta: { label: t('kyc.reviewedBy') }, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('reason', { meta: { label: t('kyc.reason') }, cell: (c) => c.getValue() ?? '—' }),
      col.accessor('reference', { meta: { label: t('kyc.reference') }, cell: (c) => <code>{c.getValue()}</code> }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('kyc.title')}</h1>
      </div>
      <DataTable
        id="kyc"
        label={t('kyc.title')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.reference}
        defaultHidden={['reference']}
        emptyText={state.filters.status === 'pending' || !state.filters.status ? t('kyc.emptyQueue') : t('table.empty')}
        exportRows={() => allPages((pageNo, pageSize) => fetchKycQueue({ ...q, pageNo, pageSize }))}
        toolbar={
          <>
            <SelectFilter
              label={t('kyc.status')}
              allLabel={t('kyc.queue')}
              value={state.filters.status}
              onChange={(s) => state.setFilters({ status: s })}
              options={KYC_DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`kyc.statuses.${s}`) }))}
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
