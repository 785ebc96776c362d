import type { AdminCashbackProgramme, CashbackProgrammeRequest, CashbackRunPage, CashbackView } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import type { AdminModule } from '../admin/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { addDays, localDay, previousWindowKey, type RewardsModule, windowEnd, windowKey } from '../rewards/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import { cashbackTerms, createLateCashback, periodLabel } from './cashback.late.ts';
import { cashbackOf, daysOf } from './cashback.money.ts';
import type { CashbackRepository, ProgrammeRow } from './cashback.repository.ts';
import type { CashbackTables } from './cashback.tables.ts';

type Db = Kysely<CashbackTables>;
export const CASHBACK_CONSUMER = 'cashback';
/** A period is closed this long after it ends: play events settled at its end have reached the consumer. */
export const CLOSE_GRACE_MS = 5 * 60_000;
/** How many ended periods back the job looks (a job that was down pays the periods it missed). */
const LOOK_BACK = { daily: 7, weekly: 2 } as const;

export interface CashbackDeps {
  db: Db;
  repo: CashbackRepository;
  merchants: Pick<MerchantsModule, 'findById'>;
  rewards: Pick<RewardsModule, 'grantReward' | 'notifyRewards'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
  /** The queue's applied ids (play-events `firstTime`), for `handle`. */
  firstTime: AppliedIds;
}

const moneyOf = (m: Merchant) => ({ currency: m.currency, exponent: m.currencyExponent });

const present = (p: ProgrammeRow): AdminCashbackProgramme => ({
  id: String(p.id),
  title: p.title,
  period: p.period,
  percentBp: p.percent_bp,
  minNetLoss: String(p.min_net_loss),
  cap: String(p.cap),
  categories: p.categories,
  active: p.active,
  ...presentPayment(p),
  createdAt: p.created_at.toISOString(),
});

const terms = cashbackTerms;

/**
 * Cashback on net loss: the consumer adds each settled bet's stake and payout to the member's local day and
 * category (once per event id); a programme's period reads those sums; the closing job grants each member's
 * cashback of an ended period to the reward centre in one transaction with the period's run row, so a rerun (or a
 * second process) pays nobody twice; the reward centre's claim pays it through the ledger.
 */
export function createCashbackService(deps: CashbackDeps) {
  const { db, repo, clock } = deps;

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`cashback: merchant ${id} not found`);
    return m;
  }
  const late = createLateCashback({ db, repo, merchantOf, rewards: deps.rewards, clock });

  const consumer: PlayEventConsumer = {
    name: CASHBACK_CONSUMER,
    handle: (events) =>
      applyAlone(db, consumer.prepare!(events), (trx, ids) => deps.firstTime(trx, CASHBACK_CONSUMER, ids)),
    async prepare(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined> {
      const bets = events.filter((e) => e.kind === 'bet_settled');
      if (!bets.length) return undefined;
      const zones = new Map<bigint, string>();
      for (const id of new Set(bets.map((e) => e.merchantId))) {
        const m = await deps.merchants.findById(id);
        if (m) zones.set(id, m.timezone);
      }
      const now = clock();
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime([...new Set(bets.map((e) => e.id))]);
          // Bets of a local day that has ended: the day's closed periods are re-counted (late events, cashback.late.ts).
          const late = new Map<string, { merchantId: bigint; memberId: bigint; day: string }>();
          const sums = new Map<
            string,
            { merchantId: bigint; memberId: bigint; day: string; category: string; stake: bigint; payout: bigint }
          >();
          for (const e of bets) {
            if (!fresh.delete(e.id)) continue; // applied before, or earlier in this batch
            const tz = zones.get(e.merchantId);
            if (!tz) continue;
            const day = localDay(e.settledAt, tz);
            const category = e.category.toUpperCase();
            const key = `${e.memberId}|${day}|${category}`;
            const row = sums.get(key) ?? {
              merchantId: e.merchantId,
              memberId: e.memberId,
              day,
              category,
              stake: 0n,
              payout: 0n,
            };
            row.stake += e.stake;
            row.payout += e.payout;
            sums.set(key, row);
            if (day < localDay(now, tz))
              late.set(`${e.memberId}|${day}`, { merchantId: e.merchantId, memberId: e.memberId, day });
          }
          await repo.addDaily(trx, [...sums.values()]);
          await repo.noteLateDays(trx, [...late.values()]);
        },
      };
    },
  };

  /** One programme's period: grants each member's cashback (nothing when it ran before). */
  async function closePeriod(p: ProgrammeRow, periodKey: string, at: Date): Promise<number> {
    const granted: bigint[] = [];
    const ran = await db.transaction().execute(async (trx) => {
      const runId = await repo.claimRun(trx, p.id, p.merchant_id, periodKey, at);
      if (runId === undefined) return false;
      const rows = await repo.sums(trx, {
        merchantId: p.merchant_id,
        days: daysOf(periodKey, addDays),
        categories: p.categories,
      });
      let total = 0n;
      for (const r of rows) {
        const amount = cashbackOf(BigInt(r.stake) - BigInt(r.payout), terms(p));
        if (amount <= 0n) continue;
        const reward = await deps.rewards.grantReward(trx, {
          merchantId: p.merchant_id,
          memberId: r.member_id,
          source: 'cashback',
          sourceKey: `${p.id}:${periodKey}`,
          amount,
          title: `${p.title} · ${periodLabel(periodKey)}`,
          at,
          bonus: termsOf(p),
        });
        if (!reward) continue;
        await repo.setPaid(trx, p.id, periodKey, r.member_id, amount);
        total += amount;
        granted.push(r.member_id);
      }
      await repo.finishRun(trx, runId, granted.length, total);
      return true;
    });
    for (const id of granted) void deps.rewards.notifyRewards(id).catch(() => undefined);
    return ran ? granted.length : -1;
  }

  return {
    consumer,

    /**
     * Closes every ended period of every active programme, then grants what late bets added to closed periods
     * (the job; rerun safe).
     */
    async closeEnded(now: Date = clock()): Promise<{ runs: number; granted: number; adjusted: number }> {
      let runs = 0;
      let granted = 0;
      const cut = new Date(now.getTime() - CLOSE_GRACE_MS);
      for (const p of await repo.allActive()) {
        const m = await deps.merchants.findById(p.merchant_id);
        if (!m) continue;
        let key = previousWindowKey(p.period, cut, m.timezone);
        const keys: string[] = [];
        for (let i = 0; i < LOOK_BACK[p.period]; i++) {
          if (windowEnd(key, m.timezone)! <= p.created_at) break; // the programme did not exist yet
          keys.push(key);
          key = key.startsWith('W') ? `W${addDays(key.slice(1), -7)}` : addDays(key, -1);
        }
        for (const k of keys.reverse()) {
          const n = await closePeriod(p, k, now);
          if (n >= 0) {
            runs += 1;
            granted += n;
          }
        }
      }
      return { runs, granted, adjusted: await late.settleLate() };
    },

    /** The member's running period of every active programme: net loss so far and what it would pay. */
    async standing(merchant: Merchant, member: AuthenticatedMember): Promise<CashbackView> {
      const now = clock();
      const list = [];
      for (const p of (await repo.programmes(merchant.id)).filter((x) => x.active).reverse()) {
        const key = windowKey(p.period, now, merchant.timezone);
        const [row] = await repo.sums(db, {
          merchantId: merchant.id,
          days: daysOf(key, addDays),
          categories: p.categories,
          memberId: member.memberId,
        });
        const net = row ? BigInt(row.stake) - BigInt(row.payout) : 0n;
        list.push({
          ...present(p),
          periodKey: key,
          periodEndsAt: windowEnd(key, merchant.timezone)!.toISOString(),
          netLoss: String(net),
          expected: String(cashbackOf(net, terms(p))),
        });
      }
      return { list: list.map(({ active: _a, createdAt: _c, ...s }) => s), ...moneyOf(merchant) };
    },

    adminList: async (merchant: Merchant) => ({
      list: (await repo.programmes(merchant.id)).map(present),
      ...moneyOf(merchant),
    }),

    async save(
      merchant: Merchant,
      admin: AuthenticatedAdmin,
      id: bigint | null,
      b: CashbackProgrammeRequest,
      ip: string,
    ) {
      const now = clock();
      const bonusTerms = termsFromRequest(b);
      const fields = {
        title: b.title,
        period: b.period,
        percent_bp: b.percentBp,
        min_net_loss: BigInt(b.minNetLoss),
        cap: BigInt(b.cap),
        categories: JSON.stringify(b.categories),
        active: b.active,
        pay_as: bonusTerms ? ('bonus' as const) : ('cash' as const),
        ...termColumns(bonusTerms),
        updated_at: now,
      };
      const row = await db.transaction().execute(async (trx) => {
        let r: ProgrammeRow | undefined;
        if (id === null) {
          r = await repo.insertProgramme(trx, { ...fields, merchant_id: merchant.id, created_at: now });
        } else {
          const old = await repo.programme(merchant.id, id, trx);
          if (!old) throw new AppError('cashback_programme_not_found');
          if (old.period !== b.period)
            throw new AppError('validation_failed', 'The period of a programme cannot change; add a new one.');
          r = await repo.updateProgramme(trx, merchant.id, id, fields);
          if (!r) throw new AppError('cashback_programme_not_found');
        }
        await deps.audit.recordAction(trx as AnyDb, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: id === null ? 'cashback.programme.create' : 'cashback.programme.update',
          targetType: 'cashback_programme',
          targetId: String(r.id),
          detail: {
            title: r.title,
            percentBp: r.percent_bp,
            cap: String(r.cap),
            active: r.active,
            payAs: r.pay_as,
            ...(bonusTerms && { multiplier: bonusTerms.multiplier, expiryDays: bonusTerms.expiryDays }),
          },
          ip,
        });
        return r;
      });
      return present(row);
    },

    async runs(merchant: Merchant, q: { pageNo: number; pageSize: number }): Promise<CashbackRunPage> {
      const { rows, total } = await repo.runsPage(merchant.id, {
        offset: (q.pageNo - 1) * q.pageSize,
        limit: q.pageSize,
      });
      return {
        list: rows.map((r) => ({
          id: String(r.id),
          programmeId: String(r.programme_id),
          title: r.title,
          periodKey: r.period_key,
          members: r.members,
          total: String(r.total),
          ranAt: r.ran_at.toISOString(),
        })),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        ...moneyOf(merchant),
      };
    },
    merchantOf,
  };
}

export type CashbackService = ReturnType<typeof createCashbackService>;
