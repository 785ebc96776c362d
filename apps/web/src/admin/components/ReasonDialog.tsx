import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDialog } from './AppDialog.tsx';
import { FormAlert } from './form/Field.tsx';
import { placeServerErrors } from './form/server-errors.ts';

const schema = z.object({
  reason: z.string().trim().min(1, 'payments.reasonRequired').max(500, 'payments.reasonTooLong'),
});

/** A decision with its reason (a rejection's is shown to the member): the call's error stays in the dialog. */
export function ReasonDialog(props: {
  title: string;
  summary: string;
  confirmLabel: string;
  optional?: boolean;
  /** The confirm button's look: danger (a rejection, the default) or primary (an approval with a note). */
  tone?: 'danger' | 'primary';
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(
      props.optional ? z.object({ reason: z.string().trim().max(500, 'payments.reasonTooLong') }) : schema,
    ),
    defaultValues: { reason: '' },
  });
  const error = form.formState.errors.reason;
  const submit = form.handleSubmit(async ({ reason }) => {
    setAlert(null);
    try {
      await props.onSubmit(reason.trim());
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['reason']));
    }
  });
  return (
    <AppDialog open onClose={props.onClose} title={props.title}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p>{props.summary}</p>
        <div className="bo-field">
          <label htmlFor="reject-reason">{props.optional ? t('payments.reasonOptional') : t('payments.reason')}</label>
          <textarea
            id="reject-reason"
            rows={3}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'reject-reason-err' : undefined}
            {...form.register('reason')}
          />
          {error?.message && (
            <p id="reject-reason-err" className="bo-field__error" role="alert">
              {t(error.message)}
            </p>
          )}
        </div>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={props.tone === 'primary' ? 'bo-btn bo-btn--primary' : 'bo-btn bo-btn--danger'}
            disabled={form.formState.isSubmitting}
          >
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
