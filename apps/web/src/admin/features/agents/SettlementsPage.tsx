import { contractType, type SettleRunReport, settlementStatus } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allPages } from '../../api/client.ts';
import { fetchSettlements, type Settlement, useSettleRun, useSettlements } from '../../api/agents.ts';
import { Badge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Can } from '../../components/permissions.tsx';
import { DataTable, type Columns } from '../../components/table/DataTable.tsx';
import { SearchFilter, SelectFilter } from '../../components/table/filters.tsx';
import { useTableUrlState } from '../../components/table/use-table-url-state.ts';
import { formatAmount, formatDateTime } from '../../lib/format.ts';
import '../../styles/agents-content.css';

const col = createColumnHelper<Settlement>();
const tone = (s: string) => (s === 'paid' ? 'good' : s === 'insufficient_funds' ? 'bad' : 'neutral');

/**
 * Contract settlements (one per contract and period, each paid once by the jobs): filter by agent, type and status;
 * "Settle now" runs one type's due periods at once, as its scheduled job would (the server pays each period once).
 */
export function SettlementsPage() {
  const { t } = useTranslation();
  const state = useTableUrlState(['agent', 'type', 'status'] as const);
  const list = useSettlements({ ...state.filters, pageNo: state.pageNo, pageSize: state.pageSize });
  const [report, setReport] = useState<SettleRunReport | null>(null);
  const run = useSettleRun(setReport);
  const [type, setType] = useState<string>('daily_wage');
  const [confirming, setConfirming] = useState(false);
  const money = list.data ? { currency: list.data.currency, exponent: list.data.exponent } : undefined;

  const columns = useMemo<Columns<Settlement>>(
    () => [
      col.accessor('agentAccount', { meta: { label: t('agents.agent') } }),
      col.accessor('type', { meta: { label: t('agents.type') }, cell: (c) => t(`agents.types.${c.getValue()}`) }),
      col.accessor('periodStart', {
        meta: { label: t('agents.periodStart') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('periodEnd', {
        meta: { label: t('agents.periodEnd') },
        cell: (c) => <span className="bo-nowrap">{formatDateTime(c.getValue())}</span>,
      }),
      col.accessor('validBet', {
        meta: {
          label: t('agents.validBet'),
          numeric: true,
          csv: (r) => minorToMajor(r.validBet, money?.exponent ?? 0),
        },
        cell: (c) => formatAmount(c.getValue(), money?.exponent ?? 0),
      }),
      col.accessor('activeMembers', { meta: { label: t('agents.activeMembers'), numeric: true } }),
      col.accessor('amount', {
        meta: { label: t('agents.amount'), numeric: true, csv: (r) => minorToMajor(r.amount, money?.exponent ?? 0) },
        cell: (c) => formatAmount(c.getValue(), money?.exponent ?? 0, money?.currency),
      }),
      col.accessor((r) => r.payerAccount ?? t('agents.house'), { id: 'payer', meta: { label: t('agents.payer') } }),
      col.accessor('status', {
        meta: { label: t('agents.status') },
        cell: (c) => <Badge tone={tone(c.getValue())}>{t(`agents.settlementStatus.${c.getValue()}`)}</Badge>,
      }),
    ],
    [t, money?.currency, money?.exponent],
  );

  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('agents.settlementsTitle')}</h1>
        <Can permission="agents.manage">
          <div className="bo-row-actions">
            <label className="bo-filter">
              <span>{t('agents.type')}</span>
              <select value={type} onChange={(e) => setType(e.target.value)}>
                {contractType.options.map((v) => (
                  <option key={v} value={v}>
                    {t(`agents.types.${v}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="bo-btn bo-btn--primary" onClick={() => setConfirming(true)}>
              {t('agents.settleNow')}
            </button>
          </div>
        </Can>
      </div>
      {report && (
        <div className="bo-alert bo-alert--success" role="status">
          {t('agents.settleDone', {
            paid: report.paid,
            notReached: report.notReached,
            unpaid: report.insufficientFunds.length,
          })}
        </div>
      )}
      <DataTable
        id="settlements"
        label={t('agents.settlementsTitle')}
        columns={columns}
        query={list}
        state={state}
        rowKey={(r) => r.id}
        emptyText={t('agents.noSettlements')}
        exportRows={() => allPages((pageNo, pageSize) => fetchSettlements({ ...state.filters, pageNo, pageSize }))}
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
              onChange={(v) => state.setFilters({ type: v })}
              options={contractType.options.map((v) => ({ value: v, label: t(`agents.types.${v}`) }))}
            />
            <SelectFilter
              label={t('agents.status')}
              allLabel={t('common.all')}
              value={state.filters.status}
              onChange={(status) => state.setFilters({ status })}
              options={settlementStatus.options.map((v) => ({ value: v, label: t(`agents.settlementStatus.${v}`) }))}
            />
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('agents.settleTitle', { type: t(`agents.types.${type}`) })}
        text={t('agents.settleText')}
        confirmLabel={t('agents.settleNow')}
        mutation={run}
        args={type}
      />
    </div>
  );
}
