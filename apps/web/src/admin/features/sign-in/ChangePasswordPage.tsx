import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { logout, useChangePassword } from '../../api/session.ts';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { useAdminSession } from '../../state/session.ts';
import { AuthCard } from './AuthCard.tsx';

const schema = z
  .object({
    oldPassword: z.string().min(1, 'password.currentRequired'),
    newPassword: z.string().min(12, 'password.tooShort').max(128, 'password.tooLong'),
    confirm: z.string(),
  })
  .refine((v) => v.confirm === v.newPassword, { path: ['confirm'], message: 'password.mismatch' });
type Values = z.infer<typeof schema>;

/**
 * The forced password change (a one-time password must be replaced before anything else answers); also the
 * voluntary change from the top bar (`forced` false: a cancel link back).
 */
export function ChangePasswordPage({ forced = true, onDone }: { forced?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const setFlags = useAdminSession((s) => s.setFlags);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async ({ oldPassword, newPassword }) => {
    setAlert(null);
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      setFlags({ mustChangePassword: false });
      setDone(true);
      onDone?.();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['oldPassword', 'newPassword']));
    }
  });

  const body = done ? (
    <p className="bo-alert bo-alert--success" role="status">
      {t('password.changed')}
    </p>
  ) : (
    <form onSubmit={onSubmit} noValidate className="bo-form">
      {forced && <p className="bo-hint">{t('password.forcedHelp')}</p>}
      <Field
        label={forced ? t('password.oneTime') : t('password.current')}
        type="password"
        autoComplete="current-password"
        {...form.register('oldPassword')}
        error={errors.oldPassword}
      />
      <Field
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('password.rule')}
        {...form.register('newPassword')}
        error={errors.newPassword}
      />
      <Field
        label={t('password.confirm')}
        type="password"
        autoComplete="new-password"
        {...form.register('confirm')}
        error={errors.confirm}
      />
      <FormAlert message={alert} />
      <div className="bo-form__actions">
        {forced && (
          <button type="button" className="bo-btn bo-btn--ghost" onClick={() => void logout()}>
            {t('shell.signOut')}
          </button>
        )}
        <button type="submit" className="bo-btn bo-btn--primary" disabled={change.isPending}>
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
  return forced ? <AuthCard title={t('password.forcedTitle')}>{body}</AuthCard> : body;
}
