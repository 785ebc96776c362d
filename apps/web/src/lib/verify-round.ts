import {
  commitServerSeed,
  dealVideoPoker,
  gameKind,
  GameInputError,
  playRound,
  type RoundOutcome,
  type VideoPokerBet,
  type VideoPokerDeal,
  videoPokerMath,
} from '@sea/games';

/**
 * The fairness page's check, in the browser with the server's own engines (@sea/games): recompute a round from its
 * seeds, nonce and bet, and compare it with what the server stored; check that the revealed server seed hashes to
 * the commitment shown before play.
 */
export interface RoundInputs {
  gameId: string;
  /** The maths version the round was played with (a stored round always names it). */
  mathVersion?: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  bet: Record<string, number>;
  /** Video poker: the holds of the draw; null or absent recomputes the deal only. */
  holds?: readonly boolean[] | null;
}

export type Recomputed =
  | { kind: 'round'; outcome: RoundOutcome }
  | { kind: 'deal'; deal: VideoPokerDeal }
  | { kind: 'error'; code: string; message: string };

export function recompute(input: RoundInputs): Recomputed {
  try {
    const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
    if (gameKind(input.gameId) === 'video-poker' && !input.holds) {
      return {
        kind: 'deal',
        deal: dealVideoPoker(videoPokerMath(input.gameId, input.mathVersion), {
          seeds,
          bet: input.bet as unknown as VideoPokerBet,
        }),
      };
    }
    const outcome = playRound({
      gameId: input.gameId,
      mathVersion: input.mathVersion,
      seeds,
      bet: input.bet as never,
      holds: input.holds ?? undefined,
    });
    return { kind: 'round', outcome };
  } catch (err) {
    if (err instanceof GameInputError) return { kind: 'error', code: err.code, message: err.message };
    return { kind: 'error', code: 'invalid', message: err instanceof Error ? err.message : String(err) };
  }
}

/** Deep equality of JSON values, whatever the key order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJson(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => Object.hasOwn(bo, k) && sameJson(ao[k], bo[k]));
}

export interface Verification {
  recomputed: Recomputed;
  /** sha256(serverSeed) equals the committed hash (null: no commitment given). */
  hashMatches: boolean | null;
  /** The recomputed result equals the stored one (null: nothing stored to compare). */
  resultMatches: boolean | null;
  /** The credits the recomputed round wins (null for a deal or an error). */
  winCredits: number | null;
}

/** Recompute and compare with a stored round (its result and win) and the committed hash. */
export function verifyRound(
  input: RoundInputs,
  stored: { serverSeedHash?: string | null; result?: Record<string, unknown> | null; winCredits?: number | null } = {},
): Verification {
  const recomputed = recompute(input);
  const hashMatches = stored.serverSeedHash
    ? commitServerSeed(input.serverSeed) === stored.serverSeedHash.trim().toLowerCase()
    : null;
  const hasStored = Boolean(stored.result && Object.keys(stored.result).length);
  let resultMatches: boolean | null = null;
  let winCredits: number | null = null;
  if (recomputed.kind === 'round') {
    winCredits = recomputed.outcome.win;
    if (hasStored)
      resultMatches =
        sameJson(recomputed.outcome.result, stored.result) &&
        (stored.winCredits === undefined || stored.winCredits === null || stored.winCredits === recomputed.outcome.win);
  } else if (recomputed.kind === 'deal') {
    if (hasStored) resultMatches = sameJson(recomputed.deal, stored.result);
  } else if (hasStored) resultMatches = false;
  return { recomputed, hashMatches, resultMatches, winCredits };
}
