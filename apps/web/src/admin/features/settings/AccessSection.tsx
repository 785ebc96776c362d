import {
  LOGIN_CHECK_SETTINGS,
  type LoginCheckSetting,
  type SiteSettings,
  type SiteSettingsPatch,
} from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePatchSiteSettings } from '../../api/settings.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field, SelectField } from '../../components/form/Field.tsx';
import { useCan } from '../../components/permissions.tsx';
import { isoToLocal, localToIso } from '../../lib/datetime-local.ts';

interface Values {
  maintenance: boolean;
  maintenanceMessage: string;
  maintenanceEndsAt: string;
  regionMode: 'off' | 'block' | 'allow';
  regionCountries: string;
  requireEncryption: boolean;
  loginCheck: LoginCheckSetting;
}
const valuesOf = (s: SiteSettings): Values => ({
  maintenance: s.maintenance,
  maintenanceMessage: s.maintenanceMessage ?? '',
  maintenanceEndsAt: isoToLocal(s.maintenanceEndsAt),
  regionMode: s.regionMode,
  regionCountries: s.regionCountries.join(', '),
  requireEncryption: s.requireEncryption,
  loginCheck: s.loginCheck,
});
const countriesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);

/** Only what changed, as the PATCH takes it. */
function patchOf(before: Values, v: Values): SiteSettingsPatch {
  const p: SiteSettingsPatch = {};
  if (v.maintenance !== before.maintenance) p.maintenance = v.maintenance;
  if (v.maintenanceMessage !== before.maintenanceMessage) p.maintenanceMessage = v.maintenanceMessage.trim() || null;
  if (v.maintenanceEndsAt !== before.maintenanceEndsAt) p.maintenanceEndsAt = localToIso(v.maintenanceEndsAt) ?? null;
  if (v.regionMode !== before.regionMode) p.regionMode = v.regionMode;
  if (v.regionCountries !== before.regionCountries || (p.regionMode && p.regionMode !== 'off'))
    p.regionCountries = countriesOf(v.regionCountries);
  if (v.requireEncryption !== before.requireEncryption) p.requireEncryption = v.requireEncryption;
  if (v.loginCheck !== before.loginCheck) p.loginCheck = v.loginCheck;
  return p;
}

/**
 * Who may reach the site: maintenance, the region rule, payload encryption and the new-device login check — saved
 * together after a confirmation.
 */
export function AccessSection({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  const manage = useCan()('settings.manage');
  const patch = usePatchSiteSettings();
  const before = valuesOf(settings);
  const form = useForm<Values>({ values: before });
  const [pending, setPending] = useState<SiteSettingsPatch | null>(null);
  const submit = form.handleSubmit((v) => {
    const p = patchOf(before, v);
    if (Object.keys(p).length) setPending(p);
  });
  const summary = pending
    ? Object.entries(pending)
        .map(
          ([k, v]) =>
            `${t(`site.access.${k}`)}: ${
              k === 'loginCheck'
                ? t(`site.loginCheck.${String(v)}`)
                : Array.isArray(v)
                  ? v.join(', ') || '—'
                  : v === null
                    ? '—'
                    : String(v)
            }`,
        )
        .join(' · ')
    : '';
  return (
    <section className="bo-card bo-section" aria-labelledby="site-access">
      <h2 id="site-access">{t('site.accessTitle')}</h2>
      <form onSubmit={submit} noValidate className="bo-form">
        <fieldset className="bo-plain-fieldset" disabled={!manage}>
          <legend className="sr-only">{t('site.accessTitle')}</legend>
          <label className="bo-check">
            <input type="checkbox" {...form.register('maintenance')} />
            {t('site.access.maintenance')}
          </label>
          <p className="bo-hint">{t('site.maintenanceHelp')}</p>
          <Field label={t('site.access.maintenanceMessage')} {...form.register('maintenanceMessage')} />
          <Field
            label={t('site.access.maintenanceEndsAt')}
            type="datetime-local"
            {...form.register('maintenanceEndsAt')}
          />
          <SelectField
            label={t('site.access.regionMode')}
            {...form.register('regionMode')}
            options={(['off', 'block', 'allow'] as const).map((v) => ({ value: v, label: t(`site.region.${v}`) }))}
          />
          <Field
            label={t('site.access.regionCountries')}
            hint={t('site.countriesHelp')}
            {...form.register('regionCountries')}
          />
          <label className="bo-check">
            <input type="checkbox" {...form.register('requireEncryption')} />
            {t('site.access.requireEncryption')}
          </label>
          <p className="bo-hint">{t('site.encryptionHelp')}</p>
          <SelectField
            label={t('site.access.loginCheck')}
            {...form.register('loginCheck')}
            options={LOGIN_CHECK_SETTINGS.map((v) => ({ value: v, label: t(`site.loginCheck.${v}`) }))}
          />
          <p className="bo-hint">{t('site.loginCheckHelp')}</p>
        </fieldset>
        {manage && (
          <div className="bo-form__actions bo-form__actions--start">
            <button type="submit" className="bo-btn bo-btn--primary" disabled={!form.formState.isDirty}>
              {t('site.saveAccess')}
            </button>
          </div>
        )}
      </form>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t('site.confirmTitle')}
        text={summary}
        confirmLabel={t('common.save')}
        mutation={patch}
        args={pending ?? {}}
      />
    </section>
  );
}
