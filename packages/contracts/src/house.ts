import { z } from 'zod';
import { minorString } from './money.ts';

/**
 * Our own games (vendor SEA): the API the game pages call, with the launch's game session token in the
 * `X-Game-Session` header. Rounds are provably fair (packages/games): the server seed's SHA-256 is shown before
 * play, the player may set the client seed, every round uses the next nonce; rotating the seed reveals the old one
 * and every round played with it can be recomputed (the fairness page does it in the browser).
 * Stakes and wins are credits of the game (packages/games); one credit is worth `creditValue` minor units.
 */
export const HOUSE_SESSION_HEADER = 'x-game-session';
export const HOUSE_GAME_IDS = ['slot-lucky-dragon', 'vp-jacks-or-better', 'scratch-lucky-match'] as const;
export const houseGameId = z.enum(HOUSE_GAME_IDS);
export type HouseGameId = z.infer<typeof houseGameId>;

export const fairness = z.object({
  /** SHA-256 (hex) of the active server seed: fixed before the round, revealed by rotation. */
  serverSeedHash: z.string(),
  /**
   * SHA-256 (hex) of the server seed of the NEXT pair, committed now: the rotation uses it whatever client seed the
   * player then picks (the operator cannot answer the player's choice with a chosen seed).
   */
  nextServerSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round uses. */
  nonce: z.number().int(),
});
export type Fairness = z.infer<typeof fairness>;

export const slotBet = z.object({ lines: z.number().int().min(1).max(100), betLevel: z.number().int().min(1) });
export const videoPokerBet = z.object({ coins: z.number().int().min(1).max(5), betLevel: z.number().int().min(1) });
export const scratchBet = z.object({ betLevel: z.number().int().min(1) });
export const houseBet = z.union([slotBet, videoPokerBet, scratchBet]);

export const HOUSE_ROUND_STATUSES = ['pending', 'dealt', 'settled', 'rolled_back', 'refused'] as const;
export const houseRoundStatus = z.enum(HOUSE_ROUND_STATUSES);

/** A round as the game page and the fairness page see it. */
export const houseRound = z.object({
  id: z.string(),
  gameId: houseGameId,
  mathVersion: z.number().int(),
  status: houseRoundStatus,
  freePlay: z.boolean(),
  bet: z.record(z.string(), z.number()),
  /** Video poker: the holds of the draw (null until drawn). */
  holds: z.array(z.boolean()).nullable(),
  stakeCredits: z.number().int(),
  winCredits: z.number().int(),
  stake: minorString,
  win: minorString,
  /**
   * The engine's result (packages/games): SlotRoundResult, VideoPokerRoundResult (or only the deal while
   * 'dealt'), ScratchRoundResult.
   */
  result: z.record(z.string(), z.unknown()),
  nonce: z.number().int(),
  clientSeed: z.string(),
  serverSeedHash: z.string(),
  /** Revealed once the seed was rotated (null before: the round cannot be recomputed yet). */
  serverSeed: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type HouseRound = z.infer<typeof houseRound>;

/** GET /house/v1/session: what a game page needs to start. */
export const houseSession = z.object({
  gameId: houseGameId,
  /** gameConfig(gameId) of packages/games: paytable, bet levels, lines, reel strips… (plain JSON). */
  config: z.record(z.string(), z.unknown()),
  displayName: z.string(),
  language: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  /** Minor units one credit is worth. */
  creditValue: minorString,
  /** What the player can stake now (play money in a free trial). */
  balance: minorString,
  freePlay: z.boolean(),
  fairness,
  /** A video-poker hand dealt and not yet drawn (the page resumes it), else null. */
  openRound: houseRound.nullable(),
});
export type HouseSession = z.infer<typeof houseSession>;

/** POST /house/v1/rounds: play (slot, scratch) or deal (video poker). `requestId` makes a retry safe. */
export const houseRoundRequest = z.object({
  requestId: z.string().trim().min(8).max(64),
  bet: houseBet,
});
/** POST /house/v1/rounds/:id/draw (video poker). */
export const houseDrawRequest = z.object({ holds: z.array(z.boolean()).length(5) });

export const houseRoundResult = z.object({
  round: houseRound,
  balance: minorString,
  fairness,
});
export type HouseRoundResult = z.infer<typeof houseRoundResult>;

/** POST /house/v1/seed: reveal the active server seed and start a new one (with the player's client seed). */
export const houseSeedRequest = z.object({
  clientSeed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'Printable characters without spaces')
    .optional(),
});
export const houseSeedResult = z.object({
  revealed: z.object({
    serverSeed: z.string(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    rounds: z.number().int(),
  }),
  next: fairness,
});
export type HouseSeedResult = z.infer<typeof houseSeedResult>;
