import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { useFormMessage, useShownField } from './Form.tsx';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The error of a field, or of the form ('root.server'), as text to show. */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  return useFormMessage()(get(errors, name));
}

/**
 * One field of a kit form: label (with * when required), the control, its hint, `after` (chips, a preview, a
 * status line), and the field's error under them (validation or server), tied to the control by id and
 * aria-describedby (spec §8: a message under each field).
 */
export function Field(props: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
  after?: ReactNode;
}) {
  const id = useId();
  const error = useFieldError(props.name);
  useShownField(props.name);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      {props.children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': clsx(hintId, errorId) || undefined })}
      {hintId && (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.after}
      {errorId && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label around it (the 18+ terms, remember me) and its error under it. */
export function CheckField({ name, label }: { name: string; label: ReactNode }) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  useShownField(name);
  return (
    <div className="check-field">
      <label className="check">
        <input
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(name)}
        />
        {label}
      </label>
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
