import { zodResolver } from '@hookform/resolvers/zod';
import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveWithdrawalSettings, useWithdrawalSettings } from '../api/payments.ts';
import { ErrorAlert } from './ErrorAlert.tsx';
import { Field, FormAlert } from './form/Field.tsx';
import { placeServerErrors } from './form/server-errors.ts';

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,8})?$/, 'methods.amountInvalid');
const schema = z.object({
  minAmount: amount,
  maxAmount: amount,
  confirmWindowMinutes: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'methods.minutesInvalid')
    .refine((v) => Number(v) >= 1 && Number(v) <= 43_200, 'methods.minutesInvalid'),
  cancelAllowed: z.boolean(),
});
type Values = z.infer<typeof schema>;

/**
 * The withdrawal limits (minimum, maximum), the member's receipt window and whether a request can be cancelled; on
 * Payment methods (its own card) and in Merchant settings › Limits (`bare`: inside that section's card).
 */
export function WithdrawalLimitsForm({ readOnly, bare = false }: { readOnly: boolean; bare?: boolean }) {
  const { t } = useTranslation();
  const settings = useWithdrawalSettings();
  const save = useSaveWithdrawalSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { minAmount: '', maxAmount: '', confirmWindowMinutes: '', cancelAllowed: false },
  });
  const { reset } = form;
  const s = settings.data;
  useEffect(() => {
    if (s)
      reset({
        minAmount: minorToMajor(s.minAmount, s.exponent),
        maxAmount: minorToMajor(s.maxAmount, s.exponent),
        confirmWindowMinutes: String(s.confirmWindowMinutes),
        cancelAllowed: s.cancelAllowed,
      });
  }, [s, reset]);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    if (!s) return;
    setAlert(null);
    setSaved(false);
    let min: bigint;
    let max: bigint;
    try {
      min = parseAmount(v.minAmount, s.exponent);
      max = parseAmount(v.maxAmount, s.exponent);
    } catch {
      return form.setError('minAmount', { message: 'methods.decimals' }, { shouldFocus: true });
    }
    if (max < min) return form.setError('maxAmount', { message: 'methods.maxBelowMin' }, { shouldFocus: true });
    try {
      await save.mutateAsync({
        minAmount: v.minAmount,
        maxAmount: v.maxAmount,
        confirmWindowMinutes: Number(v.confirmWindowMinutes),
        cancelAllowed: v.cancelAllowed,
      });
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['minAmount', 'maxAmount', 'confirmWindowMinutes']));
    }
  });
  if (settings.isError) return <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />;
  return (
    <form
      className={bare ? 'bo-form' : 'bo-card bo-form'}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('methods.withdrawals')}
    >
      <fieldset className="bo-plain-fieldset" disabled={readOnly || !s}>
        <div className="bo-form__row">
          <Field
            label={`${t('methods.min')} (${s?.currency ?? ''})`}
            inputMode="decimal"
            {...form.register('minAmount')}
            error={errors.minAmount}
          />
          <Field
            label={`${t('methods.max')} (${s?.currency ?? ''})`}
            inputMode="decimal"
            {...form.register('maxAmount')}
            error={errors.maxAmount}
          />
        </div>
        <Field
          label={t('methods.confirmWindow')}
          inputMode="numeric"
          hint={t('methods.confirmWindowHelp')}
          {...form.register('confirmWindowMinutes')}
          error={errors.confirmWindowMinutes}
        />
        <label className="bo-check">
          <input type="checkbox" {...form.register('cancelAllowed')} />
          {t('methods.cancelAllowed')}
        </label>
      </fieldset>
      <FormAlert message={alert} />
      {saved && (
        <p className="bo-alert bo-alert--success" role="status">
          {t('common.saved')}
        </p>
      )}
      {!readOnly && (
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending || !s}>
            {t('methods.saveWithdrawals')}
          </button>
        </div>
      )}
    </form>
  );
}
