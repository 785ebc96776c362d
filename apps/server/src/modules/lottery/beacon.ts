import { createHmac } from 'node:crypto';

/**
 * A public randomness beacon: a value per round, unknown to anyone before the round's publication time. A beacon
 * chain's draw mixes in the value of the round named when its issue is scheduled (the first one published at or after
 * the draw time), so its result cannot be known while bets are taken — not even by whoever holds the chain secret.
 * In production this is a public source (a drand network round, a block hash named in advance); the demo has the
 * simulated one below, labelled as such wherever it is shown (like the simulated results feed).
 */
export interface RandomnessBeacon {
  /** The source as published with a chain and on the verifier page. */
  readonly source: string;
  /** True for the demo's stand-in (not a public source). */
  readonly simulated: boolean;
  /** The first round published at or after `at`. */
  roundAt(at: Date): number;
  /** When the round is (or will be) published. */
  publishedAt(round: number): Date;
  /** The round's value (64 hex digits) once published; undefined before, or while the source cannot be reached. */
  value(round: number, now: Date): Promise<string | undefined>;
}

/**
 * The demo's SIMULATED beacon — NOT a public source: round r is published at r × period seconds of Unix time with
 * the value HMAC-SHA256(key, "beacon-round:" + r), its key in the key store beside the signer's (never in the
 * database), and refuses to answer before that time.
 */
export function createSimulatedBeacon(key: Buffer, periodSeconds = 30): RandomnessBeacon {
  const period = periodSeconds * 1000;
  return {
    source: `simulated-beacon-${periodSeconds}s`,
    simulated: true,
    roundAt: (at) => Math.ceil(at.getTime() / period),
    publishedAt: (round) => new Date(round * period),
    async value(round, now) {
      if (!Number.isSafeInteger(round) || round < 0 || now.getTime() < round * period) return undefined;
      return createHmac('sha256', key).update(`beacon-round:${round}`).digest('hex');
    },
  };
}
