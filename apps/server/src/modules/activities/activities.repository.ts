import type { ActivityApplicationStatus } from '@sea/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import { tablesOf } from '../../db/schema.ts';
import type { ActivitiesTables, ActivityApplicationsTable, ActivityOffersTable } from './activities.tables.ts';

type Db = Kysely<ActivitiesTables>;
export type ActivityOfferRow = Selectable<ActivityOffersTable>;
export type ApplicationRow = Selectable<ActivityApplicationsTable>;

/** SQL of the activities module (its three tables only). */
export function createActivitiesRepository(db: Db) {
  const on = (ex?: AnyDb): Db => (ex ? tablesOf<ActivitiesTables>(ex) : db);
  return {
    offer: (merchantId: bigint, promotionId: bigint) =>
      db
        .selectFrom('activity_offers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('promotion_id', '=', promotionId)
        .executeTakeFirst(),

    /** The merchant's enabled application promotions. */
    enabledOffers: (merchantId: bigint) =>
      db
        .selectFrom('activity_offers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .execute(),

    saveOffer: (ex: AnyDb, row: Insertable<ActivityOffersTable>) =>
      on(ex)
        .insertInto('activity_offers')
        .values(row)
        .onConflict((oc) =>
          oc.column('promotion_id').doUpdateSet({
            enabled: row.enabled,
            new_members_only: row.new_members_only,
            once_per_member: row.once_per_member,
            pay_as: row.pay_as,
            bonus_multiplier: row.bonus_multiplier ?? null,
            bonus_max_conversion: row.bonus_max_conversion ?? null,
            bonus_max_stake: row.bonus_max_stake ?? null,
            bonus_expiry_days: row.bonus_expiry_days ?? null,
            updated_by: row.updated_by,
            updated_at: new Date(),
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The member's applications (newest first), all promotions or one. */
    memberApplications: (merchantId: bigint, memberId: bigint, promotionId?: bigint, ex?: AnyDb) => {
      let q = on(ex)
        .selectFrom('activity_applications')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId);
      if (promotionId !== undefined) q = q.where('promotion_id', '=', promotionId);
      return q.orderBy('id', 'desc').limit(200).execute();
    },

    /** Another member already rewarded for this promotion from the same IP or device. */
    rewardedDuplicate: (ex: AnyDb, promotionId: bigint, memberId: bigint, ip: string, device: string) =>
      on(ex)
        .selectFrom('activity_applications')
        .select(['member_id', 'ip', 'device'])
        .where('promotion_id', '=', promotionId)
        .where('status', '=', 'issued')
        .where('member_id', '<>', memberId)
        .where((eb) => eb.or([eb('ip', '=', ip), ...(device ? [eb('device', '=', device)] : [])]))
        .limit(1)
        .executeTakeFirst(),

    /** The application and its images in the caller's transaction. */
    async insert(
      ex: AnyDb,
      row: Insertable<ActivityApplicationsTable>,
      images: { contentType: 'image/png' | 'image/jpeg'; content: Uint8Array }[],
    ): Promise<ApplicationRow> {
      const saved = await on(ex)
        .insertInto('activity_applications')
        .values({ ...row, image_count: images.length })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (images.length)
        await on(ex)
          .insertInto('activity_application_images')
          .values(
            images.map((img, position) => ({
              application_id: saved.id,
              position,
              content_type: img.contentType,
              content: img.content,
            })),
          )
          .execute();
      return saved;
    },

    find: (merchantId: bigint, id: bigint) =>
      db
        .selectFrom('activity_applications')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),

    lock: (ex: AnyDb, merchantId: bigint, id: bigint) =>
      on(ex)
        .selectFrom('activity_applications')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    update: (
      ex: AnyDb,
      id: bigint,
      set: Pick<ApplicationRow, 'status' | 'reward' | 'review_reason' | 'reviewed_by' | 'reviewed_at'>,
    ) =>
      on(ex)
        .updateTable('activity_applications')
        .set(set)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The staff's queue: pending first, then newest. */
    async page(merchantId: bigint, status: ActivityApplicationStatus | undefined, offset: number, limit: number) {
      let base = db.selectFrom('activity_applications').where('merchant_id', '=', merchantId);
      if (status) base = base.where('status', '=', status);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    image: (merchantId: bigint, id: bigint, position: number) =>
      db
        .selectFrom('activity_application_images as i')
        .innerJoin('activity_applications as a', 'a.id', 'i.application_id')
        .select(['i.content_type', 'i.content'])
        .where('a.merchant_id', '=', merchantId)
        .where('i.application_id', '=', id)
        .where('i.position', '=', position)
        .executeTakeFirst(),
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
