import { type Kysely, sql } from 'kysely';
import type { BoardPeriod, RewardsTables } from './rewards.tables.ts';

type Db = Kysely<RewardsTables>;

/** A round behind the best-win boards, as it stands after its corrections. */
export interface WinRow {
  event_id: string;
  merchant_id: bigint;
  member_id: bigint;
  stake: bigint | null;
  payout: bigint;
  settled_at: Date | null;
  day_key: string | null;
  week_key: string | null;
}

export interface BoardKey {
  merchantId: bigint;
  period: BoardPeriod;
  windowKey: string;
  memberId: bigint;
}

const keyColumn = (p: BoardPeriod) => (p === 'daily' ? 'day_key' : 'week_key');

/** SQL of the winning rounds behind the best-win boards (migration 0241) and the best-win score they set. */
export function createBestWinsRepository() {
  return {
    /**
     * Settled rounds noted (one statement; a round noted before is left alone). Each returned row is the round with
     * the corrections that reached it first added to its payout.
     */
    async noteRounds(
      exec: Db,
      rows: readonly {
        eventId: string;
        merchantId: bigint;
        memberId: bigint;
        stake: bigint;
        payout: bigint;
        settledAt: Date;
        dayKey: string;
        weekKey: string;
      }[],
    ): Promise<WinRow[]> {
      if (!rows.length) return [];
      return exec
        .insertInto('reward_leaderboard_wins')
        .values(
          rows.map((r) => ({
            event_id: r.eventId,
            merchant_id: r.merchantId,
            member_id: r.memberId,
            stake: r.stake,
            payout: r.payout,
            settled_at: r.settledAt,
            day_key: r.dayKey,
            week_key: r.weekKey,
          })),
        )
        .onConflict((oc) =>
          oc
            .column('event_id')
            .doUpdateSet((eb) => ({
              stake: eb.ref('excluded.stake'),
              payout: sql<bigint>`reward_leaderboard_wins.payout + excluded.payout`,
              settled_at: eb.ref('excluded.settled_at'),
              day_key: eb.ref('excluded.day_key'),
              week_key: eb.ref('excluded.week_key'),
            }))
            // A round delivered again changes nothing (only a row made by an early correction is completed).
            .where('reward_leaderboard_wins.stake', 'is', null),
        )
        .returning(['event_id', 'merchant_id', 'member_id', 'stake', 'payout', 'settled_at', 'day_key', 'week_key'])
        .execute();
    },

    /** A correction's change added to its round's payout (the row made with the change alone when it is first). */
    adjust: (exec: Db, c: { eventId: string; merchantId: bigint; memberId: bigint; change: bigint }): Promise<WinRow> =>
      exec
        .insertInto('reward_leaderboard_wins')
        .values({ event_id: c.eventId, merchant_id: c.merchantId, member_id: c.memberId, payout: c.change })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ payout: sql<bigint>`reward_leaderboard_wins.payout + excluded.payout` }),
        )
        .returning(['event_id', 'merchant_id', 'member_id', 'stake', 'payout', 'settled_at', 'day_key', 'week_key'])
        .executeTakeFirstOrThrow(),

    /** The member's best-win score on one board window (undefined: no place). */
    score: (exec: Db, k: BoardKey) =>
      exec
        .selectFrom('reward_leaderboard_scores')
        .select(['score', 'achieved_at'])
        .where('merchant_id', '=', k.merchantId)
        .where('period', '=', k.period)
        .where('metric', '=', 'multiplier')
        .where('window_key', '=', k.windowKey)
        .where('member_id', '=', k.memberId)
        .forUpdate()
        .executeTakeFirst(),

    /** The best multiplier × 10 000 of the member's noted rounds in one window (ties: the earliest). */
    async best(exec: Db, k: BoardKey): Promise<{ value: bigint; at: Date } | undefined> {
      const col = keyColumn(k.period);
      const row = await exec
        .selectFrom('reward_leaderboard_wins')
        .select([sql<bigint>`payout * 10000 / stake`.as('value'), 'settled_at'])
        .where('member_id', '=', k.memberId)
        .where(col, '=', k.windowKey)
        .where('merchant_id', '=', k.merchantId)
        .where('stake', '>', 0n)
        .where('payout', '>', 0n)
        .orderBy('value', 'desc')
        .orderBy('settled_at')
        .limit(1)
        .executeTakeFirst();
      return row && row.settled_at ? { value: BigInt(row.value), at: row.settled_at } : undefined;
    },

    /** Sets the member's best-win score of one window (null: removed, no winning round left). */
    async setScore(exec: Db, k: BoardKey, s: { value: bigint; at: Date } | null) {
      const where = exec
        .deleteFrom('reward_leaderboard_scores')
        .where('merchant_id', '=', k.merchantId)
        .where('period', '=', k.period)
        .where('metric', '=', 'multiplier')
        .where('window_key', '=', k.windowKey)
        .where('member_id', '=', k.memberId);
      if (!s || s.value <= 0n) {
        await where.execute();
        return;
      }
      await exec
        .insertInto('reward_leaderboard_scores')
        .values({
          merchant_id: k.merchantId,
          period: k.period,
          metric: 'multiplier',
          window_key: k.windowKey,
          member_id: k.memberId,
          score: s.value,
          achieved_at: s.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'period', 'metric', 'window_key', 'member_id'])
            .doUpdateSet({ score: s.value, achieved_at: s.at }),
        )
        .execute();
    },

    /** Rows noted before `before` (past every board window and its late corrections) removed. */
    prune: (exec: Db, before: Date) =>
      exec.deleteFrom('reward_leaderboard_wins').where('noted_at', '<', before).executeTakeFirst(),
  };
}

export type BestWinsRepository = ReturnType<typeof createBestWinsRepository>;
