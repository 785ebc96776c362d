import { z } from 'zod';
import { minorString } from './money.ts';

/**
 * Our own multi-player baccarat tables (issue 27; domain-rules §5): the table pages' API, with the launch's game
 * session token in the `X-Game-Session` header (the same header as our other games). Every player at a table sees
 * the same round: the server's clock decides the phase (BETTING → CLOSING → CLOSED → DEALING → RESULT → SETTLED);
 * a bet after CLOSED is refused. Cards come from an 8-deck shoe shuffled from a seed whose SHA-256 is published
 * when the shoe starts and the seed when it ends. Amounts are minor units (strings).
 */
export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;
export const baccaratSpot = z.enum(BACCARAT_SPOTS);
export type BaccaratSpot = z.infer<typeof baccaratSpot>;
export const BACCARAT_PHASES = ['betting', 'closing', 'closed', 'dealing', 'result', 'settled', 'cancelled'] as const;
export const baccaratPhase = z.enum(BACCARAT_PHASES);
export type BaccaratPhase = z.infer<typeof baccaratPhase>;

export const baccaratResult = z.object({
  winner: z.enum(['player', 'banker', 'tie']),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
export type BaccaratResult = z.infer<typeof baccaratResult>;

/** Card codes as in video poker: rank + suit ("AS", "TD", "9H"). */
export const baccaratCards = z.object({ player: z.array(z.string()), banker: z.array(z.string()) });

export const baccaratRound = z.object({
  id: z.string(),
  /** The hand's number in its shoe (1, 2, …). */
  hand: z.number().int(),
  phase: baccaratPhase,
  opensAt: z.string(),
  closesAt: z.string(),
  /** Last seconds of betting shown as a warning (CLOSING). */
  closingAt: z.string(),
  dealEndsAt: z.string().nullable(),
  resultEndsAt: z.string().nullable(),
  /** Cards in dealing order revealed so far (one by one while DEALING), with when each is shown. */
  cards: baccaratCards.nullable(),
  revealAt: z.array(z.string()),
  result: baccaratResult.nullable(),
  totals: z.record(baccaratSpot, minorString),
});
export type BaccaratRoundView = z.infer<typeof baccaratRound>;

export const baccaratRoadResult = z.object({
  winner: z.enum(['player', 'banker', 'tie']),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});

export const baccaratTableSummary = z.object({
  code: z.string(),
  name: z.string(),
  variant: z.enum(['commission', 'no-commission']),
  minBet: minorString,
  maxBet: minorString,
  roundMax: minorString,
  bettingSeconds: z.number().int(),
  round: baccaratRound.nullable(),
  /** This shoe's results in order: the roads are drawn from them (packages/games roadsOf). */
  results: z.array(baccaratRoadResult),
  shoe: z.object({ id: z.string(), seedHash: z.string(), hands: z.number().int() }).nullable(),
});
export type BaccaratTableSummary = z.infer<typeof baccaratTableSummary>;

export const baccaratLobby = z.object({
  serverTime: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  tables: z.array(baccaratTableSummary),
});
export type BaccaratLobby = z.infer<typeof baccaratLobby>;

export const baccaratMyBet = z.object({
  id: z.string(),
  roundId: z.string(),
  spot: baccaratSpot,
  amount: minorString,
  status: z.enum(['pending', 'placed', 'refused', 'settled', 'refunded']),
  payout: minorString.nullable(),
});
export type BaccaratMyBet = z.infer<typeof baccaratMyBet>;

export const baccaratTableView = z.object({
  serverTime: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  balance: minorString,
  table: baccaratTableSummary,
  /** The member's own bets in the current round. */
  myBets: z.array(baccaratMyBet),
});
export type BaccaratTableView = z.infer<typeof baccaratTableView>;

export const baccaratBetRequest = z.object({
  /** One id per click: a retry with the same id places nothing twice. */
  requestId: z.string().min(8).max(64),
  roundId: z.string().regex(/^\d{1,18}$/),
  spot: baccaratSpot,
  amount: z.string().regex(/^[1-9]\d{0,17}$/),
});
export type BaccaratBetRequest = z.infer<typeof baccaratBetRequest>;

export const baccaratBetResult = z.object({ bet: baccaratMyBet, balance: minorString });
export type BaccaratBetResult = z.infer<typeof baccaratBetResult>;

export const baccaratHistoryEntry = z.object({
  roundId: z.string(),
  table: z.string(),
  hand: z.number().int(),
  result: baccaratResult.nullable(),
  status: z.enum(['settled', 'cancelled', 'open']),
  stake: minorString,
  payout: minorString,
  at: z.string(),
});
export const baccaratHistory = z.object({ rounds: z.array(baccaratHistoryEntry) });
export type BaccaratHistory = z.infer<typeof baccaratHistory>;

/** A shoe's fairness proof: the seed once the shoe is finished, and every hand's position and cards. */
export const baccaratShoeProof = z.object({
  id: z.string(),
  table: z.string(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  status: z.enum(['active', 'finished']),
  hands: z.array(
    z.object({ roundId: z.string(), hand: z.number().int(), position: z.number().int(), cards: z.array(z.string()) }),
  ),
});
export type BaccaratShoeProof = z.infer<typeof baccaratShoeProof>;
