import { describe, expect, it } from 'vitest';
import { dealerPass, placeTableBet, type TableWords } from '../src/modules/games/index.ts';
import type { Merchant } from '../src/http/principals.ts';

// The shared round kit's bet placement and dealer pass, without a database: each game's own tests (baccarat,
// sabong, tables-admin, table-wins) run the same code on PGlite and PostgreSQL through the API.

const words: TableWords = { table: 'arena', round: 'fight', here: 'in this arena' };
const table = { id: 7n, min_bet: 10n, max_bet: 100n, roundMax: 150n };
type Bet = {
  id: bigint;
  member_id: bigint;
  amount: bigint;
  status: 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';
  request_id: string;
};

function world(o: { staked?: bigint; closesIn?: number; betting?: boolean; tableId?: bigint; wallet?: string } = {}) {
  const now = new Date('2026-11-29T08:00:00Z');
  const bets: Bet[] = [];
  const calls: string[] = [];
  const k = (amount: bigint, requestId = 'r1') => ({
    words,
    table,
    amount,
    clock: () => now,
    recorded: async () => bets.find((b) => b.request_id === requestId),
    sameRequest: (b: Bet) => b.amount === amount,
    db: { transaction: () => ({ execute: <X>(work: (trx: string) => Promise<X>) => work('trx') }) },
    lockRound: async () => ({
      tableId: o.tableId ?? 7n,
      betting: o.betting ?? true,
      closesAt: new Date(now.getTime() + (o.closesIn ?? 5) * 1000),
    }),
    staked: async () => o.staked ?? 0n,
    insert: async () => {
      const b: Bet = { id: BigInt(bets.length + 1), member_id: 1n, amount, status: 'pending', request_id: requestId };
      bets.push(b);
      return b;
    },
    post: async (b: Bet) => {
      calls.push(`bet ${b.id}`);
      return o.wallet ?? 'OK';
    },
    setStatus: async (b: Bet, to: 'placed' | 'refused') => void (b.status = to),
  });
  return { k, bets, calls };
}

describe('placeTableBet', () => {
  it('places a bet once; the same request again answers it as a replay without a second wallet call', async () => {
    const w = world();
    const first = await placeTableBet(w.k(50n));
    expect(first).toMatchObject({ replay: false, bet: { status: 'placed', amount: 50n } });
    const again = await placeTableBet(w.k(50n));
    expect(again).toMatchObject({ replay: true, bet: { id: first.bet.id } });
    expect(w.calls).toEqual(['bet 1']);
    await expect(placeTableBet(w.k(60n))).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('refuses outside the limits, past the round maximum, once closed by the clock, at another table', async () => {
    await expect(placeTableBet(world().k(5n))).rejects.toMatchObject({
      code: 'amount_out_of_range',
      message: 'A bet in this arena is 10–100.',
    });
    await expect(placeTableBet(world({ staked: 120n }).k(40n))).rejects.toMatchObject({
      code: 'amount_out_of_range',
      message: 'The arena limit for this fight has been reached.',
    });
    await expect(placeTableBet(world({ closesIn: 0 }).k(40n))).rejects.toMatchObject({
      code: 'state_invalid',
      message: 'Betting is closed for this fight.',
    });
    await expect(placeTableBet(world({ betting: false }).k(40n))).rejects.toMatchObject({ code: 'state_invalid' });
    await expect(placeTableBet(world({ tableId: 8n }).k(40n))).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such fight in this arena.',
    });
  });

  it('a bet the wallet refuses is recorded refused and answered with the wallet’s reason', async () => {
    const w = world({ wallet: 'INSUFFICIENT_FUNDS' });
    await expect(placeTableBet(w.k(50n))).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(w.bets[0]!.status).toBe('refused');
  });
});

describe('dealerPass', () => {
  it('refunds interrupted cancels first, steps each table until nothing is due, counts a failing table', async () => {
    const m = { id: 1n } as Merchant;
    const log: string[] = [];
    const tally = await dealerPass<{ merchant_id: bigint; code: string }, { n: number }>({
      tables: async () => [
        { merchant_id: 1n, code: 'A' },
        { merchant_id: 1n, code: 'BROKEN' },
        { merchant_id: 2n, code: 'NO-MERCHANT' },
      ],
      merchantOf: async (id) => (id === 1n ? m : undefined),
      unrefunded: async (t) => (t.code === 'A' ? [{ n: 0 }] : []),
      refund: async (_, r) => void log.push(`refund ${r.n}`),
      inPlay: async () => ({ n: 1 }),
      step: async (t, _, r) => {
        if (t.code === 'BROKEN') throw new Error('database gone');
        return r && r.n < 3 ? { n: r.n + 1 } : undefined;
      },
      finished: () => false,
      maxSteps: 5,
      changed: (t, r) => void log.push(`${t.code} ${r.n}`),
    });
    expect(log).toEqual(['refund 0', 'A 2', 'A 3']);
    expect(tally).toEqual({ steps: 2, failed: 1 });
  });
});
