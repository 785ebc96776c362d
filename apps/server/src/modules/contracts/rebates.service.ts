import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import {
  applyRate,
  DEFAULT_REBATE_BP,
  periodAt,
  type RebateCategory,
  rebateRate,
  zoneOffsetMs,
} from './contract-rules.ts';
import type { ContractsRepository } from './contracts.repository.ts';
import type { ContractsTables } from './contracts.tables.ts';
import type { RebatesRepository } from './rebates.repository.ts';
import type { RebateBonusPort, TeamStatsPort } from './team-stats.port.ts';

type Db = Kysely<ContractsTables>;

/** Ledger idempotency scope of manual claims: (member, local day, category, claimed before this one). */
export const REBATE_CLAIM_SCOPE = 'rebate_claim';

/** The rebate categories in the spec's order (the keys of the default rates). */
const CATEGORIES = Object.keys(DEFAULT_REBATE_BP) as RebateCategory[];
const isCategory = (c: string): c is RebateCategory => Object.hasOwn(DEFAULT_REBATE_BP, c);

/** The merchant's local calendar day around `at`: its bounds and its text (YYYY-MM-DD). */
export function localDay(at: Date, timeZone: string): { start: Date; end: Date; text: string } {
  const day = periodAt('daily', at, timeZone);
  const text = new Date(day.start.getTime() + zoneOffsetMs(timeZone, day.start)).toISOString().slice(0, 10);
  return { start: day.start, end: day.end, text };
}

/**
 * Manual rebate: the member claims the category rebate accrued on today's valid bets now; the daily job
 * (contracts.settlement.ts) later pays the day's rest. Claims of one member are serialised (advisory lock), each
 * category's claim is one ledger journal from the house's agent_payouts account, keyed by what was claimed before,
 * so a retried or doubled request pays once.
 */
export function createRebatesService(deps: {
  db: Db;
  repo: RebatesRepository;
  contracts: Pick<ContractsRepository, 'rebateRates'>;
  ledger: Pick<LedgerModule, 'moveOrThrow'>;
  teamStats: TeamStatsPort;
  /** Basis points the member's VIP level adds to every category's rate. */
  rebateBonusBp: RebateBonusPort;
  clock: () => Date;
}) {
  const { db, repo } = deps;

  /** Today's valid bets per category and the merchant's rates (read outside any transaction of ours). */
  async function accrual(merchant: Merchant, memberId: bigint) {
    const now = deps.clock();
    const day = localDay(now, merchant.timezone);
    const [bets, overrides, bonusBp] = await Promise.all([
      deps.teamStats.categoryBets(merchant.id, day.start, new Date(now.getTime() + 1), memberId),
      deps.contracts.rebateRates(merchant.id),
      deps.rebateBonusBp(merchant.id, [memberId]).then((m) => m.get(memberId) ?? 0),
    ]);
    const validBets = new Map<RebateCategory, bigint>();
    for (const b of bets) if (isCategory(b.category)) validBets.set(b.category, b.validBet);
    return { day, validBets, overrides, bonusBp };
  }

  /** The rows of the view: every category with bets or claims today. */
  function rowsOf(a: Awaited<ReturnType<typeof accrual>>, claimed: Map<string, bigint>) {
    return CATEGORIES.filter((c) => a.validBets.has(c) || claimed.has(c)).map((category) => {
      const validBet = a.validBets.get(category) ?? 0n;
      const base = rebateRate(category, a.overrides);
      const rateBp = base > 0 ? base + a.bonusBp : 0;
      const accrued = applyRate(validBet, rateBp);
      const done = claimed.get(category) ?? 0n;
      return { category, validBet, rateBp, accrued, claimed: done, claimable: accrued > done ? accrued - done : 0n };
    });
  }

  async function view(merchant: Merchant, memberId: bigint) {
    const a = await accrual(merchant, memberId);
    return { day: a.day, rows: rowsOf(a, await repo.claimedOn(db, merchant.id, memberId, a.day.text)) };
  }

  const present = (merchant: Merchant, v: Awaited<ReturnType<typeof view>>) => ({
    day: v.day.text,
    currency: merchant.currency,
    exponent: merchant.currencyExponent,
    rows: v.rows.map((r) => ({
      category: r.category,
      validBet: String(r.validBet),
      rateBp: r.rateBp,
      accrued: String(r.accrued),
      claimed: String(r.claimed),
      claimable: String(r.claimable),
    })),
    totalClaimable: String(v.rows.reduce((s, r) => s + r.claimable, 0n)),
  });

  return {
    async manualRebate(merchant: Merchant, memberId: bigint) {
      return present(merchant, await view(merchant, memberId));
    },

    /** Pays every category's claimable rebate now (nothing when there is none); answers the view after. */
    async claim(merchant: Merchant, member: { memberId: bigint; isTrial: boolean }) {
      if (member.isTrial) throw new AppError('in_need_true_account');
      const a = await accrual(merchant, member.memberId);
      const paid = await db.transaction().execute(async (trx) => {
        // Claimed so far is read under the member's lock: a concurrent claim waits here, then sees this one's rows.
        await repo.lockMember(trx, merchant.id, member.memberId);
        const v = { day: a.day, rows: rowsOf(a, await repo.claimedOn(trx, merchant.id, member.memberId, a.day.text)) };
        let total = 0n;
        for (const r of v.rows) {
          if (r.claimable <= 0n) continue;
          const posted = await deps.ledger.moveOrThrow(
            {
              merchant,
              scope: REBATE_CLAIM_SCOPE,
              key: `${member.memberId}:${v.day.text}:${r.category}:${r.claimed}`,
              kind: 'rebate',
              code: 'rebate',
              memberId: member.memberId,
              from: systemAccount('agent_payouts', member.memberId),
              to: memberMain(member.memberId),
              amount: r.claimable,
              ref: { day: v.day.text, category: r.category, validBet: String(r.validBet), rateBp: r.rateBp },
            },
            trx,
          );
          if (posted.replay) continue;
          await repo.insertClaim(trx, {
            merchant_id: merchant.id,
            member_id: member.memberId,
            day: v.day.text,
            category: r.category,
            valid_bet: r.validBet,
            rate_bp: r.rateBp,
            amount: r.claimable,
            journal_id: posted.journalId,
          });
          total += r.claimable;
        }
        return total;
      });
      return { paid: String(paid), rebate: present(merchant, await view(merchant, member.memberId)) };
    },

    async records(merchant: Merchant, memberId: bigint, page: { pageNo: number; pageSize: number }) {
      const { rows, total } = await repo.records(merchant.id, memberId, page);
      return {
        list: rows.map((r) => ({
          day: r.day,
          category: r.category as RebateCategory,
          kind: r.kind as 'claim' | 'daily',
          validBet: String(r.valid_bet),
          rateBp: r.rate_bp,
          amount: String(r.amount),
          paidAt: new Date(r.created_at).toISOString(),
        })),
        total,
        ...page,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },
  };
}

export type RebatesService = ReturnType<typeof createRebatesService>;
