import type { SeamlessResponse, SeamlessStatus, SeamlessWinRequest } from '@sea/contracts';
import type { Kysely } from 'kysely';
import type { AnyDb } from '../../db/schema.ts';
import type { Merchant } from '../../http/principals.ts';
import { systemAccount } from '../ledger/index.ts';
import type { VendorRow } from './catalogue.repository.ts';
import type { GamesTables } from './games.tables.ts';
import type { Funding, Party } from './seamless.funding.ts';
import {
  answer,
  appliedBody,
  duplicateAnswer,
  refusalBody,
  type WalletAnswer,
  type WalletCall,
  winHash,
} from './seamless.protocol.ts';
import type { WalletBatchRepository } from './wallet-batch.repository.ts';

/** Wins of one set per transaction at most (a round's members are paid in sets of this size). */
export const WIN_SET_SIZE = 250;

/**
 * The seamless wallet's wins of many players at once (our own shared-round tables pay a round's members this way):
 * the same rules, rows and answers as one `win` call each (seamless.service.ts), but each step one statement over
 * the set — the bets' locks, game_wallet_open of every win, the stakes' legs, one ledger call (postMany), the
 * balances, game_wallet_finish of every win and the settled rounds' play events — in one transaction per
 * WIN_SET_SIZE wins. Each win keeps its tx id: a retry (after a crash, by another dealer) replays the stored answers
 * and moves nothing twice. A call that claims nothing here (not well formed, no bet to pay) is answered by `win`
 * itself afterwards. A player appears at most once in a set.
 */
export function createSeamlessBatch(deps: {
  db: Kysely<GamesTables>;
  repo: WalletBatchRepository;
  funding: Funding;
  events?: { publishRefs(trx: AnyDb, rows: { merchantId: bigint; source: 'round'; ref: string }[]): Promise<void> };
  clock: () => Date;
  win: (c: WalletCall<SeamlessWinRequest>) => Promise<WalletAnswer>;
}) {
  const { db, repo, funding } = deps;
  const wellFormed = (merchant: Merchant, w: SeamlessWinRequest) =>
    /^\d{1,18}$/.test(w.player_id) && w.currency === merchant.currency;

  /** One set of wins (distinct players) in one transaction; undefined where the call claimed nothing. */
  async function winSet(
    merchant: Merchant,
    vendor: VendorRow,
    bodies: SeamlessWinRequest[],
  ): Promise<(WalletAnswer | undefined)[]> {
    const call = (body: SeamlessWinRequest): WalletCall<SeamlessWinRequest> => ({ merchant, vendor, body });
    const scope = `game:${vendor.code}`;
    const party = (playerId: bigint): Party => ({
      merchant,
      memberId: playerId,
      clearing: systemAccount(vendor.adapter === 'house' ? 'house' : 'provider_clearing', playerId),
    });
    const wins = bodies.map((w) => ({
      memberId: BigInt(w.player_id),
      txRef: w.tx_id,
      amount: BigInt(w.amount),
      refTx: w.bet_tx_id,
      requestHash: winHash(w),
    }));
    return db.transaction().execute(async (trx) => {
      await repo.lockBets(
        trx,
        wins.map((w) => ({ merchantId: merchant.id, vendorCode: vendor.code, memberId: w.memberId, betTx: w.refTx })),
      );
      const opened = await repo.openWins(
        trx,
        { merchantId: merchant.id, vendorCode: vendor.code, now: deps.clock() },
        wins,
      );
      const go = opened.flatMap((o, i) => (o.outcome === 'go' && wins[i]!.amount > 0n ? [i] : []));
      const legs = await funding.returnLegsMany(
        merchant,
        scope,
        go.map((i) => ({
          who: party(wins[i]!.memberId),
          amount: wins[i]!.amount,
          stakeKey: `${wins[i]!.memberId}:${wins[i]!.refTx}`,
        })),
        'win',
        trx,
      );
      const posted = await funding.postMany(
        go.map((i, k) => {
          const b = bodies[i]!;
          const ref = {
            vendor: vendor.code,
            roundId: String(opened[i]!.round_id),
            roundRef: b.round_id,
            txRef: b.tx_id,
          };
          return {
            who: party(wins[i]!.memberId),
            j: { scope, key: `${wins[i]!.memberId}:${b.tx_id}`, kind: 'win', ref },
            legs: legs[k]!,
          };
        }),
        trx,
      );
      const postOf = new Map(go.map((i, k) => [i, posted[k]!]));
      const claimed = opened.flatMap((o, i) => (o.outcome !== 'duplicate' && o.tx_id !== null ? [i] : []));
      const balances = await funding.availableMany(
        merchant,
        claimed.map((i) => wins[i]!.memberId),
        trx,
      );
      const answers: (WalletAnswer | undefined)[] = opened.map((o, i) =>
        o.outcome === 'duplicate' ? duplicateAnswer(call(bodies[i]!), wins[i]!.requestHash, o) : undefined,
      );
      const finished = claimed.map((i) => {
        const o = opened[i]!;
        const c = call(bodies[i]!);
        const w = bodies[i]!;
        const balance = balances.get(wins[i]!.memberId)!;
        const p = postOf.get(i);
        const roundId = o.round_id ?? undefined;
        let response: SeamlessResponse;
        if (o.outcome !== 'go' || (p && !p.ok)) {
          response = refusalBody(c, o.outcome === 'go' ? 'UNKNOWN_ERROR' : (o.outcome as SeamlessStatus), balance);
          answers[i] = answer(response);
          return { txId: o.tx_id!, status: 'refused' as const, response: answers[i]!.json, roundId };
        }
        const journalId = p?.ok ? p.journalId : undefined;
        answers[i] = answer(appliedBody(c, o.tx_id!, { journalId, balance }));
        return {
          txId: o.tx_id!,
          status: 'applied' as const,
          response: answers[i]!.json,
          roundId,
          journalId,
          payoutDelta: wins[i]!.amount,
          ...(w.summary !== undefined && { summary: w.summary }),
          ...(w.valid_bet !== undefined && { validBet: BigInt(w.valid_bet) }),
          ...(w.round_closed && { roundStatus: 'settled' as const, settledAt: deps.clock() }),
        };
      });
      await repo.finishAll(trx, finished);
      const settled = finished.filter((f) => 'roundStatus' in f && f.roundId !== undefined);
      if (settled.length && deps.events)
        await deps.events.publishRefs(
          trx,
          settled.map((f) => ({ merchantId: merchant.id, source: 'round' as const, ref: String(f.roundId) })),
        );
      return answers;
    });
  }

  return {
    /**
     * Many wins (at most one per player) with the answers `win` would give each, in order: set-based, in
     * transactions of WIN_SET_SIZE wins.
     */
    async winMany(merchant: Merchant, vendor: VendorRow, bodies: SeamlessWinRequest[]): Promise<WalletAnswer[]> {
      if (new Set(bodies.map((b) => b.player_id)).size !== bodies.length)
        throw new Error('winMany: a player appears twice in one set');
      const out: (WalletAnswer | undefined)[] = new Array(bodies.length);
      const ok = bodies.flatMap((b, i) => (wellFormed(merchant, b) ? [i] : []));
      for (let s = 0; s < ok.length; s += WIN_SET_SIZE) {
        const set = ok.slice(s, s + WIN_SET_SIZE);
        const answers = await winSet(
          merchant,
          vendor,
          set.map((i) => bodies[i]!),
        );
        set.forEach((i, k) => (out[i] = answers[k]));
      }
      // Not well formed, or nothing claimed (no bet to pay): what a single call answers (it writes nothing either).
      for (let i = 0; i < bodies.length; i++) out[i] ??= await deps.win({ merchant, vendor, body: bodies[i]! });
      return out as WalletAnswer[];
    },
  };
}

export type SeamlessBatch = ReturnType<typeof createSeamlessBatch>;
