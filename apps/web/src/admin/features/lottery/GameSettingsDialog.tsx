import { zodResolver } from '@hookform/resolvers/zod';
import type { LotteryAdminGame } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateLotteryGame } from '../../api/lottery.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const minor = z
  .string()
  .trim()
  .regex(/^\d{1,18}$/, 'lottery.games.minorInvalid');
const schema = z.object({
  enabled: z.boolean(),
  closeSeconds: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'lottery.games.secondsInvalid'),
  minUnitStake: minor,
  maxUnitStake: minor,
  maxNumberStake: minor,
});
type Values = z.infer<typeof schema>;
const FIELDS = ['enabled', 'closeSeconds', 'minUnitStake', 'maxUnitStake', 'maxNumberStake'] as const;

/** A game's settings the model has: on/off, bets closing before the draw, stake limits (minor units). Audited. */
export function GameSettingsDialog({ game, onClose }: { game: LotteryAdminGame; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateLotteryGame();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      enabled: game.enabled,
      closeSeconds: String(game.closeSeconds),
      minUnitStake: game.minUnitStake,
      maxUnitStake: game.maxUnitStake,
      maxNumberStake: game.maxNumberStake,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await update.mutateAsync({ gameCode: game.gameCode, ...v, closeSeconds: Number(v.closeSeconds) });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, FIELDS));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('lottery.games.editTitle', { name: game.name })}>
      <form onSubmit={submit} noValidate className="bo-form">
        <label className="bo-check">
          <input type="checkbox" {...form.register('enabled')} />
          {t('lottery.games.enabled')}
        </label>
        <Field
          label={t('lottery.games.closeSeconds')}
          inputMode="numeric"
          hint={t('lottery.games.closeHelp')}
          {...form.register('closeSeconds')}
          error={errors.closeSeconds}
        />
        <Field
          label={t('lottery.games.minUnitStake')}
          inputMode="numeric"
          hint={t('lottery.games.minorHelp')}
          {...form.register('minUnitStake')}
          error={errors.minUnitStake}
        />
        <Field
          label={t('lottery.games.maxUnitStake')}
          inputMode="numeric"
          {...form.register('maxUnitStake')}
          error={errors.maxUnitStake}
        />
        <Field
          label={t('lottery.games.maxNumberStake')}
          inputMode="numeric"
          {...form.register('maxNumberStake')}
          error={errors.maxNumberStake}
        />
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={update.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
