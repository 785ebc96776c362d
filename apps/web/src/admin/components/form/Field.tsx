import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
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
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled textarea with its hint and error, as Field (long text such as HTML content). */
export function TextAreaField(
  props: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: FieldError; hint?: ReactNode },
) {
  const { label, error, hint, ...area } = props;
  const id = useId();
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...area}
      />
      <FieldNotes id={id} error={error} hint={hint} />
    </div>
  );
}

const describedBy = (id: string, error?: FieldError, hint?: ReactNode) =>
  error ? `${id}-err` : hint ? `${id}-hint` : undefined;

/** The hint under a field, or its error in its place. */
function FieldNotes({ id, error, hint }: { id: string; error?: FieldError; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
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
