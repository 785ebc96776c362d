import type { DepositMethod } from '@sea/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDepositOrder } from '../../api/deposit.ts';
import { errorText } from '../../components/error-text.ts';
import { AmountField } from './AmountField.tsx';
import { amountProblem, safePayUrl, useRequestId } from './deposit-form.ts';

/** Online payment: open the order, then the browser goes to the gateway's page (same tab) and comes back. */
export function GatewayDeposit({
  method,
  currency,
  exponent,
}: {
  method: DepositMethod;
  currency: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const order = useCreateDepositOrder();
  const requestId = useRequestId();
  const limits = { min: method.minAmount, max: method.maxAmount, exponent };
  const problem = amountProblem(amount, limits);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    setError(null);
    if (problem) return;
    const body = { methodCode: method.code, amount: amount.trim(), requestId: '' };
    body.requestId = requestId.for(JSON.stringify(body));
    try {
      const r = await order.mutateAsync(body);
      requestId.settle();
      const url = safePayUrl(r.payUrl);
      if (!url) throw new Error('unsafe pay URL');
      setLeaving(true);
      window.location.assign(url);
    } catch (err) {
      requestId.settle(err);
      setError(errorText(t, err));
    }
  }

  const busy = order.isPending || leaving;
  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label={method.name}>
      <AmountField
        value={amount}
        onChange={setAmount}
        limits={limits}
        currency={currency}
        error={touched && problem ? t(problem[0], problem[1]) : null}
      />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? t('deposit.redirecting') : t('deposit.payNow')}
      </button>
    </form>
  );
}
