import { type BankAccount, formatMoney, type WithdrawSettings } from '@sea/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestWithdrawal } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { FormEnd } from '../../components/form/form-parts.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { amountProblem, useRequestId } from './withdraw-form.ts';

/** The request form: amount (available balance and limits shown), bank account, transaction password. */
export function WithdrawForm({ settings, banks }: { settings: WithdrawSettings; banks: BankAccount[] }) {
  const { t } = useTranslation();
  const submit = useRequestWithdrawal();
  const requestId = useRequestId();
  const [amount, setAmount] = useState('');
  const [bankId, setBankId] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const money = (minor: string) => `${settings.currency} ${formatMoney(minor, settings.exponent)}`;
  const limits = {
    min: settings.minAmount,
    max: settings.maxAmount,
    available: settings.available,
    exponent: settings.exponent,
  };
  const selectedBank = banks.some((b) => b.id === bankId) ? bankId : (banks[0]?.id ?? '');

  const problem = amountProblem(amount, limits);
  const errors = touched
    ? {
        amount: problem ? t(problem[0], problem[1]) : undefined,
        bank: selectedBank ? undefined : t('withdraw.form.bankRequired'),
        password: password ? undefined : t('withdraw.form.passwordRequired'),
      }
    : {};

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setResult(null);
    if (problem || !selectedBank || !password) return;
    const body = { bankAccountId: selectedBank, amount: amount.trim(), transactionPassword: password };
    const id = requestId.for(JSON.stringify({ b: body.bankAccountId, a: body.amount }));
    try {
      const w = await submit.mutateAsync({ ...body, requestId: id });
      requestId.settle();
      setAmount('');
      setPassword('');
      setTouched(false);
      setResult({ text: t('withdraw.form.success', { amount: money(w.amount) }), error: false });
    } catch (err) {
      requestId.settle(err);
      setResult({ text: errorText(t, err), error: true });
    }
  }

  if (banks.length === 0) return <p className="field__hint">{t('withdraw.form.needBank')}</p>;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="wd-form-title">
      <p className="withdraw-available">
        <span>{t('withdraw.available')}</span>{' '}
        <strong data-testid="withdraw-available">{money(settings.available)}</strong>
      </p>
      <TextField
        id="wd-amount"
        label={t('withdraw.form.amount', { currency: settings.currency })}
        hint={t('withdraw.form.limits', {
          min: formatMoney(settings.minAmount, settings.exponent),
          max: formatMoney(settings.maxAmount, settings.exponent),
        })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        required
      />
      <div className="field">
        <label htmlFor="wd-bank-select">
          {t('withdraw.form.bank')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id="wd-bank-select"
          value={selectedBank}
          onChange={(e) => setBankId(e.target.value)}
          aria-invalid={Boolean(errors.bank)}
        >
          {banks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.bankName} {b.accountNumberMasked} · {b.accountName}
            </option>
          ))}
        </select>
        {errors.bank && (
          <p className="field__error" role="alert">
            {errors.bank}
          </p>
        )}
      </div>
      <TextField
        id="wd-txpw"
        label={t('withdraw.form.txPassword')}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      {result && !result.error && (
        <p className="withdraw-notice" role="status">
          {result.text}
        </p>
      )}
      <FormEnd
        error={result?.error ? result.text : undefined}
        busy={submit.isPending}
        label={t('withdraw.form.submit')}
      />
    </form>
  );
}
