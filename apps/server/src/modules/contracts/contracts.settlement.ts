import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import {
  applyRate,
  type ContractType,
  dividend,
  duePeriods,
  periodAt,
  realtimeGross,
  rebateRate,
  selectTier,
  wage,
} from './contract-rules.ts';
import type { Contract, ContractsRepository } from './contracts.repository.ts';
import type { ContractsTables } from './contracts.tables.ts';
import type { RebatesRepository } from './rebates.repository.ts';
import { localDay } from './rebates.service.ts';
import type { RebateBonusPort, TeamStatsPort } from './team-stats.port.ts';

type Db = Kysely<ContractsTables>;

/** Ledger idempotency scopes: (contract, period start) and (member, local day, category). */
export const CONTRACT_SETTLEMENT_SCOPE = 'contract_settlement';
export const CATEGORY_REBATE_SCOPE = 'category_rebate';

/** Late settlements a period waits for before it is settled (real-time: 30 s; the others: 5 minutes). */
const GRACE_MS: Record<ContractType, number> = {
  realtime_salary: 30_000,
  hourly_salary: 5 * 60_000,
  daily_wage: 5 * 60_000,
  dividend: 5 * 60_000,
};
/** Periods one contract catches up in one run at most (a day of real-time windows; a month of days). */
const CATCH_UP: Record<ContractType, number> = {
  realtime_salary: 288,
  hourly_salary: 48,
  daily_wage: 31,
  dividend: 12,
};
const DAY_MS = 86_400_000;
/** An ended contract's last periods are settled within this time of its end (longer than any period + grace). */
const ENDED_HORIZON_MS = 40 * DAY_MS;

/**
 * Settlements written per transaction (records, postings and outcomes): fewer commits and round trips for a
 * run over thousands of agents, while a batch holds its payers' wallets only for a few hundred milliseconds.
 */
const SETTLE_BATCH = 100;
/** Contracts whose team figures are read at once (each a few queries; the pool has more connections). */
const FIGURES_IN_FLIGHT = 4;

export interface SettlementFaults {
  /** Called inside a settlement's transaction after its ledger posting (tests throw here to simulate a crash). */
  afterPost?: (contractId: bigint, periodStart: Date) => void;
}

interface Figures {
  validBet: bigint;
  profit: bigint;
  activeMembers: number;
  tier: number | null;
  rateBp: number;
  amount: bigint;
  carryOut: bigint;
}

interface Task {
  c: Contract;
  merchant: Merchant;
  periods: { start: Date; end: Date }[];
  carry: bigint;
}
interface Slot {
  t: Task;
  p: { start: Date; end: Date };
  f: Figures;
}
type Outcome = 'exists' | 'not_reached' | 'paid' | 'insufficient_funds';

export interface SettlementReport {
  paid: number;
  notReached: number;
  /** Settlements the payer could not fund (recorded as 'insufficient_funds', never overdrawn). */
  insufficientFunds: { contractId: string; periodStart: string; amount: string }[];
}

export function createSettlement(deps: {
  db: Db;
  repo: ContractsRepository;
  rebates: Pick<RebatesRepository, 'lockMember' | 'claimedOn'>;
  ledger: Pick<LedgerModule, 'move'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  teamStats: TeamStatsPort;
  /** Basis points the member's VIP level adds to every category's rebate rate. */
  /** The VIP rebate bonus of the member's level (at `at`: the level held then). */
  rebateBonusBp?: RebateBonusPort;
  clock: () => Date;
  faults?: SettlementFaults;
}) {
  const { db, repo, rebates, ledger, teamStats } = deps;

  async function merchantOf(cache: Map<bigint, Merchant | undefined>, id: bigint) {
    if (!cache.has(id)) cache.set(id, await deps.merchants.findById(id));
    return cache.get(id);
  }

  /** Uplines settle before their downlines (the money flows down the line in one run). */
  function depthOrder(contracts: Contract[]): Map<bigint, number> {
    const byAgent = new Map<string, Contract>();
    for (const c of contracts) if (c.status === 'active') byAgent.set(`${c.merchant_id}:${c.agent_id}`, c);
    const depth = new Map<bigint, number>();
    const depthOf = (c: Contract, guard: number): number => {
      if (depth.has(c.id)) return depth.get(c.id)!;
      const parent = c.upline_id === null ? undefined : byAgent.get(`${c.merchant_id}:${c.upline_id}`);
      const d = parent && guard < 64 ? depthOf(parent, guard + 1) + 1 : 0;
      depth.set(c.id, d);
      return d;
    };
    for (const c of contracts) depthOf(c, 0);
    return depth;
  }

  async function figuresOf(
    c: Contract,
    merchant: Merchant,
    p: { start: Date; end: Date },
    carryIn: bigint,
  ): Promise<Figures> {
    if (c.type === 'realtime_salary') {
      // The rate tier comes from the previous local day's team figures, so a window never re-prices others.
      const today = periodAt('daily', p.start, merchant.timezone);
      const yesterday = periodAt('daily', new Date(today.start.getTime() - 1), merchant.timezone);
      const y = await teamStats.teamPeriodStats(merchant.id, c.agent_id, yesterday.start, yesterday.end);
      const tier = selectTier(c.tiers, { validBet: y.validBet, activeMembers: y.activeMembers });
      const split = await teamStats.teamBetSplit(merchant.id, c.agent_id, p.start, p.end, c.min_single_bet);
      const validBet = split.wonBet + split.lostBet;
      if (tier === null)
        return {
          validBet,
          profit: 0n,
          activeMembers: y.activeMembers,
          tier: null,
          rateBp: 0,
          amount: 0n,
          carryOut: 0n,
        };
      const t = c.tiers[tier]!;
      const amount = realtimeGross({ winRateBp: t.rateBp, lossRateBp: t.lossRateBp ?? 0 }, split);
      return {
        validBet,
        profit: 0n,
        activeMembers: y.activeMembers,
        tier: tier + 1,
        rateBp: t.rateBp,
        amount,
        carryOut: 0n,
      };
    }
    const s = await teamStats.teamPeriodStats(merchant.id, c.agent_id, p.start, p.end);
    const profit = -s.profit; // the platform's: stakes − payouts (the valid bet may be less than the stake)
    if (c.type === 'dividend') {
      const r = dividend(c.tiers, {
        validBet: s.validBet,
        profit,
        activeMembers: s.activeMembers,
        cumulative: c.cumulative,
        carryIn,
      });
      return {
        validBet: s.validBet,
        profit: r.base,
        activeMembers: s.activeMembers,
        tier: r.tier === null ? null : r.tier + 1,
        rateBp: r.rateBp,
        amount: r.amount,
        carryOut: r.carryOut,
      };
    }
    const w = wage(c.tiers, { validBet: s.validBet, activeMembers: s.activeMembers });
    return {
      validBet: s.validBet,
      profit,
      activeMembers: s.activeMembers,
      tier: w.tier === null ? null : w.tier + 1,
      rateBp: w.rateBp,
      amount: w.amount,
      carryOut: 0n,
    };
  }

  /**
   * A batch of (contract, period)s in one transaction: their records (one insert; those that exist already —
   * settled by an earlier run, a duplicate job, a retry after a crash — are skipped), each payment a ledger
   * posting in that transaction (in the batch's order: uplines before downlines, so a wage an upline receives
   * can pay its downlines), then the outcomes (one update). The record's unique key makes a second run do
   * nothing; the ledger key contract:<id>:<period start> is the second guard. The payer is the upline's main
   * wallet (or the house's agent_payouts account); the ledger refuses an overdraft, which is recorded as
   * insufficient_funds. All or nothing: a crash leaves none of the batch paid nor recorded.
   */
  async function settleBatch(batch: Slot[]): Promise<Outcome[]> {
    return db.transaction().execute(async (trx) => {
      const inserted = await repo.insertSettlements(
        trx,
        batch.map(({ t: { c }, p, f }) => ({
          merchant_id: c.merchant_id,
          contract_id: c.id,
          type: c.type,
          agent_id: c.agent_id,
          payer_id: c.upline_id,
          period_start: p.start,
          period_end: p.end,
          valid_bet: f.validBet,
          profit: f.profit,
          active_members: f.activeMembers,
          carry_out: f.carryOut,
          tier: f.tier,
          rate_bp: f.rateBp,
          amount: f.amount,
          status: f.amount > 0n ? 'paid' : 'not_reached',
        })),
      );
      const rowOf = new Map(inserted.map((r) => [`${r.contract_id}:${r.period_start.getTime()}`, r]));
      const outcomes: Outcome[] = [];
      const posted: { id: bigint; status: 'paid' | 'insufficient_funds'; journalId: bigint }[] = [];
      for (const { t, p, f } of batch) {
        const { c, merchant } = t;
        const row = rowOf.get(`${c.id}:${p.start.getTime()}`);
        if (!row) {
          outcomes.push('exists');
          continue;
        }
        if (f.amount === 0n) {
          outcomes.push('not_reached');
          continue;
        }
        const r = await ledger.move(
          {
            merchant,
            scope: CONTRACT_SETTLEMENT_SCOPE,
            key: `${c.id}:${p.start.toISOString()}`,
            kind: c.type,
            memberId: c.agent_id,
            from: c.upline_id === null ? systemAccount('agent_payouts', c.agent_id) : memberMain(c.upline_id),
            to: memberMain(c.agent_id),
            amount: f.amount,
            ref: { contractId: String(c.id), periodStart: p.start.toISOString(), periodEnd: p.end.toISOString() },
          },
          trx,
        );
        deps.faults?.afterPost?.(c.id, p.start);
        const status = r.ok ? ('paid' as const) : ('insufficient_funds' as const);
        posted.push({ id: row.id, status, journalId: r.journalId });
        outcomes.push(status);
      }
      await repo.setSettlementOutcomes(trx, posted);
      return outcomes;
    });
  }

  /**
   * A batch, or — when its transaction lost a lock race (deadlock or serialization failure against another
   * posting on the same wallets: a batch holds several) — each of its settlements in a transaction of its own.
   */
  async function settleSlots(batch: Slot[]): Promise<Outcome[]> {
    try {
      return await settleBatch(batch);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (batch.length === 1 || (code !== '40P01' && code !== '40001')) throw e;
      const out: Outcome[] = [];
      for (const slot of batch) out.push(...(await settleBatch([slot])));
      return out;
    }
  }

  /** Runs `fn` over `items`, at most `n` at a time. */
  async function inPool<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(n, items.length) }, async () => {
        while (next < items.length) await fn(items[next++]!);
      }),
    );
  }

  return {
    /**
     * Settles every due period of every contract of the type (oldest period first, uplines before downlines).
     * Reads first — the contracts, their last settlements (one read), the team figures of every (contract,
     * period) (a few contracts at a time; a contract's periods in order, as dividends carry from one to the
     * next) — then writes in batches of SETTLE_BATCH settlements per transaction.
     */
    async settle(type: ContractType): Promise<SettlementReport> {
      const report: SettlementReport = { paid: 0, notReached: 0, insufficientFunds: [] };
      const now = deps.clock().getTime();
      const contracts = await repo.settling(type, new Date(now - ENDED_HORIZON_MS));
      const depth = depthOrder(contracts);
      const lasts = await repo.lastSettlements(contracts.map((c) => c.id));
      const merchants = new Map<bigint, Merchant | undefined>();
      const tasks: Task[] = [];
      for (const c of contracts) {
        const merchant = await merchantOf(merchants, c.merchant_id);
        if (!merchant || !c.accepted_at) continue;
        const until = new Date(Math.min(now - GRACE_MS[type], c.ended_at?.getTime() ?? Infinity));
        if (until <= c.accepted_at) continue;
        const last = lasts.get(c.id);
        const periods = duePeriods(c.period, {
          from: c.accepted_at,
          until,
          after: last?.period_end,
          timeZone: merchant.timezone,
          limit: CATCH_UP[type],
        });
        if (periods.length) tasks.push({ c, merchant, periods, carry: last?.carry_out ?? 0n });
      }
      const slots: Slot[] = [];
      await inPool(tasks, FIGURES_IN_FLIGHT, async (t) => {
        for (const p of t.periods) {
          const f = await figuresOf(t.c, t.merchant, p, t.carry);
          t.carry = f.carryOut;
          slots.push({ t, p, f });
        }
      });
      // Period by period across contracts, uplines first within a period.
      slots.sort(
        (a, b) =>
          a.p.start.getTime() - b.p.start.getTime() ||
          depth.get(a.t.c.id)! - depth.get(b.t.c.id)! ||
          (a.t.c.id < b.t.c.id ? -1 : a.t.c.id > b.t.c.id ? 1 : 0),
      );
      for (let i = 0; i < slots.length; i += SETTLE_BATCH) {
        const batch = slots.slice(i, i + SETTLE_BATCH);
        const outcomes = await settleSlots(batch);
        outcomes.forEach((outcome, k) => {
          const { t, p, f } = batch[k]!;
          if (outcome === 'paid') report.paid++;
          else if (outcome === 'not_reached') report.notReached++;
          else if (outcome === 'insufficient_funds')
            report.insufficientFunds.push({
              contractId: String(t.c.id),
              periodStart: p.start.toISOString(),
              amount: String(f.amount),
            });
        });
      }
      return report;
    },

    /**
     * Category rebates for the last completed local days of every merchant with bets: each member's valid bet
     * per category × the merchant's rate, less what the member claimed of that day (manual rebate), paid from
     * agent_payouts, one ledger journal per (member, day, category) recorded in the same transaction.
     */
    async settleRebates(days = 2): Promise<{ paid: number; amount: string }> {
      const now = deps.clock().getTime() - GRACE_MS.daily_wage;
      let paid = 0;
      let total = 0n;
      const ids = await teamStats.merchantsWithBets(new Date(now - (days + 1) * DAY_MS), new Date(now));
      for (const merchantId of ids) {
        const merchant = await deps.merchants.findById(merchantId);
        if (!merchant) continue;
        const overrides = await repo.rebateRates(merchantId);
        for (let k = days; k >= 1; k--) {
          const day = localDay(new Date(now - k * DAY_MS), merchant.timezone);
          if (day.end.getTime() > now) continue;
          const dayText = day.text;
          const bets = await teamStats.categoryBets(merchantId, day.start, day.end);
          // The level each member held at the day's end, read once for the day's members.
          const bonusBp = deps.rebateBonusBp
            ? await deps.rebateBonusBp(
                merchantId,
                [...new Set(bets.filter((b) => rebateRate(b.category, overrides) > 0).map((b) => b.memberId))],
                new Date(day.end.getTime() - 1),
              )
            : new Map<bigint, number>();
          for (const b of bets) {
            const base = rebateRate(b.category, overrides);
            const rateBp = base > 0 ? base + (bonusBp.get(b.memberId) ?? 0) : 0;
            const dayAmount = applyRate(b.validBet, rateBp);
            if (dayAmount === 0n || (await repo.rebateExists(merchantId, b.memberId, dayText, b.category))) continue;
            const done = await db.transaction().execute(async (trx) => {
              // What the member claimed of this day already (manual rebate, rebates.service.ts) is not paid twice.
              await rebates.lockMember(trx, merchantId, b.memberId);
              const claimed = (await rebates.claimedOn(trx, merchantId, b.memberId, dayText)).get(b.category) ?? 0n;
              const amount = dayAmount - claimed;
              if (amount <= 0n) return false;
              const r = await ledger.move(
                {
                  merchant,
                  scope: CATEGORY_REBATE_SCOPE,
                  key: `${b.memberId}:${dayText}:${b.category}`,
                  kind: 'rebate',
                  code: 'rebate',
                  memberId: b.memberId,
                  from: systemAccount('agent_payouts', b.memberId),
                  to: memberMain(b.memberId),
                  amount,
                  ref: { day: dayText, category: b.category, validBet: String(b.validBet), rateBp },
                },
                trx,
              );
              if (!r.ok || r.replay) return false;
              const inserted = await repo.insertRebate(trx, {
                merchant_id: merchantId,
                member_id: b.memberId,
                day: dayText,
                category: b.category,
                valid_bet: b.validBet,
                rate_bp: rateBp,
                amount,
                journal_id: r.journalId,
              });
              return inserted ? amount : false;
            });
            if (done !== false) {
              paid++;
              total += done;
            }
          }
        }
      }
      return { paid, amount: String(total) };
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
