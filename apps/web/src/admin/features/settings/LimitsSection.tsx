import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDepositMethods } from '../../api/payments.ts';
import { Badge } from '../../components/Badge.tsx';
import { SettingsSection } from '../../components/SettingsSection.tsx';
import { useCan } from '../../components/permissions.tsx';
import { formatAmount } from '../../lib/format.ts';
import { WithdrawalLimitsForm } from '../../components/WithdrawalLimitsForm.tsx';

/**
 * The merchant's money limits in one place (Merchant settings › Limits): the withdrawal limits of a request, the
 * receipt window and member cancellation (the same form as Payment methods: checked here, checked and audited by the
 * server; changed with payments.settings), and each deposit method's minimum and maximum (changed per method in
 * Payment methods). Read with payments.view; without it the section says so instead of calling the API.
 */
export function LimitsSection() {
  const { t } = useTranslation();
  const can = useCan();
  if (!can('payments.view'))
    return (
      <section className="bo-card bo-section" aria-labelledby="site-limits">
        <h2 id="site-limits">{t('more.limits.title')}</h2>
        <p className="bo-hint">{t('more.limits.noAccess')}</p>
      </section>
    );
  return <Limits />;
}

function Limits() {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <SettingsSection
      id="site-limits"
      title={t('more.limits.title')}
      help={t('more.limits.help')}
      query={useDepositMethods()}
    >
      {(methods) => (
        <>
          <h3>{t('more.limits.withdrawals')}</h3>
          <WithdrawalLimitsForm readOnly={!can('payments.settings')} bare />
          <h3>{t('more.limits.deposits')}</h3>
          <p className="bo-hint">{t('more.limits.depositsHelp')}</p>
          {methods.items.length === 0 ? (
            <p>{t('methods.empty')}</p>
          ) : (
            <div className="bo-table">
              <div className="bo-table__scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('methods.name')}</th>
                      <th scope="col" className="num">
                        {t('methods.min')}
                      </th>
                      <th scope="col" className="num">
                        {t('methods.max')}
                      </th>
                      <th scope="col">{t('payments.status')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {methods.items.map((m) => (
                      <tr key={m.code}>
                        <td>{m.name}</td>
                        <td className="num">{formatAmount(m.minAmount, methods.exponent, methods.currency)}</td>
                        <td className="num">{formatAmount(m.maxAmount, methods.exponent, methods.currency)}</td>
                        <td>
                          <Badge tone={m.enabled ? 'good' : 'neutral'}>
                            {m.enabled ? t('methods.on') : t('methods.off')}
                          </Badge>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          <p>
            <Link to="/payments/methods">{t('more.limits.change')}</Link>
          </p>
        </>
      )}
    </SettingsSection>
  );
}
