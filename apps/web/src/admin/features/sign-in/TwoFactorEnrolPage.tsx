import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminApiError } from '../../api/client.ts';
import { enableTwoFactor, logout, meKey, startTwoFactorSetup } from '../../api/session.ts';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { downloadText } from '../../lib/csv.ts';
import { useAdminSession } from '../../state/session.ts';
import { AuthCard } from './AuthCard.tsx';

const schema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'signIn.otpInvalid'),
});

/**
 * Two-factor enrolment: the QR code of the otpauth URL (and the secret for typing in), a code to confirm, then the
 * ten recovery codes, shown once, with copy / download and an "I saved them" confirmation before going on.
 */
export function TwoFactorEnrolPage() {
  const { t } = useTranslation();
  const token = useAdminSession((s) => s.token);
  const setFlags = useAdminSession((s) => s.setFlags);
  const qc = useQueryClient();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // One secret per session (a second call would make a new one and invalidate the QR code already scanned).
  const setup = useQuery({
    queryKey: ['admin', 'two-factor-setup', token],
    queryFn: startTwoFactorSetup,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const enable = useMutation({ mutationFn: enableTwoFactor });
  const form = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setAlert(null);
    try {
      const result = await enable.mutateAsync(code.trim());
      setRecoveryCodes(result.recoveryCodes);
    } catch (err) {
      if (err instanceof AdminApiError && ['admin_unauthorized', 'admin_otp_required'].includes(err.code)) {
        form.setError('code', { message: 'signIn.codeRejected' }, { shouldFocus: true });
        return;
      }
      setAlert(placeServerErrors(form.setError, err, ['code']));
    }
  });

  const finish = async () => {
    setFlags({ twoFactorSetupRequired: false });
    await qc.invalidateQueries({ queryKey: meKey });
  };

  if (recoveryCodes)
    return (
      <AuthCard title={t('twoFactor.recoveryTitle')} wide>
        <p className="bo-hint">{t('twoFactor.recoveryHelp')}</p>
        <ol className="bo-codes" aria-label={t('twoFactor.recoveryTitle')}>
          {recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <div className="bo-form__actions bo-form__actions--start">
          <CopyButton text={recoveryCodes.join('\n')} label={t('twoFactor.copyAll')} />
          <button
            type="button"
            className="bo-btn bo-btn--small"
            onClick={() =>
              downloadText('back-office-recovery-codes.txt', `${recoveryCodes.join('\n')}\n`, 'text/plain')
            }
          >
            {t('twoFactor.download')}
          </button>
        </div>
        <label className="bo-check">
          <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
          {t('twoFactor.saved')}
        </label>
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--primary" disabled={!saved} onClick={() => void finish()}>
            {t('twoFactor.continue')}
          </button>
        </div>
      </AuthCard>
    );

  return (
    <AuthCard title={t('twoFactor.title')} wide>
      <p className="bo-hint">{t('twoFactor.help')}</p>
      {setup.isPending && <p role="status">{t('common.loading')}</p>}
      {setup.isError && <ErrorAlert error={setup.error} onRetry={() => void setup.refetch()} />}
      {setup.data && (
        <div className="bo-enrol">
          <div className="bo-enrol__qr">
            <QRCodeSVG value={setup.data.otpauthUrl} size={176} marginSize={2} title={t('twoFactor.qr')} />
          </div>
          <div className="bo-enrol__steps">
            <p>{t('twoFactor.manual')}</p>
            <div className="bo-secret__row">
              <code className="bo-secret__value" aria-label={t('twoFactor.secret')}>
                {setup.data.secret}
              </code>
              <CopyButton text={setup.data.secret} />
            </div>
            <form onSubmit={onSubmit} noValidate className="bo-form">
              <Field
                label={t('twoFactor.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                {...form.register('code')}
                error={form.formState.errors.code}
              />
              <FormAlert message={alert} />
              <div className="bo-form__actions">
                <button type="button" className="bo-btn bo-btn--ghost" onClick={() => void logout()}>
                  {t('shell.signOut')}
                </button>
                <button type="submit" className="bo-btn bo-btn--primary" disabled={enable.isPending}>
                  {t('twoFactor.confirm')}
                </button>
              </div>
            </form>
          </div>
        </div>
      )}
    </AuthCard>
  );
}
