import type { AdminDepositMethod } from '@sea/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositMethods } from '../../api/payments.ts';
import { Badge } from '../../components/Badge.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { DepositMethodDialog } from './DepositMethodDialog.tsx';
import { WithdrawalLimitsForm } from '../../components/WithdrawalLimitsForm.tsx';

/**
 * Payment methods and limits: the deposit methods (name, minimum and maximum, order, on/off, the receiving bank
 * account of a bank transfer) and the withdrawal limits. Read with payments.view, changed with payments.settings.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation();
  const methods = useDepositMethods();
  const manage = useCan()('payments.settings');
  const [editing, setEditing] = useState<AdminDepositMethod | null>(null);
  const data = methods.data;
  const money = (minor: string) => (data ? formatAmount(minor, data.exponent, data.currency) : '');
  return (
    <div className="bo-page">
      <div className="bo-page__head">
        <h1>{t('methods.title')}</h1>
      </div>
      <h2 className="bo-section-title">{t('methods.deposits')}</h2>
      {methods.isError && <ErrorAlert error={methods.error} onRetry={() => void methods.refetch()} />}
      <section className="bo-table" aria-label={t('methods.deposits')}>
        <div className="bo-table__scroll" tabIndex={0} role="group" aria-label={t('methods.deposits')}>
          <table aria-busy={methods.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t('methods.name')}</th>
                <th scope="col">{t('methods.kind')}</th>
                <th scope="col" className="num">
                  {t('methods.min')}
                </th>
                <th scope="col" className="num">
                  {t('methods.max')}
                </th>
                <th scope="col">{t('methods.account')}</th>
                <th scope="col" className="num">
                  {t('methods.order')}
                </th>
                <th scope="col">{t('payments.status')}</th>
                {manage && (
                  <th scope="col" className="bo-sticky-end">
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {methods.isPending && (
                <tr>
                  <td colSpan={8} role="status">
                    {t('common.loading')}
                  </td>
                </tr>
              )}
              {data?.items.length === 0 && (
                <tr>
                  <td colSpan={8} className="bo-table__empty">
                    {t('methods.empty')}
                  </td>
                </tr>
              )}
              {data?.items.map((m) => (
                <tr key={m.code}>
                  <td>
                    {m.name}
                    <br />
                    <code className="bo-muted">{m.code}</code>
                  </td>
                  <td>
                    {t(`methods.kinds.${m.kind}`)}
                    {m.gateway && <span className="bo-muted"> ({m.gateway})</span>}
                  </td>
                  <td className="num">{money(m.minAmount)}</td>
                  <td className="num">{money(m.maxAmount)}</td>
                  <td>{m.bank ? `${m.bank.bankName} · ${m.bank.accountNumber} · ${m.bank.accountName}` : '—'}</td>
                  <td className="num">{m.sort}</td>
                  <td>
                    <Badge tone={m.enabled ? 'good' : 'neutral'}>
                      {m.enabled ? t('methods.on') : t('methods.off')}
                    </Badge>
                  </td>
                  {manage && (
                    <td className="bo-sticky-end">
                      <button
                        type="button"
                        className="bo-btn bo-btn--small"
                        onClick={() => setEditing(m)}
                        aria-label={t('methods.editLabel', { name: m.name })}
                      >
                        {t('common.edit')}
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <h2 className="bo-section-title">{t('methods.withdrawals')}</h2>
      <WithdrawalLimitsForm readOnly={!manage} />
      {editing && data && (
        <DepositMethodDialog
          method={editing}
          currency={data.currency}
          exponent={data.exponent}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
