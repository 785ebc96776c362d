import { useTranslation } from 'react-i18next';
import { changePassword, useMemberInfo, useRegisterSettings } from '../../api/auth.ts';
import { Form } from '../../components/form/Form.tsx';
import { FormFooter } from '../../components/form/FormFooter.tsx';
import { PasswordField } from '../../components/form/TextField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { Modal } from '../../components/Modal.tsx';
import { useUi } from '../../state/ui.ts';
import { changePasswordSchema } from './schemas.ts';

/** Change password; also forced right after a login that reports passwordExpired (spec §4). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const { dialog, close } = useUi();
  if (dialog !== 'changePassword') return null;
  return (
    <Modal open onClose={close} title={t('auth.changePasswordTitle')}>
      <ChangePasswordForm onDone={close} />
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const me = useMemberInfo();
  const rule = useRegisterSettings().data?.password;
  const form = useZodForm(changePasswordSchema(rule), { oldPassword: '', newPassword: '', confirmNewPassword: '' });
  return (
    <Form
      form={form}
      className="form"
      onSubmit={async (v) => {
        await changePassword(v);
        await me.refetch();
        onDone();
      }}
    >
      {me.data && <p className="field__hint">{t('auth.changeFor', { account: me.data.account })}</p>}
      <PasswordField name="oldPassword" label={t('auth.oldPassword')} autoComplete="current-password" />
      <PasswordField name="newPassword" label={t('auth.newPassword')} />
      <PasswordField name="confirmNewPassword" label={t('auth.confirmNewPassword')} />
      <FormFooter label={t('auth.confirm')} />
    </Form>
  );
}
