import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Bonus money (modules/bonus, games/seamless.funding.ts): join, qualifying deposit, stakes main first then bonus,
 * wins back in proportion, wagering counted from the play-event queue, conversion with its cap, expiry, forfeit,
 * the queue, max stake, and claims raced — money exact to the minor unit, the ledger audit clean after each case.
 */
// On PostgreSQL the queue waits for every older write transaction of the cluster: a busy shared server is slow.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;
let now = Date.now();
let adminToken: string;
let vendor: ReturnType<typeof vendorClient>;
const games: Record<string, string> = {};
let ipSeq = 10;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  adminToken = (await createTestAdmin(t)).token;
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  for (const type of ['FISH', 'LIVE']) {
    const list = await t.app.inject({ method: 'GET', url: `/lgw/games/list?vassalage=DEMO&gameType=${type}` });
    games[type] = list.json().value.content[0].nodeId as string;
  }
  vendor = vendorClient(t, demo, 'DEMO', () => now);
});
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(adminToken), ...(payload && { payload }) });

async function promotion(terms: Record<string, unknown>): Promise<string> {
  const p = await admin('POST', '/admin/api/promotions', {
    title: `Bonus ${randomUUID().slice(0, 6)}`,
    content: '<p>x</p>',
  });
  expect(p.statusCode, p.body).toBe(200);
  const id = p.json().value.id as string;
  const o = await admin('PUT', `/admin/api/promotions/${id}/bonus`, {
    kind: 'first_deposit',
    enabled: true,
    percentBp: 10_000,
    fixedAmount: '0',
    maxBonus: null,
    minDeposit: '0',
    multiplier: 1,
    wagerBase: 'bonus',
    maxConversion: null,
    maxStake: null,
    expiryDays: 7,
    newMembersOnly: false,
    contributions: {},
    ...terms,
  });
  expect(o.statusCode, o.body).toBe(200);
  return id;
}

const join = (p: Player, promotionId: string, ip = `198.51.100.${ipSeq++}`) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/bonus/join',
    headers: { ...bearer(p.token), 'x-forwarded-for': ip },
    payload: { promotionId },
  });

const summary = async (p: Player) =>
  (await t.app.inject({ method: 'GET', url: '/wps/bonus', headers: bearer(p.token) })).json().value;

async function balances(p: Player) {
  const b = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberBonus(p.id)]);
  return { main: b[memberMain(p.id)]!.balance, bonus: b[memberBonus(p.id)]!.balance };
}

/** A real deposit through the sandbox gateway (the deposits module publishes it to the queue). */
async function deposit(p: Player, amount: string): Promise<void> {
  const o = await t.app.inject({
    method: 'POST',
    url: '/wps/deposit/orders',
    headers: bearer(p.token),
    payload: { methodCode: 'SANDBOX', amount, requestId: randomUUID() },
  });
  expect(o.statusCode, o.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: o.json().value.payUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(paid.statusCode).toBe(303);
}

/** One vendor round: bet, then a win (0: a loss) closing it. Returns the bet's answer status. */
async function round(p: Player, type: 'FISH' | 'LIVE', stake: bigint, win: bigint, rollback = false) {
  const session = await launchToken(t, p, games[type]!);
  const betTx = `b-${randomUUID()}`;
  const common = { player_id: String(p.id), round_id: `r-${randomUUID()}` };
  const bet = await vendor.call('bet', {
    ...common,
    session_token: session,
    tx_id: betTx,
    amount: String(stake),
    game_code: type === 'FISH' ? 'demo-fishing' : 'demo-baccarat',
  });
  if (bet.json.status !== 'OK') return bet.json.status;
  if (rollback) {
    const rb = await vendor.call('rollback', {
      player_id: String(p.id),
      tx_id: `rb-${randomUUID()}`,
      original_tx_id: betTx,
    });
    expect(rb.json.status, rb.text).toBe('OK');
    return 'ROLLED_BACK';
  }
  const won = await vendor.call('win', {
    ...common,
    tx_id: `w-${randomUUID()}`,
    bet_tx_id: betTx,
    amount: String(win),
    round_closed: true,
  });
  expect(won.json.status, won.text).toBe('OK');
  return 'OK';
}

/**
 * Drains until the bonus consumer has every event: on PostgreSQL the queue waits for every older write transaction
 * of the cluster (pg_snapshot_xmin), so on a busy shared server a drain may find nothing yet.
 */
async function drain(): Promise<void> {
  const until = Date.now() + 240_000;
  for (;;) {
    await t.app.modules.playEvents.drain();
    if ((await t.app.modules.playEvents.backlog(t.app.modules.bonus.consumerName)) === 0n) return;
    if (Date.now() > until) throw new Error('the play-event queue did not drain within 240 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('first-deposit bonus', () => {
  it('joins, qualifies on the deposit, spends main then bonus, wins back in proportion, converts up to its cap', async () => {
    const promo = await promotion({ maxConversion: '5000', maxStake: '20000', multiplier: 2, minDeposit: '5000' });
    const p = await newPlayer(t, demo);
    const joined = await join(p, promo);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().value.status).toBe('joined');
    expect((await join(p, promo)).json().code).toBe('bonus_already_joined');

    await deposit(p, '100.00'); // 10000 minor
    await drain();
    expect(await balances(p)).toEqual({ main: 10_000n, bonus: 10_000n });
    let s = await summary(p);
    expect(s.active).toMatchObject({ amount: '10000', requirement: '20000', wagered: '0', depositAmount: '10000' });

    // Main first (10000), then bonus (5000); the win of 6000 returns ⌈6000 × 5000 / 15000⌉ = 2000 to bonus.
    expect(await round(p, 'FISH', 15_000n, 6_000n)).toBe('OK');
    expect(await balances(p)).toEqual({ main: 4_000n, bonus: 7_000n });
    // Above the maximum stake while a bonus is held: refused, nothing moves.
    expect(await round(p, 'FISH', 20_001n, 0n)).toBe('BET_LIMIT');
    expect(await balances(p)).toEqual({ main: 4_000n, bonus: 7_000n });

    await drain();
    expect((await summary(p)).active.wagered).toBe('15000');
    // 4000 main + 1000 bonus, lost: wagering reaches 20000 → converted: 6000 held, 5000 to main (cap), 1000 to the house.
    expect(await round(p, 'FISH', 5_000n, 0n)).toBe('OK');
    await drain();
    expect(await balances(p)).toEqual({ main: 5_000n, bonus: 0n });
    s = await summary(p);
    expect(s.active).toBeNull();
    expect(s.history[0]).toMatchObject({ status: 'converted', converted: '5000', forfeited: '1000' });
    // A replayed queue (every event again) changes nothing.
    await t.database.all.deleteFrom('play_event_cursors').execute();
    await drain();
    expect(await balances(p)).toEqual({ main: 5_000n, bonus: 0n });
  });

  it('counts live bets at 10 %, and refuses a player who already deposited or a second join at once', async () => {
    const promo = await promotion({ multiplier: 1, percentBp: 5_000 });
    const p = await newPlayer(t, demo);
    const both = await Promise.all([join(p, promo), join(p, promo)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await deposit(p, '100.00');
    await drain();
    // 50 % of 10000.
    expect(await balances(p)).toEqual({ main: 10_000n, bonus: 5_000n });
    expect(await round(p, 'LIVE', 1_000n, 0n)).toBe('OK');
    await drain();
    expect((await summary(p)).active.wagered).toBe('100');
    // A rolled-back stake returns to the accounts it came from (9000 main + 4000 bonus out, then back).
    expect(await round(p, 'LIVE', 13_000n, 0n, true)).toBe('ROLLED_BACK');
    expect(await balances(p)).toEqual({ main: 9_000n, bonus: 5_000n });
    const late = await newPlayer(t, demo);
    await deposit(late, '100.00');
    expect((await join(late, promo)).json().code).toBe('bonus_not_eligible');
  });

  it('flags a claim from the same IP as another member for staff: not paid until approved', async () => {
    const promo = await promotion({ multiplier: 1 });
    const a = await newPlayer(t, demo);
    const b = await newPlayer(t, demo);
    expect((await join(a, promo, '192.0.2.77')).json().value.status).toBe('joined');
    expect((await join(b, promo, '192.0.2.77')).json().value.status).toBe('flagged');
    await deposit(b, '200.00');
    await drain();
    expect(await balances(b)).toEqual({ main: 20_000n, bonus: 0n });
    const list = (await admin('GET', '/admin/api/bonus/claims?status=flagged')).json().value.list;
    const claim = list.find((c: { memberId: string }) => c.memberId === String(b.id));
    expect(claim.flagReason).toContain('same IP');
    const ok = await admin('POST', `/admin/api/bonus/claims/${claim.id}/review`, { decision: 'approve' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await balances(b)).toEqual({ main: 20_000n, bonus: 20_000n });
  });
});

describe('sign-up bonuses: queue, expiry, forfeit', () => {
  it('queues a second bonus, expires the first to the house, then forfeits the second before a withdrawal', async () => {
    const s1 = await promotion({ kind: 'signup', fixedAmount: '1000', multiplier: 5, expiryDays: 1 });
    const s2 = await promotion({ kind: 'signup', fixedAmount: '2000', multiplier: 5, expiryDays: 3 });
    const p = await newPlayer(t, demo, { fund: 10_000n });
    expect((await join(p, s1)).json().value.status).toBe('active');
    const second = await join(p, s2);
    expect(second.json().value?.status, second.body).toBe('queued');
    expect(await balances(p)).toEqual({ main: 10_000n, bonus: 1_000n });

    now += 86_400_000 + 1_000;
    await t.app.modules.bonus.settleDue();
    expect(await balances(p)).toEqual({ main: 10_000n, bonus: 2_000n });
    // A day later the player's session has ended: the page's data through the module face.
    const s = await t.app.modules.bonus.summary(demo, p.id);
    expect(s.active).toMatchObject({ amount: '2000', status: 'active' });
    expect(s.history[0]).toMatchObject({ status: 'expired', forfeited: '1000' });

    // A withdrawal asks first; confirmed, the bonus goes back to the house and main is untouched.
    await expect(t.app.modules.bonus.beforeWithdrawal(demo, p.id, false)).rejects.toMatchObject({
      code: 'bonus_active',
    });
    await t.app.modules.bonus.beforeWithdrawal(demo, p.id, true);
    expect(await balances(p)).toEqual({ main: 10_000n, bonus: 0n });
    expect((await t.app.modules.bonus.summary(demo, p.id)).history[0]).toMatchObject({
      status: 'forfeited',
      forfeited: '2000',
    });
  });

  it('the player forfeits the active bonus from the page; another member cannot', async () => {
    adminToken = (await createTestAdmin(t)).token; // the clock moved on: a new staff session
    const s1 = await promotion({ kind: 'signup', fixedAmount: '700', multiplier: 5 });
    const p = await newPlayer(t, demo);
    const other = await newPlayer(t, demo);
    const claim = (await join(p, s1)).json().value;
    const forfeit = (who: Player) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/bonus/forfeit',
        headers: bearer(who.token),
        payload: { claimId: claim.id },
      });
    expect((await forfeit(other)).json().code).toBe('not_found');
    const done = await Promise.all([forfeit(p), forfeit(p)]);
    expect(done.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balances(p)).toEqual({ main: 0n, bonus: 0n });
  });
});
