import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { errorText } from './error-text.ts';
import { PhoneWithCode } from './PhoneWithCode.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

export function SmsLoginForm() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [phone, setPhone] = useState({ countryDialingCode: '63', mobileNum: '', code: '' });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const onPhone = useCallback((p: typeof phone) => setPhone(p), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!phone.mobileNum || !phone.code) return setError(t('auth.required'));
    setBusy(true);
    try {
      onLoggedIn(await login({ type: 'sms', ...phone }));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <PhoneWithCode purpose="login" value={phone} onChange={onPhone} />
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? t('common.loading') : t('header.login')}
      </button>
    </form>
  );
}
