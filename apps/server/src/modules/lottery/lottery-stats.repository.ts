import { type Kysely, sql } from 'kysely';
import type { BetStatsSource } from '../games/index.ts';
import type { LotteryTables } from './lottery.tables.ts';

/**
 * The lottery's bets as the games face's BetStatsSource (a file of its own: reads only, apart from the place and
 * settle paths): they count in the agents' member-day cells, team records, contract figures and category
 * rebates like game rounds (category LOTT for the feed games — VN, Thai, 4D — ELOTT for the fast ones). Placed = open (not valid yet), won/lost = settled (valid bet = the charge, payout =
 * the win), refunded = rolled back (stake 0, counts for nothing), each bet's outcome as lottery_bet_outcomes shows
 * it. Bet time = placement (created_at, the cell's day); change time = settlement (settled_at: the bet's own, or
 * its chain issue's; refunds set it too), which the roll-up's mark "lottery" follows.
 */
export function createLotteryStatsRepository(
  db: Kysely<LotteryTables>,
  opts: { vendorCode: string; feedKinds: readonly string[] },
): BetStatsSource {
  return {
    name: 'lottery',
    // Left joins on primary keys: a figure that reads no game or issue column never touches those tables.
    bets: (merchantId) => sql`
      select b.merchant_id, b.member_id, b.id as seq, ${opts.vendorCode}::text as vendor_code, g.game_code,
             g.name as game_name,
             (case when g.kind = any(${[...opts.feedKinds]}::text[]) then 'LOTT' else 'ELOTT' end) as category, b.reference as round_ref,
             (i.issue_id || ' · ' || b.code || ' ' || b.describe) as summary,
             (case b.status when 'placed' then 'open' when 'refunded' then 'rolled_back' else 'settled' end) as status,
             (case when b.status = 'refunded' then 0 else b.charge end)::int8 as stake, b.payout,
             b.created_at as started_at, b.settled_at
        from lottery_bet_outcomes b
        left join lottery_issues i on i.id = b.issue_pk
        left join lottery_games g on g.id = i.game_id
       where b.merchant_id = ${merchantId}`,

    // A chain game's bet is settled by its issue (its row keeps 'placed': lottery_bet_outcomes): its change time is
    // the issue's settled_at; refunds and feed games' bets carry their own.
    async changedSince(merchantId, timezone, since, until) {
      const { rows } = await sql<{ member_id: bigint; day: string; mark: Date }>`
        select c.member_id, to_char(c.created_at at time zone ${timezone}, 'YYYY-MM-DD') as day,
               max(c.settled_at) as mark
          from (
            select b.member_id, b.created_at, b.settled_at
              from lottery_bets b
             where b.settled_at >= ${since} and b.settled_at < ${until} and b.merchant_id = ${merchantId}
            union all
            select b.member_id, b.created_at, i.settled_at
              from lottery_issues i
              join lottery_bets b on b.issue_pk = i.id and b.status = 'placed'
             where i.settled_at >= ${since} and i.settled_at < ${until} and i.merchant_id = ${merchantId}
               and i.status = 'settled' and i.chain_id is not null
          ) c
         group by 1, 2`.execute(db);
      return rows;
    },

    async merchantsWithBets(from, to) {
      const { rows } = await sql<{ merchant_id: bigint }>`
        select merchant_id from lottery_bets
         where settled_at >= ${from} and settled_at < ${to} and status in ('won', 'lost')
        union
        select merchant_id from lottery_issues
         where settled_at >= ${from} and settled_at < ${to} and status = 'settled' and chain_id is not null
           and bets > 0`.execute(db);
      return rows.map((r) => BigInt(r.merchant_id));
    },
  };
}
