import { add, div, mul, type Rational, rational, sub, toNumber } from '../rational.ts';
import { compileSlot, type CompiledReels, type CompiledSlot, lineOutcome, outcomePay } from './slot-compiled.ts';
import type { SlotMath } from './slot-math.ts';

/**
 * The exact RTP of a slot (its PAR sheet), in units of the total stake, as exact rationals.
 *
 * Why it is exact and holds for every number of lines: a stop is uniform on each reel and the reels are
 * independent, so every cell of the window shows symbol s of reel r with probability count_r(s) / length_r, and
 * every line is a tuple of 5 independent such cells. Each line therefore has the same expected pay per line bet,
 * E_line = Σ over all symbol tuples Π_r p_r(s_r) × pay(tuple), and n lines at b credits return n·b·E_line = stake ·
 * E_line. Scatters pay on the total stake, so their return per stake does not depend on the lines either; nor do the
 * free spins they trigger (played with the same lines and bet).
 *
 * Free spins: each free spin returns F = multiplier × (E_line + E_scatter) on the free strips. The number of free
 * spins T is a stopping time of an i.i.d. sequence of spins, so by Wald's identity the feature returns E[T] × F.
 * E[min(T, cap)] is computed exactly by dynamic programming over (spins played, spins awarded); without the cap it
 * would be N / (1 − ρ) with ρ = Σ_k P_free(k scatters) × spins(k) (reported for comparison).
 */
export interface SlotReelSetPar {
  /** Expected line pay per line bet (= per unit stake for any number of lines). */
  lineRtp: Rational;
  /** Expected scatter pay per unit stake. */
  scatterRtp: Rational;
  /** Number of stop combinations (Π lengths) and how many show k = 0..5 scatters. */
  combinations: bigint;
  scatterCombinations: bigint[];
}

export interface SlotParSheet {
  gameId: string;
  mathVersion: number;
  base: SlotReelSetPar;
  free: SlotReelSetPar;
  /** P(3+ scatters on the base spin). */
  triggerProbability: Rational;
  /** Return of one free spin per unit stake, multiplier included. */
  freeSpinRtp: Rational;
  /** Expected free spins per trigger with k = 3, 4, 5 scatters (cap applied). */
  expectedFreeSpins: Record<3 | 4 | 5, Rational>;
  /** Expected free spins added by one free spin (ρ); the series converges because ρ < 1. */
  retriggerRate: Rational;
  featureRtp: Rational;
  rtp: Rational;
  /** The same RTP with no cap on free spins (closed form), to show the cap's effect; null when ρ ≥ 1 (only the cap
   * ends the feature then). */
  rtpWithoutCap: Rational | null;
}

function reelCounts(c: CompiledSlot, reels: CompiledReels): number[][] {
  return reels.strips.map((strip) => {
    const counts = new Array<number>(c.codes.length).fill(0);
    for (const s of strip) counts[s]!++;
    return counts;
  });
}

/** Σ over all symbol tuples of Π counts × line pay, over Π lengths. */
function lineRtp(c: CompiledSlot, reels: CompiledReels): Rational {
  const counts = reelCounts(c, reels);
  const present = counts.map((row) => row.flatMap((n, s) => (n > 0 ? [s] : [])));
  const t = new Uint8Array(5);
  let total = 0n;
  // Sum in Number per reel-1 symbol (bounded well below 2^53), then in bigint.
  for (const a of present[0]!) {
    t[0] = a;
    let partial = 0;
    for (const b of present[1]!) {
      t[1] = b;
      const wb = counts[1]![b]!;
      for (const d of present[2]!) {
        t[2] = d;
        const wd = wb * counts[2]![d]!;
        for (const e of present[3]!) {
          t[3] = e;
          const we = wd * counts[3]![e]!;
          for (const f of present[4]!) {
            t[4] = f;
            const pay = outcomePay(lineOutcome(c, t));
            if (pay) partial += pay * we * counts[4]![f]!;
          }
        }
      }
    }
    total += BigInt(partial) * BigInt(counts[0]![a]!);
  }
  return rational(total, combinations(reels));
}

function combinations(reels: CompiledReels): bigint {
  return reels.lengths.reduce((p, n) => p * BigInt(n), 1n);
}

/** Stop combinations showing k scatters (k = 0..5), from the stops of each reel whose window shows one. */
function scatterCombinations(c: CompiledSlot, reels: CompiledReels): bigint[] {
  let dist = [1n];
  for (const strip of reels.strips) {
    const len = strip.length;
    let showing = 0;
    for (let s = 0; s < len; s++) {
      if ([0, 1, 2].some((row) => strip[(s + row) % len] === c.scatter)) showing++;
    }
    const next = new Array<bigint>(dist.length + 1).fill(0n);
    dist.forEach((n, k) => {
      next[k]! += n * BigInt(len - showing);
      next[k + 1]! += n * BigInt(showing);
    });
    dist = next;
  }
  return dist;
}

function reelSetPar(c: CompiledSlot, reels: CompiledReels): SlotReelSetPar {
  const total = combinations(reels);
  const scat = scatterCombinations(c, reels);
  let scatterPay = 0n;
  for (let k = 3; k <= 5; k++) scatterPay += scat[k]! * BigInt(c.scatterPay[k]!);
  return {
    lineRtp: lineRtp(c, reels),
    scatterRtp: rational(scatterPay, total),
    combinations: total,
    scatterCombinations: scat,
  };
}

/**
 * E[min(T, cap)] for a feature that starts with `initial` spins: mass[a] = P(still playing after t spins with a
 * awarded), kept as numerators over combinations^t. E[min(T, cap)] = Σ_t P(T > t).
 */
function expectedSpins(c: CompiledSlot, free: SlotReelSetPar, initial: number): Rational {
  const { maxPerRound: cap, retrigger } = c.math.freeSpins;
  const D = free.combinations;
  const awards: [bigint, number][] = [];
  let none = D;
  if (retrigger) {
    for (let k = 3; k <= 5; k++) {
      if (c.scatterSpins[k]! > 0) {
        awards.push([free.scatterCombinations[k]!, c.scatterSpins[k]!]);
        none -= free.scatterCombinations[k]!;
      }
    }
  }
  let mass = new Map<number, bigint>([[Math.min(initial, cap), 1n]]);
  let num = 0n; // Σ_t P(T > t) · D^cap, accumulated with P(T > t) = Σ mass / D^t
  for (let t = 0; t < cap && mass.size > 0; t++) {
    let alive = 0n;
    for (const [a, m] of mass) if (a > t) alive += m;
    num += alive * D ** BigInt(cap - t);
    const next = new Map<number, bigint>();
    const put = (a: number, m: bigint) => {
      if (a > t + 1) next.set(a, (next.get(a) ?? 0n) + m);
    };
    for (const [a, m] of mass) {
      if (a <= t) continue;
      put(a, m * none);
      for (const [n, spins] of awards) put(Math.min(a + spins, cap), m * n);
    }
    mass = next;
  }
  return rational(num, D ** BigInt(cap));
}

export function slotParSheet(math: SlotMath): SlotParSheet {
  const c = compileSlot(math);
  const base = reelSetPar(c, c.base);
  const free = reelSetPar(c, c.free);
  const freeSpinRtp = mul(rational(math.freeSpins.multiplier), add(free.lineRtp, free.scatterRtp));
  let retriggerRate = rational(0);
  if (math.freeSpins.retrigger) {
    for (let k = 3; k <= 5; k++)
      retriggerRate = add(
        retriggerRate,
        rational(free.scatterCombinations[k]! * BigInt(c.scatterSpins[k]!), free.combinations),
      );
  }
  const converges = toNumber(retriggerRate) < 1;
  const expectedFreeSpins = {} as Record<3 | 4 | 5, Rational>;
  let triggerProbability = rational(0);
  let featureRtp = rational(0);
  let featureUncapped = rational(0);
  for (const k of [3, 4, 5] as const) {
    const pk = rational(base.scatterCombinations[k]!, base.combinations);
    const spins = c.scatterSpins[k]!;
    expectedFreeSpins[k] = spins > 0 ? expectedSpins(c, free, spins) : rational(0);
    if (spins > 0) triggerProbability = add(triggerProbability, pk);
    featureRtp = add(featureRtp, mul(pk, mul(expectedFreeSpins[k], freeSpinRtp)));
    if (converges) {
      const uncapped = div(rational(spins), sub(rational(1), retriggerRate));
      featureUncapped = add(featureUncapped, mul(pk, mul(uncapped, freeSpinRtp)));
    }
  }
  const baseRtp = add(base.lineRtp, base.scatterRtp);
  return {
    gameId: math.gameId,
    mathVersion: math.mathVersion,
    base,
    free,
    triggerProbability,
    freeSpinRtp,
    expectedFreeSpins,
    retriggerRate,
    featureRtp,
    rtp: add(baseRtp, featureRtp),
    rtpWithoutCap: converges ? add(baseRtp, featureUncapped) : null,
  };
}
