import type { InputHTMLAttributes } from 'react';

/** A labelled input with its hint and its error under it (spec §8: message under each field). */
export function TextField(
  props: {
    id: string;
    label: string;
    hint?: string;
    error?: string;
    required?: boolean;
  } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { id, label, hint, error, required, ...input } = props;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={id} aria-invalid={Boolean(error)} aria-describedby={describedBy} required={required} {...input} />
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
