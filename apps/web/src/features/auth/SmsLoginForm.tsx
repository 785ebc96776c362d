import { useTranslation } from 'react-i18next';
import { login } from '../../api/auth.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { PHONE_DEFAULTS, smsLoginSchema } from './schemas.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';

/** Log in with the mobile number and an SMS code (spec §5: mobile required with its format, code required). */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const form = useZodForm(smsLoginSchema, { ...PHONE_DEFAULTS, code: '' });
  return (
    <Form form={form} className="form" onSubmit={async (v) => onLoggedIn(await login({ type: 'sms', ...v }))}>
      <PhoneWithCode purpose="login" />
      <FormFooter label={t('header.login')} />
    </Form>
  );
}
