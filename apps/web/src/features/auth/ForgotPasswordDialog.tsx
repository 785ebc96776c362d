import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestEmailReset, resetByPhone } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { FormEnd, useSubmit } from '../../components/form/form-parts.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

/** Forgot password by e-mail (a link) or by phone (code + new password, then logged in) — spec §4. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const { dialog, close } = useUi();
  const phoneOn = Boolean(useWhitelabel().data?.FORGOTPWDPHONE3);
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  if (dialog !== 'forgot') return null;
  return (
    <Modal open onClose={close} title={t('auth.forgotTitle')}>
      {phoneOn && (
        <div className="tabs" role="tablist" aria-label={t('auth.method')}>
          {(['email', 'phone'] as const).map((m) => (
            <button key={m} type="button" role="tab" aria-selected={tab === m} onClick={() => setTab(m)}>
              {t(m === 'email' ? 'auth.byEmail' : 'auth.byMobile')}
            </button>
          ))}
        </div>
      )}
      {tab === 'phone' && phoneOn ? <PhoneReset /> : <EmailReset />}
    </Modal>
  );
}

function EmailReset() {
  const { t } = useTranslation();
  const [v, setV] = useState({ username: '', email: '' });
  const [sent, setSent] = useState(false);
  const { busy, error, setError, run } = useSubmit();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.username.trim() || !v.email.trim()) return setError(t('auth.required'));
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) return setError(t('auth.rule.pattern'));
    void run(async () => {
      await requestEmailReset(v);
      setSent(true);
    });
  }
  if (sent) return <p role="status">{t('auth.emailSent')}</p>;
  return (
    <form onSubmit={submit} noValidate className="form">
      <TextField
        id="fe-user"
        label={t('auth.username')}
        autoComplete="username"
        value={v.username}
        onChange={(e) => setV((x) => ({ ...x, username: e.target.value }))}
        required
      />
      <TextField
        id="fe-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        value={v.email}
        onChange={(e) => setV((x) => ({ ...x, email: e.target.value }))}
        required
      />
      <FormEnd error={error} busy={busy} label={t('auth.confirm')} />
    </form>
  );
}

function PhoneReset() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [phone, setPhone] = useState({ countryDialingCode: '63', mobileNum: '', code: '' });
  const [newPassword, setNewPassword] = useState('');
  const { busy, error, setError, run } = useSubmit();
  const onPhone = useCallback((p: typeof phone) => setPhone(p), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!phone.mobileNum || !phone.code || !newPassword) return setError(t('auth.required'));
    void run(async () =>
      onLoggedIn(
        await resetByPhone({
          mobileNum: phone.mobileNum,
          countryDialingCode: phone.countryDialingCode,
          verificationCode: phone.code,
          newPassword,
        }),
      ),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <PhoneWithCode purpose="reset" value={phone} onChange={onPhone} />
      <TextField
        id="fp-new"
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        required
      />
      <FormEnd error={error} busy={busy} label={t('auth.confirm')} />
    </form>
  );
}
