import { formatMoney } from '@sea/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useTransferToUpline, useUpline, useWalletBalance } from '../../api/wallet.ts';
import { errorText } from '../../components/error-text.ts';
import { DownlineTransfer } from './DownlineTransfer.tsx';
import { amountProblem, useRequestId } from './money-form.ts';
import './wallet.css';
import { AmountField, FormFooter } from './form-parts.tsx';

/** Member centre › transferUpline: pay the direct upline; agents also pay members of their own downline. */
export function TransferUplinePage() {
  const { t } = useTranslation();
  const me = useMemberInfo();
  const real = Boolean(me.data && !me.data.isTrial);
  const upline = useUpline(real);
  const balance = useWalletBalance({ enabled: real });

  let body;
  if (me.isPending || (real && (upline.isPending || balance.isPending)))
    body = <p role="status">{t('wallet.loading')}</p>;
  else if (me.data?.isTrial) body = <p role="alert">{t('errors.in_need_true_account')}</p>;
  else if (!upline.data || !balance.data)
    body = (
      <div role="alert" className="wallet-page__error">
        <p>{t('wallet.loadError')}</p>
        <p className="field__hint">{errorText(t, upline.error ?? balance.error ?? me.error)}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => {
            void upline.refetch();
            void balance.refetch();
          }}
        >
          {t('wallet.retry')}
        </button>
      </div>
    );
  else {
    const w = balance.data;
    body = (
      <>
        <p className="field__hint">
          {t('wallet.yourBalance', { amount: `${w.currency} ${formatMoney(w.main.available, w.exponent)}` })}
        </p>
        {upline.data.uplineAccount ? (
          <UplineForm uplineAccount={upline.data.uplineAccount} currency={w.currency} exponent={w.exponent} />
        ) : (
          <p className="wallet-page__note">{t('wallet.noUpline')}</p>
        )}
        {me.data?.isAgent && <DownlineTransfer currency={w.currency} exponent={w.exponent} />}
      </>
    );
  }
  return (
    <section className="wallet-page" aria-labelledby="page-title">
      <div className="wallet-page__head">
        <h1 id="page-title">{t('centre.member.transferUpline')}</h1>
      </div>
      {body}
    </section>
  );
}

function UplineForm({
  uplineAccount,
  currency,
  exponent,
}: {
  uplineAccount: string;
  currency: string;
  exponent: number;
}) {
  const { t } = useTranslation();
  const mutation = useTransferToUpline();
  const requestId = useRequestId();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const problem = amountProblem(amount, exponent);
    setFieldError(problem && t(problem));
    if (problem) return;
    const body = { amount: amount.trim() };
    try {
      const r = await mutation.mutateAsync({ ...body, requestId: requestId.for(JSON.stringify(body)) });
      requestId.settle();
      setAmount('');
      setResult({
        text: t('wallet.uplineDone', {
          amount: `${r.currency} ${formatMoney(r.amount, r.exponent)}`,
          account: r.toAccount,
        }),
        error: false,
      });
    } catch (err) {
      requestId.settle(err);
      setResult({ text: errorText(t, err), error: true });
    }
  }

  return (
    <form className="form wallet-form" aria-labelledby="upline-title" onSubmit={submit} noValidate>
      <h2 id="upline-title" className="wallet-page__subtitle">
        {t('wallet.uplineTitle')}
      </h2>
      <div className="field">
        <span className="field__label" id="upline-label">
          {t('wallet.yourUpline')}
        </span>
        <p className="wallet-form__account" aria-labelledby="upline-label">
          {uplineAccount}
        </p>
      </div>
      <AmountField id="upline-amount" currency={currency} value={amount} error={fieldError} onChange={setAmount} />
      <FormFooter
        result={result}
        pending={mutation.isPending}
        label={t('wallet.send')}
        pendingLabel={t('wallet.sending')}
      />
    </form>
  );
}
