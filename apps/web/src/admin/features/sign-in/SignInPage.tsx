import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { AdminApiError } from '../../api/client.ts';
import { login } from '../../api/session.ts';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useAdminSession } from '../../state/session.ts';
import { AuthCard } from './AuthCard.tsx';

const schema = z.object({
  username: z.string().trim().min(1, 'signIn.usernameRequired'),
  password: z.string().min(1, 'signIn.passwordRequired'),
  /** The second step: the authenticator's code, or a recovery code when `useRecovery`. */
  code: z.string().trim(),
  useRecovery: z.boolean(),
});
type Values = z.infer<typeof schema>;

const codeSchema = (useRecovery: boolean) =>
  useRecovery
    ? z.string().trim().min(8, 'signIn.recoveryInvalid').max(32, 'signIn.recoveryInvalid')
    : z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'signIn.otpInvalid');

/**
 * Sign-in: username + password; when the server answers `admin_otp_required`, the second step asks for the
 * authenticator's 6-digit code (or a recovery code) and sends the three together.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { token, notice, signIn, clearNotice } = useAdminSession();
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', code: '', useRecovery: false },
  });
  const useRecovery = form.watch('useRecovery');
  const mutation = useMutation({ mutationFn: login });

  if (token) return <Navigate to={(location.state as { from?: string } | null)?.from ?? '/'} replace />;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    clearNotice();
    if (step === 'code') {
      const checked = codeSchema(v.useRecovery).safeParse(v.code);
      if (!checked.success) {
        form.setError('code', { message: checked.error.issues[0]!.message }, { shouldFocus: true });
        return;
      }
    }
    try {
      const result = await mutation.mutateAsync({
        username: v.username,
        password: v.password,
        ...(step === 'code' && (v.useRecovery ? { recoveryCode: v.code.trim() } : { otp: v.code.trim() })),
      });
      signIn(result.token, {
        mustChangePassword: result.mustChangePassword,
        twoFactorSetupRequired: result.twoFactorSetupRequired,
      });
      void navigate((location.state as { from?: string } | null)?.from ?? '/', { replace: true });
    } catch (err) {
      if (err instanceof AdminApiError && err.code === 'admin_otp_required' && step === 'password') {
        setStep('code');
        form.setValue('code', '');
        setTimeout(() => form.setFocus('code'), 0);
        return;
      }
      if (step === 'code' && err instanceof AdminApiError && err.code === 'admin_unauthorized') {
        form.setError('code', { message: 'signIn.codeRejected' }, { shouldFocus: true });
        return;
      }
      setAlert(placeServerErrors(form.setError, err, ['username', 'password']));
    }
  });

  return (
    <AuthCard title={step === 'password' ? t('signIn.title') : t('signIn.codeTitle')}>
      {notice === 'expired' && <p className="bo-alert bo-alert--info">{t('signIn.expired')}</p>}
      {notice === 'signed-out' && (
        <p className="bo-alert bo-alert--success" role="status">
          {t('signIn.signedOut')}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="bo-form">
        {step === 'password' ? (
          <>
            <Field
              label={t('signIn.username')}
              autoComplete="username"
              autoFocus
              {...form.register('username')}
              error={form.formState.errors.username}
            />
            <Field
              label={t('signIn.password')}
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
              error={form.formState.errors.password}
            />
          </>
        ) : (
          <>
            <p className="bo-hint">{useRecovery ? t('signIn.recoveryHelp') : t('signIn.codeHelp')}</p>
            <Field
              label={useRecovery ? t('signIn.recoveryCode') : t('signIn.otp')}
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              maxLength={useRecovery ? 32 : 6}
              {...form.register('code')}
              error={form.formState.errors.code}
            />
            <button
              type="button"
              className="bo-link"
              onClick={() => {
                form.setValue('useRecovery', !useRecovery);
                form.setValue('code', '');
                form.clearErrors('code');
              }}
            >
              {useRecovery ? t('signIn.useOtp') : t('signIn.useRecovery')}
            </button>
          </>
        )}
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          {step === 'code' && (
            <button
              type="button"
              className="bo-btn bo-btn--ghost"
              onClick={() => {
                setStep('password');
                form.setValue('code', '');
                setAlert(null);
              }}
            >
              {t('common.back')}
            </button>
          )}
          <button type="submit" className="bo-btn bo-btn--primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('signIn.signingIn') : step === 'password' ? t('signIn.submit') : t('signIn.verify')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
