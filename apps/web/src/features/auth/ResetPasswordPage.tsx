import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { completeEmailReset } from '../../api/auth.ts';
import { useUi } from '../../state/ui.ts';
import { errorText } from '../../components/error-text.ts';
import { TextField } from '../../components/form/TextField.tsx';

/** Target of the e-mailed link: /resetPassword?token=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const open = useUi((s) => s.open);
  const [v, setV] = useState({ newPassword: '', confirm: '' });
  const [state, setState] = useState<{ done?: boolean; error?: string; busy?: boolean }>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.newPassword) return setState({ error: t('auth.required') });
    if (v.newPassword !== v.confirm) return setState({ error: t('auth.mismatch') });
    setState({ busy: true });
    try {
      await completeEmailReset({ token: params.get('token') ?? '', newPassword: v.newPassword });
      setState({ done: true });
    } catch (err) {
      setState({ error: errorText(t, err) });
    }
  }

  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('auth.resetTitle')}</h1>
      {state.done ? (
        <>
          <p role="status">{t('auth.resetDone')}</p>
          <button type="button" className="btn btn--primary" onClick={() => open('login')}>
            {t('header.login')}
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <TextField
            id="rp-new"
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            value={v.newPassword}
            onChange={(e) => setV((x) => ({ ...x, newPassword: e.target.value }))}
            required
          />
          <TextField
            id="rp-confirm"
            label={t('auth.confirmNewPassword')}
            type="password"
            autoComplete="new-password"
            value={v.confirm}
            onChange={(e) => setV((x) => ({ ...x, confirm: e.target.value }))}
            required
          />
          {state.error && (
            <p className="form__error" role="alert">
              {state.error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={state.busy}>
            {t('auth.confirm')}
          </button>
        </form>
      )}
    </section>
  );
}
