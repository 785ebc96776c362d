import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminRgView, RG_EXCLUSIONS, RG_TIME_OUTS } from '@sea/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { adminPost, seg } from '../../api/client.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField, TextAreaField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const rgPath = (account: string) => `/admin/api/members/${seg(account)}/responsible-gaming`;

/** The view after a staff change: the server answers with the member's whole view, written into the query's cache. */
function useRgChange<B>(account: string, path: '/limits' | '/break') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminPost<AdminRgView>(`${rgPath(account)}${path}`, body),
    onSuccess: (view) => {
      qc.setQueryData(['members', account, 'responsible-gaming'], view);
      void qc.invalidateQueries({ queryKey: ['members', account] });
    },
  });
}

/**
 * What staff may do on the member's request (members.manage, audited by the server): set a limit or lower one — never
 * raise or remove it — and start a time-out or a self-exclusion. There is no control to lift or shorten a break: the
 * server refuses it to everyone (rg_break_locked).
 */
export function MemberRgActions({ account, view }: { account: string; view: AdminRgView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'limit' | 'break' | null>(null);
  return (
    <div className="bo-row-actions">
      <button type="button" className="bo-btn" onClick={() => setOpen('limit')}>
        {t('memberRg.setLimit')}
      </button>
      {/* A longer break may replace one under way (the server refuses a shorter one); none is ever lifted. */}
      <button type="button" className="bo-btn bo-btn--danger" onClick={() => setOpen('break')}>
        {t('memberRg.startBreak')}
      </button>
      {open === 'limit' && <LimitDialog account={account} view={view} onClose={() => setOpen(null)} />}
      {open === 'break' && <BreakDialog account={account} onClose={() => setOpen(null)} />}
    </div>
  );
}

const limitSchema = z.object({
  kind: z.enum(['deposit', 'loss', 'wager']),
  period: z.enum(['day', 'week', 'month']),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,8})?$/, 'settings.amountInvalid')
    .refine((s) => Number(s) > 0, 'adjustments.amountPositive'),
});
type LimitValues = z.infer<typeof limitSchema>;

function LimitDialog({ account, view, onClose }: { account: string; view: AdminRgView; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useRgChange<LimitValues>(account, '/limits');
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<LimitValues>({
    resolver: zodResolver(limitSchema),
    defaultValues: { kind: 'deposit', period: 'day', amount: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await change.mutateAsync(v);
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['kind', 'period', 'amount']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('memberRg.setLimit')}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('memberRg.limitHelp')}</p>
        <SelectField
          label={t('memberRg.kind')}
          options={(['deposit', 'loss', 'wager'] as const).map((k) => ({ value: k, label: t(`memberRg.kinds.${k}`) }))}
          {...form.register('kind')}
          error={errors.kind}
        />
        <SelectField
          label={t('memberRg.period')}
          options={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`memberRg.periods.${p}`) }))}
          {...form.register('period')}
          error={errors.period}
        />
        <Field
          label={`${t('memberRg.amount')} (${view.currency})`}
          inputMode="decimal"
          autoComplete="off"
          {...form.register('amount')}
          error={errors.amount}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={change.isPending}>
            {t('memberRg.saveLimit')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}

const breakSchema = z
  .object({
    kind: z.enum(['time_out', 'self_exclusion']),
    duration: z.string(),
    note: z.string().trim().min(1, 'memberRg.noteRequired').max(500, 'payments.reasonTooLong'),
  })
  .refine((v) => (v.kind === 'time_out' ? RG_TIME_OUTS : RG_EXCLUSIONS).some((d) => d === v.duration), {
    path: ['duration'],
    message: 'memberRg.durationRequired',
  });
type BreakValues = z.infer<typeof breakSchema>;

function BreakDialog({ account, onClose }: { account: string; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useRgChange<BreakValues>(account, '/break');
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<BreakValues>({
    resolver: zodResolver(breakSchema),
    defaultValues: { kind: 'time_out', duration: RG_TIME_OUTS[0], note: '' },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const durations = kind === 'time_out' ? RG_TIME_OUTS : RG_EXCLUSIONS;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await change.mutateAsync(v);
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['kind', 'duration', 'note']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('memberRg.startBreak')}>
      <form onSubmit={submit} noValidate className="bo-form">
        <fieldset className="bo-radios">
          <legend>{t('memberRg.breakKind')}</legend>
          {(['time_out', 'self_exclusion'] as const).map((k) => (
            <label key={k} className="bo-check">
              <input
                type="radio"
                value={k}
                {...form.register('kind', {
                  onChange: () => form.setValue('duration', (k === 'time_out' ? RG_TIME_OUTS : RG_EXCLUSIONS)[0]),
                })}
              />
              {t(`memberRg.kindNames.${k}`)}
            </label>
          ))}
        </fieldset>
        <SelectField
          label={t('memberRg.duration')}
          options={durations.map((d) => ({ value: d, label: t(`memberRg.durations.${d}`) }))}
          {...form.register('duration')}
          error={errors.duration}
        />
        <TextAreaField label={t('memberRg.note')} rows={3} {...form.register('note')} error={errors.note} />
        <div className="bo-alert bo-alert--info" role="note">
          {t('memberRg.breakWarning')}
        </div>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--danger" disabled={change.isPending}>
            {t('memberRg.confirmBreak')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
