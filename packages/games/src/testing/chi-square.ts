// Statistics for the tests and the bench only (jstat is a devDependency): never imported by the engines.
import jStat from 'jstat';

export interface ChiSquareResult {
  statistic: number;
  df: number;
  /** P(X² ≥ statistic) under the null hypothesis. */
  pValue: number;
}

/** Goodness of fit of observed counts against expected counts (same total); df = categories − 1 unless given. */
export function chiSquare(
  observed: ArrayLike<number>,
  expected: ArrayLike<number>,
  df = observed.length - 1,
): ChiSquareResult {
  if (observed.length !== expected.length) throw new Error('observed and expected differ in length');
  let statistic = 0;
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i]!;
    if (!(e > 0)) throw new Error('expected counts must be positive');
    const d = observed[i]! - e;
    statistic += (d * d) / e;
  }
  return { statistic, df, pValue: 1 - jStat.chisquare.cdf(statistic, df) };
}

/** Chi-square of counts against a uniform distribution over the categories. */
export function chiSquareUniform(observed: ArrayLike<number>): ChiSquareResult {
  let total = 0;
  for (let i = 0; i < observed.length; i++) total += observed[i]!;
  return chiSquare(observed, new Array<number>(observed.length).fill(total / observed.length));
}

/** z such that P(|Z| ≤ z) = confidence for a standard normal Z (2.576 for 99 %). */
export function twoSidedZ(confidence: number): number {
  return jStat.normal.inv(1 - (1 - confidence) / 2, 0, 1);
}

/** Mean, standard deviation and confidence interval of a sample given by its count, sum and sum of squares. */
export function meanInterval(n: number, sum: number, sumSq: number, confidence: number) {
  const mean = sum / n;
  const sd = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  const half = (twoSidedZ(confidence) * sd) / Math.sqrt(n);
  return { mean, sd, low: mean - half, high: mean + half, half };
}
