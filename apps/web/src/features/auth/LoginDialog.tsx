import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { freeplay, login } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { CaptchaField } from '../../components/form/CaptchaField.tsx';
import { captchaRequested, errorText } from '../../components/error-text.ts';
import { FormEnd } from '../../components/form/form-parts.tsx';
import { readRemembered, remember } from './remember.ts';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

export function LoginDialog() {
  const { t } = useTranslation();
  const { dialog, close, open, helpTag } = useUi();
  const flags = useWhitelabel().data;
  const tabs = (['username', 'sms'] as const).filter((m) =>
    m === 'username' ? flags?.USERNAMEREG3 !== false : flags?.MOBILEVERCODELOGIN3,
  );
  const [tab, setTab] = useState<'username' | 'sms' | null>(null);
  if (dialog !== 'login') return null;
  const wanted = tab ?? (helpTag === 'sms' ? 'sms' : 'username');
  const active = tabs.includes(wanted) ? wanted : (tabs[0] ?? 'username');
  return (
    <Modal open onClose={close} title={t('auth.loginTitle')}>
      {tabs.length > 1 && (
        <div className="tabs" role="tablist" aria-label={t('auth.method')}>
          {tabs.map((m) => (
            <button key={m} type="button" role="tab" aria-selected={active === m} onClick={() => setTab(m)}>
              {t(m === 'username' ? 'auth.byUsername' : 'auth.bySms')}
            </button>
          ))}
        </div>
      )}
      {active === 'username' ? <PasswordLoginForm /> : <SmsLoginForm />}
      <div className="modal__links">
        <button type="button" className="btn btn--link" onClick={() => open('forgot')}>
          {t('header.forgotPassword')}
        </button>
        {flags?.FREEPLAY3 && <FreePlayButton />}
      </div>
      <p className="modal__foot">
        {t('auth.noAccount')}{' '}
        <button type="button" className="btn btn--link" onClick={() => open('register')}>
          {t('header.register')}
        </button>
      </p>
    </Modal>
  );
}

function FreePlayButton() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <button
        type="button"
        className="btn btn--link"
        onClick={() => freeplay().then(onLoggedIn, (err) => setError(errorText(t, err)))}
      >
        {t('auth.freePlay')}
      </button>
      {error && <p className="form__error">{error}</p>}
    </>
  );
}

function PasswordLoginForm() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const [username, setUsername] = useState(() => readRemembered()?.username ?? '');
  const [keep, setKeep] = useState(() => Boolean(readRemembered()?.username));
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ answer: string; id: string } | null>(null);
  const [errors, setErrors] = useState<{ username?: string; password?: string; captcha?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const onCaptcha = useCallback((answer: string, id: string) => setCaptcha({ answer, id }), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next = {
      username: username.trim() ? undefined : t('auth.required'),
      password: password ? undefined : t('auth.required'),
      captcha: captcha && !captcha.answer.trim() ? t('errors.captcha_required') : undefined,
    };
    setErrors(next);
    if (next.username || next.password || next.captcha) return;
    setBusy(true);
    try {
      const result = await login({
        type: 'username',
        username: username.trim(),
        password,
        ...(captcha && { captchaId: captcha.id, captcha: captcha.answer }),
      });
      remember(keep ? { ...readRemembered(), username: username.trim() } : null);
      onLoggedIn(result);
    } catch (err) {
      if (captchaRequested(err)) setCaptcha({ answer: '', id: '' });
      setErrors({ form: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form">
      <TextField
        id="login-username"
        label={t('auth.username')}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.username}
        required
      />
      <TextField
        id="login-password"
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        required
      />
      {captcha && <CaptchaField value={captcha.answer} onChange={onCaptcha} error={errors.captcha} />}
      <label className="check">
        <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
        {t('auth.rememberMe')}
      </label>
      <FormEnd error={errors.form} busy={busy} label={t('header.login')} />
    </form>
  );
}
