import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateAgent, usePromoteAgent } from '../../api/agents.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const point = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d)?$/, 'agents.pointInvalid');
const account = z.string().trim().min(2, 'agents.accountInvalid').max(64, 'agents.accountInvalid');

const createSchema = z.object({
  account,
  password: z.string().min(6, 'agents.passwordShort').max(64, 'agents.passwordLong'),
  rebatePoint: point,
  uplineAccount: z.union([z.literal(''), account]),
  nickname: z.string().trim().max(32, 'agents.nicknameLong'),
});
type CreateValues = z.infer<typeof createSchema>;

/** A new agent account: top level, or under an existing agent; it changes its password at first sign-in. */
export function CreateAgentDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAgent();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CreateValues>({
    resolver: zodResolver(createSchema),
    defaultValues: { account: '', password: '', rebatePoint: '0', uplineAccount: '', nickname: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await create.mutateAsync({
        account: v.account,
        password: v.password,
        rebatePoint: v.rebatePoint,
        ...(v.uplineAccount && { uplineAccount: v.uplineAccount }),
        ...(v.nickname && { nickname: v.nickname }),
      });
      onClose();
    } catch (err) {
      setAlert(
        placeServerErrors(form.setError, err, ['account', 'password', 'rebatePoint', 'uplineAccount', 'nickname']),
      );
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('agents.create')}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('agents.createHelp')}</p>
        <Field label={t('agents.account')} autoComplete="off" {...form.register('account')} error={errors.account} />
        <Field
          label={t('agents.password')}
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
          error={errors.password}
        />
        <Field
          label={t('agents.rebatePoint')}
          inputMode="decimal"
          hint={t('agents.rebatePointHelp')}
          {...form.register('rebatePoint')}
          error={errors.rebatePoint}
        />
        <Field
          label={t('agents.uplineAccount')}
          autoComplete="off"
          hint={t('agents.uplineHelp')}
          {...form.register('uplineAccount')}
          error={errors.uplineAccount}
        />
        <Field label={t('agents.nickname')} {...form.register('nickname')} error={errors.nickname} />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={create.isPending}>
            {t('agents.create')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}

const promoteSchema = z.object({ account, rebatePoint: z.union([z.literal(''), point]) });
type PromoteValues = z.infer<typeof promoteSchema>;

/** An existing member becomes an agent (its team and history stay); optionally with a rebate point. */
export function PromoteDialog({ account: given, onClose }: { account?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const promote = usePromoteAgent();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<PromoteValues>({
    resolver: zodResolver(promoteSchema),
    defaultValues: { account: given ?? '', rebatePoint: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await promote.mutateAsync({ account: v.account, ...(v.rebatePoint && { rebatePoint: v.rebatePoint }) });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['account', 'rebatePoint']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('agents.promoteTitle')}>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('agents.promoteHelp')}</p>
        <Field
          label={t('agents.memberAccount')}
          autoComplete="off"
          {...form.register('account')}
          error={errors.account}
        />
        <Field
          label={t('agents.rebatePointOptional')}
          inputMode="decimal"
          {...form.register('rebatePoint')}
          error={errors.rebatePoint}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={promote.isPending}>
            {t('agents.promote')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
