import type { ComponentProps, ReactNode } from 'react';
import { get, useFormContext } from 'react-hook-form';
import { Field } from './Field.tsx';

/** A labelled text input of a kit form (spec §8: its hint and its error under it). */
export function TextField({
  name,
  label,
  hint,
  required,
  ...input
}: { name: string; label: string; hint?: ReactNode; required?: boolean } & Omit<
  ComponentProps<'input'>,
  'name' | 'id' | 'ref'
>) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} hint={hint} required={required}>
      {(control) => <input {...control} required={required} {...input} {...register(name)} />}
    </Field>
  );
}

/** A required password input (a new one unless `autoComplete` says otherwise). */
export function PasswordField({
  name,
  label,
  autoComplete = 'new-password',
}: {
  name: string;
  label: string;
  autoComplete?: 'new-password' | 'current-password';
}) {
  return <TextField name={name} label={label} type="password" autoComplete={autoComplete} required />;
}

/** A labelled select of a kit form; `onChange` runs after the form has the new value. */
export function SelectField({
  name,
  label,
  required,
  children,
  onChange,
  ...select
}: { name: string; label: string; required?: boolean } & Omit<
  ComponentProps<'select'>,
  'name' | 'id' | 'ref' | 'defaultValue'
>) {
  const { register, formState } = useFormContext();
  // The form's default is also the element's: react-hook-form reads a select that looks edited before the form
  // is ready (happy-dom makes every select look so), and it must then read the default, not the first option.
  const defaultValue = get(formState.defaultValues, name) as string | undefined;
  return (
    <Field name={name} label={label} required={required}>
      {(control) => (
        <select {...control} {...select} defaultValue={defaultValue} {...register(name, { onChange })}>
          {children}
        </select>
      )}
    </Field>
  );
}
