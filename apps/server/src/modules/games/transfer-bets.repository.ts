import type { Kysely } from 'kysely';
import type { GamesTables } from './games.tables.ts';

/** A vendor bet as written into a settled game round. */
export interface IngestBet {
  betId: string;
  memberId: bigint;
  gameId: bigint | null;
  stake: bigint;
  payout: bigint;
  validBet: bigint | null;
  placedAt: Date;
  settledAt: Date;
  summary: string | null;
}

/** SQL of the transfer vendors' bet records (tables vendor_bet_ingest, vendor_bet_cursors; migration 0156). */
export function createTransferBetsRepository(db: Kysely<GamesTables>) {
  return {
    /** Every transfer-wallet vendor that is not disabled, with its merchant. */
    transferVendors: () =>
      db
        .selectFrom('vendors')
        .selectAll()
        .where('wallet_mode', '=', 'transfer')
        .where('status', '<>', 'disabled')
        .orderBy('merchant_id')
        .orderBy('code')
        .execute(),

    async cursor(merchantId: bigint, vendorCode: string): Promise<Date> {
      const row = await db
        .selectFrom('vendor_bet_cursors')
        .select('settled_at')
        .where('merchant_id', '=', merchantId)
        .where('vendor_code', '=', vendorCode)
        .executeTakeFirst();
      return row?.settled_at ?? new Date(0);
    },

    /** Moves the cursor forward (never back). */
    async advance(merchantId: bigint, vendorCode: string, settledAt: Date): Promise<void> {
      await db
        .insertInto('vendor_bet_cursors')
        .values({ merchant_id: merchantId, vendor_code: vendorCode, settled_at: settledAt })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'vendor_code'])
            .doUpdateSet({ settled_at: settledAt, updated_at: new Date() })
            .where('vendor_bet_cursors.settled_at', '<', settledAt),
        )
        .execute();
    },

    /**
     * Records bets once (inside `trx`): the bet ids taken now (those not recorded before; a second puller waits on
     * the key and takes none), each written as a settled round; the new rounds' ids by bet id.
     */
    async record(
      trx: Kysely<GamesTables>,
      merchantId: bigint,
      vendorCode: string,
      bets: IngestBet[],
    ): Promise<Map<string, bigint>> {
      const out = new Map<string, bigint>();
      if (bets.length === 0) return out;
      const taken = await trx
        .insertInto('vendor_bet_ingest')
        .values(bets.map((b) => ({ merchant_id: merchantId, vendor_code: vendorCode, bet_id: b.betId })))
        .onConflict((oc) => oc.doNothing())
        .returning('bet_id')
        .execute();
      const fresh = new Set(taken.map((r) => r.bet_id));
      for (const b of bets) {
        if (!fresh.has(b.betId)) continue;
        const round = await trx
          .insertInto('game_rounds')
          .values({
            merchant_id: merchantId,
            vendor_code: vendorCode,
            member_id: b.memberId,
            game_id: b.gameId,
            round_ref: b.betId,
            status: 'settled',
            stake: b.stake,
            payout: b.payout,
            summary: b.summary,
            started_at: b.placedAt,
            settled_at: b.settledAt,
            valid_bet: b.validBet,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('vendor_bet_ingest')
          .set({ round_id: round.id })
          .where('merchant_id', '=', merchantId)
          .where('vendor_code', '=', vendorCode)
          .where('bet_id', '=', b.betId)
          .execute();
        out.set(b.betId, round.id);
      }
      return out;
    },
  };
}

export type TransferBetsRepository = ReturnType<typeof createTransferBetsRepository>;
