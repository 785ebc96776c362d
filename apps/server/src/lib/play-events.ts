import type { AnyDb } from '../db/schema.ts';

/**
 * What the engagement features (bonus wagering, missions, points, VIP, referral, leaderboards) learn of a member's
 * play and money, delivered after the fact through a durable queue: each event at least once to every consumer,
 * counted once by its `id` (a consumer records the ids it has applied in the same transaction as its effect).
 * Producers: settled rounds (our games and the seamless vendors: the games module; the lottery's settled bets),
 * credited deposits, registrations. Amounts are integer minor units of the merchant's currency.
 */
export type PlayEvent =
  | {
      kind: 'bet_settled';
      /** Unique per settled bet across products: `round:<game_rounds.id>`, or `lottery:<issue pk>:<member id>` (a member's bets on one settled lottery issue, one event), or `lottery-fix:<bet id>:<version>` (a correction: `adjusts`). */
      id: string;
      merchantId: bigint;
      memberId: bigint;
      product: 'house' | 'vendor' | 'lottery';
      /** The game's category code (e.g. SLOT, LIVE, LOTTERY) for contribution rates. */
      category: string;
      gameCode: string;
      stake: bigint;
      /** The stake that counts (ties and opposite bets net out per domain-rules.md). */
      validBet: bigint;
      payout: bigint;
      settledAt: Date;
      /**
       * A correction (a VN / Thai / 4D result corrected after settlement): the id of the event it adjusts. Its own
       * id is new (`lottery-fix:<bet id>:<result version>`), its stake and valid bet are 0 (the stake was counted
       * by the event it adjusts) and its payout is the change (negative when lowered); it is no new round. The
       * adjusted event always resolves to the first settlement's payout, so the two add up to the corrected one
       * whichever is delivered first.
       */
      adjusts?: string;
    }
  | {
      kind: 'deposit_credited';
      id: string;
      merchantId: bigint;
      memberId: bigint;
      amount: bigint;
      /** The member's first credited deposit. */
      first: boolean;
      at: Date;
    }
  | { kind: 'member_registered'; id: string; merchantId: bigint; memberId: bigint; at: Date };

/**
 * Of these event ids, the ones this consumer has not applied before, now recorded as applied in the transaction the
 * consumer writes its effect in (a rollback forgets them). Each call returns a new set the consumer may consume.
 */
export type FirstTime = (ids: readonly string[]) => Promise<Set<string>>;

/** What a consumer writes for one batch, in a transaction it is handed (see `PlayEventConsumer.prepare`). */
export interface PreparedBatch {
  /**
   * The batch's effect in `trx` (nothing else: no other connection, no transaction of its own), counting only the
   * events `firstTime` returns. The queue runs it inside a savepoint of the batch's one transaction, with the batch's
   * ids already recorded for every joined consumer in one statement: a throw rolls back this consumer's part and its
   * ids only.
   */
  apply(trx: AnyDb, firstTime: FirstTime): Promise<void>;
  /** After the commit (pushes, follow-ups with their own transaction); best effort, never undoes the batch. */
  after?(): Promise<void> | void;
}

/** The queue's record of applied ids, for a consumer's own `handle`: `firstTime(trx, consumer, ids)`. */
export type AppliedIds = (trx: AnyDb, consumer: string, ids: readonly string[]) => Promise<Set<string>>;

/**
 * A consumer of play events: `name` keys its cursor; `handle` applies a batch of events (in the order they happened)
 * in a transaction of its own and must be idempotent per event id, since a batch is delivered again after a crash.
 * A consumer with `prepare` joins the queue's batch transaction instead: `prepare` reads what it needs outside any
 * transaction (PGlite runs one connection), then the queue runs every consumer's `apply` in one transaction, a
 * savepoint each, moves their cursors in it and commits once (undefined: nothing to write for this batch).
 */
export interface PlayEventConsumer {
  name: string;
  handle(events: readonly PlayEvent[]): Promise<void>;
  prepare?(events: readonly PlayEvent[]): Promise<PreparedBatch | undefined>;
}

/**
 * A prepared batch applied on its own (a consumer's `handle`): one transaction, its ids recorded by `firstTime` (the
 * queue's, with the consumer's name), then its `after`.
 */
export async function applyAlone(
  db: AnyDb,
  prepared: PreparedBatch | undefined | Promise<PreparedBatch | undefined>,
  firstTime: (trx: AnyDb, ids: readonly string[]) => Promise<Set<string>>,
): Promise<void> {
  const batch = await prepared;
  if (!batch) return;
  await db.transaction().execute((trx) => batch.apply(trx, (ids) => firstTime(trx, ids)));
  await batch.after?.();
}
