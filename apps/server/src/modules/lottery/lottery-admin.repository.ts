import { type Kysely, sql } from 'kysely';
import type { LotteryIssueStatus, LotteryTables } from './lottery.tables.ts';

type Db = Kysely<LotteryTables>;

export interface AdminIssueFilter {
  merchantId: bigint;
  gameCode?: string;
  status?: LotteryIssueStatus;
  /** Days (YYYY-MM-DD) of `timezone`, on the draw time. */
  from?: string;
  to?: string;
  timezone: string;
}

export interface AdminIssueRow {
  id: bigint;
  issue_id: string;
  status: LotteryIssueStatus;
  closes_at: Date;
  draws_at: Date;
  drawn_at: Date | null;
  settled_at: Date | null;
  result: unknown;
  game_code: string;
  game_name: string;
  kind: string;
  source: 'simulated' | 'manual' | null;
  bets: number;
  stake: bigint;
  payout: bigint;
  winners: number;
  pending: boolean;
}

/** The back office's reads and writes of the lottery's games and issues (lottery-admin.service.ts). */
export function createLotteryAdminRepository(db: Db) {
  /**
   * An issue with its game and totals: a settled issue's are the ones its settlement wrote; before that the bets
   * not refunded and their stake are counted live (the payouts are 0 until settled).
   */
  const issueSelect = sql`
    select i.id, i.issue_id, i.status, i.closes_at, i.draws_at, i.drawn_at, i.settled_at, i.result,
           g.game_code, g.name as game_name, g.kind, f.source,
           case when i.status = 'settled' then i.bets else coalesce(l.bets, 0) end as bets,
           case when i.status = 'settled' then i.stake else coalesce(l.stake, 0) end as stake,
           case when i.status = 'settled' then i.payout else 0 end as payout,
           case when i.status = 'settled' then i.winners else 0 end as winners,
           exists (select 1 from lottery_feed_results r where r.issue_pk = i.id and r.status = 'pending') as pending
    from lottery_issues i
    join lottery_games g on g.id = i.game_id
    left join lottery_feed_games f on f.game_id = g.id
    left join lateral (
      select count(*)::int as bets, coalesce(sum(b.charge), 0)::int8 as stake
      from lottery_bets b where b.issue_pk = i.id and b.status <> 'refunded'
    ) l on i.status <> 'settled'`;

  const toRow = (r: Record<string, unknown>): AdminIssueRow => ({
    ...(r as unknown as AdminIssueRow),
    id: BigInt(String(r.id)),
    bets: Number(r.bets),
    stake: BigInt(String(r.stake)),
    payout: BigInt(String(r.payout)),
    winners: Number(r.winners),
    pending: Boolean(r.pending),
  });

  return {
    /** Every game of the merchant (disabled ones too), with a feed game's calendar. */
    games: (merchantId: bigint) =>
      db
        .selectFrom('lottery_games as g')
        .leftJoin('lottery_feed_games as f', 'f.game_id', 'g.id')
        .selectAll('g')
        .select(['f.region', 'f.station', 'f.timezone', 'f.draw_time', 'f.schedule', 'f.source'])
        .where('g.merchant_id', '=', merchantId)
        .orderBy('g.id')
        .execute(),
    /** A game's settings; false when the game is not the merchant's. */
    async updateGame(
      trx: Db,
      merchantId: bigint,
      gameCode: string,
      set: {
        enabled?: boolean;
        close_seconds?: number;
        min_unit_stake?: bigint;
        max_unit_stake?: bigint;
        max_number_stake?: bigint;
      },
    ): Promise<boolean> {
      const r = await trx
        .updateTable('lottery_games')
        .set(set)
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** A page of the merchant's issues, newest draw first, and how many match. */
    async issuesPage(f: AdminIssueFilter, page: { offset: number; limit: number }) {
      const where = [sql`i.merchant_id = ${f.merchantId}`];
      if (f.gameCode) where.push(sql`g.game_code = ${f.gameCode}`);
      if (f.status) where.push(sql`i.status = ${f.status}`);
      if (f.from) where.push(sql`i.draws_at >= (${f.from}::date::timestamp at time zone ${f.timezone})`);
      if (f.to) where.push(sql`i.draws_at < ((${f.to}::date + 1)::timestamp at time zone ${f.timezone})`);
      const cond = sql.join(where, sql` and `);
      const [rows, count] = await Promise.all([
        sql<Record<string, unknown>>`${issueSelect} where ${cond}
          order by i.draws_at desc, i.id desc offset ${page.offset} limit ${page.limit}`.execute(db),
        sql<{ n: string }>`
          select count(*)::text as n from lottery_issues i join lottery_games g on g.id = i.game_id
          where ${cond}`.execute(db),
      ]);
      return { rows: rows.rows.map(toRow), total: Number(count.rows[0]?.n ?? 0) };
    },
    /** One issue of a game of the merchant. */
    async issue(merchantId: bigint, gameCode: string, issueId: string): Promise<AdminIssueRow | undefined> {
      const r = await sql<Record<string, unknown>>`${issueSelect}
        where i.merchant_id = ${merchantId} and g.game_code = ${gameCode} and i.issue_id = ${issueId}`.execute(db);
      return r.rows[0] ? toRow(r.rows[0]) : undefined;
    },
    /** Every result entry of a feed issue, oldest first (pending and discarded ones too). */
    resultEntries: (issuePk: bigint) =>
      db
        .selectFrom('lottery_feed_results')
        .selectAll()
        .where('issue_pk', '=', issuePk)
        .orderBy('entered_at')
        .orderBy('id')
        .execute(),
  };
}

export type LotteryAdminRepository = ReturnType<typeof createLotteryAdminRepository>;
