import type { ElottKind } from '@sea/games';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { AdminModule } from '../admin/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import type { RgGuard } from '../responsible-gaming/index.ts';
import { createSimulatedBeacon } from './beacon.ts';
import { BEACON_KEY_FILE, createKeyedChainSigner, processKey, SIGNER_KEY_FILE } from './chain-signer.ts';
import { isFeedKind } from './feed.ts';
import type { FeedService } from './feed.service.ts';
import { type DrawnListener, type LotteryOptions, PAY_BATCH } from './lottery-config.ts';
import type { GameRow, LotteryRepository } from './lottery.repository.ts';
import type { LotteryTables } from './lottery.tables.ts';

/** Takes a settled issue's members (with bets that count) in the settlement's transaction `trx`. */
/**
 * A settled feed bet's payout was corrected (a new result version): its play event (ref `fix:<bet id>:<version>`),
 * written in the correction's transaction.
 */
export type CorrectionPublisher = (
  trx: Kysely<LotteryTables>,
  rows: { merchantId: bigint; betId: bigint; version: number }[],
) => Promise<void>;

export type SettledPublisher = (
  trx: Kysely<LotteryTables>,
  issuePk: bigint,
  members: { merchantId: bigint; memberId: bigint }[],
) => Promise<void>;
import { createLotteryRefunds } from './refunds.ts';

export type Ledger = Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;

/** What the fast e-lottery service is made of (createLotteryService's deps). */
export interface LotteryDeps {
  db: Kysely<LotteryTables>;
  repo: LotteryRepository;
  ledger: Ledger;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Bet checks of every game kind (ELOTT through its engine, VN/Thai/4D through feed.service). */
  feed: Pick<FeedService, 'checkerOf' | 'betCodesOf' | 'exposureOf' | 'cancelIssue' | 'refundedTotals'>;
  /** The operator's cancel of a fast-game draw is audited in its transaction. */
  audit?: Pick<AdminModule, 'recordAction'>;
  clock: () => Date;
  /** Responsible gaming: an order's stake passes its check in the order's transaction (absent in tools). */
  rg?: Pick<RgGuard, 'assertStake'>;
  options?: LotteryOptions;
  /** An issue was drawn or settled (after its committed transition; pushed to the game's room). */
  onDrawn?: DrawnListener;
  /**
   * An issue settles: its members with bets that count, handed over in the settlement's transaction (the play
   * events of the wagering and engagement features; absent in tools).
   */
  publishSettled?: SettledPublisher;
}

export const iso = (d: Date) => d.toISOString();

/** The service's parts share this: deps, options with defaults, the chain signer and beacon, lookups. */
export function createLotteryContext(deps: LotteryDeps) {
  const { repo, db } = deps;
  const every = deps.options?.checkpointEvery ?? 1_000;
  const payBatch = deps.options?.payBatch ?? PAY_BATCH;

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`lottery: merchant ${id} not found`);
    return m;
  }

  async function gameOf(merchant: Merchant, gameCode: string): Promise<GameRow> {
    const game = await repo.gameByCode(merchant.id, gameCode);
    if (!game || !game.enabled) throw new AppError('not_found', 'No such lottery game.');
    return game;
  }

  /** A fast e-lottery game (its chain, results and verifier); feed games answer under /lgw/lottery/feed/…. */
  async function chainGameOf(merchant: Merchant, gameCode: string): Promise<GameRow & { kind: ElottKind }> {
    const game = await gameOf(merchant, gameCode);
    if (isFeedKind(game.kind))
      throw new AppError(
        'not_found',
        'This game takes official results; see /lgw/lottery/feed/games/' + gameCode + '.',
      );
    return game as GameRow & { kind: ElottKind };
  }

  return {
    deps,
    db,
    repo,
    every,
    payBatch,
    settleParallel: Math.max(1, deps.options?.settleParallel ?? 2),
    signer: deps.options?.signer ?? createKeyedChainSigner(processKey(SIGNER_KEY_FILE), { every }),
    beacon: deps.options?.beacon ?? createSimulatedBeacon(processKey(BEACON_KEY_FILE)),
    refunds: createLotteryRefunds({ db, repo, ledger: deps.ledger, clock: deps.clock, batch: payBatch }),
    merchantOf,
    gameOf,
    chainGameOf,
  };
}

export type LotteryContext = ReturnType<typeof createLotteryContext>;
