import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminVipLevel, VipBasis, VipLevelUpsertRequest } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveVipLevel } from '../../api/vip.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { AdminApiError } from '../../api/client.ts';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { payAsRequest, payAsServerError, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';
import { amountText, toMajor, toMinor, wholeText } from './form-values.ts';

const percent = z
  .string()
  .trim()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'vip.percentInvalid')
  .refine((v) => Number(v) <= 10, 'vip.percentInvalid');
const schema = z.object({
  name: z.string().trim().min(1, 'vip.nameRequired').max(40, 'rewards.tooLong'),
  threshold: z.string().trim(),
  keepThreshold: z.string().trim(),
  levelUpReward: amountText,
  weeklyBonus: amountText,
  monthlyBonus: amountText,
  rebatePercent: percent,
});
type Values = z.infer<typeof schema>;
const FIELDS = ['name', 'threshold', 'keepThreshold', 'levelUpReward', 'weeklyBonus', 'monthlyBonus'] as const;

/**
 * A new VIP level, or a saved one's name, thresholds and benefits. Thresholds are tier points (whole numbers) or,
 * when the merchant counts deposits, amounts in major units; the server places the level by its threshold.
 */
export function VipLevelDialog(props: {
  level?: AdminVipLevel;
  basis: VipBasis;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { level: l, basis, currency, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveVipLevel();
  const [alert, setAlert] = useState<string | null>(null);
  const [pay, setPay] = useState(() => payAsValue(l, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const points = (minorOrPoints: string) => (basis === 'deposit' ? toMajor(minorOrPoints, exponent) : minorOrPoints);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: l?.name ?? '',
      threshold: l ? points(l.threshold) : '',
      keepThreshold: l ? points(l.keepThreshold) : '',
      levelUpReward: toMajor(l?.levelUpReward ?? '0', exponent),
      weeklyBonus: toMajor(l?.weeklyBonus ?? '0', exponent),
      monthlyBonus: toMajor(l?.monthlyBonus ?? '0', exponent),
      rebatePercent: String((l?.rebateBonusBp ?? 0) / 100),
    },
  });
  const errors = form.formState.errors;
  const unit = basis === 'deposit' ? currency : t('vip.points');

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const fail = (field: (typeof FIELDS)[number], message: string) => {
      form.setError(field, { message }, { shouldFocus: true });
      return null;
    };
    const threshold = (field: 'threshold' | 'keepThreshold', text: string) => {
      if (basis === 'deposit') {
        if (!amountText.safeParse(text).success) return fail(field, 'rewards.amountInvalid');
        return toMinor(text, exponent) ?? fail(field, 'rewards.decimals');
      }
      if (!wholeText(0, 999_999_999).safeParse(text).success) return fail(field, 'rewards.wholeInvalid');
      return String(Number(text));
    };
    const money = (field: 'levelUpReward' | 'weeklyBonus' | 'monthlyBonus', text: string) =>
      toMinor(text, exponent) ?? fail(field, 'rewards.decimals');
    const body = {
      name: v.name,
      threshold: threshold('threshold', v.threshold),
      keepThreshold: threshold('keepThreshold', v.keepThreshold),
      levelUpReward: money('levelUpReward', v.levelUpReward),
      weeklyBonus: money('weeklyBonus', v.weeklyBonus),
      monthlyBonus: money('monthlyBonus', v.monthlyBonus),
      rebateBonusBp: Math.round(Number(v.rebatePercent) * 100),
    };
    if (Object.values(body).some((x) => x === null)) return;
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    if (BigInt(body.keepThreshold!) > BigInt(body.threshold!)) return fail('keepThreshold', 'vip.keepAbove');
    try {
      await save.mutateAsync({
        id: l?.id,
        body: { ...(body as VipLevelUpsertRequest), payAs: payment.payAs, bonusTerms: payment.bonusTerms },
      });
      props.onClose();
    } catch (err) {
      const termError = payAsServerError(err instanceof AdminApiError ? err.fields : []);
      setPayError(termError);
      const left = placeServerErrors(form.setError, err, FIELDS);
      setAlert(termError && left?.startsWith('bonusTerms') ? null : left);
    }
  });

  return (
    <AppDialog
      open
      wide
      onClose={props.onClose}
      title={l ? t('vip.editTitle', { name: l.name }) : t('vip.newTitle')}
      footer={<SaveFooter formId="vip-level-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="vip-level-form" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('vip.name')} {...form.register('name')} error={errors.name} />
        <div className="bo-form__row">
          <Field
            label={t('vip.threshold', { unit })}
            hint={t('vip.thresholdHint')}
            inputMode={basis === 'deposit' ? 'decimal' : 'numeric'}
            {...form.register('threshold')}
            error={errors.threshold}
          />
          <Field
            label={t('vip.keep', { unit })}
            hint={t('vip.keepHint')}
            inputMode={basis === 'deposit' ? 'decimal' : 'numeric'}
            {...form.register('keepThreshold')}
            error={errors.keepThreshold}
          />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('vip.levelUp', { currency })}
            inputMode="decimal"
            {...form.register('levelUpReward')}
            error={errors.levelUpReward}
          />
          <Field
            label={t('vip.rebate')}
            hint={t('vip.rebateHint')}
            inputMode="decimal"
            {...form.register('rebatePercent')}
            error={errors.rebatePercent}
          />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('vip.weekly', { currency })}
            inputMode="decimal"
            {...form.register('weeklyBonus')}
            error={errors.weeklyBonus}
          />
          <Field
            label={t('vip.monthly', { currency })}
            inputMode="decimal"
            {...form.register('monthlyBonus')}
            error={errors.monthlyBonus}
          />
        </div>
        <p className="bo-hint">{t('vip.levelUpPayAs')}</p>
        <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
