import { commitServerSeed, FairRng } from '../rng/fair-rng.ts';

/**
 * Sabong (cockfight), our in-house simulated arena (domain-rules §6): MERON (red) vs WALA (blue), DRAW a separate
 * bet. Meron/Wala are pari-mutuel among the players with the merchant's plasada (§6.2):
 *   payout per 100 of a side = (M + W) × (1 − plasada) / side × 100
 * fixed when betting closes. Draw pays 8:1 (9× back). On a DRAW every Meron/Wala bet is returned without plasada;
 * a CANCELLED fight returns every bet (Draw too). A fight is cancelled when, at close, the Meron or Wala payout is
 * at or below the minimum (107 per 100) — this also covers a side with no bets (its opponents would get 95).
 *
 * The result is not a real fight: it is drawn from a committed seed (SHA-256 published when betting opens, the
 * seed revealed once the fight is over) on the provably-fair stream HMAC_SHA256(key = seed, `sabong-fight:${n}`):
 * P(Meron) = P(Wala) = 0.45, P(Draw) = 0.10 (§6.3). The same stream scripts the animation's exchanges, so a
 * verifier recomputes both from the revealed seed.
 */
export const SABONG_SIDES = ['meron', 'wala', 'draw'] as const;
export type SabongSide = (typeof SABONG_SIDES)[number];
export type SabongOutcome = SabongSide;

export const SABONG_STREAM_PREFIX = 'sabong-fight:';
/** Out of 20: Meron 9, Wala 9, Draw 2 (0.45 / 0.45 / 0.10). */
export const SABONG_OUTCOME_WEIGHTS: Readonly<Record<SabongOutcome, number>> = { meron: 9, wala: 9, draw: 2 };
/** Draw pays 8:1: a winning Draw bet returns 9 × its stake. */
export const DRAW_RETURN = 9n;
/** Plasada in basis points (500 = 5 %); the merchant's setting is kept within these bounds. */
export const DEFAULT_PLASADA_BPS = 500;
export const MAX_PLASADA_BPS = 1500;
/** The minimum Meron/Wala payout per 100 below or at which a fight is cancelled (§6.2). */
export const MIN_PAYOUT_PER_100 = 107n;
const BPS = 10_000n;

export interface SabongPools {
  meron: bigint;
  wala: bigint;
  draw: bigint;
}

export const fightCommitment = (seed: string): string => commitServerSeed(seed);

/** The fight's outcome from its seed. */
export const fightOutcome = (seed: string): SabongOutcome =>
  drawOutcome(new FairRng({ key: seed, prefix: SABONG_STREAM_PREFIX }));

function drawOutcome(rng: FairRng): SabongOutcome {
  const n = rng.int(20);
  return n < SABONG_OUTCOME_WEIGHTS.meron
    ? 'meron'
    : n < SABONG_OUTCOME_WEIGHTS.meron + SABONG_OUTCOME_WEIGHTS.wala
      ? 'wala'
      : 'draw';
}

/** One exchange of the simulated fight: who strikes; the last one decides (or, for a draw, both roosters fall). */
export interface FightExchange {
  striker: 'meron' | 'wala';
}

/**
 * The animation's script from the same seed (after the outcome's draw): 3–7 exchanges with the strikers of each;
 * the winner strikes last. Only for the show: the outcome is `fightOutcome`.
 */
export function fightScript(seed: string): { outcome: SabongOutcome; exchanges: FightExchange[] } {
  const rng = new FairRng({ key: seed, prefix: SABONG_STREAM_PREFIX });
  const outcome = drawOutcome(rng);
  const count = 3 + rng.int(5);
  const exchanges: FightExchange[] = [];
  for (let i = 0; i < count - 1; i++) exchanges.push({ striker: rng.int(2) === 0 ? 'meron' : 'wala' });
  exchanges.push({ striker: outcome === 'draw' ? (rng.int(2) === 0 ? 'meron' : 'wala') : outcome });
  return { outcome, exchanges };
}

function checkPlasada(bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_PLASADA_BPS)
    throw new RangeError(`plasada must be 0–${MAX_PLASADA_BPS} basis points`);
  return BigInt(bps);
}

/**
 * Payout per 100 of a side (Meron or Wala) in hundredths, rounded down: the worked example of §6.2 (Meron 600,000,
 * Wala 400,000, 5 %) gives 15833 (158.33) for Meron and 23750 (237.50) for Wala. null while the side has no bets.
 */
export function payoutPer100(
  pools: Pick<SabongPools, 'meron' | 'wala'>,
  side: 'meron' | 'wala',
  bps: number,
): bigint | null {
  const p = checkPlasada(bps);
  const pool = pools[side];
  if (pool <= 0n) return null;
  return ((pools.meron + pools.wala) * (BPS - p) * 100n * 100n) / (pool * BPS);
}

/** What a winning Meron/Wala bet of `stake` returns (stake included), rounded down to the minor unit. */
export function sideReturn(
  pools: Pick<SabongPools, 'meron' | 'wala'>,
  side: 'meron' | 'wala',
  bps: number,
  stake: bigint,
): bigint {
  const p = checkPlasada(bps);
  const pool = pools[side];
  if (pool <= 0n) throw new RangeError('no bets on this side');
  return (stake * (pools.meron + pools.wala) * (BPS - p)) / (pool * BPS);
}

/**
 * Is the fight cancelled at close by the minimum-payout rule? Yes when Meron or Wala has bets and either side's
 * exact payout is ≤ 107 per 100 (a side with no bets while the other has some: the other's payout is 100 − plasada).
 * A fight with no Meron/Wala bets at all is not cancelled (there is no market to protect; Draw bets stand).
 */
export function cancelledByMinimum(
  pools: Pick<SabongPools, 'meron' | 'wala'>,
  bps: number,
  minPayoutPer100: bigint = MIN_PAYOUT_PER_100,
): boolean {
  const p = checkPlasada(bps);
  const total = pools.meron + pools.wala;
  if (total === 0n) return false;
  // payout ≤ 107 ⇔ total × (1 − p) × 100 ≤ 107 × side
  const low = (side: bigint) => total * (BPS - p) * 100n <= minPayoutPer100 * side * BPS;
  return low(pools.meron) || low(pools.wala);
}

/**
 * What a bet returns (stake included; 0 when lost) once the fight is decided: `outcome` null for a cancelled fight
 * (every bet returned). `pools` are the pools fixed at close.
 */
export function sabongBetReturn(
  side: SabongSide,
  stake: bigint,
  outcome: SabongOutcome | null,
  pools: Pick<SabongPools, 'meron' | 'wala'>,
  bps: number,
): bigint {
  if (stake <= 0n) throw new RangeError('a stake is positive');
  if (outcome === null) return stake;
  if (side === 'draw') return outcome === 'draw' ? stake * DRAW_RETURN : 0n;
  if (outcome === 'draw') return stake;
  return outcome === side ? sideReturn(pools, side, bps, stake) : 0n;
}

/**
 * The house's take of a decided fight (what it keeps minus what it pays on Draw): on a Meron/Wala result the
 * plasada plus the rounding, on a draw the Draw bets' net. For reports and the tests' conservation checks.
 */
export function houseTake(
  bets: { side: SabongSide; stake: bigint }[],
  outcome: SabongOutcome | null,
  pools: Pick<SabongPools, 'meron' | 'wala'>,
  bps: number,
): bigint {
  let staked = 0n;
  let returned = 0n;
  for (const b of bets) {
    staked += b.stake;
    returned += sabongBetReturn(b.side, b.stake, outcome, pools, bps);
  }
  return staked - returned;
}

/** The timings of one fight (seconds): betting (its last `lastCallSeconds` shown as LAST CALL), fight, result. */
export interface FightTimings {
  bettingSeconds: number;
  lastCallSeconds: number;
  fightSeconds: number;
  resultSeconds: number;
}

/** The schedule of a fight opening at `opensAt`: when LAST CALL starts, betting closes, the fight ends. */
export function fightSchedule(opensAt: Date, t: FightTimings) {
  const at = (s: number) => new Date(opensAt.getTime() + s * 1000);
  return {
    opensAt,
    lastCallAt: at(t.bettingSeconds - t.lastCallSeconds),
    closesAt: at(t.bettingSeconds),
    fightEndsAt: at(t.bettingSeconds + t.fightSeconds),
  };
}

/** A verifier's check of a finished fight: the revealed seed matches the published hash and gives the outcome. */
export function verifyFight(
  seed: string,
  commitment: string,
  outcome: SabongOutcome,
): { seedMatches: boolean; outcomeMatches: boolean } {
  return {
    seedMatches: fightCommitment(seed) === commitment.toLowerCase(),
    outcomeMatches: fightOutcome(seed) === outcome,
  };
}
