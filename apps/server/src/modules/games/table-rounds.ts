import type { AdminTableProof } from '@sea/contracts';
import type { FastifyInstance } from 'fastify';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import type { ScheduledJob } from '../../jobs/runner.ts';
import { AppError } from '../../lib/errors.ts';
import { hashSessionToken } from '../../lib/session-tokens.ts';
import { throttledNudge } from '../../lib/throttled-nudge.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { TableBet, WinMode } from './table-wallet.ts';

/**
 * The round lifecycle our own shared-round table games (baccarat tables, sabong arenas) have in common: the table
 * page's session, placing a bet (limits, the round's lock, the round maximum, the wallet's answer), the dealer's
 * pass over the tables (pending refunds first, then the due steps) and the face's plumbing (the bet nudge, the
 * dealer job). Each game keeps its own tables and SQL and supplies only its rules through these parameters.
 */

/** What a table game's face is built from (its games port `G`, its options `O`). */
export interface TableGameDeps<G, O> {
  db: AnyDb;
  games: G;
  ledger: Pick<LedgerModule, 'balances'>;
  merchants: Pick<MerchantsModule, 'findById'>;
  audit: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
  options?: O;
}

/** How a game names its table and round in the texts players read ('table'/'round', 'arena'/'fight'). */
export interface TableWords {
  /** 'table' or 'arena' */
  table: string;
  /** 'round' or 'fight' */
  round: string;
  /** 'at this table' or 'in this arena' */
  here: string;
}

/** The session row fields the table pages check (the games face's sessionByToken). */
interface TableSession {
  merchant_id: bigint;
  member_id: bigint;
  vendor_code: string;
  game_id: bigint;
  free_play: boolean;
  expires_at: Date;
}

/** What the session check needs of the games face. */
export interface TableSessionGames<S extends TableSession> {
  sessionByToken(hash: string): Promise<S | undefined>;
  findGame(
    merchantId: bigint,
    gameId: bigint,
  ): Promise<{ game_code: string; status: string; vendor_maintenance: boolean } | undefined>;
}

/**
 * The live (unexpired) real-money session of a table page's token at our own game `game` of vendor `vendor`;
 * unauthorized otherwise, game_maintenance while the game or its vendor is in maintenance.
 */
export async function tableSession<S extends TableSession>(
  games: TableSessionGames<S>,
  k: { merchant: Merchant; token: string | undefined; now: Date; vendor: string; game: string; words: TableWords },
): Promise<S> {
  const { merchant, token } = k;
  const s =
    token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await games.sessionByToken(hashSessionToken(token)) : undefined;
  if (!s || s.merchant_id !== merchant.id || s.vendor_code !== k.vendor || s.expires_at <= k.now)
    throw new AppError(
      'unauthorized',
      `This ${k.words.table} session is not valid. Open the game again from the site.`,
    );
  const game = await games.findGame(merchant.id, s.game_id);
  if (!game || game.game_code !== k.game) throw new AppError('unauthorized', `This session is not for ${k.game}.`);
  if (game.status === 'maintenance' || game.vendor_maintenance) throw new AppError('game_maintenance');
  return s;
}

/** A table's limits as its row holds them. */
export interface TableLimits {
  id: bigint;
  min_bet: bigint;
  max_bet: bigint;
  /** All stakes of one round together (baccarat round_max, sabong fight_max). */
  roundMax: bigint;
}

/** The part of a round a bet is checked against, under the round's lock. */
export interface BetGate {
  tableId: bigint;
  /** In its betting phase (baccarat 'betting', sabong 'open'). */
  betting: boolean;
  closesAt: Date;
}

/**
 * Places a bet on a shared round: a repeated request id answers the bet it recorded (or idempotency_conflict when
 * the request differs); the table's limits; under the round's lock the round must be this table's, still betting by
 * the server's clock, and the round's stakes with this one within the round maximum; the bet recorded pending, its
 * stake taken by the wallet (fixed tx id), then placed or refused. The bet as it stands (`replay`: a repeated
 * request, nothing new), refused ones as errors.
 */
export async function placeTableBet<Trx, B extends TableBet & { request_id: string }>(k: {
  words: TableWords;
  table: TableLimits;
  amount: bigint;
  clock: () => Date;
  /** The member's bet with this request id, if any. */
  recorded: () => Promise<B | undefined>;
  /** Whether an earlier bet with this request id is the same request (round, spot / side, amount). */
  sameRequest: (earlier: B) => boolean;
  /** The game's database handle: the bet is recorded in one of its transactions. */
  db: { transaction(): { execute<X>(work: (trx: Trx) => Promise<X>): Promise<X> } };
  /** The round under its row lock, as a gate; undefined for no such round. */
  lockRound: (trx: Trx) => Promise<BetGate | undefined>;
  /** Stakes of the round so far (bets the wallet took or may still take). */
  staked: (trx: Trx) => Promise<bigint>;
  /** Records the bet (pending); undefined when a concurrent twin with this request id was first. */
  insert: (trx: Trx) => Promise<B | undefined>;
  /** The wallet's bet call: its status ('OK', 'INSUFFICIENT_FUNDS', …). */
  post: (bet: B) => Promise<string>;
  setStatus: (bet: B, to: 'placed' | 'refused') => Promise<unknown>;
}): Promise<{ bet: B; replay: boolean }> {
  const { words, table, amount } = k;
  const earlier = await k.recorded();
  if (earlier) {
    if (!k.sameRequest(earlier)) throw new AppError('idempotency_conflict');
    return { bet: earlier, replay: true };
  }
  if (amount < table.min_bet || amount > table.max_bet)
    throw new AppError('amount_out_of_range', `A bet ${words.here} is ${table.min_bet}–${table.max_bet}.`, {
      in: 'body',
      fields: [{ field: 'amount', reason: 'out_of_range', message: `Outside the ${words.table} limits.` }],
    });
  const closed = `Betting is closed for this ${words.round}.`;
  const bet = await k.db.transaction().execute(async (trx) => {
    const round = await k.lockRound(trx);
    if (!round || round.tableId !== table.id) throw new AppError('not_found', `No such ${words.round} ${words.here}.`);
    // Server time decides: once closes_at has passed betting is closed, whatever the dealer has done yet.
    if (!round.betting || k.clock() >= round.closesAt) throw new AppError('state_invalid', closed);
    if ((await k.staked(trx)) + amount > table.roundMax)
      throw new AppError('amount_out_of_range', `The ${words.table} limit for this ${words.round} has been reached.`);
    const row = await k.insert(trx);
    if (!row) throw new AppError('conflict', 'Please try again.'); // a concurrent twin with this request id
    return row;
  });
  const status = await k.post(bet);
  await k.setStatus(bet, status === 'OK' ? 'placed' : 'refused');
  const now = (await k.recorded())!;
  if (now.status === 'refused') {
    if (status === 'INSUFFICIENT_FUNDS') throw new AppError('insufficient_funds');
    if (status === 'OK' || status === 'ALREADY_SETTLED') throw new AppError('state_invalid', closed);
    throw new AppError('state_invalid', `The bet could not be placed (${status}).`);
  }
  return { bet: now, replay: false };
}

/**
 * The dealer's pass: for every table the dealer keeps (open ones, closed ones finishing a round), the cancelled
 * rounds whose refunds a crash interrupted are finished first, then the round in play is moved along by `step` (at
 * most `maxSteps` steps, each told to `changed`) until nothing is due. A failing table is skipped until the next run.
 */
export async function dealerPass<T extends { merchant_id: bigint }, R>(k: {
  tables: () => Promise<T[]>;
  merchantOf: (id: bigint) => Promise<Merchant | undefined>;
  unrefunded: (table: T) => Promise<R[]>;
  refund: (merchant: Merchant, round: R) => Promise<unknown>;
  inPlay: (table: T) => Promise<R | undefined>;
  step: (table: T, merchant: Merchant, round: R | undefined) => Promise<R | undefined>;
  /** A round after which the next one opens (settled; sabong: cancelled too). */
  finished: (round: R) => boolean;
  maxSteps: number;
  changed: (table: T, round: R) => void;
}): Promise<{ steps: number; failed: number }> {
  const tally = { steps: 0, failed: 0 };
  for (const table of await k.tables()) {
    try {
      const merchant = await k.merchantOf(table.merchant_id);
      if (!merchant) continue;
      for (const r of await k.unrefunded(table)) await k.refund(merchant, r);
      let round = await k.inPlay(table);
      for (let i = 0; i < k.maxSteps; i++) {
        const next = await k.step(table, merchant, round);
        if (!next) break;
        tally.steps++;
        k.changed(table, next);
        round = k.finished(next) ? undefined : next;
      }
    } catch {
      tally.failed++;
    }
  }
  return tally;
}

/** Bets are pushed to a table's followers at most this often (ms). */
const BET_NUDGE_MS = 1_000;

/**
 * A table game face's realtime plumbing and job: `changed` (after every step of a round: phase = its status),
 * `betPlaced` (at most about once a second per table, phase = the betting phase — a busy round's thousands of bets
 * must not become thousands of pushes, each a re-read by every player) and the dealer job (`<game>-dealer`).
 */
export function tableGameFace<T extends { id: bigint; merchant_id: bigint; code: string }>(k: {
  game: string;
  bettingPhase: string;
  tell?: (merchantId: bigint, table: string, roundId: bigint, phase: string) => void;
  dealerEverySeconds?: number;
  advance: () => Promise<{ steps: number; failed: number }>;
}) {
  const nudge = throttledNudge<bigint, { table: T; roundId: bigint }>(BET_NUDGE_MS, (_, { table, roundId }) =>
    k.tell?.(table.merchant_id, table.code, roundId, k.bettingPhase),
  );
  const jobs: ScheduledJob[] = [
    {
      name: `${k.game}-dealer`,
      everySeconds: k.dealerEverySeconds ?? 1,
      async run() {
        const r = await k.advance();
        return r.failed ? r : null;
      },
    },
  ];
  return {
    changed: (table: T, round: { id: bigint; status: string }) =>
      k.tell?.(table.merchant_id, table.code, round.id, round.status),
    betPlaced: (table: T, roundId: bigint) => k.tell && nudge(table.id, { table, roundId }),
    jobs,
  };
}

/** A game's proof of a round by its reference; null when the reference is not one of its rounds. */
type RoundProof = (merchant: Merchant, reference: string) => Promise<AdminTableProof | null>;

/**
 * A table game's face assembled from its parts, the same way for every game: its repository on the game's tables,
 * its wallet, its dealer (told of every step), its service (told of bets), its back office, its routes, its proof in
 * the round lookup, and the face's plumbing (tableGameFace). The game supplies the parts; the face is the service's
 * functions with `admin`, `advance` (the dealer's pass: the job, and tests with their clock), `timings`, `jobs`
 * and `register`.
 */
export function assembleTableGame<
  Row extends { id: bigint; merchant_id: bigint; code: string },
  Round extends { id: bigint; status: string },
  Repo,
  Wallet,
  Dealer extends { advance: () => Promise<{ steps: number; failed: number }> },
  Service extends { roundProof: RoundProof },
  Admin,
  Timings,
  G extends { registerTableProof: (source: RoundProof) => void },
  O extends Partial<Timings> & { winMode?: WinMode; bettingSeconds?: number; dealerEverySeconds?: number },
>(
  deps: TableGameDeps<G, O>,
  k: {
    game: string;
    bettingPhase: string;
    /** The realtime push of a step (phase = the round's status) or of bets (phase = the betting phase). */
    tell?: (merchantId: bigint, table: string, roundId: bigint, phase: string) => void;
    defaultTimings: Timings;
    repository: (db: AnyDb) => Repo;
    wallet: (x: { repo: Repo; games: G; winMode?: WinMode }) => Wallet;
    dealer: (x: {
      repo: Repo;
      wallet: Wallet;
      timings: Timings;
      clock: () => Date;
      merchantOf: (id: bigint) => Promise<Merchant | undefined>;
      changed: (table: Row, round: Round) => void;
    }) => Dealer;
    service: (x: {
      repo: Repo;
      games: G;
      wallet: Wallet;
      dealer: Dealer;
      ledger: Pick<LedgerModule, 'balances'>;
      timings: Timings;
      defaultBettingSeconds?: number;
      clock: () => Date;
      betPlaced: (table: Row, roundId: bigint) => void;
    }) => Service;
    admin: (x: {
      repo: Repo;
      service: Service;
      audit: Pick<AdminModule, 'recordAction'>;
      changed: (table: Row, round: Round) => void;
    }) => Admin;
    routes: (app: FastifyInstance, service: Service, admin: Admin) => void;
  },
) {
  const repo = k.repository(deps.db);
  const timings: Timings = { ...k.defaultTimings, ...deps.options };
  const wallet = k.wallet({ repo, games: deps.games, winMode: deps.options?.winMode });
  const face = tableGameFace<Row>({
    game: k.game,
    bettingPhase: k.bettingPhase,
    tell: k.tell,
    dealerEverySeconds: deps.options?.dealerEverySeconds,
    advance: () => dealer.advance(),
  });
  const { changed, betPlaced, jobs } = face;
  const dealer = k.dealer({
    repo,
    wallet,
    timings,
    clock: deps.clock,
    merchantOf: (id) => deps.merchants.findById(id),
    changed,
  });
  const service = k.service({
    repo,
    games: deps.games,
    wallet,
    dealer,
    ledger: deps.ledger,
    timings,
    defaultBettingSeconds: deps.options?.bettingSeconds,
    clock: deps.clock,
    betPlaced,
  });
  const admin = k.admin({ repo, service, audit: deps.audit, changed });
  // The back office's round lookup shows the game's round with its proof.
  deps.games.registerTableProof((merchant, reference) => service.roundProof(merchant, reference));
  return {
    ...service,
    admin,
    /** The dealer's pass over every open table (the job; tests call it with their clock). */
    advance: dealer.advance,
    timings,
    jobs,
    register(app: FastifyInstance): void {
      k.routes(app, service, admin);
    },
  };
}
