import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminDepositMethod } from '@sea/contracts';
import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveDepositMethod } from '../../api/payments.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,8})?$/, 'methods.amountInvalid');
const schema = z.object({
  name: z.string().trim().min(1, 'methods.nameRequired').max(100, 'methods.nameTooLong'),
  minAmount: amount,
  maxAmount: amount,
  sort: z
    .string()
    .trim()
    .regex(/^-?\d{1,7}$/, 'methods.orderInvalid'),
  enabled: z.boolean(),
  bankName: z.string().trim().max(100, 'methods.tooLong'),
  accountNumber: z.string().trim().max(64, 'methods.tooLong'),
  accountName: z.string().trim().max(100, 'methods.tooLong'),
});
type Values = z.infer<typeof schema>;
const FIELDS = [
  'name',
  'minAmount',
  'maxAmount',
  'sort',
  'enabled',
  'bankName',
  'accountNumber',
  'accountName',
] as const;

/** A deposit method's name, limits (major units), order, on/off and, for a bank transfer, the receiving account. */
export function DepositMethodDialog(props: {
  method: AdminDepositMethod;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { method: m, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveDepositMethod();
  const [alert, setAlert] = useState<string | null>(null);
  const bankTransfer = m.kind === 'bank_transfer';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: m.name,
      minAmount: minorToMajor(m.minAmount, exponent),
      maxAmount: minorToMajor(m.maxAmount, exponent),
      sort: String(m.sort),
      enabled: m.enabled,
      bankName: m.bank?.bankName ?? '',
      accountNumber: m.bank?.accountNumber ?? '',
      accountName: m.bank?.accountName ?? '',
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const minor = (field: 'minAmount' | 'maxAmount') => {
      try {
        return parseAmount(v[field], exponent);
      } catch {
        form.setError(field, { message: 'methods.decimals' }, { shouldFocus: true });
        return null;
      }
    };
    const min = minor('minAmount');
    const max = minor('maxAmount');
    if (min === null || max === null) return;
    if (max < min) return form.setError('maxAmount', { message: 'methods.maxBelowMin' }, { shouldFocus: true });
    if (bankTransfer)
      for (const f of ['bankName', 'accountNumber', 'accountName'] as const)
        if (!v[f]) return form.setError(f, { message: 'methods.required' }, { shouldFocus: true });
    try {
      await save.mutateAsync({
        code: m.code,
        body: {
          name: v.name,
          minAmount: v.minAmount,
          maxAmount: v.maxAmount,
          sort: Number(v.sort),
          enabled: v.enabled,
          bank: bankTransfer
            ? { bankName: v.bankName, accountNumber: v.accountNumber, accountName: v.accountName }
            : null,
        },
      });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, FIELDS));
    }
  });
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('methods.editTitle', { name: m.name })}
      footer={<SaveFooter formId="method-edit" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="method-edit" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('methods.name')} {...form.register('name')} error={errors.name} />
        <div className="bo-form__row">
          <Field
            label={`${t('methods.min')} (${props.currency})`}
            inputMode="decimal"
            {...form.register('minAmount')}
            error={errors.minAmount}
          />
          <Field
            label={`${t('methods.max')} (${props.currency})`}
            inputMode="decimal"
            {...form.register('maxAmount')}
            error={errors.maxAmount}
          />
        </div>
        <Field
          label={t('methods.order')}
          inputMode="numeric"
          hint={t('methods.orderHelp')}
          {...form.register('sort')}
          error={errors.sort}
        />
        {bankTransfer && (
          <fieldset className="bo-plain-fieldset">
            <legend>{t('methods.receivingAccount')}</legend>
            <Field label={t('methods.bankName')} {...form.register('bankName')} error={errors.bankName} />
            <Field
              label={t('methods.accountNumber')}
              {...form.register('accountNumber')}
              error={errors.accountNumber}
            />
            <Field label={t('methods.accountName')} {...form.register('accountName')} error={errors.accountName} />
          </fieldset>
        )}
        <label className="bo-check">
          <input type="checkbox" {...form.register('enabled')} />
          {t('methods.enabledLabel')}
        </label>
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
