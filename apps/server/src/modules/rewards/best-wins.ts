import type { Kysely } from 'kysely';
import type { BestWinsRepository, BoardKey, WinRow } from './best-wins.repository.ts';
import type { BoardPeriod, RewardsTables } from './rewards.tables.ts';
import { windowKey } from './windows.ts';

type Db = Kysely<RewardsTables>;

/** A win's multiplier × 10 000 (payout / stake), 0 without a stake or a win. */
export const multiplierBps = (stake: bigint, payout: bigint) =>
  stake > 0n && payout > 0n ? (payout * 10_000n) / stake : 0n;

/** Noted rounds are kept this long: past the weekly window, its payout the day after and late corrections. */
export const WIN_KEEP_DAYS = 15;

/** The settled-bet fields the best-win boards read (a `bet_settled` play event). */
export interface SettledBet {
  id: string;
  merchantId: bigint;
  memberId: bigint;
  product?: string;
  validBet: bigint;
  stake: bigint;
  payout: bigint;
  settledAt: Date;
  adjusts?: string;
}

const PERIODS: BoardPeriod[] = ['daily', 'weekly'];
const keyOf = (r: WinRow, period: BoardPeriod): BoardKey | null => {
  const w = period === 'daily' ? r.day_key : r.week_key;
  return w === null ? null : { merchantId: r.merchant_id, period, windowKey: w, memberId: r.member_id };
};

/**
 * The best-win boards under result corrections (a lottery result corrected after settlement): the rounds that can
 * hold a best win are noted with their stake and payout, and a correction's change moves its round's payout — a
 * raised multiplier above the member's best becomes the best; when the lowered round was the best, the window's best
 * is recomputed from the member's remaining rounds. Runs in the consumer's transaction (its events counted once).
 */
export function createBestWins(repo: BestWinsRepository) {
  return {
    /**
     * Notes the batch's settled rounds that won (and every lottery round: a correction may raise it from nothing).
     * The payout of each noted round as it stands — a correction that arrived before its round already added.
     */
    async note(trx: Db, bets: readonly { tz: string; e: SettledBet }[]): Promise<Map<string, bigint>> {
      const rows = bets
        .filter(
          ({ e }) =>
            !e.adjusts && e.validBet > 0n && (multiplierBps(e.stake, e.payout) > 0n || e.product === 'lottery'),
        )
        .map(({ tz, e }) => ({
          eventId: e.id,
          merchantId: e.merchantId,
          memberId: e.memberId,
          stake: e.stake,
          payout: e.payout,
          settledAt: e.settledAt,
          dayKey: windowKey('daily', e.settledAt, tz),
          weekKey: windowKey('weekly', e.settledAt, tz),
        }))
        .filter((r) => r.stake > 0n);
      const noted = await repo.noteRounds(trx, rows);
      return new Map(noted.map((r) => [r.event_id, r.payout]));
    },

    /** Applies corrections (`adjusts`: its payout is the change) to the best-win boards of their rounds' windows. */
    async correct(trx: Db, corrections: readonly SettledBet[]): Promise<void> {
      for (const c of corrections) {
        if (!c.adjusts || c.payout === 0n) continue;
        const row = await repo.adjust(trx, {
          eventId: c.adjusts,
          merchantId: c.merchantId,
          memberId: c.memberId,
          change: c.payout,
        });
        // Its round has not arrived yet: noting it will count the corrected payout.
        if (row.stake === null || row.settled_at === null) continue;
        const before = multiplierBps(row.stake, row.payout - c.payout);
        const after = multiplierBps(row.stake, row.payout);
        if (before === after) continue;
        for (const period of PERIODS) {
          const k = keyOf(row, period);
          if (!k) continue;
          const cur = await repo.score(trx, k);
          if (!cur || after > cur.score || (after === cur.score && row.settled_at < cur.achieved_at)) {
            if (after > 0n) await repo.setScore(trx, k, { value: after, at: row.settled_at });
          } else if (after < before && before === cur.score) {
            // The lowered round was the best (or shared it): the best of what remains.
            await repo.setScore(trx, k, (await repo.best(trx, k)) ?? null);
          }
        }
      }
    },

    prune: (exec: Db, now: Date) => repo.prune(exec, new Date(now.getTime() - WIN_KEEP_DAYS * 86_400_000)),
  };
}

export type BestWins = ReturnType<typeof createBestWins>;
