import { parseSort, type SortValue, type WITHDRAWAL_SORTS } from '@sea/contracts';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type {
  MemberBankAccountsTable,
  WithdrawalSettingsTable,
  WithdrawalsTable,
  WithdrawalStatus,
  WithdrawalsTables,
} from './withdrawals.tables.ts';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type BankAccountRow = Selectable<MemberBankAccountsTable>;
export type WithdrawalSettingsRow = Selectable<WithdrawalSettingsTable>;

/** Withdrawals that still depend on their bank account (an operator may still pay to it or follow it up). */
export const OPEN_STATUSES: WithdrawalStatus[] = ['requested', 'approved', 'disbursed', 'disputed'];

/**
 * SQL of the withdrawals module. Build it on a transaction (`createWithdrawalsRepository(trx)`) for the steps of
 * one operation; every query names the merchant (and the member where a member acts), so rows never leak across.
 */
export function createWithdrawalsRepository(db: Kysely<WithdrawalsTables>) {
  return {
    /**
     * The retention job (issue 25): the member's bank accounts lose the holder's name and number (kept, marked
     * anonymised and removed: past withdrawals point to them), the withdrawals their copies, and the proofs (the
     * member's and the payout slips) are deleted. Amounts, states and dates stay. Idempotent.
     */
    async anonymiseMember(merchantId: bigint, memberId: bigint, at: Date) {
      const banks = await db
        .updateTable('member_bank_accounts')
        .set((eb) => ({
          account_number: '',
          account_name: '',
          anonymised_at: at,
          deleted_at: eb.fn.coalesce('deleted_at', eb.val(at)),
        }))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('anonymised_at', 'is', null)
        .executeTakeFirst();
      await db
        .updateTable('withdrawals')
        .set({ account_number: '', account_name: '' })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .execute();
      const mine = db.selectFrom('withdrawals').select('id').where('member_id', '=', memberId);
      await db.deleteFrom('withdrawal_proofs').where('withdrawal_id', 'in', mine).execute();
      await db.deleteFrom('withdrawal_payout_proofs').where('withdrawal_id', 'in', mine).execute();
      return { bankAccounts: Number(banks.numUpdatedRows) };
    },

    // ---- settings ----
    settings: (merchantId: bigint) =>
      db.selectFrom('withdrawal_settings').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst(),

    async saveSettings(v: {
      merchantId: bigint;
      minAmount: bigint;
      maxAmount: bigint;
      confirmWindowMinutes: number;
      cancelAllowed: boolean;
      at: Date;
    }): Promise<void> {
      const row = {
        min_amount: v.minAmount,
        max_amount: v.maxAmount,
        confirm_window_minutes: v.confirmWindowMinutes,
        cancel_allowed: v.cancelAllowed,
        updated_at: v.at,
      };
      await db
        .insertInto('withdrawal_settings')
        .values({ merchant_id: v.merchantId, ...row })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet(row))
        .execute();
    },

    /**
     * Serialises one member's bank-account changes (count limit, duplicates) until the end of the transaction:
     * a transaction-scoped advisory lock keyed by the member, so no other module's row needs locking.
     */
    async lockMemberBankAccounts(memberId: bigint): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`withdrawals:bank-accounts:${memberId}`}, 0))`.execute(
        db,
      );
    },

    // ---- bank accounts ----
    bankAccounts: (merchantId: bigint, memberId: bigint) =>
      db
        .selectFrom('member_bank_accounts')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),

    insertBankAccount: (v: Insertable<MemberBankAccountsTable>) =>
      db.insertInto('member_bank_accounts').values(v).returningAll().executeTakeFirstOrThrow(),

    /**
     * A live bank account of the member, row-locked so a concurrent delete ('update') and request ('share') do
     * not cross: the delete waits for the request's commit and then sees its open withdrawal.
     */
    lockBankAccount: (merchantId: bigint, memberId: bigint, id: bigint, mode: 'update' | 'share' = 'update') => {
      const q = db
        .selectFrom('member_bank_accounts')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null);
      return (mode === 'update' ? q.forUpdate() : q.forShare()).executeTakeFirst();
    },

    /** Whether the member has a withdrawal not finished yet (requested, approved, disbursed or disputed). */
    async memberHasOpenWithdrawal(merchantId: bigint, memberId: bigint): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('status', 'in', OPEN_STATUSES)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    async hasOpenWithdrawal(bankAccountId: bigint): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('bank_account_id', '=', bankAccountId)
        .where('status', 'in', OPEN_STATUSES)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },

    async deleteBankAccount(id: bigint, at: Date): Promise<void> {
      await db.updateTable('member_bank_accounts').set({ deleted_at: at }).where('id', '=', id).execute();
    },

    // ---- withdrawals ----
    findByRequestId: (memberId: bigint, requestId: string) =>
      db
        .selectFrom('withdrawals')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    /** undefined when (member, request id) already exists (a concurrent twin committed first). */
    insert: (v: Insertable<WithdrawalsTable>) =>
      db
        .insertInto('withdrawals')
        .values(v)
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    setHold: (id: bigint, transferId: bigint) =>
      db
        .updateTable('withdrawals')
        .set({ hold_transfer_id: transferId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The row id behind a public reference (WDR-…): the API names withdrawals only by their reference. */
    idByReference: async (merchantId: bigint, reference: string) =>
      (
        await db
          .selectFrom('withdrawals')
          .select('id')
          .where('merchant_id', '=', merchantId)
          .where('reference', '=', reference)
          .executeTakeFirst()
      )?.id,

    find: (merchantId: bigint, id: bigint, memberId?: bigint) => {
      let q = db.selectFrom('withdrawals').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id);
      if (memberId !== undefined) q = q.where('member_id', '=', memberId);
      return q.executeTakeFirst();
    },

    /**
     * The state machine's one write: moves a withdrawal from one of `from` to `to` and returns the row, or
     * undefined when it is not (or no longer) in one of those states. Concurrent transitions of one row
     * serialise on its row lock and the loser sees the new status, so exactly one wins.
     */
    transition: (
      where: {
        merchantId: bigint;
        id: bigint;
        memberId?: bigint;
        from: WithdrawalStatus[];
        dueAfter?: Date;
        /** Four eyes: above `above`, only with a first approval by someone other than `approver`. */
        secondApproval?: { above: bigint; approver: bigint };
      },
      to: WithdrawalStatus,
      set: Omit<Updateable<WithdrawalsTable>, 'status' | 'id'>,
    ) => {
      let q = db
        .updateTable('withdrawals')
        .set({ ...set, status: to })
        .where('merchant_id', '=', where.merchantId)
        .where('id', '=', where.id)
        .where('status', 'in', where.from);
      if (where.memberId !== undefined) q = q.where('member_id', '=', where.memberId);
      if (where.dueAfter) q = q.where('receipt_due_at', '>', where.dueAfter);
      const four = where.secondApproval;
      if (four) {
        q = q.where((eb) =>
          eb.or([
            eb('amount', '<=', four.above),
            eb.and([eb('first_approved_by', 'is not', null), eb('first_approved_by', '!=', four.approver)]),
          ]),
        );
      }
      return q.returningAll().executeTakeFirst();
    },

    /** Records the first of two approvals of a requested withdrawal above `above`; undefined when not applicable. */
    firstApproval: (where: { merchantId: bigint; id: bigint; above: bigint; approver: bigint; now: Date }) =>
      db
        .updateTable('withdrawals')
        .set({ first_approved_by: where.approver, first_approved_at: where.now, updated_at: where.now })
        .where('merchant_id', '=', where.merchantId)
        .where('id', '=', where.id)
        .where('status', '=', 'requested')
        .where('amount', '>', where.above)
        .where('first_approved_by', 'is', null)
        .returningAll()
        .executeTakeFirst(),

    async listForMember(merchantId: bigint, memberId: bigint, page: { pageNo: number; pageSize: number }) {
      const base = db.selectFrom('withdrawals').where('merchant_id', '=', merchantId).where('member_id', '=', memberId);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    async listForMerchant(
      merchantId: bigint,
      q: {
        status?: WithdrawalStatus;
        id?: bigint;
        sort?: SortValue<(typeof WITHDRAWAL_SORTS)[number]>;
        pageNo: number;
        pageSize: number;
      },
    ) {
      let base = db.selectFrom('withdrawals as w').where('w.merchant_id', '=', merchantId);
      if (q.status) base = base.where('w.status', '=', q.status);
      if (q.id !== undefined) base = base.where('w.id', '=', q.id);
      // createdAt follows the id (rows are numbered as they are created): the merchant/status index serves it.
      const { column, desc } = parseSort(q.sort, 'createdAt:desc');
      const dir = desc ? 'desc' : 'asc';
      let list = base
        .leftJoin('withdrawal_proofs as p', 'p.withdrawal_id', 'w.id')
        .leftJoin('withdrawal_payout_proofs as pp', 'pp.withdrawal_id', 'w.id')
        .selectAll('w')
        .select(sql<boolean>`p.withdrawal_id is not null`.as('has_proof'))
        .select(sql<boolean>`pp.withdrawal_id is not null`.as('has_payout_proof'));
      if (column === 'amount') list = list.orderBy('w.amount', dir);
      else if (column === 'status') list = list.orderBy('w.status', dir);
      else if (column === 'updatedAt') list = list.orderBy('w.updated_at', dir);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        list
          .orderBy('w.id', dir)
          .limit(q.pageSize)
          .offset((q.pageNo - 1) * q.pageSize)
          .execute(),
      ]);
      return { total: Number(n), rows };
    },

    /**
     * Disbursed withdrawals whose receipt window has passed become auto_confirmed, in one statement: safe to run
     * again and from several processes at once (a row changes once; the others find it no longer 'disbursed').
     */
    autoConfirmDue: (now: Date) =>
      db
        .updateTable('withdrawals')
        .set({ status: 'auto_confirmed', receipt_result: 'received', closed_at: now, updated_at: now })
        .where('status', '=', 'disbursed')
        .where('receipt_due_at', '<=', now)
        .returning(['id', 'reference', 'merchant_id', 'member_id'])
        .execute(),

    async insertProof(withdrawalId: bigint, content: Uint8Array): Promise<void> {
      await db.insertInto('withdrawal_proofs').values({ withdrawal_id: withdrawalId, content }).execute();
    },

    async insertPayoutProof(withdrawalId: bigint, content: Uint8Array, adminId: bigint): Promise<void> {
      await db
        .insertInto('withdrawal_payout_proofs')
        .values({ withdrawal_id: withdrawalId, content, admin_id: adminId })
        .execute();
    },

    payoutProof: (merchantId: bigint, withdrawalId: bigint) =>
      db
        .selectFrom('withdrawal_payout_proofs as p')
        .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
        .select('p.content')
        .where('w.merchant_id', '=', merchantId)
        .where('p.withdrawal_id', '=', withdrawalId)
        .executeTakeFirst(),

    proof: (merchantId: bigint, withdrawalId: bigint) =>
      db
        .selectFrom('withdrawal_proofs as p')
        .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
        .select('p.content')
        .where('w.merchant_id', '=', merchantId)
        .where('p.withdrawal_id', '=', withdrawalId)
        .executeTakeFirst(),
  };
}

export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
