import type { KycDocumentKind, KycDocumentStatus } from '@sea/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { KycContentType, KycDocumentsTable, KycTables } from './kyc.tables.ts';

type Db = Kysely<KycTables>;
/** A document without its bytes (lists and statuses never read them). */
export type KycDocRow = Omit<Selectable<KycDocumentsTable>, 'content'>;
type Page = { offset: number; limit: number };

const META = [
  'id',
  'reference',
  'merchant_id',
  'member_id',
  'kind',
  'status',
  'is_current',
  'content_type',
  'size',
  'reason',
  'reviewed_by',
  'reviewed_by_name',
  'reviewed_at',
  'created_at',
] as const;

/** SQL of the kyc module (its two tables only). `exec`: the caller's transaction. */
export function createKycRepository(db: Db) {
  return {
    /** The retention job (issue 25): every identity document of the member deleted (files and all); the count. */
    async deleteMember(exec: Db, merchantId: bigint, memberId: bigint): Promise<number> {
      const r = await exec
        .deleteFrom('kyc_documents')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    transaction: <T>(fn: (trx: Db) => Promise<T>): Promise<T> => db.transaction().execute(fn),

    /** The member's current documents (one per kind at most). */
    current: (merchantId: bigint, memberId: bigint, exec: Db = db): Promise<KycDocRow[]> =>
      exec
        .selectFrom('kyc_documents')
        .select(META)
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('is_current', '=', true)
        .orderBy('kind')
        .execute(),

    /** The member's current document of a kind, locked until the end of `exec`'s transaction. */
    lockCurrent: (exec: Db, memberId: bigint, kind: KycDocumentKind) =>
      exec
        .selectFrom('kyc_documents')
        .select(META)
        .where('member_id', '=', memberId)
        .where('kind', '=', kind)
        .where('is_current', '=', true)
        .forUpdate()
        .executeTakeFirst(),

    async supersede(exec: Db, id: bigint): Promise<void> {
      await exec.updateTable('kyc_documents').set({ is_current: false }).where('id', '=', id).execute();
    },

    insert: (
      exec: Db,
      row: {
        reference: string;
        merchant_id: bigint;
        member_id: bigint;
        kind: KycDocumentKind;
        content_type: KycContentType;
        content: Uint8Array;
        created_at: Date;
      },
    ): Promise<KycDocRow> =>
      exec
        .insertInto('kyc_documents')
        .values({ ...row, size: row.content.length })
        .returning(META)
        .executeTakeFirstOrThrow(),

    /** A document of the merchant by its reference (`lock`: FOR UPDATE in `exec`'s transaction). */
    byReference: (exec: Db | undefined, merchantId: bigint, reference: string, lock = false) => {
      const q = (exec ?? db)
        .selectFrom('kyc_documents')
        .select(META)
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference);
      return (lock ? q.forUpdate() : q).executeTakeFirst();
    },

    /** The stored bytes of a document of the merchant. */
    file: (merchantId: bigint, reference: string) =>
      db
        .selectFrom('kyc_documents')
        .select(['reference', 'kind', 'content_type', 'content', 'member_id'])
        .where('merchant_id', '=', merchantId)
        .where('reference', '=', reference)
        .executeTakeFirst(),

    review: (
      exec: Db,
      id: bigint,
      r: { status: KycDocumentStatus; reason: string | null; at: Date; adminId: bigint; adminName: string },
    ): Promise<KycDocRow> =>
      exec
        .updateTable('kyc_documents')
        .set({
          status: r.status,
          reason: r.reason,
          reviewed_at: r.at,
          reviewed_by: r.adminId,
          reviewed_by_name: r.adminName,
        })
        .where('id', '=', id)
        .returning(META)
        .executeTakeFirstOrThrow(),

    /** The review queue: current documents, pending first (oldest first), then the others newest first. */
    async queue(merchantId: bigint, f: { status?: KycDocumentStatus; memberId?: bigint }, page: Page) {
      let base = db.selectFrom('kyc_documents').where('merchant_id', '=', merchantId).where('is_current', '=', true);
      if (f.status) base = base.where('status', '=', f.status);
      if (f.memberId !== undefined) base = base.where('member_id', '=', f.memberId);
      const [rows, c] = await Promise.all([
        base
          .select(META)
          .orderBy(sql`case when status = 'pending' then 0 else 1 end`)
          .orderBy(sql`case when status = 'pending' then created_at end`, 'asc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(c.n) };
    },

    threshold: async (merchantId: bigint): Promise<bigint | null> =>
      (
        await db
          .selectFrom('kyc_settings')
          .select('withdrawal_threshold')
          .where('merchant_id', '=', merchantId)
          .executeTakeFirst()
      )?.withdrawal_threshold ?? null,

    async setThreshold(exec: Db, merchantId: bigint, threshold: bigint | null, at: Date): Promise<void> {
      await exec
        .insertInto('kyc_settings')
        .values({ merchant_id: merchantId, withdrawal_threshold: threshold, updated_at: at })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ withdrawal_threshold: threshold, updated_at: at }))
        .execute();
    },
  };
}

export type KycRepository = ReturnType<typeof createKycRepository>;
