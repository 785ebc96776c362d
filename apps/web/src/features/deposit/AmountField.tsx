import { formatMoney } from '@sea/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmountLimits, quickAmounts } from './deposit-form.ts';

/** Amount input with quick-amount chips and the method's min/max hint. */
export function AmountField(props: {
  value: string;
  onChange(v: string): void;
  limits: AmountLimits;
  currency: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { limits } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{t('deposit.amount', { currency: props.currency })}</label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('deposit.amountPlaceholder')}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-hint${props.error ? ` ${id}-err` : ''}`}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {t('deposit.limits', {
          min: formatMoney(limits.min, limits.exponent),
          max: formatMoney(limits.max, limits.exponent),
        })}
      </p>
      <div className="deposit-chips" role="group" aria-label={t('deposit.quickAmounts')}>
        {quickAmounts(limits).map((a) => (
          <button
            key={a}
            type="button"
            className="deposit-chip"
            aria-pressed={props.value === String(a)}
            onClick={() => props.onChange(String(a))}
          >
            {a.toLocaleString('en-US')}
          </button>
        ))}
      </div>
      {props.error && (
        <p className="field__error" id={`${id}-err`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}
