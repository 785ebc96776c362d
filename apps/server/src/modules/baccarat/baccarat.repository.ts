import { type Kysely, type Selectable, sql } from 'kysely';
import { createTableRoundsRepository } from '../games/index.ts';
import type {
  BaccaratBetsTable,
  BaccaratRoundStatus,
  BaccaratRoundsTable,
  BaccaratShoesTable,
  BaccaratTables,
  BaccaratTablesTable,
  PendingTableSettings,
  StoredHand,
} from './baccarat.tables.ts';

export type TableRow = Selectable<BaccaratTablesTable>;
export type ShoeRow = Selectable<BaccaratShoesTable>;
export type RoundRow = Selectable<BaccaratRoundsTable>;
export type BetRow = Selectable<BaccaratBetsTable>;
type Db = Kysely<BaccaratTables>;

/** SQL of the baccarat tables: tables, shoes, rounds, bets. Steps of one operation take its transaction. */
export function createBaccaratRepository(db: Db) {
  const shared = createTableRoundsRepository<TableRow, BetRow, PendingTableSettings>(
    db,
    {
      tables: 'baccarat_tables',
      bets: 'baccarat_bets',
      roundColumn: 'round_id',
      rounds: 'baccarat_rounds',
      roundTableColumn: 'table_id',
      inPlay: ['betting', 'dealing', 'result'],
    },
    {
      variant: { column: 'variant', type: 'text' },
      minBet: { column: 'min_bet', type: 'bigint' },
      maxBet: { column: 'max_bet', type: 'bigint' },
      roundMax: { column: 'round_max', type: 'bigint' },
      bettingSeconds: { column: 'betting_seconds', type: 'integer' },
    },
  );
  return {
    db,
    tables: shared.openTablesOf,
    table: shared.tableByCode,
    tableById: shared.tableById,
    /** Every table of the merchant, closed ones too (the back office). */
    allTables: shared.allTablesOf,
    setStatus: shared.setStatus,
    betByRequest: shared.betByRequest,
    roundBets: shared.roundBets,
    memberRoundBets: shared.memberBets,
    settleBets: shared.settleBets,
    setBetStatus: shared.setBetStatus,
    /**
     * The dealer's tables: the open ones, and closed ones whose round is still in play or whose cancelled round's
     * refunds are unfinished.
     */
    openTables: shared.dealerTables,
    /** The table's settings for the round about to open (pending ones applied and cleared); undefined when closed. */
    applyPending: shared.applyPending,
    /** New settings: at once on a closed table with no round in play, else pending for the next round. */
    saveSettings: shared.saveSettings,

    addTables: async (rows: Omit<TableRow, 'id' | 'created_at' | 'status' | 'pending'>[]) => {
      if (rows.length)
        await db
          .insertInto('baccarat_tables')
          .values(rows)
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .execute();
    },

    activeShoe: (tableId: bigint, h: Db = db) =>
      h
        .selectFrom('baccarat_shoes')
        .selectAll()
        .where('table_id', '=', tableId)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    shoe: (id: bigint) => db.selectFrom('baccarat_shoes').selectAll().where('id', '=', id).executeTakeFirst(),

    /** A new shoe; undefined when another dealer started one first (one active per table). */
    insertShoe: (trx: Db, s: { tableId: bigint; seed: string; seedHash: string; position: number; at: Date }) =>
      trx
        .insertInto('baccarat_shoes')
        .values({ table_id: s.tableId, seed: s.seed, seed_hash: s.seedHash, position: s.position, started_at: s.at })
        .onConflict((oc) => oc.column('table_id').where('status', '=', 'active').doNothing())
        .returningAll()
        .executeTakeFirst(),

    finishShoe: (trx: Db, id: bigint, at: Date) =>
      trx
        .updateTable('baccarat_shoes')
        .set({ status: 'finished', finished_at: at })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .execute(),

    /** Marks the shoe done after the hand in play (as if the cut card had come out twice). */
    endShoeAfterHand: async (id: bigint) =>
      (
        await db
          .updateTable('baccarat_shoes')
          .set({ cut_hands: 2 })
          .where('id', '=', id)
          .where('status', '=', 'active')
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    /** The shoe after a dealt hand: the next position, one more hand, one more past the cut card when it was. */
    advanceShoe: (trx: Db, id: bigint, position: number, pastCut: boolean) =>
      trx
        .updateTable('baccarat_shoes')
        .set((eb) => ({
          position,
          hands: eb('hands', '+', 1),
          cut_hands: pastCut ? eb('cut_hands', '+', 1) : eb.ref('cut_hands'),
        }))
        .where('id', '=', id)
        .execute(),

    /** The table's round in play (betting, dealing, result), if any. */
    openRound: (tableId: bigint, h: Db = db) =>
      h
        .selectFrom('baccarat_rounds')
        .selectAll()
        .where('table_id', '=', tableId)
        .where('status', 'in', ['betting', 'dealing', 'result'])
        .executeTakeFirst(),

    lastRound: (tableId: bigint) =>
      db
        .selectFrom('baccarat_rounds')
        .selectAll()
        .where('table_id', '=', tableId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    round: (id: bigint, h: Db = db) =>
      h.selectFrom('baccarat_rounds').selectAll().where('id', '=', id).executeTakeFirst(),

    lockRound: (trx: Db, id: bigint) =>
      trx.selectFrom('baccarat_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** A new round; undefined when another dealer opened one first (one in play per table). */
    insertRound: (
      trx: Db,
      r: { tableId: bigint; shoeId: bigint; hand: number; position: number; opensAt: Date; closesAt: Date },
    ) =>
      trx
        .insertInto('baccarat_rounds')
        .values({
          table_id: r.tableId,
          shoe_id: r.shoeId,
          hand: r.hand,
          position: r.position,
          status: 'betting',
          opens_at: r.opensAt,
          closes_at: r.closesAt,
          result: 'null',
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** A conditional step of the state machine: undefined when the round is no longer in `from`. */
    transition: (
      trx: Db,
      id: bigint,
      from: BaccaratRoundStatus,
      to: BaccaratRoundStatus,
      set: { dealtAt?: Date; dealEndsAt?: Date; resultEndsAt?: Date; result?: StoredHand; settledAt?: Date } = {},
    ) =>
      trx
        .updateTable('baccarat_rounds')
        .set({
          status: to,
          ...(set.dealtAt && { dealt_at: set.dealtAt }),
          ...(set.dealEndsAt && { deal_ends_at: set.dealEndsAt }),
          ...(set.resultEndsAt && { result_ends_at: set.resultEndsAt }),
          ...(set.result && { result: JSON.stringify(set.result) }),
          ...(set.settledAt && { settled_at: set.settledAt }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst(),

    /** The results of a shoe's finished hands in order (the roads). */
    shoeResults: (shoeId: bigint) =>
      db
        .selectFrom('baccarat_rounds')
        .select(['id', 'hand', 'position', 'result'])
        .where('shoe_id', '=', shoeId)
        .where('status', 'in', ['result', 'settled'])
        .orderBy('hand')
        .execute(),

    /** Stakes on each spot of a round (bets the wallet took or may still take). */
    totals: async (roundId: bigint, h: Db = db) =>
      (
        await h
          .selectFrom('baccarat_bets')
          .select(['spot', sql<string>`sum(amount)`.as('total')])
          .where('round_id', '=', roundId)
          .where('status', 'in', ['pending', 'placed', 'settled'])
          .groupBy('spot')
          .execute()
      ).map((r) => ({ spot: r.spot, total: BigInt(r.total) })),

    insertBet: (
      trx: Db,
      b: {
        roundId: bigint;
        merchantId: bigint;
        memberId: bigint;
        spot: BetRow['spot'];
        amount: bigint;
        requestId: string;
      },
    ) =>
      trx
        .insertInto('baccarat_bets')
        .values({
          round_id: b.roundId,
          merchant_id: b.merchantId,
          member_id: b.memberId,
          spot: b.spot,
          amount: b.amount,
          request_id: b.requestId,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** The member's latest rounds with their stakes and payouts. */
    memberHistory: (memberId: bigint, limit: number) =>
      db
        .selectFrom('baccarat_bets as b')
        .innerJoin('baccarat_rounds as r', 'r.id', 'b.round_id')
        .innerJoin('baccarat_tables as t', 't.id', 'r.table_id')
        .select([
          'r.id as round_id',
          't.code',
          'r.hand',
          'r.status',
          'r.result',
          'r.opens_at',
          sql<string>`sum(b.amount) filter (where b.status in ('placed', 'settled'))`.as('stake'),
          sql<string>`coalesce(sum(b.payout), 0)`.as('payout'),
        ])
        .where('b.member_id', '=', memberId)
        .where('b.status', 'in', ['placed', 'settled', 'refunded'])
        .groupBy(['r.id', 't.code', 'r.hand', 'r.status', 'r.result', 'r.opens_at'])
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute(),

    /** Rounds whose next step is due (the dealer's work). */
    dueRounds: (now: Date) =>
      db
        .selectFrom('baccarat_rounds')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'betting'), eb('closes_at', '<=', now)]),
            eb.and([eb('status', '=', 'dealing'), eb('deal_ends_at', '<=', now)]),
            eb.and([eb('status', '=', 'result'), eb('result_ends_at', '<=', now)]),
          ]),
        )
        .execute(),

    /** Cancelled rounds with bets not refunded yet (a crash between the cancel and its refunds). */
    cancelledWithOpenBets: (tableId: bigint) =>
      db
        .selectFrom('baccarat_rounds as r')
        .selectAll('r')
        .where('r.table_id', '=', tableId)
        .where('r.status', '=', 'cancelled')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('baccarat_bets as b')
              .select('b.id')
              .whereRef('b.round_id', '=', 'r.id')
              .where('b.status', 'in', ['pending', 'placed']),
          ),
        )
        .execute(),

    shoeHands: (shoeId: bigint) =>
      db
        .selectFrom('baccarat_rounds')
        .select(['id', 'hand', 'position', 'result'])
        .where('shoe_id', '=', shoeId)
        .where('result', 'is not', null)
        .where(sql<boolean>`result <> 'null'::jsonb`)
        .orderBy('hand')
        .execute(),
  };
}

export type BaccaratRepository = ReturnType<typeof createBaccaratRepository>;
