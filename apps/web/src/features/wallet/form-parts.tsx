import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The amount input of the wallet forms, with its label, error and an optional button beside it ("All"). */
export function AmountField(props: {
  id: string;
  currency: string;
  value: string;
  error: string | null;
  onChange(v: string): void;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorId = `${props.id}-error`;
  const input = (
    <input
      id={props.id}
      inputMode="decimal"
      autoComplete="off"
      value={props.value}
      aria-invalid={Boolean(props.error)}
      aria-describedby={props.error ? errorId : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <div className="field">
      <label htmlFor={props.id}>{t('wallet.amount', { currency: props.currency })}</label>
      {props.aside ? (
        <div className="wallet-form__amount">
          {input}
          {props.aside}
        </div>
      ) : (
        input
      )}
      {props.error && (
        <p className="field__error" id={errorId} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** The outcome line and the submit button of a wallet form. */
export function FormFooter(props: {
  result: { text: string; error: boolean } | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {props.result && (
        <p
          className={props.result.error ? 'form__error' : 'wallet-form__done'}
          role={props.result.error ? 'alert' : 'status'}
        >
          {props.result.text}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={props.pending}>
        {props.pending ? props.pendingLabel : props.label}
      </button>
    </>
  );
}
