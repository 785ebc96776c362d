import type { ContractTypeCode } from '@sea/contracts';
import { formatMoney } from '@sea/contracts';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Contract,
  offerContract,
  useContractAction,
  useContracts,
  useDownlines,
  useRefreshAgent,
  useContractTypesHeld,
  useSettlements,
} from '../../api/agents.ts';
import { DataTable, Th } from '../../components/DataTable.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { errorText } from '../../components/error-text.ts';
import { CheckField } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import {
  CONTRACT_TYPES,
  contractOfferSchema,
  DIVIDEND_PERIODS,
  emptyTier,
  MAX_TIERS,
  MIN_TIERS,
  OFFER_DEFAULTS,
  toOfferRequest,
} from './contract-form.ts';
import { AGENT_PAGE_SIZE, AgentPage, ReportList } from './parts.tsx';
import '../../i18n/areas/agent.ts';

const STATUS_TONE: Record<Contract['status'], StatusTone> = {
  pending: 'waiting',
  active: 'done',
  rejected: 'refused',
  withdrawn: 'void',
  terminated: 'void',
  invalid: 'failed',
};

/** Agent centre › contract request: offer a contract to a direct downline. */
export function ContractOfferPage() {
  const { t } = useTranslation();
  const refresh = useRefreshAgent();
  const direct = useDownlines({ scope: 'direct', pageNo: 1, pageSize: 100 });
  const form = useZodForm(contractOfferSchema, OFFER_DEFAULTS);
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'tiers' });
  const type = useWatch({ control: form.control, name: 'type' });
  return (
    <AgentPage title={t('centre.agent.contractRequest')}>
      <p className="agent-note">{t('agent.contract.intro')}</p>
      <Form
        form={form}
        className="form agent-card"
        onSubmit={async (v) => {
          const c = await offerContract(toOfferRequest(v));
          await refresh();
          form.reset(OFFER_DEFAULTS);
          return t('agent.contract.offered', { account: c.agentAccount });
        }}
      >
        <TextField
          name="downlineAccount"
          label={t('agent.contract.downline')}
          list="direct-downlines"
          autoComplete="off"
          required
        />
        <datalist id="direct-downlines">
          {(direct.data?.rows ?? []).map((m) => (
            <option key={m.id} value={m.account} />
          ))}
        </datalist>
        <SelectField name="type" label={t('agent.contract.type')}>
          {CONTRACT_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`agent.contract.types.${c}`)}
            </option>
          ))}
        </SelectField>
        <p className="agent-note">{t(`agent.contract.periodOf.${type}`)}</p>
        {type === 'dividend' && (
          <>
            <SelectField name="period" label={t('agent.contract.period')}>
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`agent.contract.periods.${p}`)}
                </option>
              ))}
            </SelectField>
            <CheckField name="cumulative" label={t('agent.contract.cumulative')} />
          </>
        )}
        {type === 'realtime_salary' && (
          <TextField name="minSingleBet" label={t('agent.contract.minSingleBet')} inputMode="decimal" />
        )}
        <div className="agent-tiers">
          <h2>{t('agent.contract.tiers', { min: MIN_TIERS, max: MAX_TIERS })}</h2>
          {fields.map((f, i) => (
            <fieldset key={f.id} className="agent-tier">
              <legend>{t('agent.contract.tier', { n: i + 1 })}</legend>
              <TextField
                name={`tiers.${i}.minValidBet`}
                label={t('agent.contract.minValidBet')}
                inputMode="decimal"
                required
              />
              <TextField name={`tiers.${i}.minActive`} label={t('agent.contract.minActive')} inputMode="numeric" />
              {type === 'dividend' && (
                <TextField name={`tiers.${i}.minProfit`} label={t('agent.contract.minProfit')} inputMode="decimal" />
              )}
              <TextField
                name={`tiers.${i}.rate`}
                label={t(type === 'realtime_salary' ? 'agent.contract.winRate' : 'agent.contract.rate')}
                inputMode="decimal"
                required
              />
              {type === 'realtime_salary' && (
                <TextField
                  name={`tiers.${i}.lossRate`}
                  label={t('agent.contract.lossRate')}
                  inputMode="decimal"
                  required
                />
              )}
              {fields.length > MIN_TIERS && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  aria-label={t('agent.contract.removeTier', { n: i + 1 })}
                  onClick={() => remove(i)}
                >
                  {t('agent.contract.remove')}
                </button>
              )}
            </fieldset>
          ))}
          {fields.length < MAX_TIERS && (
            <button type="button" className="btn btn--ghost" onClick={() => append(emptyTier())}>
              {t('agent.contract.addTier')}
            </button>
          )}
        </div>
        <FormFooter label={t('agent.contract.submit')} />
      </Form>
    </AgentPage>
  );
}

/** The tiers of a contract as a short table. */
export function TierTable({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const money = (v: string) => formatMoney(v, contract.exponent);
  const rt = contract.type === 'realtime_salary';
  return (
    <table className="data-table">
      <caption>{t('agent.contract.tierCaption', { currency: contract.currency })}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col" className="num">
            {t('agent.contract.minValidBet')}
          </th>
          <th scope="col" className="num">
            {t('agent.contract.minActive')}
          </th>
          {contract.type === 'dividend' && (
            <th scope="col" className="num">
              {t('agent.contract.minProfit')}
            </th>
          )}
          <th scope="col" className="num">
            {t(rt ? 'agent.contract.winRate' : 'agent.contract.rate')}
          </th>
          {rt && (
            <th scope="col" className="num">
              {t('agent.contract.lossRate')}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {contract.tiers.map((tier) => (
          <tr key={tier.level}>
            <th scope="row" data-label="#">
              {tier.level}
            </th>
            <td data-label={t('agent.contract.minValidBet')} className="num">
              {money(tier.minValidBet)}
            </td>
            <td data-label={t('agent.contract.minActive')} className="num">
              {tier.minActive}
            </td>
            {contract.type === 'dividend' && (
              <td data-label={t('agent.contract.minProfit')} className="num">
                {money(tier.minProfit)}
              </td>
            )}
            <td data-label={t(rt ? 'agent.contract.winRate' : 'agent.contract.rate')} className="num">
              {bp(tier.rateBp)}
            </td>
            {rt && (
              <td data-label={t('agent.contract.lossRate')} className="num">
                {tier.lossRateBp === null ? '—' : bp(tier.lossRateBp)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Basis points as a percent ("80" → "0.8%"). */
export const bp = (v: number) => `${(v / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** Agent centre › contracts: the ones the agent offered and the ones it received, with their actions. */
export function ContractsPage() {
  const { t } = useTranslation();
  const [role, setRole] = useState<'received' | 'offered'>('received');
  const [pageNo, setPageNo] = useState(1);
  const query = useContracts({ role, pageNo, pageSize: AGENT_PAGE_SIZE });
  return (
    <ReportList
      title={t('centre.agent.contractList')}
      query={query}
      isEmpty={(d) => d.list.length === 0}
      empty={t('agent.contract.empty')}
      onPage={setPageNo}
      before={
        <Tabs
          label={t('agent.contract.role')}
          tabs={[
            { key: 'received', label: t('agent.contract.received') },
            { key: 'offered', label: t('agent.contract.offeredTab') },
          ]}
          active={role}
          onChange={(k) => {
            setRole(k);
            setPageNo(1);
          }}
        />
      }
    >
      {(d) => (
        <ul className="records">
          {d.list.map((c) => (
            <ContractCard key={c.id} contract={c} role={role} />
          ))}
        </ul>
      )}
    </ReportList>
  );
}

function ContractCard({ contract: c, role }: { contract: Contract; role: 'received' | 'offered' }) {
  const { t } = useTranslation();
  const action = useContractAction();
  const [confirm, setConfirm] = useState(false);
  const other = role === 'received' ? (c.uplineAccount ?? t('agent.contract.house')) : c.agentAccount;
  const run = (a: 'accept' | 'reject' | 'terminate') => action.mutate({ id: c.id, action: a });
  return (
    <li className="record">
      <div className="record__main">
        <strong>
          {t(`agent.contract.types.${c.type}`)} · {t(`agent.contract.periods.${c.period}`)}
        </strong>
        <StatusBadge tone={STATUS_TONE[c.status]}>{t(`agent.contract.statuses.${c.status}`)}</StatusBadge>
      </div>
      <div className="record__meta">
        <span>{t(role === 'received' ? 'agent.contract.from' : 'agent.contract.to', { account: other })}</span>
        <DateTime value={c.createdAt} />
      </div>
      <TierTable contract={c} />
      {action.isError && (
        <p className="form__error" role="alert">
          {errorText(t, action.error)}
        </p>
      )}
      <div className="agent-actions">
        {role === 'received' && c.status === 'pending' && (
          <>
            <button
              type="button"
              className="btn btn--primary"
              disabled={action.isPending}
              onClick={() => run('accept')}
            >
              {t('agent.contract.accept')}
            </button>
            <button type="button" className="btn btn--ghost" disabled={action.isPending} onClick={() => run('reject')}>
              {t('agent.contract.reject')}
            </button>
          </>
        )}
        {(c.status === 'active' || (role === 'offered' && c.status === 'pending')) &&
          (confirm ? (
            <>
              <span role="alert">{t('agent.contract.terminateConfirm')}</span>
              <button type="button" className="btn btn--ghost" onClick={() => setConfirm(false)}>
                {t('auth.cancel')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={action.isPending}
                onClick={() => run('terminate')}
              >
                {t('agent.contract.terminateYes')}
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--ghost" onClick={() => setConfirm(true)}>
              {t(c.status === 'pending' ? 'agent.contract.withdraw' : 'agent.contract.terminate')}
            </button>
          ))}
      </div>
    </li>
  );
}

const SETTLE_TONE = { paid: 'done', not_reached: 'void', insufficient_funds: 'failed' } as const;

/**
 * Settlement records of one contract type (dividend record, daily wages, hourly salary, real-time salary). An
 * agent that never held a contract of the type (the menu does not list the page then) is told why it is empty.
 */
function SettlementsPage({ type, title }: { type: ContractTypeCode; title: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const held = useContractTypesHeld();
  const never = held.data !== undefined && !held.data.types.includes(type);
  const query = useSettlements({ type, pageNo, pageSize: AGENT_PAGE_SIZE });
  if (never)
    return (
      <AgentPage title={title}>
        <div className="agent-card" role="status">
          <p>{t('agent.settlements.noContract', { type: t(`agent.contract.types.${type}`) })}</p>
          <p>
            <Link to="/agent/contractList">{t('agent.settlements.contracts')}</Link>
          </p>
        </div>
      </AgentPage>
    );
  return (
    <ReportList
      title={title}
      query={query}
      isEmpty={(d) => d.list.length === 0}
      empty={t('agent.settlements.empty')}
      onPage={setPageNo}
    >
      {(d) => {
        const money = (v: string) => formatMoney(v, d.exponent);
        return (
          <DataTable
            caption={t('agent.settlements.caption', { count: d.total, currency: d.currency })}
            head={
              <>
                <Th>{t('agent.settlements.period')}</Th>
                <Th>{t('agent.f.account')}</Th>
                <Th num>{t('agent.f.validBet')}</Th>
                <Th num>{t('agent.f.activeMembers')}</Th>
                <Th num>{t('agent.settlements.tier')}</Th>
                <Th num>{t('agent.contract.rate')}</Th>
                <Th num>{t('history.columns.amount')}</Th>
                <Th>{t('history.columns.status')}</Th>
              </>
            }
          >
            {d.list.map((s) => (
              <tr key={s.id}>
                <td data-label={t('agent.settlements.period')}>
                  <span>
                    <DateTime value={s.periodStart} /> – <DateTime value={s.periodEnd} />
                  </span>
                </td>
                <th scope="row" data-label={t('agent.f.account')}>
                  {s.agentAccount}
                </th>
                <td data-label={t('agent.f.validBet')} className="num">
                  {money(s.validBet)}
                </td>
                <td data-label={t('agent.f.activeMembers')} className="num">
                  {s.activeMembers}
                </td>
                <td data-label={t('agent.settlements.tier')} className="num">
                  {s.tier ?? '—'}
                </td>
                <td data-label={t('agent.contract.rate')} className="num">
                  {bp(s.rateBp)}
                </td>
                <td data-label={t('history.columns.amount')} className="num">
                  {money(s.amount)}
                </td>
                <td data-label={t('history.columns.status')}>
                  <StatusBadge tone={SETTLE_TONE[s.status]}>{t(`agent.settlements.statuses.${s.status}`)}</StatusBadge>
                </td>
              </tr>
            ))}
          </DataTable>
        );
      }}
    </ReportList>
  );
}

export function DividendRecordPage() {
  const { t } = useTranslation();
  return <SettlementsPage type="dividend" title={t('centre.agent.dividendRecord')} />;
}
export function DailyWagesPage() {
  const { t } = useTranslation();
  return <SettlementsPage type="daily_wage" title={t('centre.agent.dailyWages')} />;
}
export function HourlySalaryPage() {
  const { t } = useTranslation();
  return <SettlementsPage type="hourly_salary" title={t('centre.agent.hourlySalary')} />;
}
export function RealTimeSalaryPage() {
  const { t } = useTranslation();
  return <SettlementsPage type="realtime_salary" title={t('centre.agent.realTimeSalary')} />;
}
