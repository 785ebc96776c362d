import { randomBytes } from 'node:crypto';
import {
  dealFromShoe,
  endedPastCut,
  firstHandPosition,
  shoeCommitment,
  shoeHasNextHand,
  shuffledShoe,
} from '@sea/games';
import type { Merchant } from '../../http/principals.ts';
import { dealerPass, NotOpened, unlessNotOpened } from '../games/index.ts';
import type { BaccaratRepository, RoundRow, ShoeRow, TableRow } from './baccarat.repository.ts';
import type { StoredHand } from './baccarat.tables.ts';
import type { BaccaratWallet } from './baccarat-wallet.ts';

/** Timings of a round besides the table's betting time (seconds; short in tests). */
export interface BaccaratTimings {
  /** The last seconds of betting shown as CLOSING. */
  closingSeconds: number;
  /** Cards are revealed one by one, this far apart; DEALING lasts one more interval after the last card. */
  cardSeconds: number;
  /** How long the RESULT is shown before the next round opens. */
  resultSeconds: number;
}

export const DEFAULT_TIMINGS: BaccaratTimings = { closingSeconds: 3, cardSeconds: 1, resultSeconds: 4 };

const shoes = new Map<bigint, number[]>();
/** The shoe's cards (a pure function of its seed; the last few shoes kept in memory). */
function cardsOf(shoe: Pick<ShoeRow, 'id' | 'seed'>): number[] {
  let cards = shoes.get(shoe.id);
  if (!cards) {
    cards = shuffledShoe(shoe.seed);
    if (shoes.size > 500) shoes.clear();
    shoes.set(shoe.id, cards);
  }
  return cards;
}

/**
 * The dealer: moves every open table's round along the state machine by the server's clock —
 * BETTING (until closes_at; the last seconds shown as CLOSING) → CLOSED → DEALING (the hand from the shoe at the
 * round's position; cards shown one by one) → RESULT (paid) → SETTLED → the next round; a new shoe (its seed's
 * hash published) when the last one is done (its seed revealed). Each step is a conditional update of the round's
 * committed state and every wallet call has a fixed tx id, so any process may run it (the pg-boss job runs it on
 * one at a time) and a dealer that dies mid-round is simply continued by the next: nothing dealt or paid twice.
 */
export function createDealer(deps: {
  repo: BaccaratRepository;
  wallet: BaccaratWallet;
  timings: BaccaratTimings;
  clock: () => Date;
  merchantOf: (id: bigint) => Promise<Merchant | undefined>;
  changed: (table: TableRow, round: RoundRow) => void;
}) {
  const { repo, wallet, timings } = deps;
  const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

  async function newShoe(table: TableRow, at: Date): Promise<ShoeRow | undefined> {
    const seed = randomBytes(32).toString('hex');
    return repo.db.transaction().execute((trx) =>
      repo.insertShoe(trx, {
        tableId: table.id,
        seed,
        seedHash: shoeCommitment(seed),
        position: firstHandPosition(shuffledShoe(seed)),
        at,
      }),
    );
  }

  /**
   * The next round of an open table, under the settings it opens with (pending ones applied in the same transaction:
   * a round is limited and paid as it opened). Undefined when the table is closed or another dealer opened it first.
   */
  async function openRound(table: TableRow): Promise<RoundRow | undefined> {
    if (table.status !== 'open') return undefined;
    const now = deps.clock();
    const shoe = (await repo.activeShoe(table.id)) ?? (await newShoe(table, now)) ?? (await repo.activeShoe(table.id));
    if (!shoe) return undefined;
    const last = await repo.lastRound(table.id);
    const hand = last && last.shoe_id === shoe.id ? last.hand + 1 : 1;
    return unlessNotOpened(
      repo.db.transaction().execute(async (trx) => {
        const live = await repo.applyPending(trx, table.id);
        if (!live) return undefined; // closed meanwhile
        const round = await repo.insertRound(trx, {
          tableId: table.id,
          shoeId: shoe.id,
          hand,
          position: shoe.position,
          opensAt: now,
          closesAt: later(now, live.betting_seconds),
        });
        if (!round) throw new NotOpened(); // another dealer's round: its settings stay as they were
        return round;
      }),
    );
  }

  /** BETTING → DEALING: the hand at the round's position, the shoe moved on; under the round's lock. */
  async function deal(round: RoundRow): Promise<RoundRow | undefined> {
    const now = deps.clock();
    return repo.db.transaction().execute(async (trx) => {
      const locked = await repo.lockRound(trx, round.id);
      if (!locked || locked.status !== 'betting' || locked.closes_at > now) return undefined;
      const shoe = (await repo.activeShoe(locked.table_id, trx))!;
      const d = dealFromShoe(cardsOf(shoe), locked.position);
      const result: StoredHand = {
        cards: d.cards,
        player: d.hand.player,
        banker: d.hand.banker,
        playerTotal: d.hand.playerTotal,
        bankerTotal: d.hand.bankerTotal,
        winner: d.hand.winner,
        playerPair: d.hand.playerPair,
        bankerPair: d.hand.bankerPair,
      };
      await repo.advanceShoe(trx, shoe.id, d.next, endedPastCut(d.next));
      return repo.transition(trx, locked.id, 'betting', 'dealing', {
        dealtAt: now,
        dealEndsAt: later(now, (d.cards.length + 1) * timings.cardSeconds),
        result,
      });
    });
  }

  /** One step of a table's round when it is due; the round after it, or undefined when nothing was due. */
  async function step(table: TableRow, merchant: Merchant, round: RoundRow | undefined) {
    const now = deps.clock();
    if (!round) return openRound(table);
    if (round.status === 'betting' && round.closes_at <= now) return deal(round);
    if (round.status === 'dealing' && round.deal_ends_at! <= now) {
      // The result is claimed first (a cancel can no longer take the round), then paid — again after a crash.
      const claimed = await repo.transition(repo.db, round.id, 'dealing', 'result', {
        resultEndsAt: later(now, timings.resultSeconds),
      });
      if (claimed) await wallet.payRound(merchant, table.variant, claimed);
      return claimed;
    }
    if (round.status === 'result' && round.result_ends_at! <= now) {
      await wallet.payRound(merchant, table.variant, round);
      const done = await repo.transition(repo.db, round.id, 'result', 'settled', { settledAt: now });
      const shoe = await repo.shoe(round.shoe_id);
      if (done && shoe?.status === 'active' && !shoeHasNextHand(shoe.cut_hands))
        await repo.db.transaction().execute((trx) => repo.finishShoe(trx, shoe.id, now));
      // A closed table opens no next round: the settled one is the last step (and is pushed as such).
      return done && ((await openRound(table)) ?? done);
    }
    return undefined;
  }

  return {
    /** Every open table's due steps; a failing table is skipped until the next run. */
    advance: (): Promise<{ steps: number; failed: number }> =>
      dealerPass({
        tables: () => repo.openTables(),
        merchantOf: deps.merchantOf,
        // Cancelled rounds whose refunds a crash interrupted are finished first.
        unrefunded: (table) => repo.cancelledWithOpenBets(table.id),
        refund: (merchant, round) => wallet.refundRound(merchant, round),
        inPlay: (table) => repo.openRound(table.id),
        step,
        finished: (round) => round.status === 'settled',
        maxSteps: 4,
        changed: deps.changed,
      }),

    /** Ends the table's shoe after the hand in play (its seed is revealed then; the next round opens a new shoe). */
    async endShoe(table: TableRow): Promise<boolean> {
      const shoe = await repo.activeShoe(table.id);
      return shoe ? repo.endShoeAfterHand(shoe.id) : false;
    },

    /** Cancels a round not yet paid (BETTING or DEALING) and refunds every bet. */
    async cancel(merchant: Merchant, round: RoundRow): Promise<{ cancelled: boolean; refunded: number }> {
      const now = deps.clock();
      const done =
        (await repo.transition(repo.db, round.id, 'betting', 'cancelled', { settledAt: now })) ??
        (await repo.transition(repo.db, round.id, 'dealing', 'cancelled', { settledAt: now }));
      if (!done) return { cancelled: false, refunded: 0 };
      const refunded = await wallet.refundRound(merchant, done);
      deps.changed(await repo.tableById(done.table_id), done);
      return { cancelled: true, refunded };
    },
  };
}

export type Dealer = ReturnType<typeof createDealer>;
