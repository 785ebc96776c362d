import { type Kysely, type Selectable, sql } from 'kysely';
import type { VendorTransferDirection, WalletTables, WalletVendorTransfersTable } from './wallet.tables.ts';

export type VendorTransferRow = Selectable<WalletVendorTransfersTable>;

/** Advisory-lock class of a member's transfers at one vendor (the two-key lock space: no clash with the ledger's). */
const VENDOR_PAIR_LOCK = 0x57414c;

/**
 * SQL of the wallet module: its vendor transfers. Build it on a transaction (`createWalletRepository(trx)`) for
 * the steps of one operation.
 */
export function createWalletRepository(db: Kysely<WalletTables>) {
  const pair = (merchantId: bigint, memberId: bigint, vendorCode: string) =>
    db
      .selectFrom('wallet_vendor_transfers')
      .where('merchant_id', '=', merchantId)
      .where('member_id', '=', memberId)
      .where('vendor_code', '=', vendorCode);

  return {
    db,

    /**
     * Serialises, until the transaction ends, everything that changes what a member has at one vendor in our
     * books: a new transfer and a sync's booking of the vendor's balance (PostgreSQL and PGlite alike).
     */
    async lockPair(merchantId: bigint, memberId: bigint, vendorCode: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(${VENDOR_PAIR_LOCK}::int4, hashtext(${`${merchantId}:${memberId}:${vendorCode}`}))`.execute(
        db,
      );
    },

    /** Records a transfer once per (merchant, vendor, transfer id); the stored row either way. */
    async insert(t: {
      merchantId: bigint;
      memberId: bigint;
      vendorCode: string;
      transferId: string;
      direction: VendorTransferDirection;
      amount: bigint;
      at: Date;
    }): Promise<{ row: VendorTransferRow; created: boolean }> {
      const row = await db
        .insertInto('wallet_vendor_transfers')
        .values({
          merchant_id: t.merchantId,
          member_id: t.memberId,
          vendor_code: t.vendorCode,
          transfer_id: t.transferId,
          direction: t.direction,
          amount: t.amount,
          created_at: t.at,
          last_attempt_at: t.at,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'transfer_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (row) return { row, created: true };
      return { row: (await this.find(t.merchantId, t.vendorCode, t.transferId))!, created: false };
    },

    async setHold(id: bigint, holdId: bigint): Promise<void> {
      await db.updateTable('wallet_vendor_transfers').set({ hold_id: holdId }).where('id', '=', id).execute();
    },

    find: (merchantId: bigint, vendorCode: string, transferId: string) =>
      db
        .selectFrom('wallet_vendor_transfers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('transfer_id', '=', transferId)
        .executeTakeFirst(),

    /** A member's unsettled transfers at one vendor, oldest first. */
    pendingOf: (merchantId: bigint, memberId: bigint, vendorCode: string) =>
      pair(merchantId, memberId, vendorCode).selectAll().where('state', '=', 'pending').orderBy('id').execute(),

    /** How many transfers a member has at a vendor and how many are unsettled (a sync compares before and after). */
    async markOf(
      merchantId: bigint,
      memberId: bigint,
      vendorCode: string,
    ): Promise<{ count: bigint; pending: bigint }> {
      const r = await pair(merchantId, memberId, vendorCode)
        .select([
          sql<string>`count(*)`.as('count'),
          sql<string>`count(*) filter (where state = 'pending')`.as('pending'),
        ])
        .executeTakeFirstOrThrow();
      return { count: BigInt(r.count), pending: BigInt(r.pending) };
    },

    /** Settles a pending transfer; undefined when it was not pending any more (someone else settled it). */
    settle: (id: bigint, state: 'confirmed' | 'refused', at: Date) =>
      db
        .updateTable('wallet_vendor_transfers')
        .set({ state, resolved_at: at, last_attempt_at: at, attempts: sql`attempts + 1`, last_error: null })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .returningAll()
        .executeTakeFirst(),

    /** One more attempt that got no final answer. */
    async noteAttempt(id: bigint, at: Date, error: string): Promise<void> {
      await db
        .updateTable('wallet_vendor_transfers')
        .set({ last_attempt_at: at, attempts: sql`attempts + 1`, last_error: error.slice(0, 500) })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .execute();
    },

    /** Pending transfers not tried since `before`, oldest attempt first (the wallet job's work). */
    duePending: (before: Date, limit: number) =>
      db
        .selectFrom('wallet_vendor_transfers')
        .selectAll()
        .where('state', '=', 'pending')
        .where('last_attempt_at', '<', before)
        .orderBy('last_attempt_at')
        .limit(limit)
        .execute(),
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
