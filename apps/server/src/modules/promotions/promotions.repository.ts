import { type Kysely, type Selectable, sql } from 'kysely';
import type { PromotionsTable, PromotionsTables } from './promotions.tables.ts';

type Db = Kysely<PromotionsTables>;
export type PromotionRow = Selectable<PromotionsTable>;

export interface PromotionFields {
  title: string;
  content: string;
  /** JSON text (lib/translations.ts); left out of an update: the stored ones stay. */
  translations?: string;
  image_url: string | null;
  category: string | null;
  starts_at: Date;
  ends_at: Date | null;
}

/** SQL of the promotions module (its one table). */
export function createPromotionsRepository(db: Db) {
  /** What visitors see at `now`: started, not ended, not withdrawn. */
  const shown = (merchantId: bigint, now: Date) =>
    db
      .selectFrom('promotions')
      .where('merchant_id', '=', merchantId)
      .where('withdrawn_at', 'is', null)
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));

  return {
    /** The shown promotions in the operator's order (then newest start first). */
    async listShown(merchantId: bigint, now: Date) {
      return shown(merchantId, now)
        .select(['id', 'title', 'translations', 'image_url', 'category', 'starts_at', 'ends_at'])
        .orderBy('sort')
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** One shown promotion (undefined: not there, not yet, ended, withdrawn or another merchant's). */
    async findShown(merchantId: bigint, id: bigint, now: Date) {
      return shown(merchantId, now)
        .select(['id', 'title', 'content', 'translations', 'image_url', 'category', 'starts_at', 'ends_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new promotion, placed after the merchant's others. */
    async insert(
      exec: Db,
      row: PromotionFields & { merchant_id: bigint; created_by: bigint | null },
    ): Promise<PromotionRow> {
      return exec
        .insertInto('promotions')
        .values({
          ...row,
          sort: sql<number>`(select coalesce(max(sort) + 1, 0) from promotions where merchant_id = ${row.merchant_id} and withdrawn_at is null)`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A promotion that is not withdrawn, locked for an update in `exec`'s transaction. */
    async findLive(exec: Db, merchantId: bigint, id: bigint): Promise<PromotionRow | undefined> {
      return exec
        .selectFrom('promotions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
    },

    async update(exec: Db, id: bigint, fields: PromotionFields, now: Date): Promise<PromotionRow> {
      return exec
        .updateTable('promotions')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The merchant's promotions that are not withdrawn (scheduled and ended too), in the shown order. */
    async adminList(merchantId: bigint) {
      return db
        .selectFrom('promotions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('withdrawn_at', 'is', null)
        .orderBy('sort')
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Of `ids`, those that are the merchant's and not withdrawn (locked in `exec`'s transaction). */
    async lockLive(exec: Db, merchantId: bigint, ids: bigint[]): Promise<bigint[]> {
      const rows = await exec
        .selectFrom('promotions')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', ids)
        .where('withdrawn_at', 'is', null)
        .forUpdate()
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * The listed promotions take places 0…n-1 in that order; the merchant's others keep their relative order
     * after them.
     */
    async reorder(exec: Db, merchantId: bigint, ids: bigint[], now: Date): Promise<void> {
      const n = ids.length;
      await exec
        .updateTable('promotions')
        .set({ sort: sql<number>`sort + ${n}` })
        .where('merchant_id', '=', merchantId)
        .where('withdrawn_at', 'is', null)
        .where('id', 'not in', ids)
        .execute();
      for (const [i, id] of ids.entries())
        await exec.updateTable('promotions').set({ sort: i, updated_at: now }).where('id', '=', id).execute();
    },

    /** Withdraws one (gone for everyone at once); false when there was none to withdraw. */
    async withdraw(exec: Db, merchantId: bigint, id: bigint, now: Date): Promise<boolean> {
      const r = await exec
        .updateTable('promotions')
        .set({ withdrawn_at: now, updated_at: now })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Title, window and whether withdrawn, of the merchant's promotions by id (bonus money names its claims). */
    async facts(merchantId: bigint, ids: bigint[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('promotions')
        .select(['id', 'title', 'translations', 'image_url', 'category', 'starts_at', 'ends_at', 'withdrawn_at'])
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Whether the merchant has ever had a promotion (the demo seeds only an empty merchant). */
    async any(merchantId: bigint): Promise<boolean> {
      const r = await db.selectFrom('promotions').select('id').where('merchant_id', '=', merchantId).limit(1).execute();
      return r.length > 0;
    },
  };
}

export type PromotionsRepository = ReturnType<typeof createPromotionsRepository>;
