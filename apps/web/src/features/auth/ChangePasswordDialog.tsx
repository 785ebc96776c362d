import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword, useMemberInfo } from '../../api/auth.ts';
import { useUi } from '../../state/ui.ts';
import { Modal } from '../../components/Modal.tsx';
import { errorText } from '../../components/error-text.ts';
import { FormEnd } from '../../components/form/form-parts.tsx';
import { TextField } from '../../components/form/TextField.tsx';

/** Change password; also forced right after a login that reports passwordExpired (spec §4). */
export function ChangePasswordDialog() {
  const { t } = useTranslation();
  const { dialog, close } = useUi();
  const me = useMemberInfo();
  const [v, setV] = useState({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  if (dialog !== 'changePassword') return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const k of ['oldPassword', 'newPassword', 'confirmNewPassword'] as const)
      if (!v[k]) found[k] = t('auth.required');
    if (v.newPassword && v.confirmNewPassword && v.newPassword !== v.confirmNewPassword)
      found.confirmNewPassword = t('auth.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await changePassword(v);
      await me.refetch();
      setV({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
      close();
    } catch (err) {
      setErrors({ form: errorText(t, err) });
    } finally {
      setBusy(false);
    }
  }

  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <Modal open onClose={close} title={t('auth.changePasswordTitle')}>
      <form onSubmit={submit} noValidate className="form">
        {me.data && <p className="field__hint">{t('auth.changeFor', { account: me.data.account })}</p>}
        <TextField
          id="cp-old"
          label={t('auth.oldPassword')}
          type="password"
          autoComplete="current-password"
          value={v.oldPassword}
          onChange={set('oldPassword')}
          error={errors.oldPassword}
          required
        />
        <TextField
          id="cp-new"
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={v.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          required
        />
        <TextField
          id="cp-confirm"
          label={t('auth.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          value={v.confirmNewPassword}
          onChange={set('confirmNewPassword')}
          error={errors.confirmNewPassword}
          required
        />
        <FormEnd error={errors.form} busy={busy} label={t('auth.confirm')} />
      </form>
    </Modal>
  );
}
