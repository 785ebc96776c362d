import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * The statements every shared-round table game runs the same way on its own tables: the game owns them (declared
 * in its `<game>.tables.ts`) and passes their names in, so this file names no table of its own. Rows come back as
 * the driver gives them (int8 as bigint, timestamps as Date, jsonb parsed), exactly as the game's Kysely selects.
 */
export interface TableRoundNames {
  /** The game's tables (baccarat_tables, sabong_arenas). */
  tables: string;
  /** Its bets (baccarat_bets, sabong_bets). */
  bets: string;
  /** The bets' round column (round_id, fight_id). */
  roundColumn: string;
}

type BetStatus = 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's handle: the SQL below names its tables
type AnyKysely = Kysely<any>;

export function createTableRoundsRepository<TableRow, BetRow>(db: AnyKysely, names: TableRoundNames) {
  const tables = sql.table(names.tables);
  const bets = sql.table(names.bets);
  const roundColumn = sql.ref(names.roundColumn);
  const rows = async <R>(q: RawBuilder<R>, h: AnyKysely = db) => (await q.execute(h)).rows;
  return {
    /** The merchant's open tables in their order. */
    openTablesOf: (merchantId: bigint) =>
      rows(sql<TableRow>`select * from ${tables} where merchant_id = ${merchantId} and status = 'open'
        order by sort, id`),

    /** Every table of the merchant, closed ones too (the back office). */
    allTablesOf: (merchantId: bigint) =>
      rows(sql<TableRow>`select * from ${tables} where merchant_id = ${merchantId} order by sort, id`),

    tableByCode: async (merchantId: bigint, code: string): Promise<TableRow | undefined> =>
      (await rows(sql<TableRow>`select * from ${tables} where merchant_id = ${merchantId} and code = ${code}`))[0],

    tableById: async (id: bigint): Promise<TableRow> => {
      const [row] = await rows(sql<TableRow>`select * from ${tables} where id = ${id}`);
      if (!row) throw new Error(`no ${names.tables} row ${id}`);
      return row;
    },

    /** Opens or closes a table; false for no such table. */
    setStatus: async (merchantId: bigint, code: string, status: 'open' | 'closed') =>
      ((
        await sql`update ${tables} set status = ${status} where merchant_id = ${merchantId} and code = ${code}`.execute(
          db,
        )
      ).numAffectedRows ?? 0n) > 0n,

    betByRequest: async (memberId: bigint, requestId: string): Promise<BetRow | undefined> =>
      (await rows(sql<BetRow>`select * from ${bets} where member_id = ${memberId} and request_id = ${requestId}`))[0],

    /** A round's bets in order. */
    roundBets: (roundId: bigint, h: AnyKysely = db) =>
      rows(sql<BetRow>`select * from ${bets} where ${roundColumn} = ${roundId} order by id`, h),

    /** The member's bets of a round in order. */
    memberBets: (roundId: bigint, memberId: bigint) =>
      rows(sql<BetRow>`select * from ${bets} where ${roundColumn} = ${roundId} and member_id = ${memberId}
        order by id`),

    /** Placed bets settled with what each returned, in one statement (those already settled are left as they are). */
    settleBets: async (h: AnyKysely, list: { id: bigint; payout: bigint }[]): Promise<void> => {
      if (!list.length) return;
      await sql`update ${bets} b set status = 'settled', payout = v.payout
        from unnest(${list.map((b) => String(b.id))}::bigint[], ${list.map((b) => String(b.payout))}::bigint[]) as v(id, payout)
       where b.id = v.id and b.status = 'placed'`.execute(h);
    },

    /** Bets in one of `from` moved to `to` (and their payout set when given). */
    setBetStatus: async (h: AnyKysely, ids: bigint[], from: BetStatus[], to: BetStatus, payout?: bigint) => {
      if (!ids.length || !from.length) return;
      const setPayout = payout === undefined ? sql`` : sql`, payout = ${payout}`;
      await sql`update ${bets} set status = ${to}${setPayout}
        where id in (${sql.join(ids)}) and status in (${sql.join(from)})`.execute(h);
    },
  };
}
