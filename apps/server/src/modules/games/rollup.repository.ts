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
  valid_bet: bigint;
  payout: bigint;
  bet_count: number;
}

export interface TeamRoundRow {
  id: bigint;
  member_id: bigint;
  vendor_code: string;
  game_id: bigint | null;
  round_ref: string;
  status: 'open' | 'settled' | 'rolled_back';
  stake: bigint;
  payout: bigint;
  started_at: Date;
  settled_at: Date | null;
}

/**
 * The games module's reads for the agent reports (a file of its own, apart from the hot paths): which rounds
 * changed since a time (every wallet call writes a game_transactions row, so its created_at is the round's
 * change time), the settled totals of (member, bet day) cells, and a team's rounds bounded by the team subquery
 * the members face builds. Valid bet = stakes of settled rounds; rolled-back and open rounds count for nothing.
 */
export function createRollupRepository(db: Kysely<GamesTables>) {
  const day = (tz: string) => sql<string>`to_char(r.started_at at time zone ${tz}, 'YYYY-MM-DD')`;
  return {
    /** Cells whose rounds had a wallet call at or after `since`, and the newest call time seen. */
    async changedSince(merchantId: bigint, timezone: string, since: Date, until: Date) {
      const { rows } = await sql<RollupCell & { mark: Date }>`
        select r.member_id, ${day(timezone)} as day, max(x.created_at) as mark
          from game_transactions x join game_rounds r on r.id = x.round_id
         where x.created_at >= ${since} and x.created_at < ${until} and x.merchant_id = ${merchantId}
         group by 1, 2`.execute(db);
      return rows;
    },

    /** Settled totals per (member, day) over [fromDay, toDay], of some members or of everyone. */
    async dayTotals(
      merchantId: bigint,
      timezone: string,
      f: { memberIds?: bigint[]; fromDay: string; toDay: string },
    ): Promise<RoundDayTotals[]> {
      const members = f.memberIds ? sql`and r.member_id = any(${f.memberIds.map(String)}::bigint[])` : sql``;
      const { rows } = await sql<RoundDayTotals>`
        select r.member_id, ${day(timezone)} as day,
               sum(r.stake)::bigint as valid_bet, sum(r.payout)::bigint as payout, count(*)::int as bet_count
          from game_rounds r
         where r.merchant_id = ${merchantId} and r.status = 'settled' ${members}
           and r.started_at >= (${f.fromDay}::date::timestamp at time zone ${timezone})
           and r.started_at < ((${f.toDay}::date + 1)::timestamp at time zone ${timezone})
         group by 1, 2`.execute(db);
      return rows;
    },

    /** A page of the rounds of a team (newest first), with the total count. */
    async teamRounds(
      merchantId: bigint,
      team: RawBuilder<unknown>,
      f: { from: Date; to: Date; memberId?: bigint; vendorCode?: string; offset: number; limit: number },
    ): Promise<{ rows: TeamRoundRow[]; total: number }> {
      const where = sql`r.merchant_id = ${merchantId} and r.started_at >= ${f.from} and r.started_at < ${f.to}
        ${f.memberId !== undefined ? sql`and r.member_id = ${f.memberId}` : sql``}
        ${f.vendorCode ? sql`and r.vendor_code = ${f.vendorCode.toUpperCase()}` : sql``}
        and r.member_id in (select member_id from (${team}) team)`;
      const [page, count] = await Promise.all([
        sql<TeamRoundRow>`select r.id, r.member_id, r.vendor_code, r.game_id, r.round_ref, r.status, r.stake, r.payout,
            r.started_at, r.settled_at from game_rounds r where ${where}
            order by r.started_at desc, r.id desc limit ${f.limit} offset ${f.offset}`.execute(db),
        sql<{ n: string }>`select count(*) as n from game_rounds r where ${where}`.execute(db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
    },

    /**
     * Settlement figures of a team over [from, to) by bet time (the reports' basis): valid bet, payout, and how many
     * members bet at least `activeMinBet`.
     */
    async teamSettled(merchantId: bigint, team: RawBuilder<unknown>, from: Date, to: Date, activeMinBet: bigint) {
      const { rows } = await sql<{ valid_bet: string | null; payout: string | null; active: string | null }>`
        select sum(m.bet) as valid_bet, sum(m.paid) as payout, count(*) filter (where m.bet >= ${activeMinBet}) as active
          from (select r.member_id, sum(r.stake) as bet, sum(r.payout) as paid
                  from game_rounds r
                 where r.merchant_id = ${merchantId} and r.status = 'settled'
                   and r.started_at >= ${from} and r.started_at < ${to}
                   and r.member_id in (select member_id from (${team}) team)
                 group by r.member_id) m`.execute(db);
      const r = rows[0];
      return { validBet: BigInt(r?.valid_bet ?? 0), payout: BigInt(r?.payout ?? 0), active: Number(r?.active ?? 0) };
    },

    /** Real-time salary: a team's stakes of rounds settled in [from, to), won (payout > stake) and lost (the rest). */
    async teamBetSplit(merchantId: bigint, team: RawBuilder<unknown>, from: Date, to: Date, minSingleBet: bigint) {
      const { rows } = await sql<{ won: string | null; lost: string | null }>`
        select sum(r.stake) filter (where r.payout > r.stake) as won, sum(r.stake) filter (where r.payout <= r.stake) as lost
          from game_rounds r
         where r.merchant_id = ${merchantId} and r.status = 'settled'
           and r.settled_at >= ${from} and r.settled_at < ${to} and r.stake >= ${minSingleBet}
           and r.member_id in (select member_id from (${team}) team)`.execute(db);
      return { wonBet: BigInt(rows[0]?.won ?? 0), lostBet: BigInt(rows[0]?.lost ?? 0) };
    },

    /** Category rebates: each member's stakes of rounds settled in [from, to), per game category. */
    async categoryBets(merchantId: bigint, from: Date, to: Date, memberId?: bigint) {
      // One member's (manual rebate): through the member index; a round settled in the window started at most a
      // week before it (older ones still count in the daily payment, which reads the whole merchant).
      const member =
        memberId === undefined
          ? sql``
          : sql`and r.member_id = ${memberId} and r.started_at >= ${new Date(from.getTime() - 7 * 86_400_000)}`;
      const { rows } = await sql<{ member_id: bigint; category: string; valid_bet: string }>`
        select r.member_id, g.category, sum(r.stake) as valid_bet
          from game_rounds r join games g on g.id = r.game_id
         where r.merchant_id = ${merchantId} and r.status = 'settled'
           and r.settled_at >= ${from} and r.settled_at < ${to} ${member}
         group by 1, 2`.execute(db);
      return rows.map((r) => ({ memberId: BigInt(r.member_id), category: r.category, validBet: BigInt(r.valid_bet) }));
    },

    /** Merchants with rounds settled in [from, to). */
    async merchantsWithBets(from: Date, to: Date): Promise<bigint[]> {
      const { rows } = await sql<{ merchant_id: bigint }>`
        select distinct merchant_id from game_rounds
         where status = 'settled' and settled_at >= ${from} and settled_at < ${to}`.execute(db);
      return rows.map((r) => BigInt(r.merchant_id));
    },
  };
}
