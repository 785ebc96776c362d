import { randomBytes } from 'node:crypto';
import { cancelledByMinimum, fightCommitment, fightOutcome } from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { dealerPass, NotOpened, unlessNotOpened } from '../games/index.ts';
import type { ArenaRow, FightRow, SabongRepository } from './sabong.repository.ts';
import type { SabongWallet } from './sabong-wallet.ts';

/** Timings of a fight besides the arena's betting time (seconds; short in tests). */
export interface SabongTimings {
  /** The last seconds of betting shown as LAST CALL. */
  lastCallSeconds: number;
  /** How long the simulated fight is shown. */
  fightSeconds: number;
  /** How long the RESULT is shown before the next fight opens. */
  resultSeconds: number;
}

export const DEFAULT_TIMINGS: SabongTimings = { lastCallSeconds: 5, fightSeconds: 8, resultSeconds: 5 };

/**
 * The arena's dealer: moves every open arena's fight along the state machine by the server's clock —
 * OPEN (until closes_at; the last seconds shown as LAST CALL) → CLOSED (pending stakes resolved with the wallet) →
 * the pools fixed: CANCELLED and refunded when the Meron or Wala payout is at or below the minimum, else FIGHTING
 * (the outcome of the fight's committed seed) → RESULT (paid) → SETTLED → the next fight. Each step is a conditional
 * update of the fight's committed state and every wallet call has a fixed tx id, so any process may run it (the
 * pg-boss job runs it on one at a time) and a dealer that dies mid-fight is continued by the next: nothing paid twice.
 */
export function createSabongDealer(deps: {
  repo: SabongRepository;
  wallet: SabongWallet;
  timings: SabongTimings;
  clock: () => Date;
  merchantOf: (id: bigint) => Promise<Merchant | undefined>;
  changed: (arena: ArenaRow, fight: FightRow) => void;
}) {
  const { repo, wallet, timings } = deps;
  const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

  /**
   * The next fight of an open arena under the settings it opens with (pending ones applied in the same transaction;
   * the fight keeps its plasada and minimum payout). Undefined when the arena is closed or another dealer was first.
   */
  async function openFight(arena: ArenaRow): Promise<FightRow | undefined> {
    if (arena.status !== 'open') return undefined;
    const now = deps.clock();
    const last = await repo.lastFight(arena.id);
    const seed = randomBytes(32).toString('hex');
    return unlessNotOpened(
      repo.db.transaction().execute(async (trx) => {
        const live = await repo.applyPending(trx, arena.id);
        if (!live) return undefined; // closed meanwhile
        const fight = await repo.insertFight(trx, {
          arenaId: arena.id,
          fightNo: (last?.fight_no ?? 0) + 1,
          seed,
          seedHash: fightCommitment(seed),
          plasadaBps: live.plasada_bps,
          minPayout: live.min_payout,
          opensAt: now,
          closesAt: later(now, live.betting_seconds),
        });
        if (!fight) throw new NotOpened(); // another dealer's fight: the arena's settings stay as they were
        return fight;
      }),
    );
  }

  /** CLOSED → the pools fixed from the stakes the wallet took: CANCELLED (minimum payout) or FIGHTING. */
  async function fix(merchant: Merchant, fight: FightRow): Promise<FightRow | undefined> {
    await wallet.resolveFight(merchant, fight);
    const pools = await repo.pools(fight.id, true);
    const now = deps.clock();
    const set = { meronPool: pools.meron, walaPool: pools.wala, drawPool: pools.draw };
    if (cancelledByMinimum(pools, fight.plasada_bps, BigInt(fight.min_payout))) {
      const done = await repo.transition(repo.db, fight.id, 'closed', 'cancelled', {
        ...set,
        cancelReason: 'minimum_payout',
        settledAt: now,
        resultEndsAt: later(now, timings.resultSeconds),
      });
      if (done) await wallet.refundFight(merchant, done);
      return done;
    }
    return repo.transition(repo.db, fight.id, 'closed', 'fighting', {
      ...set,
      outcome: fightOutcome(fight.seed),
      fightEndsAt: later(now, timings.fightSeconds),
    });
  }

  /** One step of an arena's fight when it is due; the fight after it, or undefined when nothing was due. */
  async function step(arena: ArenaRow, merchant: Merchant, fight: FightRow | undefined) {
    const now = deps.clock();
    if (!fight) {
      // A cancelled fight stays on the screen for the result time before the next one opens.
      const last = await repo.lastFight(arena.id);
      if (last?.status === 'cancelled' && last.result_ends_at && last.result_ends_at > now) return undefined;
      return openFight(arena);
    }
    if (fight.status === 'open' && fight.closes_at <= now) return repo.transition(repo.db, fight.id, 'open', 'closed');
    if (fight.status === 'closed') return fix(merchant, fight);
    if (fight.status === 'fighting' && fight.fight_ends_at! <= now) {
      // The result is claimed first (a cancel can no longer take the fight), then paid — again after a crash.
      const claimed = await repo.transition(repo.db, fight.id, 'fighting', 'result', {
        resultEndsAt: later(now, timings.resultSeconds),
      });
      if (claimed) await wallet.payFight(merchant, claimed);
      return claimed;
    }
    if (fight.status === 'result' && fight.result_ends_at! <= now) {
      await wallet.payFight(merchant, fight);
      const done = await repo.transition(repo.db, fight.id, 'result', 'settled', { settledAt: now });
      // A closed arena opens no next fight: the settled one is the last step (and is pushed as such).
      return done && ((await openFight(arena)) ?? done);
    }
    return undefined;
  }

  return {
    /** Every open arena's due steps; a failing arena is skipped until the next run. */
    advance: (): Promise<{ steps: number; failed: number }> =>
      dealerPass({
        tables: () => repo.openArenas(),
        merchantOf: deps.merchantOf,
        // Cancelled fights whose refunds a crash interrupted are finished first.
        unrefunded: (arena) => repo.cancelledWithOpenBets(arena.id),
        refund: (merchant, fight) => wallet.refundFight(merchant, fight),
        inPlay: (arena) => repo.currentFight(arena.id),
        step,
        finished: (fight) => fight.status === 'settled' || fight.status === 'cancelled',
        maxSteps: 5,
        changed: deps.changed,
      }),

    /** Cancels a fight not yet paid (open, closed or fighting) and refunds every bet. */
    async cancel(merchant: Merchant, fight: FightRow): Promise<{ cancelled: boolean; refunded: number }> {
      const now = deps.clock();
      let done: FightRow | undefined;
      for (const from of ['open', 'closed', 'fighting'] as const) {
        done = await repo.transition(repo.db, fight.id, from, 'cancelled', {
          cancelReason: 'operator',
          settledAt: now,
          resultEndsAt: later(now, timings.resultSeconds),
        });
        if (done) break;
      }
      if (!done) return { cancelled: false, refunded: 0 };
      const refunded = await wallet.refundFight(merchant, done);
      deps.changed(await repo.arenaById(done.arena_id), done);
      return { cancelled: true, refunded };
    },
  };
}

export type SabongDealer = ReturnType<typeof createSabongDealer>;
