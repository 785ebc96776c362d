import { z } from 'zod';
import { minorString } from './money.ts';

/**
 * Our own sabong (cockfight) arenas (issue 27; domain-rules §6): the arena page's API, with the launch's game session
 * token in the `X-Game-Session` header. Every player in an arena shares its fights; the server's clock decides the
 * phase (OPEN → LAST CALL → CLOSED → FIGHTING → RESULT → SETTLED, or CANCELLED); a bet after close is refused.
 * Meron/Wala are pari-mutuel with the arena's plasada: the payouts shown while betting are estimates that move as
 * bets come in, fixed at close. THE FIGHT IS SIMULATED: its outcome comes from a seed whose SHA-256 is published
 * when betting opens and the seed once the fight is over. Amounts are minor units (strings).
 */
export const SABONG_BET_SIDES = ['meron', 'wala', 'draw'] as const;
export const sabongSide = z.enum(SABONG_BET_SIDES);
export type SabongBetSide = z.infer<typeof sabongSide>;
export const SABONG_PHASES = ['open', 'last_call', 'closed', 'fighting', 'result', 'settled', 'cancelled'] as const;
export const sabongPhase = z.enum(SABONG_PHASES);
export type SabongPhase = z.infer<typeof sabongPhase>;

/** Payout per 100 staked as a decimal string ("158.33"); null while nobody has bet on the side. */
const per100 = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .nullable();

export const sabongFight = z.object({
  id: z.string(),
  /** The fight's number in its arena (1, 2, …). */
  fightNo: z.number().int(),
  phase: sabongPhase,
  opensAt: z.string(),
  lastCallAt: z.string(),
  closesAt: z.string(),
  fightEndsAt: z.string().nullable(),
  resultEndsAt: z.string().nullable(),
  plasadaBps: z.number().int(),
  /** Stakes on each side (live while betting; fixed at close). */
  pools: z.object({ meron: minorString, wala: minorString, draw: minorString }),
  /** Payout per 100 (stake included): estimates while betting, fixed once `oddsFixed`. Draw pays 8:1 (900.00). */
  payouts: z.object({ meron: per100, wala: per100, draw: per100 }),
  oddsFixed: z.boolean(),
  /** The simulated fight's exchanges (who strikes), from fighting on; the outcome once the RESULT is reached. */
  exchanges: z.array(z.enum(['meron', 'wala'])).nullable(),
  outcome: sabongSide.nullable(),
  cancelReason: z.enum(['minimum_payout', 'operator']).nullable(),
  seedHash: z.string(),
  /** Revealed once the fight is over (result or cancelled). */
  seed: z.string().nullable(),
});
export type SabongFightView = z.infer<typeof sabongFight>;

export const sabongPastFight = z.object({
  id: z.string(),
  fightNo: z.number().int(),
  outcome: sabongSide.nullable(),
  cancelled: z.boolean(),
});

export const sabongArenaSummary = z.object({
  code: z.string(),
  name: z.string(),
  minBet: minorString,
  maxBet: minorString,
  fightMax: minorString,
  bettingSeconds: z.number().int(),
  plasadaBps: z.number().int(),
  fight: sabongFight.nullable(),
  /** The latest finished fights, newest first. */
  history: z.array(sabongPastFight),
});
export type SabongArenaSummary = z.infer<typeof sabongArenaSummary>;

export const sabongLobby = z.object({
  serverTime: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  arenas: z.array(sabongArenaSummary),
});
export type SabongLobby = z.infer<typeof sabongLobby>;

export const sabongMyBet = z.object({
  id: z.string(),
  fightId: z.string(),
  side: sabongSide,
  amount: minorString,
  status: z.enum(['pending', 'placed', 'refused', 'settled', 'refunded']),
  payout: minorString.nullable(),
});
export type SabongMyBet = z.infer<typeof sabongMyBet>;

export const sabongArenaView = z.object({
  serverTime: z.string(),
  currency: z.string(),
  exponent: z.number().int(),
  balance: minorString,
  arena: sabongArenaSummary,
  /** The member's own bets on the current fight. */
  myBets: z.array(sabongMyBet),
});
export type SabongArenaView = z.infer<typeof sabongArenaView>;

export const sabongBetRequest = z.object({
  /** One id per click: a retry with the same id places nothing twice. */
  requestId: z.string().min(8).max(64),
  fightId: z.string().regex(/^\d{1,18}$/),
  side: sabongSide,
  amount: z.string().regex(/^[1-9]\d{0,17}$/),
});
export type SabongBetRequest = z.infer<typeof sabongBetRequest>;

export const sabongBetResult = z.object({ bet: sabongMyBet, balance: minorString });
export type SabongBetResult = z.infer<typeof sabongBetResult>;

export const sabongHistoryEntry = z.object({
  fightId: z.string(),
  arena: z.string(),
  fightNo: z.number().int(),
  outcome: sabongSide.nullable(),
  status: z.enum(['settled', 'cancelled', 'open']),
  stake: minorString,
  payout: minorString,
  at: z.string(),
});
export const sabongHistory = z.object({ fights: z.array(sabongHistoryEntry) });
export type SabongHistory = z.infer<typeof sabongHistory>;

/** A fight's fairness proof: the seed hash, and the seed and outcome once the fight is over. */
export const sabongFightProof = z.object({
  id: z.string(),
  arena: z.string(),
  fightNo: z.number().int(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  outcome: sabongSide.nullable(),
  cancelled: z.boolean(),
});
export type SabongFightProof = z.infer<typeof sabongFightProof>;
