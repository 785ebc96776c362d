import { type FormEvent, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetByPhone } from '../../api/auth.ts';
import { useUi } from '../../app/ui-store.ts';
import { Modal } from '../../components/Modal.tsx';
import { errorText } from './error-text.ts';
import { PhoneWithCode } from './PhoneWithCode.tsx';
import { TextField } from './TextField.tsx';
import { useOnLoggedIn } from './use-auth-actions.ts';

/** Forgot password by phone: code, new password, then logged in (spec §4). */
export function ForgotPasswordDialog() {
  const { t } = useTranslation();
  const { dialog, close } = useUi();
  const onLoggedIn = useOnLoggedIn();
  const [phone, setPhone] = useState({ countryDialingCode: '63', mobileNum: '', code: '' });
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const onPhone = useCallback((p: typeof phone) => setPhone(p), []);
  if (dialog !== 'forgot') return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!phone.mobileNum || !phone.code || !newPassword) return setError(t('auth.required'));
    setBusy(true);
    try {
      onLoggedIn(await resetByPhone({ mobileNum: phone.mobileNum, countryDialingCode: phone.countryDialingCode, verificationCode: phone.code, newPassword }));
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={close} title={t('auth.forgotTitle')}>
      <form onSubmit={submit} noValidate className="form">
        <PhoneWithCode purpose="reset" value={phone} onChange={onPhone} />
        <TextField id="fp-new" label={t('auth.newPassword')} type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} required />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('common.loading') : t('auth.confirm')}
        </button>
      </form>
    </Modal>
  );
}
