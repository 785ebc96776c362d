import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import { cashbackOf } from '../src/modules/cashback/index.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Cashback on net loss and raffles (issue 23): money exact (percent, minimum, cap, categories), play events replayed
 * and reordered count once, the closing job and the draw pay once when rerun or run twice at once, two claims at once
 * pay once, and the draw equals an independent recomputation from the revealed seed and the ticket list. PGlite, and
 * PostgreSQL with DATABASE_URL.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = new Date('2026-11-28T04:00:00Z'); // noon in Asia/Manila (the demo merchant's zone)
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterAll(() => t.close());

type Body = ReturnType<typeof JSON.parse>;
const call = (p: { token: string }, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' } });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api${url}`,
    headers: { authorization: `Bearer ${owner.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const ok = async <T = Body>(r: Promise<{ json(): Body; body: string }>): Promise<T> => {
  const res = await r;
  const b = res.json();
  if (!b.success) throw new Error(`expected success: ${res.body}`);
  return b.value as T;
};
const main = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]?.balance ?? 0n;
async function relogin(...ps: Player[]) {
  owner.token = await loginTestAdmin(t, owner);
  for (const p of ps) {
    const row = (await t.app.modules.members.findById(demo.id, p.id))!;
    p.token = (
      await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
    ).token;
  }
}
const bet = (p: Player, over: Partial<Extract<PlayEvent, { kind: 'bet_settled' }>> = {}): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:cb-${++seq}`,
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
const feedBoth = async (events: PlayEvent[]) => {
  await t.app.modules.cashback.consumer.handle(events);
  await t.app.modules.raffle.consumer.handle(events);
};
const claimable = async (p: Player, source: string) =>
  (await ok(call(p, 'GET', '/wps/rewards?view=claimable'))).list.filter((r: Body) => r.source === source);

describe('cashback money', () => {
  it('pays percent of the loss, nothing under the minimum or when ahead, at most the cap (rounded down)', () => {
    const terms = { percentBp: 1_000, minNetLoss: 1_000n, cap: 5_000n };
    expect(cashbackOf(30_000n, terms)).toBe(3_000n);
    expect(cashbackOf(999n, terms)).toBe(0n);
    expect(cashbackOf(1_000n, terms)).toBe(100n);
    expect(cashbackOf(1_009n, terms)).toBe(100n);
    expect(cashbackOf(-5_000n, terms)).toBe(0n);
    expect(cashbackOf(0n, terms)).toBe(0n);
    expect(cashbackOf(50_000n, terms)).toBe(5_000n);
    expect(cashbackOf(1_000_000n, terms)).toBe(5_000n);
    expect(cashbackOf(7n, { percentBp: 10_000, minNetLoss: 0n, cap: 100n })).toBe(7n);
  });
});

describe('cashback on net loss', () => {
  let a: Player;
  let b: Player;
  let c: Player;
  let programme = '';

  beforeAll(async () => {
    [a, b, c] = [await newPlayer(t, demo), await newPlayer(t, demo), await newPlayer(t, demo)];
  });

  it('refuses a bad programme with the field, and saves a good one', async () => {
    const bad = (
      await staff('POST', '/cashback/programmes', {
        title: '',
        period: 'daily',
        percentBp: 0,
        cap: '0',
        categories: ['SLOT', 'slot'],
      })
    ).json();
    expect(bad.success).toBe(false);
    expect(bad.code).toBe('validation_failed');
    expect(JSON.stringify(bad)).toContain('percentBp');
    const saved = await ok(
      staff('POST', '/cashback/programmes', {
        title: 'Daily slots cashback',
        period: 'daily',
        percentBp: 1_000,
        minNetLoss: '1000',
        cap: '5000',
        categories: ['slot'],
      }),
    );
    expect(saved).toMatchObject({ period: 'daily', percentBp: 1_000, categories: ['SLOT'], active: true });
    programme = saved.id;
    const weekChange = await staff('PUT', `/cashback/programmes/${programme}`, {
      title: 'x',
      period: 'weekly',
      percentBp: 1_000,
      cap: '5000',
    });
    expect(weekChange.json().code).toBe('validation_failed');
    expect(
      (
        await staff('PUT', '/cashback/programmes/999999', { title: 'x', period: 'daily', percentBp: 1, cap: '1' })
      ).json().code,
    ).toBe('cashback_programme_not_found');
  });

  it('counts the net loss of the counted categories once, however events are replayed or reordered', async () => {
    const events = [
      bet(a, { stake: 40_000n, payout: 10_000n }), // slot loss 30,000
      bet(a, { category: 'LIVE', stake: 50_000n, payout: 0n }), // not counted
      bet(a, { category: 'slot', stake: 5_000n, payout: 5_000n }), // even
      bet(b, { stake: 900n, payout: 0n }), // under the minimum
      bet(c, { stake: 200_000n, payout: 100_000n }), // 100,000 loss: 10,000 capped at 5,000
    ];
    await t.app.modules.cashback.consumer.handle(events);
    await t.app.modules.cashback.consumer.handle([...events].reverse());
    await t.app.modules.cashback.consumer.handle([events[0]!, events[0]!, events[4]!]);
    const view = await ok(call(a, 'GET', '/wps/cashback'));
    const mine = view.list.find((x: Body) => x.id === programme);
    expect(mine).toMatchObject({ netLoss: '30000', expected: '3000', periodKey: '2026-11-28' });
    expect(mine.periodEndsAt).toBe('2026-11-28T16:00:00.000Z');
    expect((await ok(call(b, 'GET', '/wps/cashback'))).list.find((x: Body) => x.id === programme).expected).toBe('0');
    expect((await ok(call(c, 'GET', '/wps/cashback'))).list.find((x: Body) => x.id === programme).expected).toBe(
      '5000',
    );
  });

  it('the period closes once (rerun and two at once), its rewards are claimed once into main', async () => {
    // Before the period ends (and within the grace after), nothing closes.
    expect((await t.app.modules.cashback.closeEnded()).granted).toBe(0);
    expect((await t.app.modules.cashback.closeEnded(new Date('2026-11-28T16:02:00Z'))).runs).toBe(0);
    now = new Date('2026-11-29T04:00:00Z');
    await relogin(a, b, c);
    const [first, second] = await Promise.all([
      t.app.modules.cashback.closeEnded(),
      t.app.modules.cashback.closeEnded(),
    ]);
    expect(first.granted + second.granted).toBe(2);
    expect(first.runs + second.runs).toBe(1);
    expect(await t.app.modules.cashback.closeEnded()).toEqual({ runs: 0, granted: 0, adjusted: 0 });
    // (Late events for a closed day: bonus-rewards.test.ts.)

    const runs = await ok(staff('GET', '/cashback/runs'));
    expect(runs.list.find((r: Body) => r.programmeId === programme)).toMatchObject({
      periodKey: '2026-11-28',
      members: 2,
      total: '8000',
    });
    expect(await claimable(b, 'cashback')).toEqual([]);
    const [ra] = await claimable(a, 'cashback');
    expect(ra).toMatchObject({ amount: '3000', kind: 'cash' });
    const [rc] = await claimable(c, 'cashback');
    expect(rc.amount).toBe('5000');

    const before = await main(a);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(a, 'POST', `/wps/rewards/${ra.reference}/claim`).then((r) => r.json())),
    );
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).every((r) => r.code === 'reward_already_claimed')).toBe(true);
    expect((await main(a)) - before).toBe(3_000n);
    // The new day starts at zero.
    expect((await ok(call(a, 'GET', '/wps/cashback'))).list.find((x: Body) => x.id === programme)).toMatchObject({
      netLoss: '0',
      expected: '0',
      periodKey: '2026-11-29',
    });
  });
});

/** The published algorithm, implemented again with node:crypto and a plain array (not @sea/games). */
function recompute(seed: string, raffleId: string, tickets: number, prizes: number): number[] {
  let round = 0;
  let buf = Buffer.alloc(0);
  const word = () => {
    if (buf.length < 4) buf = createHmac('sha256', seed).update(`raffle:${raffleId}:${round++}`).digest();
    const w = buf.readUInt32BE(0);
    buf = buf.subarray(4);
    return w;
  };
  const int = (m: number) => {
    const limit = 2 ** 32 - (2 ** 32 % m);
    for (;;) {
      const w = word();
      if (w < limit) return w % m;
    }
  };
  const list = Array.from({ length: tickets }, (_, i) => i + 1);
  const out: number[] = [];
  for (let k = 0; k < Math.min(tickets, prizes); k++) {
    const j = k + int(tickets - k);
    [list[k], list[j]] = [list[j]!, list[k]!];
    out.push(list[k]!);
  }
  return out;
}

describe('raffle', () => {
  let a: Player;
  let b: Player;
  let c: Player;
  let raffle: Body;
  const start = () => new Date(now.getTime() - 3_600_000);

  beforeAll(async () => {
    [a, b, c] = [await newPlayer(t, demo), await newPlayer(t, demo), await newPlayer(t, demo)];
  });

  it('refuses a draw before the end of the window, saves a raffle with its seed hash published', async () => {
    const bad = (
      await staff('POST', '/raffles', {
        title: 'Weekend raffle',
        startsAt: start().toISOString(),
        endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
        drawAt: now.toISOString(),
        turnoverPerTicket: '10000',
        maxTickets: 5,
        prizes: ['10000', '5000'],
      })
    ).json();
    expect(bad.code).toBe('validation_failed');
    expect(JSON.stringify(bad)).toContain('drawAt');
    raffle = await ok(
      staff('POST', '/raffles', {
        title: 'Weekend raffle',
        startsAt: start().toISOString(),
        endsAt: new Date(now.getTime() + 3_600_000).toISOString(),
        drawAt: new Date(now.getTime() + 3_600_000).toISOString(),
        turnoverPerTicket: '10000',
        maxTickets: 5,
        prizes: ['10000', '5000', '2000'],
      }),
    );
    expect(raffle.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(raffle.seed).toBeNull();
    expect(raffle.status).toBe('open');
  });

  it('earns tickets per turnover up to the maximum, each event once, only inside the window', async () => {
    const events = [
      bet(a, { validBet: 25_000n }), // 2 tickets
      bet(b, { validBet: 60_000n }),
      bet(b, { validBet: 60_000n }), // 12 → capped at 5
      bet(c, { validBet: 5_000n }), // 0 tickets
      bet(c, { validBet: 50_000n, settledAt: new Date(start().getTime() - 1) }), // before the window
      bet(a, { validBet: 10_000n, stake: 10_000n }), // 3 tickets
    ];
    await feedBoth(events);
    await feedBoth([...events].reverse());
    const list = await ok(call(a, 'GET', '/wps/raffles'));
    const mine = list.list.find((r: Body) => r.id === raffle.id);
    expect(mine).toMatchObject({ myTickets: 3, myTurnover: '35000', entrants: 2, tickets: 8, seed: null });
    const cd = await ok(call(c, 'GET', `/wps/raffles/${raffle.id}`));
    expect(cd.mine).toEqual({ turnover: '5000', tickets: 0, from: null });
    expect(cd.blocks).toEqual([]);
  });

  it('draws once at the draw time; the result equals a recomputation from the revealed seed; winners claim', async () => {
    expect((await t.app.modules.raffle.drawDue()).drawn).toBe(0);
    now = new Date(now.getTime() + 3_600_000);
    await relogin(a, b, c);
    const [x, y] = await Promise.all([t.app.modules.raffle.drawDue(), t.app.modules.raffle.drawDue()]);
    expect(x.drawn + y.drawn).toBe(1);
    expect((await t.app.modules.raffle.drawDue()).drawn).toBe(0);
    // A late event changes nothing.
    await feedBoth([bet(c, { validBet: 90_000n, settledAt: new Date(now.getTime() - 60_000) })]);

    const d = await ok(call(a, 'GET', `/wps/raffles/${raffle.id}`));
    expect(d.raffle.status).toBe('drawn');
    expect(createHash('sha256').update(d.raffle.seed).digest('hex')).toBe(raffle.seedHash);
    expect(d.raffle.seedHash).toBe(raffle.seedHash);
    const ordered = [a, b].sort((p, q) => (p.id < q.id ? -1 : 1));
    expect(d.blocks.map((x: Body) => x.tickets)).toEqual(ordered.map((p) => (p === a ? 3 : 5)));
    expect(d.blocks[0].from).toBe(1);
    const total = d.blocks.reduce((s: number, x: Body) => s + x.tickets, 0);
    expect(total).toBe(8);
    const expected = recompute(d.raffle.seed, raffle.id, total, 3);
    expect(d.winners.map((w: Body) => w.ticket)).toEqual(expected);
    expect(d.winners.map((w: Body) => w.amount)).toEqual(['10000', '5000', '2000']);

    // Each winning ticket's holder has the prize waiting in the reward centre; the sum is the prize table.
    const holderOf = (ticket: number) => {
      const i = d.blocks.findIndex((x: Body) => ticket >= x.from && ticket < x.from + x.tickets);
      return ordered[i]!;
    };
    const due = new Map<Player, bigint>();
    for (const w of d.winners) due.set(holderOf(w.ticket), (due.get(holderOf(w.ticket)) ?? 0n) + BigInt(w.amount));
    for (const p of [a, b, c]) {
      const rewards = await claimable(p, 'raffle');
      expect(rewards.reduce((s: bigint, r: Body) => s + BigInt(r.amount), 0n)).toBe(due.get(p) ?? 0n);
      const before = await main(p);
      for (const r of rewards) {
        const both = await Promise.all([
          call(p, 'POST', `/wps/rewards/${r.reference}/claim`).then((x) => x.json()),
          call(p, 'POST', `/wps/rewards/${r.reference}/claim`).then((x) => x.json()),
        ]);
        expect(both.filter((x) => x.success)).toHaveLength(1);
      }
      expect((await main(p)) - before).toBe(due.get(p) ?? 0n);
    }
    expect(d.winners.filter((w: Body) => w.mine).length).toBe(
      d.winners.filter((w: Body) => holderOf(w.ticket) === a).length,
    );

    // A drawn raffle cannot change.
    const edit = await staff('PUT', `/raffles/${raffle.id}`, {
      title: 'Changed',
      startsAt: raffle.startsAt,
      endsAt: raffle.endsAt,
      drawAt: raffle.drawAt,
      turnoverPerTicket: '1',
      maxTickets: 5,
      prizes: ['1'],
    });
    expect(edit.json().code).toBe('raffle_drawn');
    const admin = await ok(staff('GET', `/raffles/${raffle.id}`));
    expect(admin.mine).toBeNull();
    expect(admin.winners.map((w: Body) => w.ticket)).toEqual(expected);
  });
});
