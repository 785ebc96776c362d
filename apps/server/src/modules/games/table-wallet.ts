import type { SeamlessWinRequest } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';
import { AppError } from '../../lib/errors.ts';
import type { VendorRow } from './catalogue.repository.ts';
import type { WalletAnswer, WalletCall } from './seamless.protocol.ts';
import { inBatches, WALLET_CONCURRENCY } from './table-kit.ts';

/** Our own games are vendor SEA. */
export const HOUSE_VENDOR = 'SEA';

/** A bet of a shared round as the tables store it (baccarat_bets, sabong_bets). */
export interface TableBet {
  id: bigint;
  member_id: bigint;
  amount: bigint;
  status: 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';
}

/** What the table wallet needs of the games module's face. */
export interface TableWalletGames {
  vendor(merchantId: bigint, code: string): Promise<VendorRow | undefined>;
  walletTxStatus(merchantId: bigint, vendorCode: string, memberId: bigint, txRef: string): Promise<string | undefined>;
  wallet: {
    bet(c: WalletCall<import('@sea/contracts').SeamlessBetRequest>): Promise<WalletAnswer>;
    win(c: WalletCall<SeamlessWinRequest>): Promise<WalletAnswer>;
    winMany(merchant: Merchant, vendor: VendorRow, bodies: SeamlessWinRequest[]): Promise<WalletAnswer[]>;
    rollback(c: WalletCall<import('@sea/contracts').SeamlessRollbackRequest>): Promise<WalletAnswer>;
  };
}

/** How a round's members are paid: one set-based winMany (default), or one win call each (the bench's baseline). */
export type WinMode = 'set' | 'per-call';

/**
 * The money of a shared round (a baccarat round, a sabong fight) through the seamless wallet of our own games,
 * exactly as an outside vendor would send it: each bet its own bet tx; one win per member and round (the sum of what
 * the member's bets return, 0 when all lost) closing the member's wallet round; a cancelled round's bets rolled
 * back. Every call has a fixed tx id (`prefix` + round id …), so a retry after a crash — by this process or another
 * dealer — moves nothing twice.
 */
export function createTableWallet<B extends TableBet>(deps: {
  games: TableWalletGames;
  /** The game's code at vendor SEA ('baccarat', 'sabong'). */
  game: string;
  /** The tx ids' prefix ('bk', 'sb'). */
  prefix: string;
  roundOf: (bet: B) => bigint;
  bets: (roundId: bigint) => Promise<B[]>;
  setBetStatus: (ids: bigint[], from: B['status'][], to: B['status'], payout?: bigint) => Promise<unknown>;
  /** Placed bets settled with what they returned, in one statement. */
  settleBets: (bets: { id: bigint; payout: bigint }[]) => Promise<void>;
  /** A refunded bet's payout column: its stake (sabong) or left as it is (baccarat). */
  refundPayout?: (bet: B) => bigint;
  winMode?: WinMode;
}) {
  const { games } = deps;
  const ids = {
    round: (roundId: bigint) => `${deps.prefix}${roundId}`,
    bet: (roundId: bigint, betId: bigint) => `${deps.prefix}${roundId}:b${betId}`,
    win: (roundId: bigint) => `${deps.prefix}${roundId}:win`,
    rollback: (roundId: bigint, betId: bigint) => `${deps.prefix}${roundId}:b${betId}:rb`,
  };

  async function vendorOf(merchant: Merchant): Promise<VendorRow> {
    const v = await games.vendor(merchant.id, HOUSE_VENDOR);
    if (!v || v.status !== 'active') throw new AppError('game_maintenance');
    return v;
  }

  async function rollback(merchant: Merchant, vendor: VendorRow, bet: B): Promise<void> {
    const round = deps.roundOf(bet);
    const tx = ids.rollback(round, bet.id);
    const a = await games.wallet.rollback({
      merchant,
      vendor,
      body: {
        request_id: tx,
        player_id: String(bet.member_id),
        currency: merchant.currency,
        round_id: ids.round(round),
        tx_id: tx,
        original_tx_id: ids.bet(round, bet.id),
      },
    });
    if (a.status !== 'OK') throw new Error(`${deps.game} bet ${bet.id}: the wallet refused the rollback (${a.status})`);
  }

  /**
   * A pending bet when its round moves on: the wallet took it (→ placed) or it never arrived / was refused — then it
   * is rolled back (a tombstone: a late bet call cannot land) and refused.
   */
  async function resolvePending(merchant: Merchant, vendor: VendorRow, bet: B): Promise<B> {
    const tx = ids.bet(deps.roundOf(bet), bet.id);
    if ((await games.walletTxStatus(merchant.id, HOUSE_VENDOR, bet.member_id, tx)) === 'applied') {
      await deps.setBetStatus([bet.id], ['pending'], 'placed');
      return { ...bet, status: 'placed' };
    }
    await rollback(merchant, vendor, bet);
    await deps.setBetStatus([bet.id], ['pending'], 'refused');
    return { ...bet, status: 'refused' };
  }

  /** One member's win of a round: the body and what each of its bets returns. */
  interface MemberWin {
    body: SeamlessWinRequest;
    settle: { id: bigint; payout: bigint }[];
  }

  return {
    ids,
    vendorOf,

    /** Takes the stake of a recorded bet: 'OK' or the wallet's refusal. */
    async postBet(merchant: Merchant, bet: B, token: string): Promise<string> {
      const vendor = await vendorOf(merchant);
      const round = deps.roundOf(bet);
      const tx = ids.bet(round, bet.id);
      const a = await games.wallet.bet({
        merchant,
        vendor,
        body: {
          request_id: tx,
          player_id: String(bet.member_id),
          session_token: token,
          currency: merchant.currency,
          game_code: deps.game,
          round_id: ids.round(round),
          tx_id: tx,
          amount: String(bet.amount),
          round_closed: false,
        },
      });
      return a.status;
    },

    /** Every pending bet of a round resolved (placed or refused). */
    async resolveAll(merchant: Merchant, roundId: bigint): Promise<void> {
      const vendor = await vendorOf(merchant);
      const pending = (await deps.bets(roundId)).filter((b) => b.status === 'pending');
      await inBatches(pending, WALLET_CONCURRENCY, async (b) => {
        await resolvePending(merchant, vendor, b);
      });
    },

    /**
     * Pays a decided round: one win per member (idempotent; `returns` says what each of the member's live bets
     * returns, `extra` adds the win's summary and valid bet), then each bet settled with its return. Pending bets
     * are resolved first; `pendingPlaced` decides what a pending bet found placed means (sabong: an error).
     */
    async payRound(
      merchant: Merchant,
      roundId: bigint,
      p: {
        returns: (live: B[]) => bigint[];
        extra: (live: B[]) => Pick<SeamlessWinRequest, 'summary' | 'valid_bet'>;
        pendingPlaced?: (bet: B) => void;
      },
    ): Promise<void> {
      const vendor = await vendorOf(merchant);
      const byMember = new Map<bigint, B[]>();
      for (const b of await deps.bets(roundId)) byMember.set(b.member_id, [...(byMember.get(b.member_id) ?? []), b]);
      const wins: MemberWin[] = [];
      await inBatches([...byMember.values()], WALLET_CONCURRENCY, async (memberBets) => {
        const live: B[] = [];
        for (const b of memberBets) {
          if (b.status === 'pending') {
            const r = await resolvePending(merchant, vendor, b);
            if (r.status === 'placed') {
              p.pendingPlaced?.(r);
              live.push(r);
            }
          } else if (b.status === 'placed' || b.status === 'settled') live.push(b);
        }
        if (!live.length || live.every((b) => b.status === 'settled')) return;
        const returns = p.returns(live);
        wins.push({
          body: {
            request_id: ids.win(roundId),
            player_id: String(live[0]!.member_id),
            currency: merchant.currency,
            game_code: deps.game,
            round_id: ids.round(roundId),
            tx_id: ids.win(roundId),
            bet_tx_id: ids.bet(roundId, live[0]!.id),
            amount: String(returns.reduce((s, x) => s + x, 0n)),
            round_closed: true,
            ...p.extra(live),
          },
          settle: live.map((b, k) => ({ id: b.id, payout: returns[k]! })),
        });
      });
      const refused = (a: WalletAnswer) =>
        new Error(`${deps.game} round ${roundId}: the wallet refused a win (${a.status})`);
      if (deps.winMode === 'per-call') {
        await inBatches(wins, WALLET_CONCURRENCY, async (w) => {
          const a = await games.wallet.win({ merchant, vendor, body: w.body });
          if (a.status !== 'OK') throw refused(a);
          await deps.settleBets(w.settle);
        });
        return;
      }
      wins.sort((a, b) => (BigInt(a.body.player_id) < BigInt(b.body.player_id) ? -1 : 1));
      const answers = await games.wallet.winMany(
        merchant,
        vendor,
        wins.map((w) => w.body),
      );
      // The members whose win the wallet took are settled (one statement); a refusal fails the pass after that.
      await deps.settleBets(wins.flatMap((w, i) => (answers[i]!.status === 'OK' ? w.settle : [])));
      const bad = answers.find((a) => a.status !== 'OK');
      if (bad) throw refused(bad);
    },

    /** Refunds every bet of a cancelled round (idempotent): placed ones rolled back, pending ones resolved first. */
    async refundRound(merchant: Merchant, roundId: bigint): Promise<number> {
      const vendor = await vendorOf(merchant);
      const bets = (await deps.bets(roundId)).filter((b) => b.status === 'pending' || b.status === 'placed');
      await inBatches(bets, WALLET_CONCURRENCY, async (b) => {
        const bet = b.status === 'pending' ? await resolvePending(merchant, vendor, b) : b;
        if (bet.status !== 'placed') return;
        await rollback(merchant, vendor, bet);
        await deps.setBetStatus([bet.id], ['placed'], 'refunded', deps.refundPayout?.(bet));
      });
      return bets.length;
    },
  };
}

export type TableWallet<B extends TableBet> = ReturnType<typeof createTableWallet<B>>;
