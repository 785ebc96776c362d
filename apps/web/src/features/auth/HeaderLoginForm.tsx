import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { captchaRequested } from '../../components/error-text.ts';
import { useFieldError } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { useUi } from '../../state/ui.ts';
import { RegisterButton } from './RegisterButton.tsx';
import { passwordLoginSchema } from './schemas.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';
import { challengeOf, useLoginCheck } from './login-check-state.ts';

const schema = passwordLoginSchema(false);

/**
 * The desktop header's login form (spec §2): mode selector when both methods are on, register and forgot
 * links. No remember-me here (spec). It has no room for messages under fields: a validation failure shows the
 * in_incorrect_password alert (spec §5), a failed login the server's answer, both in a prompt.
 */
export function HeaderLoginForm() {
  const { t } = useTranslation();
  const flags = useWhitelabel().data;
  const open = useUi((s) => s.open);
  const onLoggedIn = useOnLoggedIn();
  const setPending = useLoginCheck((s) => s.set);
  const modes = (['username', 'sms'] as const).filter((m) =>
    m === 'username' ? flags?.USERNAMEREG3 !== false : flags?.MOBILEVERCODELOGIN3,
  );
  const [mode, setMode] = useState<'username' | 'sms'>('username');
  const form = useZodForm(schema, { username: '', password: '', keep: false, captcha: '', captchaId: '' });
  const { register, setError, clearErrors } = form;

  async function submit({ username, password }: { username: string; password: string }) {
    try {
      onLoggedIn(await login({ type: 'username', username, password }));
    } catch (err) {
      // A new device: the popup shows the check.
      const challenge = challengeOf(err);
      if (challenge) {
        setPending({ ...challenge, area: 'member' });
        return open('login');
      }
      // The popup knows how to ask for a captcha; the header form hands over to it.
      if (captchaRequested(err)) open('login');
      throw err;
    }
  }

  return (
    <Form
      form={form}
      className="header-login"
      aria-label={t('header.login')}
      inline={false}
      onSubmit={(v) => (mode === 'sms' ? open('login', 'sms') : submit(v))}
      onInvalid={() =>
        mode === 'sms'
          ? open('login', 'sms')
          : setError('root.server', { type: 'code', message: 'errors.in_incorrect_password' })
      }
    >
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
            {...register('username')}
          />
          <input
            aria-label={t('auth.password')}
            placeholder={t('auth.password')}
            type="password"
            autoComplete="current-password"
            {...register('password')}
          />
        </>
      )}
      <button type="submit" className="btn btn--ghost" disabled={form.formState.isSubmitting}>
        {t('header.login')}
      </button>
      <RegisterButton />
      <button type="button" className="header__link" onClick={() => open('forgot')}>
        {t('header.forgotPassword')}
      </button>
      <LoginPrompt onClose={() => clearErrors()} />
    </Form>
  );
}

/** The form's error, if any, in a prompt. */
function LoginPrompt({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const error = useFieldError('root.server');
  if (!error) return null;
  return (
    <Modal open onClose={onClose} title={t('auth.in_popup_prompt')}>
      <p role="alert">{error}</p>
    </Modal>
  );
}
