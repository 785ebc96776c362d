import { clsx } from 'clsx';
import { useDeferredValue, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDownlines, useTransferToDownline } from '../../api/wallet.ts';
import { AmountField } from '../../components/form/AmountField.tsx';
import { Field } from '../../components/form/Field.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { downlineTransferSchema, sentTo } from './money-form.ts';
import { WalletForm } from './WalletForm.tsx';
import '../../i18n/areas/wallet.ts';

/**
 * The agent's part of transferUpline: pick a member of the own downline tree (searchable, paged) and pay it.
 * `?to=<account>` (the agent centre's "transfer" links) pre-selects that member and searches for it; the server
 * still refuses anyone outside the agent's own team.
 */
export function DownlineTransfer({ currency, exponent }: { currency: string; exponent: number }) {
  const { t } = useTranslation();
  const to = (useSearchParams()[0].get('to') ?? '').slice(0, 64);
  const [search, setSearch] = useState(to);
  const [pageNo, setPageNo] = useState(1);
  const list = useDownlines(useDeferredValue(search.trim()), pageNo);
  const mutation = useTransferToDownline();
  const form = useZodForm(downlineTransferSchema(exponent), { downlineAccount: to, amount: '' });
  const chosen = useWatch({ control: form.control, name: 'downlineAccount' });

  return (
    <WalletForm
      id="downline-title"
      title={t('wallet.downlineTitle')}
      form={form}
      send={mutation.mutateAsync}
      done={(r) => t('wallet.downlineDone', sentTo(r))}
    >
      {/* The search filters the list below; it is not part of what the form sends. */}
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
      <QueryState
        query={list}
        loading={t('wallet.loading')}
        isEmpty={(d) => d.list.length === 0}
        empty={t('wallet.noDownlines')}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <ul className="downline-list" aria-label={t('wallet.downlineList')}>
                {data.list.map((d) => (
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
                      className={clsx('btn', chosen === d.account ? 'btn--primary' : 'btn--ghost')}
                      aria-pressed={chosen === d.account}
                      aria-label={`${t('wallet.choose')} ${d.account}`}
                      onClick={() =>
                        form.setValue('downlineAccount', d.account, { shouldValidate: form.formState.isSubmitted })
                      }
                    >
                      {chosen === d.account ? t('wallet.chosen') : t('wallet.choose')}
                    </button>
                  </li>
                ))}
              </ul>
              {pages > 1 && <Pager page={pageNo} pages={pages} onPage={setPageNo} label={t('wallet.downlineList')} />}
            </>
          );
        }}
      </QueryState>
      <Field name="downlineAccount" label={t('wallet.recipient')}>
        {(control) => (
          <output {...control} className="wallet-form__account">
            {chosen || '—'}
          </output>
        )}
      </Field>
      <AmountField label={t('wallet.amount', { currency })} />
      <FormFooter label={t('wallet.send')} busyLabel={t('wallet.sending')} />
    </WalletForm>
  );
}
