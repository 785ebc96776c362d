import type { Kysely } from 'kysely';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { Leaderboards } from './leaderboard.service.ts';
import { isActiveAt, type Missions } from './missions.service.ts';
import type { PointsRepository } from './points.repository.ts';
import type { Points } from './points.service.ts';
import type { RewardCentre } from './reward-centre.service.ts';
import type { MissionRow, RewardsRepository } from './rewards.repository.ts';
import type { RewardsTables } from './rewards.tables.ts';

type Db = Kysely<RewardsTables>;
export const REWARDS_CONSUMER = 'rewards';

/** How a mission of this kind moves for one event (0: not at all). */
export function missionDelta(m: Pick<MissionRow, 'kind' | 'category'>, e: PlayEvent): bigint {
  if (e.kind === 'bet_settled') {
    if (m.category && m.category.toUpperCase() !== e.category.toUpperCase()) return 0n;
    if (m.kind === 'bet_amount') return e.validBet;
    if (m.kind === 'rounds') return e.adjusts ? 0n : 1n; // a correction is no new round
    return 0n;
  }
  if (e.kind === 'deposit_credited') return m.kind === 'first_deposit' && e.first ? 1n : 0n;
  return 0n;
}

const atOf = (e: PlayEvent) => (e.kind === 'bet_settled' ? e.settledAt : e.at);

/**
 * The play-event consumer of missions, points and leaderboards: a batch is applied in one transaction together
 * with the ids it applied (the queue's `firstTime`), so a batch delivered again — or an event repeated inside it —
 * counts once. Members whose rewards changed get their badge counts pushed after the commit.
 */
export function createRewardsConsumer(deps: {
  db: Db;
  repo: RewardsRepository;
  pointsRepo: PointsRepository;
  missions: Missions;
  points: Points;
  leaderboards: Leaderboards;
  centre: RewardCentre;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** The queue's applied ids (play-events `firstTime`), for `handle`. */
  firstTime: AppliedIds;
}): PlayEventConsumer {
  const consumer: PlayEventConsumer = {
    name: REWARDS_CONSUMER,
    handle: (events) =>
      applyAlone(deps.db, consumer.prepare!(events), (trx, ids) => deps.firstTime(trx, REWARDS_CONSUMER, ids)),
    async prepare(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined> {
      if (!events.length) return undefined;
      const merchantIds = [...new Set(events.map((e) => e.merchantId))];
      const context = new Map<
        bigint,
        { tz: string; missions: MissionRow[]; rules: Awaited<ReturnType<PointsRepository['rules']>> }
      >();
      for (const id of merchantIds) {
        const merchant = await deps.merchants.findById(id);
        if (!merchant) continue;
        const [missions, rules] = await Promise.all([deps.repo.missions(id), deps.pointsRepo.rules(id)]);
        context.set(id, { tz: merchant.timezone, missions, rules });
      }
      let completed = new Set<bigint>();
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime([...new Set(events.map((e) => e.id))]);
          // The batch's effects gathered first, then written set-based (one statement per kind, not per event).
          const moves: Parameters<Missions['advanceMany']>[1][number][] = [];
          const earned: Parameters<Points['earnMany']>[1][number][] = [];
          const scored: Parameters<Leaderboards['recordMany']>[1][number][] = [];
          for (const e of events) {
            if (!fresh.delete(e.id)) continue; // applied before, or earlier in this batch
            const ctx = context.get(e.merchantId);
            if (!ctx) continue;
            const at = atOf(e);
            for (const m of ctx.missions) {
              if (!isActiveAt(m, at)) continue;
              const delta = missionDelta(m, e);
              if (delta > 0n) moves.push({ tz: ctx.tz, m, memberId: e.memberId, delta, at });
            }
            if (e.kind !== 'bet_settled') continue;
            if (ctx.rules) earned.push({ rules: ctx.rules, tz: ctx.tz, e: { ...e, at } });
            scored.push({ tz: ctx.tz, e });
          }
          completed = await deps.missions.advanceMany(trx, moves);
          await deps.points.earnMany(trx, earned);
          await deps.leaderboards.recordMany(trx, scored);
        },
        after() {
          void deps.centre.notifyMany(completed).catch(() => undefined);
        },
      };
    },
  };
  return consumer;
}
