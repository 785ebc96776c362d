import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestEmailReset, resetByPhone, useRegisterSettings } from '../../api/auth.ts';
import { useWhitelabel } from '../../api/system.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { useUi } from '../../state/ui.ts';
import { emailResetSchema, PHONE_DEFAULTS, phoneResetSchema } from './schemas.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';
import { BannerGroup } from '../../components/banners/BannerGroup.tsx';

/** Forgot password by e-mail (a link) or by phone (code + new password, then logged in) — spec §4. */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const { dialog, close } = useUi();
  const phoneOn = Boolean(useWhitelabel().data?.FORGOTPWDPHONE3);
  const [tab, setTab] = useState<'email' | 'phone'>('email');
  if (dialog !== 'forgot') return null;
  return (
    <Modal open onClose={close} title={t('auth.forgotTitle')}>
      <BannerGroup group="w_forget" />
      <Tabs
        label={t('auth.method')}
        tabs={[
          { key: 'email' as const, label: t('auth.byEmail') },
          ...(phoneOn ? [{ key: 'phone' as const, label: t('auth.byMobile') }] : []),
        ]}
        active={tab}
        onChange={(k) => setTab(k)}
      />
      {tab === 'phone' && phoneOn ? <PhoneReset /> : <EmailReset />}
    </Modal>
  );
}

function EmailReset() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useZodForm(emailResetSchema, { username: '', email: '' });
  if (sent) return <p role="status">{t('auth.emailSent')}</p>;
  return (
    <Form
      form={form}
      className="form"
      onSubmit={async (v) => {
        await requestEmailReset(v);
        setSent(true);
      }}
    >
      <TextField name="username" label={t('auth.username')} autoComplete="username" required />
      <TextField name="email" label={t('auth.field.email')} type="email" autoComplete="email" required />
      <FormFooter label={t('auth.confirm')} />
    </Form>
  );
}

function PhoneReset() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const rule = useRegisterSettings().data?.password;
  const form = useZodForm(phoneResetSchema(rule), { ...PHONE_DEFAULTS, verificationCode: '', newPassword: '' });
  return (
    <Form form={form} className="form" onSubmit={async (v) => onLoggedIn(await resetByPhone(v))}>
      <PhoneWithCode purpose="reset" codeName="verificationCode" />
      <PasswordField name="newPassword" label={t('auth.newPassword')} />
      <FormFooter label={t('auth.confirm')} />
    </Form>
  );
}
