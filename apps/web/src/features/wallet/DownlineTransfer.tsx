import { formatMoney } from '@sea/contracts';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownlines, useTransferToDownline } from '../../api/wallet.ts';
import { errorText } from '../../components/error-text.ts';
import { amountProblem, useRequestId } from './money-form.ts';
import { AmountField, FormFooter } from './form-parts.tsx';

/** The agent's part of transferUpline: pick a member of the own downline tree (searchable, paged) and pay it. */
export function DownlineTransfer({ currency, exponent }: { currency: string; exponent: number }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const list = useDownlines(deferredSearch, pageNo);
  const mutation = useTransferToDownline();
  const requestId = useRequestId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    if (!chosen) return setFieldError(t('wallet.pickDownline'));
    const problem = amountProblem(amount, exponent);
    setFieldError(problem && t(problem));
    if (problem) return;
    const body = { downlineAccount: chosen, amount: amount.trim() };
    try {
      const r = await mutation.mutateAsync({ ...body, requestId: requestId.for(JSON.stringify(body)) });
      requestId.settle();
      setAmount('');
      setResult({
        text: t('wallet.downlineDone', {
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
    <form className="form wallet-form" aria-labelledby="downline-title" onSubmit={submit} noValidate>
      <h2 id="downline-title" className="wallet-page__subtitle">
        {t('wallet.downlineTitle')}
      </h2>
      <div className="field">
        <label htmlFor="downline-search">{t('wallet.searchDownline')}</label>
        <input
          id="downline-search"
          type="search"
          autoComplete="off"
          placeholder={t('wallet.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPageNo(1);
          }}
        />
      </div>
      <div aria-busy={list.isFetching}>
        {list.isPending ? (
          <p role="status">{t('wallet.loading')}</p>
        ) : list.isError ? (
          <p role="alert">{errorText(t, list.error)}</p>
        ) : list.data.list.length === 0 ? (
          <p className="field__hint">{t('wallet.noDownlines')}</p>
        ) : (
          <ul className="downline-list" aria-label={t('wallet.downlineList')}>
            {list.data.list.map((d) => (
              <li key={d.account} className="downline-list__item">
                <span className="downline-list__name">
                  {d.account}
                  {d.nickname && <span className="field__hint"> ({d.nickname})</span>}
                </span>
                <span className="field__hint">
                  {t('wallet.level', { level: d.level })}
                  {d.isAgent && ` · ${t('wallet.agentTag')}`}
                </span>
                <button
                  type="button"
                  className={chosen === d.account ? 'btn btn--primary' : 'btn btn--ghost'}
                  aria-pressed={chosen === d.account}
                  aria-label={`${t('wallet.choose')} ${d.account}`}
                  onClick={() => {
                    setChosen(d.account);
                    setFieldError(null);
                  }}
                >
                  {chosen === d.account ? t('wallet.chosen') : t('wallet.choose')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div className="pager">
            <button
              type="button"
              className="btn btn--ghost"
              disabled={pageNo <= 1}
              onClick={() => setPageNo((p) => p - 1)}
            >
              {t('wallet.previousPage')}
            </button>
            <span>{t('wallet.page', { page: pageNo, pages })}</span>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={pageNo >= pages}
              onClick={() => setPageNo((p) => p + 1)}
            >
              {t('wallet.nextPage')}
            </button>
          </div>
        )}
      </div>
      <div className="field">
        <span className="field__label" id="downline-recipient-label">
          {t('wallet.recipient')}
        </span>
        <p className="wallet-form__account" aria-labelledby="downline-recipient-label">
          {chosen ?? '—'}
        </p>
      </div>
      <AmountField id="downline-amount" currency={currency} value={amount} error={fieldError} onChange={setAmount} />
      <FormFooter
        result={result}
        pending={mutation.isPending}
        label={t('wallet.send')}
        pendingLabel={t('wallet.sending')}
      />
    </form>
  );
}
