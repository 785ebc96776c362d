import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffSettings } from '@sea/contracts';
import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrency } from '../../api/payments.ts';
import { useSaveStaffSettings, useStaffSettings } from '../../api/staff.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Can, useCan } from '../../components/permissions.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const IP_OR_CIDR = /^(?:(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?|[0-9A-Fa-f:]+(?:\/\d{1,3})?)$/;

const schema = z.object({
  ipAllowList: z
    .string()
    .refine((s) => lines(s).every((l) => IP_OR_CIDR.test(l)), 'settings.ipInvalid')
    .refine((s) => lines(s).length <= 100, 'settings.ipTooMany'),
  threshold: z
    .string()
    .trim()
    .refine((s) => s === '' || /^\d{1,13}(\.\d{1,8})?$/.test(s), 'settings.amountInvalid'),
});
type Values = z.infer<typeof schema>;

const lines = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((l) => l.trim())
    .filter(Boolean);

/** Back-office settings: the IP allow-list and the amount above which a withdrawal needs a second approval. */
export function StaffSettingsPage() {
  const { t } = useTranslation();
  const settings = useStaffSettings();
  const currency = useCurrency();
  const save = useSaveStaffSettings();
  const readOnly = !useCan()('settings.manage');
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // Minor units are shown in major units when the currency is known, else as they are (the hint says which).
  const exponent = currency.data?.exponent ?? 0;
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { ipAllowList: '', threshold: '' } });
  const { reset } = form;
  useEffect(() => {
    if (settings.data && !currency.isPending)
      reset({
        ipAllowList: settings.data.ipAllowList.join('\n'),
        threshold:
          settings.data.withdrawalSecondApprovalAbove === null
            ? ''
            : minorToMajor(settings.data.withdrawalSecondApprovalAbove, exponent),
      });
  }, [settings.data, currency.isPending, exponent, reset]);

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSaved(false);
    let above: string | null = null;
    try {
      above = v.threshold ? parseAmount(v.threshold, exponent).toString() : null;
    } catch {
      form.setError('threshold', { message: 'settings.amountInvalid' }, { shouldFocus: true });
      return;
    }
    const body: StaffSettings = { ipAllowList: lines(v.ipAllowList), withdrawalSecondApprovalAbove: above };
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, []));
    }
  });

  const errors = form.formState.errors;
  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('settings.title')}</h1>
      </div>
      {settings.isPending && <p role="status">{t('common.loading')}</p>}
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <form onSubmit={onSubmit} noValidate className="bo-form bo-card">
          <fieldset disabled={readOnly} className="bo-plain-fieldset">
            <div className="bo-field">
              <label htmlFor="ip-allow">{t('settings.ipAllowList')}</label>
              <textarea
                id="ip-allow"
                rows={6}
                spellCheck={false}
                aria-invalid={errors.ipAllowList ? true : undefined}
                aria-describedby="ip-allow-hint"
                {...form.register('ipAllowList')}
              />
              <p
                id="ip-allow-hint"
                className={errors.ipAllowList ? 'bo-field__error' : 'bo-hint'}
                role={errors.ipAllowList ? 'alert' : undefined}
              >
                {errors.ipAllowList?.message ? t(errors.ipAllowList.message) : t('settings.ipHelp')}
              </p>
            </div>
            <div className="bo-field">
              <label htmlFor="threshold">
                {t('settings.threshold')}
                {currency.data && ` (${currency.data.currency})`}
              </label>
              <input
                id="threshold"
                inputMode="decimal"
                aria-invalid={errors.threshold ? true : undefined}
                {...form.register('threshold')}
              />
              <p
                className={errors.threshold ? 'bo-field__error' : 'bo-hint'}
                role={errors.threshold ? 'alert' : undefined}
              >
                {errors.threshold?.message
                  ? t(errors.threshold.message)
                  : currency.data
                    ? t('settings.thresholdHelp')
                    : t('settings.thresholdMinorHelp')}
              </p>
            </div>
          </fieldset>
          <FormAlert message={alert} />
          {saved && (
            <p className="bo-alert bo-alert--success" role="status">
              {t('common.saved')}
            </p>
          )}
          <Can permission="settings.manage">
            <div className="bo-form__actions">
              <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
                {t('common.save')}
              </button>
            </div>
          </Can>
        </form>
      )}
    </div>
  );
}
