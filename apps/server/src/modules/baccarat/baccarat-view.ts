import type { BaccaratMyBet, BaccaratPhase, BaccaratRoundView, BaccaratTableSummary } from '@sea/contracts';
import { cardCode } from '@sea/games';
import type { BetRow, RoundRow, ShoeRow, TableRow } from './baccarat.repository.ts';
import type { StoredHand } from './baccarat.tables.ts';
import type { BaccaratTimings } from './baccarat-dealer.ts';

/** The phase players see, from the round's committed state and the server's clock. */
export function phaseOf(round: RoundRow, now: Date, t: BaccaratTimings): BaccaratPhase {
  if (round.status === 'betting') {
    if (now >= round.closes_at) return 'closed';
    return now.getTime() >= round.closes_at.getTime() - t.closingSeconds * 1000 ? 'closing' : 'betting';
  }
  return round.status === 'dealing' ? 'dealing' : round.status;
}

const SPOTS = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const;

/**
 * A round as players see it. While DEALING only the cards whose reveal time has come are shown (in dealing order
 * P, B, P, B, third cards); the result once RESULT is reached. A cancelled round shows no cards.
 */
export function roundView(
  round: RoundRow,
  totals: { spot: string; total: bigint }[],
  now: Date,
  t: BaccaratTimings,
): BaccaratRoundView {
  const hand = round.status === 'cancelled' ? null : (round.result as StoredHand | null);
  const revealAt =
    hand && round.dealt_at
      ? hand.cards.map((_, k) => new Date(round.dealt_at!.getTime() + (k + 1) * t.cardSeconds * 1000))
      : [];
  const shown = round.status === 'dealing' ? revealAt.filter((at) => at <= now).length : hand ? hand.cards.length : 0;
  const order = hand ? dealtSides(hand) : [];
  const cards = hand
    ? {
        player: order
          .slice(0, shown)
          .filter((s) => s.side === 'player')
          .map((s) => cardCode(s.card)),
        banker: order
          .slice(0, shown)
          .filter((s) => s.side === 'banker')
          .map((s) => cardCode(s.card)),
      }
    : null;
  const finished = round.status === 'result' || round.status === 'settled';
  return {
    id: String(round.id),
    hand: round.hand,
    phase: phaseOf(round, now, t),
    opensAt: round.opens_at.toISOString(),
    closesAt: round.closes_at.toISOString(),
    closingAt: new Date(round.closes_at.getTime() - t.closingSeconds * 1000).toISOString(),
    dealEndsAt: round.deal_ends_at?.toISOString() ?? null,
    resultEndsAt: round.result_ends_at?.toISOString() ?? null,
    cards,
    revealAt: revealAt.map((d) => d.toISOString()),
    result:
      finished && hand
        ? {
            winner: hand.winner,
            playerTotal: hand.playerTotal,
            bankerTotal: hand.bankerTotal,
            playerPair: hand.playerPair,
            bankerPair: hand.bankerPair,
          }
        : null,
    totals: Object.fromEntries(SPOTS.map((s) => [s, String(totals.find((x) => x.spot === s)?.total ?? 0n)])) as Record<
      (typeof SPOTS)[number],
      string
    >,
  };
}

/** The hand's cards in dealing order, each with its side. */
function dealtSides(hand: StoredHand): { side: 'player' | 'banker'; card: number }[] {
  const out: { side: 'player' | 'banker'; card: number }[] = [
    { side: 'player', card: hand.player[0]! },
    { side: 'banker', card: hand.banker[0]! },
    { side: 'player', card: hand.player[1]! },
    { side: 'banker', card: hand.banker[1]! },
  ];
  if (hand.player[2] !== undefined) out.push({ side: 'player', card: hand.player[2] });
  if (hand.banker[2] !== undefined) out.push({ side: 'banker', card: hand.banker[2] });
  return out;
}

export function tableSummary(
  table: TableRow,
  shoe: ShoeRow | undefined,
  round: BaccaratRoundView | null,
  results: { result: unknown }[],
): BaccaratTableSummary {
  return {
    code: table.code,
    name: table.name,
    variant: table.variant,
    minBet: String(table.min_bet),
    maxBet: String(table.max_bet),
    roundMax: String(table.round_max),
    bettingSeconds: table.betting_seconds,
    round,
    results: results.map((r) => {
      const h = r.result as StoredHand;
      return { winner: h.winner, playerPair: h.playerPair, bankerPair: h.bankerPair };
    }),
    shoe: shoe ? { id: String(shoe.id), seedHash: shoe.seed_hash, hands: shoe.hands } : null,
  };
}

export const myBetView = (b: BetRow): BaccaratMyBet => ({
  id: String(b.id),
  roundId: String(b.round_id),
  spot: b.spot,
  amount: String(b.amount),
  status: b.status,
  payout: b.payout === null ? null : String(b.payout),
});
