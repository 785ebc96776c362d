import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type {
  LotteryBetsTable,
  LotteryChainsTable,
  LotteryGamesTable,
  LotteryIssuesTable,
  LotteryIssueStatus,
  LotteryOrdersTable,
  LotteryTables,
  LotteryWinLineRow,
} from './lottery.tables.ts';
import { createLotteryBetsRepository } from './lottery-bets.repository.ts';
import { createLotterySettleRepository } from './lottery-settle.repository.ts';

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

/**
 * Every SQL statement of the lottery module's chain and bet tables (its own tables only; the feed games' own are in
 * feed.repository.ts). `trx` runs a call inside the caller's transaction. Games, chains, issues and exposure here;
 * orders and bets in lottery-bets.repository.ts; settlement and refunds in lottery-settle.repository.ts.
 */
export function createLotteryRepository(db: Db) {
  return {
    ...createLotteryBetsRepository(db),
    ...createLotterySettleRepository(db),
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
    /**
     * An operator's cancel of a fast-game issue: locks the row (bets lock it for share, the draw's compare-and-set
     * waits), then open/closed → cancelled. The status it had; cancelled/refunded/drawn/settled ones are left as
     * they are (the caller decides), undefined when there is no such row.
     */
    async cancelUndrawn(trx: Db, id: bigint): Promise<LotteryIssueStatus | undefined> {
      const row = await trx
        .selectFrom('lottery_issues')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (row && (row.status === 'open' || row.status === 'closed'))
        await trx.updateTable('lottery_issues').set({ status: 'cancelled' }).where('id', '=', id).execute();
      return row?.status;
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
  };
}

export type LotteryRepository = ReturnType<typeof createLotteryRepository>;
