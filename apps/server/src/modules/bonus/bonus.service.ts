import type { BonusClaim, BonusOffer, BonusOfferWrite, BonusSummary, PlayerBonusOffer } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { type Leg, type LedgerModule, memberBonus, memberMain, systemAccount } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { PromotionsModule } from '../promotions/index.ts';
import type { ResponsibleGamingModule } from '../responsible-gaming/index.ts';
import { conversionOf, requirementOf } from './bonus.money.ts';
import type { BonusRepository, ClaimRow, OfferRow } from './bonus.repository.ts';
import type { BonusTerms } from './bonus.reward-terms.ts';
import type { BonusTables } from './bonus.tables.ts';

const DAY_MS = 86_400_000;
/**
 * The ledger scope of every bonus journal; keys: grant:<claim> (a reward's claim: the reward's reference),
 * converted:<claim>, expired:<claim>, forfeited:<claim>.
 */
export const BONUS_SCOPE = 'bonus';

export interface BonusDeps {
  db: Kysely<BonusTables>;
  repo: BonusRepository;
  ledger: Pick<LedgerModule, 'postOrThrow' | 'balances' | 'lockBalances'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  members: Pick<MembersModule, 'findById' | 'findByAccount' | 'accountsOf'>;
  promotions: Pick<PromotionsModule, 'facts' | 'list'>;
  deposits: { hasCreditedDeposit(memberId: bigint): Promise<boolean> };
  /** A member on a break (self-exclusion, time-out) is paid no bonus money. */
  rg?: Pick<ResponsibleGamingModule, 'blockRefusal'>;
  clock: () => Date;
}

/** A reward paid as bonus money: its reference (unique; the grant's ledger key), amount, title and terms. */
export interface RewardBonus {
  memberId: bigint;
  reference: string;
  amount: bigint;
  title: string;
  terms: BonusTerms;
}

export function presentOffer(o: OfferRow): BonusOffer {
  const opt = (v: bigint | null) => (v === null ? null : String(v));
  return {
    promotionId: String(o.promotion_id),
    kind: o.kind,
    enabled: o.enabled,
    percentBp: o.percent_bp,
    fixedAmount: String(o.fixed_amount),
    maxBonus: opt(o.max_bonus),
    minDeposit: String(o.min_deposit),
    multiplier: o.multiplier,
    wagerBase: o.wager_base,
    maxConversion: opt(o.max_conversion),
    maxStake: opt(o.max_stake),
    expiryDays: o.expiry_days,
    newMembersOnly: o.new_members_only,
    contributions: o.contributions,
  };
}

export function presentClaim(c: ClaimRow, title: string): BonusClaim {
  const opt = (v: bigint | null) => (v === null ? null : String(v));
  return {
    id: String(c.id),
    promotionId: opt(c.promotion_id),
    rewardRef: c.reward_ref,
    title: c.title ?? title,
    kind: c.kind,
    status: c.status,
    amount: String(c.amount),
    depositAmount: String(c.deposit_amount),
    requirement: String(c.requirement),
    wagered: String(c.wagered > c.requirement ? c.requirement : c.wagered),
    maxConversion: opt(c.max_conversion),
    maxStake: opt(c.max_stake),
    converted: String(c.converted),
    forfeited: String(c.forfeited),
    joinedAt: c.joined_at.toISOString(),
    activatedAt: c.activated_at?.toISOString() ?? null,
    expiresAt: c.expires_at?.toISOString() ?? null,
    endedAt: c.ended_at?.toISOString() ?? null,
  };
}

/**
 * Bonus money: claims from joining to their end, every move of money one ledger journal keyed by the claim
 * (`bonus` scope). One active claim per member (a unique index); the others wait in a queue with their money
 * still in the house's promotions account, paid in when they become active.
 */
export function createBonusService(deps: BonusDeps) {
  const { db, repo, ledger, clock } = deps;

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`bonus: merchant ${id} not found`);
    return m;
  }

  function post(trx: AnyDb, m: Merchant, c: ClaimRow, key: string, legs: Leg[]) {
    return ledger.postOrThrow(
      {
        merchantId: m.id,
        currency: m.currency,
        scope: BONUS_SCOPE,
        key,
        kind: 'bonus',
        memberId: c.member_id,
        ref: { claimId: String(c.id), promotionId: String(c.promotion_id) },
        legs,
      },
      trx,
    );
  }

  /** The oldest queued claim becomes active (its money paid into the bonus account) when none is. */
  async function activateNext(trx: AnyDb, m: Merchant, memberId: bigint): Promise<ClaimRow | undefined> {
    if (await repo.active(trx, memberId, true)) return undefined;
    const q = await repo.oldestQueued(trx, memberId);
    if (!q) return undefined;
    const now = clock();
    if (q.amount > 0n)
      await post(trx, m, q, q.reward_ref ?? `grant:${q.id}`, [
        {
          debit: systemAccount('promotions', memberId),
          credit: memberBonus(memberId),
          amount: q.amount,
          code: 'bonus',
        },
      ]);
    return repo.updateClaim(trx, q.id, {
      status: 'active',
      activated_at: now,
      expires_at: new Date(now.getTime() + q.expiry_days * DAY_MS),
    });
  }

  /**
   * Ends the active claim `c` (locked by the caller): converted → the bonus balance to main up to the maximum
   * conversion, the rest to the house; expired / forfeited → all of it to the house. Then the next queued one.
   */
  async function end(trx: AnyDb, m: Merchant, c: ClaimRow, outcome: 'converted' | 'expired' | 'forfeited') {
    const bonus = memberBonus(c.member_id);
    const main = memberMain(c.member_id);
    const held = (await ledger.lockBalances(m.id, [main, bonus], trx))[bonus]!.available;
    const { toMain, toHouse } =
      outcome === 'converted' ? conversionOf(held, c.max_conversion) : { toMain: 0n, toHouse: held };
    const legs: Leg[] = [];
    if (toMain > 0n) legs.push({ debit: bonus, credit: main, amount: toMain, code: 'bonus_convert' });
    if (toHouse > 0n)
      legs.push({
        debit: bonus,
        credit: systemAccount('promotions', c.member_id),
        amount: toHouse,
        code: 'bonus_forfeit',
      });
    if (legs.length > 0) await post(trx, m, c, `${outcome}:${c.id}`, legs);
    const ended = await repo.updateClaim(trx, c.id, {
      status: outcome,
      ended_at: clock(),
      converted: toMain,
      forfeited: toHouse,
    });
    await activateNext(trx, m, c.member_id);
    return ended;
  }

  /** Settles one active claim when due (requirement met → converted; past expiry → expired). */
  async function settle(claimId: bigint, merchantId: bigint): Promise<ClaimRow['status'] | undefined> {
    // Read before the transaction: PGlite runs one connection, a read outside it would wait for it.
    const m = await merchantOf(merchantId);
    return db.transaction().execute(async (trx) => {
      const c = await repo.lockClaim(trx, claimId);
      if (!c || c.status !== 'active' || c.merchant_id !== m.id) return undefined;
      if (c.wagered >= c.requirement) return (await end(trx, m, c, 'converted')).status;
      if (c.expires_at && c.expires_at <= clock()) return (await end(trx, m, c, 'expired')).status;
      return undefined;
    });
  }

  async function titles(merchantId: bigint, claims: ClaimRow[]): Promise<Map<bigint | null, string>> {
    const ids = [...new Set(claims.flatMap((c) => (c.promotion_id === null ? [] : [c.promotion_id])))];
    const facts = ids.length ? await deps.promotions.facts(merchantId, ids) : [];
    return new Map(facts.map((f) => [f.id, f.title]));
  }

  /** The member's break as an error (a bonus is not paid to a member on a break), in `trx` when given. */
  async function refusal(memberId: bigint, trx?: AnyDb): Promise<AppError | undefined> {
    return deps.rg?.blockRefusal(memberId, trx);
  }

  return {
    activateNext,
    end,
    settle,
    merchantOf,
    titles,

    /**
     * A reward claimed as bonus money, in the claimer's transaction (the reward centre's claim, an activity's
     * approval): a bonus claim queued now, paid into the bonus account at once when no bonus is active (else when
     * the active one ends), wagered and ended like any other. Once per reward reference (a unique index: a second
     * credit of one reward fails its transaction); refused for a member on a break.
     */
    async creditReward(trx: AnyDb, m: Merchant, r: RewardBonus): Promise<ClaimRow> {
      const refused = await refusal(r.memberId, trx);
      if (refused) throw refused;
      if (r.amount <= 0n) throw new Error('bonus: a reward of 0 cannot be credited');
      const now = clock();
      const c = await repo.insertClaim(trx, {
        merchant_id: m.id,
        member_id: r.memberId,
        promotion_id: null,
        reward_ref: r.reference,
        title: r.title,
        kind: 'reward',
        status: 'queued',
        amount: r.amount,
        requirement: BigInt(r.terms.multiplier) * r.amount,
        max_conversion: r.terms.maxConversion,
        max_stake: r.terms.maxStake,
        expiry_days: r.terms.expiryDays,
        contributions: JSON.stringify({}),
        ip: '',
        device: '',
        joined_at: now,
        qualified_at: now,
      });
      await activateNext(trx, m, r.memberId); // this claim, unless an older one queues before it
      return (await repo.lockClaim(trx, c.id)) ?? c;
    },

    /** The largest stake while the member wagers an active bonus (the seamless wallet asks when bonus money is held). */
    async maxStake(_merchantId: bigint, memberId: bigint, trx?: AnyDb): Promise<bigint | undefined> {
      return (await repo.active(trx, memberId))?.max_stake ?? undefined;
    },

    async offer(merchant: Merchant, promotionId: bigint): Promise<BonusOffer | null> {
      const o = await repo.offer(merchant.id, promotionId);
      return o ? presentOffer(o) : null;
    },

    /** The operator sets a promotion's bonus terms (audited in the same transaction). */
    async saveOffer(
      merchant: Merchant,
      adminId: bigint,
      promotionId: bigint,
      w: BonusOfferWrite,
      audit: (trx: AnyDb) => Promise<void>,
    ): Promise<BonusOffer> {
      const [fact] = await deps.promotions.facts(merchant.id, [promotionId]);
      if (!fact) throw new AppError('promotion_not_found');
      const row = await db.transaction().execute(async (trx) => {
        const saved = await repo.saveOffer(trx, {
          promotion_id: promotionId,
          merchant_id: merchant.id,
          kind: w.kind,
          enabled: w.enabled,
          percent_bp: w.percentBp,
          fixed_amount: BigInt(w.fixedAmount),
          max_bonus: w.maxBonus === null ? null : BigInt(w.maxBonus),
          min_deposit: BigInt(w.minDeposit),
          multiplier: w.multiplier,
          wager_base: w.wagerBase,
          max_conversion: w.maxConversion === null ? null : BigInt(w.maxConversion),
          max_stake: w.maxStake === null ? null : BigInt(w.maxStake),
          expiry_days: w.expiryDays,
          new_members_only: w.newMembersOnly,
          contributions: JSON.stringify(w.contributions),
          updated_by: adminId,
        });
        await audit(trx);
        return saved;
      });
      return presentOffer(row);
    },

    /** A promotion's bonus terms as a player sees them, with the member's claim of it. */
    async playerOffer(merchant: Merchant, memberId: bigint | null, promotionId: bigint): Promise<PlayerBonusOffer> {
      const o = await repo.offer(merchant.id, promotionId);
      if (!o || !o.enabled) return { offer: null, claimStatus: null };
      const { enabled: _e, ...offer } = presentOffer(o);
      const claim = memberId === null ? undefined : await repo.claimOf(merchant.id, memberId, promotionId);
      return { offer, claimStatus: claim?.status ?? null };
    },

    /**
     * The member joins a promotion's bonus (before the qualifying deposit; a sign-up bonus is paid at once). Once
     * per member; another member's claim from the same IP or device flags this one for staff (not paid until
     * approved).
     */
    async join(
      merchant: Merchant,
      memberId: bigint,
      promotionId: bigint,
      from: { ip: string; device: string },
      opts: { deferReward?: boolean } = {},
    ): Promise<BonusClaim> {
      const o = await repo.offer(merchant.id, promotionId);
      const [fact] = await deps.promotions.facts(merchant.id, [promotionId]);
      if (!fact?.current) throw new AppError('promotion_not_found');
      if (!o || !o.enabled) throw new AppError('bonus_not_eligible', 'This promotion has no bonus to join.');
      const member = await deps.members.findById(merchant.id, memberId);
      if (!member) throw new AppError('unauthorized');
      if (o.new_members_only && member.created_at < fact.startsAt)
        throw new AppError('bonus_not_eligible', 'This bonus is for members who registered after it started.');
      if (o.kind === 'first_deposit' && (await deps.deposits.hasCreditedDeposit(memberId)))
        throw new AppError('bonus_not_eligible', 'This bonus is for your first deposit only.');
      if (await repo.claimOf(merchant.id, memberId, promotionId)) throw new AppError('bonus_already_joined');
      const now = clock();
      try {
        const claim = await db.transaction().execute(async (trx) => {
          // /join: a sign-up bonus joined now is paid on the member's reward request (requestReward), checked then.
          const deferred = o.kind === 'signup' && opts.deferReward === true;
          const dup = deferred ? undefined : await repo.duplicateOf(trx, promotionId, memberId, from.ip, from.device);
          const signup = o.kind === 'signup' && !deferred;
          const c = await repo.insertClaim(trx, {
            merchant_id: merchant.id,
            member_id: memberId,
            promotion_id: promotionId,
            kind: o.kind,
            status: dup ? 'flagged' : signup ? 'queued' : 'joined',
            amount: o.kind === 'signup' ? o.fixed_amount : 0n,
            requirement: o.kind === 'signup' ? requirementOf(o, o.fixed_amount, 0n) : 0n,
            max_conversion: o.max_conversion,
            max_stake: o.max_stake,
            expiry_days: o.expiry_days,
            contributions: JSON.stringify(o.contributions),
            ip: from.ip,
            device: from.device,
            flag_reason: dup ? `same ${dup.ip === from.ip ? 'IP' : 'device'} as member ${dup.member_id}'s claim` : null,
            flag_member_id: dup?.member_id ?? null,
            flag_match: dup ? (dup.ip === from.ip ? 'ip' : 'device') : null,
            joined_at: now,
            qualified_at: signup ? now : null,
          });
          if (signup && !dup) return (await activateNext(trx, merchant, memberId)) ?? c;
          return c;
        });
        return presentClaim(claim, fact.title);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('bonus_already_joined');
        throw err;
      }
    },

    /**
     * The reward request of a sign-up bonus joined on /join: the claim waiting for it is paid (queued behind an
     * active bonus) or, when another member's claim of the promotion shares the IP or device, flagged for staff.
     * The claim is locked: a repeated or concurrent request finds it no longer waiting (bonus_reward_not_ready).
     */
    async requestReward(
      merchant: Merchant,
      memberId: bigint,
      promotionId: bigint,
      from: { ip: string; device: string },
    ): Promise<BonusClaim> {
      const [fact] = await deps.promotions.facts(merchant.id, [promotionId]);
      if (!fact?.current) throw new AppError('promotion_not_found');
      const waiting = await repo.claimOf(merchant.id, memberId, promotionId);
      if (!waiting || waiting.kind !== 'signup' || waiting.status !== 'joined')
        throw new AppError('bonus_reward_not_ready');
      const claim = await db.transaction().execute(async (trx) => {
        const c = await repo.lockClaim(trx, waiting.id);
        if (!c || c.status !== 'joined') throw new AppError('bonus_reward_not_ready');
        const dup = await repo.duplicateOf(trx, promotionId, memberId, from.ip, from.device, true);
        const now = clock();
        const next = await repo.updateClaim(trx, c.id, {
          status: dup ? 'flagged' : 'queued',
          ip: from.ip,
          device: from.device,
          qualified_at: now,
          flag_reason: dup ? `same ${dup.ip === from.ip ? 'IP' : 'device'} as member ${dup.member_id}'s claim` : null,
          flag_member_id: dup?.member_id ?? null,
          flag_match: dup ? (dup.ip === from.ip ? 'ip' : 'device') : null,
        });
        if (dup) return next;
        await activateNext(trx, merchant, memberId); // this claim, unless an older one queues before it
        return (await repo.lockClaim(trx, c.id)) ?? next;
      });
      return presentClaim(claim, fact.title);
    },

    /** The merchant's enabled bonus offers (the /join page). */
    async joinables(merchant: Merchant): Promise<BonusOffer[]> {
      return (await repo.enabledOffers(merchant.id)).map(presentOffer);
    },

    /** The member's claims by promotion, with the staff's reason of a rejection (the /join page). */
    async claimsFor(merchant: Merchant, memberId: bigint) {
      const rows = await repo.claimsOf(merchant.id, memberId, 200);
      return rows.map((c) => ({
        promotionId: c.promotion_id,
        kind: c.kind,
        status: c.status,
        amount: c.amount,
        reason: c.review_reason,
      }));
    },

    /** GET /wps/bonus: balances, the active bonus with its wagering, the queue, the waiting ones and the history. */
    async summary(merchant: Merchant, memberId: bigint): Promise<BonusSummary> {
      const claims = await repo.claimsOf(merchant.id, memberId, 100);
      const names = await titles(merchant.id, claims);
      const main = memberMain(memberId);
      const bonus = memberBonus(memberId);
      const b = await ledger.balances(merchant.id, [main, bonus]);
      const p = (c: ClaimRow) => presentClaim(c, names.get(c.promotion_id) ?? '');
      const active = claims.find((c) => c.status === 'active');
      return {
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
        mainBalance: String(b[main]!.available),
        bonusBalance: String(b[bonus]!.available),
        active: active ? p(active) : null,
        queued: claims
          .filter((c) => c.status === 'queued')
          .sort((x, y) => Number(x.id - y.id))
          .map(p),
        waiting: claims.filter((c) => c.status === 'joined' || c.status === 'flagged').map(p),
        history: claims
          .filter((c) => !['active', 'queued', 'joined', 'flagged'].includes(c.status))
          .slice(0, 50)
          .map(p),
      };
    },

    /** The member gives up the active bonus (confirmed on the page): its balance goes back to the house. */
    async forfeit(merchant: Merchant, memberId: bigint, claimId: bigint): Promise<BonusClaim> {
      const c = await db.transaction().execute(async (trx) => {
        const c = await repo.lockClaim(trx, claimId);
        if (!c || c.member_id !== memberId || c.merchant_id !== merchant.id) throw new AppError('not_found');
        if (c.status !== 'active') throw new AppError('state_invalid', 'This bonus is not active.');
        return end(trx, merchant, c, 'forfeited');
      });
      return presentClaim(c, (await titles(merchant.id, [c])).get(c.promotion_id) ?? '');
    },

    /**
     * Before a withdrawal: with an active bonus, bonus_active unless the member confirmed the forfeit; confirmed,
     * the active bonus is forfeited (in its own transaction, before the withdrawal's).
     */
    async beforeWithdrawal(merchant: Merchant, memberId: bigint, confirmed: boolean): Promise<void> {
      const active = await repo.active(undefined, memberId);
      if (!active) return;
      if (!confirmed)
        throw new AppError('bonus_active', undefined, {
          claimId: String(active.id),
          bonusBalance: String(
            (await ledger.balances(merchant.id, [memberBonus(memberId)]))[memberBonus(memberId)]!.available,
          ),
        });
      await db.transaction().execute(async (trx) => {
        const c = await repo.lockClaim(trx, active.id);
        if (c?.status === 'active') await end(trx, merchant, c, 'forfeited');
      });
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
