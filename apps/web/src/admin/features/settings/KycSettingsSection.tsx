import { zodResolver } from '@hookform/resolvers/zod';
import type { KycSettingsView } from '@sea/contracts';
import { formatMoney, minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useKycSettings, useSaveKycSettings } from '../../api/kyc.ts';
import { Field } from '../../components/form/Field.tsx';
import { SettingsFormFooter, SettingsSection, useSettingsForm } from '../../components/SettingsSection.tsx';

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
  return (
    <SettingsSection
      id="kyc-settings"
      title={t('kyc.settingsTitle')}
      help={t('kyc.settingsHelp')}
      query={useKycSettings()}
    >
      {(current) => <SettingsForm current={current} />}
    </SettingsSection>
  );
}

function SettingsForm({ current }: { current: KycSettingsView }) {
  const { t } = useTranslation();
  const save = useSaveKycSettings();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      threshold:
        current.withdrawalThreshold === null ? '' : minorToMajor(current.withdrawalThreshold, current.exponent),
    },
  });
  const { submit, readOnly, footer } = useSettingsForm(form, {
    permission: 'settings.manage',
    fields: ['threshold'],
    save: async ({ threshold }) => {
      let minor: string | null = null;
      try {
        minor = threshold === '' ? null : parseAmount(threshold, current.exponent).toString();
      } catch {
        form.setError('threshold', { message: 'kyc.thresholdInvalid' });
        return false;
      }
      return save.mutateAsync({ withdrawalThreshold: minor });
    },
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
      <SettingsFormFooter {...footer} readOnly={readOnly} />
    </form>
  );
}
