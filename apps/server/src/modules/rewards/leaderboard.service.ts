import type { AdminPrizeTable, LeaderboardView, PrizeTableRequest } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import type { AdminModule } from '../admin/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import { maskAccount } from '../games/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createBestWinsRepository } from './best-wins.repository.ts';
import { createBestWins, multiplierBps, type SettledBet } from './best-wins.ts';
import type { RewardCentre } from './reward-centre.service.ts';
import type { RewardsRepository, ScoreBump } from './rewards.repository.ts';
import type { BoardMetric, BoardPeriod, RewardsTables } from './rewards.tables.ts';
import { previousWindowKey, windowEnd, windowKey } from './windows.ts';

type Db = Kysely<RewardsTables>;
const PERIODS: BoardPeriod[] = ['daily', 'weekly'];
const BOARD_SIZE = 20;

export { multiplierBps } from './best-wins.ts';

const TITLES: Record<BoardPeriod, Record<BoardMetric, string>> = {
  daily: { valid_bet: 'Daily leaderboard: valid bet', multiplier: 'Daily leaderboard: best win' },
  weekly: { valid_bet: 'Weekly leaderboard: valid bet', multiplier: 'Weekly leaderboard: best win' },
};

/**
 * Daily and weekly leaderboards by valid bet (sum) or best single-win multiplier: scores grow from the settled-bet
 * consumer; ranks go by score, ties to the earliest achievement; the payout job hands out the prize table of the
 * window that ended, once per window, into the reward centre.
 */
export function createLeaderboards(deps: {
  db: Db;
  repo: RewardsRepository;
  centre: RewardCentre;
  members: Pick<MembersModule, 'accountsOf'>;
  merchants: Pick<MerchantsModule, 'allActive'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}) {
  const { db, repo, centre, clock } = deps;
  const bestWins = createBestWins(createBestWinsRepository());

  return {
    /**
     * Many settled bets' scores (the consumer's batch, in its transaction): per board window and member, the valid
     * bets summed and the best multiplier (its earliest time) — one statement per metric. A round's multiplier counts
     * the corrections that reached it first; a correction (no valid bet) moves the best-win board of its round.
     */
    async recordMany(trx: Db, bets: readonly { tz: string; e: SettledBet }[]) {
      const sums = new Map<string, ScoreBump>();
      const best = new Map<string, ScoreBump>();
      const payouts = await bestWins.note(trx, bets);
      for (const { tz, e } of bets) {
        if (e.validBet <= 0n) continue; // no valid bet (fully hedged, pushed, a correction): no new place
        const mult = multiplierBps(e.stake, payouts.get(e.id) ?? e.payout);
        for (const period of PERIODS) {
          const key = windowKey(period, e.settledAt, tz);
          const k = `${e.merchantId}|${period}|${key}|${e.memberId}`;
          const base = { merchantId: e.merchantId, period, windowKey: key, memberId: e.memberId };
          const s = sums.get(k);
          if (s) {
            s.value += e.validBet;
            if (e.settledAt > s.at) s.at = e.settledAt;
          } else sums.set(k, { ...base, value: e.validBet, at: e.settledAt });
          if (mult <= 0n) continue;
          const b = best.get(k);
          if (!b || mult > b.value || (mult === b.value && e.settledAt < b.at))
            best.set(k, { ...base, value: mult, at: e.settledAt });
        }
      }
      await repo.bumpScores(trx, 'valid_bet', [...sums.values()]);
      await repo.bumpScores(trx, 'multiplier', [...best.values()]);
      await bestWins.correct(
        trx,
        bets.filter((b) => b.e.adjusts).map((b) => b.e),
      );
    },

    async view(
      merchant: Merchant,
      member: AuthenticatedMember,
      q: { period: BoardPeriod; metric: BoardMetric },
    ): Promise<LeaderboardView> {
      const key = windowKey(q.period, clock(), merchant.timezone);
      const [rows, me, prizes] = await Promise.all([
        repo.board(merchant.id, q.period, q.metric, key, BOARD_SIZE),
        repo.rankOf(merchant.id, q.period, q.metric, key, member.memberId),
        repo.prizes(merchant.id),
      ]);
      const table = prizes.filter((p) => p.period === q.period && p.metric === q.metric);
      const accounts = await deps.members.accountsOf(
        merchant.id,
        rows.map((r) => r.member_id),
      );
      return {
        period: q.period,
        metric: q.metric,
        windowKey: key,
        endsAt: windowEnd(key, merchant.timezone)!.toISOString(),
        list: rows.map((r, i) => ({
          rank: i + 1,
          account: maskAccount(accounts.get(r.member_id) ?? '?'),
          score: String(r.score),
        })),
        me: me ? { rank: me.rank, score: String(me.score) } : null,
        prizes: table.map((p) => ({ rank: p.rank, amount: String(p.amount) })),
        // Every rank holds the board's terms (no prize table: cash).
        ...(table[0] ? presentPayment(table[0]) : { payAs: 'cash' as const, bonusTerms: null }),
      };
    },

    async adminPrizes(merchant: Merchant): Promise<Pick<AdminPrizeTable, 'list'>> {
      const rows = await repo.prizes(merchant.id);
      const list: AdminPrizeTable['list'] = [];
      for (const period of PERIODS)
        for (const metric of ['valid_bet', 'multiplier'] as const) {
          const table = rows.filter((r) => r.period === period && r.metric === metric);
          list.push({
            period,
            metric,
            amounts: table.map((r) => String(r.amount)),
            // Every rank holds the board's terms (an empty table: cash).
            ...(table[0] ? presentPayment(table[0]) : { payAs: 'cash' as const, bonusTerms: null }),
          });
        }
      return { list };
    },
    /** Replaces one board's prize table (audited in the same transaction). */
    async setPrizes(merchant: Merchant, admin: AuthenticatedAdmin, b: PrizeTableRequest, ip: string) {
      const terms = termsFromRequest(b);
      await repo.setPrizes(merchant.id, b.period, b.metric, b.amounts.map(BigInt), termColumns(terms), (trx) =>
        deps.audit.recordAction(trx, {
          merchantId: merchant.id,
          adminId: admin.id,
          action: 'rewards.leaderboard_prizes',
          targetType: 'leaderboard',
          targetId: `${b.period}:${b.metric}`,
          detail: { amounts: b.amounts, payAs: terms ? 'bonus' : 'cash' },
          ip,
        }),
      );
      return this.adminPrizes(merchant);
    },

    /**
     * The payout job: for each merchant and board with a prize table, the window before now is paid once (its
     * payout row and the winners' rewards in one transaction). Returns how many rewards were granted.
     */
    async payEnded(): Promise<number> {
      const now = clock();
      await bestWins.prune(db, now);
      let granted = 0;
      const notified = new Set<bigint>();
      for (const merchant of await deps.merchants.allActive()) {
        const prizes = await repo.prizes(merchant.id);
        for (const period of PERIODS)
          for (const metric of ['valid_bet', 'multiplier'] as const) {
            const table = prizes.filter((p) => p.period === period && p.metric === metric);
            if (!table.length) continue;
            const key = previousWindowKey(period, now, merchant.timezone);
            await db.transaction().execute(async (trx) => {
              const winners = await repo.board(merchant.id, period, metric, key, table.length, trx);
              if (
                !(await repo.claimPayout(
                  trx,
                  { merchantId: merchant.id, period, metric, windowKey: key },
                  winners.length,
                ))
              )
                return;
              for (const [i, w] of winners.entries()) {
                const r = await centre.grant(trx, {
                  merchantId: merchant.id,
                  memberId: w.member_id,
                  source: 'leaderboard',
                  sourceKey: `${period}:${metric}:${key}`,
                  amount: table[i]!.amount,
                  bonus: termsOf(table[i]!),
                  title: `${TITLES[period][metric]} ${key.replace(/^W/, '')} #${i + 1}`,
                  at: now,
                });
                if (r) {
                  granted += 1;
                  notified.add(w.member_id);
                }
              }
            });
          }
      }
      for (const id of notified) void centre.notify(id).catch(() => undefined);
      return granted;
    },
  };
}

export type Leaderboards = ReturnType<typeof createLeaderboards>;
