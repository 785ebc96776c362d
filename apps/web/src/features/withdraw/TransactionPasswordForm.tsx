import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetTransactionPassword } from '../../api/withdraw.ts';
import { errorText } from '../../components/error-text.ts';
import { FormEnd } from '../../components/form/form-parts.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { ApiError } from '../../api/client.ts';

type Values = { loginPassword: string; newPassword: string; confirm: string };
const EMPTY: Values = { loginPassword: '', newPassword: '', confirm: '' };

/** Shown while the member has no transaction password: set one with the login password (6 digits, confirmed). */
export function TransactionPasswordForm() {
  const { t } = useTranslation();
  const save = useSetTransactionPassword();
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    for (const k of ['loginPassword', 'newPassword', 'confirm'] as const)
      if (!v[k]) found[k] = t('withdraw.txPassword.required');
    if (v.newPassword && !/^\d{6}$/.test(v.newPassword)) found.newPassword = t('withdraw.txPassword.format');
    if (v.newPassword && v.confirm && v.newPassword !== v.confirm) found.confirm = t('withdraw.txPassword.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await save.mutateAsync(v);
      setV(EMPTY);
    } catch (err) {
      const field =
        err instanceof ApiError
          ? (err.value as { fields?: Array<{ field: string }> } | null)?.fields?.[0]?.field
          : undefined;
      if (field === 'loginPassword') setErrors({ loginPassword: errorText(t, err) });
      else setErrors({ form: errorText(t, err) });
    }
  }

  const set = (k: keyof Values) => (e: ChangeEvent<HTMLInputElement>) => setV((x) => ({ ...x, [k]: e.target.value }));
  return (
    <section className="withdraw-card" aria-labelledby="wd-txpw-title">
      <h2 id="wd-txpw-title">{t('withdraw.txPassword.title')}</h2>
      <p className="field__hint">{t('withdraw.txPassword.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="wd-login-pw"
          label={t('withdraw.txPassword.loginPassword')}
          type="password"
          autoComplete="current-password"
          value={v.loginPassword}
          onChange={set('loginPassword')}
          error={errors.loginPassword}
          required
        />
        <TextField
          id="wd-new-txpw"
          label={t('withdraw.txPassword.newPassword')}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={v.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          required
        />
        <TextField
          id="wd-confirm-txpw"
          label={t('withdraw.txPassword.confirm')}
          type="password"
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          value={v.confirm}
          onChange={set('confirm')}
          error={errors.confirm}
          required
        />
        <FormEnd error={errors.form} busy={save.isPending} label={t('withdraw.txPassword.submit')} />
      </form>
    </section>
  );
}
