import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The best-win leaderboard under lottery result corrections (issue 23): a correction that raises a round's
 * multiplier above the member's best becomes the best; one that lowers the best round recomputes the window's best
 * from the member's remaining rounds (daily and weekly); a correction delivered before its round is counted when the
 * round arrives; a correction delivered twice counts once. PGlite, and PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let demo: Merchant;
const now = new Date('2026-11-28T04:00:00Z'); // noon in Asia/Manila (the demo merchant's zone)
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(() => t?.close());

type Bet = Extract<PlayEvent, { kind: 'bet_settled' }>;
const round = (p: Player, over: Partial<Bet> = {}): Bet => ({
  kind: 'bet_settled',
  id: `round:bw-${++seq}`,
  merchantId: demo.id,
  memberId: p.id,
  product: 'house',
  category: 'SLOT',
  gameCode: 'LUCKY_DRAGON',
  stake: 10_000n,
  validBet: 10_000n,
  payout: 0n,
  settledAt: now,
  ...over,
});
/** A lottery issue's settlement for the member (its event id is what corrections adjust). */
const lottery = (p: Player, issue: number, payout: bigint): Bet =>
  round(p, { id: `lottery:${issue}:${p.id}`, product: 'lottery', category: 'LOTTERY', gameCode: 'VN_HN', payout });
/** A corrected result: no stake, no valid bet, the payout's change. */
const correction = (p: Player, issue: number, change: bigint): Bet =>
  round(p, {
    id: `lottery-fix:${issue}${p.id}:${++seq}`,
    product: 'lottery',
    category: 'LOTTERY',
    gameCode: 'VN_HN',
    stake: 0n,
    validBet: 0n,
    payout: change,
    adjusts: `lottery:${issue}:${p.id}`,
  });
const consumer = () => t.app.modules.rewards.consumers[0]!;
const best = async (p: Player, period: 'daily' | 'weekly') => {
  const r = await t.app.inject({
    method: 'GET',
    url: `/wps/rewards/leaderboard?period=${period}&metric=multiplier`,
    headers: { ...bearer(p.token), merchant: 'demo' },
  });
  const b = r.json();
  if (!b.success) throw new Error(r.body);
  return (b.value.me?.score as string | undefined) ?? null;
};
const both = async (p: Player) => [await best(p, 'daily'), await best(p, 'weekly')];

describe('the best-win board under result corrections', () => {
  it('a lowered best round gives way to the best remaining round; a raised one becomes the best', async () => {
    const p = await newPlayer(t, demo);
    await consumer().handle([lottery(p, 1, 50_000n), round(p, { payout: 30_000n }), round(p, { payout: 20_000n })]);
    expect(await both(p)).toEqual(['50000', '50000']); // × 5
    const lower = correction(p, 1, -40_000n); // the issue's result corrected: × 1
    await consumer().handle([lower]);
    expect(await both(p)).toEqual(['30000', '30000']); // the best remaining round, × 3
    await consumer().handle([lower]); // delivered again: counted once
    expect(await both(p)).toEqual(['30000', '30000']);
    await consumer().handle([correction(p, 1, 90_000n)]); // corrected again: 100,000 of 10,000, × 10
    expect(await both(p)).toEqual(['100000', '100000']);
  });

  it('a round lowered to nothing leaves no place when it was the only win; a raise from nothing gives one', async () => {
    const p = await newPlayer(t, demo);
    await consumer().handle([lottery(p, 2, 15_000n), round(p)]);
    expect(await both(p)).toEqual(['15000', '15000']);
    await consumer().handle([correction(p, 2, -15_000n)]);
    expect(await both(p)).toEqual([null, null]);
    const q = await newPlayer(t, demo);
    await consumer().handle([lottery(q, 3, 0n)]);
    expect(await both(q)).toEqual([null, null]);
    await consumer().handle([correction(q, 3, 25_000n)]);
    expect(await both(q)).toEqual(['25000', '25000']);
  });

  it('a correction delivered before its round counts when the round arrives; a lower one not the best moves nothing', async () => {
    const p = await newPlayer(t, demo);
    await consumer().handle([correction(p, 4, 20_000n)]);
    expect(await both(p)).toEqual([null, null]);
    await consumer().handle([lottery(p, 4, 0n), round(p, { payout: 15_000n })]);
    expect(await both(p)).toEqual(['20000', '20000']);
    // Another issue below the best, lowered further: the best stays.
    await consumer().handle([lottery(p, 5, 12_000n)]);
    await consumer().handle([correction(p, 5, -2_000n)]);
    expect(await both(p)).toEqual(['20000', '20000']);
  });
});
