import type { Kysely, Selectable } from 'kysely';
import type { HouseRoundStatus, HouseRoundsTable, HouseSeedsTable, HouseTables } from './house.tables.ts';

export type SeedRow = Selectable<HouseSeedsTable>;
export type HouseRoundRow = Selectable<HouseRoundsTable>;

/** SQL of our own games: seed pairs and rounds. Steps of one operation take its transaction. */
export function createHouseRepository(db: Kysely<HouseTables>) {
  return {
    /** The member's active seed pair, locked for the transaction (rounds take nonces in order). */
    activeSeedForUpdate: (trx: Kysely<HouseTables>, memberId: bigint) =>
      trx
        .selectFrom('house_seeds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .forUpdate()
        .executeTakeFirst(),

    activeSeed: (memberId: bigint) =>
      db
        .selectFrom('house_seeds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .executeTakeFirst(),

    seed: (id: bigint, h: Kysely<HouseTables> = db) =>
      h.selectFrom('house_seeds').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

    /** A new active seed pair; undefined when a concurrent call created one first (the unique index decides). */
    insertSeed: (
      trx: Kysely<HouseTables>,
      s: {
        merchantId: bigint;
        memberId: bigint;
        serverSeed: string;
        serverSeedHash: string;
        clientSeed: string;
        nextServerSeed: string;
        nextServerSeedHash: string;
      },
    ) =>
      trx
        .insertInto('house_seeds')
        .values({
          merchant_id: s.merchantId,
          member_id: s.memberId,
          server_seed: s.serverSeed,
          server_seed_hash: s.serverSeedHash,
          client_seed: s.clientSeed,
          next_server_seed: s.nextServerSeed,
          next_server_seed_hash: s.nextServerSeedHash,
        })
        .onConflict((oc) => oc.column('member_id').where('status', '=', 'active').doNothing())
        .returningAll()
        .executeTakeFirst(),

    /** A pair from before the next-seed commitment (0055) gets its next seed, once (null → value). */
    setNextSeed: (trx: Kysely<HouseTables>, seedId: bigint, next: { seed: string; hash: string }) =>
      trx
        .updateTable('house_seeds')
        .set({ next_server_seed: next.seed, next_server_seed_hash: next.hash })
        .where('id', '=', seedId)
        .where('next_server_seed', 'is', null)
        .returningAll()
        .executeTakeFirst(),

    async takeNonce(trx: Kysely<HouseTables>, seedId: bigint): Promise<number> {
      const r = await trx
        .updateTable('house_seeds')
        .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
        .where('id', '=', seedId)
        .returning('next_nonce')
        .executeTakeFirstOrThrow();
      return r.next_nonce - 1;
    },

    async reveal(trx: Kysely<HouseTables>, seedId: bigint, at: Date): Promise<void> {
      await trx
        .updateTable('house_seeds')
        .set({ status: 'revealed', revealed_at: at })
        .where('id', '=', seedId)
        .execute();
    },

    insertRound: (
      trx: Kysely<HouseTables>,
      r: {
        merchantId: bigint;
        memberId: bigint;
        sessionId: bigint;
        gameId: string;
        mathVersion: number;
        seedId: bigint;
        nonce: number;
        requestId: string;
        bet: Record<string, number>;
        creditValue: bigint;
        stakeCredits: number;
        winCredits: number;
        freePlay: boolean;
        status: HouseRoundStatus;
        result: Record<string, unknown>;
        settledAt: Date | null;
      },
    ) =>
      trx
        .insertInto('house_rounds')
        .values({
          merchant_id: r.merchantId,
          member_id: r.memberId,
          session_id: r.sessionId,
          game_id: r.gameId,
          math_version: r.mathVersion,
          seed_id: r.seedId,
          nonce: r.nonce,
          request_id: r.requestId,
          bet: JSON.stringify(r.bet),
          credit_value: r.creditValue,
          stake_credits: r.stakeCredits,
          win_credits: r.winCredits,
          free_play: r.freePlay,
          status: r.status,
          result: JSON.stringify(r.result),
          settled_at: r.settledAt,
        })
        .onConflict((oc) => oc.columns(['member_id', 'request_id']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    byRequest: (memberId: bigint, requestId: string) =>
      db
        .selectFrom('house_rounds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    find: (merchantId: bigint, memberId: bigint, id: bigint) =>
      db
        .selectFrom('house_rounds')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * The member's video-poker hand of this game dealt and not yet drawn, in play money or real (whatever session
     * dealt it: a new session shows and finishes it).
     */
    openDeal: (h: Kysely<HouseTables>, memberId: bigint, gameId: string, freePlay: boolean) =>
      h
        .selectFrom('house_rounds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('game_id', '=', gameId)
        .where('free_play', '=', freePlay)
        .where('status', '=', 'dealt')
        .where('holds', 'is', null)
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** The seed's rounds not settled or voided yet (pending or dealt): a seed is not revealed while one is. */
    unfinishedOnSeed: (trx: Kysely<HouseTables>, seedId: bigint) =>
      trx
        .selectFrom('house_rounds')
        .selectAll()
        .where('seed_id', '=', seedId)
        .where('status', 'in', ['pending', 'dealt'])
        .orderBy('id')
        .execute(),

    async roundsOnSeed(trx: Kysely<HouseTables>, seedId: bigint): Promise<number> {
      const r = await trx
        .selectFrom('house_rounds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('seed_id', '=', seedId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /**
     * Moves a round from one of `from` to `to` (with the given columns); undefined when it is no longer in one
     * of those states (a concurrent step won).
     */
    transition: (
      h: Kysely<HouseTables>,
      id: bigint,
      from: HouseRoundStatus[],
      to: HouseRoundStatus,
      set: {
        winCredits?: number;
        holds?: boolean[];
        result?: Record<string, unknown>;
        settledAt?: Date;
        holdsIsNull?: boolean;
      } = {},
    ) => {
      let q = h
        .updateTable('house_rounds')
        .set({
          status: to,
          ...(set.winCredits !== undefined && { win_credits: set.winCredits }),
          ...(set.holds !== undefined && { holds: JSON.stringify(set.holds) }),
          ...(set.result !== undefined && { result: JSON.stringify(set.result) }),
          ...(set.settledAt !== undefined && { settled_at: set.settledAt }),
        })
        .where('id', '=', id)
        .where('status', 'in', from);
      if (set.holdsIsNull) q = q.where('holds', 'is', null);
      return q.returningAll().executeTakeFirst();
    },

    /**
     * Rounds due for the recovery job, real money first, then by age, after the keyset `after`: pending (bet not
     * confirmed) or drawn and not settled, recorded before `stale`; a hand never drawn, dealt before `abandoned`.
     * Rounds not due yet are not selected, so no number of them (a free-play backlog, hands a player may still
     * draw) can fill a batch and starve the others.
     */
    due: (
      at: { stale: Date; abandoned: Date },
      after: { freePlay: boolean; createdAt: Date; id: bigint } | undefined,
      limit: number,
    ) => {
      let q = db
        .selectFrom('house_rounds')
        .selectAll()
        .where('status', 'in', ['pending', 'dealt'])
        .where((eb) =>
          eb.or([
            eb.and([
              eb('created_at', '<', at.stale),
              eb.or([eb('status', '=', 'pending'), eb('holds', 'is not', null)]),
            ]),
            eb.and([eb('created_at', '<', at.abandoned), eb('status', '=', 'dealt'), eb('holds', 'is', null)]),
          ]),
        );
      if (after)
        q = q.where((eb) =>
          eb(eb.refTuple('free_play', 'created_at', 'id'), '>', eb.tuple(after.freePlay, after.createdAt, after.id)),
        );
      return q.orderBy('free_play').orderBy('created_at').orderBy('id').limit(limit).execute();
    },
  };
}

export type HouseRepository = ReturnType<typeof createHouseRepository>;
