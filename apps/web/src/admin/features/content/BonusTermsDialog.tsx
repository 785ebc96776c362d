import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminBonusOffer, type AdminPromotion, BONUS_OFFER_KINDS } from '@sea/contracts';
import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePromotionBonus, useSavePromotionBonus } from '../../api/promotions-messages.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const amount = z
  .string()
  .trim()
  .regex(/^(\d{1,13}(\.\d{1,8})?)?$/, 'bonusTerms.amountInvalid');
const whole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'bonusTerms.invalid')
    .refine((v) => Number(v) >= min && Number(v) <= max, 'bonusTerms.invalid');
const schema = z.object({
  kind: z.enum(BONUS_OFFER_KINDS),
  enabled: z.boolean(),
  percent: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'bonusTerms.invalid'),
  fixedAmount: amount,
  maxBonus: amount,
  minDeposit: amount,
  multiplier: whole(0, 200),
  wagerBase: z.enum(['bonus', 'bonus_deposit']),
  maxConversion: amount,
  maxStake: amount,
  expiryDays: whole(1, 365),
  newMembersOnly: z.boolean(),
});
type Values = z.infer<typeof schema>;

/** The bonus terms of a promotion (its claim settings): members join it, the bonus is paid and wagered by these. */
export function BonusTermsDialog({ promotion, onClose }: { promotion: AdminPromotion; onClose: () => void }) {
  const { t } = useTranslation();
  const query = usePromotionBonus(promotion.id);
  return (
    <AppDialog open onClose={onClose} title={t('bonusTerms.title', { title: promotion.title })} wide>
      {query.data ? (
        <TermsForm data={query.data} promotionId={promotion.id} onClose={onClose} />
      ) : query.isError ? (
        <FormAlert message={(query.error as Error).message} />
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </AppDialog>
  );
}

function TermsForm(props: { data: AdminBonusOffer; promotionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { offer: o, currency, exponent } = props.data;
  const save = useSavePromotionBonus();
  const [alert, setAlert] = useState<string | null>(null);
  const major = (v: string | null | undefined) => (v === null || v === undefined ? '' : minorToMajor(v, exponent));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: o?.kind ?? 'first_deposit',
      enabled: o?.enabled ?? true,
      percent: String((o?.percentBp ?? 10_000) / 100),
      fixedAmount: major(o?.fixedAmount ?? '0'),
      maxBonus: major(o?.maxBonus),
      minDeposit: major(o?.minDeposit ?? '0'),
      multiplier: String(o?.multiplier ?? 10),
      wagerBase: o?.wagerBase ?? 'bonus',
      maxConversion: major(o?.maxConversion),
      maxStake: major(o?.maxStake),
      expiryDays: String(o?.expiryDays ?? 30),
      newMembersOnly: o?.newMembersOnly ?? false,
    },
  });
  const errors = form.formState.errors;
  const minor = (v: string) => String(parseAmount(v === '' ? '0' : v, exponent));
  const optional = (v: string) => (v === '' ? null : minor(v));
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await save.mutateAsync({
        id: props.promotionId,
        kind: v.kind,
        enabled: v.enabled,
        percentBp: Math.round(Number(v.percent) * 100),
        fixedAmount: minor(v.fixedAmount),
        maxBonus: optional(v.maxBonus),
        minDeposit: minor(v.minDeposit),
        multiplier: Number(v.multiplier),
        wagerBase: v.wagerBase,
        maxConversion: optional(v.maxConversion),
        maxStake: optional(v.maxStake),
        expiryDays: Number(v.expiryDays),
        newMembersOnly: v.newMembersOnly,
        contributions: o?.contributions ?? {},
      });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, []));
    }
  });
  const c = { currency };
  return (
    <form onSubmit={submit} noValidate className="bo-form">
      {!o && <p className="bo-hint">{t('bonusTerms.none')}</p>}
      <SelectField
        label={t('bonusTerms.kind')}
        options={BONUS_OFFER_KINDS.map((k) => ({ value: k, label: t(`bonusTerms.kinds.${k}`) }))}
        {...form.register('kind')}
        error={errors.kind}
      />
      <label className="bo-check">
        <input type="checkbox" {...form.register('enabled')} />
        {t('bonusTerms.enabled')}
      </label>
      <Field label={t('bonusTerms.percent')} inputMode="decimal" {...form.register('percent')} error={errors.percent} />
      <Field
        label={t('bonusTerms.fixedAmount', c)}
        inputMode="decimal"
        {...form.register('fixedAmount')}
        error={errors.fixedAmount}
      />
      <Field
        label={t('bonusTerms.maxBonus', c)}
        inputMode="decimal"
        {...form.register('maxBonus')}
        error={errors.maxBonus}
      />
      <Field
        label={t('bonusTerms.minDeposit', c)}
        inputMode="decimal"
        {...form.register('minDeposit')}
        error={errors.minDeposit}
      />
      <Field
        label={t('bonusTerms.multiplier')}
        inputMode="numeric"
        {...form.register('multiplier')}
        error={errors.multiplier}
      />
      <SelectField
        label={t('bonusTerms.wagerBase')}
        options={(['bonus', 'bonus_deposit'] as const).map((k) => ({
          value: k,
          label: t(`bonusTerms.wagerBases.${k}`),
        }))}
        {...form.register('wagerBase')}
        error={errors.wagerBase}
      />
      <Field
        label={t('bonusTerms.maxConversion', c)}
        inputMode="decimal"
        {...form.register('maxConversion')}
        error={errors.maxConversion}
      />
      <Field
        label={t('bonusTerms.maxStake', c)}
        inputMode="decimal"
        {...form.register('maxStake')}
        error={errors.maxStake}
      />
      <Field
        label={t('bonusTerms.expiryDays')}
        inputMode="numeric"
        {...form.register('expiryDays')}
        error={errors.expiryDays}
      />
      <label className="bo-check">
        <input type="checkbox" {...form.register('newMembersOnly')} />
        {t('bonusTerms.newMembersOnly')}
      </label>
      <p className="bo-hint">{t('bonusTerms.contributionsHelp')}</p>
      <FormAlert message={alert} />
      <div className="bo-form__actions">
        <button type="button" className="bo-btn bo-btn--ghost" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
