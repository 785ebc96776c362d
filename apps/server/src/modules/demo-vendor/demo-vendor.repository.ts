import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  DeliveryOp,
  DeliveryStatus,
  DemoRoundStatus,
  DemoVendorDeliveriesTable,
  DemoVendorRoundsTable,
  DemoVendorSessionsTable,
  DemoVendorTables,
} from './demo-vendor.tables.ts';

export type DemoSessionRow = Selectable<DemoVendorSessionsTable>;
export type DemoRoundRow = Selectable<DemoVendorRoundsTable>;
export type DeliveryRow = Selectable<DemoVendorDeliveriesTable>;

/** SQL of the demo vendor's own books. Steps of one operation take its transaction. */
export function createDemoVendorRepository(db: Kysely<DemoVendorTables>) {
  return {
    db,

    insertSession: (s: Omit<DemoSessionRow, 'id' | 'created_at'>) =>
      db.insertInto('demo_vendor_sessions').values(s).returningAll().executeTakeFirstOrThrow(),

    sessionByHash: (tokenHash: string) =>
      db.selectFrom('demo_vendor_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /**
     * Settled rounds of transfer-mode sessions of one operator's vendor, in (settled_at, id) order after a position
     * (the bet-record API the operator pulls).
     */
    settledTransferRounds: (merchantId: bigint, vendorCode: string, after: { at: Date; id: bigint }, limit: number) =>
      db
        .selectFrom('demo_vendor_rounds as r')
        .innerJoin('demo_vendor_sessions as s', 's.id', 'r.session_id')
        .select([
          'r.id',
          'r.player_id',
          'r.game_code',
          'r.stake',
          'r.payout',
          'r.summary',
          'r.created_at',
          'r.settled_at',
        ])
        .where('r.merchant_id', '=', merchantId)
        .where('r.vendor_code', '=', vendorCode)
        .where('s.wallet_mode', '=', 'transfer')
        .where('r.status', '=', 'settled')
        .where(sql<boolean>`(r.settled_at, r.id) > (${after.at}::timestamptz, ${after.id}::bigint)`)
        .orderBy('r.settled_at')
        .orderBy('r.id')
        .limit(limit)
        .execute(),

    session: (id: bigint) =>
      db.selectFrom('demo_vendor_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

    /** A new round, or undefined when the page's request id was already used in this session (a retry). */
    insertRound: (
      trx: Kysely<DemoVendorTables>,
      r: Pick<
        DemoRoundRow,
        | 'session_id'
        | 'merchant_id'
        | 'vendor_code'
        | 'player_id'
        | 'game_code'
        | 'request_id'
        | 'pick'
        | 'odds_bp'
        | 'stake'
      > & { status?: DemoRoundStatus; settle_at?: Date | null },
    ) =>
      trx
        .insertInto('demo_vendor_rounds')
        .values(r)
        .onConflict((oc) => oc.columns(['session_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    roundByRequest: (sessionId: bigint, requestId: string) =>
      db
        .selectFrom('demo_vendor_rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    round: (id: bigint, trx: Kysely<DemoVendorTables> = db) =>
      trx.selectFrom('demo_vendor_rounds').selectAll().where('id', '=', id).executeTakeFirst(),

    lockRound: (trx: Kysely<DemoVendorTables>, id: bigint) =>
      trx.selectFrom('demo_vendor_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow(),

    recentRounds: (sessionId: bigint, limit: number) =>
      db
        .selectFrom('demo_vendor_rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    updateRound: (
      trx: Kysely<DemoVendorTables>,
      id: bigint,
      set: Partial<Pick<DemoRoundRow, 'status' | 'payout' | 'summary' | 'message' | 'settle_at' | 'settled_at'>> & {
        outcome?: string;
      },
    ) => trx.updateTable('demo_vendor_rounds').set(set).where('id', '=', id).execute(),

    /** Open rounds whose result is due, oldest first. */
    dueRounds: (now: Date, limit: number) =>
      db
        .selectFrom('demo_vendor_rounds')
        .select('id')
        .where('status', '=', 'open')
        .where('outcome', 'is', null)
        .where('settle_at', '<=', now)
        .orderBy('settle_at')
        .limit(limit)
        .execute(),

    /** A wallet call to make, leased to the caller until `leaseUntil` (the job takes it over after that). */
    insertDelivery: (
      trx: Kysely<DemoVendorTables>,
      d: { roundId: bigint; op: DeliveryOp; txId: string; body: string; leaseUntil: Date },
    ) =>
      trx
        .insertInto('demo_vendor_deliveries')
        .values({ round_id: d.roundId, op: d.op, tx_id: d.txId, body: d.body, next_attempt_at: d.leaseUntil })
        .onConflict((oc) => oc.column('tx_id').doNothing())
        .returningAll()
        .executeTakeFirst(),

    deliveryByTx: (txId: string) =>
      db.selectFrom('demo_vendor_deliveries').selectAll().where('tx_id', '=', txId).executeTakeFirst(),

    deliveriesOf: (roundId: bigint) =>
      db.selectFrom('demo_vendor_deliveries').selectAll().where('round_id', '=', roundId).orderBy('id').execute(),

    /** Leases the pending deliveries that are due (none is taken twice: the update is the claim). */
    leaseDue: (now: Date, leaseUntil: Date, limit: number) =>
      db
        .updateTable('demo_vendor_deliveries')
        .set({ next_attempt_at: leaseUntil })
        .where(
          'id',
          'in',
          db
            .selectFrom('demo_vendor_deliveries')
            .select('id')
            .where('status', '=', 'pending')
            .where('next_attempt_at', '<=', now)
            .orderBy('next_attempt_at')
            .limit(limit),
        )
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .returningAll()
        .execute(),

    finishDelivery: (
      trx: Kysely<DemoVendorTables>,
      id: bigint,
      set: { status: DeliveryStatus; lastStatus: string; answer: string | null; at: Date; nextAttemptAt?: Date },
    ) =>
      trx
        .updateTable('demo_vendor_deliveries')
        .set((eb) => ({
          status: set.status,
          last_status: set.lastStatus,
          answer: set.answer,
          attempts: eb('attempts', '+', 1),
          ...(set.status === 'pending' ? { next_attempt_at: set.nextAttemptAt ?? set.at } : { delivered_at: set.at }),
        }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute(),

    // ---- transfer mode: the players' balances at the vendor ----

    /** A player's balance at the vendor and its version (every change counts one). */
    walletOf: async (merchantId: bigint, vendorCode: string, playerId: string, trx = db) =>
      (await trx
        .selectFrom('demo_vendor_wallets')
        .select(['balance', 'version'])
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('player_id', '=', playerId)
        .executeTakeFirst()) ?? { balance: 0n, version: 0n },

    /** Adds `delta` (may be negative) to a player's balance at the vendor; false when it would go below zero. */
    async moveWallet(
      trx: Kysely<DemoVendorTables>,
      w: { merchantId: bigint; vendorCode: string; playerId: string; delta: bigint },
    ): Promise<boolean> {
      await trx
        .insertInto('demo_vendor_wallets')
        .values({ merchant_id: w.merchantId, vendor_code: w.vendorCode, player_id: w.playerId, balance: 0n })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'player_id']).doNothing())
        .execute();
      const r = await trx
        .updateTable('demo_vendor_wallets')
        .set({ balance: sql`balance + ${w.delta}`, version: sql`version + 1` })
        .where('merchant_id', '=', w.merchantId)
        .where('vendor_code', '=', w.vendorCode)
        .where('player_id', '=', w.playerId)
        .where(sql<boolean>`balance + ${w.delta} >= 0`)
        .executeTakeFirst();
      return r.numUpdatedRows === 1n;
    },

    /** Records an operator transfer once; false when this transfer id was already recorded. */
    async claimTransfer(
      trx: Kysely<DemoVendorTables>,
      t: {
        merchantId: bigint;
        vendorCode: string;
        transferId: string;
        playerId: string;
        direction: 'deposit' | 'withdraw';
        amount: bigint;
      },
    ): Promise<boolean> {
      const r = await trx
        .insertInto('demo_vendor_transfers')
        .values({
          merchant_id: t.merchantId,
          vendor_code: t.vendorCode,
          transfer_id: t.transferId,
          player_id: t.playerId,
          direction: t.direction,
          amount: t.amount,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'transfer_id']).doNothing())
        .executeTakeFirst();
      return (r.numInsertedOrUpdatedRows ?? 0n) === 1n;
    },

    /** Marks a claimed transfer refused (nothing moved; the id keeps that answer). */
    async refuseTransfer(
      trx: Kysely<DemoVendorTables>,
      t: { merchantId: bigint; vendorCode: string; transferId: string },
    ): Promise<void> {
      await trx
        .updateTable('demo_vendor_transfers')
        .set({ refused: true })
        .where('merchant_id', '=', t.merchantId)
        .where('vendor_code', '=', t.vendorCode)
        .where('transfer_id', '=', t.transferId)
        .execute();
    },

    transfer: (merchantId: bigint, vendorCode: string, transferId: string, trx = db) =>
      trx
        .selectFrom('demo_vendor_transfers')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('transfer_id', '=', transferId)
        .executeTakeFirst(),
  };
}

export type DemoVendorRepository = ReturnType<typeof createDemoVendorRepository>;
