import { type DepositList, formatMoney } from '@sea/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/error-text.ts';

/** Recent deposits with a status badge each; loading, error and empty states. */
export function DepositHistory({ query }: { query: UseQueryResult<DepositList> }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="deposit-section" aria-labelledby="deposit-recent">
      <h2 id="deposit-recent">{t('deposit.recent')}</h2>
      {query.isPending ? (
        <p role="status" className="deposit-loading">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert" className="deposit-error">
          <p>{errorText(t, query.error)}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : query.data.list.length === 0 ? (
        <p className="field__hint">{t('deposit.noDeposits')}</p>
      ) : (
        <ul className="deposit-history" aria-label={t('deposit.recent')}>
          {query.data.list.map((d) => (
            <li
              key={d.id}
              className="deposit-history__item"
              aria-label={`${d.methodName} ${formatMoney(d.amount, query.data.exponent)} ${t(`deposit.status.${d.status}`)}`}
            >
              <div className="deposit-history__main">
                <span className="deposit-history__amount">
                  {query.data.currency} {formatMoney(d.amount, query.data.exponent)}
                </span>
                <span className={`deposit-badge deposit-badge--${d.status}`}>{t(`deposit.status.${d.status}`)}</span>
              </div>
              <div className="deposit-history__meta">
                <span>{d.methodName}</span>
                <time dateTime={d.createdAt}>{new Date(d.createdAt).toLocaleString(i18n.language)}</time>
              </div>
              {d.reason && d.status !== 'success' && (
                <p className="deposit-history__reason">{t('deposit.reason', { reason: d.reason })}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
