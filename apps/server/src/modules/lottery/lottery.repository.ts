import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type {
  LotteryBetsTable,
  LotteryBetStatus,
  LotteryChainsTable,
  LotteryGameKind,
  LotteryGamesTable,
  LotteryIssuesTable,
  LotteryIssueStatus,
  LotteryOrdersTable,
  LotteryTables,
  LotteryWinLineRow,
} from './lottery.tables.ts';

export type GameRow = Selectable<LotteryGamesTable>;
export type ChainRow = Selectable<LotteryChainsTable>;
export type IssueRow = Selectable<LotteryIssuesTable>;
export type OrderRow = Selectable<LotteryOrdersTable>;
export type BetRow = Selectable<LotteryBetsTable>;
/** A bet with the public ids of its issue and game (what MyBet shows). */
export type BetView = BetRow & { order_ref: string; game_code: string; public_issue_id: string };

type Db = Kysely<LotteryTables>;

/** The outcome of every bet of a draw with this (bet type, selection, unit stake). */
export interface KindOutcome {
  code: string;
  selection: unknown;
  unitStake: bigint;
  status: 'won' | 'lost';
  payout: bigint;
  lines: LotteryWinLineRow[];
}

/** Every SQL statement of the lottery module (its own tables only). `trx` runs a call inside the caller's transaction. */
export function createLotteryRepository(db: Db) {
  // Readers of a bet's outcome read lottery_bet_outcomes (0038): a chain game's bet row stays 'placed' after its draw
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
    // ---- games and chains
    async addGames(rows: Insertable<LotteryGamesTable>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('lottery_games')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'game_code']).doNothing())
        .execute();
    },
    /** Enabled fast e-lottery games (chain games; the feed games have their own schedule: feed.service.ts). */
    enabledGames: (): Promise<GameRow[]> =>
      db
        .selectFrom('lottery_games')
        .selectAll()
        .where('enabled', '=', true)
        .where('kind', 'in', ['ssc', 'k3'])
        .orderBy('id')
        .execute(),
    gamesOf: (merchantId: bigint): Promise<GameRow[]> =>
      db
        .selectFrom('lottery_games')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('enabled', '=', true)
        .orderBy('id')
        .execute(),
    gameByCode: (merchantId: bigint, code: string): Promise<GameRow | undefined> =>
      db
        .selectFrom('lottery_games')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', code)
        .executeTakeFirst(),
    gameById: (id: bigint): Promise<GameRow | undefined> =>
      db.selectFrom('lottery_games').selectAll().where('id', '=', id).executeTakeFirst(),
    /** A game's chains, oldest first (chain n + 1 continues where chain n ends). */
    chainsOf: (gameId: bigint): Promise<ChainRow[]> =>
      db.selectFrom('lottery_chains').selectAll().where('game_id', '=', gameId).orderBy('seq').execute(),
    chainById: (id: bigint): Promise<ChainRow | undefined> =>
      db.selectFrom('lottery_chains').selectAll().where('id', '=', id).executeTakeFirst(),
    /** One chain per (game, seq): two processes publishing together generate one each; the first is kept. */
    async addChainIfAbsent(row: Insertable<LotteryChainsTable>): Promise<void> {
      await db
        .insertInto('lottery_chains')
        .values(row)
        .onConflict((oc) => oc.columns(['game_id', 'seq']).doNothing())
        .execute();
    },

    // ---- issues
    /**
     * Chain issues, each once: every unique index is an arbiter (no conflict target), so two processes inserting the
     * same slot at once skip it on (chain_id, chain_index) or (game_id, issue_id), whichever they meet first.
     */
    async addIssues(rows: Insertable<LotteryIssuesTable>[]): Promise<number> {
      if (rows.length === 0) return 0;
      const r = await db
        .insertInto('lottery_issues')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n);
    },
    lastIssueIndex: async (chainId: bigint): Promise<number> =>
      (
        await db
          .selectFrom('lottery_issues')
          .select((eb) => eb.fn.max('chain_index').as('m'))
          .where('chain_id', '=', chainId)
          .executeTakeFirst()
      )?.m ?? 0,
    /** The issue taking bets now (or the next to open). */
    currentIssue: (gameId: bigint, now: Date): Promise<IssueRow | undefined> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('status', '=', 'open')
        .where('closes_at', '>', now)
        .orderBy('draws_at')
        .limit(1)
        .executeTakeFirst(),
    issuesAfter: (gameId: bigint, drawsAt: Date, limit: number): Promise<IssueRow[]> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('draws_at', '>', drawsAt)
        .orderBy('draws_at')
        .limit(limit)
        .execute(),
    /** `count` consecutive issues of a game from `issueId` on. */
    issuesFrom: async (gameId: bigint, issueId: string, count: number): Promise<IssueRow[]> => {
      const first = await db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue_id', '=', issueId)
        .executeTakeFirst();
      if (!first) return [];
      if (count === 1) return [first];
      const rest = await db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('draws_at', '>', first.draws_at)
        .orderBy('draws_at')
        .limit(count - 1)
        .execute();
      return [first, ...rest];
    },
    issueByPublicId: (gameId: bigint, issueId: string): Promise<IssueRow | undefined> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue_id', '=', issueId)
        .executeTakeFirst(),
    issueById: (id: bigint): Promise<IssueRow | undefined> =>
      db.selectFrom('lottery_issues').selectAll().where('id', '=', id).executeTakeFirst(),
    lastDrawn: (gameId: bigint): Promise<IssueRow | undefined> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('status', 'in', ['drawn', 'settled'])
        .orderBy('draws_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    /** Issues whose draw time has come (newest first), for the results list. */
    async resultsPage(gameId: bigint, now: Date, page: { offset: number; limit: number }) {
      const base = db.selectFrom('lottery_issues').where('game_id', '=', gameId).where('draws_at', '<=', now);
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('draws_at', 'desc').offset(page.offset).limit(page.limit).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /** Chain issues with a step to do (close, draw, settle, refund), oldest draw first (feed issues: feed.*). */
    dueIssues: (now: Date, limit: number): Promise<IssueRow[]> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('chain_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'open'), eb('closes_at', '<=', now)]),
            eb.and([eb('status', '=', 'closed'), eb('draws_at', '<=', now)]),
            eb('status', 'in', ['drawn', 'cancelled']),
          ]),
        )
        .orderBy('draws_at')
        .limit(limit)
        .execute(),
    /** Compare-and-set: moves the issue only when it is still in `from`; false when another run did it. */
    async transition(
      id: bigint,
      from: LotteryIssueStatus,
      to: LotteryIssueStatus,
      set: { hash?: string; result?: unknown; beaconValue?: string; drawnAt?: Date; settledAt?: Date } = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('lottery_issues')
        .set({
          status: to,
          ...(set.hash !== undefined && { hash: set.hash }),
          ...(set.result !== undefined && { result: JSON.stringify(set.result) }),
          ...(set.beaconValue !== undefined && { beacon_value: set.beaconValue }),
          ...(set.drawnAt && { drawn_at: set.drawnAt }),
          ...(set.settledAt && { settled_at: set.settledAt }),
        })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** Locks the issues a bet goes on (share: the close step waits for the bet); only those still open now. */
    lockOpenIssues: (trx: Db, ids: bigint[], now: Date): Promise<{ id: bigint }[]> =>
      trx
        .selectFrom('lottery_issues')
        .select('id')
        .where('id', 'in', ids)
        .where('status', '=', 'open')
        .where('closes_at', '>', now)
        .forShare()
        .execute(),

    // ---- exposure
    /**
     * Adds stake on several (issue, bet type) pairs (each pair once) in one statement, in key order (concurrent orders
     * lock the rows in the same order); false when one would pass `limit` (the caller's transaction keeps nothing).
     */
    async addExposures(
      trx: Db,
      rows: { issuePk: bigint; code: string; amount: bigint }[],
      limit: bigint,
    ): Promise<boolean> {
      if (rows.some((r) => r.amount > limit)) return false;
      if (rows.length === 0) return true;
      const r = await sql<{ staked: bigint }>`
        insert into lottery_exposure (issue_pk, code, staked)
        select * from unnest(${rows.map((x) => String(x.issuePk))}::int8[], ${rows.map((x) => x.code)}::text[],
                             ${rows.map((x) => String(x.amount))}::int8[]) as x(issue_pk, code, staked)
        order by issue_pk, code
        on conflict (issue_pk, code) do update set staked = lottery_exposure.staked + excluded.staked
        where lottery_exposure.staked + excluded.staked <= ${limit}
        returning staked`.execute(trx);
      return r.rows.length === rows.length;
    },
    /**
     * Takes stake back off (issue, exposure key) pairs (a cancelled or refunded bet), in one statement; the same pair
     * given twice is summed. Never below zero.
     */
    async releaseExposure(trx: Db, rows: { issuePk: bigint; code: string; amount: bigint }[]): Promise<void> {
      if (rows.length === 0) return;
      await sql`
        update lottery_exposure e set staked = greatest(e.staked - x.amount, 0)
        from (
          select issue_pk, code, sum(amount)::int8 as amount
          from unnest(${rows.map((x) => String(x.issuePk))}::int8[], ${rows.map((x) => x.code)}::text[],
                      ${rows.map((x) => String(x.amount))}::int8[]) as r(issue_pk, code, amount)
          group by issue_pk, code
        ) x
        where e.issue_pk = x.issue_pk and e.code = x.code`.execute(trx);
    },

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

    // ---- settlement
    /** The issue's distinct (bet type, selection, unit stake) without an outcome yet. */
    kindsToSettle: (issuePk: bigint) =>
      db
        .selectFrom('lottery_issue_kinds')
        .select(['code', 'unit_stake', 'selection'])
        .where('issue_pk', '=', issuePk)
        .where('status', 'is', null)
        .execute(),
    /** Their outcomes (the same on every run: a re-run writes the same values). */
    async writeKindOutcomes(issuePk: bigint, outcomes: KindOutcome[]): Promise<void> {
      for (let i = 0; i < outcomes.length; i += 5000) {
        const payload = JSON.stringify(
          outcomes.slice(i, i + 5000).map((o) => ({
            code: o.code,
            selection: o.selection,
            unit_stake: String(o.unitStake),
            status: o.status,
            payout: String(o.payout),
            lines: o.lines,
          })),
        );
        await sql`
          update lottery_issue_kinds k set status = o.status, payout = o.payout, lines = o.lines
          from jsonb_to_recordset(${payload}::jsonb)
            as o(code text, selection jsonb, unit_stake int8, status text, payout int8, lines jsonb)
          where k.issue_pk = ${issuePk} and k.code = o.code and k.unit_stake = o.unit_stake
            and k.selection = o.selection`.execute(db);
      }
    },
    /**
     * The members' rows of a chain issue whose kinds all have their outcome, in ONE read-only pass over its bets (no
     * bet row is written: a bet's outcome is its kind's, lottery_bet_outcomes): per member the bets not refunded,
     * their stake and the sum of their kinds' payouts. The same figures on every run (the bets of a drawn issue no
     * longer change, the outcomes are the engine's), so a rerun, a duplicate or a second process writes the same
     * rows again; a row already paid is left as it is. One statement: a crash keeps nothing or everything. The
     * number of members' rows.
     */
    async settleMembers(issuePk: bigint): Promise<number> {
      const r = await sql<{ n: string }>`
        with m as (
          insert into lottery_settled_members as s (issue_pk, member_id, merchant_id, bets, stake, payout)
          select ${issuePk}, b.member_id, min(b.merchant_id), count(*), sum(b.charge), sum(k.payout)
          from lottery_bets b
          join lottery_issue_kinds k
            on k.issue_pk = b.issue_pk and k.code = b.code and k.unit_stake = b.unit_stake and k.selection = b.selection
          where b.issue_pk = ${issuePk} and b.status <> 'refunded'
          group by b.member_id order by b.member_id
          on conflict (issue_pk, member_id) do update
            set bets = excluded.bets, stake = excluded.stake, payout = excluded.payout
            where s.journal_id is null
          returning 1
        )
        select count(*)::text as n from m`.execute(db);
      return Number(r.rows[0]?.n ?? 0);
    },
    /** Members with a win on the issue not yet paid whose house shard (member id mod `of`) is one of `shards`. */
    unpaidMembers: (issuePk: bigint, shards: number[], of: number, after: bigint, limit: number) =>
      db
        .selectFrom('lottery_settled_members')
        .select(['member_id', 'payout'])
        .where('issue_pk', '=', issuePk)
        .where('payout', '>', 0n)
        .where('journal_id', 'is', null)
        .where(sql<number>`(member_id % ${of})::int`, 'in', shards)
        .where('member_id', '>', after)
        .orderBy('member_id')
        .limit(limit)
        .execute(),
    /** The win journals of members (inside the transaction that posted them). */
    async markMembersPaid(trx: Db, issuePk: bigint, paid: { memberId: bigint; journalId: bigint }[]): Promise<void> {
      if (paid.length === 0) return;
      await sql`
        update lottery_settled_members s set journal_id = p.journal_id
        from unnest(${paid.map((p) => String(p.memberId))}::int8[], ${paid.map((p) => String(p.journalId))}::int8[])
          as p(member_id, journal_id)
        where s.issue_pk = ${issuePk} and s.member_id = p.member_id`.execute(trx);
    },
    /** The issue's totals from its members' rows (refunded bets were never settled, so never counted). */
    async writeTotals(issuePk: bigint): Promise<void> {
      await sql`
        update lottery_issues i set bets = t.bets, stake = t.stake, payout = t.payout, winners = t.winners
        from (
          select coalesce(sum(bets), 0)::int as bets, coalesce(sum(stake), 0)::int8 as stake,
                 coalesce(sum(payout), 0)::int8 as payout, (count(*) filter (where payout > 0))::int as winners
          from lottery_settled_members where issue_pk = ${issuePk}
        ) t
        where i.id = ${issuePk}`.execute(db);
    },
    /**
     * Chase orders with stop-on-win that won on this issue (through the partial index of their bets): a bet whose
     * row says won (feed games write each bet) or, still placed, whose kind won (a chain issue's bets keep 'placed';
     * the issue is not settled yet, so the kinds are read directly).
     */
    stopOnWinOrders: (issuePk: bigint) =>
      db
        .selectFrom('lottery_bets as b')
        .leftJoin('lottery_issue_kinds as k', (j) =>
          j
            .onRef('k.issue_pk', '=', 'b.issue_pk')
            .onRef('k.code', '=', 'b.code')
            .onRef('k.unit_stake', '=', 'b.unit_stake')
            .onRef('k.selection', '=', 'b.selection'),
        )
        .innerJoin('lottery_orders as o', 'o.id', 'b.order_id')
        .select(['o.id', 'o.reference', 'o.member_id', 'o.merchant_id'])
        .distinct()
        .where('b.issue_pk', '=', issuePk)
        .where('b.stop_on_win', '=', true)
        .where((eb) =>
          eb.or([eb('b.status', '=', 'won'), eb.and([eb('b.status', '=', 'placed'), eb('k.status', '=', 'won')])]),
        )
        .execute(),
    /**
     * Refunds an order's placed bets on issues drawing after `after` (stop on win); what was refunded. A chain issue
     * only while not drawn yet: the issues are locked (share) first, so a draw waits for the refund, and a chain
     * issue drawn meanwhile is left alone — its settlement counts every bet not refunded when it reads them, so none
     * may be refunded after (a feed issue's settlement writes each bet, a placed one may still be refunded).
     */
    async refundOrderAfter(trx: Db, orderId: bigint, after: Date, now: Date) {
      const open = await trx
        .selectFrom('lottery_issues')
        .select('id')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('lottery_bets')
            .select('issue_pk')
            .where('order_id', '=', orderId)
            .where('status', '=', 'placed'),
        )
        .where('draws_at', '>', after)
        .where((eb) => eb.or([eb('status', 'in', ['open', 'closed']), eb('chain_id', 'is', null)]))
        .forShare()
        .execute();
      if (open.length === 0) return [];
      return trx
        .updateTable('lottery_bets')
        .set({ status: 'refunded', settled_at: now })
        .where('order_id', '=', orderId)
        .where('status', '=', 'placed')
        .where(
          'issue_pk',
          'in',
          open.map((i) => i.id),
        )
        .returning(['id', 'charge', 'issue_pk', 'code', 'selection', 'unit_stake'])
        .execute();
    },
    /**
     * A cancelled issue, one batch: locks the issue (refunders of one issue take turns, each batch sees the one
     * before it), then every placed bet of its first `members` members still to refund is refunded. Per member and
     * (type, selection, unit stake): the amount back and the bets. Null: the issue is no longer cancelled.
     */
    async refundIssueBatch(trx: Db, issuePk: bigint, members: number, now: Date) {
      const locked = await trx
        .selectFrom('lottery_issues')
        .select('id')
        .where('id', '=', issuePk)
        .where('status', '=', 'cancelled')
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return null;
      return (
        await sql<{
          member_id: bigint;
          code: string;
          selection: unknown;
          unit_stake: bigint;
          bets: number;
          amount: bigint;
        }>`
          with m as (
            select distinct member_id from lottery_bets
            where issue_pk = ${issuePk} and status = 'placed' order by member_id limit ${members}
          ), u as (
            update lottery_bets b set status = 'refunded', settled_at = ${now}
            from m where b.issue_pk = ${issuePk} and b.member_id = m.member_id and b.status = 'placed'
            returning b.member_id, b.code, b.selection, b.unit_stake, b.charge
          )
          select member_id, code, selection, unit_stake, count(*)::int as bets, sum(charge)::int8 as amount from u
          group by member_id, code, selection, unit_stake order by member_id`.execute(trx)
      ).rows;
    },
  };
}

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
