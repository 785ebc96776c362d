import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { captchaRequested, errorText } from '../../components/error-text.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';

/**
 * The desktop header's login form (spec §2): mode selector when both methods are on, register and forgot
 * links. No remember-me here (spec). A validation failure shows the in_incorrect_password alert.
 */
export function HeaderLoginForm() {
  const { t } = useTranslation();
  const flags = useWhitelabel().data;
  const open = useUi((s) => s.open);
  const onLoggedIn = useOnLoggedIn();
  const modes = (['username', 'sms'] as const).filter((m) =>
    m === 'username' ? flags?.USERNAMEREG3 !== false : flags?.MOBILEVERCODELOGIN3,
  );
  const [mode, setMode] = useState<'username' | 'sms'>('username');
  const [v, setV] = useState({ username: '', password: '' });
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (mode === 'sms') return open('login', 'sms');
    if (!v.username.trim() || !v.password) return setAlert(t('errors.in_incorrect_password'));
    setBusy(true);
    try {
      onLoggedIn(await login({ type: 'username', username: v.username.trim(), password: v.password }));
    } catch (err) {
      // The popup knows how to ask for a captcha; the header form hands over to it.
      if (captchaRequested(err)) open('login');
      setAlert(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="header-login" onSubmit={submit} noValidate aria-label={t('header.login')}>
      {modes.length > 1 && (
        <select
          aria-label={t('auth.loginMode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as 'username' | 'sms')}
        >
          <option value="username">{t('auth.byUsername')}</option>
          <option value="sms">{t('auth.bySms')}</option>
        </select>
      )}
      {mode === 'username' && (
        <>
          <input
            aria-label={t('auth.username')}
            placeholder={t('auth.username')}
            autoComplete="username"
            value={v.username}
            onChange={(e) => setV((x) => ({ ...x, username: e.target.value }))}
          />
          <input
            aria-label={t('auth.password')}
            placeholder={t('auth.password')}
            type="password"
            autoComplete="current-password"
            value={v.password}
            onChange={(e) => setV((x) => ({ ...x, password: e.target.value }))}
          />
        </>
      )}
      <button type="submit" className="btn btn--ghost" disabled={busy}>
        {t('header.login')}
      </button>
      {flags?.DIRECTREG3 !== false && (
        <button type="button" className="btn btn--primary" onClick={() => open('register')}>
          {t('header.register')}
        </button>
      )}
      <button type="button" className="header__link" onClick={() => open('forgot')}>
        {t('header.forgotPassword')}
      </button>
      {alert && (
        <Modal open onClose={() => setAlert(null)} title={t('auth.in_popup_prompt')}>
          <p role="alert">{alert}</p>
        </Modal>
      )}
    </form>
  );
}
