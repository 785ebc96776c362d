import { useTranslation } from 'react-i18next';
import { useSetTransactionPassword } from '../../api/withdraw.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField, TextField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { transactionPasswordSchema } from './withdraw-form.ts';
import '../../i18n/areas/withdraw.ts';

/** Shown while the member has no transaction password: set one with the login password (6 digits, confirmed). */
export function TransactionPasswordForm() {
  const { t } = useTranslation();
  const save = useSetTransactionPassword();
  const form = useZodForm(transactionPasswordSchema, { loginPassword: '', newPassword: '', confirm: '' });
  const digits = { type: 'password', inputMode: 'numeric', maxLength: 6, autoComplete: 'off', required: true } as const;
  return (
    <section className="withdraw-card" aria-labelledby="wd-txpw-title">
      <h2 id="wd-txpw-title">{t('withdraw.txPassword.title')}</h2>
      <p className="field__hint">{t('withdraw.txPassword.intro')}</p>
      <Form
        form={form}
        className="form"
        onSubmit={async (v) => {
          await save.mutateAsync(v);
          form.reset();
        }}
      >
        <PasswordField
          name="loginPassword"
          label={t('withdraw.txPassword.loginPassword')}
          autoComplete="current-password"
        />
        <TextField name="newPassword" label={t('withdraw.txPassword.newPassword')} {...digits} />
        <TextField name="confirm" label={t('withdraw.txPassword.confirm')} {...digits} />
        <FormFooter label={t('withdraw.txPassword.submit')} />
      </Form>
    </section>
  );
}
