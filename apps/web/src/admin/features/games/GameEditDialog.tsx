import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminGame } from '@sea/contracts';
import { minorToMajor } from '@sea/contracts/money-format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useUpdateGame, useUploadGameIcon } from '../../api/games.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { GAME_STATUSES, limitField, limitToMinor, orderField } from './game-form.ts';

const schema = z.object({
  minBet: limitField,
  maxBet: limitField,
  sort: orderField,
  status: z.enum(GAME_STATUSES),
  hot: z.boolean(),
  supportPlay: z.boolean(),
  iconUrl: z.string().nullable(),
});
type Values = z.input<typeof schema>;
const FIELDS = ['minBet', 'maxBet', 'sort', 'status', 'hot', 'supportPlay', 'iconUrl'] as const;

/** A game's icon (uploaded), bet limits (major units; empty = none), order, hot flag, free trial and status. */
export function GameEditDialog(props: { game: AdminGame; exponent: number; currency: string; onClose: () => void }) {
  const { game: g, exponent } = props;
  const { t } = useTranslation();
  const update = useUpdateGame();
  const upload = useUploadGameIcon();
  const [alert, setAlert] = useState<string | null>(null);
  const major = (v: string | null) => (v === null ? '' : minorToMajor(v, exponent));
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      minBet: major(g.minBet),
      maxBet: major(g.maxBet),
      sort: String(g.sort),
      status: g.status,
      hot: g.hot,
      supportPlay: g.supportPlay,
      iconUrl: g.iconUrl,
    },
  });
  const iconUrl = form.watch('iconUrl');
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    let minBet: string | null;
    let maxBet: string | null;
    try {
      minBet = limitToMinor(v.minBet, exponent);
    } catch {
      form.setError('minBet', { message: 'games.amountDecimals' }, { shouldFocus: true });
      return;
    }
    try {
      maxBet = limitToMinor(v.maxBet, exponent);
    } catch {
      form.setError('maxBet', { message: 'games.amountDecimals' }, { shouldFocus: true });
      return;
    }
    if (minBet !== null && maxBet !== null && BigInt(maxBet) < BigInt(minBet)) {
      form.setError('maxBet', { message: 'games.maxBelowMin' }, { shouldFocus: true });
      return;
    }
    try {
      await update.mutateAsync({
        id: g.id,
        patch: {
          minBet,
          maxBet,
          sort: v.sort,
          status: v.status,
          hot: v.hot,
          supportPlay: v.supportPlay,
          ...(v.iconUrl !== g.iconUrl && { iconUrl: v.iconUrl }),
        },
      });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, FIELDS));
    }
  });
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('games.editTitle', { name: g.name })}
      footer={
        <>
          <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            form="game-edit"
            className="bo-btn bo-btn--primary"
            disabled={update.isPending || upload.isPending}
          >
            {t('common.save')}
          </button>
        </>
      }
    >
      <form id="game-edit" className="bo-form" onSubmit={onSubmit} noValidate>
        <p className="bo-hint">
          {g.vendorCode} · <code>{g.gameCode}</code>
        </p>
        <ImageField
          label={t('more.image.icon')}
          hint={t('more.image.iconHint')}
          value={iconUrl}
          onChange={(url) => form.setValue('iconUrl', url, { shouldDirty: true })}
          upload={upload.mutateAsync}
          error={errors.iconUrl}
          previewClassName="bo-icon-preview"
          previewAlt={t('more.image.previewIcon')}
          removable
        />
        <div className="bo-form__row">
          <Field
            label={`${t('games.minBet')} (${props.currency})`}
            inputMode="decimal"
            hint={t('games.noLimit')}
            {...form.register('minBet')}
            error={errors.minBet}
          />
          <Field
            label={`${t('games.maxBet')} (${props.currency})`}
            inputMode="decimal"
            hint={t('games.noLimit')}
            {...form.register('maxBet')}
            error={errors.maxBet}
          />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('games.order')}
            inputMode="numeric"
            hint={t('games.orderHelp')}
            {...form.register('sort')}
            error={errors.sort}
          />
          <SelectField
            label={t('games.status')}
            options={GAME_STATUSES.map((s) => ({ value: s, label: t(`games.statuses.${s}`) }))}
            {...form.register('status')}
            error={errors.status}
          />
        </div>
        <label className="bo-check">
          <input type="checkbox" {...form.register('hot')} />
          {t('games.hotLabel')}
        </label>
        <label className="bo-check">
          <input type="checkbox" {...form.register('supportPlay')} />
          {t('games.freeTrial')}
        </label>
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
