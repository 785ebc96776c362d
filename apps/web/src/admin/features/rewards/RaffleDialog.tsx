import { zodResolver } from '@hookform/resolvers/zod';
import type { RaffleRequest, RaffleSummary } from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSaveRaffle } from '../../api/cashback-raffle.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { AdminApiError } from '../../api/client.ts';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { payAsRequest, payAsServerError, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';
import { isoToLocal, localToIso } from '../../lib/datetime-local.ts';
import { amountText, toMajor, toMinor, wholeText } from './form-values.ts';
import { categoriesText, parseCategories } from './categories.ts';

const schema = z.object({
  title: z.string().trim().min(1, 'rewards.missions.titleRequired').max(80, 'rewards.tooLong'),
  startsAt: z.string().min(1, 'rewards.required'),
  endsAt: z.string().min(1, 'rewards.required'),
  drawAt: z.string().min(1, 'rewards.required'),
  turnoverPerTicket: amountText,
  maxTickets: wholeText(1, 100_000),
  categories: categoriesText,
  prizes: z
    .string()
    .trim()
    .regex(/^\d{1,13}(\.\d{1,8})?(\s*,\s*\d{1,13}(\.\d{1,8})?)*$/, 'raffleAdmin.prizesInvalid'),
});
type Values = z.infer<typeof schema>;
const FIELDS = [
  'title',
  'startsAt',
  'endsAt',
  'drawAt',
  'turnoverPerTicket',
  'maxTickets',
  'categories',
  'prizes',
] as const;

/** A new raffle (its seed is made and its hash published on save), or an open one's terms. */
export function RaffleDialog(props: {
  raffle?: RaffleSummary;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { raffle: r, currency, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveRaffle();
  const [alert, setAlert] = useState<string | null>(null);
  const [pay, setPay] = useState(() => payAsValue(r, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: r?.title ?? '',
      startsAt: isoToLocal(r?.startsAt),
      endsAt: isoToLocal(r?.endsAt),
      drawAt: isoToLocal(r?.drawAt),
      turnoverPerTicket: r ? toMajor(r.turnoverPerTicket, exponent) : '',
      maxTickets: String(r?.maxTickets ?? 10),
      categories: r?.categories.join(', ') ?? '',
      prizes: r?.prizes.map((p) => toMajor(p, exponent)).join(', ') ?? '',
    },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const fail = (field: (typeof FIELDS)[number], message: string) => {
      form.setError(field, { message }, { shouldFocus: true });
    };
    const per = toMinor(v.turnoverPerTicket, exponent);
    if (per === null) return fail('turnoverPerTicket', 'rewards.decimals');
    if (per === '0') return fail('turnoverPerTicket', 'rewards.aboveZero');
    const prizes = v.prizes.split(',').map((p) => toMinor(p.trim(), exponent));
    if (prizes.some((p) => p === null)) return fail('prizes', 'rewards.decimals');
    if (prizes.some((p) => p === '0')) return fail('prizes', 'rewards.aboveZero');
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    const body: RaffleRequest = {
      title: v.title,
      startsAt: localToIso(v.startsAt) ?? '',
      endsAt: localToIso(v.endsAt) ?? '',
      drawAt: localToIso(v.drawAt) ?? '',
      turnoverPerTicket: per,
      maxTickets: Number(v.maxTickets),
      categories: parseCategories(v.categories),
      prizes: prizes as string[],
      payAs: payment.payAs,
      bonusTerms: payment.bonusTerms,
    };
    try {
      await save.mutateAsync({ id: r?.id, body });
      props.onClose();
    } catch (err) {
      const termError = payAsServerError(err instanceof AdminApiError ? err.fields : []);
      setPayError(termError);
      const left = placeServerErrors(form.setError, err, FIELDS);
      setAlert(termError && left?.startsWith('bonusTerms') ? null : left);
    }
  });

  return (
    <AppDialog
      open
      wide
      onClose={props.onClose}
      title={r ? t('raffleAdmin.editTitle', { title: r.title }) : t('raffleAdmin.newTitle')}
      footer={<SaveFooter formId="raffle-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="raffle-form" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('raffleAdmin.name')} {...form.register('title')} error={errors.title} />
        <div className="bo-form__row">
          <Field
            label={t('raffleAdmin.startsAt')}
            type="datetime-local"
            {...form.register('startsAt')}
            error={errors.startsAt}
          />
          <Field
            label={t('raffleAdmin.endsAt')}
            type="datetime-local"
            {...form.register('endsAt')}
            error={errors.endsAt}
          />
        </div>
        <Field
          label={t('raffleAdmin.drawAt')}
          hint={t('raffleAdmin.drawAtHint')}
          type="datetime-local"
          {...form.register('drawAt')}
          error={errors.drawAt}
        />
        <div className="bo-form__row">
          <Field
            label={t('raffleAdmin.perTicket', { currency })}
            inputMode="decimal"
            {...form.register('turnoverPerTicket')}
            error={errors.turnoverPerTicket}
          />
          <Field
            label={t('raffleAdmin.maxTickets')}
            inputMode="numeric"
            {...form.register('maxTickets')}
            error={errors.maxTickets}
          />
        </div>
        <Field
          label={t('cashbackAdmin.categories')}
          hint={t('cashbackAdmin.categoriesHint')}
          {...form.register('categories')}
          error={errors.categories}
        />
        <Field
          label={t('raffleAdmin.prizes', { currency })}
          hint={t('raffleAdmin.prizesHint')}
          {...form.register('prizes')}
          error={errors.prizes}
        />
        <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
