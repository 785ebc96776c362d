import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Chips } from '../Chips.tsx';
import { Field } from './Field.tsx';

/**
 * The one amount input of the money forms (major units, decimal keyboard): label with the currency, the limits
 * hint, quick-amount chips (deposit) or a button beside it ("All"), and its error.
 */
export function AmountField({
  name = 'amount',
  label,
  hint,
  placeholder,
  quick = [],
  aside,
}: {
  name?: string;
  label: string;
  hint?: ReactNode;
  placeholder?: string;
  /** Round amounts (major units) offered as chips. */
  quick?: readonly number[];
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const { register, setValue, control, formState } = useFormContext();
  const value = useWatch({ control, name }) as string | undefined;
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      after={
        quick.length > 0 && (
          <Chips
            label={t('common.quickAmounts')}
            items={quick.map((a) => ({ key: a, label: a.toLocaleString('en-US') }))}
            pressed={quick.find((a) => value === String(a))}
            onPick={(a) => setValue(name, String(a), { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          />
        )
      }
    >
      {(control) => {
        const input = (
          <input {...control} inputMode="decimal" autoComplete="off" placeholder={placeholder} {...register(name)} />
        );
        return aside ? (
          <div className="amount-field">
            {input}
            {aside}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}
