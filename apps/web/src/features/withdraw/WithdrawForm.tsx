import { type BankAccount, formatMoney, type WithdrawSettings } from '@sea/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestId } from '../../api/request-id.ts';
import { ApiError } from '../../api/api-error.ts';
import { useRequestWithdrawal } from '../../api/withdraw.ts';
import { Modal } from '../../components/Modal.tsx';
import { AmountField } from '../../components/form/AmountField.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { withdrawalSchema } from './withdraw-form.ts';
import '../../i18n/areas/withdraw.ts';
import '../../i18n/areas/bonus.ts';

/** The request form: amount (available balance and limits shown), bank account, transaction password. */
export function WithdrawForm({ settings, banks }: { settings: WithdrawSettings; banks: BankAccount[] }) {
  const { t } = useTranslation();
  if (banks.length === 0) return <p className="field__hint">{t('withdraw.form.needBank')}</p>;
  return <RequestForm settings={settings} banks={banks} />;
}

function RequestForm({ settings, banks }: { settings: WithdrawSettings; banks: BankAccount[] }) {
  const { t } = useTranslation();
  const submit = useRequestWithdrawal();
  const requestId = useRequestId();
  const money = (minor: string) => `${settings.currency} ${formatMoney(minor, settings.exponent)}`;
  const form = useZodForm(withdrawalSchema(settings), {
    amount: '',
    bankAccountId: banks[0]!.id,
    transactionPassword: '',
  });
  const { getValues, setValue } = form;

  // A removed account cannot stay selected: the first one takes its place.
  useEffect(() => {
    if (!banks.some((b) => b.id === getValues('bankAccountId'))) setValue('bankAccountId', banks[0]!.id);
  }, [banks, getValues, setValue]);

  type Body = { amount: string; bankAccountId: string; transactionPassword: string };
  // Bonus money: with an active bonus the server answers bonus_active; the member confirms the forfeit, then the
  // same request is sent again with forfeitBonus.
  const [forfeit, setForfeit] = useState<{ body: Body; bonus: string } | null>(null);
  const [forfeitError, setForfeitError] = useState<string | null>(null);

  async function send(body: Body, forfeitBonus: boolean) {
    const content = JSON.stringify({ b: body.bankAccountId, a: body.amount });
    const w = await requestId.run(content, (id) =>
      submit.mutateAsync({ ...body, requestId: id, ...(forfeitBonus && { forfeitBonus }) }),
    );
    form.reset({ ...body, amount: '', transactionPassword: '' });
    return t('withdraw.form.success', { amount: money(w.amount) });
  }

  async function onSubmit(body: Body) {
    try {
      return await send(body, false);
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'bonus_active') throw e;
      setForfeitError(null);
      setForfeit({ body, bonus: (e.value as { bonusBalance?: string } | null)?.bonusBalance ?? '0' });
    }
  }

  return (
    <Form form={form} className="form" onSubmit={onSubmit} aria-labelledby="wd-form-title">
      <p className="withdraw-available">
        <span>{t('withdraw.available')}</span>{' '}
        <strong data-testid="withdraw-available">{money(settings.available)}</strong>
      </p>
      <AmountField
        label={t('withdraw.form.amount', { currency: settings.currency })}
        hint={t('withdraw.form.limits', {
          min: formatMoney(settings.minAmount, settings.exponent),
          max: formatMoney(settings.maxAmount, settings.exponent),
        })}
      />
      <SelectField name="bankAccountId" label={t('withdraw.form.bank')} required>
        {banks.map((b) => (
          <option key={b.id} value={b.id}>
            {b.bankName} {b.accountNumberMasked} · {b.accountName}
          </option>
        ))}
      </SelectField>
      <TextField
        name="transactionPassword"
        label={t('withdraw.form.txPassword')}
        type="password"
        inputMode="numeric"
        maxLength={6}
        autoComplete="off"
        required
      />
      <FormFooter label={t('withdraw.form.submit')} />
      <Modal open={forfeit !== null} onClose={() => setForfeit(null)} title={t('bonus.withdrawForfeitTitle')}>
        <p>{t('bonus.withdrawForfeitText', { amount: money(forfeit?.bonus ?? '0') })}</p>
        {forfeitError && (
          <p role="alert" className="form__error">
            {forfeitError}
          </p>
        )}
        <div className="bonus-forfeit__actions">
          <button type="button" className="btn btn--ghost" onClick={() => setForfeit(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={submit.isPending}
            onClick={() => {
              if (!forfeit) return;
              send(forfeit.body, true).then(
                () => setForfeit(null),
                (e: unknown) => setForfeitError(e instanceof Error ? e.message : String(e)),
              );
            }}
          >
            {t('bonus.withdrawForfeitConfirm')}
          </button>
        </div>
      </Modal>
    </Form>
  );
}
