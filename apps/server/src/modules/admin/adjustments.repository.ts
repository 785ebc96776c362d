import { type ADJUSTMENT_SORTS, parseSort, type SortValue } from '@sea/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AdminAdjustmentsTable, AdminTables } from './admin.tables.ts';

export type AdjustmentRow = Selectable<AdminAdjustmentsTable>;

/** SQL of manual balance adjustments (admin_adjustments). */
export function createAdjustmentsRepository(db: Kysely<AdminTables>) {
  return {
    /** Inserts unless the request id is already used in this merchant; returns the row and whether it is new. */
    async insertOnce(
      a: {
        merchantId: bigint;
        memberId: bigint;
        direction: 'credit' | 'debit';
        amount: bigint;
        currency: string;
        reason: string;
        requestId: string;
        requestedBy: bigint;
      },
      trx: Kysely<AdminTables>,
    ): Promise<{ row: AdjustmentRow; created: boolean }> {
      const inserted = await trx
        .insertInto('admin_adjustments')
        .values({
          merchant_id: a.merchantId,
          member_id: a.memberId,
          direction: a.direction,
          amount: a.amount,
          currency: a.currency,
          reason: a.reason,
          request_id: a.requestId,
          requested_by: a.requestedBy,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const existing = await trx
        .selectFrom('admin_adjustments')
        .selectAll()
        .where('merchant_id', '=', a.merchantId)
        .where('request_id', '=', a.requestId)
        .executeTakeFirstOrThrow();
      return { row: existing, created: false };
    },

    /** The row, locked until the end of `trx` (concurrent decisions on one request queue here). */
    findForUpdate(merchantId: bigint, id: bigint, trx: Kysely<AdminTables>): Promise<AdjustmentRow | undefined> {
      return trx
        .selectFrom('admin_adjustments')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async decide(
      id: bigint,
      d: { status: 'approved' | 'rejected'; decidedBy: bigint; decidedAt: Date; journalId: bigint | null },
      trx: Kysely<AdminTables>,
    ): Promise<AdjustmentRow> {
      return trx
        .updateTable('admin_adjustments')
        .set({ status: d.status, decided_by: d.decidedBy, decided_at: d.decidedAt, journal_id: d.journalId })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The dashboard's queue: adjustments waiting for a second staff member. */
    async countPending(merchantId: bigint): Promise<number> {
      const { n } = await db
        .selectFrom('admin_adjustments')
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'pending')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async list(
      merchantId: bigint,
      q: {
        status?: 'pending' | 'approved' | 'rejected';
        sort?: SortValue<(typeof ADJUSTMENT_SORTS)[number]>;
        pageNo: number;
        pageSize: number;
      },
    ): Promise<{ total: number; rows: AdjustmentRow[] }> {
      let base = db.selectFrom('admin_adjustments').where('merchant_id', '=', merchantId);
      if (q.status) base = base.where('status', '=', q.status);
      const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      // createdAt follows the id (rows are numbered as they are created): the index (merchant, status, id) serves it.
      const { column, desc } = parseSort(q.sort, 'createdAt:desc');
      const dir = desc ? 'desc' : 'asc';
      let ordered = base.selectAll();
      if (column !== 'createdAt') ordered = ordered.orderBy(column, dir);
      const rows = await ordered
        .orderBy('id', dir)
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize)
        .execute();
      return { total: Number(n), rows };
    },

    /** Staff usernames by id (the admins table is this module's). */
    async usernames(ids: bigint[]): Promise<Map<bigint, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('admins')
        .select(['id', 'username'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.username]));
    },
  };
}

export type AdjustmentsRepository = ReturnType<typeof createAdjustmentsRepository>;
