import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminMallItem, MALL_ITEM_KINDS, type MallItemUpsertRequest } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveMallItem } from '../../api/rewards.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField, TextAreaField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { amountText, toMajor, toMinor, wholeText } from './form-values.ts';

const schema = z.object({
  kind: z.enum(MALL_ITEM_KINDS),
  name: z.string().trim().min(1, 'rewards.required').max(80, 'rewards.tooLong'),
  description: z.string().trim().max(500, 'rewards.tooLong'),
  points: wholeText(1, 999_999_999),
  cashAmount: z.string().trim(),
  stock: wholeText(0, 1_000_000),
  perMemberLimit: wholeText(1, 1000),
  sortOrder: wholeText(0, 10_000),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = [
  'kind',
  'name',
  'description',
  'points',
  'cashAmount',
  'stock',
  'perMemberLimit',
  'sortOrder',
  'active',
] as const;

/** A points-mall item: cash to the main balance or a physical item, its price in points, stock and limit. */
export function MallItemDialog(props: {
  item?: AdminMallItem;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { item: i, currency, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveMallItem();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: i?.kind ?? 'cash',
      name: i?.name ?? '',
      description: i?.description ?? '',
      points: i?.points ?? '',
      cashAmount: i && i.kind === 'cash' ? toMajor(i.cashAmount, exponent) : '',
      stock: String(i?.stock ?? 100),
      perMemberLimit: String(i?.perMemberLimit ?? 1),
      sortOrder: String(i?.sortOrder ?? 0),
      active: i?.active ?? true,
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    let cashAmount = '0';
    if (v.kind === 'cash') {
      if (!amountText.safeParse(v.cashAmount).success)
        return form.setError('cashAmount', { message: 'rewards.amountInvalid' }, { shouldFocus: true });
      const minor = toMinor(v.cashAmount, exponent);
      if (minor === null) return form.setError('cashAmount', { message: 'rewards.decimals' }, { shouldFocus: true });
      if (minor === '0') return form.setError('cashAmount', { message: 'rewards.aboveZero' }, { shouldFocus: true });
      cashAmount = minor;
    }
    const body: MallItemUpsertRequest = {
      kind: v.kind,
      name: v.name,
      description: v.description,
      points: String(Number(v.points)),
      cashAmount,
      stock: Number(v.stock),
      perMemberLimit: Number(v.perMemberLimit),
      sortOrder: Number(v.sortOrder),
      active: v.active,
    };
    try {
      await save.mutateAsync({ id: i?.id, body });
      props.onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, FIELDS));
    }
  });

  return (
    <AppDialog
      open
      wide
      onClose={props.onClose}
      title={i ? t('rewards.mall.editTitle', { name: i.name }) : t('rewards.mall.newTitle')}
      footer={<SaveFooter formId="mall-item-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="mall-item-form" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('rewards.mall.name')} {...form.register('name')} error={errors.name} />
        <TextAreaField
          label={t('rewards.mall.description')}
          rows={3}
          {...form.register('description')}
          error={errors.description}
        />
        <div className="bo-form__row">
          <SelectField
            label={t('rewards.mall.kind')}
            options={MALL_ITEM_KINDS.map((k) => ({ value: k, label: t(`rewards.mall.kinds.${k}`) }))}
            {...form.register('kind')}
            error={errors.kind}
          />
          <Field
            label={t('rewards.mall.points')}
            inputMode="numeric"
            {...form.register('points')}
            error={errors.points}
          />
        </div>
        {kind === 'cash' && (
          <Field
            label={t('rewards.mall.cashAmount', { currency })}
            inputMode="decimal"
            {...form.register('cashAmount')}
            error={errors.cashAmount}
          />
        )}
        <div className="bo-form__row">
          <Field label={t('rewards.mall.stock')} inputMode="numeric" {...form.register('stock')} error={errors.stock} />
          <Field
            label={t('rewards.mall.perMemberLimit')}
            inputMode="numeric"
            {...form.register('perMemberLimit')}
            error={errors.perMemberLimit}
          />
          <Field
            label={t('rewards.order')}
            hint={t('rewards.orderHint')}
            inputMode="numeric"
            {...form.register('sortOrder')}
            error={errors.sortOrder}
          />
        </div>
        <label className="bo-check">
          <input type="checkbox" {...form.register('active')} />
          {t('rewards.active')}
        </label>
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
