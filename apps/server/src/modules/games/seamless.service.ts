import type {
  SeamlessBetRequest,
  SeamlessResponse,
  SeamlessRollbackRequest,
  SeamlessStatus,
  SeamlessWinRequest,
} from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { hashSessionToken } from '../../lib/session-tokens.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { systemAccount } from '../ledger/index.ts';
import type { Funding } from './seamless.funding.ts';
import type { MembersModule } from '../members/index.ts';
import { type RgGuard, rgWalletStatus } from '../responsible-gaming/index.ts';
import type { VendorRow } from './catalogue.repository.ts';
import type { GamesTables, GameTxKind } from './games.tables.ts';
import type { GameTxRow, PlayRepository } from './play.repository.ts';
import {
  answer,
  appliedBody,
  duplicateAnswer,
  liveSessionStatus,
  refusalBody,
  winHash,
  requestHash,
  type WalletAnswer,
  type WalletCall,
  withinLimits,
} from './seamless.protocol.ts';

export type { WalletAnswer, WalletCall } from './seamless.protocol.ts';

/** How long a player found once is remembered as existing (members are never deleted; the bound is memory). */
const KNOWN_PLAYER_MS = 10 * 60_000;

/**
 * The seamless wallet (money-design §2.8): every bet, win and rollback of a vendor is one database transaction —
 * the idempotency row of the vendor's tx id, the round, and one ledger movement keyed by (vendor, player, tx id).
 * Rules (each a conformance test): a retry with the same body gets the stored answer byte for byte (a stored
 * refusal too); another body under the same tx id is DUPLICATE_MISMATCH and moves nothing; a rollback before its
 * bet leaves a tombstone and the late bet is refused ALREADY_SETTLED; a rollback after the win, a win after a
 * rollback, a second rollback, a win on a settled round: ALREADY_SETTLED; a win for an unknown bet: TX_NOT_FOUND;
 * win and rollback never check the session (it may have expired), balance and bet do; a bet on a game outside
 * the game's limits (min_bet … max_bet; a zero bet, a free spin, always passes) is refused BET_LIMIT after the
 * claim, stored like INSUFFICIENT_FUNDS.
 */
export function createSeamlessService(deps: {
  db: Kysely<GamesTables>;
  repo: PlayRepository;
  /** A game of the vendor by its code, with its bet limits (a cached read, cleared when an operator changes it). */
  findGame: (
    merchantId: bigint,
    vendorCode: string,
    gameCode: string,
  ) => Promise<{ id: bigint; min_bet: bigint | null; max_bet: bigint | null } | undefined>;
  funding: Funding; // main + bonus: which accounts a stake spends and a win returns to
  /** The play-event queue (modules/play-events): a settled round is published in its transaction. */
  events?: { publishRef(trx: AnyDb, row: { merchantId: bigint; source: 'round'; ref: string }): Promise<void> };
  members: Pick<MembersModule, 'sessionView'>;
  /** Responsible gaming's stake check, run in the bet's transaction (its lock orders a member's bets). */
  rg: Pick<RgGuard, 'stakeRefusal'>;
  clock: () => Date;
}) {
  const { db, repo } = deps;

  /** Bets go to the house for our own games, to the vendor's clearing account for everyone else's. */
  const clearing = (vendor: VendorRow, memberId: bigint) =>
    systemAccount(vendor.adapter === 'house' ? 'house' : 'provider_clearing', memberId);

  /** Players found once (see existingPlayer). */
  const known = new TtlCache<boolean>(KNOWN_PLAYER_MS);

  async function playerOf(merchant: Merchant, playerId: string) {
    if (!/^\d{1,18}$/.test(playerId)) return undefined;
    const id = BigInt(playerId);
    const m = await deps.members.sessionView(merchant.id, id);
    if (m) known.get(`${merchant.id}:${id}`, () => Promise.resolve(true));
    return m && { id, ...m };
  }

  /**
   * A player's id when the player exists (wins and rollbacks: they do not depend on the player's status). Members
   * are never deleted, so one that was found once is remembered (only found ones).
   */
  async function existingPlayer(merchant: Merchant, playerId: string): Promise<{ id: bigint } | undefined> {
    if (!/^\d{1,18}$/.test(playerId)) return undefined;
    const key = `${merchant.id}:${playerId}`;
    const found = await known.get(key, async () => (await playerOf(merchant, playerId)) !== undefined);
    if (!found) known.delete(key);
    return found ? { id: BigInt(playerId) } : undefined;
  }

  const available = (merchant: Merchant, memberId: bigint, trx?: Kysely<GamesTables>): Promise<bigint> =>
    deps.funding.available(merchant, memberId, trx);

  const base = (c: WalletCall<{ request_id: string; currency: string }>) => ({
    request_id: c.body.request_id,
    currency: c.merchant.currency,
  });

  const sessionStatus = (c: WalletCall<{ session_token?: string }>, memberId: bigint) =>
    liveSessionStatus(repo, deps.clock, c, memberId);

  /**
   * Claims the tx id in a transaction and runs `apply` (which returns the answer and the outcome); a tx id
   * already used answers its stored response (same content) or DUPLICATE_MISMATCH (other content).
   */
  async function once(
    c: WalletCall<{ request_id: string; currency: string; tx_id: string }>,
    claim: { memberId: bigint; kind: GameTxKind; amount: bigint; refTx: string | null; hash: string },
    apply: (
      trx: Kysely<GamesTables>,
      tx: GameTxRow,
    ) => Promise<{
      status: 'applied' | 'refused' | 'tombstone';
      response: SeamlessResponse;
      roundId?: bigint;
      journalId?: bigint;
    }>,
  ): Promise<WalletAnswer> {
    return db.transaction().execute(async (trx) => {
      if (claim.refTx !== null)
        await repo.lockBet(trx, {
          merchantId: c.merchant.id,
          vendorCode: c.vendor.code,
          memberId: claim.memberId,
          betTx: claim.refTx,
        });
      const tx = await repo.claimTx(trx, {
        merchantId: c.merchant.id,
        vendorCode: c.vendor.code,
        memberId: claim.memberId,
        txRef: c.body.tx_id,
        kind: claim.kind,
        amount: claim.amount,
        refTx: claim.refTx,
        requestHash: claim.hash,
      });
      if (!tx)
        return duplicateAnswer(
          c,
          claim.hash,
          (await repo.findTx(trx, c.merchant.id, c.vendor.code, claim.memberId, c.body.tx_id))!,
        );
      const out = await apply(trx, tx);
      const a = answer(out.response);
      await repo.finishTx(trx, tx.id, {
        status: out.status,
        response: a.json,
        roundId: out.roundId,
        journalId: out.journalId,
      });
      return a;
    });
  }

  /** The outcome of a claimed bet or win, with what its end writes to the round. */
  interface Settled {
    status: 'applied' | 'refused';
    response: SeamlessResponse;
    roundId?: bigint;
    journalId?: bigint;
    round?: { stakeDelta?: bigint; payoutDelta?: bigint; status?: 'settled'; summary?: string; validBet?: bigint };
  }

  /**
   * A bet or a win in three round trips of one transaction: game_wallet_open (session or bet check, claim of the
   * tx id, tombstone/settled checks, the round locked), `apply` (the ledger post) when it says go, and
   * game_wallet_finish (the round's totals and the stored answer). A tx id already used answers its stored
   * response (same content) or DUPLICATE_MISMATCH (other content); a refusal before the claim is not stored.
   */
  async function claimed(
    c: WalletCall<{ request_id: string; currency: string; tx_id: string }>,
    call: {
      kind: 'bet' | 'win';
      playerId: bigint;
      amount: bigint;
      refTx: string | null;
      hash: string;
      tokenHash: string | null;
      roundRef: string | null;
      gameId: bigint | null;
    },
    apply: (trx: Kysely<GamesTables>, roundId: bigint, txId: bigint) => Promise<Settled>,
  ): Promise<WalletAnswer> {
    return db.transaction().execute(async (trx) => {
      const betTx = call.kind === 'bet' ? c.body.tx_id : call.refTx;
      if (betTx !== null)
        await repo.lockBet(trx, {
          merchantId: c.merchant.id,
          vendorCode: c.vendor.code,
          memberId: call.playerId,
          betTx,
        });
      const opened = await repo.openCall(trx, {
        kind: call.kind,
        merchantId: c.merchant.id,
        vendorCode: c.vendor.code,
        memberId: call.playerId,
        txRef: c.body.tx_id,
        amount: call.amount,
        refTx: call.refTx,
        requestHash: call.hash,
        tokenHash: call.tokenHash,
        now: deps.clock(),
        roundRef: call.roundRef,
        gameId: call.gameId,
      });
      if (opened.outcome === 'duplicate') return duplicateAnswer(c, call.hash, opened);
      const { outcome, tx_id: txId } = opened;
      if (txId === null) {
        if (outcome === 'go') throw new Error('game_wallet_open: go without a claim');
        return answer({ status: outcome, ...base(c), tx_id: c.body.tx_id });
      }
      const out: Settled =
        outcome === 'go'
          ? await apply(trx, opened.round_id!, txId)
          : await refused(c, trx, call.playerId, outcome, opened.round_id ?? undefined);
      const a = answer(out.response);
      await repo.finishCall(trx, {
        txId,
        status: out.status,
        response: a.json,
        roundId: out.roundId,
        journalId: out.journalId,
        stakeDelta: out.round?.stakeDelta,
        payoutDelta: out.round?.payoutDelta,
        summary: out.round?.summary,
        validBet: out.round?.validBet,
        ...(out.round?.status && { roundStatus: out.round.status, settledAt: deps.clock() }),
      });
      if (out.round?.status === 'settled' && out.roundId !== undefined && deps.events)
        await deps.events.publishRef(trx, {
          merchantId: c.merchant.id,
          source: 'round',
          ref: String(out.roundId),
        });
      return a;
    });
  }

  /** A refusal inside a claimed call: the status with the player's balance as it stands in this transaction. */
  async function refused(
    c: WalletCall<{ request_id: string; currency: string; tx_id: string }>,
    trx: Kysely<GamesTables>,
    playerId: bigint,
    status: SeamlessStatus,
    roundId?: bigint,
    message?: string,
  ) {
    const balance = await available(c.merchant, playerId, trx);
    return { status: 'refused' as const, roundId, response: refusalBody(c, status, balance, message) };
  }

  /** A bet or a win of a round: one journal keyed by the vendor's tx id (seamless.funding.ts: which accounts). */
  async function moveRoundMoney(
    c: WalletCall<{ request_id: string; currency: string; tx_id: string; round_id: string }>,
    trx: Kysely<GamesTables>,
    m: { kind: 'bet' | 'win'; playerId: bigint; roundId: bigint; amount: bigint; betTx?: string },
  ): Promise<{ ok: true; journalId?: bigint; balance: bigint } | { ok: false; error: string }> {
    if (m.amount === 0n) return { ok: true, balance: await available(c.merchant, m.playerId, trx) };
    const who = { merchant: c.merchant, memberId: m.playerId, clearing: clearing(c.vendor, m.playerId) };
    const scope = `game:${c.vendor.code}`;
    const stake = { scope, key: `${m.playerId}:${m.betTx}` };
    const legs =
      m.kind === 'bet'
        ? await deps.funding.stakeLegs(who, m.amount, trx)
        : await deps.funding.returnLegs(who, m.amount, 'win', stake, trx);
    if (typeof legs === 'string')
      return { ok: false, error: legs === 'BET_LIMIT' ? 'bet_limit' : 'insufficient_funds' };
    const ref = { vendor: c.vendor.code, roundId: String(m.roundId), roundRef: c.body.round_id, txRef: c.body.tx_id };
    const key = `${m.playerId}:${c.body.tx_id}`;
    const r = await deps.funding.post(who, { scope, key, kind: m.kind, ref }, legs, trx);
    if (!r.ok) return { ok: false, error: r.error };
    return { ok: true, journalId: r.journalId, balance: await available(c.merchant, m.playerId, trx) };
  }

  /** The OK answer of an applied bet or win. */
  function appliedAnswer(
    c: WalletCall<{ request_id: string; currency: string; tx_id: string }>,
    roundId: bigint,
    txId: bigint,
    moved: { journalId?: bigint; balance: bigint },
  ) {
    return { status: 'applied' as const, roundId, journalId: moved.journalId, response: appliedBody(c, txId, moved) };
  }

  return {
    async balance(
      c: WalletCall<{ request_id: string; player_id: string; session_token?: string; currency: string }>,
    ): Promise<WalletAnswer> {
      const player = await playerOf(c.merchant, c.body.player_id);
      if (!player) return answer({ status: 'PLAYER_NOT_FOUND', ...base(c) });
      const session = await sessionStatus(c, player.id);
      if (session !== 'OK') return answer({ status: session, ...base(c) });
      if (c.body.currency !== c.merchant.currency) return answer({ status: 'WRONG_CURRENCY', ...base(c) });
      return answer({ status: 'OK', ...base(c), balance: String(await available(c.merchant, player.id)) });
    },

    async bet(c: WalletCall<SeamlessBetRequest>): Promise<WalletAnswer> {
      const b = c.body;
      const player = await playerOf(c.merchant, b.player_id);
      if (!player) return answer({ status: 'PLAYER_NOT_FOUND', ...base(c), tx_id: b.tx_id });
      const game = b.game_code ? await deps.findGame(c.merchant.id, c.vendor.code, b.game_code) : undefined;
      // These refusals need no database, but the session's comes first: when one applies, the session is read.
      const early: SeamlessStatus | undefined = !b.session_token
        ? 'INVALID_TOKEN'
        : b.currency !== c.merchant.currency
          ? 'WRONG_CURRENCY'
          : player.status !== 'active'
            ? 'PLAYER_BLOCKED'
            : b.game_code && !game
              ? 'GAME_NOT_FOUND'
              : undefined;
      if (early) {
        const session = await sessionStatus(c, player.id);
        return answer({ status: session === 'OK' ? early : session, ...base(c), tx_id: b.tx_id });
      }
      const amount = BigInt(b.amount);
      const hash = requestHash('bet', b, ['player_id', 'currency', 'amount', 'round_id', 'game_code']);
      const call = {
        kind: 'bet' as const,
        playerId: player.id,
        amount,
        refTx: null,
        hash,
        tokenHash: hashSessionToken(b.session_token!),
        roundRef: b.round_id,
        gameId: game?.id ?? null,
      };
      return claimed(c, call, async (trx, roundId, txId) => {
        if (game && !withinLimits(game, amount)) return refused(c, trx, player.id, 'BET_LIMIT', roundId);
        // Responsible gaming: a break or the session limit is PLAYER_BLOCKED, a loss or wager limit BET_LIMIT.
        const rg = await deps.rg.stakeRefusal(trx, c.merchant, player.id, amount);
        if (rg) return refused(c, trx, player.id, rgWalletStatus(rg.code), roundId, rg.message);
        const moved = await moveRoundMoney(c, trx, { kind: 'bet', playerId: player.id, roundId, amount });
        if (!moved.ok)
          return refused(
            c,
            trx,
            player.id,
            moved.error === 'insufficient_funds'
              ? 'INSUFFICIENT_FUNDS'
              : moved.error === 'bet_limit'
                ? 'BET_LIMIT'
                : 'UNKNOWN_ERROR',
            roundId,
          );
        return {
          ...appliedAnswer(c, roundId, txId, moved),
          round: { stakeDelta: amount, ...(b.round_closed && { status: 'settled' as const }) },
        };
      });
    },

    async win(c: WalletCall<SeamlessWinRequest>): Promise<WalletAnswer> {
      const w = c.body;
      const player = await existingPlayer(c.merchant, w.player_id);
      if (!player) return answer({ status: 'PLAYER_NOT_FOUND', ...base(c), tx_id: w.tx_id });
      if (w.currency !== c.merchant.currency) return answer({ status: 'WRONG_CURRENCY', ...base(c), tx_id: w.tx_id });
      const amount = BigInt(w.amount);
      const hash = winHash(w);
      const call = {
        kind: 'win' as const,
        playerId: player.id,
        amount,
        refTx: w.bet_tx_id,
        hash,
        tokenHash: null,
        roundRef: null,
        gameId: null,
      };
      return claimed(c, call, async (trx, roundId, txId) => {
        const moved = await moveRoundMoney(c, trx, {
          kind: 'win',
          playerId: player.id,
          roundId,
          amount,
          betTx: w.bet_tx_id,
        });
        if (!moved.ok) return refused(c, trx, player.id, 'UNKNOWN_ERROR', roundId);
        return {
          ...appliedAnswer(c, roundId, txId, moved),
          round: {
            payoutDelta: amount,
            ...(w.summary !== undefined && { summary: w.summary }),
            ...(w.valid_bet !== undefined && { validBet: BigInt(w.valid_bet) }),
            ...(w.round_closed && { status: 'settled' as const }),
          },
        };
      });
    },

    async rollback(c: WalletCall<SeamlessRollbackRequest>): Promise<WalletAnswer> {
      const rb = c.body;
      const player = await existingPlayer(c.merchant, rb.player_id);
      if (!player) return answer({ status: 'PLAYER_NOT_FOUND', ...base(c), tx_id: rb.tx_id });
      if (rb.currency !== c.merchant.currency) return answer({ status: 'WRONG_CURRENCY', ...base(c), tx_id: rb.tx_id });
      const hash = requestHash('rollback', rb, ['player_id', 'currency', 'original_tx_id']);

      return once(
        c,
        { memberId: player.id, kind: 'rollback', amount: 0n, refTx: rb.original_tx_id, hash },
        async (trx, tx) => {
          const ok = async (status: 'applied' | 'tombstone', roundId?: bigint, journalId?: bigint) => ({
            status,
            roundId,
            journalId,
            response: {
              status: 'OK' as const,
              ...base(c),
              tx_id: rb.tx_id,
              balance: String(await available(c.merchant, player.id, trx)),
              ledger_tx_id: journalId ? String(journalId) : undefined,
              wallet_tx_id: String(tx.id),
            },
          });
          const refuse = async (status: SeamlessStatus, roundId?: bigint) => ({
            status: 'refused' as const,
            roundId,
            response: {
              status,
              ...base(c),
              tx_id: rb.tx_id,
              balance: String(await available(c.merchant, player.id, trx)),
            },
          });
          const original = await repo.findTx(trx, c.merchant.id, c.vendor.code, player.id, rb.original_tx_id);
          // Before its bet: a tombstone, answered OK; the bet, if it ever comes, is refused.
          if (!original) return ok('tombstone');
          if (original.kind !== 'bet' || original.round_id === null) return refuse('ALREADY_SETTLED');
          const round = (await repo.lockRoundById(trx, original.round_id))!;
          const related = (
            await repo.referencing(trx, c.merchant.id, c.vendor.code, player.id, rb.original_tx_id)
          ).filter((t) => t.tx_ref !== rb.tx_id);
          if (related.some((t) => t.status === 'applied')) return refuse('ALREADY_SETTLED', round.id); // a win or a rollback
          if (original.status !== 'applied') return ok('applied', round.id); // the bet never moved money
          let journalId: bigint | undefined;
          if (original.amount > 0n) {
            const scope = `game:${c.vendor.code}`;
            // Back to the accounts the stake came from (main and bonus), shown with the bets it cancels: a
            // rolled-back bet nets to zero in bets and profit.
            const who = { merchant: c.merchant, memberId: player.id, clearing: clearing(c.vendor, player.id) };
            const stake = { scope, key: `${player.id}:${rb.original_tx_id}` };
            const legs = await deps.funding.returnLegs(who, original.amount, 'bet', stake, trx);
            const ref = {
              vendor: c.vendor.code,
              roundId: String(round.id),
              txRef: rb.tx_id,
              cancels: rb.original_tx_id,
            };
            const key = `${player.id}:${rb.tx_id}`;
            const r = await deps.funding.post(who, { scope, key, kind: 'rollback', ref }, legs, trx);
            if (!r.ok) return refuse('UNKNOWN_ERROR', round.id);
            journalId = r.journalId;
          }
          await repo.updateRound(trx, round.id, { stakeDelta: -original.amount });
          if ((await repo.liveBetCount(trx, round.id)) <= 1)
            await repo.updateRound(trx, round.id, { status: 'rolled_back', settledAt: deps.clock() });
          return ok('applied', round.id, journalId);
        },
      );
    },
  };
}

export type SeamlessService = ReturnType<typeof createSeamlessService>;
