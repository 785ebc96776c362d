import { zodResolver } from '@hookform/resolvers/zod';
import { contractType, dividendPeriod } from '@sea/contracts';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useHouseOffer } from '../../api/agents.ts';
import { AppDialog } from '../../components/AppDialog.tsx';
import { Field, FormAlert, SelectField } from '../../components/form/Field.tsx';
import { placeServerErrors } from '../../components/form/server-errors.ts';

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,8})?$/, 'settings.amountInvalid');
const rate = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'agents.rateInvalid');
const schema = z.object({
  agentAccount: z.string().trim().min(2, 'agents.accountInvalid').max(64, 'agents.accountInvalid'),
  type: contractType,
  period: dividendPeriod,
  tiers: z
    .array(
      z.object({
        minValidBet: amount,
        minActive: z
          .string()
          .trim()
          .regex(/^\d{1,7}$/, 'agents.countInvalid'),
        minProfit: z.union([z.literal(''), amount]),
        rate,
        lossRate: z.union([z.literal(''), rate]),
      }),
    )
    .min(3)
    .max(6),
});
type Values = z.infer<typeof schema>;
const emptyTier = { minValidBet: '', minActive: '', minProfit: '', rate: '', lossRate: '' };

/**
 * The house offers a top-level agent a contract (3 to 6 tiers with rising thresholds and rates); the agent accepts
 * or rejects it in its agent centre. Paid from the house's agent payouts account.
 */
export function HouseOfferDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const offer = useHouseOffer();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      agentAccount: '',
      type: 'daily_wage',
      period: 'semimonthly',
      tiers: [emptyTier, emptyTier, emptyTier],
    },
  });
  const tiers = useFieldArray({ control: form.control, name: 'tiers' });
  const type = form.watch('type');
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      await offer.mutateAsync({
        agentAccount: v.agentAccount,
        type: v.type,
        ...(v.type === 'dividend' && { period: v.period }),
        tiers: v.tiers.map((x) => ({
          minValidBet: x.minValidBet,
          minActive: Number(x.minActive),
          ...(v.type === 'dividend' && x.minProfit && { minProfit: x.minProfit }),
          rate: x.rate,
          ...(v.type === 'realtime_salary' && x.lossRate && { lossRate: x.lossRate }),
        })),
      });
      onClose();
    } catch (err) {
      setAlert(placeServerErrors(form.setError, err, ['agentAccount', 'type', 'period']));
    }
  });
  return (
    <AppDialog open onClose={onClose} title={t('agents.houseOffer')} wide>
      <form onSubmit={submit} noValidate className="bo-form">
        <p className="bo-hint">{t('agents.houseOfferHelp')}</p>
        <Field
          label={t('agents.topAgent')}
          autoComplete="off"
          {...form.register('agentAccount')}
          error={errors.agentAccount}
        />
        <SelectField
          label={t('agents.type')}
          {...form.register('type')}
          options={contractType.options.map((v) => ({ value: v, label: t(`agents.types.${v}`) }))}
        />
        {type === 'dividend' && (
          <SelectField
            label={t('agents.period')}
            {...form.register('period')}
            options={dividendPeriod.options.map((v) => ({ value: v, label: t(`agents.periods.${v}`) }))}
          />
        )}
        {tiers.fields.map((f, i) => (
          <fieldset key={f.id} className="bo-plain-fieldset bo-tier">
            <legend>{t('agents.tierN', { n: i + 1 })}</legend>
            <Field
              label={t('agents.minValidBet')}
              inputMode="decimal"
              {...form.register(`tiers.${i}.minValidBet`)}
              error={errors.tiers?.[i]?.minValidBet}
            />
            <Field
              label={t('agents.minActive')}
              inputMode="numeric"
              {...form.register(`tiers.${i}.minActive`)}
              error={errors.tiers?.[i]?.minActive}
            />
            {type === 'dividend' && (
              <Field
                label={t('agents.minProfit')}
                inputMode="decimal"
                {...form.register(`tiers.${i}.minProfit`)}
                error={errors.tiers?.[i]?.minProfit}
              />
            )}
            <Field
              label={t('agents.ratePercent')}
              inputMode="decimal"
              {...form.register(`tiers.${i}.rate`)}
              error={errors.tiers?.[i]?.rate}
            />
            {type === 'realtime_salary' && (
              <Field
                label={t('agents.lossRatePercent')}
                inputMode="decimal"
                {...form.register(`tiers.${i}.lossRate`)}
                error={errors.tiers?.[i]?.lossRate}
              />
            )}
          </fieldset>
        ))}
        <div className="bo-row-actions">
          {tiers.fields.length < 6 && (
            <button type="button" className="bo-btn bo-btn--small" onClick={() => tiers.append(emptyTier)}>
              {t('agents.addTier')}
            </button>
          )}
          {tiers.fields.length > 3 && (
            <button
              type="button"
              className="bo-btn bo-btn--small bo-btn--ghost"
              onClick={() => tiers.remove(tiers.fields.length - 1)}
            >
              {t('agents.removeTier')}
            </button>
          )}
        </div>
        <FormAlert message={alert} />
        <div className="bo-form__actions">
          <button type="button" className="bo-btn bo-btn--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="bo-btn bo-btn--primary" disabled={offer.isPending}>
            {t('agents.sendOffer')}
          </button>
        </div>
      </form>
    </AppDialog>
  );
}
