import { randomBytes } from 'node:crypto';
import { type DEPOSIT_SORTS, parseSort, type SortValue } from '@sea/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DepositMethodsTable, DepositsTable, DepositsTables, DepositStatus } from './deposits.tables.ts';

export type DepositMethodRow = Selectable<DepositMethodsTable>;
export type DepositRow = Selectable<DepositsTable>;
export type DepositListRow = DepositRow & { method_code: string; method_name: string };
export type AdminDepositListRow = DepositListRow & { has_receipt: boolean | number };

/** SQL of the deposits module (every function takes the handle to run on: the db or a transaction). */
export function createDepositsRepository(db: Kysely<DepositsTables>) {
  const listBase = (h: Kysely<DepositsTables>) =>
    h
      .selectFrom('deposits as d')
      .innerJoin('deposit_methods as m', 'm.id', 'd.method_id')
      .selectAll('d')
      .select(['m.code as method_code', 'm.name as method_name']);

  return {
    enabledMethods: (merchantId: bigint) =>
      db
        .selectFrom('deposit_methods')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** Every method of the merchant, disabled ones too (the back office). */
    allMethods: (merchantId: bigint) =>
      db
        .selectFrom('deposit_methods')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort')
        .orderBy('id')
        .execute(),

    /** An operator's change of a method's settings (its kind and gateway stay); undefined when there is none. */
    updateMethod: (
      h: Kysely<DepositsTables>,
      merchantId: bigint,
      code: string,
      set: Pick<
        Updateable<DepositMethodsTable>,
        'name' | 'min_amount' | 'max_amount' | 'sort' | 'enabled' | 'bank_name' | 'account_number' | 'account_name'
      >,
    ) =>
      h
        .updateTable('deposit_methods')
        .set(set)
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .returningAll()
        .executeTakeFirst(),

    findMethod: (merchantId: bigint, code: string) =>
      db
        .selectFrom('deposit_methods')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .executeTakeFirst(),

    /** Whether the member has a deposit still pending (account closure waits for it). */
    async hasPending(h: Kysely<DepositsTables>, merchantId: bigint, memberId: bigint): Promise<boolean> {
      const r = await h
        .selectFrom('deposits')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },

    /** The member's deposits still pending, created since `since` (responsible gaming counts them at request). */
    async pendingTotal(h: Kysely<DepositsTables>, memberId: bigint, since: Date): Promise<bigint> {
      const r = await h
        .selectFrom('deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return BigInt(r.total);
    },

    findByRequest: (memberId: bigint, requestId: string, h: Kysely<DepositsTables> = db) =>
      h
        .selectFrom('deposits')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    findByOrderRef: (orderRef: string) =>
      db.selectFrom('deposits').selectAll().where('order_ref', '=', orderRef).executeTakeFirst(),

    /**
     * A gateway's HMAC key: one random key per installation and gateway, created on first use (concurrent
     * processes agree through the primary key).
     */
    async gatewaySecret(gateway: string): Promise<string> {
      await db
        .insertInto('deposit_gateway_secrets')
        .values({ gateway, secret: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('gateway').doNothing())
        .execute();
      const row = await db
        .selectFrom('deposit_gateway_secrets')
        .select('secret')
        .where('gateway', '=', gateway)
        .executeTakeFirstOrThrow();
      return row.secret;
    },

    /** The merchant's payment methods that a merchant does not have yet are added (existing codes stay as set). */
    /** Enabled methods paid through the given gateway, every merchant (the production start-up check). */
    enabledMethodsOf: (gateway: string) =>
      db
        .selectFrom('deposit_methods')
        .select(['merchant_id', 'code'])
        .where('gateway', '=', gateway)
        .where('enabled', '=', true)
        .orderBy('merchant_id')
        .orderBy('code')
        .execute(),

    async addMethods(rows: Insertable<DepositMethodsTable>[]): Promise<void> {
      await db
        .insertInto('deposit_methods')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    },

    /** Inserts a deposit unless (member, request_id) exists; undefined when it already did (a concurrent twin). */
    insertIfNew: (values: Insertable<DepositsTable>, h: Kysely<DepositsTables> = db) =>
      h
        .insertInto('deposits')
        .values(values)
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    async insertReceipt(
      h: Kysely<DepositsTables>,
      v: { depositId: bigint; merchantId: bigint; contentType: 'image/png' | 'image/jpeg'; content: Uint8Array },
    ): Promise<void> {
      await h
        .insertInto('deposit_receipts')
        .values({ deposit_id: v.depositId, merchant_id: v.merchantId, content_type: v.contentType, content: v.content })
        .execute();
    },

    receipt: (merchantId: bigint, depositId: bigint) =>
      db
        .selectFrom('deposit_receipts')
        .select(['content_type', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('deposit_id', '=', depositId)
        .executeTakeFirst(),

    /** The row id behind a public reference (DEP-…): the API names deposits only by their reference. */
    idByReference: async (merchantId: bigint, reference: string) =>
      (
        await db
          .selectFrom('deposits')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('reference', '=', reference)
          .executeTakeFirst()
      )?.id,

    /** The row locked for the rest of the transaction: concurrent callbacks and reviews queue here. */
    lockById: (trx: Kysely<DepositsTables>, merchantId: bigint, id: bigint) =>
      trx
        .selectFrom('deposits')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /** Whether the member had a credited deposit other than `id` (a first deposit has none). */
    creditedBefore: async (trx: Kysely<DepositsTables>, memberId: bigint, id: bigint): Promise<boolean> =>
      (await trx
        .selectFrom('deposits')
        .select('id')
        .where('member_id', '=', memberId)
        .where('status', '=', 'success')
        .where('id', '<>', id)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    finish: (
      trx: Kysely<DepositsTables>,
      id: bigint,
      v: {
        status: Exclude<DepositStatus, 'pending'>;
        at: Date;
        journalId?: bigint | null;
        gatewayRef?: string | null;
        reason?: string | null;
        reviewedBy?: bigint | null;
      },
    ) =>
      trx
        .updateTable('deposits')
        .set({
          status: v.status,
          completed_at: v.at,
          updated_at: v.at,
          journal_id: v.journalId ?? null,
          ...(v.gatewayRef !== undefined && { gateway_ref: v.gatewayRef }),
          ...(v.reason !== undefined && { reason: v.reason }),
          ...(v.reviewedBy !== undefined && { reviewed_by: v.reviewedBy }),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirstOrThrow(),

    findForMember: (merchantId: bigint, memberId: bigint, id: bigint) =>
      listBase(db)
        .where('d.merchant_id', '=', merchantId)
        .where('d.member_id', '=', memberId)
        .where('d.id', '=', id)
        .executeTakeFirst(),

    async listForMember(
      merchantId: bigint,
      memberId: bigint,
      page: { pageNo: number; pageSize: number },
    ): Promise<{ total: number; rows: DepositListRow[] }> {
      const [{ n }, rows] = await Promise.all([
        db
          .selectFrom('deposits')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('merchant_id', '=', merchantId)
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
        listBase(db)
          .where('d.merchant_id', '=', merchantId)
          .where('d.member_id', '=', memberId)
          .orderBy('d.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    async listForReview(
      merchantId: bigint,
      q: {
        status?: DepositStatus;
        sort?: SortValue<(typeof DEPOSIT_SORTS)[number]>;
        pageNo: number;
        pageSize: number;
      },
    ): Promise<{ total: number; rows: AdminDepositListRow[] }> {
      let count = db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', merchantId);
      if (q.status) count = count.where('status', '=', q.status);
      let list = listBase(db)
        .select((eb) =>
          eb
            .exists(eb.selectFrom('deposit_receipts as r').select('r.deposit_id').whereRef('r.deposit_id', '=', 'd.id'))
            .as('has_receipt'),
        )
        .where('d.merchant_id', '=', merchantId);
      if (q.status) list = list.where('d.status', '=', q.status);
      // createdAt follows the id (rows are numbered as they are created): the review index serves it.
      const { column, desc } = parseSort(q.sort, 'createdAt:desc');
      const dir = desc ? 'desc' : 'asc';
      if (column !== 'createdAt') list = list.orderBy(`d.${column}`, dir);
      const [{ n }, rows] = await Promise.all([
        count.executeTakeFirstOrThrow(),
        list
          .orderBy('d.id', dir)
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },
  };
}

export type DepositsRepository = ReturnType<typeof createDepositsRepository>;
