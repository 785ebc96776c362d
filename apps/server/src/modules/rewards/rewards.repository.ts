import { newestFirstPage, type Page } from '../../db/paging.ts';
import type { BonusTermColumns } from '../bonus/index.ts';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type {
  BoardMetric,
  BoardPeriod,
  MemberRewardsTable,
  RewardMissionsTable,
  RewardsTables,
  RewardStatus,
} from './rewards.tables.ts';

type Db = Kysely<RewardsTables>;
export type MissionRow = Selectable<RewardMissionsTable>;
export type RewardRow = Selectable<MemberRewardsTable>;
const count = <T>(rows: T[]) => rows.length;

/** One member's score on one board window (bumpScores). */
export interface ScoreBump {
  merchantId: bigint;
  period: BoardPeriod;
  windowKey: string;
  memberId: bigint;
  value: bigint;
  at: Date;
}
const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const byScoreKey = (a: ScoreBump, b: ScoreBump) =>
  a.merchantId !== b.merchantId
    ? cmp(a.merchantId, b.merchantId)
    : a.period !== b.period
      ? a.period.localeCompare(b.period)
      : a.windowKey !== b.windowKey
        ? a.windowKey.localeCompare(b.windowKey)
        : cmp(a.memberId, b.memberId);

/** SQL of missions, the reward centre, applied play events and leaderboards (the rewards module's tables). */
export function createRewardsRepository(db: Db) {
  return {
    // ---- missions
    async missions(merchantId: bigint, opts: { activeAt?: Date } = {}, exec: Db = db): Promise<MissionRow[]> {
      let q = exec.selectFrom('reward_missions').selectAll().where('merchant_id', '=', merchantId);
      if (opts.activeAt) {
        const at = opts.activeAt;
        q = q
          .where('active', '=', true)
          .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
          .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
      }
      return q.orderBy('sort_order').orderBy('id').execute();
    },
    mission: (merchantId: bigint, id: bigint) =>
      db
        .selectFrom('reward_missions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    insertMission: (row: Insertable<RewardMissionsTable>) =>
      db.insertInto('reward_missions').values(row).returningAll().executeTakeFirstOrThrow(),
    updateMission: (merchantId: bigint, id: bigint, patch: Updateable<RewardMissionsTable>) =>
      db
        .updateTable('reward_missions')
        .set(patch)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** A member's progress rows in the given windows of the given missions. */
    async progressOf(memberId: bigint, keys: Array<{ missionId: bigint; windowKey: string }>) {
      if (!keys.length) return [];
      return db
        .selectFrom('reward_mission_progress')
        .selectAll()
        .where('member_id', '=', memberId)
        .where((eb) =>
          eb.or(keys.map((k) => eb.and([eb('mission_id', '=', k.missionId), eb('window_key', '=', k.windowKey)]))),
        )
        .execute();
    },

    /** The progress row of one window, locked (created at 0 when missing) in the caller's transaction. */
    async lockProgress(exec: Db, missionId: bigint, memberId: bigint, windowKey: string, at: Date) {
      await exec
        .insertInto('reward_mission_progress')
        .values({ mission_id: missionId, member_id: memberId, window_key: windowKey, progress: 0, updated_at: at })
        .onConflict((oc) => oc.columns(['mission_id', 'member_id', 'window_key']).doNothing())
        .execute();
      return exec
        .selectFrom('reward_mission_progress')
        .selectAll()
        .where('mission_id', '=', missionId)
        .where('member_id', '=', memberId)
        .where('window_key', '=', windowKey)
        .forUpdate()
        .executeTakeFirstOrThrow();
    },
    /**
     * Adds to many members' progress in one statement (keys unique), capped at each mission's target; a window
     * already completed does not move. The rows that completed now (their completion time set by this call).
     */
    async advanceProgress(
      exec: Db,
      rows: readonly { missionId: bigint; memberId: bigint; windowKey: string; delta: bigint; at: Date }[],
    ): Promise<{ mission_id: bigint; member_id: bigint; window_key: string; completed_at: Date }[]> {
      if (!rows.length) return [];
      const sorted = [...rows].sort((a, b) =>
        a.missionId !== b.missionId
          ? cmp(a.missionId, b.missionId)
          : a.memberId !== b.memberId
            ? cmp(a.memberId, b.memberId)
            : a.windowKey.localeCompare(b.windowKey),
      );
      const { rows: out } = await sql<{
        mission_id: bigint;
        member_id: bigint;
        window_key: string;
        completed_at: Date;
      }>`
        insert into reward_mission_progress as p (mission_id, member_id, window_key, progress, completed_at, updated_at)
        select x.mission, x.member, x.w, least(x.d, m.target), case when x.d >= m.target then x.a end, x.a
          from unnest(${sorted.map((r) => String(r.missionId))}::bigint[], ${sorted.map((r) => String(r.memberId))}::bigint[],
                      ${sorted.map((r) => r.windowKey)}::text[], ${sorted.map((r) => String(r.delta))}::bigint[],
                      ${sorted.map((r) => r.at.toISOString())}::timestamptz[]) with ordinality as x(mission, member, w, d, a, n)
          join reward_missions m on m.id = x.mission
         order by x.n
        on conflict (mission_id, member_id, window_key) do update set
          progress = least(p.progress + excluded.progress, (select target from reward_missions where id = excluded.mission_id)),
          completed_at = case when p.progress + excluded.progress >= (select target from reward_missions where id = excluded.mission_id)
                              then excluded.updated_at end,
          updated_at = excluded.updated_at
         where p.completed_at is null
        returning mission_id, member_id, window_key, completed_at`.execute(exec);
      return out.filter((r) => r.completed_at !== null);
    },
    setProgress: (
      exec: Db,
      missionId: bigint,
      memberId: bigint,
      windowKey: string,
      v: { progress: bigint; completedAt: Date | null; at: Date },
    ) =>
      exec
        .updateTable('reward_mission_progress')
        .set({ progress: v.progress, completed_at: v.completedAt, updated_at: v.at })
        .where('mission_id', '=', missionId)
        .where('member_id', '=', memberId)
        .where('window_key', '=', windowKey)
        .execute(),

    /** The latest completed daily windows of a mission (streaks), newest first. */
    async completedWindows(exec: Db, missionId: bigint, memberId: bigint, limit: number): Promise<string[]> {
      const rows = await exec
        .selectFrom('reward_mission_progress')
        .select('window_key')
        .where('mission_id', '=', missionId)
        .where('member_id', '=', memberId)
        .where('completed_at', 'is not', null)
        .orderBy('window_key', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.window_key);
    },

    // ---- reward centre
    /** A waiting reward; nothing when the same (member, source, source_key) exists already. */
    async insertReward(exec: Db, row: Insertable<MemberRewardsTable>): Promise<RewardRow | undefined> {
      return exec
        .insertInto('member_rewards')
        .values(row)
        .onConflict((oc) => oc.columns(['member_id', 'source', 'source_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },
    /**
     * Many rewards in one statement (in member order, so two batches lock the same rows in the same order); the rows
     * inserted — a (member, source, key) granted before, or earlier in `rows`, is left out (the first one counts).
     */
    async insertRewards(exec: Db, rows: readonly Insertable<MemberRewardsTable>[]): Promise<RewardRow[]> {
      const seen = new Set<string>();
      const unique = rows.filter((r) => {
        const k = `${r.member_id}|${r.source}|${r.source_key}`;
        return seen.has(k) ? false : (seen.add(k), true);
      });
      if (!unique.length) return [];
      const sorted = unique
        .map((r, i) => ({ r, i }))
        .sort((a, b) => cmp(BigInt(a.r.member_id), BigInt(b.r.member_id)) || a.i - b.i)
        .map((x) => x.r);
      const out: RewardRow[] = [];
      for (let i = 0; i < sorted.length; i += 1_000)
        out.push(
          ...(await exec
            .insertInto('member_rewards')
            .values(sorted.slice(i, i + 1_000))
            .onConflict((oc) => oc.columns(['member_id', 'source', 'source_key']).doNothing())
            .returningAll()
            .execute()),
        );
      return out;
    },
    async rewardsPage(memberId: bigint, statuses: RewardStatus[], page: Page) {
      const base = db.selectFrom('member_rewards').where('member_id', '=', memberId).where('status', 'in', statuses);
      return newestFirstPage(base, page);
    },
    /** Claimable rewards past their expiry become expired (a member's own, before its lists and counts). */
    expireDue: (memberId: bigint, now: Date) =>
      db
        .updateTable('member_rewards')
        .set({ status: 'expired' })
        .where('member_id', '=', memberId)
        .where('status', '=', 'claimable')
        .where('expires_at', '<=', now)
        .execute(),
    async claimableCounts(memberId: bigint, now: Date) {
      const rows = await db
        .selectFrom('member_rewards')
        .select(['source', (eb) => eb.fn.countAll<string>().as('n')])
        .where('member_id', '=', memberId)
        .where('status', '=', 'claimable')
        .where('expires_at', '>', now)
        .groupBy('source')
        .execute();
      const by = new Map(rows.map((r) => [r.source, Number(r.n)]));
      return { missions: by.get('mission') ?? 0, rewards: [...by.values()].reduce((a, b) => a + b, 0) };
    },
    /** claimableCounts of many members in one statement (members without a claimable reward: zeros). */
    async claimableCountsMany(memberIds: readonly bigint[], now: Date) {
      const out = new Map<bigint, { missions: number; rewards: number }>(
        memberIds.map((id) => [id, { missions: 0, rewards: 0 }]),
      );
      if (!memberIds.length) return out;
      const rows = await db
        .selectFrom('member_rewards')
        .select(['member_id', 'source', (eb) => eb.fn.countAll<string>().as('n')])
        .where('member_id', '=', sql<bigint>`any(${[...out.keys()].map(String)}::bigint[])`)
        .where('status', '=', 'claimable')
        .where('expires_at', '>', now)
        .groupBy(['member_id', 'source'])
        .execute();
      for (const r of rows) {
        const c = out.get(BigInt(r.member_id))!;
        c.rewards += Number(r.n);
        if (r.source === 'mission') c.missions += Number(r.n);
      }
      return out;
    },
    lockReward: (exec: Db, memberId: bigint, reference: string) =>
      exec
        .selectFrom('member_rewards')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirst(),
    setRewardStatus: (exec: Db, id: bigint, v: { status: RewardStatus; claimedAt?: Date; journalId?: bigint }) =>
      exec
        .updateTable('member_rewards')
        .set({ status: v.status, claimed_at: v.claimedAt ?? null, journal_id: v.journalId ?? null })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    // ---- leaderboards
    /** Adds to a cumulative score (valid bet) or keeps the best (multiplier); achieved_at moves when it rises. */
    /**
     * Many scores of one metric in one statement (keys unique): valid bet adds up; the multiplier keeps the best,
     * ties to the earliest achievement. Rows go in key order (the locks of two writers never cross).
     */
    async bumpScores(exec: Db, metric: BoardMetric, rows: readonly ScoreBump[]) {
      if (!rows.length) return;
      const sorted = [...rows].sort(byScoreKey);
      const add = metric === 'valid_bet';
      await sql`
        insert into reward_leaderboard_scores as s (merchant_id, period, metric, window_key, member_id, score, achieved_at)
        select x.m, x.p, ${metric}, x.w, x.mem, x.v, x.a
          from unnest(${sorted.map((r) => String(r.merchantId))}::bigint[], ${sorted.map((r) => r.period)}::text[],
                      ${sorted.map((r) => r.windowKey)}::text[], ${sorted.map((r) => String(r.memberId))}::bigint[],
                      ${sorted.map((r) => String(r.value))}::bigint[], ${sorted.map((r) => r.at.toISOString())}::timestamptz[])
               with ordinality as x(m, p, w, mem, v, a, n)
         order by x.n
        on conflict (merchant_id, period, metric, window_key, member_id) do update set
          score = ${add ? sql`s.score + excluded.score` : sql`greatest(s.score, excluded.score)`},
          achieved_at = ${
            add
              ? sql`greatest(s.achieved_at, excluded.achieved_at)`
              : sql`case when excluded.score > s.score then excluded.achieved_at else s.achieved_at end`
          }
        -- A best that does not beat the kept one changes nothing: no new row version, no index entries (a win below
        -- the member's best is the usual case once a window is under way).
        ${add ? sql`` : sql`where excluded.score > s.score`}`.execute(exec);
    },

    /** The board's top `limit`: highest score, ties to the earliest achievement, then the lower member id. */
    board: (
      merchantId: bigint,
      period: BoardPeriod,
      metric: BoardMetric,
      windowKey: string,
      limit: number,
      exec: Db = db,
    ) =>
      exec
        .selectFrom('reward_leaderboard_scores')
        .select(['member_id', 'score', 'achieved_at'])
        .where('merchant_id', '=', merchantId)
        .where('period', '=', period)
        .where('metric', '=', metric)
        .where('window_key', '=', windowKey)
        .where('score', '>', 0n)
        .orderBy('score', 'desc')
        .orderBy('achieved_at')
        .orderBy('member_id')
        .limit(limit)
        .execute(),
    /** A member's row and rank (1 + how many rank before it), or undefined. */
    async rankOf(merchantId: bigint, period: BoardPeriod, metric: BoardMetric, windowKey: string, memberId: bigint) {
      const mine = await db
        .selectFrom('reward_leaderboard_scores')
        .select(['score', 'achieved_at'])
        .where('merchant_id', '=', merchantId)
        .where('period', '=', period)
        .where('metric', '=', metric)
        .where('window_key', '=', windowKey)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (!mine || mine.score <= 0n) return undefined;
      const ahead = await db
        .selectFrom('reward_leaderboard_scores')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('period', '=', period)
        .where('metric', '=', metric)
        .where('window_key', '=', windowKey)
        .where((eb) =>
          eb.or([
            eb('score', '>', mine.score),
            eb.and([eb('score', '=', mine.score), eb('achieved_at', '<', mine.achieved_at)]),
            eb.and([
              eb('score', '=', mine.score),
              eb('achieved_at', '=', mine.achieved_at),
              eb('member_id', '<', memberId),
            ]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return { score: mine.score, rank: Number(ahead.n) + 1 };
    },
    prizes: (merchantId: bigint, exec: Db = db) =>
      exec
        .selectFrom('reward_leaderboard_prizes')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('period')
        .orderBy('metric')
        .orderBy('rank')
        .execute(),
    /** Replaces one board's prize table (each rank's row with the board's pay-as terms); `audit` runs in the same transaction. */
    async setPrizes(
      merchantId: bigint,
      period: BoardPeriod,
      metric: BoardMetric,
      amounts: bigint[],
      terms: BonusTermColumns,
      audit?: (trx: Db) => Promise<void>,
    ) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('reward_leaderboard_prizes')
          .where('merchant_id', '=', merchantId)
          .where('period', '=', period)
          .where('metric', '=', metric)
          .execute();
        if (amounts.length)
          await trx
            .insertInto('reward_leaderboard_prizes')
            .values(
              amounts.map((amount, i) => ({ merchant_id: merchantId, period, metric, rank: i + 1, amount, ...terms })),
            )
            .execute();
        await audit?.(trx);
      });
    },
    /** Claims a window's payout (false: it was paid already) in the caller's transaction. */
    async claimPayout(
      exec: Db,
      k: { merchantId: bigint; period: BoardPeriod; metric: BoardMetric; windowKey: string },
      winners: number,
    ) {
      const rows = await exec
        .insertInto('reward_leaderboard_payouts')
        .values({ merchant_id: k.merchantId, period: k.period, metric: k.metric, window_key: k.windowKey, winners })
        .onConflict((oc) => oc.columns(['merchant_id', 'period', 'metric', 'window_key']).doNothing())
        .returning('window_key')
        .execute();
      return count(rows) === 1;
    },
  };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
