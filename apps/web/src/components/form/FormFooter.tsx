import type { ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from './Field.tsx';
import { useFormDone } from './Form.tsx';

/** The form-level alert (a failed call) or the success message of the last submit. */
export function FormStatus() {
  const error = useFieldError('root.server');
  const done = useFormDone();
  if (error)
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  if (done)
    return (
      <p className="form__done" role="status">
        {done}
      </p>
    );
  return null;
}

/** FormStatus and the submit button (busy while submitting). */
export function FormFooter({
  label,
  busyLabel,
  busy,
  secondary,
  buttonClassName = 'btn btn--primary btn--block',
}: {
  label: string;
  busyLabel?: string;
  /** Busy for longer than the submit (e.g. while the browser leaves for the payment page). */
  busy?: boolean;
  /** A second button beside the submit button (Reset, Back). */
  secondary?: ReactNode;
  buttonClassName?: string;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { isSubmitting } = useFormState({ control });
  const pending = isSubmitting || Boolean(busy);
  const button = (
    <button type="submit" className={buttonClassName} disabled={pending}>
      {pending ? (busyLabel ?? t('common.loading')) : label}
    </button>
  );
  return (
    <>
      <FormStatus />
      {secondary ? (
        <div className="form__actions">
          {secondary}
          {button}
        </div>
      ) : (
        button
      )}
    </>
  );
}
