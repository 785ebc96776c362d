import { type DepositList, type DepositStatus, formatMoney } from '@sea/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { StatusBadge, type StatusTone } from '../../components/StatusBadge.tsx';
import '../../i18n/areas/deposit.ts';
import { methodName } from './method-name.ts';

const TONE: Record<DepositStatus, StatusTone> = {
  pending: 'waiting',
  success: 'done',
  failed: 'failed',
  rejected: 'refused',
};

/** Recent deposits with a status badge each; loading, error and empty states. */
export function DepositHistory({ query }: { query: UseQueryResult<DepositList> }) {
  const { t } = useTranslation();
  return (
    <section className="deposit-section" aria-labelledby="deposit-recent">
      <h2 id="deposit-recent">{t('deposit.recent')}</h2>
      <QueryState query={query} isEmpty={(d) => d.list.length === 0} empty={t('deposit.noDeposits')}>
        {(data) => (
          <ul className="records" aria-label={t('deposit.recent')}>
            {data.list.map((d) => (
              <li
                key={d.id}
                className="record"
                aria-label={`${methodName(t, d.methodCode, d.methodName)} ${formatMoney(d.amount, data.exponent)} ${t(`deposit.status.${d.status}`)}`}
              >
                <div className="record__main">
                  <span className="record__amount">
                    {data.currency} {formatMoney(d.amount, data.exponent)}
                  </span>
                  <StatusBadge tone={TONE[d.status]}>{t(`deposit.status.${d.status}`)}</StatusBadge>
                </div>
                <div className="record__meta">
                  <span>{methodName(t, d.methodCode, d.methodName)}</span>
                  <span className="record__ref">{t('deposit.reference', { reference: d.reference })}</span>
                  <DateTime value={d.createdAt} />
                </div>
                {d.reason && d.status !== 'success' && (
                  <p className="record__note">{t('deposit.reason', { reason: d.reason })}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
