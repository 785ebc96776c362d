import type { BankAccount } from '@sea/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useAddBankAccount, useRemoveBankAccount } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { message } from '../../lib/validation.ts';
import { bankAccountSchema } from './withdraw-form.ts';
import '../../i18n/areas/withdraw.ts';

/** The member's payout bank accounts: list with remove, and the add form (hidden at the maximum). */
export function BankAccounts({ query, max }: { query: UseQueryResult<BankAccount[]>; max: number }) {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const remove = useRemoveBankAccount();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const form = useZodForm(bankAccountSchema, { bankName: '', accountNumber: '', accountName: '' });

  async function submit(body: { bankName: string; accountNumber: string; accountName: string }) {
    setNotice(null);
    try {
      await add.mutateAsync(body);
    } catch (err) {
      // A conflict is the maximum reached or an account already on the list: say which.
      if (!(err instanceof ApiError && err.code === 'conflict')) throw err;
      const max = (err.value as { max?: number } | null)?.max;
      form.setError('root.server', {
        type: 'code',
        message: max ? message('withdraw.banks.max', { max }) : 'withdraw.banks.duplicate',
      });
      return;
    }
    form.reset();
    setNotice({ text: t('withdraw.banks.added'), error: false });
  }

  async function onRemove(id: string) {
    setNotice(null);
    try {
      await remove.mutateAsync(id);
      setNotice({ text: t('withdraw.banks.removed'), error: false });
    } catch (err) {
      setNotice({
        text: err instanceof ApiError && err.code === 'state_invalid' ? t('withdraw.banks.inUse') : errorText(t, err),
        error: true,
      });
    }
  }

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
            {notice && (
              <p className={notice.error ? 'form__error' : 'form__done'} role={notice.error ? 'alert' : 'status'}>
                {notice.text}
              </p>
            )}
            {banks.length >= max ? (
              <p className="field__hint">{t('withdraw.banks.max', { max })}</p>
            ) : (
              <Form form={form} className="form" onSubmit={submit} aria-label={t('withdraw.banks.add')}>
                <TextField
                  name="bankName"
                  label={t('withdraw.banks.bankName')}
                  autoComplete="off"
                  maxLength={64}
                  required
                />
                <TextField
                  name="accountNumber"
                  label={t('withdraw.banks.accountNumber')}
                  hint={t('withdraw.banks.accountNumberHint')}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={30}
                  required
                />
                <TextField
                  name="accountName"
                  label={t('withdraw.banks.accountName')}
                  autoComplete="name"
                  maxLength={64}
                  required
                />
                <FormFooter label={t('withdraw.banks.add')} />
              </Form>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
