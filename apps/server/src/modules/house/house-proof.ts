import { isDeepStrictEqual } from 'node:util';
import type { AdminRoundProof, AdminRoundVerification, HouseRound } from '@sea/contracts';
import { commitServerSeed, dealVideoPoker, gameKind, playRound, type VideoPokerBet, videoPokerMath } from '@sea/games';

/** A house round's public reference (the seamless wallet's round id, shown in the member's betting record). */
export const houseRoundIdOf = (reference: string): bigint | undefined => {
  const m = /^h(\d{1,18})$/.exec(reference);
  return m ? BigInt(m[1]!) : undefined;
};

/** JSON as stored (jsonb): undefined members dropped, typed arrays as arrays. */
const asStored = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

/**
 * The check the player's fairness page makes in the browser (apps/web/src/lib/verify-round.ts), done here with the
 * same engines for the back office: the revealed server seed hashes to the commitment shown before play, and the
 * round recomputed from seeds, nonce, bet (and holds) equals the stored result and win. Null while the seed is not
 * revealed, or when nothing was stored (a round that never took money).
 */
export function verifyHouseRound(round: HouseRound): AdminRoundVerification | null {
  if (round.serverSeed === null || Object.keys(round.result).length === 0) return null;
  const hashMatches = commitServerSeed(round.serverSeed) === round.serverSeedHash;
  const seeds = { serverSeed: round.serverSeed, clientSeed: round.clientSeed, nonce: round.nonce };
  try {
    if (gameKind(round.gameId) === 'video-poker' && !round.holds) {
      const deal = dealVideoPoker(videoPokerMath(round.gameId, round.mathVersion), {
        seeds,
        bet: round.bet as unknown as VideoPokerBet,
      });
      return {
        hashMatches,
        resultMatches: isDeepStrictEqual(asStored(deal), round.result),
        recomputedWinCredits: null,
        error: null,
      };
    }
    const outcome = playRound({
      gameId: round.gameId,
      mathVersion: round.mathVersion,
      seeds,
      bet: round.bet as never,
      holds: round.holds ?? undefined,
    });
    return {
      hashMatches,
      resultMatches: isDeepStrictEqual(asStored(outcome.result), round.result) && outcome.win === round.winCredits,
      recomputedWinCredits: outcome.win,
      error: null,
    };
  } catch (err) {
    return {
      hashMatches,
      resultMatches: false,
      recomputedWinCredits: null,
      error: err instanceof Error ? err.message : String(err),
    };
  }
}

export const withVerification = (round: HouseRound): AdminRoundProof => ({
  ...round,
  verification: verifyHouseRound(round),
});
