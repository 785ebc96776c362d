import { type Kysely, sql } from 'kysely';
import type { GamesTables, RoundStatusCode } from './games.tables.ts';
import type { OpenedCall } from './play.repository.ts';
import { betLockKey } from './seamless.protocol.ts';

const str = (v: bigint | null | undefined) => (v === null || v === undefined ? null : String(v));

/**
 * The seamless wallet's steps for a set of wins in one transaction (seamless.batch.ts): each step one statement
 * over all the calls, running the same SQL functions as a single call (db/functions/games.sql) row by row.
 */
export function createWalletBatchRepository() {
  return {
    /** lockBet() of every call, in one statement, in the order of the keys (sorted: two batches never deadlock). */
    async lockBets(
      trx: Kysely<GamesTables>,
      keys: { merchantId: bigint; vendorCode: string; memberId: bigint; betTx: string }[],
    ): Promise<void> {
      const sorted = keys.map(betLockKey).sort();
      await sql`select pg_advisory_xact_lock(hashtextextended(k.key, 0))
        from (select key, i from unnest(${sorted}::text[]) with ordinality as u(key, i) order by i) as k`.execute(trx);
    },

    /** game_wallet_open of each win, in the order given: one outcome per call. */
    async openWins(
      trx: Kysely<GamesTables>,
      c: { merchantId: bigint; vendorCode: string; now: Date },
      wins: { memberId: bigint; txRef: string; amount: bigint; refTx: string; requestHash: string }[],
    ): Promise<OpenedCall[]> {
      const { rows } = await sql<OpenedCall>`
        select o.o_outcome as outcome, o.o_tx as tx_id, o.o_round as round_id, o.o_hash as request_hash,
               o.o_response as response
          from unnest(${wins.map((w) => String(w.memberId))}::bigint[], ${wins.map((w) => w.txRef)}::text[],
                      ${wins.map((w) => String(w.amount))}::bigint[], ${wins.map((w) => w.refTx)}::text[],
                      ${wins.map((w) => w.requestHash)}::text[]) with ordinality as x(member_id, tx_ref, amount, ref_tx, hash, i)
         cross join lateral game_wallet_open('win', ${c.merchantId}::bigint, ${c.vendorCode}::text, x.member_id,
                                             x.tx_ref, x.amount, x.ref_tx, x.hash, null::text, ${c.now}::timestamptz,
                                             null::text, null::bigint) as o
         order by x.i`.execute(trx);
      return rows;
    },

    /** game_wallet_finish of each claimed call, then the valid bets the closing wins reported. */
    async finishAll(
      trx: Kysely<GamesTables>,
      calls: {
        txId: bigint;
        status: 'applied' | 'refused';
        response: string;
        roundId?: bigint;
        journalId?: bigint;
        payoutDelta?: bigint;
        roundStatus?: RoundStatusCode;
        summary?: string;
        settledAt?: Date;
        validBet?: bigint;
      }[],
    ): Promise<void> {
      if (calls.length === 0) return;
      await sql`
        select game_wallet_finish(x.tx_id, x.status, x.response, x.round_id, x.journal_id, 0::bigint, x.payout,
                                  x.round_status, x.summary, x.settled_at)
          from unnest(${calls.map((f) => String(f.txId))}::bigint[], ${calls.map((f) => f.status)}::text[],
                      ${calls.map((f) => f.response)}::text[], ${calls.map((f) => str(f.roundId))}::bigint[],
                      ${calls.map((f) => str(f.journalId))}::bigint[], ${calls.map((f) => String(f.payoutDelta ?? 0n))}::bigint[],
                      ${calls.map((f) => f.roundStatus ?? null)}::text[], ${calls.map((f) => f.summary ?? null)}::text[],
                      ${calls.map((f) => f.settledAt?.toISOString() ?? null)}::timestamptz[])
            with ordinality as x(tx_id, status, response, round_id, journal_id, payout, round_status, summary, settled_at, i)
         order by x.i`.execute(trx);
      const valid = calls.filter((f) => f.validBet !== undefined && f.roundId !== undefined);
      if (valid.length)
        await sql`update game_rounds r set valid_bet = v.valid_bet
          from unnest(${valid.map((f) => String(f.roundId))}::bigint[], ${valid.map((f) => String(f.validBet))}::bigint[])
            as v(id, valid_bet)
         where r.id = v.id`.execute(trx);
    },
  };
}

export type WalletBatchRepository = ReturnType<typeof createWalletBatchRepository>;
