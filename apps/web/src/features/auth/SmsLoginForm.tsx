import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { login } from '../../api/auth.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PhoneWithCode } from '../../components/form/PhoneWithCode.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { PHONE_DEFAULTS, smsLoginSchema } from './schemas.ts';
import { useOnLoggedIn } from './use-auth-actions.ts';
import { challengeOf, useLoginCheck } from './login-check-state.ts';

/** Log in with the mobile number and an SMS code (spec §5: mobile required with its format, code required). */
export function SmsLoginForm() {
  const { t } = useTranslation();
  const onLoggedIn = useOnLoggedIn();
  const setPending = useLoginCheck((s) => s.set);
  const form = useZodForm(smsLoginSchema, { ...PHONE_DEFAULTS, code: '' });
  async function submit(v: z.output<typeof smsLoginSchema>) {
    try {
      onLoggedIn(await login({ type: 'sms', ...v }));
    } catch (err) {
      // A new device: the merchant's check (e-mail code or bank name; the SMS already proved the phone).
      const challenge = challengeOf(err);
      if (!challenge) throw err;
      setPending({ ...challenge, area: 'member' });
    }
  }
  return (
    <Form form={form} className="form" onSubmit={submit}>
      <PhoneWithCode purpose="login" />
      <FormFooter label={t('header.login')} />
    </Form>
  );
}
