import { formatMoney } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKycStatus } from '../../api/kyc.ts';
import { useBankAccounts, useWithdrawSettings } from '../../api/withdraw.ts';
import { BankAccounts } from './BankAccounts.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TransactionPasswordForm } from './TransactionPasswordForm.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawForm } from './WithdrawForm.tsx';
import './withdraw.css';
import '../../i18n/areas/withdraw.ts';

/**
 * Member centre › withdraw: set the transaction password (first), manage bank accounts, request a withdrawal
 * (held at once), and follow the withdrawals, confirming receipt of disbursed ones (withdrawal-receipt page).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const settings = useWithdrawSettings();
  const banks = useBankAccounts();
  return (
    <section className="withdraw" aria-labelledby="page-title">
      <h1 id="page-title">{t('withdraw.title')}</h1>
      <KycNotice />
      <QueryState query={settings}>
        {(s) =>
          s.transactionPasswordSet ? (
            <section className="withdraw-card" aria-labelledby="wd-form-title">
              <h2 id="wd-form-title">{t('withdraw.form.title')}</h2>
              <QueryState query={banks}>{(list) => <WithdrawForm settings={s} banks={list} />}</QueryState>
            </section>
          ) : (
            <TransactionPasswordForm />
          )
        }
      </QueryState>
      <BankAccounts query={banks} max={settings.data?.maxBankAccounts ?? 5} />
      <WithdrawalList />
    </section>
  );
}

/** The merchant's identity rule, while the member's identity is not yet verified (issue 25): where to verify. */
function KycNotice() {
  const { t } = useTranslation();
  const kyc = useKycStatus().data;
  if (!kyc || kyc.withdrawalThreshold === null || kyc.overall === 'approved') return null;
  return (
    <p className="withdraw__kyc" role="note">
      {t('withdraw.kycNotice', { amount: `${formatMoney(kyc.withdrawalThreshold, kyc.exponent)} ${kyc.currency}` })}{' '}
      <Link to="/member/identityVerification">{t('withdraw.kycVerify')}</Link>
    </p>
  );
}
