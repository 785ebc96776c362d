import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCashbackProgramme, CASHBACK_PERIODS, type CashbackProgrammeRequest } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveCashbackProgramme } from '../../api/cashback-raffle.ts';
import { AdminApiError } from '../../api/client.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { amountText, bpsToPercent, percentText, percentToBps, toMajor, toMinor } from './form-values.ts';
import { categoriesText, parseCategories } from './categories.ts';
import { payAsRequest, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';

const schema = z.object({
  title: z.string().trim().min(1, 'rewards.missions.titleRequired').max(80, 'rewards.tooLong'),
  period: z.enum(CASHBACK_PERIODS),
  percent: percentText.refine((v) => Number(v) > 0, 'rewards.points.percentInvalid'),
  minNetLoss: amountText,
  cap: amountText,
  categories: categoriesText,
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;
/** The form's fields; the server's names map onto them (percentBp → percent). */
const FIELDS = ['title', 'period', 'percent', 'minNetLoss', 'cap', 'categories', 'active'] as const;

/** A new cashback programme, or a saved one's terms (its period stays: the periods it closed belong to it). */
export function CashbackDialog(props: {
  programme?: AdminCashbackProgramme;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { programme: p, currency, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveCashbackProgramme();
  const [alert, setAlert] = useState<string | null>(null);
  const [pay, setPay] = useState(() => payAsValue(p, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: p?.title ?? '',
      period: p?.period ?? 'daily',
      percent: p ? bpsToPercent(p.percentBp) : '',
      minNetLoss: toMajor(p?.minNetLoss ?? '0', exponent),
      cap: p ? toMajor(p.cap, exponent) : '',
      categories: p?.categories.join(', ') ?? '',
      active: p?.active ?? true,
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const minNetLoss = toMinor(v.minNetLoss, exponent);
    const cap = toMinor(v.cap, exponent);
    if (minNetLoss === null) return form.setError('minNetLoss', { message: 'rewards.decimals' }, { shouldFocus: true });
    if (cap === null) return form.setError('cap', { message: 'rewards.decimals' }, { shouldFocus: true });
    if (cap === '0') return form.setError('cap', { message: 'rewards.aboveZero' }, { shouldFocus: true });
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    const body: CashbackProgrammeRequest = {
      title: v.title,
      period: v.period,
      percentBp: percentToBps(v.percent),
      minNetLoss,
      cap,
      categories: parseCategories(v.categories),
      active: v.active,
      payAs: payment.payAs,
      bonusTerms: payment.bonusTerms,
    };
    try {
      await save.mutateAsync({ id: p?.id, body });
      props.onClose();
    } catch (err) {
      // The server names the percent field percentBp.
      const left = placeServerErrors(form.setError, err, FIELDS);
      const bp = err instanceof AdminApiError ? err.fields.find((f) => f.field === 'percentBp') : undefined;
      if (bp) form.setError('percent', { type: 'server', message: bp.message }, { shouldFocus: true });
      setAlert(bp && left?.startsWith('percentBp:') ? null : left);
    }
  });

  return (
    <AppDialog
      open
      wide
      onClose={props.onClose}
      title={p ? t('cashbackAdmin.editTitle', { title: p.title }) : t('cashbackAdmin.newTitle')}
      footer={<SaveFooter formId="cashback-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="cashback-form" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('cashbackAdmin.name')} {...form.register('title')} error={errors.title} />
        <div className="bo-form__row">
          {p ? (
            <Field label={t('cashbackAdmin.period')} value={t(`cashbackAdmin.periods.${p.period}`)} readOnly />
          ) : (
            <SelectField
              label={t('cashbackAdmin.period')}
              options={CASHBACK_PERIODS.map((x) => ({ value: x, label: t(`cashbackAdmin.periods.${x}`) }))}
              {...form.register('period')}
              error={errors.period}
            />
          )}
          <Field
            label={t('cashbackAdmin.percent')}
            hint={t('cashbackAdmin.percentHint')}
            inputMode="decimal"
            {...form.register('percent')}
            error={errors.percent}
          />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('cashbackAdmin.minNetLoss', { currency })}
            inputMode="decimal"
            {...form.register('minNetLoss')}
            error={errors.minNetLoss}
          />
          <Field
            label={t('cashbackAdmin.cap', { currency })}
            inputMode="decimal"
            {...form.register('cap')}
            error={errors.cap}
          />
        </div>
        <Field
          label={t('cashbackAdmin.categories')}
          hint={t('cashbackAdmin.categoriesHint')}
          {...form.register('categories')}
          error={errors.categories}
        />
        <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
        <label className="bo-check">
          <input type="checkbox" {...form.register('active')} />
          {t('cashbackAdmin.active')}
        </label>
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
