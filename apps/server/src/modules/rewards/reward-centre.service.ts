import type { RewardItem, RewardPage } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AuthenticatedMember, Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { newReference } from '../../lib/reference.ts';
import { type BonusModule, type BonusTerms, presentTerms, termColumns, termsOf } from '../bonus/index.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { RealtimeModule } from '../realtime/index.ts';
import type { RewardRow, RewardsRepository } from './rewards.repository.ts';
import type { RewardSource, RewardsTables } from './rewards.tables.ts';

type Db = Kysely<RewardsTables>;

/** How long a granted reward waits in the reward centre before it expires. */
export const REWARD_CLAIM_DAYS = 7;

export const presentReward = (r: RewardRow): RewardItem => ({
  reference: r.reference,
  source: r.source,
  kind: r.kind,
  title: r.title,
  amount: String(r.amount),
  bonusTerms: presentTerms(termsOf(r)),
  status: r.status,
  expiresAt: r.expires_at.toISOString(),
  claimedAt: r.claimed_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

export interface RewardGrant {
  merchantId: bigint;
  memberId: bigint;
  source: RewardSource;
  /** Unique per member and source: a second grant with the same key is ignored (one reward per window). */
  sourceKey: string;
  amount: bigint;
  title: string;
  at: Date;
  /** Paid as bonus money with these terms when claimed (absent or null: cash). */
  bonus?: BonusTerms | null;
}

/**
 * The reward centre: rewards waiting to be claimed (missions, leaderboard prizes; later VIP level-ups and
 * referrals), each claimed once — the row is locked, paid and marked in one transaction, and the ledger's key is the
 * reward's reference, so a racing or replayed claim never pays twice.
 */
export function createRewardCentre(deps: {
  db: Db;
  repo: RewardsRepository;
  ledger: Pick<LedgerModule, 'postOrThrow'>;
  realtime?: Pick<RealtimeModule, 'rewards'>;
  /** Bonus rewards are claimed into the bonus module (without it, a bonus reward cannot be claimed). */
  bonus?: Pick<BonusModule, 'creditReward'>;
  clock: () => Date;
}) {
  const { db, repo, clock } = deps;

  /**
   * The one seam where a reward's money moves: cash to the main wallet from the promotions account; a `bonus`
   * reward becomes a bonus claim of the bonus module (its grant keyed by the reward's reference), queued behind an
   * active bonus. Returns the cash journal (null for bonus: its journal is posted when the claim becomes active).
   */
  async function pay(trx: Db, merchant: Merchant, r: RewardRow): Promise<bigint | null> {
    if (r.kind === 'bonus') {
      const terms = termsOf(r);
      if (!deps.bonus || !terms) throw new AppError('function_not_enabled');
      await deps.bonus.creditReward(trx, merchant, {
        memberId: r.member_id,
        reference: r.reference,
        amount: r.amount,
        title: r.title,
        terms,
      });
      return null;
    }
    const posted = await deps.ledger.postOrThrow(
      {
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'reward',
        key: r.reference,
        kind: 'reward',
        memberId: r.member_id,
        ref: { reward: r.reference, source: r.source },
        legs: [
          {
            debit: systemAccount('promotions', r.member_id),
            credit: memberMain(r.member_id),
            amount: r.amount,
            code: 'promotion',
          },
        ],
      },
      trx,
    );
    return posted.journalId;
  }

  const rowOf = (g: RewardGrant) => ({
    reference: newReference('RWD'),
    merchant_id: g.merchantId,
    member_id: g.memberId,
    source: g.source,
    source_key: g.sourceKey,
    amount: g.amount,
    title: g.title,
    ...(g.bonus ? { kind: 'bonus' as const, ...termColumns(g.bonus) } : {}),
    expires_at: new Date(g.at.getTime() + REWARD_CLAIM_DAYS * 86_400_000),
    created_at: g.at,
  });

  const counts = async (memberId: bigint) => repo.claimableCounts(memberId, clock());

  /** Pushes the member's badge counts (after a commit; fire-and-forget). */
  async function notify(memberId: bigint): Promise<void> {
    if (!deps.realtime) return;
    deps.realtime.rewards(memberId, await counts(memberId));
  }

  /** Pushes many members' badge counts (one read for all; after a commit; fire-and-forget). */
  async function notifyMany(memberIds: Iterable<bigint>): Promise<void> {
    const ids = [...new Set(memberIds)];
    if (!deps.realtime || !ids.length) return;
    for (const [id, c] of await repo.claimableCountsMany(ids, clock())) deps.realtime.rewards(id, c);
  }

  return {
    counts,
    notify,
    notifyMany,

    /** A reward waiting in the centre (in the caller's transaction); undefined when this key was granted before. */
    grant(trx: Db, g: RewardGrant): Promise<RewardRow | undefined> {
      return repo.insertReward(trx, rowOf(g));
    },

    /**
     * Many rewards in one statement (a consumer's batch, in its transaction): the rows granted now — a key granted
     * before, or twice in `grants`, grants once (the first), exactly as `grant` one at a time in this order.
     */
    grantMany(trx: Db, grants: readonly RewardGrant[]): Promise<RewardRow[]> {
      return repo.insertRewards(trx, grants.map(rowOf));
    },

    async list(member: AuthenticatedMember, q: { view: 'claimable' | 'history'; pageNo: number; pageSize: number }) {
      await repo.expireDue(member.memberId, clock());
      const { rows, total } = await repo.rewardsPage(
        member.memberId,
        q.view === 'claimable' ? ['claimable'] : ['claimed', 'expired'],
        { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize },
      );
      return { list: rows.map(presentReward), total, pageNo: q.pageNo, pageSize: q.pageSize } satisfies RewardPage;
    },

    /** Claims one reward of the member: paid once, or reward_already_claimed / reward_expired / reward_not_found. */
    async claim(merchant: Merchant, member: AuthenticatedMember, reference: string): Promise<RewardItem> {
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        const r = await repo.lockReward(trx, member.memberId, reference);
        if (!r || r.merchant_id !== merchant.id) throw new AppError('reward_not_found');
        if (r.status === 'claimed') throw new AppError('reward_already_claimed');
        if (r.status === 'expired' || r.expires_at <= now) throw new AppError('reward_expired');
        const journalId = await pay(trx, merchant, r);
        return repo.setRewardStatus(trx, r.id, {
          status: 'claimed',
          claimedAt: now,
          journalId: journalId ?? undefined,
        });
      });
      void notify(member.memberId).catch(() => undefined);
      return presentReward(row);
    },
  };
}

export type RewardCentre = ReturnType<typeof createRewardCentre>;
