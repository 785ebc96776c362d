import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { RaffleDrawsTable, RafflesTable, RaffleTables, RaffleWinnersTable } from './raffle.tables.ts';

type Db = Kysely<RaffleTables>;
export type RaffleRow = Selectable<RafflesTable>;

/** SQL of raffles, their entries (turnover per member), applied events, draws and winners. */
export function createRaffleRepository(db: Db) {
  return {
    list: (merchantId: bigint, exec: Db = db) =>
      exec
        .selectFrom('raffles')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('draw_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    find: (merchantId: bigint, id: bigint, exec: Db = db) =>
      exec
        .selectFrom('raffles')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .executeTakeFirst(),
    insert: (exec: Db, row: Insertable<RafflesTable>) =>
      exec.insertInto('raffles').values(row).returningAll().executeTakeFirstOrThrow(),
    /** Changes an open raffle (undefined: none, or drawn already). */
    updateOpen: (exec: Db, merchantId: bigint, id: bigint, patch: Updateable<RafflesTable>) =>
      exec
        .updateTable('raffles')
        .set(patch)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst(),
    /** Open raffles whose ticket window holds `at` (of one merchant), locked for share: a draw waits for the batch. */
    openAt: (exec: Db, merchantId: bigint, from: Date, to: Date) =>
      exec
        .selectFrom('raffles')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'open')
        .where('starts_at', '<=', to)
        .where('ends_at', '>', from)
        .forShare()
        .execute(),
    due: (now: Date) =>
      db
        .selectFrom('raffles')
        .select(['id', 'merchant_id'])
        .where('status', '=', 'open')
        .where('draw_at', '<=', now)
        .orderBy('draw_at')
        .execute(),
    lock: (exec: Db, id: bigint) =>
      exec.selectFrom('raffles').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async addTurnover(exec: Db, rows: Array<{ raffleId: bigint; memberId: bigint; turnover: bigint }>, at: Date) {
      if (!rows.length) return;
      await exec
        .insertInto('raffle_entries')
        .values(
          rows.map((r) => ({ raffle_id: r.raffleId, member_id: r.memberId, turnover: r.turnover, updated_at: at })),
        )
        .onConflict((oc) =>
          oc.columns(['raffle_id', 'member_id']).doUpdateSet({
            turnover: sql`raffle_entries.turnover + excluded.turnover`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    },
    /** Entries in ticket order (member id). */
    entries: (exec: Db, raffleId: bigint) =>
      exec
        .selectFrom('raffle_entries')
        .select(['member_id', 'turnover'])
        .where('raffle_id', '=', raffleId)
        .orderBy('member_id')
        .execute(),
    entry: (raffleId: bigint, memberId: bigint) =>
      db
        .selectFrom('raffle_entries')
        .select('turnover')
        .where('raffle_id', '=', raffleId)
        .where('member_id', '=', memberId)
        .executeTakeFirst(),
    entriesOf: (memberId: bigint, raffleIds: bigint[]) =>
      raffleIds.length
        ? db
            .selectFrom('raffle_entries')
            .select(['raffle_id', 'turnover'])
            .where('member_id', '=', memberId)
            .where('raffle_id', 'in', raffleIds)
            .execute()
        : Promise.resolve([]),
    /** Entrants and their summed turnover per raffle (tickets are counted by the service). */
    entrantTurnovers: (raffleIds: bigint[]) =>
      raffleIds.length
        ? db
            .selectFrom('raffle_entries')
            .select(['raffle_id', 'turnover'])
            .where('raffle_id', 'in', raffleIds)
            .execute()
        : Promise.resolve([]),

    saveDraw: async (
      exec: Db,
      draw: Insertable<RaffleDrawsTable> & { raffle_id: bigint },
      winners: Insertable<RaffleWinnersTable>[],
      at: Date,
    ) => {
      await exec.insertInto('raffle_draws').values(draw).execute();
      if (winners.length) await exec.insertInto('raffle_winners').values(winners).execute();
      await exec
        .updateTable('raffles')
        .set({ status: 'drawn', drawn_at: at, updated_at: at })
        .where('id', '=', draw.raffle_id)
        .execute();
    },
    draw: (raffleId: bigint) =>
      db.selectFrom('raffle_draws').selectAll().where('raffle_id', '=', raffleId).executeTakeFirst(),
    winners: (raffleId: bigint) =>
      db.selectFrom('raffle_winners').selectAll().where('raffle_id', '=', raffleId).orderBy('rank').execute(),
  };
}

export type RaffleRepository = ReturnType<typeof createRaffleRepository>;
