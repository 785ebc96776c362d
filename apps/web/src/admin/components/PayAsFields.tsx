import { useTranslation } from 'react-i18next';
import { Field, SelectField } from './form/Field.tsx';
import type { RewardBonusTerms, RewardPayAs } from '@sea/contracts';
import type { PayAsField, PayAsValue } from './pay-as.ts';

/**
 * Pay as cash, or as bonus money with its wagering terms (multiplier × the amount, maximum conversion, maximum
 * stake, days to wager): the same fields in every reward programme's editor.
 */
export function PayAsFields(props: {
  value: PayAsValue;
  onChange: (v: PayAsValue) => void;
  currency: string;
  error?: { field: PayAsField; message: string } | null;
}) {
  const { t } = useTranslation();
  const { value: v, onChange, currency } = props;
  const set = (k: keyof PayAsValue) => (e: { target: { value: string } }) => onChange({ ...v, [k]: e.target.value });
  const err = (f: PayAsField) =>
    props.error?.field === f ? { type: 'validate', message: props.error.message } : undefined;
  return (
    <fieldset className="bo-plain-fieldset">
      <legend>{t('payAs.legend')}</legend>
      <SelectField
        label={t('payAs.label')}
        options={[
          { value: 'cash', label: t('payAs.cash') },
          { value: 'bonus', label: t('payAs.bonus') },
        ]}
        value={v.payAs}
        onChange={set('payAs')}
      />
      {v.payAs === 'bonus' && (
        <>
          <p className="bo-hint">{t('payAs.bonusHint')}</p>
          <div className="bo-form__row">
            <Field
              label={t('payAs.multiplier')}
              inputMode="numeric"
              value={v.multiplier}
              onChange={set('multiplier')}
              error={err('multiplier')}
            />
            <Field
              label={t('payAs.expiryDays')}
              inputMode="numeric"
              value={v.expiryDays}
              onChange={set('expiryDays')}
              error={err('expiryDays')}
            />
          </div>
          <div className="bo-form__row">
            <Field
              label={t('payAs.maxConversion', { currency })}
              hint={t('payAs.optional')}
              inputMode="decimal"
              value={v.maxConversion}
              onChange={set('maxConversion')}
              error={err('maxConversion')}
            />
            <Field
              label={t('payAs.maxStake', { currency })}
              hint={t('payAs.optional')}
              inputMode="decimal"
              value={v.maxStake}
              onChange={set('maxStake')}
              error={err('maxStake')}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

/** How a saved programme pays, for its list or detail: "Cash", or "Bonus ×3 · 5 days" (with the caps when set). */
export function PayAsSummary(props: {
  value: { payAs: RewardPayAs; bonusTerms: RewardBonusTerms | null };
  money: (minor: string) => string;
}) {
  const { t } = useTranslation();
  const b = props.value.payAs === 'bonus' ? props.value.bonusTerms : null;
  if (!b) return <>{t('payAs.showCash')}</>;
  return (
    <>
      {t('payAs.showBonus', { multiplier: b.multiplier, days: b.expiryDays })}
      {b.maxConversion !== null && (
        <div className="bo-hint">{t('payAs.showMaxConversion', { amount: props.money(b.maxConversion) })}</div>
      )}
      {b.maxStake !== null && (
        <div className="bo-hint">{t('payAs.showMaxStake', { amount: props.money(b.maxStake) })}</div>
      )}
    </>
  );
}
