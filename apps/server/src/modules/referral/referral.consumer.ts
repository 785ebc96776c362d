import type { Kysely } from 'kysely';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import type { Merchant, MerchantsModule } from '../merchants/index.ts';
import type { ReferralRow, ReferralSettingsRow } from './referral.repository.ts';
import { maskUsername, type ReferralService } from './referral.service.ts';
import type { ReferralFlag } from '@sea/contracts';
import type { MembersModule } from '../members/index.ts';
import type { ReferralTables } from './referral.tables.ts';

type Db = Kysely<ReferralTables>;
export const REFERRAL_CONSUMER = 'referral';
const DAY_MS = 86_400_000;

/** Whether a referral's referee has met the programme: first deposit at least the minimum, turnover reached. */
export const meets = (r: Pick<ReferralRow, 'first_deposit' | 'turnover'>, s: ReferralSettingsRow) =>
  r.first_deposit > 0n && r.first_deposit >= s.min_first_deposit && r.turnover >= s.turnover;

/**
 * The referral consumer of play events: a referee's first credited deposit and the valid bets settled within the
 * programme's days of registering add up on the referral; once it meets the programme it is settled (rewarded, held
 * by the monthly cap, or flagged for staff). A batch is applied in one transaction with the ids it applied
 * (the queue's `firstTime`), so a batch delivered again — or an event repeated in it — counts once, and the order
 * of events does not matter (a bet counts by when it settled, not when it arrived).
 */
export function createReferralConsumer(deps: {
  db: Db;
  service: ReferralService;
  merchants: Pick<MerchantsModule, 'findById'>;
  members: Pick<MembersModule, 'findById'>;
  clock: () => Date;
  /** The queue's applied ids (play-events `firstTime`), for `handle`. */
  firstTime: AppliedIds;
}): PlayEventConsumer {
  const { service } = deps;
  const consumer: PlayEventConsumer = {
    name: REFERRAL_CONSUMER,
    handle: (events) =>
      applyAlone(deps.db, consumer.prepare!(events), (trx, ids) => deps.firstTime(trx, REFERRAL_CONSUMER, ids)),
    async prepare(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined> {
      if (!events.length) return undefined;
      const relevant = events.filter((e) => e.kind === 'bet_settled' || (e.kind === 'deposit_credited' && e.first));
      if (!relevant.length) {
        // still recorded, so a replay finds nothing new either way
        return {
          async apply(_trx, firstTime) {
            await firstTime([...new Set(events.map((e) => e.id))]);
          },
        };
      }
      const context = new Map<bigint, { merchant: Merchant; settings?: ReferralSettingsRow }>();
      for (const id of new Set(relevant.map((e) => e.merchantId))) {
        const merchant = await deps.merchants.findById(id);
        if (merchant) context.set(id, { merchant, settings: await service.active(id) });
      }
      // What the transaction must not ask other modules (PGlite runs one query at a time): the referee's name and
      // the payout-account check of each referral this batch may qualify, read now.
      const known = await service.repo.byReferees([...new Set(relevant.map((e) => e.memberId))]);
      const prior = new Map<bigint, { name: string; flags: ReferralFlag[] }>();
      for (const r of known.filter((k) => k.status === 'registered')) {
        const [referee, flags] = await Promise.all([
          deps.members.findById(r.merchant_id, r.referee_id),
          service.selfReferralFlags(r.merchant_id, r.referrer_id, r.referee_id),
        ]);
        prior.set(r.referee_id, { name: maskUsername(referee?.account ?? ''), flags });
      }
      const paid: bigint[] = [];
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime([...new Set(events.map((e) => e.id))]);
          const referees = [...new Set(relevant.filter((e) => fresh.has(e.id)).map((e) => e.memberId))];
          const rows = new Map<bigint, ReferralRow>();
          for (const r of await service.repo.lockByReferees(trx, referees)) rows.set(r.referee_id, r);
          if (!rows.size) return;
          const touched = new Set<bigint>();
          for (const e of relevant) {
            if (!fresh.delete(e.id)) continue; // applied before, or earlier in this batch
            const r = rows.get(e.memberId);
            if (!r || r.merchant_id !== e.merchantId || r.status !== 'registered') continue;
            const s = context.get(e.merchantId)?.settings;
            if (e.kind === 'deposit_credited') {
              if (r.first_deposit === 0n) rows.set(e.memberId, { ...r, first_deposit: e.amount });
            } else if (e.kind === 'bet_settled' && e.validBet > 0n) {
              const days = s?.within_days ?? 0;
              if (s && e.settledAt.getTime() <= r.created_at.getTime() + days * DAY_MS)
                rows.set(e.memberId, { ...r, turnover: r.turnover + e.validBet });
            }
            touched.add(e.memberId);
          }
          const now = deps.clock();
          for (const refereeId of touched) {
            let r = rows.get(refereeId)!;
            r = await service.repo.update(trx, r.id, { first_deposit: r.first_deposit, turnover: r.turnover });
            const ctx = context.get(r.merchant_id);
            if (!ctx?.settings || !meets(r, ctx.settings)) continue;
            const pre = prior.get(r.referee_id);
            if (!pre) continue; // registered after the read above: the next event of this referee settles it
            const flags = [...new Set([...r.flags, ...pre.flags])];
            if (flags.length) {
              await service.repo.update(trx, r.id, { status: 'flagged', flags, qualified_at: now });
              continue;
            }
            const out = await service.settle(
              trx,
              ctx.merchant,
              ctx.settings,
              { ...r, qualified_at: now },
              now,
              pre.name,
            );
            paid.push(...out.paid);
          }
        },
        after() {
          service.notifyAll(paid);
        },
      };
    },
  };
  return consumer;
}
