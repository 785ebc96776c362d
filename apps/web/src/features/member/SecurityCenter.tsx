import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadAvatar, useAvatar, useMemberInfo } from '../../api/auth.ts';
import { useUi } from '../../state/ui.ts';
import { errorText } from '../../components/error-text.ts';

const MAX_BYTES = 5 * 1024 * 1024;

/** Member centre › security centre: profile, avatar (PNG/JPG ≤ 5 MB) and password change. */
export function SecurityCenter() {
  const { t, i18n } = useTranslation();
  const me = useMemberInfo();
  const avatar = useAvatar();
  const qc = useQueryClient();
  const open = useUi((s) => s.open);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_BYTES) return setMessage({ text: t('errors.payload_too_large'), error: true });
    try {
      const r = await uploadAvatar(file);
      qc.setQueryData(['avatar', sessionStorage.getItem('token')], r);
      setMessage({ text: t('member.avatarSaved'), error: false });
    } catch (err) {
      setMessage({ text: errorText(t, err), error: true });
    }
  }

  if (me.isPending) return <p role="status">{t('common.loading')}</p>;
  if (!me.data) return <p role="alert">{t('errors.unauthorized')}</p>;
  const last = me.data.previousLoginAt
    ? new Date(me.data.previousLoginAt).toLocaleString(i18n.language)
    : t('member.never');
  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('member.securityCenter')}</h1>
      <div className="profile">
        {avatar.data?.image ? (
          <img className="profile__avatar" src={avatar.data.image} alt={t('member.avatar')} />
        ) : (
          <div className="profile__avatar" aria-hidden="true" />
        )}
        <div>
          <p className="profile__name">{me.data.nickname || me.data.account}</p>
          <p className="field__hint">{t('member.previousLogin', { time: last })}</p>
        </div>
      </div>
      <label className="btn btn--ghost">
        {t('member.changeAvatar')}
        <input type="file" accept="image/png,image/jpeg" className="sr-only" onChange={onFile} />
      </label>
      {message && (
        <p className={message.error ? 'form__error' : 'field__hint'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <button type="button" className="btn btn--primary" onClick={() => open('changePassword')}>
        {t('auth.changePasswordTitle')}
      </button>
    </section>
  );
}
