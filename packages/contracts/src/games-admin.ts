import { z } from 'zod';
import { gameCategory, roundStatus } from './games.ts';
import { houseRound } from './house.ts';
import { minorString } from './money.ts';

/**
 * Back office: a round looked up by its public reference — the reference the member's betting record shows
 * (`#h1234` for our own games, the vendor's round id for others) — with the fairness proof of our own games.
 */
export const adminRoundQuery = z.object({
  /** The round's reference as the betting record shows it; a leading '#' is ignored. */
  reference: z
    .string()
    .trim()
    .transform((v) => v.replace(/^#/, ''))
    .pipe(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'Letters, digits and . _ : - only (at most 64).')),
});

/**
 * The check the player's fairness page makes, done by the server with the same engines (@sea/games): the revealed
 * server seed hashes to the commitment, and the round recomputed from the seeds, nonce and bet equals what was
 * stored. Null while the seed is not revealed (nothing to recompute yet).
 */
export const adminRoundVerification = z.object({
  hashMatches: z.boolean(),
  resultMatches: z.boolean(),
  /** The credits the recomputed round wins (null for a video-poker hand still to draw, or an engine error). */
  recomputedWinCredits: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type AdminRoundVerification = z.infer<typeof adminRoundVerification>;

/** Our own game's round with what proves it (houseRound: seeds, nonce, bet, stored result) and the check. */
export const adminRoundProof = houseRound.extend({ verification: adminRoundVerification.nullable() });
export type AdminRoundProof = z.infer<typeof adminRoundProof>;

/**
 * A shared-round table game's proof. Baccarat: the hand's place in its shoe and its cards, the shoe's commitment,
 * and once the shoe has ended its seed with the server's check — the seed hashes to the commitment and the shoe
 * shuffled from it deals exactly these cards at this position.
 */
export const adminBaccaratProof = z.object({
  game: z.literal('baccarat'),
  table: z.string(),
  shoeId: z.string(),
  hand: z.number().int(),
  position: z.number().int(),
  /** The hand's cards in dealing order (e.g. `AS`, `10H`). */
  cards: z.array(z.string()),
  seedHash: z.string(),
  /** Null until the shoe has ended. */
  seed: z.string().nullable(),
  verification: z.object({ hashMatches: z.boolean(), cardsMatch: z.boolean() }).nullable(),
});

/**
 * Sabong: the fight's commitment, and once it is fought (or cancelled) its seed with the server's check — the seed
 * hashes to the commitment and decides this outcome.
 */
export const adminSabongProof = z.object({
  game: z.literal('sabong'),
  /** The arena's code. */
  table: z.string(),
  fightNo: z.number().int(),
  /** Null until fought (and for a cancelled fight). */
  outcome: z.enum(['meron', 'wala', 'draw']).nullable(),
  cancelled: z.boolean(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  verification: z.object({ hashMatches: z.boolean(), outcomeMatches: z.boolean() }).nullable(),
});

export type AdminBaccaratProof = z.infer<typeof adminBaccaratProof>;
export type AdminSabongProof = z.infer<typeof adminSabongProof>;
export const adminTableProof = z.discriminatedUnion('game', [adminBaccaratProof, adminSabongProof]);
export type AdminTableProof = z.infer<typeof adminTableProof>;

export const adminRound = z.object({
  reference: z.string(),
  vendorCode: z.string(),
  vendorName: z.string(),
  gameCode: z.string().nullable(),
  gameName: z.string().nullable(),
  category: gameCategory.nullable(),
  /** The member's account (username): its public reference. */
  memberAccount: z.string(),
  stake: minorString,
  payout: minorString,
  /** payout − stake, the member's point of view. */
  net: minorString,
  status: roundStatus,
  /** The vendor's (or our engine's) words for the outcome. */
  summary: z.string().nullable(),
  startedAt: z.string(),
  settledAt: z.string().nullable(),
  currency: z.string(),
  exponent: z.number().int(),
  /** Our own games only; vendors' rounds have no proof (null). */
  proof: adminRoundProof.nullable(),
  /** Our shared-round table games only (baccarat); null otherwise. */
  tableProof: adminTableProof.nullable(),
});
export type AdminRound = z.infer<typeof adminRound>;

/** Every round with this reference (one per vendor at most; vendors' references may coincide). */
export const adminRoundLookup = z.object({ items: z.array(adminRound) });
export type AdminRoundLookup = z.infer<typeof adminRoundLookup>;
