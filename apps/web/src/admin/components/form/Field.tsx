import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * A labelled input with its hint and error under it (aria-invalid / aria-describedby). A validation message is an
 * i18n key (the form's zod schema) or the server's own text.
 */
export function Field(
  props: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: FieldError; hint?: ReactNode },
) {
  const { label, error, hint, ...input } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint && !error && (
        <p id={`${id}-hint`} className="bo-hint">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-err`} className="bo-field__error" role="alert">
          {t(error.message, { defaultValue: error.message })}
        </p>
      )}
    </div>
  );
}

/** A labelled select with its error. */
export function SelectField(
  props: React.SelectHTMLAttributes<HTMLSelectElement> & {
    label: string;
    error?: FieldError;
    options: readonly { value: string; label: string }[];
  },
) {
  const { label, error, options, ...select } = props;
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error?.message && (
        <p id={`${id}-err`} className="bo-field__error" role="alert">
          {t(error.message, { defaultValue: error.message })}
        </p>
      )}
    </div>
  );
}

/** The form-level alert (what no field could take). */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="bo-alert bo-alert--error" role="alert">
      {message}
    </div>
  ) : null;
}
