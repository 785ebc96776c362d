import type { AdminBonusClaim, AdminBonusClaimPage, AdminBonusClaimQuery, BonusClaimStatus } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { AdminModule } from '../admin/index.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import {
  type AppliedIds,
  applyAlone,
  type PlayEvent,
  type PlayEventConsumer,
  type PreparedBatch,
} from '../../lib/play-events.ts';
import { depositBonus, requirementOf, wageringOf } from './bonus.money.ts';
import type { BonusRepository, ClaimRow } from './bonus.repository.ts';
import { presentClaim, type BonusDeps, type BonusService } from './bonus.service.ts';
import type { BonusTables } from './bonus.tables.ts';

/** The name of the bonus consumer's cursor in the play-event queue (keep it stable). */
export const BONUS_CONSUMER = 'bonus-wagering';

type DepositEvent = Extract<PlayEvent, { kind: 'deposit_credited' }>;

/**
 * The bonus's side of the play-event queue, the job that ends due claims, and the staff's review of flagged ones.
 * Every event is applied once: its id is recorded (`firstTime`) in the transaction that counts it.
 */
export function createBonusWagering(deps: {
  db: Kysely<BonusTables>;
  repo: BonusRepository;
  service: BonusService;
  events: { firstTime: AppliedIds };
  members: BonusDeps['members'];
  staff: Pick<AdminModule, 'staffUsernames'>;
  clock: () => Date;
}) {
  const { db, repo, service } = deps;

  /** A credited deposit: the member's earliest claim waiting for it qualifies (joined before the deposit). */
  async function qualify(trx: AnyDb, e: DepositEvent): Promise<boolean> {
    for (const c of await repo.waitingForDeposit(trx, e.memberId)) {
      if (!c.enabled || (c.kind === 'first_deposit' && !e.first) || e.at < c.joined_at) continue;
      const amount = depositBonus(c, e.amount);
      if (amount === 0n) continue;
      await repo.updateClaim(trx, c.id, {
        status: c.status === 'flagged' ? 'flagged' : 'queued',
        deposit_ref: e.id,
        deposit_amount: e.amount,
        amount,
        requirement: requirementOf(c, amount, e.amount),
        qualified_at: e.at,
      });
      return c.status !== 'flagged';
    }
    return false;
  }

  const consumer: PlayEventConsumer = {
    name: BONUS_CONSUMER,
    handle: (events) =>
      applyAlone(db, consumer.prepare!(events), (trx, ids) => deps.events.firstTime(trx, BONUS_CONSUMER, ids)),
    async prepare(events): Promise<PreparedBatch | undefined> {
      if (!events.length) return undefined;
      // Merchants read before the transaction (PGlite runs one connection: a read outside it would wait for it).
      const merchants = new Map<bigint, Merchant>();
      for (const id of new Set(events.filter((e) => e.kind === 'deposit_credited').map((e) => e.merchantId)))
        merchants.set(id, await service.merchantOf(id));
      let met: { id: bigint; merchantId: bigint }[] = [];
      return {
        async apply(trx, firstTime) {
          const fresh = await firstTime(events.map((e) => e.id));
          const list = events.filter((e) => fresh.has(e.id));
          for (const e of list) {
            if (e.kind !== 'deposit_credited' || !(await qualify(trx, e))) continue;
            await service.activateNext(trx, merchants.get(e.merchantId)!, e.memberId);
          }
          const bets = list.filter((e) => e.kind === 'bet_settled');
          if (bets.length === 0) return;
          const claims = await repo.activeOf(trx, [...new Set(bets.map((e) => e.memberId))]);
          // Each locked claim's wagering of the batch, added in one statement.
          const byMember = new Map<bigint, typeof bets>();
          for (const e of bets) byMember.set(e.memberId, [...(byMember.get(e.memberId) ?? []), e]);
          const adds = claims
            .map((c) => ({
              id: c.id,
              add: (byMember.get(c.member_id) ?? []).reduce((s, e) => s + wageringOf(c, e), 0n),
            }))
            .filter((x) => x.add !== 0n);
          met = (await repo.addWagered(trx, adds))
            .filter((u) => u.wagered >= u.requirement)
            .sort((a, b) => (a.id < b.id ? -1 : 1))
            .map((u) => ({ id: u.id, merchantId: u.merchant_id }));
        },
        // Conversion in a transaction of its own, after the commit: a failure leaves the claim for the job (settleDue).
        async after() {
          for (const c of met) await service.settle(c.id, c.merchantId).catch(() => undefined);
        },
      };
    },
  };

  /** Claims as staff see them: the member and the other member of a flag by account, the reviewer by username. */
  async function presentAdmin(merchant: Merchant, rows: ClaimRow[]): Promise<AdminBonusClaim[]> {
    const [names, accounts, staff] = await Promise.all([
      service.titles(merchant.id, rows),
      deps.members.accountsOf(merchant.id, [
        ...new Set(rows.flatMap((r) => (r.flag_member_id === null ? [r.member_id] : [r.member_id, r.flag_member_id]))),
      ]),
      deps.staff.staffUsernames(rows.flatMap((r) => (r.reviewed_by === null ? [] : [r.reviewed_by]))),
    ]);
    return rows.map((r) => ({
      ...presentClaim(r, names.get(r.promotion_id) ?? ''),
      memberId: String(r.member_id),
      memberAccount: accounts.get(r.member_id) ?? '',
      ip: r.ip,
      device: r.device,
      flagReason: r.flag_reason,
      flagMatch: r.flag_match,
      flagAccount: r.flag_member_id === null ? null : (accounts.get(r.flag_member_id) ?? null),
      reviewedBy: r.reviewed_by === null ? null : (staff.get(r.reviewed_by) ?? null),
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
      reviewReason: r.review_reason,
    }));
  }

  /** The review list (flagged first, then newest); an unknown account is an empty page, not an error. */
  async function adminClaims(merchant: Merchant, q: AdminBonusClaimQuery): Promise<AdminBonusClaimPage> {
    const money = { currency: merchant.currency, exponent: merchant.currencyExponent };
    const empty = { list: [], total: 0, pageNo: q.pageNo, pageSize: q.pageSize, ...money };
    let memberId: bigint | undefined;
    if (q.account) {
      const m = await deps.members.findByAccount(merchant.id, q.account);
      if (!m) return empty;
      memberId = m.id;
    }
    const { rows, total } = await repo.adminPage(
      merchant.id,
      { status: q.status, memberId },
      { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
    );
    return { list: await presentAdmin(merchant, rows), total, pageNo: q.pageNo, pageSize: q.pageSize, ...money };
  }

  return {
    consumer,
    adminClaims,

    /** The job: claims met or past expiry are settled; members with a queue and no active bonus get the next. */
    async settleDue(): Promise<{ settled: number; activated: number } | null> {
      let settled = 0;
      let activated = 0;
      for (const d of await repo.due(deps.clock(), 200))
        if (await service.settle(d.id, d.merchant_id).catch(() => undefined)) settled++;
      for (const q of await repo.idleQueues(200)) {
        const m = await service.merchantOf(q.merchant_id);
        const a = await db
          .transaction()
          .execute((trx) => service.activateNext(trx, m, q.member_id))
          .catch(() => undefined);
        if (a) activated++;
      }
      return settled || activated ? { settled, activated } : null;
    },

    /**
     * Staff decide a flagged claim: approved → it proceeds (queued once qualified); rejected → never paid. The
     * reason (required for a rejection) and the reviewer stay with the claim; the audit entry in the same transaction.
     */
    async review(
      merchant: Merchant,
      adminId: bigint,
      claimId: bigint,
      decision: 'approve' | 'reject',
      reason: string,
      audit: (trx: AnyDb) => Promise<void>,
    ): Promise<AdminBonusClaim> {
      await db.transaction().execute(async (trx) => {
        const c = await repo.lockClaim(trx, claimId);
        if (!c || c.merchant_id !== merchant.id) throw new AppError('bonus_claim_not_found');
        if (c.status !== 'flagged') throw new AppError('bonus_claim_not_flagged');
        const next: BonusClaimStatus = decision === 'reject' ? 'rejected' : c.amount > 0n ? 'queued' : 'joined';
        const now = deps.clock();
        await repo.updateClaim(trx, c.id, {
          status: next,
          reviewed_by: adminId,
          reviewed_at: now,
          review_reason: reason || null,
          ...(next === 'rejected' && { ended_at: now }),
          ...(next === 'queued' && c.qualified_at === null && { qualified_at: now }),
        });
        if (next === 'queued') await service.activateNext(trx, merchant, c.member_id);
        await audit(trx);
      });
      const row = await repo.claimById(merchant.id, claimId);
      if (!row) throw new AppError('bonus_claim_not_found');
      return (await presentAdmin(merchant, [row]))[0]!;
    },
  };
}

export type BonusWagering = ReturnType<typeof createBonusWagering>;
