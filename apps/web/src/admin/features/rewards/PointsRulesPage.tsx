import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminPointsRules, PointsRulesRequest } from '@sea/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AdminApiError } from '../../api/client.ts';
import { usePointsRules, useSavePointsRules } from '../../api/rewards.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorText } from '../../components/error-text.ts';
import { Field, FormAlert } from '../../components/form/Field.tsx';
import { useCan } from '../../components/permissions.tsx';
import { amountText, bpsToPercent, percentText, percentToBps, toMajor, toMinor, wholeText } from './form-values.ts';
import './rewards.css';

const schema = z.object({
  threshold: amountText,
  dailyCap: wholeText(0, 999_999_999),
  cashPerPoint: amountText,
  defaultPercent: percentText,
  contributions: z
    .array(
      z.object({
        category: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{1,32}$/, 'rewards.missions.categoryHint'),
        percent: percentText,
      }),
    )
    .max(50),
});
type Values = z.infer<typeof schema>;

/** How members earn reward points (valid bet per point, contribution by category, daily cap) and their cash rate. */
export function PointsRulesPage() {
  const { t } = useTranslation();
  const rules = usePointsRules();
  return (
    <div className="bo-page bo-page--narrow">
      <div className="bo-page__head">
        <h1>{t('rewards.points.title')}</h1>
      </div>
      {rules.isError && <ErrorAlert error={rules.error} onRetry={() => void rules.refetch()} />}
      {rules.isPending && <p role="status">{t('common.loading')}</p>}
      {rules.data && <RulesForm data={rules.data} />}
    </div>
  );
}

function RulesForm({ data }: { data: AdminPointsRules }) {
  const { t } = useTranslation();
  const manage = useCan()('rewards.manage');
  const save = useSavePointsRules();
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { rules: r, currency, exponent } = data;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      threshold: r ? toMajor(r.threshold, exponent) : '',
      dailyCap: r?.dailyCap ?? '0',
      cashPerPoint: r ? toMajor(r.cashPerPoint, exponent) : '',
      defaultPercent: bpsToPercent(r?.defaultBps ?? 10_000),
      contributions: (r?.contributions ?? []).map((c) => ({ category: c.category, percent: bpsToPercent(c.bps) })),
    },
  });
  const rows = useFieldArray({ control: form.control, name: 'contributions' });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setSaved(false);
    const threshold = toMinor(v.threshold, exponent);
    const cashPerPoint = toMinor(v.cashPerPoint, exponent);
    if (threshold === null) return form.setError('threshold', { message: 'rewards.decimals' }, { shouldFocus: true });
    if (threshold === '0') return form.setError('threshold', { message: 'rewards.aboveZero' }, { shouldFocus: true });
    if (cashPerPoint === null)
      return form.setError('cashPerPoint', { message: 'rewards.decimals' }, { shouldFocus: true });
    const seen = new Set<string>();
    for (const [i, c] of v.contributions.entries()) {
      const code = c.category.toUpperCase();
      if (seen.has(code))
        return form.setError(
          `contributions.${i}.category`,
          { message: 'rewards.points.duplicateCategory' },
          { shouldFocus: true },
        );
      seen.add(code);
    }
    const body: PointsRulesRequest = {
      threshold,
      dailyCap: String(Number(v.dailyCap)),
      cashPerPoint,
      defaultBps: percentToBps(v.defaultPercent),
      contributions: v.contributions.map((c) => ({ category: c.category.toUpperCase(), bps: percentToBps(c.percent) })),
    };
    try {
      await save.mutateAsync(body);
      setSaved(true);
    } catch (err) {
      const simple = ['threshold', 'dailyCap', 'cashPerPoint'] as const;
      let placed = false;
      if (err instanceof AdminApiError)
        for (const f of err.fields) {
          const name = simple.find((n) => n === f.field);
          if (name) form.setError(name, { type: 'server', message: f.message });
          else if (f.field === 'defaultBps') form.setError('defaultPercent', { type: 'server', message: f.message });
          else continue;
          placed = true;
        }
      setAlert(placed ? null : errorText(err));
    }
  });

  return (
    <form className="bo-card bo-form" onSubmit={onSubmit} noValidate aria-label={t('rewards.points.title')}>
      {!r && (
        <div className="bo-alert bo-alert--info" role="status">
          {t('rewards.points.notSet')}
        </div>
      )}
      <fieldset className="bo-plain-fieldset" disabled={!manage}>
        <div className="bo-form__row">
          <Field
            label={t('rewards.points.threshold', { currency })}
            hint={t('rewards.points.thresholdHint')}
            inputMode="decimal"
            {...form.register('threshold')}
            error={errors.threshold}
          />
          <Field
            label={t('rewards.points.cashPerPoint', { currency })}
            hint={t('rewards.points.cashPerPointHint')}
            inputMode="decimal"
            {...form.register('cashPerPoint')}
            error={errors.cashPerPoint}
          />
        </div>
        <div className="bo-form__row">
          <Field
            label={t('rewards.points.dailyCap')}
            hint={t('rewards.points.dailyCapHint')}
            inputMode="numeric"
            {...form.register('dailyCap')}
            error={errors.dailyCap}
          />
          <Field
            label={t('rewards.points.defaultPercent')}
            inputMode="decimal"
            {...form.register('defaultPercent')}
            error={errors.defaultPercent}
          />
        </div>
        <fieldset className="bo-plain-fieldset">
          <legend>{t('rewards.points.contributions')}</legend>
          {rows.fields.length === 0 && <p className="bo-hint">{t('rewards.points.noCategories')}</p>}
          {rows.fields.map((f, i) => (
            <div key={f.id} className="bo-reward-row">
              <Field
                label={t('rewards.points.category')}
                {...form.register(`contributions.${i}.category`)}
                error={errors.contributions?.[i]?.category}
              />
              <Field
                label={t('rewards.points.percent')}
                inputMode="decimal"
                {...form.register(`contributions.${i}.percent`)}
                error={errors.contributions?.[i]?.percent}
              />
              <button
                type="button"
                className="bo-btn bo-btn--small bo-btn--danger-ghost"
                onClick={() => rows.remove(i)}
              >
                {t('rewards.points.removeCategory', {
                  category: form.getValues(`contributions.${i}.category`) || i + 1,
                })}
              </button>
            </div>
          ))}
          <div className="bo-form__actions bo-form__actions--start">
            <button
              type="button"
              className="bo-btn bo-btn--small"
              disabled={rows.fields.length >= 50}
              onClick={() => rows.append({ category: '', percent: '100' }, { shouldFocus: true })}
            >
              {t('rewards.points.addCategory')}
            </button>
          </div>
        </fieldset>
      </fieldset>
      <FormAlert message={alert} />
      {saved && (
        <div className="bo-alert bo-alert--success" role="status">
          {t('rewards.points.saved')}
        </div>
      )}
      {manage && (
        <div className="bo-form__actions">
          <button type="submit" className="bo-btn bo-btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}
