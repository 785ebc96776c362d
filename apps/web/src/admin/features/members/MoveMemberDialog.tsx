import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMoveMember } from '../../api/members.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const schema = z.object({ toAgent: z.string().trim().min(1, 'members.toAgentRequired').max(64) });
type Values = z.infer<typeof schema>;

/** Move the member (and its team) under another agent; the server's refusals (cycle, rebate point, contract) shown. */
export function MoveMemberDialog(props: { account: string; onClose: () => void; onMoved: (agent: string) => void }) {
  const { t } = useTranslation();
  const move = useMoveMember(props.account);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { toAgent: '' } });
  const submit = form.handleSubmit(async ({ toAgent }) => {
    setAlert(null);
    try {
      const r = await move.mutateAsync(toAgent.trim().toLowerCase());
      props.onMoved(r.uplineAccount ?? toAgent);
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['toAgent']));
    }
  });
  return (
    <AppDialog open onClose={props.onClose} title={t('members.moveTitle', { account: props.account })}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('members.moveHelp')}</p>
        <Field
          label={t('members.toAgent')}
          autoComplete="off"
          {...form.register('toAgent')}
          error={form.formState.errors.toAgent}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={move.isPending}>
            {t('members.move')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
