import { amountString, type ContractOfferRequest, type ContractTypeCode, ratePercent } from '@sea/contracts';
import { z } from 'zod';
import { passes, requiredText } from '../../lib/validation.ts';
import '../../i18n/areas/agent.ts';

export const CONTRACT_TYPES = ['daily_wage', 'hourly_salary', 'realtime_salary', 'dividend'] as const;
export const DIVIDEND_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export const MIN_TIERS = 3;
export const MAX_TIERS = 6;

const amount = passes(amountString, 'agent.contract.amountFormat');
const rate = passes(ratePercent, 'agent.contract.rateFormat').refine(
  (v) => !ratePercent.safeParse(v).success || (Number(v) > 0 && Number(v) <= 100),
  'agent.contract.rateRange',
);
const count = z
  .string()
  .trim()
  .regex(/^\d{1,7}$/, 'agent.contract.countFormat');

const tier = z.object({ minValidBet: amount, minActive: count, minProfit: z.string(), rate, lossRate: z.string() });

/**
 * The contract offer as the server checks it (contract-rules validateTiers): 3–6 tiers; valid-bet thresholds and
 * rates strictly increase from tier to tier; active members and team loss never decrease; real-time salary needs
 * a loss rate per tier (strictly increasing too), dividends a team-loss threshold per tier.
 */
export const contractOfferSchema = z
  .object({
    downlineAccount: requiredText(),
    type: z.enum(CONTRACT_TYPES),
    period: z.enum(DIVIDEND_PERIODS),
    cumulative: z.boolean(),
    minSingleBet: z.string(),
    tiers: z.array(tier).min(MIN_TIERS).max(MAX_TIERS),
  })
  .superRefine((v, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (v.type === 'realtime_salary' && v.minSingleBet && !amountString.safeParse(v.minSingleBet).success)
      issue(['minSingleBet'], 'agent.contract.amountFormat');
    v.tiers.forEach((t, i) => {
      if (v.type === 'dividend' && !amountString.safeParse(t.minProfit).success)
        issue(['tiers', i, 'minProfit'], 'agent.contract.amountFormat');
      if (v.type === 'realtime_salary' && !rateOk(t.lossRate))
        issue(['tiers', i, 'lossRate'], 'agent.contract.rateFormat');
      if (i === 0) return;
      const p = v.tiers[i - 1]!;
      const more = (a: string, b: string, strict: boolean) =>
        !Number.isFinite(Number(a)) ||
        !Number.isFinite(Number(b)) ||
        (strict ? Number(a) > Number(b) : Number(a) >= Number(b));
      if (!more(t.minValidBet, p.minValidBet, true)) issue(['tiers', i, 'minValidBet'], 'agent.contract.increase');
      if (!more(t.minActive, p.minActive, false)) issue(['tiers', i, 'minActive'], 'agent.contract.notDecrease');
      if (v.type === 'dividend' && !more(t.minProfit, p.minProfit, false))
        issue(['tiers', i, 'minProfit'], 'agent.contract.notDecrease');
      if (!more(t.rate, p.rate, true)) issue(['tiers', i, 'rate'], 'agent.contract.increase');
      if (v.type === 'realtime_salary' && !more(t.lossRate, p.lossRate, true))
        issue(['tiers', i, 'lossRate'], 'agent.contract.increase');
    });
  });

const rateOk = (v: string) => ratePercent.safeParse(v).success && Number(v) > 0 && Number(v) <= 100;

export type ContractOfferForm = z.input<typeof contractOfferSchema>;

export const emptyTier = () => ({ minValidBet: '', minActive: '0', minProfit: '0', rate: '', lossRate: '' });

export const OFFER_DEFAULTS: ContractOfferForm = {
  downlineAccount: '',
  type: 'daily_wage',
  period: 'semimonthly',
  cumulative: false,
  minSingleBet: '',
  tiers: [emptyTier(), emptyTier(), emptyTier()],
};

/** The form's values as the offer request (only the fields the chosen type takes). */
export function toOfferRequest(v: z.output<typeof contractOfferSchema>): ContractOfferRequest {
  const type: ContractTypeCode = v.type;
  return {
    downlineAccount: v.downlineAccount,
    type,
    ...(type === 'dividend' && { period: v.period, cumulative: v.cumulative }),
    ...(type === 'realtime_salary' && v.minSingleBet && { minSingleBet: v.minSingleBet }),
    tiers: v.tiers.map((t) => ({
      minValidBet: t.minValidBet,
      minActive: Number(t.minActive),
      rate: t.rate,
      ...(type === 'dividend' && { minProfit: t.minProfit }),
      ...(type === 'realtime_salary' && { lossRate: t.lossRate }),
    })),
  };
}
