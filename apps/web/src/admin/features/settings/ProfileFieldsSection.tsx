import {
  CLOSED_RETENTION_MAX_DAYS,
  CLOSED_RETENTION_MIN_DAYS,
  PROFILE_FIELDS,
  PROFILE_MODES,
  type ProfileField,
  type ProfileMode,
  type ProfileSettings,
  type ProfileSettingsPatch,
} from '@sea/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPut } from '../../api/client.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useCan } from '../../components/permissions.tsx';
import './profile-settings-texts.ts';

const key = ['admin', 'site-settings', 'profile'] as const;
type Values = Record<ProfileField, ProfileMode> & { minAge: string; closedRetentionDays: string };

/**
 * The player profile's fields (required / optional / hidden in the security centre) and the minimum age the
 * birthday is checked against, and how long a closed account keeps its personal data. Only the changes are sent; the server audits them (site.profile_fields).
 */
export function ProfileFieldsSection() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: key, queryFn: () => adminGet<ProfileSettings>('/admin/api/site-settings/profile') });
  return (
    <section className="bo-card bo-section" aria-labelledby="site-profile">
      <h2 id="site-profile">{t('siteProfile.title')}</h2>
      <p className="bo-hint">{t('siteProfile.help')}</p>
      {q.isPending && <p>{t('common.loading')}</p>}
      {q.isError && <ErrorAlert error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && <ProfileFieldsForm settings={q.data} />}
    </section>
  );
}

function ProfileFieldsForm({ settings }: { settings: ProfileSettings }) {
  const { t } = useTranslation();
  const manage = useCan()('settings.manage');
  const qc = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const initial: Values = {
    ...settings.fields,
    minAge: String(settings.minAge),
    closedRetentionDays: String(settings.closedRetentionDays),
  };
  const form = useForm<Values>({ defaultValues: initial });
  const save = useMutation({
    mutationFn: (body: ProfileSettingsPatch) => adminPut<ProfileSettings>('/admin/api/site-settings/profile', body),
    onSuccess: (value) => qc.setQueryData(key, value),
  });
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSaved(false);
    const fields = Object.fromEntries(PROFILE_FIELDS.filter((f) => v[f] !== initial[f]).map((f) => [f, v[f]]));
    const minAge = Number(v.minAge);
    if (!Number.isInteger(minAge) || minAge < 16 || minAge > 25) {
      form.setError('minAge', { message: 'siteProfile.minAgeRange' });
      return;
    }
    const days = Number(v.closedRetentionDays);
    if (!Number.isInteger(days) || days < CLOSED_RETENTION_MIN_DAYS || days > CLOSED_RETENTION_MAX_DAYS) {
      form.setError('closedRetentionDays', { message: 'siteProfile.closedRetentionRange' });
      return;
    }
    const body: ProfileSettingsPatch = {
      ...(Object.keys(fields).length > 0 && { fields }),
      ...(minAge !== settings.minAge && { minAge }),
      ...(days !== settings.closedRetentionDays && { closedRetentionDays: days }),
    };
    if (Object.keys(body).length === 0) return;
    try {
      const next = await save.mutateAsync(body);
      form.reset({
        ...next.fields,
        minAge: String(next.minAge),
        closedRetentionDays: String(next.closedRetentionDays),
      });
      setSaved(true);
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['minAge', 'closedRetentionDays']));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="bo-form" aria-label={t('siteProfile.title')}>
      <Field
        label={t('siteProfile.minAge')}
        type="number"
        min={16}
        max={25}
        disabled={!manage}
        error={form.formState.errors.minAge}
        hint={t('siteProfile.minAgeRange')}
        {...form.register('minAge')}
      />
      <Field
        label={t('siteProfile.closedRetention')}
        type="number"
        min={CLOSED_RETENTION_MIN_DAYS}
        max={CLOSED_RETENTION_MAX_DAYS}
        disabled={!manage}
        error={form.formState.errors.closedRetentionDays}
        hint={t('siteProfile.closedRetentionRange')}
        {...form.register('closedRetentionDays')}
      />
      <div className="bo-table">
        <div className="bo-table__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('site.field')}</th>
                <th scope="col">{t('site.shown')}</th>
              </tr>
            </thead>
            <tbody>
              {PROFILE_FIELDS.map((f) => (
                <tr key={f}>
                  <th scope="row">
                    <label htmlFor={`profile-mode-${f}`}>{t(`siteProfile.fields.${f}`)}</label>
                  </th>
                  <td>
                    <select id={`profile-mode-${f}`} disabled={!manage} defaultValue={initial[f]} {...form.register(f)}>
                      {PROFILE_MODES.map((m) => (
                        <option key={m} value={m}>
                          {t(`site.shownAs.${m}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <FormAlert message={alert} />
      {manage && (
        <div className="bo-form__actions bo-form__actions--start">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('siteProfile.save')}
          </button>
          {saved && (
            <span className="bo-muted" role="status">
              {t('siteProfile.saved')}
            </span>
          )}
        </div>
      )}
    </form>
  );
}
