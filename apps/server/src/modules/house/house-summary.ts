import type { RoundOutcome } from '@sea/games';

const HAND_WORDS: Record<string, string> = {
  nothing: 'No win',
  jacksOrBetter: 'Jacks or better',
  twoPair: 'Two pair',
  threeOfAKind: 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  fullHouse: 'Full house',
  fourOfAKind: 'Four of a kind',
  straightFlush: 'Straight flush',
  royalFlush: 'Royal flush',
};

/**
 * Words for the bet records, in English. The player site translates these four forms ("No win", the slot's, the
 * scratch card's, video poker's: apps/web/src/lib/house-summary.ts, keys history.house.*): change both together.
 */
export function summaryOf(outcome: RoundOutcome): string {
  const r = outcome.result as unknown as Record<string, unknown>;
  if (outcome.kind === 'video-poker') return `${HAND_WORDS[String(r.hand)] ?? String(r.hand)} · ${outcome.win} credits`;
  if (outcome.kind === 'scratch')
    return outcome.win > 0 ? `Match 3 × ${String(r.prize)} · ${outcome.win} credits` : 'No win';
  const spins = r.spins as Array<{ lineWins: unknown[] }>;
  const free = (r.freeSpins as { played: number }).played;
  if (outcome.win === 0) return 'No win';
  const lines = spins.reduce((n, s) => n + s.lineWins.length, 0);
  return `${outcome.win} credits · ${lines} line win${lines === 1 ? '' : 's'}${free ? ` · ${free} free spins` : ''}`;
}
