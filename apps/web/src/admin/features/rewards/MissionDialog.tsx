import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminMission,
  MISSION_KINDS,
  MISSION_PERIODS,
  type MissionKind,
  type MissionPeriod,
  type MissionUpsertRequest,
} from '@sea/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminApiError } from '../../api/client.ts';
import { useSaveMission } from '../../api/rewards.ts';
import { AppDialog, SaveFooter } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';
import { payAsRequest, payAsServerError, payAsValue, type PayAsField } from '../../components/pay-as.ts';
import { PayAsFields } from '../../components/PayAsFields.tsx';
import { isoToLocal, localToIso } from '../../lib/datetime-local.ts';
import { amountText, toMajor, toMinor, wholeText } from './form-values.ts';

const schema = z.object({
  kind: z.enum(MISSION_KINDS),
  period: z.enum(MISSION_PERIODS),
  category: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,32}$/, 'rewards.missions.categoryHint'),
  title: z.string().trim().min(1, 'rewards.missions.titleRequired').max(80, 'rewards.tooLong'),
  target: z.string().trim(),
  reward: amountText,
  streakBonus: amountText,
  startsAt: z.string(),
  endsAt: z.string(),
  sortOrder: wholeText(0, 10_000),
  active: z.boolean(),
});
type Values = z.infer<typeof schema>;
const FIELDS = [
  'kind',
  'period',
  'category',
  'title',
  'target',
  'reward',
  'streakBonus',
  'startsAt',
  'endsAt',
  'sortOrder',
  'active',
] as const;

/** The windows a kind allows: check-in is daily, a first deposit happens once. */
const periodsOf = (kind: MissionKind): readonly MissionPeriod[] =>
  kind === 'check_in' ? ['daily'] : kind === 'first_deposit' ? ['once'] : MISSION_PERIODS;
/** Kinds with a target to set (a check-in or first deposit is done once: target 1). */
const hasTarget = (kind: MissionKind) => kind === 'bet_amount' || kind === 'rounds';

/** A new mission, or a saved one's title, target, reward, schedule, order and on/off (its kind and window stay). */
export function MissionDialog(props: {
  mission?: AdminMission;
  currency: string;
  exponent: number;
  onClose: () => void;
}) {
  const { mission: m, currency, exponent } = props;
  const { t } = useTranslation();
  const save = useSaveMission();
  const [alert, setAlert] = useState<string | null>(null);
  const [pay, setPay] = useState(() => payAsValue(m, exponent));
  const [payError, setPayError] = useState<{ field: PayAsField; message: string } | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      kind: m?.kind ?? 'bet_amount',
      period: m?.period ?? 'daily',
      category: m?.category ?? '',
      title: m?.title ?? '',
      target: m ? (m.kind === 'bet_amount' ? toMajor(m.target, exponent) : m.target) : '',
      reward: m ? toMajor(m.reward, exponent) : '',
      streakBonus: toMajor(m?.streakBonus ?? '0', exponent),
      startsAt: isoToLocal(m?.startsAt),
      endsAt: isoToLocal(m?.endsAt),
      sortOrder: String(m?.sortOrder ?? 0),
      active: m?.active ?? true,
    },
  });
  const errors = form.formState.errors;
  const kind = form.watch('kind');
  const periods = periodsOf(kind);

  const onKind = (next: MissionKind) => {
    const allowed = periodsOf(next);
    if (!allowed.includes(form.getValues('period'))) form.setValue('period', allowed[0]!);
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    const fail = (field: (typeof FIELDS)[number], message: string) => {
      form.setError(field, { message }, { shouldFocus: true });
      return null;
    };
    const minor = (field: 'reward' | 'streakBonus' | 'target', text: string) =>
      toMinor(text, exponent) ?? fail(field, 'rewards.decimals');
    let target = '1';
    if (v.kind === 'bet_amount') {
      if (!amountText.safeParse(v.target).success) return fail('target', 'rewards.amountInvalid');
      const m = minor('target', v.target);
      if (m === null) return;
      if (m === '0') return fail('target', 'rewards.aboveZero');
      target = m;
    } else if (v.kind === 'rounds') {
      if (!wholeText(1, 1_000_000).safeParse(v.target).success)
        return fail('target', t('rewards.wholeRange', { min: 1, max: 1_000_000 }));
      target = String(Number(v.target));
    }
    const reward = minor('reward', v.reward);
    const streakBonus = minor('streakBonus', v.kind === 'check_in' ? v.streakBonus : '0');
    if (reward === null || streakBonus === null) return;
    if (reward === '0') return fail('reward', 'rewards.aboveZero');
    const startsAt = localToIso(v.startsAt) ?? null;
    const endsAt = localToIso(v.endsAt) ?? null;
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt))
      return fail('endsAt', 'rewards.missions.endBeforeStart');
    const payment = payAsRequest(pay, exponent);
    setPayError(payment.ok ? null : payment);
    if (!payment.ok) return;
    const body: MissionUpsertRequest = {
      kind: v.kind,
      period: v.period,
      category: hasTarget(v.kind) && v.category ? v.category.toUpperCase() : null,
      title: v.title,
      target,
      reward,
      streakBonus,
      startsAt,
      endsAt,
      sortOrder: Number(v.sortOrder),
      active: v.active,
      payAs: payment.payAs,
      bonusTerms: payment.bonusTerms,
    };
    try {
      await save.mutateAsync({ id: m?.id, body });
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
      title={m ? t('rewards.missions.editTitle', { title: m.title }) : t('rewards.missions.newTitle')}
      footer={<SaveFooter formId="mission-form" onCancel={props.onClose} saving={save.isPending} />}
    >
      <form id="mission-form" className="bo-form" onSubmit={onSubmit} noValidate>
        <Field label={t('rewards.missions.name')} {...form.register('title')} error={errors.title} />
        {m ? (
          <>
            <div className="bo-form__row">
              <Field label={t('rewards.missions.kind')} value={t(`rewards.missions.kinds.${m.kind}`)} readOnly />
              <Field label={t('rewards.missions.period')} value={t(`rewards.missions.periods.${m.period}`)} readOnly />
            </div>
            <p className="bo-hint">{t('rewards.missions.kindFixed')}</p>
          </>
        ) : (
          <div className="bo-form__row">
            <SelectField
              label={t('rewards.missions.kind')}
              options={MISSION_KINDS.map((k) => ({ value: k, label: t(`rewards.missions.kinds.${k}`) }))}
              {...form.register('kind', { onChange: (e) => onKind(e.target.value as MissionKind) })}
              error={errors.kind}
            />
            <SelectField
              label={t('rewards.missions.period')}
              options={periods.map((p) => ({ value: p, label: t(`rewards.missions.periods.${p}`) }))}
              {...form.register('period')}
              error={errors.period}
            />
          </div>
        )}
        {hasTarget(kind) && (
          <div className="bo-form__row">
            <Field
              label={
                kind === 'bet_amount'
                  ? t('rewards.missions.targetAmount', { currency })
                  : t('rewards.missions.targetRounds')
              }
              inputMode={kind === 'bet_amount' ? 'decimal' : 'numeric'}
              {...form.register('target')}
              error={errors.target}
            />
            <Field
              label={t('rewards.missions.category')}
              hint={t('rewards.missions.categoryHint')}
              {...form.register('category')}
              error={errors.category}
            />
          </div>
        )}
        <div className="bo-form__row">
          <Field
            label={t('rewards.missions.reward', { currency })}
            inputMode="decimal"
            {...form.register('reward')}
            error={errors.reward}
          />
          {kind === 'check_in' && (
            <Field
              label={t('rewards.missions.streakBonus', { currency })}
              inputMode="decimal"
              {...form.register('streakBonus')}
              error={errors.streakBonus}
            />
          )}
        </div>
        <PayAsFields value={pay} onChange={setPay} currency={currency} error={payError} />
        <div className="bo-form__row">
          <Field
            label={t('rewards.missions.startsAt')}
            type="datetime-local"
            {...form.register('startsAt')}
            error={errors.startsAt}
          />
          <Field
            label={t('rewards.missions.endsAt')}
            type="datetime-local"
            {...form.register('endsAt')}
            error={errors.endsAt}
          />
        </div>
        <Field
          label={t('rewards.order')}
          hint={t('rewards.orderHint')}
          inputMode="numeric"
          {...form.register('sortOrder')}
          error={errors.sortOrder}
        />
        <label className="bo-check">
          <input type="checkbox" {...form.register('active')} />
          {t('rewards.active')}
        </label>
        <FormAlert message={alert} />
      </form>
    </AppDialog>
  );
}
