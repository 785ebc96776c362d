import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { completeEmailReset, useRegisterSettings } from '../../api/auth.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useUi } from '../../state/ui.ts';
import { resetPasswordSchema } from './schemas.ts';

/** Target of the e-mailed link: /resetPassword?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const open = useUi((s) => s.open);
  const [done, setDone] = useState(false);
  const rule = useRegisterSettings().data?.password;
  const form = useZodForm(resetPasswordSchema(rule), { newPassword: '', confirm: '' });

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('auth.resetTitle')}</h1>
      {done ? (
        <>
          <p role="status">{t('auth.resetDone')}</p>
          <button type="button" className="btn btn--primary" onClick={() => open('login')}>
            {t('header.login')}
          </button>
        </>
      ) : (
        <Form
          form={form}
          className="form"
          onSubmit={async (v) => {
            await completeEmailReset({ token: params.get('token') ?? '', newPassword: v.newPassword });
            setDone(true);
          }}
        >
          <PasswordField name="newPassword" label={t('auth.newPassword')} />
          <PasswordField name="confirm" label={t('auth.confirmNewPassword')} />
          <FormFooter label={t('auth.confirm')} />
        </Form>
      )}
    </section>
  );
}
