import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCancelIssue } from '../../api/lottery.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const schema = z.object({
  reason: z.string().trim().min(3, 'lottery.cancel.reasonRequired').max(500, 'payments.reasonTooLong'),
});

/** Cancel a draw that has no result: says what happens (every placed bet refunded) and asks why (audited). */
export function CancelIssueDialog(props: {
  gameCode: string;
  issueId: string;
  bets: number;
  stake: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelIssue();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const error = form.formState.errors.reason;
  const submit = form.handleSubmit(async ({ reason }) => {
    setAlert(null);
    try {
      await cancel.mutateAsync({ gameCode: props.gameCode, issueId: props.issueId, reason });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['reason']));
    }
  });
  return (
    <AppDialog open onClose={props.onClose} title={t('lottery.cancel.title', { issueId: props.issueId })}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-alert bo-alert--error">
          {t('lottery.cancel.consequence', { count: props.bets, stake: props.stake })}
        </p>
        <div className="bo-field">
          <label htmlFor="lottery-cancel-reason">{t('lottery.cancel.reason')}</label>
          <textarea
            id="lottery-cancel-reason"
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'lottery-cancel-reason-err' : undefined}
            {...form.register('reason')}
          />
          {error?.message && (
            <p id="lottery-cancel-reason-err" className="bo-field__error" role="alert">
              {t(error.message, { defaultValue: error.message })}
            </p>
          )}
        </div>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--danger" disabled={cancel.isPending}>
            {t('lottery.cancel.submit')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
