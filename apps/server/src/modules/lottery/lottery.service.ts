import { randomBytes } from 'node:crypto';
import type {
  LotteryBeaconRound,
  LotteryChain,
  LotteryGame,
  LotteryIssue,
  LotteryLobby,
  LotteryMyBet,
  LotteryMyBets,
  LotteryPlaceRequest,
  LotteryPlaceResult,
  LotteryResults,
} from '@sea/contracts';
import {
  BEACON_DRAW_ALGORITHM,
  chainHashAt,
  DRAW_ALGORITHM,
  drawElott,
  elottBetTypes,
  type ElottKind,
  GameInputError,
  mixBeacon,
  prizeGroupOdds,
  settleElottBet,
  toDecimal,
} from '@sea/games';
import type { Kysely } from 'kysely';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import { isReferenceClash, newReference } from '../../lib/reference.ts';
import type { BetRecordSource } from '../games/index.ts';
import type { LedgerModule } from '../ledger/index.ts';
import { memberMain, SYSTEM_SHARDS, systemAccount } from '../ledger/index.ts';
import type { MerchantsModule } from '../merchants/index.ts';
import { createSimulatedBeacon, type RandomnessBeacon } from './beacon.ts';
import {
  BEACON_KEY_FILE,
  type ChainSigner,
  createKeyedChainSigner,
  processKey,
  SIGNER_KEY_FILE,
} from './chain-signer.ts';
import { isFeedKind } from './feed.ts';
import type { FeedService } from './feed.service.ts';
import {
  type BetView,
  type ChainRow,
  type GameRow,
  type IssueRow,
  type KindOutcome,
  type LotteryRepository,
} from './lottery.repository.ts';
import type { LotteryBetStatus, LotteryGameKind, LotteryTables } from './lottery.tables.ts';
import { createLotteryRefunds, memberJournal } from './refunds.ts';

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
/** Issues listed for chase bets. */
const NEXT_ISSUES = 10;

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

type Ledger = Pick<LedgerModule, 'post' | 'postMany' | 'balances'>;

const iso = (d: Date) => d.toISOString();
const pad4 = (n: number) => String(n).padStart(4, '0');

/** `YYYYMMDD-NNNN` of the slot opening at `opensAt` in the merchant's zone (NNNN: 1-based slot of the local day). */
export function issueIdOf(opensAt: Date, intervalSeconds: number, timezone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(opensAt)
      .map((p) => [p.type, p.value]),
  );
  const seconds = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return `${parts.year}${parts.month}${parts.day}-${pad4(Math.floor(seconds / intervalSeconds) + 1)}`;
}

/** The demo merchant's five games (the catalogue seeds the same codes as SEA games, category ELOTT). */
export const DEMO_LOTTERY_GAMES: { code: string; name: string; kind: ElottKind; interval: number }[] = [
  { code: 'elott-ssc-1m', name: 'Fast 5D · 1 min', kind: 'ssc', interval: 60 },
  { code: 'elott-ssc-3m', name: 'Fast 5D · 3 min', kind: 'ssc', interval: 180 },
  { code: 'elott-ssc-5m', name: 'Fast 5D · 5 min', kind: 'ssc', interval: 300 },
  { code: 'elott-k3-1m', name: 'Fast 3 Dice · 1 min', kind: 'k3', interval: 60 },
  { code: 'elott-k3-3m', name: 'Fast 3 Dice · 3 min', kind: 'k3', interval: 180 },
];

export function createLotteryService(deps: {
  db: Kysely<LotteryTables>;
  repo: LotteryRepository;
  ledger: Ledger;
  merchants: Pick<MerchantsModule, 'findById'>;
  /** Bet checks of every game kind (ELOTT through its engine, VN/Thai/4D through feed.service). */
  feed: Pick<FeedService, 'checkerOf' | 'betCodesOf' | 'exposureOf'>;
  clock: () => Date;
  options?: LotteryOptions;
}) {
  const { repo, db } = deps;
  const chainLength = deps.options?.chainLength ?? 100_000;
  const every = deps.options?.checkpointEvery ?? 1_000;
  const nextChainAhead = (deps.options?.nextChainAheadSeconds ?? NEXT_CHAIN_AHEAD_SECONDS) * 1000;
  // The schedule must never reach a chain that is not public yet.
  if (nextChainAhead <= SCHEDULE_AHEAD_SECONDS * 1000)
    throw new Error('lottery: nextChainAheadSeconds must exceed SCHEDULE_AHEAD_SECONDS');
  const payBatch = deps.options?.payBatch ?? PAY_BATCH;
  const settleParallel = Math.max(1, deps.options?.settleParallel ?? 2);
  const signer = deps.options?.signer ?? createKeyedChainSigner(processKey(SIGNER_KEY_FILE), { every });
  const beacon = deps.options?.beacon ?? createSimulatedBeacon(processKey(BEACON_KEY_FILE));
  const chains = new Map<string, ChainRow>();
  const refunds = createLotteryRefunds({ db, repo, ledger: deps.ledger, clock: deps.clock, batch: payBatch });

  async function chainById(id: bigint): Promise<ChainRow> {
    let c = chains.get(String(id));
    if (!c) {
      c = (await repo.chainById(id))!;
      chains.set(String(id), c);
    }
    return c;
  }

  /**
   * h_i of a chain: a signer chain's from the signer (its secret is not in the database); a chain from before 0056
   * from its stored checkpoint at or above i (at most `every` − 1 hashing steps).
   */
  async function hashAt(chain: ChainRow, index: number): Promise<string> {
    if (chain.secret_store === 'signer')
      return signer.hashAt({ ref: chain.signer_ref!, length: chain.length, terminalHash: chain.terminal_hash }, index);
    const cp = chain.checkpoints!;
    const at = Math.min(Math.ceil(index / chain.checkpoint_every) * chain.checkpoint_every, chain.length);
    return chainHashAt(cp[String(at)]!, at, index);
  }

  /** The beacon of a chain committed with one (null: a chain from before 0056, salt only). */
  function beaconOf(chain: ChainRow): RandomnessBeacon | null {
    if (!chain.beacon) return null;
    if (chain.beacon !== beacon.source)
      throw new Error(
        `lottery: chain ${chain.id} draws with beacon ${chain.beacon}, this process has ${beacon.source}`,
      );
    return beacon;
  }

  const drawsAtOf = (chain: ChainRow, game: GameRow, index: number) =>
    new Date(chain.first_draw_at.getTime() + (index - 1) * game.interval_seconds * 1000);

  async function merchantOf(id: bigint): Promise<Merchant> {
    const m = await deps.merchants.findById(id);
    if (!m) throw new Error(`lottery: merchant ${id} not found`);
    return m;
  }

  /**
   * A new chain of the game, its terminal hash public from now on (a second process's chain of the same seq loses):
   * the signer keeps its secret, the database only its terminal hash; its draws mix in the beacon named here.
   */
  async function publishChain(game: GameRow, seq: number, firstDraw: number): Promise<void> {
    const made = await signer.newChain(chainLength);
    await repo.addChainIfAbsent({
      game_id: game.id,
      seq,
      terminal_hash: made.terminalHash,
      salt: randomBytes(16).toString('hex'),
      length: chainLength,
      checkpoint_every: every,
      checkpoints: null,
      secret_store: 'signer',
      signer_ref: made.ref,
      beacon: beacon.source,
      first_draw_at: new Date(firstDraw),
      published_at: deps.clock(),
    });
  }

  /**
   * The game's chains, oldest first. The first is generated on first use (the demo). The next one is published when
   * the newest has less than `nextChainAhead` left and is in use or about to be (at most one unused chain ahead);
   * its first issue opens at the newest's last draw (issue numbers continue), or at the next slot boundary when that
   * time has passed (the server was down that long).
   */
  async function chainsFor(game: GameRow): Promise<ChainRow[]> {
    const now = deps.clock().getTime();
    const step = game.interval_seconds * 1000;
    // Starting now: the first issue opens at the next slot boundary and draws one interval later.
    const nextSlotDraw = (Math.floor(now / step) + 2) * step;
    let list = await repo.chainsOf(game.id);
    if (list.length === 0) {
      await publishChain(game, 1, nextSlotDraw);
      list = await repo.chainsOf(game.id);
    }
    for (;;) {
      const last = list[list.length - 1]!;
      const lastDraw = drawsAtOf(last, game, last.length).getTime();
      if (lastDraw - now >= nextChainAhead || last.first_draw_at.getTime() - now > SCHEDULE_AHEAD_SECONDS * 1000)
        return list;
      await publishChain(game, last.seq + 1, lastDraw > now ? lastDraw + step : nextSlotDraw);
      list = await repo.chainsOf(game.id);
    }
  }

  /**
   * Keeps issues created SCHEDULE_AHEAD_SECONDS ahead for every enabled game (issues whose betting passed are
   * skipped), across its chains: the window may end in the next chain, which chainsFor published long before.
   * Safe with several processes: issues are unique per (chain, index) and the same slot always maps to the same one.
   */
  async function schedule(): Promise<{ created: number }> {
    const now = deps.clock().getTime();
    let created = 0;
    for (const game of await repo.enabledGames()) {
      const merchant = await merchantOf(game.merchant_id);
      const step = game.interval_seconds * 1000;
      for (const chain of await chainsFor(game)) {
        const first = chain.first_draw_at.getTime();
        const source = beaconOf(chain);
        // The first issue still taking bets: closes_at = draws_at − close > now.
        const openFrom = Math.max(1, Math.floor((now + game.close_seconds * 1000 - first) / step) + 2);
        const to = Math.min(chain.length, Math.floor((now + SCHEDULE_AHEAD_SECONDS * 1000 - first) / step) + 1);
        if (openFrom > to) continue;
        const from = Math.max((await repo.lastIssueIndex(chain.id)) + 1, openFrom);
        const rows = [];
        for (let i = from; i <= to; i++) {
          const drawsAt = drawsAtOf(chain, game, i);
          const opensAt = new Date(drawsAt.getTime() - step);
          rows.push({
            merchant_id: game.merchant_id,
            game_id: game.id,
            chain_id: chain.id,
            chain_index: i,
            issue_id: issueIdOf(opensAt, game.interval_seconds, merchant.timezone),
            opens_at: opensAt,
            closes_at: new Date(drawsAt.getTime() - game.close_seconds * 1000),
            draws_at: drawsAt,
            // Named now, published at or after the draw: it does not exist while bets are taken.
            beacon_round: source ? source.roundAt(drawsAt) : null,
          });
        }
        for (let i = 0; i < rows.length; i += 500) created += await repo.addIssues(rows.slice(i, i + 500));
      }
    }
    return { created };
  }

  // ---- the draw cycle

  /**
   * Draws a closed issue from its chain hash — mixed with its beacon round's value on a beacon chain: not before the
   * beacon has published it (the job tries again), and an issue whose round never comes (the source is down for
   * BEACON_WAIT_SECONDS) is cancelled and refunded rather than drawn without it.
   */
  async function draw(issue: IssueRow, game: GameRow, now: Date): Promise<boolean> {
    const chain = await chainById(issue.chain_id!);
    const source = beaconOf(chain);
    let salt = chain.salt;
    let beaconValue: string | undefined;
    if (source) {
      beaconValue = await source.value(Number(issue.beacon_round), now);
      if (!beaconValue) {
        if (now.getTime() - issue.draws_at.getTime() < BEACON_WAIT_SECONDS * 1000) return false;
        return repo.transition(issue.id, 'closed', 'cancelled');
      }
      salt = mixBeacon(chain.salt, beaconValue);
    }
    const hash = await hashAt(chain, issue.chain_index!);
    const result = drawElott(game.kind as ElottKind, hash, salt, issue.issue_id);
    return repo.transition(issue.id, 'closed', 'drawn', { hash, result, beaconValue, drawnAt: deps.clock() });
  }

  /** A member's win journal of an issue (key lottery:pay:<game>:<issue>:<member>: the same content on every run). */
  const winJournal = (merchant: Merchant, game: GameRow, issue: IssueRow, memberId: bigint, amount: bigint) =>
    memberJournal(merchant, {
      key: `lottery:pay:${game.game_code}:${issue.issue_id}:${memberId}`,
      kind: 'win',
      memberId,
      ref: { gameCode: game.game_code, issueId: issue.issue_id },
      amount,
      code: 'win',
    });

  /**
   * Settles a drawn issue, set-based, every step safe to run again (a crash, a duplicate delivery, two processes):
   * 1. outcomes: the engine settles each distinct (type, selection, unit stake) of the issue once (its kinds,
   *    written with the bets); no bet row is written (a bet's outcome is its kind's: lottery_bet_outcomes, shown
   *    once the issue is settled); one read of the bets adds them up per member (settleMembers: bets, stake,
   *    payout), the same rows on every run;
   * 2. payouts: one win journal per member, `payBatch` journals per ledger call (postMany), in one transaction
   *    with the members' rows marked paid (the ledger key makes a replay pay nothing twice);
   * 3. stop-on-win chases refunded, the totals from the members' rows, and the issue settled.
   */
  async function settle(issue: IssueRow, game: GameRow): Promise<boolean> {
    const merchant = await merchantOf(issue.merchant_id);
    const result = issue.result!;
    // The engine settles each distinct (type, selection, unit stake) of the draw once.
    const outcomes: KindOutcome[] = (await repo.kindsToSettle(issue.id)).map((k) => {
      const { payout, lines } = settleElottBet(game.kind as ElottKind, k, result, k.unit_stake, game.prize_group);
      return {
        code: k.code,
        selection: k.selection,
        unitStake: k.unit_stake,
        status: payout > 0n ? 'won' : 'lost',
        payout,
        lines: lines.map((l) => ({ line: l.line, times: l.times, amount: String(l.amount) })),
      };
    });
    await repo.writeKindOutcomes(issue.id, outcomes);
    // Every kind has its outcome now (kinds are added only while the issue is open), so every bet has one.
    if ((await repo.kindsToSettle(issue.id)).length > 0)
      throw new Error(`lottery: issue ${issue.id} has bet kinds without an outcome`);
    await repo.settleMembers(issue.id);
    // `settleParallel` payers, each over its own house shards (a ledger call locks the shards of its members).
    const pay = async (shards: number[]) => {
      for (let after = 0n; ;) {
        const unpaid = await repo.unpaidMembers(issue.id, shards, SYSTEM_SHARDS, after, payBatch);
        if (unpaid.length === 0) return;
        await db.transaction().execute(async (trx) => {
          const posted = await deps.ledger.postMany(
            unpaid.map((w) => winJournal(merchant, game, issue, w.member_id, w.payout)),
            trx,
          );
          if (posted.some((p) => !p.ok))
            throw new Error(`lottery: a win of issue ${issue.id} was refused by the ledger`);
          await repo.markMembersPaid(
            trx,
            issue.id,
            unpaid.map((w, i) => ({ memberId: w.member_id, journalId: posted[i]!.journalId })),
          );
        });
        after = unpaid[unpaid.length - 1]!.member_id;
        if (unpaid.length < payBatch) return;
      }
    };
    const payers = Math.min(settleParallel, SYSTEM_SHARDS);
    await allDone(
      Array.from({ length: payers }, (_, w) =>
        pay(Array.from({ length: SYSTEM_SHARDS }, (_, s) => s).filter((s) => s % payers === w)),
      ),
    );
    await refunds.stopOnWin(merchant, game, issue, (code) => [code]);
    await repo.writeTotals(issue.id);
    return repo.transition(issue.id, 'drawn', 'settled', { settledAt: deps.clock() });
  }

  /** A cancelled issue: every placed bet back, `payBatch` members a transaction (refunds.ts). */
  async function refundIssue(issue: IssueRow, game: GameRow): Promise<boolean> {
    return refunds.refundCancelled(await merchantOf(issue.merchant_id), game, issue, (code) => [code]);
  }

  /** One step of an issue (close, draw, settle, refund), each a compare-and-set: false when nothing was due. */
  async function step(issue: IssueRow, game: GameRow, now: Date): Promise<boolean> {
    if (issue.status === 'open' && issue.closes_at <= now) return repo.transition(issue.id, 'open', 'closed');
    if (issue.status === 'closed' && issue.draws_at <= now) return draw(issue, game, now);
    if (issue.status === 'drawn') return settle(issue, game);
    if (issue.status === 'cancelled') return refundIssue(issue, game);
    return false;
  }

  /** The draw job: every due issue moves as far as it can now (missed draws after a restart included). */
  async function advance(): Promise<{ steps: number }> {
    const now = deps.clock();
    const games = new Map<string, GameRow>();
    let steps = 0;
    for (;;) {
      const due = await repo.dueIssues(now, 100);
      let moved = 0;
      for (let issue of due) {
        let game = games.get(String(issue.game_id));
        if (!game) {
          game = (await repo.gameById(issue.game_id))!;
          games.set(String(game.id), game);
        }
        // Follow the issue through its steps; another process may be ahead (a step then does nothing).
        for (let i = 0; i < 4 && issue; i++) {
          if (await step(issue, game, now)) {
            moved++;
            steps++;
          }
          const next = await repo.issueById(issue.id);
          if (!next || next.status === issue.status) break;
          issue = next;
        }
      }
      if (due.length < 100 || moved === 0) break;
    }
    return { steps };
  }

  /**
   * Cancels an issue that has not been drawn (an operator's decision; no route yet): the draw job refunds its bets,
   * one journal per member. False when the issue is already drawn (or gone).
   */
  async function cancelIssue(merchant: Merchant, gameCode: string, issueId: string): Promise<boolean> {
    const game = await gameOf(merchant, gameCode);
    const issue = await repo.issueByPublicId(game.id, issueId);
    if (!issue) return false;
    return (
      (await repo.transition(issue.id, 'open', 'cancelled')) || (await repo.transition(issue.id, 'closed', 'cancelled'))
    );
  }

  // ---- bets

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

  function present(b: BetView): LotteryMyBet {
    return {
      ref: b.reference,
      orderRef: b.order_ref,
      gameCode: b.game_code,
      issueId: b.public_issue_id,
      code: b.code,
      selection: b.selection,
      describe: b.describe,
      units: b.units,
      unitStake: String(b.unit_stake),
      charge: String(b.charge),
      status: b.status,
      payout: String(b.payout),
      lines: b.lines.map((l) => ({ line: l.line, times: l.times, amount: l.amount })),
      createdAt: iso(b.created_at),
      settledAt: b.settled_at ? iso(b.settled_at) : null,
    };
  }

  async function orderAnswer(merchant: Merchant, orderId: bigint, memberId: bigint): Promise<LotteryPlaceResult> {
    const [order, bets, balances] = await Promise.all([
      repo.orderById(orderId),
      repo.betsOfOrder(orderId),
      deps.ledger.balances(merchant.id, [memberMain(memberId)]),
    ]);
    return {
      orderRef: order!.reference,
      charge: String(order!.charge),
      balance: String(balances[memberMain(memberId)]?.available ?? 0n),
      bets: bets.map(present),
    };
  }

  const fieldError = (field: string, message: string) => ({ field, reason: 'invalid_bet', message });

  async function placeBets(
    merchant: Merchant,
    memberId: bigint,
    req: LotteryPlaceRequest,
  ): Promise<LotteryPlaceResult> {
    const game = await gameOf(merchant, req.gameCode);
    const replay = await repo.findOrder(merchant.id, memberId, req.requestId);
    if (replay) return orderAnswer(merchant, replay.id, memberId);

    const errors: ReturnType<typeof fieldError>[] = [];
    // ELOTT games check with their engine (exposure per bet type); feed games (VN/Thai/4D) per number (feed.service).
    const [checkBet, codes] = await Promise.all([deps.feed.checkerOf(game), deps.feed.betCodesOf(game)]);
    const checked = req.bets.map((bet, i) => {
      const unitStake = BigInt(bet.unitStake);
      if (unitStake < game.min_unit_stake || unitStake > game.max_unit_stake || unitStake % game.min_unit_stake !== 0n)
        errors.push(
          fieldError(
            `bets.${i}.unitStake`,
            `The unit stake is a multiple of ${game.min_unit_stake} from ${game.min_unit_stake} to ${game.max_unit_stake} (minor units).`,
          ),
        );
      try {
        return { ...checkBet(bet.code, bet.selection, unitStake), unitStake };
      } catch (e) {
        if (!(e instanceof GameInputError)) throw e;
        const known = isFeedKind(game.kind)
          ? codes.includes(bet.code)
          : elottBetTypes(game.kind as ElottKind).some((t) => t.code === bet.code);
        errors.push(fieldError(`bets.${i}.${known ? 'selection' : 'code'}`, e.message));
        return undefined;
      }
    });
    if (errors.length > 0)
      throw new AppError('invalid_bet', `Bet ${errors[0]!.field.split('.')[1]}: ${errors[0]!.message}`, {
        in: 'body',
        fields: errors,
      });
    const bets = checked.map((c) => c!);

    const count = req.chase?.issues ?? 1;
    const issues = await repo.issuesFrom(game.id, req.issueId, count);
    if (issues.length === 0) throw new AppError('not_found', 'No such issue.');
    if (issues.length < count)
      throw new AppError('validation_failed', undefined, {
        in: 'body',
        fields: [{ field: 'chase.issues', reason: 'too_big', message: `Only ${issues.length} issues are scheduled.` }],
      });
    const now = deps.clock();
    if (issues.some((i) => i.status !== 'open' || i.closes_at <= now)) throw new AppError('lottery_closed');

    const perIssue = bets.reduce((s, b) => s + b.charge, 0n);
    const total = perIssue * BigInt(count);
    const perCode = new Map<string, bigint>();
    for (const b of bets) for (const key of b.exposure) perCode.set(key, (perCode.get(key) ?? 0n) + b.unitStake);

    try {
      // A clash of a random order or bet reference (1M bets make one likely) retries the whole order with new ones.
      const placeOnce = (orderRef: string) =>
        db.transaction().execute(async (trx) => {
          const open = await repo.lockOpenIssues(
            trx,
            issues.map((i) => i.id),
            deps.clock(),
          );
          if (open.length < issues.length) throw new AppError('lottery_closed');
          const exposure = issues.flatMap((issue) =>
            [...perCode].map(([code, amount]) => ({ issuePk: issue.id, code, amount })),
          );
          if (!(await repo.addExposures(trx, exposure, game.max_number_stake))) throw new AppError('lottery_limit');
          const posted = await deps.ledger.post(
            {
              merchantId: merchant.id,
              currency: merchant.currency,
              scope: LOTTERY_SCOPE,
              key: `lottery:order:${memberId}:${req.requestId}`,
              kind: 'bet',
              memberId,
              // content fixed by the request alone: a concurrent replay of the same requestId is a replay, not a conflict
              ref: { requestId: req.requestId, gameCode: game.game_code, issueId: req.issueId },
              legs: [
                { debit: memberMain(memberId), credit: systemAccount('house', memberId), amount: total, code: 'bet' },
              ],
            },
            trx,
          );
          if (!posted.ok)
            throw new AppError(posted.error === 'insufficient_funds' ? 'insufficient_funds' : 'state_invalid');
          const id = await repo.insertOrder(trx, {
            merchant_id: merchant.id,
            member_id: memberId,
            reference: orderRef,
            request_id: req.requestId,
            game_id: game.id,
            issues: count,
            stop_on_win: req.chase?.stopOnWin ?? false,
            charge: total,
            journal_id: posted.journalId,
          });
          const inserted = await repo.insertBets(
            trx,
            issues.flatMap((issue) =>
              bets.map((b) => ({
                merchant_id: merchant.id,
                member_id: memberId,
                order_id: id,
                issue_pk: issue.id,
                reference: newReference('LB'),
                code: b.code,
                selection: JSON.stringify(b.selection),
                describe: b.describe,
                units: b.units,
                unit_stake: b.unitStake,
                charge: b.charge,
                stop_on_win: (req.chase?.stopOnWin ?? false) && count > 1,
              })),
            ),
          );
          return { orderRef, inserted, balance: posted.balances[memberMain(memberId)]?.available ?? 0n };
        });
      let placed: Awaited<ReturnType<typeof placeOnce>> | undefined;
      for (let attempt = 1; !placed; attempt++) {
        try {
          placed = await placeOnce(newReference('LO'));
        } catch (e) {
          if (!isReferenceClash(e) || attempt >= 5) throw e;
        }
      }
      const { orderRef } = placed;
      // The answer from what the transaction wrote (no read back): the bets as inserted, the balance after the charge.
      const publicIssue = new Map(issues.map((i) => [String(i.id), i.issue_id]));
      return {
        orderRef,
        charge: String(total),
        balance: String(placed.balance),
        bets: placed.inserted.map((b) =>
          present({
            ...b,
            order_ref: orderRef,
            game_code: game.game_code,
            public_issue_id: publicIssue.get(String(b.issue_pk))!,
          }),
        ),
      };
    } catch (e) {
      // The same requestId placed concurrently: the first order is the answer.
      const existing =
        (e as { code?: string }).code === '23505' && (await repo.findOrder(merchant.id, memberId, req.requestId));
      if (existing) return orderAnswer(merchant, existing.id, memberId);
      throw e;
    }
  }

  async function cancelBet(merchant: Merchant, memberId: bigint, ref: string): Promise<LotteryMyBet> {
    const bet = await repo.betByRef(merchant.id, memberId, ref);
    if (!bet) throw new AppError('not_found', 'No such bet.');
    const exposure = await deps.feed.exposureOf(await gameOf(merchant, bet.game_code), bet.code, bet.selection);
    await db.transaction().execute(async (trx) => {
      const open = await repo.lockOpenIssues(trx, [bet.issue_pk], deps.clock());
      if (open.length === 0) throw new AppError('lottery_closed');
      if (!(await repo.markBetRefunded(trx, bet.id, deps.clock()))) throw new AppError('state_invalid');
      await repo.releaseExposure(
        trx,
        exposure.map((code) => ({ issuePk: bet.issue_pk, code, amount: bet.unit_stake })),
      );
      const r = await deps.ledger.post(
        {
          merchantId: merchant.id,
          currency: merchant.currency,
          scope: LOTTERY_SCOPE,
          key: `lottery:cancel:${bet.reference}`,
          kind: 'bet_refund',
          memberId,
          ref: { reference: bet.reference, gameCode: bet.game_code, issueId: bet.public_issue_id },
          legs: [
            { debit: systemAccount('house', memberId), credit: memberMain(memberId), amount: bet.charge, code: 'bet' },
          ],
        },
        trx,
      );
      if (!r.ok) throw new AppError('state_invalid');
    });
    return present((await repo.betByRef(merchant.id, memberId, ref))!);
  }

  async function myBets(
    merchant: Merchant,
    memberId: bigint,
    q: { gameCode?: string; status?: LotteryMyBet['status']; page: number; pageSize: number },
  ): Promise<LotteryMyBets> {
    const r = await repo.myBets(
      { merchantId: merchant.id, memberId, gameCode: q.gameCode, status: q.status },
      { offset: (q.page - 1) * q.pageSize, limit: q.pageSize },
    );
    return {
      page: q.page,
      pageSize: q.pageSize,
      total: r.total,
      list: r.rows.map(present),
      totals: { charge: String(r.charge), payout: String(r.payout) },
    };
  }

  // ---- public reads

  const issueRef = (i: IssueRow) => ({
    issueId: i.issue_id,
    status: i.status,
    closesAt: iso(i.closes_at),
    drawsAt: iso(i.draws_at),
  });

  async function lobby(merchant: Merchant): Promise<LotteryLobby> {
    const now = deps.clock();
    // The feed games (VN, Thai, 4D) have their own lobby: GET /lgw/lottery/feed/lobby.
    const games = (await repo.gamesOf(merchant.id)).filter((g) => !isFeedKind(g.kind));
    return {
      serverTime: iso(now),
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      games: await Promise.all(
        games.map(async (g) => {
          const [current, last] = await Promise.all([repo.currentIssue(g.id, now), repo.lastDrawn(g.id)]);
          return {
            gameCode: g.game_code,
            name: g.name,
            kind: g.kind as ElottKind,
            intervalSeconds: g.interval_seconds,
            current: current ? issueRef(current) : null,
            last: last
              ? { issueId: last.issue_id, result: last.result!, drawnAt: iso(last.drawn_at ?? last.draws_at) }
              : null,
          };
        }),
      ),
    };
  }

  /** A chain's public face: its commitment (terminal hash), salt, the issues it covers and when it was published. */
  const chainView = (chain: ChainRow, game: GameRow, merchant: Merchant): LotteryChain => {
    const issueOf = (index: number) =>
      issueIdOf(
        new Date(drawsAtOf(chain, game, index).getTime() - game.interval_seconds * 1000),
        game.interval_seconds,
        merchant.timezone,
      );
    return {
      chainId: String(chain.id),
      seq: chain.seq,
      terminalHash: chain.terminal_hash,
      salt: chain.salt,
      algorithm: chain.beacon ? BEACON_DRAW_ALGORITHM : DRAW_ALGORITHM,
      beacon: chain.beacon,
      secretHeldBy: chain.secret_store,
      length: chain.length,
      firstIssueId: issueOf(1),
      lastIssueId: issueOf(chain.length),
      firstDrawAt: iso(chain.first_draw_at),
      lastDrawAt: iso(drawsAtOf(chain, game, chain.length)),
      publishedAt: iso(chain.published_at),
    };
  };

  async function gameInfo(merchant: Merchant, gameCode: string): Promise<LotteryGame> {
    const now = deps.clock();
    const game = await chainGameOf(merchant, gameCode);
    const current = await repo.currentIssue(game.id, now);
    if (!current?.chain_id) throw new AppError('game_maintenance', 'This game has no open draw yet.');
    const [chains, next] = await Promise.all([
      repo.chainsOf(game.id),
      repo.issuesAfter(game.id, current.draws_at, NEXT_ISSUES - 1),
    ]);
    const at = chains.findIndex((c) => c.id === current.chain_id);
    const chain = chains[at]!;
    const upcoming = chains[at + 1];
    return {
      serverTime: iso(now),
      gameCode: game.game_code,
      name: game.name,
      kind: game.kind,
      intervalSeconds: game.interval_seconds,
      closeSeconds: game.close_seconds,
      prizeGroup: game.prize_group,
      exponent: merchant.currencyExponent,
      currency: merchant.currency,
      minUnitStake: String(game.min_unit_stake),
      maxUnitStake: String(game.max_unit_stake),
      betTypes: elottBetTypes(game.kind).map((t) => ({
        code: t.code,
        lines: t.lines.map((l) => ({ key: l.key, odds: decimal(toDecimal(prizeGroupOdds(game.prize_group, l.p), 4)) })),
      })),
      chain: chainView(chain, game, merchant),
      nextChain: upcoming ? chainView(upcoming, game, merchant) : null,
      current: issueRef(current),
      next: [current, ...next].map((i) => ({ issueId: i.issue_id, drawsAt: iso(i.draws_at) })),
    };
  }

  async function results(
    merchant: Merchant,
    gameCode: string,
    q: { page: number; pageSize: number },
  ): Promise<LotteryResults> {
    const game = await chainGameOf(merchant, gameCode);
    const r = await repo.resultsPage(game.id, deps.clock(), { offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
    return {
      page: q.page,
      pageSize: q.pageSize,
      total: r.total,
      list: r.rows.map((i) => ({ issueId: i.issue_id, status: i.status, drawsAt: iso(i.draws_at), result: i.result })),
    };
  }

  /**
   * A round of the randomness beacon as its source publishes it (the verifier page compares it with the value mixed
   * into a draw): not found before its publication time.
   */
  async function beaconRound(round: number): Promise<LotteryBeaconRound> {
    const value = await beacon.value(round, deps.clock());
    if (!value) throw new AppError('not_found', 'This beacon round is not published yet.');
    return {
      source: beacon.source,
      simulated: beacon.simulated,
      round,
      publishedAt: iso(beacon.publishedAt(round)),
      value,
    };
  }

  /**
   * The verifier's view of an issue. h_i is shown once drawn; h_{i−1} once issue i−1's draw time has passed (its
   * betting is closed by then), so no answer tells a result before betting on it closes.
   */
  async function issueInfo(merchant: Merchant, gameCode: string, issueId: string): Promise<LotteryIssue> {
    const game = await chainGameOf(merchant, gameCode);
    const issue = await repo.issueByPublicId(game.id, issueId);
    if (!issue || issue.chain_id === null || issue.chain_index === null)
      throw new AppError('not_found', 'No such issue.');
    const chain = await chainById(issue.chain_id);
    const now = deps.clock();
    if (issue.chain_index > 1 && drawsAtOf(chain, game, issue.chain_index - 1) > now)
      throw new AppError('not_found', 'This issue is not open yet.');
    const previousHash = issue.chain_index === 1 ? chain.terminal_hash : await hashAt(chain, issue.chain_index - 1);
    const shown = issue.status === 'drawn' || issue.status === 'settled';
    const source = beaconOf(chain);
    return {
      gameCode: game.game_code,
      kind: game.kind,
      issueId: issue.issue_id,
      status: issue.status,
      drawsAt: iso(issue.draws_at),
      result: shown ? issue.result : null,
      hash: shown ? issue.hash : null,
      previousHash,
      chainIndex: issue.chain_index,
      chain: chainView(chain, game, merchant),
      salt: chain.salt,
      algorithm: chain.beacon ? BEACON_DRAW_ALGORITHM : DRAW_ALGORITHM,
      // Named in advance (shown before the draw); its value once the issue is drawn.
      beacon: source
        ? {
            source: source.source,
            simulated: source.simulated,
            round: Number(issue.beacon_round),
            publishedAt: iso(source.publishedAt(Number(issue.beacon_round))),
            value: shown ? issue.beacon_value : null,
          }
        : null,
      totals:
        issue.status === 'settled'
          ? {
              bets: issue.bets,
              stake: String(issue.stake),
              payout: String(issue.payout),
              winners: issue.winners,
            }
          : null,
    };
  }

  /** The demo merchant's games (idempotent; chains and issues come with the schedule job). */
  async function seedDemo(merchant: Pick<Merchant, 'id' | 'currencyExponent'>): Promise<void> {
    const unit = 10n ** BigInt(merchant.currencyExponent);
    await repo.addGames(
      DEMO_LOTTERY_GAMES.map((g) => ({
        merchant_id: merchant.id,
        game_code: g.code,
        name: g.name,
        kind: g.kind,
        interval_seconds: g.interval,
        close_seconds: 10,
        prize_group: 1960,
        min_unit_stake: unit,
        max_unit_stake: 10_000n * unit,
        max_number_stake: 50_000n * unit,
      })),
    );
  }

  /**
   * The games module's bet records read the lottery's bets through this (category ELOTT, vendor SEA): placed =
   * open, won/lost = settled, refunded = rolled_back; the stake of a refunded bet counts as nothing.
   */
  const betRecords: BetRecordSource = {
    async records(f, limit) {
      const none = { rows: [], total: 0, stake: 0n, payout: 0n };
      // ELOTT: the fast games (chain); LOTT: the feed games (VN, Thai, 4D).
      const kindsOf: Record<string, LotteryGameKind[]> = { ELOTT: ['ssc', 'k3'], LOTT: ['vn', 'thai', '4d'] };
      if ((f.category && !kindsOf[f.category]) || (f.vendorCode && f.vendorCode !== LOTTERY_VENDOR)) return none;
      const statuses: Record<string, LotteryBetStatus[]> = {
        open: ['placed'],
        settled: ['won', 'lost'],
        rolled_back: ['refunded'],
      };
      const r = await repo.records(
        {
          merchantId: f.merchantId,
          memberId: f.memberId,
          kinds: f.category ? kindsOf[f.category] : undefined,
          statuses: f.status ? statuses[f.status] : undefined,
          from: f.from,
          to: f.to,
          timezone: f.timezone,
        },
        limit,
      );
      return {
        total: r.total,
        stake: r.stake,
        payout: r.payout,
        rows: r.rows.map((b) => ({
          id: b.reference,
          roundRef: b.reference,
          vendorCode: LOTTERY_VENDOR,
          gameCode: b.game_code,
          category: isFeedKind(b.kind) ? ('LOTT' as const) : ('ELOTT' as const),
          stake: b.status === 'refunded' ? 0n : b.charge,
          payout: b.payout,
          status: b.status === 'placed' ? 'open' : b.status === 'refunded' ? 'rolled_back' : 'settled',
          summary: `${b.issue_id} · ${b.code} ${b.describe}`,
          startedAt: b.created_at,
          settledAt: b.settled_at,
        })),
      };
    },
  };

  return {
    betRecords,
    schedule,
    advance,
    cancelIssue,
    placeBets,
    cancelBet,
    myBets,
    lobby,
    gameInfo,
    results,
    issueInfo,
    beaconRound,
    seedDemo,
  };
}

/** Waits for every task (none left running behind a failure), then throws the first failure. */
async function allDone(tasks: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(tasks)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** "9.8000" → "9.8", "2.0000" → "2". */
function decimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

export type LotteryService = ReturnType<typeof createLotteryService>;
