import type { SabongArenaSummary, SabongFightView, SabongMyBet, SabongPhase } from '@sea/contracts';
import { fightScript, payoutPer100, type SabongPools } from '@sea/games';
import type { ArenaRow, BetRow, FightRow } from './sabong.repository.ts';
import type { SabongTimings } from './sabong-dealer.ts';

/** The phase players see, from the fight's committed state and the server's clock. */
export function phaseOf(fight: FightRow, now: Date, t: SabongTimings): SabongPhase {
  if (fight.status === 'open') {
    if (now >= fight.closes_at) return 'closed';
    return now.getTime() >= fight.closes_at.getTime() - t.lastCallSeconds * 1000 ? 'last_call' : 'open';
  }
  return fight.status === 'closed' ? 'closed' : fight.status;
}

const hundredths = (x: bigint | null): string | null =>
  x === null ? null : `${x / 100n}.${String(x % 100n).padStart(2, '0')}`;

/**
 * A fight as players see it: live pools and estimated payouts while betting (pending stakes included), the pools
 * fixed at close afterwards; the simulated fight's exchanges from FIGHTING on; the outcome and the seed once the
 * RESULT is reached (the seed of a cancelled fight too).
 */
export function fightView(fight: FightRow, livePools: SabongPools, now: Date, t: SabongTimings): SabongFightView {
  const fixed = fight.meron_pool !== null;
  const pools: SabongPools = fixed
    ? { meron: fight.meron_pool!, wala: fight.wala_pool!, draw: fight.draw_pool! }
    : livePools;
  const over = fight.status === 'result' || fight.status === 'settled';
  const shown = over || fight.status === 'fighting';
  return {
    id: String(fight.id),
    fightNo: fight.fight_no,
    phase: phaseOf(fight, now, t),
    opensAt: fight.opens_at.toISOString(),
    lastCallAt: new Date(fight.closes_at.getTime() - t.lastCallSeconds * 1000).toISOString(),
    closesAt: fight.closes_at.toISOString(),
    fightEndsAt: fight.fight_ends_at?.toISOString() ?? null,
    resultEndsAt: fight.result_ends_at?.toISOString() ?? null,
    plasadaBps: fight.plasada_bps,
    pools: { meron: String(pools.meron), wala: String(pools.wala), draw: String(pools.draw) },
    payouts: {
      meron: hundredths(payoutPer100(pools, 'meron', fight.plasada_bps)),
      wala: hundredths(payoutPer100(pools, 'wala', fight.plasada_bps)),
      draw: '900.00',
    },
    oddsFixed: fixed,
    exchanges: shown && fight.outcome ? fightScript(fight.seed).exchanges.map((e) => e.striker) : null,
    outcome: over ? fight.outcome : null,
    cancelReason: fight.cancel_reason,
    seedHash: fight.seed_hash,
    seed: over || fight.status === 'cancelled' ? fight.seed : null,
  };
}

export function arenaSummary(arena: ArenaRow, fight: SabongFightView | null, history: FightRow[]): SabongArenaSummary {
  return {
    code: arena.code,
    name: arena.name,
    minBet: String(arena.min_bet),
    maxBet: String(arena.max_bet),
    fightMax: String(arena.fight_max),
    bettingSeconds: arena.betting_seconds,
    plasadaBps: arena.plasada_bps,
    fight,
    history: history.map((f) => ({
      id: String(f.id),
      fightNo: f.fight_no,
      outcome: f.status === 'cancelled' ? null : f.outcome,
      cancelled: f.status === 'cancelled',
    })),
  };
}

export const myBetView = (b: BetRow): SabongMyBet => ({
  id: String(b.id),
  fightId: String(b.fight_id),
  side: b.side,
  amount: String(b.amount),
  status: b.status,
  payout: b.payout === null ? null : String(b.payout),
});
