import type { LotteryDrawnEvent } from '@sea/contracts';
import type { ElottKind } from '@sea/games';
import type { ChainSigner } from './chain-signer.ts';
import type { RandomnessBeacon } from './beacon.ts';
import { zoneParts } from '../../lib/zone-time.ts';

/** Our own vendor: the lottery's games are SEA games in the catalogue. */
export const LOTTERY_VENDOR = 'SEA';
/** Ledger idempotency namespace of every lottery journal. */
export const LOTTERY_SCOPE = 'lottery';
/** Win journals per ledger call (one set-based ledger_post_batch). */
export const PAY_BATCH = 2_000;
/** Issues are created this far ahead. */
export const SCHEDULE_AHEAD_SECONDS = 3_600;
/**
 * The next chain of a game is generated and its terminal hash published once the chain in use has less than this
 * left before its last draw (a week: 10,080 issues of a 1-minute game), long before its first issue is created.
 */
export const NEXT_CHAIN_AHEAD_SECONDS = 7 * 86_400;
/** A beacon-chain issue whose beacon round is still not published this long after its draw time is cancelled. */
export const BEACON_WAIT_SECONDS = 30 * 60;
export interface LotteryOptions {
  /** Issues per generated chain (default 100,000: 69 days of a 1-minute game). */
  chainLength?: number;
  /** A checkpoint every this many hashes (default 1,000). */
  checkpointEvery?: number;
  /** Publish the next chain this long before the current one's last draw (default NEXT_CHAIN_AHEAD_SECONDS). */
  nextChainAheadSeconds?: number;
  settleBatch?: number;
  payBatch?: number;
  /** Payout calls under way at once (default 2). */
  settleParallel?: number;
  /** The keeper of new chains' secrets (default: a key of this process only, for tests and throwaway runs). */
  signer?: ChainSigner;
  /** The randomness mixed into new chains' draws (default: the simulated beacon with this process's key). */
  beacon?: RandomnessBeacon;
}

const pad4 = (n: number) => String(n).padStart(4, '0');

/** `YYYYMMDD-NNNN` of the slot opening at `opensAt` in the merchant's zone (NNNN: 1-based slot of the local day). */
export function issueIdOf(opensAt: Date, intervalSeconds: number, timezone: string): string {
  const p = zoneParts(opensAt, timezone);
  const seconds = p.h * 3600 + p.mi * 60 + p.s;
  const date = `${p.y}${String(p.mo).padStart(2, '0')}${String(p.d).padStart(2, '0')}`;
  return `${date}-${pad4(Math.floor(seconds / intervalSeconds) + 1)}`;
}

/** The demo merchant's five games (the catalogue seeds the same codes as SEA games, category ELOTT). */
export const DEMO_LOTTERY_GAMES: { code: string; name: string; kind: ElottKind; interval: number }[] = [
  { code: 'elott-ssc-1m', name: 'Fast 5D · 1 min', kind: 'ssc', interval: 60 },
  { code: 'elott-ssc-3m', name: 'Fast 5D · 3 min', kind: 'ssc', interval: 180 },
  { code: 'elott-ssc-5m', name: 'Fast 5D · 5 min', kind: 'ssc', interval: 300 },
  { code: 'elott-k3-1m', name: 'Fast 3 Dice · 1 min', kind: 'k3', interval: 60 },
  { code: 'elott-k3-3m', name: 'Fast 3 Dice · 3 min', kind: 'k3', interval: 180 },
];

export type DrawnListener = (merchantId: bigint, event: LotteryDrawnEvent) => void;
