import { type Insertable, type Kysely, sql } from 'kysely';
import type { BetRow, BetView, OrderRow } from './lottery.repository.ts';
import type {
  LotteryBetsTable,
  LotteryBetStatus,
  LotteryGameKind,
  LotteryOrdersTable,
  LotteryTables,
} from './lottery.tables.ts';

type Db = Kysely<LotteryTables>;

/** The lottery's orders and bets: insert, read as a member's bets and as bet records, refund one. */
export function createLotteryBetsRepository(db: Db) {
  // and takes its kind's outcome once the issue is settled.
  const betView = (q: Db) =>
    q
      .selectFrom('lottery_bet_outcomes as b')
      .innerJoin('lottery_orders as o', 'o.id', 'b.order_id')
      .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
      .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
      .selectAll('b')
      .select(['o.reference as order_ref', 'g.game_code', 'i.issue_id as public_issue_id']);
  return {
    // ---- orders and bets
    findOrder: (merchantId: bigint, memberId: bigint, requestId: string): Promise<OrderRow | undefined> =>
      db
        .selectFrom('lottery_orders')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst(),
    orderById: (id: bigint): Promise<OrderRow | undefined> =>
      db.selectFrom('lottery_orders').selectAll().where('id', '=', id).executeTakeFirst(),
    insertOrder: async (trx: Db, row: Insertable<LotteryOrdersTable>): Promise<bigint> =>
      (await trx.insertInto('lottery_orders').values(row).returning('id').executeTakeFirstOrThrow()).id,
    /** The bets (as inserted), with their issues' distinct (type, selection, unit stake) in the same statement. */
    async insertBets(trx: Db, rows: Insertable<LotteryBetsTable>[]): Promise<BetRow[]> {
      const out: BetRow[] = [];
      for (let i = 0; i < rows.length; i += 1000)
        out.push(
          ...(await trx
            .with('b', (q) =>
              q
                .insertInto('lottery_bets')
                .values(rows.slice(i, i + 1000))
                .returningAll(),
            )
            .with('k', (q) =>
              q
                .insertInto('lottery_issue_kinds')
                .columns(['issue_pk', 'code', 'unit_stake', 'selection'])
                .expression((eb) =>
                  eb.selectFrom('b').select(['issue_pk', 'code', 'unit_stake', 'selection']).distinct(),
                )
                .onConflict((oc) => oc.doNothing()),
            )
            .selectFrom('b')
            .selectAll()
            .orderBy('id')
            .execute()),
        );
      return out;
    },
    betsOfOrder: (orderId: bigint): Promise<BetView[]> =>
      betView(db).where('b.order_id', '=', orderId).orderBy('b.id').execute(),
    betByRef: (merchantId: bigint, memberId: bigint, ref: string): Promise<BetView | undefined> =>
      betView(db)
        .where('b.merchant_id', '=', merchantId)
        .where('b.member_id', '=', memberId)
        .where('b.reference', '=', ref)
        .executeTakeFirst(),
    async myBets(
      f: { merchantId: bigint; memberId: bigint; gameCode?: string; status?: LotteryBetStatus },
      page: { offset: number; limit: number },
    ) {
      let q = db
        .selectFrom('lottery_bet_outcomes as b')
        .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
        .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
        .where('b.merchant_id', '=', f.merchantId)
        .where('b.member_id', '=', f.memberId);
      if (f.gameCode) q = q.where('g.game_code', '=', f.gameCode);
      if (f.status) q = q.where('b.status', '=', f.status);
      const [ids, sums] = await Promise.all([
        q
          .select('b.id')
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        q
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            sql<string>`coalesce(sum(b.charge) filter (where b.status <> 'refunded'), 0)`.as('charge'),
            sql<string>`coalesce(sum(b.payout), 0)`.as('payout'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      const rows =
        ids.length === 0
          ? []
          : await betView(db)
              .where(
                'b.id',
                'in',
                ids.map((r) => r.id),
              )
              .orderBy('b.created_at', 'desc')
              .orderBy('b.id', 'desc')
              .execute();
      return { rows, total: Number(sums.n), charge: BigInt(sums.charge), payout: BigInt(sums.payout) };
    },
    /** The member's bets as bet records (games' records): the first `limit`, newest first, and count and sums of all. */
    async records(
      f: {
        merchantId: bigint;
        memberId: bigint;
        /** Only bets on games of these kinds (a bet-record category: ELOTT chain games, LOTT feed games). */
        kinds?: LotteryGameKind[];
        statuses?: LotteryBetStatus[];
        from?: string;
        to?: string;
        timezone: string;
      },
      limit: number,
    ) {
      let q = db
        .selectFrom('lottery_bet_outcomes as b')
        .where('b.merchant_id', '=', f.merchantId)
        .where('b.member_id', '=', f.memberId);
      if (f.statuses) q = q.where('b.status', 'in', f.statuses);
      if (f.kinds)
        q = q.where('b.issue_pk', 'in', (eb) =>
          eb
            .selectFrom('lottery_issues as ki')
            .innerJoin('lottery_games as kg', 'kg.id', 'ki.game_id')
            .select('ki.id')
            .where('kg.kind', 'in', f.kinds!),
        );
      if (f.from) q = q.where('b.created_at', '>=', sql<Date>`(${f.from}::date::timestamp at time zone ${f.timezone})`);
      if (f.to)
        q = q.where('b.created_at', '<', sql<Date>`((${f.to}::date + 1)::timestamp at time zone ${f.timezone})`);
      const [rows, sums] = await Promise.all([
        q
          .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
          .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
          .select([
            'b.reference',
            'b.code',
            'b.describe',
            'b.charge',
            'b.payout',
            'b.status',
            'b.created_at',
            'b.settled_at',
            'g.game_code',
            'g.kind',
            'i.issue_id',
          ])
          .orderBy('b.created_at', 'desc')
          .orderBy('b.id', 'desc')
          .limit(limit)
          .execute(),
        q
          .select((eb) => [
            eb.fn.countAll<string>().as('n'),
            sql<string>`coalesce(sum(b.charge) filter (where b.status <> 'refunded'), 0)`.as('stake'),
            sql<string>`coalesce(sum(b.payout), 0)`.as('payout'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(sums.n), stake: BigInt(sums.stake), payout: BigInt(sums.payout) };
    },
    /** Refunds one placed bet (false: it is no longer placed). */
    async markBetRefunded(trx: Db, betId: bigint, now: Date): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_bets')
        .set({ status: 'refunded', settled_at: now })
        .where('id', '=', betId)
        .where('status', '=', 'placed')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
  };
}
