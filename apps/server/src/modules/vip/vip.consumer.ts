import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { type RewardsModule, weightedBet } from '../rewards/index.ts';
import { periodOf } from './periods.ts';
import type { VipLevelRow, VipRepository } from './vip.repository.ts';
import { qualifyingOf, type VipService, type VipSettings } from './vip.service.ts';
import type { VipTables } from './vip.tables.ts';

type Db = Kysely<VipTables>;
export const VIP_CONSUMER = 'vip';

/** Every contribution 100 % when the merchant has no points rules. */
const FULL = { contributions: {} as Record<string, number>, default_bps: 10_000 };

/**
 * The VIP play-event consumer: a settled bet adds its valid bet × the category's contribution (the rewards
 * module's points rules), a credited deposit its amount, to the member's total of the event's period; the member
 * moves up at once when the total reaches a level. A batch is applied in one transaction together with the ids it
 * applied, so a batch delivered again (or an event repeated inside it) counts once; totals are sums, so the order
 * of events does not matter. Members are locked in id order (no deadlock with the jobs).
 */
export function createVipConsumer(deps: {
  db: Db;
  repo: VipRepository;
  service: Pick<VipService, 'settingsOf' | 'promoteMany'>;
  rewards: Pick<RewardsModule, 'pointsRules' | 'centre'>;
  merchants: Pick<MerchantsModule, 'findById' | 'isEnabled'>;
  /** The queue's applied ids (play-events `firstTime`), for `handle`. */
  firstTime: AppliedIds;
}): PlayEventConsumer {
  const consumer: PlayEventConsumer = {
    name: VIP_CONSUMER,
    handle: (events) =>
      applyAlone(deps.db, consumer.prepare!(events), (trx, ids) => deps.firstTime(trx, VIP_CONSUMER, ids)),
    async prepare(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined> {
      if (!events.length) return undefined;
      type Ctx = { merchant: Merchant; s: VipSettings; levels: VipLevelRow[]; rules: typeof FULL };
      const context = new Map<bigint, Ctx>();
      for (const id of new Set(events.map((e) => e.merchantId))) {
        const merchant = await deps.merchants.findById(id);
        if (!merchant || !(await deps.merchants.isEnabled(id, 'VIP3'))) continue;
        const [s, levels, rules] = await Promise.all([
          deps.service.settingsOf(id),
          deps.repo.levels(id),
          deps.rewards.pointsRules(id),
        ]);
        context.set(id, { merchant, s, levels, rules: rules ?? FULL });
      }
      let promoted = new Set<bigint>();
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime([...new Set(events.map((e) => e.id))]);
          // Sums per member and period first (one row write each), then members in id order.
          const sums = new Map<
            string,
            { ctx: Ctx; memberId: bigint; periodKey: string; at: Date; w: bigint; d: bigint }
          >();
          for (const e of events) {
            if (!fresh.delete(e.id)) continue; // applied before, or earlier in this batch
            const ctx = context.get(e.merchantId);
            if (!ctx || e.kind === 'member_registered') continue;
            const at = e.kind === 'bet_settled' ? e.settledAt : e.at;
            const w = e.kind === 'bet_settled' ? weightedBet(ctx.rules, e.category, e.validBet) : 0n;
            const d = e.kind === 'deposit_credited' ? e.amount : 0n;
            if (w <= 0n && d <= 0n) continue;
            const periodKey = periodOf(ctx.s.period, at, ctx.merchant.timezone).key;
            const k = `${e.memberId}:${periodKey}`;
            const cur = sums.get(k) ?? { ctx, memberId: e.memberId, periodKey, at, w: 0n, d: 0n };
            cur.w += w;
            cur.d += d;
            if (at > cur.at) cur.at = at;
            sums.set(k, cur);
          }
          const ordered = [...sums.values()].sort((a, b) =>
            a.memberId === b.memberId ? a.periodKey.localeCompare(b.periodKey) : a.memberId < b.memberId ? -1 : 1,
          );
          // Set-based: every member locked, every total added, and the batch's promotions written (grants, members,
          // changes) in one statement each.
          const members = await deps.repo.lockMembers(
            trx,
            ordered.map((x) => ({ merchantId: x.ctx.merchant.id, memberId: x.memberId })),
          );
          const totals = new Map(
            (
              await deps.repo.addTotalsMany(
                trx,
                ordered.map((x) => ({ memberId: x.memberId, periodKey: x.periodKey, weighted: x.w, deposits: x.d })),
              )
            ).map((t) => [`${t.member_id}:${t.period_key}`, t]),
          );
          const candidates = ordered
            .filter((x) => x.ctx.levels.length > 0)
            .map((x) => ({
              merchant: x.ctx.merchant,
              levels: x.ctx.levels,
              s: x.ctx.s,
              memberId: x.memberId,
              periodKey: x.periodKey,
              q: qualifyingOf(x.ctx.s, totals.get(`${x.memberId}:${x.periodKey}`), x.ctx.merchant.currencyExponent),
              at: x.at,
            }));
          promoted = await deps.service.promoteMany(trx, members, candidates);
        },
        after() {
          void deps.rewards.centre.notifyMany(promoted).catch(() => undefined);
        },
      };
    },
  };
  return consumer;
}
