import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmEmail } from '../../api/profile.ts';
import { errorText } from '../../components/error-text.ts';
import '../../i18n/areas/profile.ts';

/** Target of the e-mailed verification link: /verifyEmail?token=… (works without a session). */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: confirmEmail });
  const { mutate } = confirm;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);
  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('profile.verifyTitle')}</h1>
      {!token ? (
        <p role="alert">{t('profile.linkInvalid')}</p>
      ) : confirm.isSuccess ? (
        <p role="status">{t('profile.verifyDone', { email: confirm.data.email })}</p>
      ) : confirm.isError ? (
        <p role="alert">{errorText(t, confirm.error)}</p>
      ) : (
        <p role="status">{t('profile.verifying')}</p>
      )}
      <Link className="btn btn--ghost" to="/">
        {t('profile.home')}
      </Link>
    </section>
  );
}
