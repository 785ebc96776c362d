import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrency, useRequestAdjustment } from '../api/payments.ts';
import { AppDialog } from './AppDialog.tsx';
import { Field, FormAlert } from './form/Field.tsx';
import { placeServerErrors } from './form/server-errors.ts';
import { newRequestId } from '../lib/format.ts';

const schema = z.object({
  memberAccount: z.string().trim().min(1, 'adjustments.memberRequired').max(64),
  direction: z.enum(['credit', 'debit']),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,8})?$/, 'settings.amountInvalid')
    .refine((s) => Number(s) > 0, 'adjustments.amountPositive'),
  reason: z.string().trim().min(1, 'payments.reasonRequired').max(500, 'payments.reasonTooLong'),
});
type Values = z.infer<typeof schema>;

/**
 * Request a credit or debit of a member's main wallet; it waits for another staff member's approval. From a member's
 * page the account comes filled in (`memberAccount`).
 */
export function AdjustmentRequestDialog({
  onClose,
  memberAccount = '',
}: {
  onClose: () => void;
  memberAccount?: string;
}) {
  const { t } = useTranslation();
  const request = useRequestAdjustment();
  const currency = useCurrency();
  // One key per filled-in request: a retry after a lost answer is the same request, not a second one.
  const [requestId] = useState(newRequestId);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { memberAccount, direction: 'credit', amount: '', reason: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await request.mutateAsync({ ...v, requestId });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['memberAccount', 'direction', 'amount', 'reason']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('adjustments.request')}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('adjustments.requestHelp')}</p>
        <Field
          label={t('adjustments.memberAccount')}
          autoComplete="off"
          {...form.register('memberAccount')}
          error={errors.memberAccount}
        />
        <fieldset className="bo-radios">
          <legend>{t('adjustments.direction')}</legend>
          <label className="bo-check">
            <input type="radio" value="credit" {...form.register('direction')} />
            {t('adjustments.credit')}
          </label>
          <label className="bo-check">
            <input type="radio" value="debit" {...form.register('direction')} />
            {t('adjustments.debit')}
          </label>
        </fieldset>
        <Field
          label={`${t('payments.amount')}${currency.data ? ` (${currency.data.currency})` : ''}`}
          inputMode="decimal"
          {...form.register('amount')}
          error={errors.amount}
        />
        <div className="bo-field">
          <label htmlFor="adj-reason">{t('payments.reason')}</label>
          <textarea
            id="adj-reason"
            rows={3}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'adj-reason-err' : undefined}
            {...form.register('reason')}
          />
          {errors.reason?.message && (
            <p id="adj-reason-err" className="bo-field__error" role="alert">
              {t(errors.reason.message)}
            </p>
          )}
        </div>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={request.isPending}>
            {t('adjustments.submit')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
