import { type ConsolidatedFunds, formatMoney, MAIN_WALLET, minorToMajor, type WalletBalance } from '@sea/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '../../api/auth.ts';
import { useConsolidatedFunds, useWalletBalance, useWalletTransfer, WALLET_KEY } from '../../api/wallet.ts';
import { AmountField } from '../../components/form/AmountField.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { SelectField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { walletTransferSchema } from './money-form.ts';
import { WalletForm } from './WalletForm.tsx';
import './wallet.css';
import '../../i18n/areas/wallet.ts';

const money = (w: Pick<WalletBalance, 'currency' | 'exponent'>, minor: string) =>
  `${w.currency} ${formatMoney(minor, w.exponent)}`;

/** Member centre › transferFund: the main wallet, the game (transfer-vendor) wallets, and moves between them. */
export function TransferFundPage() {
  const { t } = useTranslation();
  const me = useMemberInfo().data;
  const balance = useWalletBalance();
  const funds = useConsolidatedFunds();
  const qc = useQueryClient();
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

  return (
    <section className="wallet-page" aria-labelledby="page-title">
      {head}
      {me?.isTrial ? (
        <p role="alert">{t('errors.in_need_true_account')}</p>
      ) : (
        <QueryState query={balance} loading={t('wallet.loading')} errorTitle={t('wallet.loadError')}>
          {(w) => <Wallets w={w} funds={funds.data} />}
        </QueryState>
      )}
    </section>
  );
}

/** The main wallet, the game wallets with move in / move out, and the transfer form. */
function Wallets({ w, funds }: { w: WalletBalance; funds: ConsolidatedFunds | undefined }) {
  const { t } = useTranslation();
  const [prefill, setPrefill] = useState<{ from: string; to: string; n: number } | null>(null);
  const move = (from: string, to: string) => setPrefill((p) => ({ from, to, n: (p?.n ?? 0) + 1 }));
  return (
    <>
      <article className="wallet-card wallet-card--main" aria-labelledby="main-wallet-title">
        <h2 id="main-wallet-title" className="wallet-card__title">
          {t('wallet.mainWallet')}
        </h2>
        <p className="wallet-card__amount">{money(w, w.main.balance)}</p>
        {w.main.available !== w.main.balance && (
          <p className="field__hint">{t('wallet.available', { amount: money(w, w.main.available) })}</p>
        )}
        {funds && funds.held !== '0' && (
          <p className="field__hint">{t('wallet.held', { amount: money(w, funds.held) })}</p>
        )}
        {funds && <p className="field__hint">{t('wallet.total', { amount: money(w, funds.total) })}</p>}
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
    </>
  );
}

function TransferForm({ wallets, initial }: { wallets: WalletBalance; initial: { from: string; to: string } }) {
  const { t } = useTranslation();
  const mutation = useWalletTransfer();
  const form = useZodForm(walletTransferSchema(wallets.exponent), { ...initial, amount: '' });
  const { getValues, setValue } = form;
  const from = useWatch({ control: form.control, name: 'from' });
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
  function chose(side: 'from' | 'to') {
    const other = side === 'from' ? 'to' : 'from';
    if (getValues(side) !== MAIN_WALLET) setValue(other, MAIN_WALLET);
    else if (getValues(other) === MAIN_WALLET) setValue(other, firstVendor);
  }

  const options = [MAIN_WALLET, ...wallets.vendors.map((v) => v.vendorCode)];
  return (
    <WalletForm
      id="transfer-title"
      title={t('wallet.transferTitle')}
      form={form}
      send={mutation.mutateAsync}
      done={(r) => t('wallet.transferDone', { amount: money(r, r.amount), from: nameOf(r.from), to: nameOf(r.to) })}
    >
      <div className="wallet-form__row">
        <SelectField name="from" label={t('wallet.from')} onChange={() => chose('from')}>
          {options.map((o) => (
            <option key={o} value={o}>
              {nameOf(o)} ({formatMoney(balanceOf(o), wallets.exponent)})
            </option>
          ))}
        </SelectField>
        <SelectField name="to" label={t('wallet.to')} onChange={() => chose('to')}>
          {options.map((o) => (
            <option key={o} value={o}>
              {nameOf(o)}
            </option>
          ))}
        </SelectField>
      </div>
      <AmountField
        label={t('wallet.amount', { currency: wallets.currency })}
        aside={
          <button
            type="button"
            className="btn btn--ghost"
            title={t('wallet.allHint')}
            onClick={() => setValue('amount', minorToMajor(balanceOf(from), wallets.exponent))}
          >
            {t('wallet.all')}
          </button>
        }
      />
      <FormFooter label={t('wallet.transfer')} busyLabel={t('wallet.transferring')} />
    </WalletForm>
  );
}
