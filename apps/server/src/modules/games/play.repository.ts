import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { PlayEvent } from '../../lib/play-events.ts';
import { betLockKey } from './seamless.protocol.ts';
import type {
  GameCategoryCode,
  GameRoundsTable,
  GamesTables,
  GameTransactionsTable,
  GameTxKind,
  RoundStatusCode,
} from './games.tables.ts';

export type GameTxRow = Selectable<GameTransactionsTable>;
export type GameRoundRow = Selectable<GameRoundsTable>;

/** What game_wallet_open decided (db/functions/games.sql). */
export interface OpenedCall {
  outcome: 'go' | 'duplicate' | 'INVALID_TOKEN' | 'TOKEN_EXPIRED' | 'TX_NOT_FOUND' | 'ALREADY_SETTLED';
  /** The claimed idempotency row (null: nothing claimed). */
  tx_id: bigint | null;
  round_id: bigint | null;
  /** 'duplicate': the first call's request hash and stored answer. */
  request_hash: string | null;
  response: string | null;
}

export interface RecordFilter {
  merchantId: bigint;
  memberId: bigint;
  category?: GameCategoryCode;
  vendorCode?: string;
  status?: RoundStatusCode;
  /** Local calendar dates (inclusive) in `timezone`. */
  from?: string;
  to?: string;
  timezone: string;
}

/**
 * SQL of play: launch sessions, rounds and the wallet calls of vendors. Functions that are steps of one wallet
 * call take the transaction (`trx`) they run in.
 */
export function createPlayRepository(db: Kysely<GamesTables>) {
  function recordWhere(f: RecordFilter) {
    const parts: RawBuilder<unknown>[] = [sql`r.merchant_id = ${f.merchantId}`, sql`r.member_id = ${f.memberId}`];
    if (f.category) parts.push(sql`g.category = ${f.category}`);
    if (f.vendorCode) parts.push(sql`r.vendor_code = ${f.vendorCode}`);
    if (f.status) parts.push(sql`r.status = ${f.status}`);
    if (f.from) parts.push(sql`r.started_at >= (${f.from}::date::timestamp at time zone ${f.timezone})`);
    if (f.to) parts.push(sql`r.started_at < ((${f.to}::date + 1)::timestamp at time zone ${f.timezone})`);
    return sql.join(parts, sql` and `);
  }

  return {
    // ---- sessions ----
    async insertSession(s: {
      tokenHash: string;
      merchantId: bigint;
      memberId: bigint;
      vendorCode: string;
      gameId: bigint;
      freePlay: boolean;
      funBalance: bigint | null;
      expiresAt: Date;
      /** End the member's other live real-money sessions at this vendor in the same transaction (at `now`). */
      replaceAt?: Date;
    }): Promise<bigint> {
      const insert = async (ex: typeof db) => {
        const r = await ex
          .insertInto('game_sessions')
          .values({
            token_hash: s.tokenHash,
            merchant_id: s.merchantId,
            member_id: s.memberId,
            vendor_code: s.vendorCode,
            game_id: s.gameId,
            free_play: s.freePlay,
            fun_balance: s.funBalance,
            expires_at: s.expiresAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return r.id;
      };
      const at = s.replaceAt;
      if (!at) return insert(db);
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('game_sessions')
          .set({ expires_at: at })
          .where('merchant_id', '=', s.merchantId)
          .where('member_id', '=', s.memberId)
          .where('vendor_code', '=', s.vendorCode)
          .where('free_play', '=', false)
          .where('expires_at', '>', at)
          .execute();
        return insert(trx);
      });
    },

    sessionByToken: (tokenHash: string) =>
      db.selectFrom('game_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /**
     * Moves a free-play balance by `delta` (never below zero); returns the new balance or undefined. `trx`: the
     * caller's transaction (our own games move play money with the round they record).
     */
    async moveFunBalance(sessionId: bigint, delta: bigint, trx: Kysely<GamesTables> = db): Promise<bigint | undefined> {
      const r = await trx
        .updateTable('game_sessions')
        .set((eb) => ({ fun_balance: eb('fun_balance', '+', delta) }))
        .where('id', '=', sessionId)
        .where('free_play', '=', true)
        .where(sql<boolean>`fun_balance + ${delta} >= 0`)
        .returning('fun_balance')
        .executeTakeFirst();
      return r?.fun_balance ?? undefined;
    },

    /** The member's most recently launched games (newest first, each once). */
    async recentGameIds(memberId: bigint, limit: number): Promise<bigint[]> {
      const rows = await db
        .selectFrom('game_sessions')
        .select(['game_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('member_id', '=', memberId)
        .groupBy('game_id')
        .orderBy('last', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.game_id);
    },

    // ---- wallet calls (one transaction each) ----

    /**
     * Claims a vendor tx id for this player (the idempotency row, status 'pending'). Undefined when it exists: a
     * concurrent twin waits here on the unique index until the first commits, then finds it.
     */
    claimTx: (
      trx: Kysely<GamesTables>,
      t: {
        merchantId: bigint;
        vendorCode: string;
        memberId: bigint;
        txRef: string;
        kind: GameTxKind;
        amount: bigint;
        refTx: string | null;
        requestHash: string;
      },
    ) =>
      trx
        .insertInto('game_transactions')
        .values({
          merchant_id: t.merchantId,
          vendor_code: t.vendorCode,
          member_id: t.memberId,
          tx_ref: t.txRef,
          kind: t.kind,
          amount: t.amount,
          ref_tx: t.refTx,
          status: 'pending',
          request_hash: t.requestHash,
          response: null,
        })
        .onConflict((oc) => oc.columns(['merchant_id', 'vendor_code', 'member_id', 'tx_ref']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    /**
     * The steps of a bet or win before its money moves, in one round trip (SQL function game_wallet_open in
     * db/functions/games.sql): bet — the session check; win — the bet it pays; then the claim of the tx id (or the first call's hash
     * and answer), the tombstone or settled checks, and the round, locked. See the function for the outcomes.
     */
    /**
     * Serialises every call about one bet — the bet itself, its wins, its rollbacks — for the rest of the
     * transaction (an advisory lock on the vendor's bet tx id), taken first in the call. Without it a rollback that
     * runs while its bet is still uncommitted sees no bet, leaves a tombstone, and the bet (not seeing the tombstone
     * yet) goes through: the stake would be kept. Likewise a win and a rollback of one bet.
     */
    async lockBet(
      trx: Kysely<GamesTables>,
      k: { merchantId: bigint; vendorCode: string; memberId: bigint; betTx: string },
    ): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${betLockKey(k)}, 0))`.execute(trx);
    },

    async openCall(
      trx: Kysely<GamesTables>,
      c: {
        kind: 'bet' | 'win';
        merchantId: bigint;
        vendorCode: string;
        memberId: bigint;
        txRef: string;
        amount: bigint;
        refTx: string | null;
        requestHash: string;
        tokenHash: string | null;
        now: Date;
        roundRef: string | null;
        gameId: bigint | null;
      },
    ): Promise<OpenedCall> {
      const { rows } = await sql<OpenedCall>`
        select o_outcome as outcome, o_tx as tx_id, o_round as round_id, o_hash as request_hash, o_response as response
          from game_wallet_open(${c.kind}::text, ${c.merchantId}::bigint, ${c.vendorCode}::text, ${c.memberId}::bigint,
                                ${c.txRef}::text, ${c.amount}::bigint, ${c.refTx}::text, ${c.requestHash}::text,
                                ${c.tokenHash}::text, ${c.now}::timestamptz, ${c.roundRef}::text, ${c.gameId}::bigint)`.execute(
        trx,
      );
      return rows[0]!;
    },

    /** The end of a claimed call in one round trip (game_wallet_finish): the round's totals, then the stored answer. */
    async finishCall(
      trx: Kysely<GamesTables>,
      f: {
        txId: bigint;
        status: 'applied' | 'refused' | 'tombstone';
        response: string;
        roundId?: bigint;
        journalId?: bigint;
        stakeDelta?: bigint;
        payoutDelta?: bigint;
        roundStatus?: RoundStatusCode;
        summary?: string;
        settledAt?: Date;
        /** The vendor's valid bet of the round (its closing win's valid_bet; a replay never reaches here). */
        validBet?: bigint;
      },
    ): Promise<void> {
      await sql`
        select game_wallet_finish(${f.txId}::bigint, ${f.status}::text, ${f.response}::text, ${f.roundId ?? null}::bigint,
                                  ${f.journalId ?? null}::bigint, ${f.stakeDelta ?? 0n}::bigint, ${f.payoutDelta ?? 0n}::bigint,
                                  ${f.roundStatus ?? null}::text, ${f.summary ?? null}::text,
                                  ${f.settledAt ?? null}::timestamptz)`.execute(trx);
      if (f.validBet !== undefined && f.roundId !== undefined)
        await trx.updateTable('game_rounds').set({ valid_bet: f.validBet }).where('id', '=', f.roundId).execute();
    },

    findTx: (h: Kysely<GamesTables>, merchantId: bigint, vendorCode: string, memberId: bigint, txRef: string) =>
      h
        .selectFrom('game_transactions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('member_id', '=', memberId)
        .where('tx_ref', '=', txRef)
        .executeTakeFirst(),

    /** Transactions that point at `refTx` (the wins and rollbacks of a bet). */
    referencing: (h: Kysely<GamesTables>, merchantId: bigint, vendorCode: string, memberId: bigint, refTx: string) =>
      h
        .selectFrom('game_transactions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .where('member_id', '=', memberId)
        .where('ref_tx', '=', refTx)
        .execute(),

    async finishTx(
      trx: Kysely<GamesTables>,
      id: bigint,
      set: {
        status: 'applied' | 'refused' | 'tombstone';
        response: string;
        roundId?: bigint | null;
        journalId?: bigint | null;
      },
    ): Promise<void> {
      await trx
        .updateTable('game_transactions')
        .set({
          status: set.status,
          response: set.response,
          ...(set.roundId !== undefined && { round_id: set.roundId }),
          ...(set.journalId !== undefined && { journal_id: set.journalId }),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Every round of the merchant with this reference (the back office's lookup; index game_rounds_ref_idx). */
    roundsByRef: (merchantId: bigint, roundRef: string) =>
      db
        .selectFrom('game_rounds as r')
        .leftJoin('games as g', 'g.id', 'r.game_id')
        .selectAll('r')
        .select(['g.game_code', 'g.name as game_name', 'g.category'])
        .where('r.merchant_id', '=', merchantId)
        .where('r.round_ref', '=', roundRef)
        .orderBy('r.id')
        .limit(20)
        .execute(),

    lockRoundById: (trx: Kysely<GamesTables>, id: bigint) =>
      trx.selectFrom('game_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async updateRound(
      trx: Kysely<GamesTables>,
      id: bigint,
      set: { stakeDelta?: bigint; payoutDelta?: bigint; status?: RoundStatusCode; summary?: string; settledAt?: Date },
    ): Promise<void> {
      await trx
        .updateTable('game_rounds')
        .set((eb) => ({
          ...(set.stakeDelta !== undefined && { stake: eb('stake', '+', set.stakeDelta) }),
          ...(set.payoutDelta !== undefined && { payout: eb('payout', '+', set.payoutDelta) }),
          ...(set.status !== undefined && { status: set.status }),
          ...(set.summary !== undefined && { summary: set.summary }),
          ...(set.settledAt !== undefined && { settled_at: set.settledAt }),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Bets of a round that moved money and were not rolled back. */
    async liveBetCount(trx: Kysely<GamesTables>, roundId: bigint): Promise<number> {
      const r = await trx
        .selectFrom('game_transactions as b')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('b.round_id', '=', roundId)
        .where('b.kind', '=', 'bet')
        .where('b.status', '=', 'applied')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('game_transactions as x')
                .select('x.id')
                .whereRef('x.merchant_id', '=', 'b.merchant_id')
                .whereRef('x.vendor_code', '=', 'b.vendor_code')
                .whereRef('x.member_id', '=', 'b.member_id')
                .whereRef('x.ref_tx', '=', 'b.tx_ref')
                .where('x.kind', '=', 'rollback')
                .where('x.status', '=', 'applied'),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    // ---- records ----

    async records(f: RecordFilter, page: { offset: number; limit: number }) {
      const where = recordWhere(f);
      const [rows, totals] = await Promise.all([
        sql<
          GameRoundRow & {
            game_name: string | null;
            category: GameCategoryCode | null;
            display_names: Record<string, string> | null;
          }
        >`
          select r.*, g.name as game_name, g.category, g.display_names
            from game_rounds r left join games g on g.id = r.game_id
           where ${where}
           order by r.started_at desc, r.id desc
           limit ${page.limit} offset ${page.offset}`.execute(db),
        sql<{ n: bigint; stake: bigint | null; payout: bigint | null }>`
          select count(*) as n, sum(r.stake)::bigint as stake, sum(r.payout)::bigint as payout
            from game_rounds r left join games g on g.id = r.game_id
           where ${where}`.execute(db),
      ]);
      const t = totals.rows[0]!;
      return { rows: rows.rows, total: Number(t.n), stake: t.stake ?? 0n, payout: t.payout ?? 0n };
    },

    /** The newest settled rounds that paid out, for the winners board. */
    latestWins: (merchantId: bigint, category: GameCategoryCode | null, limit: number) => {
      let q = db
        .selectFrom('game_rounds as r')
        .innerJoin('games as g', 'g.id', 'r.game_id')
        .select(['r.member_id', 'r.payout', 'r.settled_at', 'g.name', 'g.display_names', 'g.icon_url', 'g.category'])
        .where('r.merchant_id', '=', merchantId)
        .where('r.status', '=', 'settled')
        .where('r.payout', '>', 0n);
      if (category) q = q.where('g.category', '=', category);
      return q.orderBy('r.settled_at', 'desc').limit(limit).execute();
    },

    /** Whether a merchant's vendor has a round still open (a wallet mode change waits for none). */
    hasOpenRounds: async (merchantId: bigint, vendorCode: string): Promise<boolean> =>
      (await db
        .selectFrom('game_rounds')
        .select('id')
        .where('vendor_code', '=', vendorCode)
        .where('status', '=', 'open')
        .where('merchant_id', '=', merchantId)
        .limit(1)
        .executeTakeFirst()) !== undefined,
    /**
     * Settled rounds as play events (the play-event queue's `round` source): valid bet = the round's stake (what
     * vendors report as valid turnover is the stake; rolled-back rounds are never published).
     */
    async settledRoundEvents(refs: string[]): Promise<Map<string, PlayEvent>> {
      const ids = refs.filter((r) => /^\d{1,18}$/.test(r)).map((r) => BigInt(r));
      const out = new Map<string, PlayEvent>();
      if (ids.length === 0) return out;
      // Each id looked up through the primary key (a lateral subquery the planner cannot flatten): a batch of 16,000
      // ids as `id in (…)` or `= any(…)` turned into a scan of the whole table once its statistics lagged behind a
      // fast-growing table (1.4 s a batch at a million rounds; 50 ms this way, whatever the statistics say).
      const { rows } = await sql<{
        id: bigint;
        merchant_id: bigint;
        member_id: bigint;
        stake: bigint;
        payout: bigint;
        settled_at: Date | null;
        valid_bet: bigint | null;
        adapter: string;
        category: string | null;
        game_code: string | null;
        vendor_code: string;
      }>`
        select r.id, r.merchant_id, r.member_id, r.stake, r.payout, r.settled_at, r.valid_bet, v.adapter,
               g.category, g.game_code, r.vendor_code
          from unnest(${ids.map(String)}::bigint[]) as x(id)
         cross join lateral (select * from game_rounds r where r.id = x.id and r.status = 'settled' offset 0) r
          join vendors v on v.merchant_id = r.merchant_id and v.code = r.vendor_code
          left join games g on g.id = r.game_id`.execute(db);
      for (const r of rows)
        out.set(String(r.id), {
          kind: 'bet_settled',
          id: `round:${r.id}`,
          merchantId: r.merchant_id,
          memberId: r.member_id,
          product: r.adapter === 'house' ? 'house' : 'vendor',
          category: r.category ?? 'OTHER',
          gameCode: r.game_code ?? r.vendor_code,
          stake: r.stake,
          // The vendor's valid bet when it reported one (netted opposite bets, pushes), never above the stake.
          validBet:
            r.valid_bet === null ? r.stake : r.valid_bet < 0n ? 0n : r.valid_bet > r.stake ? r.stake : r.valid_bet,
          payout: r.payout,
          settledAt: r.settled_at ?? new Date(0),
        });
      return out;
    },

    /** Rounds still open after `before` (a vendor that never settled: reported, and house rounds recovered). */
    openRoundsBefore: (vendorCode: string, before: Date, limit: number) =>
      db
        .selectFrom('game_rounds')
        .selectAll()
        .where('vendor_code', '=', vendorCode)
        .where('status', '=', 'open')
        .where('started_at', '<', before)
        .orderBy('started_at')
        .limit(limit)
        .execute(),
  };
}

export type PlayRepository = ReturnType<typeof createPlayRepository>;
