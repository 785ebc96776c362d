import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminReferralSettings, ReferralSettingsRequest } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useReferralSettings, useSaveReferralSettings } from '../../api/referral.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorText } from '../../components/error-text.ts';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { useCan } from '../../components/permissions.tsx';
import { AdminApiError } from '../../api/client.ts';
import { payAsRequest, payAsServerError, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';
import { amountText, toMajor, toMinor, wholeText } from './form-values.ts';

const schema = z.object({
  enabled: z.boolean(),
  minFirstDeposit: amountText,
  turnover: amountText,
  withinDays: wholeText(1, 365),
  referrerReward: amountText,
  refereeReward: amountText,
  monthlyCap: wholeText(1, 1000),
});
type Values = z.infer<typeof schema>;
const MONEY = ['minFirstDeposit', 'turnover', 'referrerReward', 'refereeReward'] as const;

/** The member referral programme: on/off (the REFERRALPROMO3 flag), qualification, rewards and the monthly cap. */
export function ReferralSettingsPage() {
  const { t } = useTranslation();
  const settings = useReferralSettings();
  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('referralAdmin.settingsTitle')}</h1>
      </div>
      <p className="bo-hint">{t('referralAdmin.settingsIntro')}</p>
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.isPending && <p role="status">{t('common.loading')}</p>}
      {settings.data && <SettingsForm data={settings.data} />}
    </div>
  );
}

function SettingsForm({ data }: { data: AdminReferralSettings }) {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const save = useSaveReferralSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { currency, exponent } = data;
  const [pay, setPay] = useState(() => payAsValue(data, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      enabled: data.enabled,
      minFirstDeposit: toMajor(data.minFirstDeposit, exponent),
      turnover: toMajor(data.turnover, exponent),
      withinDays: String(data.withinDays),
      referrerReward: data.referrerReward === '0' ? '' : toMajor(data.referrerReward, exponent),
      refereeReward: toMajor(data.refereeReward, exponent),
      monthlyCap: String(data.monthlyCap),
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSaved(false);
    const minor: Partial<Record<(typeof MONEY)[number], string>> = {};
    for (const name of MONEY) {
      const m = toMinor(v[name], exponent);
      if (m === null) return form.setError(name, { message: 'rewards.decimals' }, { shouldFocus: true });
      minor[name] = m;
    }
    if (minor.referrerReward === '0')
      return form.setError('referrerReward', { message: 'rewards.aboveZero' }, { shouldFocus: true });
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    const body: ReferralSettingsRequest = {
      enabled: v.enabled,
      minFirstDeposit: minor.minFirstDeposit!,
      turnover: minor.turnover!,
      withinDays: Number(v.withinDays),
      referrerReward: minor.referrerReward!,
      refereeReward: minor.refereeReward!,
      monthlyCap: Number(v.monthlyCap),
      payAs: payment.payAs,
      bonusTerms: payment.bonusTerms,
    };
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (err) {
      const termError = payAsServerError(err instanceof AdminApiError ? err.fields : []);
      setPayError(termError);
      setAlert(termError ? null : errorText(err));
    }
  });
  const money = (name: (typeof MONEY)[number]) => (
    <Field
      label={t(`referralAdmin.${name}`, { currency })}
      hint={t(`referralAdmin.${name}Hint`)}
      inputMode="decimal"
      {...form.register(name)}
      error={errors[name]}
    />
  );
  return (
    <form className="bo-card bo-form" onSubmit={onSubmit} noValidate aria-label={t('referralAdmin.settingsTitle')}>
      <fieldset className="bo-plain-fieldset" disabled={!manage}>
        <label className="bo-check">
          <input type="checkbox" {...form.register('enabled')} /> {t('referralAdmin.enabled')}
        </label>
        <div className="bo-form__row">
          {money('minFirstDeposit')}
          {money('turnover')}
        </div>
        <div className="bo-form__row">
          <Field
            label={t('referralAdmin.withinDays')}
            inputMode="numeric"
            {...form.register('withinDays')}
            error={errors.withinDays}
          />
          <Field
            label={t('referralAdmin.monthlyCap')}
            hint={t('referralAdmin.monthlyCapHint')}
            inputMode="numeric"
            {...form.register('monthlyCap')}
            error={errors.monthlyCap}
          />
        </div>
        <div className="bo-form__row">
          {money('referrerReward')}
          {money('refereeReward')}
        </div>
        <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
      </fieldset>
      <FormAlert message={alert} />
      {saved && (
        <div className="bo-alert bo-alert--success" role="status">
          {t('referralAdmin.saved')}
        </div>
      )}
      {manage && (
        <div className="bo-form__actions">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
