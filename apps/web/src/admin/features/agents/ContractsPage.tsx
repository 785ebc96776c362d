import { contractStatus, contractType, type ContractView } from '@sea/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchContracts, useContracts } from '../../api/agents.ts';
import { Badge } from '../../components/Badge.tsx';
import { Can } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { HouseOfferDialog } from './HouseOfferDialog.tsx';
import '../../styles/agents-content.css';

const col = createColumnHelper<ContractView>();
const pct = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')} %`;
export const contractTone = (s: string) =>
  s === 'active' ? 'good' : s === 'pending' ? 'warn' : s === 'rejected' || s === 'invalid' ? 'bad' : 'neutral';

/** Agent contracts (from the house or an upline): filter by agent, type and status; the house offers new ones. */
export function ContractsPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['agent', 'type', 'status'] as const);
  const q = { ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize };
  const list = useContracts(q);
  const [offering, setOffering] = useState(false);

  const columns = useMemo<Columns<ContractView>>(
    () => [
      col.accessor('agentAccount', { meta: { label: t('agents.agent') } }),
      col.accessor((r) => r.uplineAccount ?? t('agents.house'), {
        id: 'upline',
        meta: { label: t('agents.offeredBy') },
      }),
      col.accessor('type', {
        meta: { label: t('agents.type') },
        cell: (c) => t(`agents.types.${c.getValue()}`),
      }),
      col.accessor('period', {
        meta: { label: t('agents.period') },
        cell: (c) => t(`agents.periods.${c.getValue()}`),
      }),
      col.accessor((r) => r.tiers.map((x) => pct(x.rateBp)).join(' / '), {
        id: 'rates',
        meta: { label: t('agents.rates') },
      }),
      col.accessor('status', {
        meta: { label: t('agents.status') },
        cell: (c) => <Badge tone={contractTone(c.getValue())}>{t(`agents.contractStatus.${c.getValue()}`)}</Badge>,
      }),
      col.accessor('createdAt', {
        meta: { label: t('agents.created') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('endReason', { meta: { label: t('agents.endReason') }, cell: (c) => c.getValue() ?? '' }),
    ],
    [t],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('agents.contractsTitle')}</h1>
        <Can permission="agents.manage">
          <button type="button" className="bo-btn bo-btn--primary" onClick={() => setOffering(true)}>
            {t('agents.houseOffer')}
          </button>
        </Can>
      </div>
      <DataTable
        id="contracts"
        label={t('agents.contractsTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('agents.noContracts')}
        defaultHidden={['endReason']}
        exportRows={() => allPages((pageNo, pageSize) => fetchContracts({ ...state.filters, pageNo, pageSize }))}
        toolbar={
          <>
            <SearchFilter
              label={t('agents.agent')}
              value={state.filters.agent}
              onChange={(agent) => state.setFilters({ agent })}
            />
            <SelectFilter
              label={t('agents.type')}
              allLabel={t('common.all')}
              value={state.filters.type}
              onChange={(type) => state.setFilters({ type })}
              options={contractType.options.map((v) => ({ value: v, label: t(`agents.types.${v}`) }))}
            />
            <SelectFilter
              label={t('agents.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(status) => state.setFilters({ status })}
              options={contractStatus.options.map((v) => ({ value: v, label: t(`agents.contractStatus.${v}`) }))}
            />
          </>
        }
      />
      {offering && <HouseOfferDialog onClose={() => setOffering(false)} />}
    </div>
  );
}
