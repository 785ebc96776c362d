import type { BankAccount } from '@sea/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useAddBankAccount, useRemoveBankAccount } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { FormEnd } from '../../components/form/form-parts.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { normaliseAccountNumber } from './withdraw-form.ts';

type Values = { bankName: string; accountNumber: string; accountName: string };
const EMPTY: Values = { bankName: '', accountNumber: '', accountName: '' };

/** The member's payout bank accounts: list with remove, and the add form (hidden at the maximum). */
export function BankAccounts({ query, max }: { query: UseQueryResult<BankAccount[]>; max: number }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const remove = useRemoveBankAccount();
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const found: typeof errors = {};
    for (const k of ['bankName', 'accountNumber', 'accountName'] as const)
      if (!v[k].trim()) found[k] = t('withdraw.banks.required');
    if (v.accountNumber.trim() && !/^\d{6,20}$/.test(normaliseAccountNumber(v.accountNumber)))
      found.accountNumber = t('withdraw.banks.numberFormat');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await add.mutateAsync({
        bankName: v.bankName.trim(),
        accountNumber: normaliseAccountNumber(v.accountNumber),
        accountName: v.accountName.trim(),
      });
      setV(EMPTY);
      setMessage({ text: t('withdraw.banks.added'), error: false });
    } catch (err) {
      const max = err instanceof ApiError ? (err.value as { max?: number } | null)?.max : undefined;
      const text =
        err instanceof ApiError && err.code === 'conflict'
          ? max
            ? t('withdraw.banks.max', { max })
            : t('withdraw.banks.duplicate')
          : errorText(t, err);
      setErrors({ form: text });
    }
  }

  async function onRemove(id: string) {
    setMessage(null);
    try {
      await remove.mutateAsync(id);
      setMessage({ text: t('withdraw.banks.removed'), error: false });
    } catch (err) {
      setMessage({
        text: err instanceof ApiError && err.code === 'state_invalid' ? t('withdraw.banks.inUse') : errorText(t, err),
        error: true,
      });
    }
  }

  const set = (k: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <section className="withdraw-card" aria-labelledby="wd-banks-title">
      <h2 id="wd-banks-title">{t('withdraw.banks.title')}</h2>
      <QueryState query={query}>
        {(banks) => (
          <>
            {banks.length === 0 ? (
              <p className="field__hint">{t('withdraw.banks.empty')}</p>
            ) : (
              <ul className="withdraw-banks" aria-label={t('withdraw.banks.title')}>
                {banks.map((b) => (
                  <li key={b.id} className="withdraw-bank">
                    <div className="withdraw-bank__text">
                      <span className="withdraw-bank__name">{b.bankName}</span>
                      <span className="withdraw-bank__meta">
                        {b.accountNumberMasked} · {b.accountName}
                      </span>
                    </div>
                    <button
                      type="button"
                      className="btn btn--ghost withdraw-small-btn"
                      aria-label={t('withdraw.banks.removeLabel', { bank: b.bankName, number: b.accountNumberMasked })}
                      disabled={remove.isPending}
                      onClick={() => void onRemove(b.id)}
                    >
                      {t('withdraw.banks.remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {message && (
              <p
                className={message.error ? 'form__error' : 'withdraw-notice'}
                role={message.error ? 'alert' : 'status'}
              >
                {message.text}
              </p>
            )}
            {banks.length >= max ? (
              <p className="field__hint">{t('withdraw.banks.max', { max })}</p>
            ) : (
              <form className="form" onSubmit={submit} noValidate aria-label={t('withdraw.banks.add')}>
                <TextField
                  id="wd-bank-name"
                  label={t('withdraw.banks.bankName')}
                  autoComplete="off"
                  maxLength={64}
                  value={v.bankName}
                  onChange={set('bankName')}
                  error={errors.bankName}
                  required
                />
                <TextField
                  id="wd-bank-number"
                  label={t('withdraw.banks.accountNumber')}
                  hint={t('withdraw.banks.accountNumberHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={30}
                  value={v.accountNumber}
                  onChange={set('accountNumber')}
                  error={errors.accountNumber}
                  required
                />
                <TextField
                  id="wd-bank-holder"
                  label={t('withdraw.banks.accountName')}
                  autoComplete="name"
                  maxLength={64}
                  value={v.accountName}
                  onChange={set('accountName')}
                  error={errors.accountName}
                  required
                />
                <FormEnd error={errors.form} busy={add.isPending} label={t('withdraw.banks.add')} />
              </form>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
