import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayEvent, PlayEventConsumer } from '../src/lib/play-events.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every product feeds the wagering and engagement events (issue 23): a settled lottery issue publishes one event per
 * member (its bets that count: refunded ones do not) in the settlement's transaction, counted once however often it
 * is delivered and in whatever order; a vendor's reported valid bet (netted opposite bets) is what counts, never
 * more than the stake. PGlite, and PostgreSQL with DATABASE_URL (npm run test:pg).
 */
// On PostgreSQL the queue waits for every older write transaction of the cluster: a busy shared server is slow.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;
// A minute boundary + 5 s; the tests move the clock forward only.
let now = Date.parse('2026-11-28T04:00:05.000Z');
let adminToken: string;
const UNIT = 100n; // PHP, 2 decimals
const seen: PlayEvent[] = [];

/** A consumer that keeps every event it counts (ids through firstTime, kept only once its transaction commits). */
const probe: PlayEventConsumer = {
  name: 'test-wagering-probe',
  async handle(events) {
    const fresh = await t.database.all.transaction().execute((trx) =>
      t.app.modules.playEvents.firstTime(
        trx,
        'test-wagering-probe',
        events.map((e) => e.id),
      ),
    );
    seen.push(...events.filter((e) => fresh.has(e.id)));
  },
};

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 200, checkpointEvery: 50 } });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  adminToken = (await createTestAdmin(t)).token;
  t.app.modules.playEvents.consumers.register(probe);
  await t.app.modules.lottery.schedule();
}, 120_000);
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(async () => {
  await t?.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(adminToken), merchant: 'demo' }, ...(payload && { payload }) });
const call = (p: Player, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' }, ...(payload && { payload }) });

/** Drains until every consumer has every event (PostgreSQL: older transactions of the cluster hold rows back). */
async function drain(): Promise<void> {
  const until = Date.now() + 240_000;
  for (;;) {
    await t.app.modules.playEvents.drain();
    const backlogs = await Promise.all(
      t.app.modules.playEvents.consumerNames().map((c) => t.app.modules.playEvents.backlog(c)),
    );
    if (backlogs.every((b) => b === 0n)) return;
    if (Date.now() > until) throw new Error('the play-event queue did not drain within 240 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const betsOf = (p: Player) =>
  seen.filter((e): e is Extract<PlayEvent, { kind: 'bet_settled' }> => e.kind === 'bet_settled' && e.memberId === p.id);

async function lotteryGame(code: string) {
  const res = await t.app.inject({ method: 'GET', url: `/lgw/lottery/games/${code}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { current: { issueId: string; drawsAt: string } };
}

/** An ELOTT order: the big/small/odd/even sum bet on `sides` (one unit each) of `unit` minor units. */
async function lotteryOrder(p: Player, code: string, issueId: string, unit: bigint, sides: string[]) {
  const r = await call(p, 'POST', '/wps/lottery/bets', {
    requestId: randomUUID(),
    gameCode: code,
    issueId,
    bets: [{ code: 'ssc.bsoe.sum', selection: { sides }, unitStake: String(unit) }],
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value as { charge: string; reference: string; bets: { ref: string }[] };
}

/** The clock past the draw of `drawsAt`, then the draw job (close → draw → settle). */
async function drawPast(drawsAt: string) {
  now = Math.max(now, Date.parse(drawsAt) + 1000);
  await t.app.modules.lottery.schedule();
  await t.app.modules.lottery.advance();
}

async function deposit(p: Player, amount: string): Promise<void> {
  const o = await call(p, 'POST', '/wps/deposit/orders', { methodCode: 'SANDBOX', amount, requestId: randomUUID() });
  expect(o.statusCode, o.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: o.json().value.payUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(paid.statusCode).toBe(303);
}

describe('lottery settlements feed the play events', () => {
  it('one event per member and issue with the charge of its bets; wagering and a mission advance; replays count once', async () => {
    // A first-deposit bonus counting ELOTT at 100 % (lottery counts only where the operator says so).
    const promo = await admin('POST', '/admin/api/promotions', {
      title: `Lottery ${randomUUID().slice(0, 6)}`,
      content: '<p>x</p>',
    });
    expect(promo.statusCode, promo.body).toBe(200);
    const promoId = promo.json().value.id as string;
    const offer = await admin('PUT', `/admin/api/promotions/${promoId}/bonus`, {
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
      contributions: { ELOTT: 100 },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const mission = await admin('POST', '/admin/api/rewards/missions', {
      kind: 'bet_amount',
      period: 'daily',
      category: 'elott',
      title: 'Bet 50 on the fast lottery',
      target: String(50n * UNIT),
      reward: '100',
    });
    expect(mission.statusCode, mission.body).toBe(200);
    const missionId = mission.json().value.id as string;

    const p = await newPlayer(t, demo);
    const q = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const joined = await call(p, 'POST', '/wps/bonus/join', { promotionId: promoId });
    expect(joined.statusCode, joined.body).toBe(200);
    await deposit(p, '100.00');
    await drain();
    const bal = async () => {
      const b = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberBonus(p.id)]);
      return { main: b[memberMain(p.id)]!.balance, bonus: b[memberBonus(p.id)]!.balance };
    };
    expect(await bal()).toEqual({ main: 100n * UNIT, bonus: 100n * UNIT });

    // Two orders of p on one issue (one event), one of q; an order of p cancelled while open counts nothing.
    const g = await lotteryGame('elott-ssc-1m');
    const issueId = g.current.issueId;
    const a = await lotteryOrder(p, 'elott-ssc-1m', issueId, 10n * UNIT, ['big', 'small']); // 20
    const b = await lotteryOrder(p, 'elott-ssc-1m', issueId, 10n * UNIT, ['odd']); // 10
    const c = await lotteryOrder(p, 'elott-ssc-1m', issueId, 5n * UNIT, ['even']); // 5, cancelled
    const cancel = await call(p, 'POST', `/wps/lottery/bets/${c.bets[0]!.ref}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await lotteryOrder(q, 'elott-ssc-1m', issueId, 1n * UNIT, ['big']);
    expect(BigInt(a.charge) + BigInt(b.charge)).toBe(30n * UNIT);

    // Nothing before the settlement.
    await drain();
    expect(betsOf(p)).toHaveLength(0);
    await drawPast(g.current.drawsAt);
    const settled = await t.app.inject({ method: 'GET', url: `/lgw/lottery/issues/${issueId}?gameCode=elott-ssc-1m` });
    expect(settled.json().value.status).toBe('settled');
    await drain();

    const [ev] = betsOf(p);
    expect(betsOf(p)).toHaveLength(1);
    expect(ev).toMatchObject({ product: 'lottery', category: 'ELOTT', gameCode: 'elott-ssc-1m' });
    expect(ev!.id).toMatch(/^lottery:\d+:\d+$/);
    expect([ev!.stake, ev!.validBet]).toEqual([30n * UNIT, 30n * UNIT]);
    expect(betsOf(q).map((e) => e.stake)).toEqual([1n * UNIT]);

    // The bonus counts the lottery at 100 %: 30 of 100 wagered; the ELOTT mission at 30 of 50.
    const wagered = async () => (await call(p, 'GET', '/wps/bonus')).json().value.active?.wagered as string | undefined;
    expect(await wagered()).toBe(String(30n * UNIT));
    const progress = async () => {
      const list = (await call(p, 'GET', '/wps/rewards/missions')).json().value.list as {
        id: string;
        progress: string;
      }[];
      return list.find((m) => m.id === missionId)?.progress;
    };
    expect(await progress()).toBe(String(30n * UNIT));

    // Replayed and reordered: the same references published again (newest first) and every cursor reset.
    const [issuePk, memberId] = ev!.id.slice('lottery:'.length).split(':');
    await t.database.all.transaction().execute((trx) =>
      t.app.modules.playEvents.publishRefs(trx, [
        { merchantId: demo.id, source: 'lottery', ref: `${issuePk}:${q.id}` },
        { merchantId: demo.id, source: 'lottery', ref: `${issuePk}:${memberId}` },
        { merchantId: demo.id, source: 'lottery', ref: `${issuePk}:${memberId}` },
      ]),
    );
    await t.database.all.deleteFrom('play_event_cursors').execute();
    await drain();
    expect(betsOf(p)).toHaveLength(1);
    expect(await wagered()).toBe(String(30n * UNIT));
    expect(await progress()).toBe(String(30n * UNIT));

    // A second issue's 70 completes both: the bonus converts (100 to main), the mission is claimable.
    const g2 = await lotteryGame('elott-ssc-1m');
    expect(g2.current.issueId).not.toBe(issueId);
    await lotteryOrder(p, 'elott-ssc-1m', g2.current.issueId, 35n * UNIT, ['big', 'small']);
    await drawPast(g2.current.drawsAt);
    await drain();
    expect(betsOf(p).map((e) => e.stake)).toEqual([30n * UNIT, 70n * UNIT]);
    const s = (await call(p, 'GET', '/wps/bonus')).json().value;
    expect(s.active).toBeNull();
    expect(s.history[0]).toMatchObject({ status: 'converted' });
    expect((await bal()).bonus).toBe(0n);
    const list = (await call(p, 'GET', '/wps/rewards/missions')).json().value.list as {
      id: string;
      completed: boolean;
    }[];
    expect(list.find((m) => m.id === missionId)?.completed).toBe(true);
  });

  it('an unsettled or unknown reference resolves to nothing (no event, no error)', async () => {
    const before = seen.length;
    await t.database.all.transaction().execute((trx) =>
      t.app.modules.playEvents.publishRefs(trx, [
        { merchantId: demo.id, source: 'lottery', ref: '999999999:1' },
        { merchantId: demo.id, source: 'lottery', ref: 'not-a-ref' },
      ]),
    );
    await drain();
    expect(seen.length).toBe(before);
  });
});

describe("a vendor's valid bet", () => {
  it('counts what the vendor reports on the closing win (opposite bets netted), never above the stake', async () => {
    t.app.modules.games.registerProvider({
      adapter: 'demo',
      launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
    });
    const list = await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' });
    const node = list.json().value.content[0].nodeId as string;
    const vendor = vendorClient(t, demo, 'DEMO', () => now);
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    const session = await launchToken(t, p, node);
    /** A round of two bets (banker and player) closed by a win carrying `validBet`. */
    async function round(banker: bigint, player: bigint, win: bigint, validBet?: bigint) {
      const roundId = `r-${randomUUID()}`;
      const txs = [`b-${randomUUID()}`, `b-${randomUUID()}`];
      for (const [i, amount] of [banker, player].entries()) {
        const bet = await vendor.call('bet', {
          player_id: String(p.id),
          round_id: roundId,
          session_token: session,
          tx_id: txs[i],
          amount: String(amount),
          game_code: 'demo-baccarat',
        });
        expect(bet.json.status, bet.text).toBe('OK');
      }
      const body = {
        player_id: String(p.id),
        round_id: roundId,
        tx_id: `w-${randomUUID()}`,
        bet_tx_id: txs[0],
        amount: String(win),
        round_closed: true,
        ...(validBet !== undefined && { valid_bet: String(validBet) }),
      };
      const won = await vendor.call('win', body);
      expect(won.json.status, won.text).toBe('OK');
      // A replay of the win moves nothing and keeps the first valid bet.
      const again = await vendor.call('win', { ...body, valid_bet: '1' });
      expect(again.json.status, again.text).toBe('OK');
    }
    await round(300n * UNIT, 100n * UNIT, 0n, 200n * UNIT); // |300 − 100| = 200
    await round(100n * UNIT, 100n * UNIT, 200n * UNIT, 0n); // fully hedged: nothing counts
    await round(50n * UNIT, 50n * UNIT, 0n, 10_000n * UNIT); // reported above the stake: capped at 100
    await round(20n * UNIT, 10n * UNIT, 0n); // nothing reported: the whole stake
    // A malformed valid bet is refused before anything moves.
    const bad = await vendor.call('win', {
      player_id: String(p.id),
      round_id: 'r-bad',
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: 'b-none',
      amount: '0',
      valid_bet: '-5',
    });
    expect(bad.statusCode).toBe(400);
    await drain();
    expect(betsOf(p).map((e) => [e.stake, e.validBet])).toEqual([
      [400n * UNIT, 200n * UNIT],
      [200n * UNIT, 0n],
      [100n * UNIT, 100n * UNIT],
      [30n * UNIT, 30n * UNIT],
    ]);
  });
});
