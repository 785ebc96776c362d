import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { BonusClaimStatus } from '@sea/contracts';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { BonusClaimsTable, BonusOffersTable, BonusTables } from './bonus.tables.ts';

export type OfferRow = Selectable<BonusOffersTable>;
export type ClaimRow = Selectable<BonusClaimsTable>;

const OPEN: BonusClaimStatus[] = ['joined', 'flagged', 'queued', 'active'];

/** SQL of bonus money: the offers (a promotion's bonus terms) and the members' claims. */
export function createBonusRepository(db: Kysely<BonusTables>) {
  const on = (ex?: AnyDb) => (ex ? tablesOf<BonusTables>(ex) : db);
  return {
    offer: (merchantId: bigint, promotionId: bigint, ex?: AnyDb) =>
      on(ex)
        .selectFrom('bonus_offers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('promotion_id', '=', promotionId)
        .executeTakeFirst(),

    /** The merchant's enabled offers (the /join page). */
    enabledOffers: (merchantId: bigint) =>
      db
        .selectFrom('bonus_offers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .execute(),

    async saveOffer(ex: AnyDb, row: Insertable<BonusOffersTable>): Promise<OfferRow> {
      const { promotion_id: _p, merchant_id: _m, ...rest } = row;
      return on(ex)
        .insertInto('bonus_offers')
        .values(row)
        .onConflict((oc) => oc.column('promotion_id').doUpdateSet({ ...rest, updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    insertClaim: (ex: AnyDb, row: Insertable<BonusClaimsTable>) =>
      on(ex).insertInto('bonus_claims').values(row).returningAll().executeTakeFirstOrThrow(),

    updateClaim: (ex: AnyDb, id: bigint, set: Updateable<BonusClaimsTable>) =>
      on(ex).updateTable('bonus_claims').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),

    /** Adds to many (locked) claims' wagered in one statement; the rows after. */
    async addWagered(ex: AnyDb, rows: readonly { id: bigint; add: bigint }[]): Promise<ClaimRow[]> {
      if (!rows.length) return [];
      const { rows: out } = await sql<ClaimRow>`
        update bonus_claims c set wagered = c.wagered + x.a
          from unnest(${rows.map((r) => String(r.id))}::bigint[], ${rows.map((r) => String(r.add))}::bigint[]) as x(i, a)
         where c.id = x.i
     returning c.*`.execute(on(ex));
      return out;
    },

    lockClaim: (ex: AnyDb, id: bigint) =>
      on(ex).selectFrom('bonus_claims').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    claimOf: (merchantId: bigint, memberId: bigint, promotionId: bigint) =>
      db
        .selectFrom('bonus_claims')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('promotion_id', '=', promotionId)
        .executeTakeFirst(),

    /** Another member's claim of the promotion from the same IP or device (a suspected duplicate). */
    /** Another member's claim of the promotion from the same IP or device (`requested`: past joining only). */
    duplicateOf: (ex: AnyDb, promotionId: bigint, memberId: bigint, ip: string, device: string, requested = false) =>
      on(ex)
        .selectFrom('bonus_claims')
        .select(['id', 'member_id', 'ip', 'device'])
        .where('promotion_id', '=', promotionId)
        .where('member_id', '<>', memberId)
        .$if(requested, (q) => q.where('status', '<>', 'joined'))
        .where((eb) => eb.or([eb('ip', '=', ip), ...(device ? [eb('device', '=', device)] : [])]))
        .limit(1)
        .executeTakeFirst(),

    /** The member's claims, newest first. */
    claimsOf: (merchantId: bigint, memberId: bigint, limit: number) =>
      db
        .selectFrom('bonus_claims')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The member's active claim, locked when `ex` is a transaction that wants it (`lock`). */
    active: (ex: AnyDb | undefined, memberId: bigint, lock = false) => {
      const q = on(ex)
        .selectFrom('bonus_claims')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active');
      return (lock ? q.forUpdate() : q).executeTakeFirst();
    },

    /** The active claims of these members, locked (the wagering consumer's batch). */
    activeOf: (ex: AnyDb, memberIds: bigint[]) =>
      memberIds.length === 0
        ? Promise.resolve([] as ClaimRow[])
        : on(ex)
            .selectFrom('bonus_claims')
            .selectAll()
            .where('member_id', '=', sql<bigint>`any(${memberIds.map(String)}::bigint[])`)
            .where('status', '=', 'active')
            .orderBy('id')
            .forUpdate()
            .execute(),

    oldestQueued: (ex: AnyDb, memberId: bigint) =>
      on(ex)
        .selectFrom('bonus_claims')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'queued')
        .orderBy('qualified_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .executeTakeFirst(),

    /** Claims of the member waiting for a deposit (joined, or flagged before one), with their offers; locked. */
    waitingForDeposit: (ex: AnyDb, memberId: bigint) =>
      on(ex)
        .selectFrom('bonus_claims as c')
        .innerJoin('bonus_offers as o', 'o.promotion_id', 'c.promotion_id')
        .selectAll('c')
        .select(['o.percent_bp', 'o.max_bonus', 'o.min_deposit', 'o.multiplier', 'o.wager_base', 'o.enabled'])
        .where('c.member_id', '=', memberId)
        .where('c.kind', 'in', ['first_deposit', 'reload'])
        .where((eb) =>
          eb.or([eb('c.status', '=', 'joined'), eb.and([eb('c.status', '=', 'flagged'), eb('c.amount', '=', 0n)])]),
        )
        .orderBy('c.id')
        .forUpdate()
        .execute(),

    /** Active claims past their expiry, or whose requirement is met (settled by the job), a batch. */
    due: (now: Date, limit: number) =>
      db
        .selectFrom('bonus_claims')
        .select(['id', 'merchant_id', 'member_id'])
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('wagered', '>=', eb.ref('requirement'))]))
        .orderBy('id')
        .limit(limit)
        .execute(),

    /** Members with a queued claim and no active one (an activation that failed is tried again). */
    idleQueues: (limit: number) =>
      db
        .selectFrom('bonus_claims as q')
        .select(['q.merchant_id', 'q.member_id'])
        .distinct()
        .where('q.status', '=', 'queued')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bonus_claims as a')
                .select('a.id')
                .whereRef('a.member_id', '=', 'q.member_id')
                .where('a.status', '=', 'active'),
            ),
          ),
        )
        .limit(limit)
        .execute(),

    /** Open claims of a member (joined, flagged, queued, active), locked. */
    openOf: (ex: AnyDb, memberId: bigint) =>
      on(ex)
        .selectFrom('bonus_claims')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', 'in', OPEN)
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** The review list: a merchant's claims (one status, one member), flagged first, then newest first. */
    async adminPage(
      merchantId: bigint,
      f: { status?: BonusClaimStatus; memberId?: bigint },
      page: { offset: number; limit: number },
    ): Promise<{ rows: ClaimRow[]; total: number }> {
      let q = db.selectFrom('bonus_claims').where('merchant_id', '=', merchantId);
      if (f.status) q = q.where('status', '=', f.status);
      if (f.memberId !== undefined) q = q.where('member_id', '=', f.memberId);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy(sql`(status = 'flagged')`, 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    claimById: (merchantId: bigint, id: bigint) =>
      db
        .selectFrom('bonus_claims')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}

export type BonusRepository = ReturnType<typeof createBonusRepository>;
