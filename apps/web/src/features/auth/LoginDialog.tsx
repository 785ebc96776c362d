import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { freeplay, login } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { captchaRequested, errorText } from '../../components/error-text.ts';
import { CaptchaField } from '../../components/form/CaptchaField.tsx';
import { CheckField } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { useUi } from '../../state/ui.ts';
import { readRemembered, remember } from './remember.ts';
import { passwordLoginSchema } from './schemas.ts';
import { SmsLoginForm } from './SmsLoginForm.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';
import { challengeOf, useLoginCheck } from './login-check-state.ts';
import { LoginCheckStep } from './LoginCheckStep.tsx';
import { BannerGroup } from '../../components/banners/BannerGroup.tsx';

export function LoginDialog() {
  const { t } = useTranslation();
  const { dialog, close, open, helpTag } = useUi();
  const flags = useWhitelabel().data;
  const tabs = (['username', 'sms'] as const).filter((m) =>
    m === 'username' ? flags?.USERNAMEREG3 !== false : flags?.MOBILEVERCODELOGIN3,
  );
  const [tab, setTab] = useState<'username' | 'sms' | null>(null);
  const pending = useLoginCheck((s) => s.pending);
  const setPending = useLoginCheck((s) => s.set);
  if (dialog !== 'login') return null;
  // A login from a new device: its check, in place of the form (closing drops it).
  if (pending)
    return (
      <Modal
        open
        onClose={() => {
          setPending(null);
          close();
        }}
        title={t(pending.area === 'agent' ? 'auth.agentLoginTitle' : 'auth.loginTitle')}
      >
        <LoginCheckStep key={pending.challengeId} pending={pending} />
      </Modal>
    );
  // The agent page's login (spec: area 'agent', no remember-me; non-agents are refused by the server).
  if (helpTag === 'agent')
    return (
      <Modal open onClose={close} title={t('auth.agentLoginTitle')}>
        <p className="field__hint">{t('auth.agentLoginHint')}</p>
        <PasswordLoginForm area="agent" />
        <div className="modal__links">
          <button type="button" className="btn btn--link" onClick={() => open('login')}>
            {t('auth.memberLogin')}
          </button>
        </div>
      </Modal>
    );
  const wanted = tab ?? (helpTag === 'sms' ? 'sms' : 'username');
  const active = tabs.includes(wanted) ? wanted : (tabs[0] ?? 'username');
  return (
    <Modal open onClose={close} title={t('auth.loginTitle')}>
      <BannerGroup group="w_login" />
      <Tabs
        label={t('auth.method')}
        tabs={tabs.map((m) => ({ key: m, label: t(m === 'username' ? 'auth.byUsername' : 'auth.bySms') }))}
        active={active}
        onChange={(k) => setTab(k)}
      />
      {active === 'username' ? <PasswordLoginForm /> : <SmsLoginForm />}
      <div className="modal__links">
        <button type="button" className="btn btn--link" onClick={() => open('forgot')}>
          {t('header.forgotPassword')}
        </button>
        {flags?.FREEPLAY3 && <FreePlayButton />}
        <button type="button" className="btn btn--link" onClick={() => open('login', 'agent')}>
          {t('auth.agentLogin')}
        </button>
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

function PasswordLoginForm({ area = 'member' }: { area?: 'member' | 'agent' }) {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn(area === 'agent' ? '/agentHome' : '/');
  const [captcha, setCaptcha] = useState({ shown: false, key: 0 });
  const schema = useMemo(() => passwordLoginSchema(captcha.shown), [captcha.shown]);
  const [remembered] = useState(readRemembered);
  const setPending = useLoginCheck((s) => s.set);
  const form = useZodForm(schema, {
    username: remembered?.username ?? '',
    password: '',
    keep: Boolean(remembered?.username),
    captcha: '',
    captchaId: '',
  });

  async function submit({ username, password, keep, captcha: answer, captchaId }: z.output<typeof schema>) {
    try {
      const result = await login({
        type: 'username',
        area,
        username,
        password,
        ...(captcha.shown && { captchaId, captcha: answer }),
      });
      if (area === 'member') remember(keep ? { ...readRemembered(), username } : null);
      onLoggedIn(result);
    } catch (err) {
      const challenge = challengeOf(err);
      if (challenge) {
        if (area === 'member') remember(keep ? { ...readRemembered(), username } : null);
        return setPending({ ...challenge, area });
      }
      // Once asked for, the captcha stays; it is single use, so every failure shows a new one.
      if (captcha.shown || captchaRequested(err)) setCaptcha((c) => ({ shown: true, key: c.key + 1 }));
      throw err;
    }
  }

  return (
    <Form form={form} className="form" onSubmit={submit}>
      <TextField name="username" label={t('auth.username')} autoComplete="username" required />
      <PasswordField name="password" label={t('auth.password')} autoComplete="current-password" />
      {captcha.shown && <CaptchaField key={captcha.key} />}
      {area === 'member' && <CheckField name="keep" label={t('auth.rememberMe')} />}
      <FormFooter label={t('header.login')} />
    </Form>
  );
}
