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
  /** Its rounds (baccarat_rounds, sabong_fights) and their table column (table_id, arena_id). */
  rounds: string;
  roundTableColumn: string;
  /** The rounds' statuses while in play (a table with one finishes it before it may change at once). */
  inPlay: readonly string[];
}

/** Where each of a game's settings is kept: its column and SQL type (the pending JSON holds it under its key). */
export type TableSettingColumns<S> = { [K in keyof S]-?: { column: string; type: 'text' | 'integer' | 'bigint' } };

type BetStatus = 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any game's handle: the SQL below names its tables
type AnyKysely = Kysely<any>;

export function createTableRoundsRepository<TableRow, BetRow, Settings extends object>(
  db: AnyKysely,
  names: TableRoundNames,
  settings: TableSettingColumns<Settings>,
) {
  const tables = sql.table(names.tables);
  const bets = sql.table(names.bets);
  const rounds = sql.table(names.rounds);
  const roundColumn = sql.ref(names.roundColumn);
  const roundTable = sql.ref(names.roundTableColumn);
  const inPlay = sql.join(names.inPlay);
  const rows = async <R>(q: RawBuilder<R>, h: AnyKysely = db) => (await q.execute(h)).rows;
  const settingList = (Object.keys(settings) as (keyof Settings & string)[]).map((key) => ({
    key,
    column: sql.ref(settings[key].column),
    type: sql.raw(settings[key].type),
  }));
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

    /**
     * The dealer's tables: the open ones, and closed ones whose round is still in play or whose cancelled round's
     * refunds are unfinished (a closed table finishes what it started).
     */
    dealerTables: () =>
      rows(sql<TableRow>`select t.* from ${tables} t
        where t.status = 'open'
           or exists (select 1 from ${rounds} r where r.${roundTable} = t.id and r.status in (${inPlay}))
           or exists (select 1 from ${rounds} r join ${bets} b on b.${roundColumn} = r.id
                       where r.${roundTable} = t.id and r.status = 'cancelled' and b.status in ('pending', 'placed'))`),

    /**
     * The table's settings for the round about to open, under the table's row lock: pending settings applied (and
     * cleared) in this statement. Undefined when the table is closed (no new round opens).
     */
    applyPending: async (trx: AnyKysely, id: bigint): Promise<TableRow | undefined> => {
      const set = settingList.map((c) => sql`${c.column} = coalesce((pending->>${c.key})::${c.type}, ${c.column})`);
      const [row] = await rows(
        sql<TableRow>`update ${tables} set ${sql.join(set)}, pending = null
          where id = ${id} and status = 'open' returning *`,
        trx,
      );
      return row;
    },

    /**
     * New settings: applied at once to a closed table with no round in play (one statement: the dealer opens no round
     * there), else kept as pending for the next round. Which of the two, or undefined for no such table.
     */
    saveSettings: async (merchantId: bigint, code: string, s: Settings): Promise<'applied' | 'pending' | undefined> => {
      const set = settingList.map((c) => sql`${c.column} = ${String(s[c.key])}::${c.type}`);
      const now = await sql`update ${tables} t set ${sql.join(set)}, pending = null
        where t.merchant_id = ${merchantId} and t.code = ${code} and t.status = 'closed'
          and not exists (select 1 from ${rounds} r where r.${roundTable} = t.id and r.status in (${inPlay}))`.execute(
        db,
      );
      if ((now.numAffectedRows ?? 0n) > 0n) return 'applied';
      const later = await sql`update ${tables} set pending = ${JSON.stringify(s)}::jsonb
        where merchant_id = ${merchantId} and code = ${code}`.execute(db);
      return (later.numAffectedRows ?? 0n) > 0n ? 'pending' : undefined;
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
