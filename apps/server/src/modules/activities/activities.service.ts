import {
  ACTIVITY_MAX_IMAGES,
  type ActivityApplication,
  type ActivityApplicationStatus,
  type ActivityOffer,
  type AdminActivityApplication,
  type AdminActivityApplicationPage,
  type AdminActivityApplicationQuery,
  type BonusClaimStatus,
  formatMoney,
  type JoinItem,
  type JoinPage,
  type JoinState,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { AppError, isAppError } from '../../lib/errors.ts';
import { reencodeImage } from '../../lib/image.ts';
import type { WindowLimiter } from '../../lib/window-limiter.ts';
import type { AdminModule } from '../admin/index.ts';
import { type BonusModule, presentPayment, termColumns, termsFromRequest, termsOf } from '../bonus/index.ts';
import { type LedgerModule, memberMain, systemAccount } from '../ledger/index.ts';
import type { MembersModule } from '../members/index.ts';
import type { MessagesModule } from '../messages/index.ts';
import type { PromotionsModule } from '../promotions/index.ts';
import type { ActivitiesRepository, ActivityOfferRow, ApplicationRow } from './activities.repository.ts';
import type { ActivitiesTables } from './activities.tables.ts';

/** The ledger scope of application rewards; key reward:<application id>. */
export const ACTIVITY_SCOPE = 'activity';
/** A member sends at most this many applications an hour (each carries up to 15 MB of images to decode). */
const APPLY_PER_HOUR = 20;

export interface ActivitiesDeps {
  db: Kysely<ActivitiesTables>;
  repo: ActivitiesRepository;
  ledger: Pick<LedgerModule, 'postOrThrow'>;
  promotions: Pick<PromotionsModule, 'facts'>;
  bonus: Pick<BonusModule, 'joinables' | 'claimsFor' | 'creditReward'>;
  members: Pick<MembersModule, 'findById' | 'accountsOf'>;
  messages: Pick<MessagesModule, 'notify'>;
  staff: Pick<AdminModule, 'staffUsernames'>;
  limiter: WindowLimiter;
  clock: () => Date;
}

type Fact = Awaited<ReturnType<PromotionsModule['facts']>>[number];
type Audit = (trx: AnyDb, detail: Record<string, unknown>) => Promise<void>;

/** A bonus claim's state in the spec's words. */
export function bonusState(kind: string, status: BonusClaimStatus): JoinState {
  switch (status) {
    case 'joined':
      return kind === 'signup' ? 'claim' : 'joined';
    case 'flagged':
      return 'process';
    case 'queued':
    case 'active':
      return 'issued';
    case 'converted':
      return 'claimed';
    case 'rejected':
      return 'rejected';
    default:
      return 'close';
  }
}

const present = (a: ApplicationRow): ActivityApplication => ({
  id: String(a.id),
  promotionId: String(a.promotion_id),
  status: a.status,
  comment: a.comment,
  imageCount: a.image_count,
  reward: a.reward === null ? null : String(a.reward),
  reason: a.review_reason,
  createdAt: a.created_at.toISOString(),
});

/**
 * /join and activity applications: the promotions a member can join with their state (bonus offers through the
 * bonus face, applications here), a member's application (comment and images, checked before anything is written),
 * and the staff's review — an approval pays the reward as cash in one transaction with the ledger journal (keyed by
 * the application: paid once however often it is approved) and the member's message.
 */
export function createActivitiesService(deps: ActivitiesDeps) {
  const { db, repo, clock } = deps;

  const windowState = (f: Fact): JoinState | null => {
    const now = clock();
    if (f.startsAt > now) return 'coming soon';
    if (!f.current) return 'close';
    return null;
  };

  return {
    /** GET /wps/join: the joinable promotions, sign-up bonus first, with the member's state (null: a visitor). */
    async page(merchant: Merchant, memberId: bigint | null, language?: string): Promise<JoinPage> {
      const [offers, apps] = await Promise.all([deps.bonus.joinables(merchant), repo.enabledOffers(merchant.id)]);
      const ids = [...offers.map((o) => BigInt(o.promotionId)), ...apps.map((a) => a.promotion_id)];
      const facts = new Map((await deps.promotions.facts(merchant.id, ids, language)).map((f) => [f.id, f]));
      const claims = memberId === null ? [] : await deps.bonus.claimsFor(merchant, memberId);
      const applications = memberId === null ? [] : await repo.memberApplications(merchant.id, memberId);
      const list: JoinItem[] = [];
      const base = (f: Fact) => ({
        promotionId: String(f.id),
        title: f.title,
        imageUrl: f.imageUrl,
        category: f.category,
        startsAt: f.startsAt.getTime(),
        endsAt: f.endsAt?.getTime() ?? null,
      });
      for (const o of offers) {
        const f = facts.get(BigInt(o.promotionId));
        if (!f || f.withdrawn) continue;
        const claim = claims.find((c) => c.promotionId === f.id);
        const window = windowState(f);
        // An ended promotion stays on the page only for a member who took part.
        if (window === 'close' && !claim) continue;
        let state: JoinState = claim ? bonusState(claim.kind, claim.status) : (window ?? 'join');
        if (window === 'close' && (state === 'claim' || state === 'joined')) state = 'close';
        list.push({
          ...base(f),
          type: o.kind,
          amount: o.kind === 'signup' ? o.fixedAmount : null,
          percentBp: o.kind === 'signup' ? null : o.percentBp,
          maxBonus: o.maxBonus,
          multiplier: o.multiplier,
          state,
          reason: claim?.status === 'rejected' ? claim.reason : null,
        });
      }
      for (const a of apps) {
        const f = facts.get(a.promotion_id);
        if (!f || f.withdrawn) continue;
        const last = applications.find((x) => x.promotion_id === a.promotion_id);
        const window = windowState(f);
        if (window === 'close' && !last) continue;
        let state: JoinState = last ? (last.status as JoinState) : (window ?? 'join');
        if (window === 'close' && state !== 'issued' && state !== 'rejected') state = 'close';
        list.push({
          ...base(f),
          type: 'application',
          amount: last?.reward === null || last === undefined ? null : String(last.reward),
          percentBp: null,
          maxBonus: null,
          multiplier: null,
          state,
          reason: last?.status === 'rejected' ? last.review_reason : null,
        });
      }
      const order: Record<JoinItem['type'], number> = { signup: 0, first_deposit: 1, reload: 2, application: 3 };
      list.sort((x, y) => order[x.type] - order[y.type] || Number(BigInt(y.promotionId) - BigInt(x.promotionId)));
      return { currency: merchant.currency, exponent: merchant.currencyExponent, list };
    },

    async offer(merchant: Merchant, promotionId: bigint): Promise<ActivityOffer | null> {
      const o = await repo.offer(merchant.id, promotionId);
      return o ? presentOffer(o) : null;
    },

    /** The operator makes a promotion take applications (or not); audited in the same transaction. */
    async saveOffer(
      merchant: Merchant,
      adminId: bigint,
      promotionId: bigint,
      w: ActivityOffer,
      audit: (trx: AnyDb) => Promise<void>,
    ): Promise<ActivityOffer> {
      const [fact] = await deps.promotions.facts(merchant.id, [promotionId]);
      if (!fact || fact.withdrawn) throw new AppError('promotion_not_found');
      const terms = termsFromRequest(w);
      const row = await db.transaction().execute(async (trx) => {
        const saved = await repo.saveOffer(trx, {
          promotion_id: promotionId,
          merchant_id: merchant.id,
          enabled: w.enabled,
          new_members_only: w.newMembersOnly,
          once_per_member: w.oncePerMember,
          pay_as: terms ? 'bonus' : 'cash',
          ...termColumns(terms),
          updated_by: adminId,
        });
        await audit(trx);
        return saved;
      });
      return presentOffer(row);
    },

    /**
     * A member applies: the promotion takes applications now (date window), new members only and once per member
     * when set, one pending application at a time; every image PNG/JPG by content, ≤ 5 MB, re-encoded — all checked
     * before anything is written. The same IP or device as a member already rewarded flags it for staff.
     */
    async apply(
      merchant: Merchant,
      memberId: bigint,
      promotionId: bigint,
      comment: string,
      images: Uint8Array[],
      from: { ip: string; device: string },
    ): Promise<ActivityApplication> {
      if (images.length > ACTIVITY_MAX_IMAGES) throw new AppError('activity_too_many_images');
      const o = await repo.offer(merchant.id, promotionId);
      const [fact] = await deps.promotions.facts(merchant.id, [promotionId]);
      if (!o || !o.enabled || !fact || fact.withdrawn) throw new AppError('activity_not_found');
      if (!fact.current) throw new AppError('activity_not_eligible', 'This promotion is not open.');
      const member = await deps.members.findById(merchant.id, memberId);
      if (!member) throw new AppError('unauthorized');
      if (o.new_members_only && member.created_at < fact.startsAt)
        throw new AppError('activity_not_eligible', 'This promotion is for members who registered after it started.');
      const mine = await repo.memberApplications(merchant.id, memberId, promotionId);
      if (mine.some((a) => a.status === 'applying')) throw new AppError('activity_already_applying');
      if (o.once_per_member && mine.some((a) => a.status === 'issued')) throw new AppError('activity_already_rewarded');
      const limit = await deps.limiter.hit(`activity:${merchant.id}:${memberId}`, APPLY_PER_HOUR, 3_600_000);
      if (!limit.allowed)
        throw new AppError('too_many_requests', undefined, { retryAfterSeconds: limit.retryAfterSeconds });
      const encoded: { contentType: 'image/jpeg'; content: Buffer }[] = [];
      for (const image of images) {
        try {
          encoded.push({
            contentType: 'image/jpeg',
            content: await reencodeImage(image, { format: 'jpeg', maxSide: 2000 }),
          });
        } catch (e) {
          if (isAppError(e) && e.code === 'payload_too_large') throw new AppError('activity_image_too_large');
          if (isAppError(e) && e.code === 'unsupported_media_type') throw new AppError('activity_image_type');
          throw e;
        }
      }
      try {
        const row = await db.transaction().execute(async (trx) => {
          const dup = await repo.rewardedDuplicate(trx, promotionId, memberId, from.ip, from.device);
          return repo.insert(
            trx,
            {
              merchant_id: merchant.id,
              member_id: memberId,
              promotion_id: promotionId,
              comment,
              status: 'applying',
              ip: from.ip,
              device: from.device,
              flag_reason: dup
                ? `same ${dup.ip === from.ip ? 'IP' : 'device'} as a member already rewarded for this promotion`
                : null,
              created_at: clock(),
            },
            encoded,
          );
        });
        return present(row);
      } catch (err) {
        if ((err as { code?: string }).code === '23505') throw new AppError('activity_already_applying');
        throw err;
      }
    },

    /** The staff's queue (one status or all), newest first. */
    async adminPage(merchant: Merchant, q: AdminActivityApplicationQuery): Promise<AdminActivityApplicationPage> {
      const { rows, total } = await repo.page(merchant.id, q.status, (q.pageNo - 1) * q.pageSize, q.pageSize);
      return {
        list: await presentAdmin(merchant, rows),
        total,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        currency: merchant.currency,
        exponent: merchant.currencyExponent,
      };
    },

    /** One image of an application (only through the authenticated admin route; audited by the caller). */
    async image(merchant: Merchant, id: bigint, position: number) {
      const img = await repo.image(merchant.id, id, position);
      if (!img) throw new AppError('not_found', 'No such image.');
      return { contentType: img.content_type, data: Buffer.from(img.content).toString('base64') };
    },

    /**
     * Staff decide a pending application. Approve: the reward is paid as cash from the promotions account to the
     * member's main balance (ledger key reward:<id>); reject: the reason is kept and shown to the member. The row is
     * locked first: a second decision, concurrent or later, finds it decided (activity_application_reviewed). The
     * member's message and the audit entry are written in the same transaction.
     */
    async review(
      merchant: Merchant,
      adminId: bigint,
      id: bigint,
      decision: { decision: 'approve' | 'reject'; amount?: string; reason: string },
      audit: Audit,
    ): Promise<AdminActivityApplication> {
      // Read before the transaction: PGlite runs one connection, a read outside it would wait for it.
      const found = await repo.find(merchant.id, id);
      if (!found) throw new AppError('activity_application_not_found');
      const [fact, offer] = await Promise.all([
        deps.promotions.facts(merchant.id, [found.promotion_id]).then((f) => f[0]),
        repo.offer(merchant.id, found.promotion_id),
      ]);
      // The promotion's pay-as setting at approval: bonus money with its terms, or cash.
      const bonusTerms = offer ? termsOf(offer) : null;
      const title = fact?.title ?? '';
      const row = await db.transaction().execute(async (trx) => {
        const a = await repo.lock(trx, merchant.id, id);
        if (!a) throw new AppError('activity_application_not_found');
        if (a.status !== 'applying') throw new AppError('activity_application_reviewed');
        const now = clock();
        let reward: bigint | null = null;
        if (decision.decision === 'approve') {
          reward = BigInt(decision.amount ?? '0');
          if (reward <= 0n) throw new AppError('validation_failed', 'Enter the reward.');
          if (bonusTerms)
            // Bonus money: a bonus claim keyed by the application (its grant's ledger key), queued behind an active one.
            await deps.bonus.creditReward(trx, merchant, {
              memberId: a.member_id,
              reference: `ACT-${a.id}`,
              amount: reward,
              title,
              terms: bonusTerms,
            });
          else
            await deps.ledger.postOrThrow(
              {
                merchantId: merchant.id,
                currency: merchant.currency,
                scope: ACTIVITY_SCOPE,
                key: `reward:${a.id}`,
                kind: 'reward',
                memberId: a.member_id,
                ref: { applicationId: String(a.id), promotionId: String(a.promotion_id) },
                legs: [
                  {
                    debit: systemAccount('promotions', a.member_id),
                    credit: memberMain(a.member_id),
                    amount: reward,
                    code: 'promotion',
                  },
                ],
              },
              trx,
            );
        }
        const next: ActivityApplicationStatus = reward === null ? 'rejected' : 'issued';
        const saved = await repo.update(trx, a.id, {
          status: next,
          reward,
          review_reason: decision.reason || null,
          reviewed_by: adminId,
          reviewed_at: now,
        });
        await deps.messages.notify(
          merchant.id,
          a.member_id,
          reward === null
            ? {
                title: `Application not approved: ${title}`,
                content: `Your application to “${title}” was not approved. Reason: ${decision.reason}`,
              }
            : {
                title: `Reward issued: ${title}`,
                content: `Your application to “${title}” was approved: ${merchant.currency} ${formatMoney(String(reward), merchant.currencyExponent)} has been added to your ${bonusTerms ? 'bonus balance (see Bonus details for its wagering)' : 'balance'}.`,
              },
          trx,
        );
        await audit(trx, {
          promotionId: String(a.promotion_id),
          ...(reward !== null && { amount: String(reward) }),
          ...(decision.reason && { reason: decision.reason }),
        });
        return saved;
      });
      return (await presentAdmin(merchant, [row]))[0]!;
    },
  };

  function presentOffer(o: ActivityOfferRow): ActivityOffer {
    return {
      enabled: o.enabled,
      newMembersOnly: o.new_members_only,
      oncePerMember: o.once_per_member,
      ...presentPayment(o),
    };
  }

  async function presentAdmin(merchant: Merchant, rows: ApplicationRow[]): Promise<AdminActivityApplication[]> {
    const [accounts, staff, facts] = await Promise.all([
      deps.members.accountsOf(
        merchant.id,
        rows.map((r) => r.member_id),
      ),
      deps.staff.staffUsernames(rows.flatMap((r) => (r.reviewed_by === null ? [] : [r.reviewed_by]))),
      deps.promotions.facts(merchant.id, [...new Set(rows.map((r) => r.promotion_id))]),
    ]);
    const titles = new Map(facts.map((f) => [f.id, f.title]));
    return rows.map((r) => ({
      ...present(r),
      promotionTitle: titles.get(r.promotion_id) ?? '',
      account: accounts.get(r.member_id) ?? '',
      flagReason: r.flag_reason,
      reviewedBy: r.reviewed_by === null ? null : (staff.get(r.reviewed_by) ?? null),
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
    }));
  }
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;
