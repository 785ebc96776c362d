import { formatMoney, MAIN_WALLET, minorToMajor, type WalletBalance } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useConsolidatedFunds, useWalletBalance, useWalletTransfer, WALLET_KEY } from '../../api/wallet.ts';
import { errorText } from '../../components/error-text.ts';
import { amountProblem, useRequestId } from './money-form.ts';
import './wallet.css';
import { AmountField, FormFooter } from './form-parts.tsx';

const money = (w: Pick<WalletBalance, 'currency' | 'exponent'>, minor: string) =>
  `${w.currency} ${formatMoney(minor, w.exponent)}`;

/** Member centre › transferFund: the main wallet, the game (transfer-vendor) wallets, and moves between them. */
export function TransferFundPage() {
  const { t } = useTranslation();
  const me = useMemberInfo().data;
  const balance = useWalletBalance();
  const funds = useConsolidatedFunds();
  const qc = useQueryClient();
  const [prefill, setPrefill] = useState<{ from: string; to: string; n: number } | null>(null);
  const refreshing = balance.isFetching || funds.isFetching;

  const head = (
    <div className="wallet-page__head">
      <h1 id="page-title">{t('centre.member.transferFund')}</h1>
      <button
        type="button"
        className="btn btn--ghost"
        aria-busy={refreshing}
        disabled={refreshing}
        onClick={() => qc.invalidateQueries({ queryKey: WALLET_KEY })}
      >
        {refreshing ? t('wallet.refreshing') : t('wallet.refresh')}
      </button>
    </div>
  );

  if (me?.isTrial) {
    return (
      <section className="wallet-page" aria-labelledby="page-title">
        {head}
        <p role="alert">{t('errors.in_need_true_account')}</p>
      </section>
    );
  }
  if (balance.isPending) {
    return (
      <section className="wallet-page" aria-labelledby="page-title">
        {head}
        <p role="status">{t('wallet.loading')}</p>
      </section>
    );
  }
  if (!balance.data) {
    return (
      <section className="wallet-page" aria-labelledby="page-title">
        {head}
        <div role="alert" className="wallet-page__error">
          <p>{t('wallet.loadError')}</p>
          <p className="field__hint">{errorText(t, balance.error)}</p>
          <button type="button" className="btn btn--primary" onClick={() => balance.refetch()}>
            {t('wallet.retry')}
          </button>
        </div>
      </section>
    );
  }

  const w = balance.data;
  const move = (from: string, to: string) => setPrefill((p) => ({ from, to, n: (p?.n ?? 0) + 1 }));
  return (
    <section className="wallet-page" aria-labelledby="page-title">
      {head}
      <article className="wallet-card wallet-card--main" aria-labelledby="main-wallet-title">
        <h2 id="main-wallet-title" className="wallet-card__title">
          {t('wallet.mainWallet')}
        </h2>
        <p className="wallet-card__amount">{money(w, w.main.balance)}</p>
        {w.main.available !== w.main.balance && (
          <p className="field__hint">{t('wallet.available', { amount: money(w, w.main.available) })}</p>
        )}
        {funds.data && funds.data.held !== '0' && (
          <p className="field__hint">{t('wallet.held', { amount: money(w, funds.data.held) })}</p>
        )}
        {funds.data && <p className="field__hint">{t('wallet.total', { amount: money(w, funds.data.total) })}</p>}
      </article>

      <h2 className="wallet-page__subtitle">{t('wallet.subWallets')}</h2>
      {w.vendors.length === 0 ? (
        <p className="field__hint">{t('wallet.noSubWallets')}</p>
      ) : (
        <ul className="wallet-cards">
          {w.vendors.map((v) => (
            <li key={v.vendorCode}>
              <article className="wallet-card" aria-label={v.vendorName}>
                <h3 className="wallet-card__title">{v.vendorName}</h3>
                <p className="wallet-card__amount">{money(w, v.balance)}</p>
                <div className="wallet-card__actions">
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-label={`${t('wallet.moveIn')}: ${v.vendorName}`}
                    onClick={() => move(MAIN_WALLET, v.vendorCode)}
                  >
                    {t('wallet.moveIn')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--link"
                    aria-label={`${t('wallet.moveOut')}: ${v.vendorName}`}
                    onClick={() => move(v.vendorCode, MAIN_WALLET)}
                  >
                    {t('wallet.moveOut')}
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}

      {w.vendors.length > 0 && (
        <TransferForm
          key={prefill?.n ?? 0}
          wallets={w}
          initial={prefill ?? { from: MAIN_WALLET, to: w.vendors[0]!.vendorCode }}
        />
      )}
    </section>
  );
}

function TransferForm({ wallets, initial }: { wallets: WalletBalance; initial: { from: string; to: string } }) {
  const { t } = useTranslation();
  const mutation = useWalletTransfer();
  const requestId = useRequestId();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const firstVendor = wallets.vendors[0]!.vendorCode;
  const nameOf = (code: string) =>
    code === MAIN_WALLET
      ? t('wallet.mainWallet')
      : (wallets.vendors.find((v) => v.vendorCode === code)?.vendorName ?? code);
  const balanceOf = (code: string) =>
    code === MAIN_WALLET
      ? wallets.main.available
      : (wallets.vendors.find((v) => v.vendorCode === code)?.balance ?? '0');

  // One side is always the main wallet: choosing a game wallet on one side puts the main wallet on the other.
  function chooseFrom(v: string) {
    setFrom(v);
    if (v !== MAIN_WALLET) setTo(MAIN_WALLET);
    else if (to === MAIN_WALLET) setTo(firstVendor);
  }
  function chooseTo(v: string) {
    setTo(v);
    if (v !== MAIN_WALLET) setFrom(MAIN_WALLET);
    else if (from === MAIN_WALLET) setFrom(firstVendor);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const problem = amountProblem(amount, wallets.exponent);
    if (problem) return setFieldError(t(problem));
    if (from === to) return setFieldError(t('wallet.sameWallet'));
    if (from !== MAIN_WALLET && to !== MAIN_WALLET) return setFieldError(t('wallet.mainRequired'));
    setFieldError(null);
    const body = { from, to, amount: amount.trim() };
    try {
      const r = await mutation.mutateAsync({ ...body, requestId: requestId.for(JSON.stringify(body)) });
      requestId.settle();
      setAmount('');
      setResult({
        text: t('wallet.transferDone', { amount: money(r, r.amount), from: nameOf(r.from), to: nameOf(r.to) }),
        error: false,
      });
    } catch (err) {
      requestId.settle(err);
      setResult({ text: errorText(t, err), error: true });
    }
  }

  const options = [MAIN_WALLET, ...wallets.vendors.map((v) => v.vendorCode)];
  return (
    <form className="form wallet-form" aria-labelledby="transfer-title" onSubmit={submit} noValidate>
      <h2 id="transfer-title" className="wallet-page__subtitle">
        {t('wallet.transferTitle')}
      </h2>
      <div className="wallet-form__row">
        <div className="field">
          <label htmlFor="transfer-from">{t('wallet.from')}</label>
          <select id="transfer-from" value={from} onChange={(e) => chooseFrom(e.target.value)}>
            {options.map((o) => (
              <option key={o} value={o}>
                {nameOf(o)} ({formatMoney(balanceOf(o), wallets.exponent)})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="transfer-to">{t('wallet.to')}</label>
          <select id="transfer-to" value={to} onChange={(e) => chooseTo(e.target.value)}>
            {options.map((o) => (
              <option key={o} value={o}>
                {nameOf(o)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AmountField
        id="transfer-amount"
        currency={wallets.currency}
        value={amount}
        error={fieldError}
        onChange={setAmount}
        aside={
          <button
            type="button"
            className="btn btn--ghost"
            title={t('wallet.allHint')}
            onClick={() => setAmount(minorToMajor(balanceOf(from), wallets.exponent))}
          >
            {t('wallet.all')}
          </button>
        }
      />
      <FormFooter
        result={result}
        pending={mutation.isPending}
        label={t('wallet.transfer')}
        pendingLabel={t('wallet.transferring')}
      />
    </form>
  );
}
