import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { FormEnd, useSubmit } from '../../components/form/form-parts.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

export function SmsLoginForm() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [phone, setPhone] = useState({ countryDialingCode: '63', mobileNum: '', code: '' });
  const { busy, error, setError, run } = useSubmit();
  const onPhone = useCallback((p: typeof phone) => setPhone(p), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!phone.mobileNum || !phone.code) return setError(t('auth.required'));
    void run(async () => onLoggedIn(await login({ type: 'sms', ...phone })));
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <PhoneWithCode purpose="login" value={phone} onChange={onPhone} />
      <FormEnd error={error} busy={busy} label={t('header.login')} />
    </form>
  );
}
