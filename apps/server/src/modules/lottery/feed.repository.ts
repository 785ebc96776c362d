import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type {
  LotteryFeedGamesTable,
  LotteryFeedResultsTable,
  LotteryGamesTable,
  LotteryIssuesTable,
  LotteryIssueStatus,
  LotteryTables,
  LotteryWinLineRow,
} from './lottery.tables.ts';

type Db = Kysely<LotteryTables>;

/** A feed game: its lottery_games row with its lottery_feed_games config. */
export type FeedGameRow = Selectable<LotteryGamesTable> & Omit<Selectable<LotteryFeedGamesTable>, 'game_id'>;
export type FeedIssueRow = Selectable<LotteryIssuesTable>;
export type FeedResultRow = Selectable<LotteryFeedResultsTable>;

export interface FeedOutcome {
  id: bigint;
  status: 'won' | 'lost';
  payout: bigint;
  lines: LotteryWinLineRow[];
}

const FEED_KINDS = ['vn', 'thai', '4d'] as const;

/**
 * SQL of the feed-based lotteries (lottery_feed_* and the feed issues' rows of lottery_issues / lottery_bets). The
 * feed path has its own statements so the fast e-lottery's draw and settlement code can change independently.
 */
export function createFeedRepository(db: Db) {
  const games = (q: Db) =>
    q
      .selectFrom('lottery_games as g')
      .innerJoin('lottery_feed_games as f', 'f.game_id', 'g.id')
      .selectAll('g')
      .select(['f.region', 'f.station', 'f.timezone', 'f.draw_time', 'f.schedule', 'f.source', 'f.secret', 'f.odds'])
      .where('g.kind', 'in', FEED_KINDS);

  return {
    // ---- games
    /** Inserts the games that are not there yet (by merchant and code) with their feed config. */
    async addGames(
      rows: { game: Insertable<LotteryGamesTable>; feed: Omit<Insertable<LotteryFeedGamesTable>, 'game_id'> }[],
    ) {
      for (const r of rows) {
        await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('lottery_games')
            .values(r.game)
            .onConflict((oc) => oc.columns(['merchant_id', 'game_code']).doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) return;
          await trx
            .insertInto('lottery_feed_games')
            .values({ ...r.feed, game_id: inserted.id })
            .execute();
        });
      }
    },
    enabledGames: (): Promise<FeedGameRow[]> => games(db).where('g.enabled', '=', true).orderBy('g.id').execute(),
    gamesOf: (merchantId: bigint, kind?: string): Promise<FeedGameRow[]> => {
      let q = games(db).where('g.merchant_id', '=', merchantId).where('g.enabled', '=', true);
      if (kind) q = q.where('g.kind', '=', kind as (typeof FEED_KINDS)[number]);
      return q.orderBy('g.id').execute();
    },
    gameByCode: (merchantId: bigint, code: string): Promise<FeedGameRow | undefined> =>
      games(db).where('g.merchant_id', '=', merchantId).where('g.game_code', '=', code).executeTakeFirst(),
    gameById: (id: bigint): Promise<FeedGameRow | undefined> => games(db).where('g.id', '=', id).executeTakeFirst(),

    // ---- issues
    lastDrawAt: async (gameId: bigint): Promise<Date | null> =>
      (
        await db
          .selectFrom('lottery_issues')
          .select((eb) => eb.fn.max('draws_at').as('m'))
          .where('game_id', '=', gameId)
          .executeTakeFirst()
      )?.m ?? null,
    async addIssues(rows: Insertable<LotteryIssuesTable>[]): Promise<number> {
      if (rows.length === 0) return 0;
      const r = await db
        .insertInto('lottery_issues')
        .values(rows)
        .onConflict((oc) => oc.columns(['game_id', 'issue_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n);
    },
    /** Feed issues with a step to do, oldest draw first. */
    dueIssues: (now: Date, limit: number): Promise<FeedIssueRow[]> =>
      db
        .selectFrom('lottery_issues')
        .selectAll()
        .where('chain_id', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'open'), eb('closes_at', '<=', now)]),
            eb.and([eb('status', '=', 'closed'), eb('draws_at', '<=', now)]),
            eb('status', 'in', ['awaiting', 'drawn', 'cancelled']),
          ]),
        )
        .orderBy('draws_at')
        .limit(limit)
        .execute(),
    /** Settled feed issues with a confirmed correction not yet applied. */
    correctionsDue: (limit: number) =>
      db
        .selectFrom('lottery_feed_results as r')
        .innerJoin('lottery_issues as i', 'i.id', 'r.issue_pk')
        .selectAll('i')
        .distinct()
        .where('r.status', '=', 'confirmed')
        .where('r.applied_at', 'is', null)
        .where('r.version', '>', 1)
        .where('i.status', '=', 'settled')
        .limit(limit)
        .execute(),
    /** Locks the issue row for the transaction (an operator's cancel and result entries take turns); its status. */
    lockIssue: async (trx: Db, id: bigint): Promise<LotteryIssueStatus | undefined> =>
      (await trx.selectFrom('lottery_issues').select('status').where('id', '=', id).forUpdate().executeTakeFirst())
        ?.status,
    /** Whether the issue has a result waiting for confirmation, and a confirmed one. */
    async resultStates(trx: Db, issuePk: bigint): Promise<{ pending: boolean; confirmed: boolean }> {
      const rows = await trx
        .selectFrom('lottery_feed_results')
        .select('status')
        .distinct()
        .where('issue_pk', '=', issuePk)
        .where('status', 'in', ['pending', 'confirmed'])
        .execute();
      return {
        pending: rows.some((r) => r.status === 'pending'),
        confirmed: rows.some((r) => r.status === 'confirmed'),
      };
    },
    /** Cancels an issue not drawn yet (open, closed or awaiting its result); false when it was in another state. */
    async cancelIn(trx: Db, id: bigint): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_issues')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', 'in', ['open', 'closed', 'awaiting'])
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** The issue's refunded bets: how many and their charge. */
    async refundedTotals(issuePk: bigint): Promise<{ bets: number; amount: bigint }> {
      const r = await db
        .selectFrom('lottery_bets')
        .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(charge), 0)`.as('amount')])
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'refunded')
        .executeTakeFirstOrThrow();
      return { bets: Number(r.n), amount: BigInt(r.amount) };
    },
    /** The settled issue's result replaced by a correction (its totals are rewritten after). */
    async setResult(id: bigint, result: unknown): Promise<void> {
      await db
        .updateTable('lottery_issues')
        .set({ result: JSON.stringify(result) })
        .where('id', '=', id)
        .execute();
    },
    /** Issues whose draw time has come, newest first, with the version of their applied result. */
    async resultsPage(gameId: bigint, now: Date, page: { offset: number; limit: number }) {
      const base = db.selectFrom('lottery_issues as i').where('i.game_id', '=', gameId).where('i.draws_at', '<=', now);
      const [rows, count] = await Promise.all([
        base
          .selectAll('i')
          .select((eb) =>
            eb
              .selectFrom('lottery_feed_results as r')
              .select((e) => e.fn.max('r.version').as('v'))
              .whereRef('r.issue_pk', '=', 'i.id')
              .where('r.status', '=', 'confirmed')
              .where('r.applied_at', 'is not', null)
              .as('version'),
          )
          .orderBy('i.draws_at', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    // ---- results
    /** The dashboard's queue: results entered by one staff member, waiting for another's confirmation. */
    async countPendingEntries(merchantId: bigint): Promise<number> {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from lottery_feed_results r join lottery_issues i on i.id = r.issue_pk
         where i.merchant_id = ${merchantId} and r.status = 'pending'`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },
    pendingEntry: (issuePk: bigint): Promise<FeedResultRow | undefined> =>
      db
        .selectFrom('lottery_feed_results')
        .selectAll()
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
    /** Confirmed versions of an issue, oldest first. */
    confirmed: (issuePk: bigint): Promise<FeedResultRow[]> =>
      db
        .selectFrom('lottery_feed_results')
        .selectAll()
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'confirmed')
        .orderBy('version')
        .execute(),
    async insertResult(trx: Db, row: Insertable<LotteryFeedResultsTable>): Promise<bigint> {
      return (await trx.insertInto('lottery_feed_results').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },
    /**
     * A feed result as version 1 unless one is confirmed already (false: another process or an operator won) and only
     * while the issue awaits it (locked for share: an operator's cancel, which locks it for update, never crosses it).
     */
    async addFeedResult(issuePk: bigint, result: unknown, now: Date): Promise<boolean> {
      const r = await sql`
        insert into lottery_feed_results (issue_pk, version, source, result, status, entered_at, confirmed_at)
        select ${issuePk}, 1, 'feed', ${JSON.stringify(result)}::jsonb, 'confirmed', ${now}, ${now}
        where not exists (select 1 from lottery_feed_results where issue_pk = ${issuePk} and status = 'confirmed')
          and exists (select 1 from lottery_issues where id = ${issuePk} and status = 'awaiting' for share)
        on conflict do nothing`.execute(db);
      return Number(r.numAffectedRows ?? 0n) > 0;
    },
    async confirmEntry(trx: Db, id: bigint, adminId: bigint, version: number, now: Date): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_feed_results')
        .set({ status: 'confirmed', confirmed_by: adminId, confirmed_at: now, version })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async discardEntry(trx: Db, id: bigint): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_feed_results')
        .set({ status: 'discarded' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async markApplied(issuePk: bigint, version: number, now: Date): Promise<void> {
      await db
        .updateTable('lottery_feed_results')
        .set({ applied_at: now })
        .where('issue_pk', '=', issuePk)
        .where('version', '=', version)
        .where('status', '=', 'confirmed')
        .where('applied_at', 'is', null)
        .execute();
    },

    // ---- settlement
    placedBatch: (issuePk: bigint, afterId: bigint, limit: number) =>
      db
        .selectFrom('lottery_bets')
        .select(['id', 'code', 'selection', 'unit_stake'])
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'placed')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** Only rows still placed take their outcome (a re-run changes nothing). */
    async writeOutcomes(outcomes: FeedOutcome[], version: number, now: Date): Promise<void> {
      if (outcomes.length === 0) return;
      const payload = JSON.stringify(
        outcomes.map((o) => ({ id: String(o.id), status: o.status, payout: String(o.payout), lines: o.lines })),
      );
      await sql`
        update lottery_bets b
        set status = u.status, payout = u.payout, lines = u.lines, settled_at = ${now}, result_version = ${version}
        from jsonb_to_recordset(${payload}::jsonb) as u(id int8, status text, payout int8, lines jsonb)
        where b.id = u.id and b.status = 'placed'`.execute(db);
    },
    unpaidWins: (issuePk: bigint) =>
      db
        .selectFrom('lottery_bets')
        .select(['member_id'])
        .select((eb) => eb.fn.sum<string>('payout').as('amount'))
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'won')
        .where('paid', '=', false)
        .groupBy(['member_id'])
        .execute(),
    async markPaid(trx: Db, issuePk: bigint, memberId: bigint): Promise<void> {
      await trx
        .updateTable('lottery_bets')
        .set({ paid: true })
        .where('issue_pk', '=', issuePk)
        .where('status', '=', 'won')
        .where('member_id', '=', memberId)
        .execute();
    },
    async writeTotals(issuePk: bigint): Promise<void> {
      await sql`
        update lottery_issues i set bets = t.bets, stake = t.stake, payout = t.payout, winners = t.winners
        from (
          select count(*)::int as bets, coalesce(sum(charge), 0)::int8 as stake,
                 coalesce(sum(payout), 0)::int8 as payout,
                 count(distinct member_id) filter (where status = 'won')::int as winners
          from lottery_bets where issue_pk = ${issuePk} and status <> 'refunded'
        ) t
        where i.id = ${issuePk}`.execute(db);
    },

    // ---- corrections
    /** Settled bets of the issue not yet re-settled on `version`. */
    betsToResettle: (issuePk: bigint, version: number, afterId: bigint, limit: number) =>
      db
        .selectFrom('lottery_bets')
        .select(['id', 'reference', 'member_id', 'code', 'selection', 'unit_stake', 'payout'])
        .where('issue_pk', '=', issuePk)
        .where('status', 'in', ['won', 'lost'])
        .where('result_version', '<', version)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** The bet's new outcome on `version` (false: already re-settled on it — nothing is written then). */
    async resettleBet(trx: Db, id: bigint, version: number, o: FeedOutcome, now: Date): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_bets')
        .set({
          status: o.status,
          payout: o.payout,
          lines: JSON.stringify(o.lines),
          settled_at: now,
          result_version: version,
          paid: o.status === 'won',
        })
        .where('id', '=', id)
        .where('result_version', '<', version)
        .where('status', 'in', ['won', 'lost'])
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async addCorrection(
      trx: Db,
      row: {
        bet_id: bigint;
        version: number;
        member_id: bigint;
        old_payout: bigint;
        new_payout: bigint;
        posted: bigint;
        shortfall: bigint;
        owed?: bigint;
      },
    ): Promise<void> {
      await trx.insertInto('lottery_feed_corrections').values(row).execute();
    },
    corrections: (issuePk: bigint) =>
      db
        .selectFrom('lottery_feed_corrections as c')
        .innerJoin('lottery_bets as b', 'b.id', 'c.bet_id')
        .selectAll('c')
        .where('b.issue_pk', '=', issuePk)
        .orderBy('c.bet_id')
        .execute(),

    // ---- shortfalls (what a correction could not take back)
    /**
     * Shortfalls still (partly) owed, by bet (oldest first) and version, after the `after` one (keyset on the partial
     * index of 0036): the collection step's work list.
     */
    openShortfalls: (after: { bet_id: bigint; version: number } | null, limit: number) =>
      db
        .selectFrom('lottery_feed_corrections as c')
        .innerJoin('lottery_bets as b', 'b.id', 'c.bet_id')
        .select(['c.bet_id', 'c.version', 'c.member_id', 'b.merchant_id'])
        .whereRef('c.shortfall', '>', 'c.collected')
        .$if(after !== null, (q) =>
          q.where(sql<boolean>`(c.bet_id, c.version) > (${after!.bet_id}, ${after!.version})`),
        )
        .orderBy('c.bet_id')
        .orderBy('c.version')
        .limit(limit)
        .execute(),
    /**
     * Locks one shortfall for a collection (collectors of one shortfall take turns): what is still owed, the next
     * collection's number and what its journal names.
     */
    lockShortfall: async (trx: Db, betId: bigint, version: number) =>
      (
        await sql<{
          outstanding: bigint;
          seq: number;
          reference: string;
          issue_id: string;
          game_code: string;
        }>`
          select c.shortfall - c.collected as outstanding, b.reference, i.issue_id, g.game_code,
                 (select count(*)::int + 1 from lottery_shortfall_collections s
                  where s.bet_id = c.bet_id and s.version = c.version) as seq
          from lottery_feed_corrections c
          join lottery_bets b on b.id = c.bet_id
          join lottery_issues i on i.id = b.issue_pk
          join lottery_games g on g.id = i.game_id
          where c.bet_id = ${betId} and c.version = ${version}
          for update of c`.execute(trx)
      ).rows[0],
    /** A collection: its row, and the shortfall's collected sum (never past the shortfall: a check of 0036). */
    async addCollection(
      trx: Db,
      row: { bet_id: bigint; version: number; seq: number; member_id: bigint; amount: bigint; journal_id: bigint },
      now: Date,
    ): Promise<void> {
      await trx.insertInto('lottery_shortfall_collections').values(row).execute();
      await trx
        .updateTable('lottery_feed_corrections')
        .set((eb) => ({ collected: eb('collected', '+', row.amount), collected_at: now }))
        .where('bet_id', '=', row.bet_id)
        .where('version', '=', row.version)
        .execute();
    },
    /** A merchant's shortfalls (open: nothing collected; partial; collected: all), newest first, and their count. */
    async shortfallsPage(
      merchantId: bigint,
      status: 'open' | 'partial' | 'collected' | 'owed' | undefined,
      page: { offset: number; limit: number },
    ) {
      let q = db
        .selectFrom('lottery_feed_corrections as c')
        .innerJoin('lottery_bets as b', 'b.id', 'c.bet_id')
        .where('b.merchant_id', '=', merchantId);
      if (status === 'owed') q = q.where('c.owed', '>', 0n);
      else if (status) q = q.where('c.shortfall', '>', 0n);
      else q = q.where((eb) => eb.or([eb('c.shortfall', '>', 0n), eb('c.owed', '>', 0n)]));
      if (status === 'open') q = q.where('c.collected', '=', 0n);
      if (status === 'partial') q = q.where('c.collected', '>', 0n).whereRef('c.collected', '<', 'c.shortfall');
      if (status === 'collected') q = q.whereRef('c.collected', '=', 'c.shortfall');
      const [rows, count] = await Promise.all([
        q
          .innerJoin('lottery_issues as i', 'i.id', 'b.issue_pk')
          .innerJoin('lottery_games as g', 'g.id', 'i.game_id')
          .select([
            'c.member_id',
            'c.version',
            'c.shortfall',
            'c.collected',
            'c.owed',
            'c.created_at',
            'c.collected_at',
            'b.reference',
            'i.issue_id',
            'g.game_code',
          ])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.bet_id', 'desc')
          .orderBy('c.version', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
