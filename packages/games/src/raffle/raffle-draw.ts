import { FairRng } from '../rng/fair-rng.ts';

/**
 * A raffle's draw (issue 23): provably fair, reproducible by anyone from the revealed seed and the ticket list.
 *
 *   stream  = HMAC_SHA256(key = UTF-8(seed), message = UTF-8(`raffle:${raffleId}:${round}`)), round 0, 1, …
 *   tickets = 1 … N, numbered in the published order (members by id, each member's tickets consecutive)
 *   winners = a partial Fisher–Yates shuffle of the N tickets: for prize k = 0 … min(P, N) − 1,
 *             j = k + int(N − k) (rejection-sampled, FairRng.int), swap tickets k and j; ticket k wins prize k + 1
 *
 * Every ticket has the same chance of every prize, a ticket wins at most once (a member with several tickets may win
 * several prizes), and the seed's SHA-256 was published when the raffle opened (commitServerSeed).
 */
export const RAFFLE_ALGORITHM = 'raffle-fisher-yates-hmac-sha256-v1';

/** The winning ticket numbers (1-based), prize 1 first; at most `prizes` and at most `tickets` of them. */
export function drawRaffle(seed: string, raffleId: string, tickets: number, prizes: number): number[] {
  if (!Number.isSafeInteger(tickets) || tickets < 0) throw new RangeError('tickets must be a whole number ≥ 0');
  if (!Number.isSafeInteger(prizes) || prizes < 0) throw new RangeError('prizes must be a whole number ≥ 0');
  const n = Math.min(tickets, prizes);
  if (n === 0) return [];
  const rng = new FairRng({ key: seed, prefix: `raffle:${raffleId}:` });
  // Only the touched positions are stored: position i holds ticket i + 1 until swapped.
  const moved = new Map<number, number>();
  const at = (i: number) => moved.get(i) ?? i + 1;
  const winners: number[] = [];
  for (let k = 0; k < n; k++) {
    const j = k + rng.int(tickets - k);
    const pick = at(j);
    moved.set(j, at(k));
    moved.set(k, pick);
    winners.push(pick);
  }
  return winners;
}

/** One member's block of tickets in the published list. */
export interface RaffleTicketBlock {
  /** An opaque holder label (a masked account) — the verifier only needs the counts and their order. */
  holder: string;
  tickets: number;
}

/** The first ticket number of each block (1-based) and the total, in list order. */
export function ticketRanges(blocks: readonly RaffleTicketBlock[]): { from: number; to: number }[] {
  let next = 1;
  return blocks.map((b) => {
    const from = next;
    next += b.tickets;
    return { from, to: next - 1 };
  });
}

/** The block (index) holding a ticket number, or -1. */
export function holderOfTicket(blocks: readonly RaffleTicketBlock[], ticket: number): number {
  let next = 1;
  for (const [i, b] of blocks.entries()) {
    if (ticket >= next && ticket < next + b.tickets) return i;
    next += b.tickets;
  }
  return -1;
}
