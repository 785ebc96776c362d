import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { GamesTables } from './games.tables.ts';

/** A (member, local day) cell of the agents' daily roll-up. */
export interface RollupCell {
  member_id: bigint;
  day: string;
}

export interface RoundDayTotals {
  member_id: bigint;
  day: string;
  /** What the games reported as valid (capped at the stake; the stake when none was reported). */
  valid_bet: bigint;
  stake: bigint;
  payout: bigint;
  bet_count: number;
}

export interface TeamRoundRow {
  /** The round's id, or another source's bet reference (the lottery's LB…): unique across sources. */
  id: string;
  member_id: bigint;
  vendor_code: string;
  /** The catalogue game (found by code for another source's bets; null when the catalogue has none). */
  game_id: bigint | null;
  /** The catalogue game's category, else the source's own. */
  category: string | null;
  /** The source's game name when the catalogue has no game of that code. */
  game_name: string | null;
  round_ref: string;
  status: 'open' | 'settled' | 'rolled_back';
  stake: bigint;
  payout: bigint;
  /** What was bet on (a round's summary; a lottery bet's issue, bet type and selection). */
  summary: string | null;
  started_at: Date;
  settled_at: Date | null;
}

/**
 * Another module's bets that count wherever game rounds count (the lottery's): the agents' member-day cells, the
 * team records, the contracts' team figures and the category rebates. The owner (implemented in its repository,
 * wired in app.ts) answers one merchant's bets as a subquery with exactly these columns, one row per bet:
 *
 *   merchant_id, member_id bigint; seq bigint (a per-source order key); vendor_code, game_code, game_name,
 *   category, round_ref (unique per source, not a number), summary text; status text ('open' | 'settled' |
 *   'rolled_back'); stake, payout bigint (stake 0 when rolled back); started_at timestamptz (bet time: its day is
 *   the cell's day); settled_at timestamptz (null while open).
 *
 * Valid bet = stakes of settled rows, as for rounds. `changedSince` finds the cells whose bets changed (their
 * settlement time) since a time, under the source's own roll-up mark `name`.
 */
export interface BetStatsSource {
  readonly name: string;
  bets(merchantId: bigint): RawBuilder<unknown>;
  changedSince(
    merchantId: bigint,
    timezone: string,
    since: Date,
    until: Date,
  ): Promise<(RollupCell & { mark: Date })[]>;
  merchantsWithBets(from: Date, to: Date): Promise<bigint[]>;
}

/**
 * The games module's reads for the agent reports (a file of its own, apart from the hot paths): which rounds
 * changed since a time (every wallet call writes a game_transactions row, so its created_at is the round's
 * change time), the settled totals of (member, bet day) cells, and a team's rounds bounded by the team subquery
 * the members face builds. Valid bet = ROUND_VALID of settled rounds (the stake beside it); rolled-back and open
 * rounds count for nothing.
 * The bets of every BetStatsSource (`sources`, filled by app.ts) join each figure as further UNION ALL branches
 * with the same filter, so a figure stays one statement.
 */
/**
 * A round's valid bet (issue 23): what its game reported (our baccarat nets Banker against Player: a hedged round
 * counts less than its stake), capped at the stake; the stake when none was reported. Other sources' bets (the
 * lottery's) count their stake.
 */
const ROUND_VALID = sql`least(coalesce(r.valid_bet, r.stake), r.stake) as valid`;

export function createRollupRepository(db: Kysely<GamesTables>, sources: readonly BetStatsSource[] = []) {
  const day = (tz: string) => sql<string>`to_char(r.started_at at time zone ${tz}, 'YYYY-MM-DD')`;
  /** The rounds, then every source's bets, each branch `select <cols> … where <where>` (alias r in both). */
  const allBets = (
    merchantId: bigint,
    where: RawBuilder<unknown>,
    rounds: { cols: RawBuilder<unknown>; from?: RawBuilder<unknown> },
    others: RawBuilder<unknown>,
  ) =>
    sql.join(
      [
        sql`select ${rounds.cols} from game_rounds r ${rounds.from ?? sql``} where ${where}`,
        ...sources.map((s) => sql`select ${others} from (${s.bets(merchantId)}) r where ${where}`),
      ],
      sql` union all `,
    );
  return {
    /** Cells whose rounds had a wallet call at or after `since`, and the newest call time seen. */
    async changedSince(merchantId: bigint, timezone: string, since: Date, until: Date) {
      const { rows } = await sql<RollupCell & { mark: Date }>`
        select c.member_id, c.day, max(c.mark) as mark
          from (
            select r.member_id, ${day(timezone)} as day, x.created_at as mark
              from game_transactions x join game_rounds r on r.id = x.round_id
             where x.created_at >= ${since} and x.created_at < ${until} and x.merchant_id = ${merchantId}
            union all
            -- transfer vendors' bets (no wallet call: the time they were pulled in, transfer-bets.ts)
            select r.member_id, ${day(timezone)} as day, i.created_at as mark
              from vendor_bet_ingest i join game_rounds r on r.id = i.round_id
             where i.created_at >= ${since} and i.created_at < ${until} and i.merchant_id = ${merchantId}
          ) c
         group by 1, 2`.execute(db);
      return rows;
    },

    /** Settled totals per (member, day) over [fromDay, toDay], of some members or of everyone (every source). */
    async dayTotals(
      merchantId: bigint,
      timezone: string,
      f: { memberIds?: bigint[]; fromDay: string; toDay: string },
    ): Promise<RoundDayTotals[]> {
      const members = f.memberIds ? sql`and r.member_id = any(${f.memberIds.map(String)}::bigint[])` : sql``;
      const where = sql`r.merchant_id = ${merchantId} and r.status = 'settled' ${members}
           and r.started_at >= (${f.fromDay}::date::timestamp at time zone ${timezone})
           and r.started_at < ((${f.toDay}::date + 1)::timestamp at time zone ${timezone})`;
      const cols = sql`r.member_id, ${day(timezone)} as day, r.stake, r.payout`;
      const { rows } = await sql<RoundDayTotals>`
        select b.member_id, b.day, sum(b.valid)::bigint as valid_bet, sum(b.stake)::bigint as stake,
               sum(b.payout)::bigint as payout, count(*)::int as bet_count
          from (${allBets(merchantId, where, { cols: sql`${cols}, ${ROUND_VALID}` }, sql`${cols}, r.stake as valid`)}) b
         group by 1, 2`.execute(db);
      return rows;
    },

    /** A page of the bets of a team (newest first; rounds and every source's), with the total count. */
    async teamRounds(
      merchantId: bigint,
      team: RawBuilder<unknown>,
      f: { from: Date; to: Date; memberId?: bigint; vendorCode?: string; offset: number; limit: number },
    ): Promise<{ rows: TeamRoundRow[]; total: number }> {
      const where = sql`r.merchant_id = ${merchantId} and r.started_at >= ${f.from} and r.started_at < ${f.to}
        ${f.memberId !== undefined ? sql`and r.member_id = ${f.memberId}` : sql``}
        ${f.vendorCode ? sql`and r.vendor_code = ${f.vendorCode.toUpperCase()}` : sql``}
        and r.member_id in (select member_id from (${team}) team)`;
      const common = sql`r.member_id, r.vendor_code, r.round_ref, r.status, r.stake, r.payout, r.summary,
        r.started_at, r.settled_at`;
      const bets = allBets(
        merchantId,
        where,
        {
          cols: sql`r.id::text as id, r.id as seq, ${common}, r.game_id,
            null::text as game_code, null::text as game_name, null::text as category`,
        },
        sql`r.round_ref as id, r.seq, ${common}, null::bigint as game_id, r.game_code, r.game_name, r.category`,
      );
      const counts = [
        sql<{ n: string }>`select count(*) as n from game_rounds r where ${where}`,
        ...sources.map((s) => sql<{ n: string }>`select count(*) as n from (${s.bets(merchantId)}) r where ${where}`),
      ];
      // The page is cut first; then each row's catalogue game (by id for rounds, by code for other sources).
      const [page, ...totals] = await Promise.all([
        sql<TeamRoundRow>`
          select p.id, p.member_id, p.vendor_code, coalesce(p.game_id, gc.id) as game_id,
                 coalesce(gi.category, gc.category, p.category) as category, p.game_name, p.round_ref, p.status,
                 p.stake, p.payout, p.summary, p.started_at, p.settled_at
            from (${bets} order by started_at desc, seq desc limit ${f.limit} offset ${f.offset}) p
            left join games gi on gi.id = p.game_id
            left join games gc on p.game_id is null and gc.merchant_id = ${merchantId}
                              and gc.vendor_code = p.vendor_code and gc.game_code = p.game_code
           order by p.started_at desc, p.seq desc`.execute(db),
        ...counts.map((c) => c.execute(db)),
      ]);
      return { rows: page.rows, total: totals.reduce((s, c) => s + Number(c.rows[0]?.n ?? 0), 0) };
    },

    /**
     * Settlement figures of a team over [from, to) by bet time (the reports' basis): valid bet, payout, and how many
     * members bet at least `activeMinBet` (over every source together).
     */
    async teamSettled(merchantId: bigint, team: RawBuilder<unknown>, from: Date, to: Date, activeMinBet: bigint) {
      const where = sql`r.merchant_id = ${merchantId} and r.status = 'settled'
                   and r.started_at >= ${from} and r.started_at < ${to}
                   and r.member_id in (select member_id from (${team}) team)`;
      const cols = sql`r.member_id, r.stake, r.payout`;
      const { rows } = await sql<{
        valid_bet: string | null;
        stake: string | null;
        payout: string | null;
        active: string | null;
      }>`
        select sum(m.bet) as valid_bet, sum(m.staked) as stake, sum(m.paid) as payout,
               count(*) filter (where m.bet >= ${activeMinBet}) as active
          from (select b.member_id, sum(b.valid) as bet, sum(b.stake) as staked, sum(b.payout) as paid
                  from (${allBets(merchantId, where, { cols: sql`${cols}, ${ROUND_VALID}` }, sql`${cols}, r.stake as valid`)}) b
                 group by b.member_id) m`.execute(db);
      const r = rows[0];
      return {
        validBet: BigInt(r?.valid_bet ?? 0),
        stake: BigInt(r?.stake ?? 0),
        payout: BigInt(r?.payout ?? 0),
        active: Number(r?.active ?? 0),
      };
    },

    /** Real-time salary: a team's stakes of bets settled in [from, to), won (payout > stake) and lost (the rest). */
    async teamBetSplit(merchantId: bigint, team: RawBuilder<unknown>, from: Date, to: Date, minSingleBet: bigint) {
      const where = sql`r.merchant_id = ${merchantId} and r.status = 'settled'
           and r.settled_at >= ${from} and r.settled_at < ${to} and r.stake >= ${minSingleBet}
           and r.member_id in (select member_id from (${team}) team)`;
      const cols = sql`r.stake, r.payout`;
      const { rows } = await sql<{ won: string | null; lost: string | null }>`
        select sum(b.stake) filter (where b.payout > b.stake) as won, sum(b.stake) filter (where b.payout <= b.stake) as lost
          from (${allBets(merchantId, where, { cols }, cols)}) b`.execute(db);
      return { wonBet: BigInt(rows[0]?.won ?? 0), lostBet: BigInt(rows[0]?.lost ?? 0) };
    },

    /**
     * Category rebates: each member's valid bets of bets settled in [from, to), per game category (every source). A
     * round's valid bet is what its game reported (our baccarat nets Banker against Player: a hedged round earns no
     * rebate), capped at its stake; the stake when none was reported.
     */
    async categoryBets(merchantId: bigint, from: Date, to: Date, memberId?: bigint) {
      // One member's (manual rebate): through the member index; a bet settled in the window was placed at most a
      // week before it (older ones still count in the daily payment, which reads the whole merchant).
      const member =
        memberId === undefined
          ? sql``
          : sql`and r.member_id = ${memberId} and r.started_at >= ${new Date(from.getTime() - 7 * 86_400_000)}`;
      const where = sql`r.merchant_id = ${merchantId} and r.status = 'settled'
           and r.settled_at >= ${from} and r.settled_at < ${to} ${member}`;
      const { rows } = await sql<{ member_id: bigint; category: string; valid_bet: string }>`
        select b.member_id, b.category, sum(b.stake) as valid_bet
          from (${allBets(
            merchantId,
            where,
            {
              cols: sql`r.member_id, g.category, least(coalesce(r.valid_bet, r.stake), r.stake) as stake`,
              from: sql`join games g on g.id = r.game_id`,
            },
            sql`r.member_id, r.category, r.stake`,
          )}) b
         group by 1, 2`.execute(db);
      return rows.map((r) => ({ memberId: BigInt(r.member_id), category: r.category, validBet: BigInt(r.valid_bet) }));
    },

    /**
     * The back-office dashboard: one merchant's settled totals per (local bet day, game category) over [fromDay,
     * toDay], every source included (a round without a catalogue game counts as OTHER). Read by bet time through
     * game_rounds_merchant_started_idx (0070), so a day's recount reads only that day's bets.
     */
    async categoryDayTotals(
      merchantId: bigint,
      timezone: string,
      fromDay: string,
      toDay: string,
    ): Promise<{ day: string; category: string; validBet: bigint; payout: bigint; betCount: bigint }[]> {
      const where = sql`r.merchant_id = ${merchantId} and r.status = 'settled'
           and r.started_at >= (${fromDay}::date::timestamp at time zone ${timezone})
           and r.started_at < ((${toDay}::date + 1)::timestamp at time zone ${timezone})`;
      const { rows } = await sql<{ day: string; category: string; valid_bet: string; payout: string; n: string }>`
        select b.day, b.category, sum(b.stake)::bigint as valid_bet, sum(b.payout)::bigint as payout, count(*) as n
          from (${allBets(
            merchantId,
            where,
            {
              cols: sql`${day(timezone)} as day, coalesce(g.category, 'OTHER') as category, r.stake, r.payout`,
              from: sql`left join games g on g.id = r.game_id`,
            },
            sql`${day(timezone)} as day, r.category, r.stake, r.payout`,
          )}) b
         group by 1, 2`.execute(db);
      return rows.map((r) => ({
        day: r.day,
        category: r.category,
        validBet: BigInt(r.valid_bet),
        payout: BigInt(r.payout),
        betCount: BigInt(r.n),
      }));
    },

    /** Merchants with bets settled in [from, to) (rounds or any source's). */
    async merchantsWithBets(from: Date, to: Date): Promise<bigint[]> {
      const [{ rows }, ...others] = await Promise.all([
        sql<{ merchant_id: bigint }>`
          select distinct merchant_id from game_rounds
           where status = 'settled' and settled_at >= ${from} and settled_at < ${to}`.execute(db),
        ...sources.map((s) => s.merchantsWithBets(from, to)),
      ]);
      return [...new Set([...rows.map((r) => String(r.merchant_id)), ...others.flat().map(String)])].map(BigInt);
    },
  };
}
