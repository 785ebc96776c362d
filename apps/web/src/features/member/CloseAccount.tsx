import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCloseAccount } from '../../api/profile.ts';
import { CheckField } from '../../components/form/Field.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { useSession } from '../../state/session.ts';
import { closeSchema, type CloseFormValues } from './profile-form.ts';
import '../../i18n/areas/profile.ts';

/**
 * Closing the account: the login password and a confirmation; refused by the server while any wallet holds money
 * (the message says to withdraw first). Every session ends on the server, so the site forgets this one too.
 */
export function CloseAccount() {
  const { t } = useTranslation();
  const close = useCloseAccount();
  const clear = useSession((s) => s.clear);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(closeSchema, { password: '', confirm: false } as CloseFormValues);
  return (
    <Form
      form={form}
      className="form profile-form profile-form--danger"
      aria-labelledby="close-title"
      onSubmit={async (v) => {
        await close.mutateAsync({ password: v.password });
        clear();
        qc.clear();
        navigate('/');
      }}
    >
      <h2 id="close-title">{t('profile.closeTitle')}</h2>
      <p className="field__hint">{t('profile.closeIntro')}</p>
      <PasswordField name="password" label={t('profile.password')} autoComplete="current-password" />
      <CheckField name="confirm" label={t('profile.closeConfirm')} />
      <FormFooter label={t('profile.close')} buttonClassName="btn btn--danger btn--block" />
    </Form>
  );
}
