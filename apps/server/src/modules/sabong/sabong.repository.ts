import { type Kysely, type Selectable, sql } from 'kysely';
import { createTableRoundsRepository } from '../games/index.ts';
import type {
  SabongArenasTable,
  SabongBetsTable,
  SabongFightStatus,
  SabongFightsTable,
  PendingArenaSettings,
  SabongSideCode,
  SabongTables,
} from './sabong.tables.ts';

export type ArenaRow = Selectable<SabongArenasTable>;
export type FightRow = Selectable<SabongFightsTable>;
export type BetRow = Selectable<SabongBetsTable>;
type Db = Kysely<SabongTables>;
const IN_PLAY = ['open', 'closed', 'fighting', 'result'] as const;

/** Fields a step of the fight's state machine sets. */
export interface FightChange {
  meronPool?: bigint;
  walaPool?: bigint;
  drawPool?: bigint;
  outcome?: SabongSideCode;
  cancelReason?: 'minimum_payout' | 'operator';
  fightEndsAt?: Date;
  resultEndsAt?: Date;
  settledAt?: Date;
}

/** SQL of the sabong tables: arenas, fights, bets. Steps of one operation take its transaction. */
export function createSabongRepository(db: Db) {
  const shared = createTableRoundsRepository<ArenaRow, BetRow, PendingArenaSettings>(
    db,
    {
      tables: 'sabong_arenas',
      bets: 'sabong_bets',
      roundColumn: 'fight_id',
      rounds: 'sabong_fights',
      roundTableColumn: 'arena_id',
      inPlay: IN_PLAY,
    },
    {
      plasadaBps: { column: 'plasada_bps', type: 'integer' },
      bettingSeconds: { column: 'betting_seconds', type: 'integer' },
      minBet: { column: 'min_bet', type: 'bigint' },
      maxBet: { column: 'max_bet', type: 'bigint' },
      fightMax: { column: 'fight_max', type: 'bigint' },
      minPayout: { column: 'min_payout', type: 'integer' },
    },
  );
  return {
    db,
    arenas: shared.openTablesOf,
    arena: shared.tableByCode,
    arenaById: shared.tableById,
    /** Every arena of the merchant, closed ones too (the back office). */
    allArenas: shared.allTablesOf,
    setStatus: shared.setStatus,
    betByRequest: shared.betByRequest,
    fightBets: shared.roundBets,
    memberFightBets: shared.memberBets,
    settleBets: shared.settleBets,
    setBetStatus: shared.setBetStatus,
    /**
     * The dealer's arenas: the open ones, and closed ones whose fight is still in play or whose cancelled fight's
     * refunds are unfinished.
     */
    openArenas: shared.dealerTables,
    /** The arena's settings for the fight about to open (pending ones applied and cleared); undefined when closed. */
    applyPending: shared.applyPending,
    /** New settings: at once on a closed arena with no fight in play, else pending for the next fight. */
    saveSettings: shared.saveSettings,

    addArenas: async (rows: Omit<ArenaRow, 'id' | 'created_at' | 'status' | 'pending' | 'min_payout'>[]) => {
      if (rows.length)
        await db
          .insertInto('sabong_arenas')
          .values(rows)
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .execute();
    },

    /** The arena's fight in play (open, closed, fighting, result), if any. */
    currentFight: (arenaId: bigint) =>
      db
        .selectFrom('sabong_fights')
        .selectAll()
        .where('arena_id', '=', arenaId)
        .where('status', 'in', ['open', 'closed', 'fighting', 'result'])
        .executeTakeFirst(),

    lastFight: (arenaId: bigint) =>
      db
        .selectFrom('sabong_fights')
        .selectAll()
        .where('arena_id', '=', arenaId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    fight: (id: bigint) => db.selectFrom('sabong_fights').selectAll().where('id', '=', id).executeTakeFirst(),

    lockFight: (trx: Db, id: bigint) =>
      trx.selectFrom('sabong_fights').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** A new fight in betting; undefined when another dealer opened one first (one in play per arena). */
    insertFight: (
      trx: Db,
      f: {
        arenaId: bigint;
        fightNo: number;
        seed: string;
        seedHash: string;
        plasadaBps: number;
        minPayout: number;
        opensAt: Date;
        closesAt: Date;
      },
    ) =>
      trx
        .insertInto('sabong_fights')
        .values({
          arena_id: f.arenaId,
          fight_no: f.fightNo,
          seed: f.seed,
          seed_hash: f.seedHash,
          status: 'open',
          plasada_bps: f.plasadaBps,
          min_payout: f.minPayout,
          opens_at: f.opensAt,
          closes_at: f.closesAt,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** A conditional step of the state machine: undefined when the fight is no longer in `from`. */
    transition: (trx: Db, id: bigint, from: SabongFightStatus, to: SabongFightStatus, set: FightChange = {}) =>
      trx
        .updateTable('sabong_fights')
        .set({
          status: to,
          ...(set.meronPool !== undefined && { meron_pool: set.meronPool }),
          ...(set.walaPool !== undefined && { wala_pool: set.walaPool }),
          ...(set.drawPool !== undefined && { draw_pool: set.drawPool }),
          ...(set.outcome && { outcome: set.outcome }),
          ...(set.cancelReason && { cancel_reason: set.cancelReason }),
          ...(set.fightEndsAt && { fight_ends_at: set.fightEndsAt }),
          ...(set.resultEndsAt && { result_ends_at: set.resultEndsAt }),
          ...(set.settledAt && { settled_at: set.settledAt }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .returningAll()
        .executeTakeFirst(),

    /** Stakes on each side of a fight; `placedOnly` for the pools fixed at close (else pending ones count too). */
    pools: async (fightId: bigint, placedOnly = false, h: Db = db) => {
      const rows = await h
        .selectFrom('sabong_bets')
        .select(['side', sql<string>`sum(amount)`.as('total')])
        .where('fight_id', '=', fightId)
        .where('status', 'in', placedOnly ? ['placed', 'settled'] : ['pending', 'placed', 'settled'])
        .groupBy('side')
        .execute();
      const of = (s: SabongSideCode) => BigInt(rows.find((r) => r.side === s)?.total ?? 0);
      return { meron: of('meron'), wala: of('wala'), draw: of('draw') };
    },

    insertBet: (
      trx: Db,
      b: {
        fightId: bigint;
        merchantId: bigint;
        memberId: bigint;
        side: SabongSideCode;
        amount: bigint;
        requestId: string;
      },
    ) =>
      trx
        .insertInto('sabong_bets')
        .values({
          fight_id: b.fightId,
          merchant_id: b.merchantId,
          member_id: b.memberId,
          side: b.side,
          amount: b.amount,
          request_id: b.requestId,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** The arena's latest finished fights (the history board): decided and cancelled ones. */
    recentFights: (arenaId: bigint, limit: number) =>
      db
        .selectFrom('sabong_fights')
        .selectAll()
        .where('arena_id', '=', arenaId)
        .where('status', 'in', ['result', 'settled', 'cancelled'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The member's latest fights with their stakes and payouts. */
    memberHistory: (memberId: bigint, limit: number) =>
      db
        .selectFrom('sabong_bets as b')
        .innerJoin('sabong_fights as f', 'f.id', 'b.fight_id')
        .innerJoin('sabong_arenas as a', 'a.id', 'f.arena_id')
        .select([
          'f.id as fight_id',
          'a.code',
          'f.fight_no',
          'f.status',
          'f.outcome',
          'f.opens_at',
          sql<string>`sum(b.amount) filter (where b.status in ('placed', 'settled', 'refunded'))`.as('stake'),
          sql<string>`coalesce(sum(b.payout), 0)`.as('payout'),
        ])
        .where('b.member_id', '=', memberId)
        .where('b.status', 'in', ['placed', 'settled', 'refunded'])
        .groupBy(['f.id', 'a.code', 'f.fight_no', 'f.status', 'f.outcome', 'f.opens_at'])
        .orderBy('f.id', 'desc')
        .limit(limit)
        .execute(),

    /** Cancelled fights with bets not refunded yet (a crash between the cancel and its refunds). */
    cancelledWithOpenBets: (arenaId: bigint) =>
      db
        .selectFrom('sabong_fights as f')
        .selectAll('f')
        .where('f.arena_id', '=', arenaId)
        .where('f.status', '=', 'cancelled')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('sabong_bets as b')
              .select('b.id')
              .whereRef('b.fight_id', '=', 'f.id')
              .where('b.status', 'in', ['pending', 'placed']),
          ),
        )
        .execute(),
  };
}

export type SabongRepository = ReturnType<typeof createSabongRepository>;
