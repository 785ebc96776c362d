import { INCOME_SOURCES, type MemberProfile, type ProfileField, profileLengths } from '@sea/contracts';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useSaveProfile, useSendEmailLink } from '../../api/profile.ts';
import { errorText } from '../../components/error-text.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { SelectField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { localDate } from '../../lib/date-time.ts';
import { editableFields, formValuesOf, profileSchema, updateOf } from './profile-form.ts';
import '../../i18n/areas/profile.ts';

const INPUT: Partial<Record<ProfileField, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }>> =
  {
    nickname: { autoComplete: 'nickname' },
    realName: { autoComplete: 'name' },
    birthday: { type: 'date', autoComplete: 'bday' },
    email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
    zalo: { autoComplete: 'off', inputMode: 'numeric' },
    telegram: { autoComplete: 'off' },
    address: { autoComplete: 'street-address' },
    nationality: { autoComplete: 'country-name' },
    occupation: { autoComplete: 'organization-title' },
  };

/**
 * The profile fields the merchant shows (required ones marked), checked as the server checks them; the server's
 * field errors (under age, real name set) land under their fields. A real name once set is shown read only.
 */
export function ProfileForm({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const save = useSaveProfile();
  const { settings, realNameLocked } = profile;
  const today = localDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const fields = editableFields(settings, realNameLocked);
  const form = useZodForm(profileSchema(settings, realNameLocked, today), formValuesOf(profile.values));
  const hint = (f: ProfileField) => {
    if (f === 'birthday') return t('profile.hints.birthday', { minAge: settings.minAge });
    if (f === 'realName' || f === 'zalo' || f === 'telegram') return t(`profile.hints.${f}`);
    const l = profileLengths(f);
    return l ? t('profile.hints.length', l) : undefined;
  };
  return (
    <Form
      form={form}
      className="form profile-form"
      aria-labelledby="profile-title"
      onSubmit={async (v) => {
        const saved = await save.mutateAsync(updateOf(v, fields));
        form.reset(formValuesOf(saved.values));
        return t('profile.saved');
      }}
    >
      <h2 id="profile-title">{t('profile.title')}</h2>
      <p className="field__hint">{t('profile.intro')}</p>
      {realNameLocked && settings.fields.realName !== 'hidden' && (
        <dl className="profile-form__fixed">
          <dt>{t('profile.fields.realName')}</dt>
          <dd>
            {profile.values.realName}
            <span className="field__hint">{t('profile.hints.realNameLocked')}</span>
          </dd>
        </dl>
      )}
      {fields.map((f) =>
        f === 'incomeSource' ? (
          <SelectField
            key={f}
            name={f}
            label={t('profile.fields.incomeSource')}
            required={settings.fields[f] === 'required'}
          >
            <option value="">{t('profile.choose')}</option>
            {INCOME_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`profile.incomeSources.${s}`)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            key={f}
            name={f}
            label={t(`profile.fields.${f}`)}
            hint={hint(f)}
            required={settings.fields[f] === 'required'}
            {...INPUT[f]}
          />
        ),
      )}
      {settings.fields.email !== 'hidden' && profile.values.email && <EmailStatus profile={profile} />}
      <dl className="profile-form__fixed">
        <dt>{t('profile.mobile')}</dt>
        <dd>{profile.mobile ?? t('profile.noMobile')}</dd>
      </dl>
      <FormFooter label={t('profile.save')} />
    </Form>
  );
}

/** The saved e-mail's state: verified, or a button that sends the link (the answer said under it). */
function EmailStatus({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const send = useSendEmailLink();
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (profile.emailVerified)
    return (
      <p className="profile-form__email profile-form__email--ok">
        {profile.values.email} · {t('profile.emailVerified')}
      </p>
    );
  return (
    <div className="profile-form__email">
      <span>
        {profile.values.email} · {t('profile.emailNotVerified')}
      </span>
      <button
        type="button"
        className="btn btn--ghost"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(undefined, { onSuccess: () => setSentTo(profile.values.email), onError: () => setSentTo(null) })
        }
      >
        {t('profile.sendLink')}
      </button>
      {sentTo && <p role="status">{t('profile.linkSent', { email: sentTo })}</p>}
      {send.isError && <p role="alert">{errorText(t, send.error)}</p>}
    </div>
  );
}
