import { zodResolver } from '@hookform/resolvers/zod';
import type { KycSettingsView } from '@sea/contracts';
import { formatMoney, minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useKycSettings, useSaveKycSettings } from '../../api/kyc.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useCan } from '../../components/permissions.tsx';

const schema = z.object({
  threshold: z
    .string()
    .trim()
    .regex(/^(\d{1,13}(\.\d{1,2})?)?$/, 'kyc.thresholdInvalid'),
});
type Values = z.infer<typeof schema>;

/**
 * The merchant's rule (GET/PUT /admin/api/kyc/settings): withdrawals above an amount need an approved identity; empty
 * = off (the default). Entered in major units, sent in minor units; read with settings.view, saved (audited) with
 * settings.manage.
 */
export function KycSettingsSection() {
  const { t } = useTranslation();
  const settings = useKycSettings();
  return (
    <section className="bo-card bo-section" aria-labelledby="kyc-settings">
      <h2 id="kyc-settings">{t('kyc.settingsTitle')}</h2>
      <p className="bo-hint">{t('kyc.settingsHelp')}</p>
      {settings.isPending && <p role="status">{t('common.loading')}</p>}
      {settings.isError && <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <SettingsForm current={settings.data} />}
    </section>
  );
}

function SettingsForm({ current }: { current: KycSettingsView }) {
  const { t } = useTranslation();
  const can = useCan();
  const save = useSaveKycSettings();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      threshold:
        current.withdrawalThreshold === null ? '' : minorToMajor(current.withdrawalThreshold, current.exponent),
    },
  });
  const readOnly = !can('settings.manage');
  const submit = form.handleSubmit(async ({ threshold }) => {
    setAlert(null);
    setSaved(false);
    let minor: string | null = null;
    try {
      minor = threshold === '' ? null : parseAmount(threshold, current.exponent).toString();
    } catch {
      form.setError('threshold', { message: 'kyc.thresholdInvalid' });
      return;
    }
    try {
      await save.mutateAsync({ withdrawalThreshold: minor });
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['threshold']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form">
      <p role="status">
        {current.withdrawalThreshold === null
          ? t('kyc.off')
          : t('kyc.current', {
              amount: `${formatMoney(current.withdrawalThreshold, current.exponent)} ${current.currency}`,
            })}
      </p>
      <Field
        label={`${t('kyc.threshold')} (${current.currency})`}
        inputMode="decimal"
        readOnly={readOnly}
        {...form.register('threshold')}
        error={form.formState.errors.threshold}
      />
      <FormAlert message={alert} />
      {saved && (
        <p role="status" className="bo-alert bo-alert--success">
          {t('common.saved')}
        </p>
      )}
      {!readOnly && (
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
