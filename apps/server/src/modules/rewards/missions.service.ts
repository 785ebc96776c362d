import type { AdminMission, MissionUpsertRequest, MissionView } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedAdmin, AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import { presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import type { RewardCentre } from './reward-centre.service.ts';
import type { MissionRow, RewardsRepository } from './rewards.repository.ts';
import type { RewardsTables } from './rewards.tables.ts';
import { addDays, localDay, windowEnd, windowKey } from './windows.ts';

type Db = Kysely<RewardsTables>;

/** A check-in's streak bonus counts at most this many days before today. */
export const STREAK_BONUS_DAYS = 6;

/** Consecutive local days in `days` (newest first) ending today, or yesterday when today is not among them. */
export function streakOf(days: string[], today: string): number {
  let expect = days[0] === today ? today : addDays(today, -1);
  let n = 0;
  for (const d of days) {
    if (d !== expect) break;
    n += 1;
    expect = addDays(expect, -1);
  }
  return n;
}

/** The reward of a completed window: a check-in adds its streak bonus per earlier consecutive day (capped). */
export const rewardOf = (m: Pick<MissionRow, 'kind' | 'reward' | 'streak_bonus'>, streak: number): bigint =>
  m.kind === 'check_in'
    ? m.reward + m.streak_bonus * BigInt(Math.min(Math.max(streak - 1, 0), STREAK_BONUS_DAYS))
    : m.reward;

export const isActiveAt = (m: MissionRow, at: Date) =>
  m.active && (!m.starts_at || m.starts_at <= at) && (!m.ends_at || m.ends_at > at);

const presentAdmin = (m: MissionRow): AdminMission => ({
  id: String(m.id),
  kind: m.kind,
  period: m.period,
  category: m.category,
  title: m.title,
  target: String(m.target),
  reward: String(m.reward),
  streakBonus: String(m.streak_bonus),
  startsAt: m.starts_at?.toISOString() ?? null,
  endsAt: m.ends_at?.toISOString() ?? null,
  sortOrder: m.sort_order,
  active: m.active,
  ...presentPayment(m),
});

const rowOf = (merchantId: bigint, b: MissionUpsertRequest) => ({
  merchant_id: merchantId,
  kind: b.kind,
  period: b.period,
  category: b.kind === 'bet_amount' || b.kind === 'rounds' ? b.category : null,
  title: b.title,
  target: BigInt(b.target),
  reward: BigInt(b.reward),
  streak_bonus: b.kind === 'check_in' ? BigInt(b.streakBonus) : 0n,
  starts_at: b.startsAt ? new Date(b.startsAt) : null,
  ends_at: b.endsAt ? new Date(b.endsAt) : null,
  sort_order: b.sortOrder,
  active: b.active,
  ...termColumns(termsFromRequest(b)),
});

/**
 * Missions: staff define them (kind, window, target, reward, active dates, order); a member's progress grows per
 * window (the merchant's local day or week) from check-ins and play events; completing a window grants its reward
 * to the reward centre once (the reward's key is mission + window).
 */
export function createMissions(deps: {
  db: Db;
  repo: RewardsRepository;
  centre: RewardCentre;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
}) {
  const { db, repo, centre, clock } = deps;

  /**
   * Adds `delta` to a member's window of a mission (in the caller's transaction): progress stops at the target;
   * reaching it grants the reward. True when this call completed the window.
   */
  async function advance(
    trx: Db,
    tz: string,
    m: MissionRow,
    memberId: bigint,
    delta: bigint,
    at: Date,
  ): Promise<boolean> {
    if (delta <= 0n) return false;
    const key = windowKey(m.period, at, tz);
    const row = await repo.lockProgress(trx, m.id, memberId, key, at);
    if (row.completed_at) return false;
    const progress = row.progress + delta >= m.target ? m.target : row.progress + delta;
    const done = progress >= m.target;
    await repo.setProgress(trx, m.id, memberId, key, { progress, completedAt: done ? at : null, at });
    if (!done) return false;
    const streak =
      m.kind === 'check_in' ? streakOf(await repo.completedWindows(trx, m.id, memberId, 8), localDay(at, tz)) : 0;
    await centre.grant(trx, {
      merchantId: m.merchant_id,
      memberId,
      source: 'mission',
      sourceKey: `${m.id}:${key}`,
      amount: rewardOf(m, streak),
      title: m.title,
      bonus: termsOf(m),
      at,
    });
    return true;
  }

  /**
   * Many members' progress at once (the consumer's batch, in its transaction): deltas summed per mission, member and
   * window, one statement for all; each window that completes now grants its reward once (as `advance`).
   * The members whose missions completed.
   */
  async function advanceMany(
    trx: Db,
    moves: readonly { tz: string; m: MissionRow; memberId: bigint; delta: bigint; at: Date }[],
  ): Promise<Set<bigint>> {
    const sums = new Map<
      string,
      { m: MissionRow; tz: string; memberId: bigint; windowKey: string; delta: bigint; at: Date }
    >();
    for (const x of moves) {
      if (x.delta <= 0n) continue;
      const key = windowKey(x.m.period, x.at, x.tz);
      const k = `${x.m.id}|${x.memberId}|${key}`;
      const s = sums.get(k);
      if (s) {
        s.delta += x.delta;
        if (x.at > s.at) s.at = x.at;
      } else sums.set(k, { m: x.m, tz: x.tz, memberId: x.memberId, windowKey: key, delta: x.delta, at: x.at });
    }
    const done = await repo.advanceProgress(
      trx,
      [...sums.values()].map((s) => ({
        missionId: s.m.id,
        memberId: s.memberId,
        windowKey: s.windowKey,
        delta: s.delta,
        at: s.at,
      })),
    );
    // Every window completed now grants its reward, all in one statement (keyed mission + window: once).
    const completed = new Set<bigint>();
    const grants: Parameters<RewardCentre['grantMany']>[1][number][] = [];
    for (const r of done) {
      const s = sums.get(`${r.mission_id}|${r.member_id}|${r.window_key}`)!;
      const streak =
        s.m.kind === 'check_in'
          ? streakOf(await repo.completedWindows(trx, s.m.id, s.memberId, 8), localDay(r.completed_at, s.tz))
          : 0;
      grants.push({
        merchantId: s.m.merchant_id,
        memberId: s.memberId,
        source: 'mission',
        sourceKey: `${s.m.id}:${s.windowKey}`,
        amount: rewardOf(s.m, streak),
        title: s.m.title,
        bonus: termsOf(s.m),
        at: r.completed_at,
      });
      completed.add(s.memberId);
    }
    await centre.grantMany(trx, grants);
    return completed;
  }

  async function view(merchant: Merchant, memberId: bigint): Promise<MissionView[]> {
    const now = clock();
    const missions = (await repo.missions(merchant.id, { activeAt: now })).filter((m) => isActiveAt(m, now));
    const keys = missions.map((m) => ({ missionId: m.id, windowKey: windowKey(m.period, now, merchant.timezone) }));
    const rows = await repo.progressOf(memberId, keys);
    const today = localDay(now, merchant.timezone);
    const out: MissionView[] = [];
    for (const [i, m] of missions.entries()) {
      const key = keys[i]!.windowKey;
      const p = rows.find((r) => r.mission_id === m.id && r.window_key === key);
      const streak = m.kind === 'check_in' ? streakOf(await repo.completedWindows(db, m.id, memberId, 8), today) : 0;
      const nextStreak = p?.completed_at ? streak : streak + 1;
      out.push({
        id: String(m.id),
        kind: m.kind,
        period: m.period,
        category: m.category,
        title: m.title,
        target: String(m.target),
        progress: String(p?.progress ?? 0n),
        reward: String(rewardOf(m, nextStreak)),
        endsAt: windowEnd(key, merchant.timezone)?.toISOString() ?? null,
        completed: Boolean(p?.completed_at),
        streak,
        ...presentPayment(m),
      });
    }
    return out;
  }

  return {
    advance,
    advanceMany,

    list: async (merchant: Merchant, member: AuthenticatedMember) => ({ list: await view(merchant, member.memberId) }),

    /** Today's check-in: completes every active check-in mission of today (again: nothing changes). */
    async checkIn(merchant: Merchant, member: AuthenticatedMember) {
      const now = clock();
      const missions = (await repo.missions(merchant.id, { activeAt: now })).filter((m) => m.kind === 'check_in');
      if (!missions.length) throw new AppError('check_in_unavailable');
      await db.transaction().execute(async (trx) => {
        for (const m of missions) await advance(trx, merchant.timezone, m, member.memberId, 1n, now);
      });
      void centre.notify(member.memberId).catch(() => undefined);
      return { list: await view(merchant, member.memberId) };
    },

    adminList: async (merchant: Merchant) => ({ list: (await repo.missions(merchant.id)).map(presentAdmin) }),

    async create(merchant: Merchant, admin: AuthenticatedAdmin, b: MissionUpsertRequest, ip: string) {
      const row = await repo.insertMission({ ...rowOf(merchant.id, b), created_at: clock() });
      await deps.audit.recordAction(db, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'rewards.mission.create',
        targetType: 'mission',
        targetId: String(row.id),
        detail: { title: row.title, kind: row.kind, period: row.period, payAs: termsOf(row) ? 'bonus' : 'cash' },
        ip,
      });
      return presentAdmin(row);
    },

    /** Changes a mission; kind and window stay (progress already counted belongs to them). */
    async update(merchant: Merchant, admin: AuthenticatedAdmin, id: bigint, b: MissionUpsertRequest, ip: string) {
      const old = await repo.mission(merchant.id, id);
      if (!old) throw new AppError('mission_not_found');
      if (old.kind !== b.kind || old.period !== b.period)
        throw new AppError('validation_failed', 'The kind and window of a mission cannot change; add a new one.');
      const { merchant_id: _m, ...patch } = rowOf(merchant.id, b);
      const row = (await repo.updateMission(merchant.id, id, patch))!;
      await deps.audit.recordAction(db, {
        merchantId: merchant.id,
        adminId: admin.id,
        action: 'rewards.mission.update',
        targetType: 'mission',
        targetId: String(row.id),
        detail: { title: row.title, active: row.active, payAs: termsOf(row) ? 'bonus' : 'cash' },
        ip,
      });
      return presentAdmin(row);
    },
  };
}

export type Missions = ReturnType<typeof createMissions>;
