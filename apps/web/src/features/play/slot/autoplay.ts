/**
 * Auto spin's stop conditions (pure): a number of spins (null = until stopped), a loss limit on the net result
 * since auto spin started, a single-win limit, and optionally the free-spins feature. Amounts in credits.
 */
export interface AutoplaySettings {
  spins: number | null;
  lossLimit: number | null;
  singleWinLimit: number | null;
  stopOnFeature: boolean;
}

export interface AutoplayProgress {
  played: number;
  /** Credits staked and won since auto spin started. */
  staked: number;
  won: number;
}

export type AutoplayStop = 'count' | 'lossLimit' | 'winLimit' | 'feature' | 'funds';

export const startProgress = (): AutoplayProgress => ({ played: 0, staked: 0, won: 0 });

/** After a round: the new progress, and why auto spin stops now (null: spin again). */
export function afterRound(
  s: AutoplaySettings,
  p: AutoplayProgress,
  round: { stake: number; win: number; freeSpins: number },
  nextStake: number,
  balanceCredits: number,
): { progress: AutoplayProgress; stop: AutoplayStop | null } {
  const progress = { played: p.played + 1, staked: p.staked + round.stake, won: p.won + round.win };
  const loss = progress.staked - progress.won;
  let stop: AutoplayStop | null = null;
  if (s.singleWinLimit !== null && round.win > s.singleWinLimit) stop = 'winLimit';
  else if (s.stopOnFeature && round.freeSpins > 0) stop = 'feature';
  else if (s.lossLimit !== null && loss + nextStake > s.lossLimit) stop = 'lossLimit';
  else if (s.spins !== null && progress.played >= s.spins) stop = 'count';
  else if (balanceCredits < nextStake) stop = 'funds';
  return { progress, stop };
}

/** Spins left to show on the button (null: no count limit). */
export const spinsLeft = (s: AutoplaySettings, p: AutoplayProgress): number | null =>
  s.spins === null ? null : Math.max(0, s.spins - p.played);
