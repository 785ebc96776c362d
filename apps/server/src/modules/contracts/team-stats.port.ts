/**
 * What settlement needs to know about bets, as a port: the agents module (team = agent + all descendants,
 * backed by its daily roll-up) implements it; app.ts injects it. Money in minor units; `from` inclusive, `to`
 * exclusive; "valid bet" = settled, not void, as the games platform counts it.
 */
export interface TeamPeriodStats {
  /** The rounds' valid bet (a hedged baccarat round counts less than its stake; the lottery: the stake). */
  validBet: bigint;
  /** What the team's bets paid out. */
  payout: bigint;
  /** The members' result, payout − stake, as the agents module reports it (the platform's profit is −profit). */
  profit: bigint;
  /** Team members (self included) whose valid bet in the period reached the active threshold. */
  activeMembers: number;
  members: number;
}

export interface TeamStatsPort {
  teamPeriodStats(merchantId: bigint, agentId: bigint, from: Date, to: Date): Promise<TeamPeriodStats>;
  /**
   * Real-time salary: the team's valid stakes of bets settled in [from, to), split by outcome (won / lost),
   * counting only bets with a stake of at least `minSingleBet`.
   */
  teamBetSplit(
    merchantId: bigint,
    agentId: bigint,
    from: Date,
    to: Date,
    minSingleBet: bigint,
  ): Promise<{ wonBet: bigint; lostBet: bigint }>;
  /**
   * Category rebates: each member's valid bet per game category (LOTT, RNG, LIVE…) settled in [from, to); one
   * member's only when `memberId` is given (manual rebate).
   */
  categoryBets(
    merchantId: bigint,
    from: Date,
    to: Date,
    memberId?: bigint,
  ): Promise<{ memberId: bigint; category: string; validBet: bigint }[]>;
  /** Merchants with settled bets in [from, to) (the rebate job visits only these). */
  merchantsWithBets(from: Date, to: Date): Promise<bigint[]>;
}

/**
 * Basis points each member's VIP level adds to every category rebate rate at `at` (or now), for many members of one
 * merchant at once; a member absent from the map adds 0.
 */
export type RebateBonusPort = (merchantId: bigint, memberIds: bigint[], at?: Date) => Promise<Map<bigint, number>>;
