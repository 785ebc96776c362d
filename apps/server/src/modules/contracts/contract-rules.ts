import { zoneOffsetMs as offsetIn } from '../../lib/zone-time.ts';

/**
 * The agent system's arithmetic (domain-rules §8), pure: no I/O, no clock. Money is bigint minor units, rates
 * are integer basis points (1 bp = 0.01 %, 10 000 bp = 100 %).
 *
 * Rounding: every amount is `floor(base × bp / 10 000)` on a non-negative base — rounded down to the minor
 * unit, once per payment (never per bet or per leg), so the payer never pays more than the rate says and the
 * sub-unit remainder stays with the payer. Differential splits are computed as differences of rounded gross
 * amounts, so the parts always add up to the rounded gross of the top (nothing is created by rounding).
 */

export type ContractType = 'dividend' | 'daily_wage' | 'hourly_salary' | 'realtime_salary';
export const CONTRACT_TYPES: readonly ContractType[] = ['dividend', 'daily_wage', 'hourly_salary', 'realtime_salary'];

export const BP_SCALE = 10_000n;
export const MIN_TIERS = 3;
export const MAX_TIERS = 6;

/**
 * One step of a contract. A tier is reached when every threshold is met: the period's team valid bet
 * (`minValidBet`), active members (`minActive`), and for dividends the team loss = platform profit
 * (`minProfit`). `rateBp` is the rate; for real-time salary it is the rate on winning bets and `lossRateBp`
 * the rate on losing bets.
 */
export interface Tier {
  minValidBet: bigint;
  minActive: number;
  minProfit: bigint;
  rateBp: number;
  lossRateBp: number | null;
}

/** floor(base × bp / 10 000) for base ≥ 0; a negative base pays nothing. */
export function applyRate(base: bigint, bp: number): bigint {
  if (base <= 0n || bp <= 0) return 0n;
  return (base * BigInt(bp)) / BP_SCALE;
}

// ---------------------------------------------------------------------------------------------------------
// 8.1 rebate points (返点): the per-bet differential up the chain

/**
 * Each ancestor on the path (nearest first, the bettor's own point first) receives
 * `bet × (its point − the point below it)`, cumulatively, until the system maximum is exhausted (points above
 * the maximum are capped to it; an ancestor whose point is not above the one below receives nothing).
 * Returns the shares nearest first; amounts are differences of rounded cumulative amounts, so they sum to
 * `floor(bet × (top − own) / 10 000)`.
 */
export function rebateDifferential(bet: bigint, ownPointBp: number, ancestorPointsBp: number[], systemMaxBp: number) {
  let below = Math.min(ownPointBp, systemMaxBp);
  let paidSoFar = 0n;
  return ancestorPointsBp.map((point) => {
    const capped = Math.min(point, systemMaxBp);
    if (capped <= below) return 0n;
    below = capped;
    const cumulative = applyRate(bet, capped - Math.min(ownPointBp, systemMaxBp));
    const share = cumulative - paidSoFar;
    paidSoFar = cumulative;
    return share;
  });
}

// ---------------------------------------------------------------------------------------------------------
// 8.2 tiers: validation, selection, the cap against the upline's contract

export type TierProblem =
  | { reason: 'tier_count'; min: number; max: number }
  | { reason: 'rate_range'; tier: number }
  | { reason: 'threshold_range'; tier: number }
  | { reason: 'not_increasing'; tier: number; field: keyof Tier }
  | { reason: 'loss_rate'; tier: number };

/**
 * A contract has 3–6 tiers; valid-bet thresholds and rates strictly increase from tier to tier (the other
 * thresholds — active members, team loss — may stay equal but never decrease); rates are 1 bp … 100 %;
 * real-time salary tiers carry a loss rate that strictly increases too, other types none.
 */
export function validateTiers(type: ContractType, tiers: Tier[]): TierProblem | null {
  if (tiers.length < MIN_TIERS || tiers.length > MAX_TIERS)
    return { reason: 'tier_count', min: MIN_TIERS, max: MAX_TIERS };
  const okRate = (r: number) => Number.isInteger(r) && r >= 1 && r <= 10_000;
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i]!;
    if (!okRate(t.rateBp)) return { reason: 'rate_range', tier: i + 1 };
    if (type === 'realtime_salary' ? t.lossRateBp === null || !okRate(t.lossRateBp) : t.lossRateBp !== null)
      return { reason: 'loss_rate', tier: i + 1 };
    if (t.minValidBet < 0n || t.minProfit < 0n || !Number.isInteger(t.minActive) || t.minActive < 0)
      return { reason: 'threshold_range', tier: i + 1 };
    if (type !== 'dividend' && t.minProfit !== 0n) return { reason: 'threshold_range', tier: i + 1 };
    if (i === 0) continue;
    const p = tiers[i - 1]!;
    if (t.minValidBet <= p.minValidBet) return { reason: 'not_increasing', tier: i + 1, field: 'minValidBet' };
    if (t.minActive < p.minActive) return { reason: 'not_increasing', tier: i + 1, field: 'minActive' };
    if (t.minProfit < p.minProfit) return { reason: 'not_increasing', tier: i + 1, field: 'minProfit' };
    if (t.rateBp <= p.rateBp) return { reason: 'not_increasing', tier: i + 1, field: 'rateBp' };
    if (t.lossRateBp !== null && t.lossRateBp <= (p.lossRateBp ?? 0))
      return { reason: 'not_increasing', tier: i + 1, field: 'lossRateBp' };
  }
  return null;
}

export interface PeriodFigures {
  validBet: bigint;
  activeMembers: number;
  /** Platform profit on the team (= the team's loss); only dividends look at it. */
  profit?: bigint;
}

/** Index of the highest tier whose every threshold is met, or null (NOT_REACHED). */
export function selectTier(tiers: Tier[], f: PeriodFigures): number | null {
  for (let i = tiers.length - 1; i >= 0; i--) {
    const t = tiers[i]!;
    if (f.validBet >= t.minValidBet && f.activeMembers >= t.minActive && (f.profit ?? 0n) >= t.minProfit) return i;
  }
  return null;
}

/**
 * A downline's tiers may not pay more than its upline's own contract (ecai `checkValidLevel`): for every
 * downline tier there must be an upline tier with equal-or-lower thresholds and an equal-or-higher rate (both
 * rates for real-time salary). Returns the 1-based number of the first offending tier, or null.
 */
export function exceedsUpline(downline: Tier[], upline: Tier[]): number | null {
  for (let i = 0; i < downline.length; i++) {
    const d = downline[i]!;
    const covered = upline.some(
      (u) =>
        u.minValidBet <= d.minValidBet &&
        u.minActive <= d.minActive &&
        u.minProfit <= d.minProfit &&
        u.rateBp >= d.rateBp &&
        (d.lossRateBp === null || (u.lossRateBp ?? 0) >= d.lossRateBp),
    );
    if (!covered) return i + 1;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// 8.3 daily wage, 8.4 hourly salary: gross = team valid bet × tier rate

export interface WageResult {
  tier: number | null;
  rateBp: number;
  amount: bigint;
}

/** Daily wage and hourly salary: the tier reached by the period's team valid bet and active members, × its rate. */
export function wage(tiers: Tier[], f: PeriodFigures): WageResult {
  const tier = selectTier(tiers, { validBet: f.validBet, activeMembers: f.activeMembers });
  if (tier === null) return { tier: null, rateBp: 0, amount: 0n };
  const rateBp = tiers[tier]!.rateBp;
  return { tier, rateBp, amount: applyRate(f.validBet, rateBp) };
}

/**
 * What each agent keeps: its gross minus the gross of its direct downlines (which it pays them). The sum over
 * a line equals the top's gross.
 */
export function keeps(ownGross: bigint, directDownlineGross: bigint[]): bigint {
  return ownGross - directDownlineGross.reduce((a, b) => a + b, 0n);
}

// ---------------------------------------------------------------------------------------------------------
// 8.4 real-time salary (every 5 minutes): winning and losing stakes at their own rates

/** One agent's gross for a window: winning stakes × win rate + losing stakes × loss rate (each rounded down). */
export function realtimeGross(
  rates: { winRateBp: number; lossRateBp: number },
  bets: { wonBet: bigint; lostBet: bigint },
) {
  return applyRate(bets.wonBet, rates.winRateBp) + applyRate(bets.lostBet, rates.lossRateBp);
}

/**
 * Per-bet differential along the path (nearest agent first): `v × (rate_a − rate_child_on_path)`, the member
 * itself counting 0. Each agent's contract pays its gross (`v × rate_a`) and the agent pays its downline's,
 * so what it keeps is exactly this share.
 */
export function realtimeShares(
  stake: bigint,
  won: boolean,
  path: { winRateBp: number; lossRateBp: number }[],
): bigint[] {
  const gross = path.map((r) =>
    realtimeGross(r, won ? { wonBet: stake, lostBet: 0n } : { wonBet: 0n, lostBet: stake }),
  );
  return gross.map((g, i) => g - (i === 0 ? 0n : gross[i - 1]!));
}

// ---------------------------------------------------------------------------------------------------------
// 8.5 dividends (cumulative mode carries a period the team won into the next)

export interface DividendInput {
  validBet: bigint;
  /** Platform profit on the team for the period (= the team's loss; negative when the team won). */
  profit: bigint;
  activeMembers: number;
  cumulative: boolean;
  /** The previous period's carry (≤ 0), only used in cumulative mode. */
  carryIn: bigint;
}

export interface DividendResult extends WageResult {
  /** The profit the tier and the amount are based on (this period + the carry in cumulative mode). */
  base: bigint;
  /** Carried into the next period: the base when the team ended up winning (< 0) in cumulative mode, else 0. */
  carryOut: bigint;
}

/** Team loss from the player view of the sources: loss = prizes + rebates + proxy rebates + activity − bets. */
export function teamLoss(f: { bets: bigint; prizes: bigint; rebates: bigint; proxyRebates: bigint; activity: bigint }) {
  return f.prizes + f.rebates + f.proxyRebates + f.activity - f.bets;
}

export function dividend(tiers: Tier[], input: DividendInput): DividendResult {
  const carry = input.cumulative && input.carryIn < 0n ? input.carryIn : 0n;
  const base = input.profit + carry;
  const carryOut = input.cumulative && base < 0n ? base : 0n;
  if (base <= 0n) return { tier: null, rateBp: 0, amount: 0n, base, carryOut };
  const tier = selectTier(tiers, { validBet: input.validBet, activeMembers: input.activeMembers, profit: base });
  if (tier === null) return { tier: null, rateBp: 0, amount: 0n, base, carryOut };
  const rateBp = tiers[tier]!.rateBp;
  return { tier, rateBp, amount: applyRate(base, rateBp), base, carryOut };
}

// ---------------------------------------------------------------------------------------------------------
// 8.6 category rebates (返水) on valid bets

export type RebateCategory = 'LOTT' | 'ELOTT' | 'FISH' | 'RNG' | 'LIVE' | 'SPORTS' | 'ESPORTS' | 'PVP' | 'COCKFIGHT';

/** Spec §9 displayed rates (a merchant may override any of them); PVP none; cockfight not listed: none. */
export const DEFAULT_REBATE_BP: Record<RebateCategory, number> = {
  LOTT: 100,
  ELOTT: 100,
  FISH: 100,
  RNG: 120,
  LIVE: 80,
  SPORTS: 100,
  ESPORTS: 100,
  PVP: 0,
  COCKFIGHT: 0,
};

export function rebateRate(category: string, overrides: Partial<Record<string, number>> = {}): number {
  return overrides[category] ?? DEFAULT_REBATE_BP[category as RebateCategory] ?? 0;
}

/** Rebate per category (each rounded down on its own, as each is paid on its own key) and the total. */
export function categoryRebates(
  bets: { category: string; validBet: bigint }[],
  overrides: Partial<Record<string, number>> = {},
) {
  const lines = bets.map((b) => {
    const rateBp = rebateRate(b.category, overrides);
    return { category: b.category, validBet: b.validBet, rateBp, amount: applyRate(b.validBet, rateBp) };
  });
  return { lines, total: lines.reduce((a, l) => a + l.amount, 0n) };
}

// ---------------------------------------------------------------------------------------------------------
// periods (calendar in the merchant's time zone)

export type Period = 'realtime' | 'hourly' | 'daily' | 'weekly' | 'semimonthly' | 'monthly';
export const DIVIDEND_PERIODS: readonly Period[] = ['daily', 'weekly', 'semimonthly', 'monthly'];
export const REALTIME_WINDOW_MS = 5 * 60_000;

/** The period each contract type settles on (dividends: the contract's choice). */
export function periodOfType(type: ContractType, dividendPeriod: Period | undefined): Period {
  if (type === 'daily_wage') return 'daily';
  if (type === 'hourly_salary') return 'hourly';
  if (type === 'realtime_salary') return 'realtime';
  return dividendPeriod ?? 'semimonthly';
}

/** Offset of `timeZone` from UTC at `at`, in ms (local = utc + offset). */
export const zoneOffsetMs = (timeZone: string, at: Date): number => offsetIn(at, timeZone);

/** The UTC instant of local midnight on the local date y-m-d (m 0-based, may overflow like Date.UTC). */
function localMidnight(timeZone: string, y: number, m: number, d: number): Date {
  const guess = Date.UTC(y, m, d);
  const first = guess - zoneOffsetMs(timeZone, new Date(guess));
  return new Date(guess - zoneOffsetMs(timeZone, new Date(first)));
}

/** The period containing `at`: [start, end). Days, weeks (from Monday), half-months (1st, 16th) and months are local. */
export function periodAt(period: Period, at: Date, timeZone: string): { start: Date; end: Date } {
  const t = at.getTime();
  if (period === 'realtime' || period === 'hourly') {
    const len = period === 'realtime' ? REALTIME_WINDOW_MS : 3_600_000;
    const start = Math.floor(t / len) * len;
    return { start: new Date(start), end: new Date(start + len) };
  }
  const local = new Date(t + zoneOffsetMs(timeZone, at));
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  switch (period) {
    case 'daily':
      return { start: localMidnight(timeZone, y, m, d), end: localMidnight(timeZone, y, m, d + 1) };
    case 'weekly': {
      const monday = d - ((local.getUTCDay() + 6) % 7);
      return { start: localMidnight(timeZone, y, m, monday), end: localMidnight(timeZone, y, m, monday + 7) };
    }
    case 'semimonthly':
      return d < 16
        ? { start: localMidnight(timeZone, y, m, 1), end: localMidnight(timeZone, y, m, 16) }
        : { start: localMidnight(timeZone, y, m, 16), end: localMidnight(timeZone, y, m + 1, 1) };
    case 'monthly':
      return { start: localMidnight(timeZone, y, m, 1), end: localMidnight(timeZone, y, m + 1, 1) };
  }
}

/**
 * The periods a contract settles: every period ending after `from` (its acceptance) and no later than `until`
 * (now minus the grace, or its end), oldest first, at most `limit`, starting after `after` when given (the
 * last settled period's end).
 */
export function duePeriods(
  period: Period,
  opts: { from: Date; until: Date; after?: Date; timeZone: string; limit: number },
): { start: Date; end: Date }[] {
  const out: { start: Date; end: Date }[] = [];
  let cursor = opts.after && opts.after > opts.from ? opts.after : opts.from;
  let p = periodAt(period, cursor, opts.timeZone);
  if (opts.after && p.start < opts.after) p = periodAt(period, p.end, opts.timeZone);
  while (p.end <= opts.until && out.length < opts.limit) {
    out.push(p);
    cursor = p.end;
    p = periodAt(period, cursor, opts.timeZone);
  }
  return out;
}
