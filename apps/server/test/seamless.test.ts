import { randomUUID } from 'node:crypto';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import { gameConfig } from '@sea/games';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { runConformance, type WalletCaller } from '../src/cli/wallet-conformance/scenarios.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Conformance of our seamless wallet with money-design §2.8/§2.9: the union of the public certification suites
 * (Evolution One Wallet, Blue Ocean, Fundist, Jackpot Studio, SoftSwiss take-home, Phoenix), on both databases.
 */
let t: TestApp;
let demo: Merchant;
let vendor: ReturnType<typeof vendorClient>;
let gameId: string;
let now = Date.now();
let asAdmin: (method: 'GET' | 'PATCH', url: string, payload?: object) => Promise<{ statusCode: number; body: string }>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  // The vendor's launch adapter: the URL carries the session token, as a real vendor's would.
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  gameId = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' })).json().value
    .content[0].nodeId;
  vendor = vendorClient(t, demo, 'DEMO', () => now);
  const admin = await createTestAdmin(t);
  asAdmin = (method, url, payload) =>
    t.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });
  // The protocol cases below bet small amounts (from 1 minor unit) on the baccarat table: its seeded minimum of
  // 10 PHP is lifted for them; the table limits have their own case (BET_LIMIT) on another game.
  const lifted = await asAdmin('PATCH', `/admin/api/games/${gameId}`, { minBet: null });
  expect(lifted.statusCode, lifted.body).toBe(200);
});
// §2.9: the ledger's audit queries after every scenario, not only at the end.
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;

/** A funded player with a live session at the vendor. */
async function player(fund = 100_000n) {
  const p = await newPlayer(t, demo, { fund });
  const token = await launchToken(t, p, gameId);
  return { ...p, session: token, pid: String(p.id) };
}

const bet = (p: { pid: string; session: string }, amount: string, extra: Record<string, unknown> = {}) => ({
  player_id: p.pid,
  session_token: p.session,
  round_id: `r-${randomUUID()}`,
  tx_id: `b-${randomUUID()}`,
  amount,
  game_code: 'demo-baccarat',
  ...extra,
});

describe('signature and shape', () => {
  it('refuses a missing, wrong or tampered signature, a stale timestamp and an unknown caller, moving nothing', async () => {
    const p = await player();
    const body = bet(p, '100');
    const cases = [
      await vendor.call('bet', body, { signature: 'f'.repeat(64) }),
      await vendor.call('bet', body, { signature: 'nothex' }),
      await vendor.call('bet', body, { tamper: (raw) => raw.replace('"100"', '"1"') }),
      await vendor.call('bet', body, { timestamp: Math.floor(now / 1000) - 31 }),
      await vendor.call('bet', body, { timestamp: Math.floor(now / 1000) + 31 }),
      await vendor.call('bet', body, { vendor: 'SEA' }), // signed with DEMO's key, claims SEA
      await vendor.call('bet', body, { vendor: 'NOPE' }),
    ];
    for (const r of cases) {
      expect(r.statusCode).toBe(401);
      expect(r.json.status).toBe('INVALID_SIGNATURE');
    }
    expect(await balance(p)).toBe(100_000n);
  });

  it('answers BAD_REQUEST for malformed bodies and ignores unknown fields', async () => {
    const p = await player();
    for (const body of [
      { ...bet(p, '100'), amount: 100 },
      { ...bet(p, '100'), amount: '-5' },
      { ...bet(p, '100'), amount: '1.5' },
      { ...bet(p, '100'), tx_id: '' },
      { ...bet(p, '100'), tx_id: 'x'.repeat(101) },
      { ...bet(p, '100'), round_id: undefined },
    ]) {
      const r = await vendor.call('bet', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json.status).toBe('BAD_REQUEST');
    }
    const ok = await vendor.call('bet', { ...bet(p, '100'), someFakeField: { deep: true }, unicode: 'Đá gà 🐓' });
    expect(ok.json.status).toBe('OK');
    expect(await balance(p)).toBe(99_900n);
  });
});

describe('balance and sessions', () => {
  it('answers the balance to a live session; refuses unknown players, other tokens and other currencies', async () => {
    const p = await player(12_345n);
    expect((await vendor.call('balance', { player_id: p.pid, session_token: p.session })).json).toMatchObject({
      status: 'OK',
      balance: '12345',
      currency: demo.currency,
    });
    expect((await vendor.call('balance', { player_id: '999999999', session_token: p.session })).json.status).toBe(
      'PLAYER_NOT_FOUND',
    );
    const other = await player();
    expect((await vendor.call('balance', { player_id: p.pid, session_token: other.session })).json.status).toBe(
      'INVALID_TOKEN',
    );
    expect((await vendor.call('balance', { player_id: p.pid })).json.status).toBe('INVALID_TOKEN');
    expect(
      (await vendor.call('balance', { player_id: p.pid, session_token: p.session, currency: 'XXX' })).json.status,
    ).toBe('WRONG_CURRENCY');
  });

  it('refuses a bet on an expired session but accepts its win and rollback (results arrive late)', async () => {
    const p = await player();
    const b1 = bet(p, '500');
    const b2 = bet(p, '300');
    expect((await vendor.call('bet', b1)).json.status).toBe('OK');
    expect((await vendor.call('bet', b2)).json.status).toBe('OK');
    const saved = now;
    now += 13 * 3_600_000; // the 12-hour session is over
    try {
      expect((await vendor.call('bet', bet(p, '100'))).json.status).toBe('TOKEN_EXPIRED');
      expect((await vendor.call('balance', { player_id: p.pid, session_token: p.session })).json.status).toBe(
        'TOKEN_EXPIRED',
      );
      const win = await vendor.call('win', {
        player_id: p.pid,
        round_id: b1.round_id,
        tx_id: `w-${randomUUID()}`,
        bet_tx_id: b1.tx_id,
        amount: '1000',
      });
      expect(win.json.status).toBe('OK');
      const rb = await vendor.call('rollback', {
        player_id: p.pid,
        tx_id: `rb-${randomUUID()}`,
        original_tx_id: b2.tx_id,
      });
      expect(rb.json.status).toBe('OK');
    } finally {
      now = saved;
    }
    expect(await balance(p)).toBe(100_000n - 500n + 1000n);
  });
});

describe('bet, win, rollback', () => {
  it('debit then credit: the balance moves, the round settles and shows in the bet records', async () => {
    const p = await player(10_000n);
    const b = bet(p, '2500');
    const r1 = await vendor.call('bet', b);
    expect(r1.json).toMatchObject({ status: 'OK', balance: '7500', tx_id: b.tx_id });
    const w = {
      player_id: p.pid,
      round_id: b.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: b.tx_id,
      amount: '6000',
      summary: 'Banker wins 7–5',
    };
    expect((await vendor.call('win', w)).json).toMatchObject({ status: 'OK', balance: '13500' });
    const records = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: { authorization: `Bearer ${p.token}` } })
    ).json().value;
    expect(records.items).toHaveLength(1);
    expect(records.items[0]).toMatchObject({
      roundRef: b.round_id,
      gameName: 'Demo Baccarat',
      gameType: 'LIVE',
      vassalage: 'DEMO',
      stake: '2500',
      payout: '6000',
      net: '3500',
      status: 'settled',
      summary: 'Banker wins 7–5',
      verifiable: false,
    });
    expect(records.totals).toEqual({ stake: '2500', payout: '6000', net: '3500' });
  });

  it('a zero bet (free spin) and a zero win (a lost round) are recorded and move nothing; a big payout is exact', async () => {
    const p = await player(1_000n);
    const free = bet(p, '0');
    expect((await vendor.call('bet', free)).json).toMatchObject({ status: 'OK', balance: '1000' });
    const lost = bet(p, '1000');
    expect((await vendor.call('bet', lost)).json.balance).toBe('0');
    const zero = {
      player_id: p.pid,
      round_id: lost.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: lost.tx_id,
      amount: '0',
    };
    expect((await vendor.call('win', zero)).json).toMatchObject({ status: 'OK', balance: '0' });
    const big = bet(p, '0');
    await vendor.call('bet', big);
    const payout = '6372709234'; // 63,727,092.34 (Evolution's big-payout case)
    const won = await vendor.call('win', {
      player_id: p.pid,
      round_id: big.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: big.tx_id,
      amount: payout,
    });
    expect(won.json.balance).toBe(payout);
    // and back out again
    expect((await vendor.call('bet', bet(p, payout))).json).toMatchObject({ status: 'OK', balance: '0' });
  });

  it('refuses a bet above the balance with INSUFFICIENT_FUNDS and the balance; a retry gets the same bytes', async () => {
    const p = await player(1_000n);
    const b = bet(p, '1001');
    const first = await vendor.call('bet', b);
    expect(first.json).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '1000' });
    await t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'test_funding',
      key: `top-up:${p.id}`,
      kind: 'adjustment',
      memberId: p.id,
      legs: [{ debit: 'sys:adjustments:0', credit: memberMain(p.id), amount: 5_000n, code: 'adjustment' }],
    });
    // Final for its tx id: the stored refusal comes back (balance as it was then), and nothing moves.
    const again = await vendor.call('bet', b);
    expect(again.text).toBe(first.text);
    expect(await balance(p)).toBe(6_000n);
  });

  it('a retry with the same body answers byte for byte; another body under the same tx id is DUPLICATE_MISMATCH', async () => {
    const p = await player(10_000n);
    const b = bet(p, '700');
    const first = await vendor.call('bet', b);
    const retry = await vendor.call('bet', { ...b, request_id: 'another attempt id' });
    expect(retry.text).toBe(first.text);
    for (const changed of [{ amount: '701' }, { round_id: 'other-round' }, { currency: 'USD' }]) {
      const r = await vendor.call('bet', { ...b, ...changed });
      expect(['DUPLICATE_MISMATCH', 'WRONG_CURRENCY']).toContain(r.json.status);
    }
    const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${randomUUID()}`, bet_tx_id: b.tx_id, amount: '100' };
    const won = await vendor.call('win', w);
    expect((await vendor.call('win', w)).text).toBe(won.text);
    expect((await vendor.call('win', { ...w, amount: '900' })).json.status).toBe('DUPLICATE_MISMATCH');
    // The same tx id cannot become another kind of call either.
    expect(
      (await vendor.call('rollback', { player_id: p.pid, tx_id: b.tx_id, original_tx_id: b.tx_id })).json.status,
    ).toBe('DUPLICATE_MISMATCH');
    expect(await balance(p)).toBe(10_000n - 700n + 100n);
  });

  it('two players may use the same round and tx ids: each is processed separately', async () => {
    const a = await player(5_000n);
    const b = await player(5_000n);
    const ids = { round_id: 'shared-round', tx_id: 'shared-tx' };
    expect((await vendor.call('bet', bet(a, '1000', ids))).json.status).toBe('OK');
    expect((await vendor.call('bet', bet(b, '2000', ids))).json.status).toBe('OK');
    expect(await balance(a)).toBe(4_000n);
    expect(await balance(b)).toBe(3_000n);
  });

  it('a win for a bet never seen is TX_NOT_FOUND and not final: once the bet arrives, the win goes through', async () => {
    const p = await player(5_000n);
    const b = bet(p, '1000');
    const w = {
      player_id: p.pid,
      round_id: b.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: b.tx_id,
      amount: '3000',
    };
    expect((await vendor.call('win', w)).json.status).toBe('TX_NOT_FOUND');
    expect((await vendor.call('bet', b)).json.status).toBe('OK');
    expect((await vendor.call('win', w)).json.status).toBe('OK');
    expect(await balance(p)).toBe(7_000n);
  });

  it('a rollback before its bet leaves a tombstone: OK now, and the late bet is refused without moving money', async () => {
    const p = await player(5_000n);
    const b = bet(p, '1000');
    const rb = { player_id: p.pid, tx_id: `rb-${randomUUID()}`, original_tx_id: b.tx_id, round_id: b.round_id };
    expect((await vendor.call('rollback', rb)).json).toMatchObject({ status: 'OK', balance: '5000' });
    expect((await vendor.call('bet', b)).json).toMatchObject({ status: 'ALREADY_SETTLED', balance: '5000' });
    expect(await balance(p)).toBe(5_000n);
  });

  it('rollback: refunds once; a repeat answers the same; another rollback, a win after it, a bet on the round: ALREADY_SETTLED', async () => {
    const p = await player(5_000n);
    const b = bet(p, '1500');
    await vendor.call('bet', b);
    const rb = { player_id: p.pid, tx_id: `rb-${randomUUID()}`, original_tx_id: b.tx_id };
    const first = await vendor.call('rollback', rb);
    expect(first.json).toMatchObject({ status: 'OK', balance: '5000' });
    expect((await vendor.call('rollback', rb)).text).toBe(first.text);
    expect((await vendor.call('rollback', { ...rb, tx_id: `rb-${randomUUID()}` })).json.status).toBe('ALREADY_SETTLED');
    const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${randomUUID()}`, bet_tx_id: b.tx_id, amount: '900' };
    expect((await vendor.call('win', w)).json.status).toBe('ALREADY_SETTLED');
    expect((await vendor.call('bet', bet(p, '100', { round_id: b.round_id }))).json.status).toBe('ALREADY_SETTLED');
    expect(await balance(p)).toBe(5_000n);
    const round = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/game/bets?status=rolled_back',
        headers: { authorization: `Bearer ${p.token}` },
      })
    ).json().value.items;
    expect(round).toMatchObject([{ roundRef: b.round_id, status: 'rolled_back', stake: '0', payout: '0' }]);
  });

  it('a rollback after the win is ALREADY_SETTLED and changes nothing', async () => {
    const p = await player(5_000n);
    const b = bet(p, '1000');
    await vendor.call('bet', b);
    await vendor.call('win', {
      player_id: p.pid,
      round_id: b.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: b.tx_id,
      amount: '2500',
    });
    const rb = await vendor.call('rollback', {
      player_id: p.pid,
      tx_id: `rb-${randomUUID()}`,
      original_tx_id: b.tx_id,
    });
    expect(rb.json).toMatchObject({ status: 'ALREADY_SETTLED', balance: '6500' });
    expect(await balance(p)).toBe(6_500n);
  });

  it('multi-step rounds: two bets, one rolled back, then the win settles the round', async () => {
    const p = await player(10_000n);
    const round_id = `r-${randomUUID()}`;
    const b1 = bet(p, '1000', { round_id });
    const b2 = bet(p, '2000', { round_id });
    await vendor.call('bet', b1);
    await vendor.call('bet', b2);
    await vendor.call('rollback', { player_id: p.pid, tx_id: `rb-${randomUUID()}`, original_tx_id: b2.tx_id });
    const w = await vendor.call('win', {
      player_id: p.pid,
      round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: b1.tx_id,
      amount: '1800',
    });
    expect(w.json).toMatchObject({ status: 'OK', balance: String(10_000 - 1000 + 1800) });
    const records = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: { authorization: `Bearer ${p.token}` } })
    ).json().value.items;
    expect(records).toMatchObject([{ roundRef: round_id, stake: '1000', payout: '1800', status: 'settled' }]);
    // A second win on the settled round is refused.
    const again = await vendor.call('win', {
      player_id: p.pid,
      round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: b1.tx_id,
      amount: '1',
    });
    expect(again.json.status).toBe('ALREADY_SETTLED');
  });

  it('refuses a disabled player’s bet (PLAYER_BLOCKED) and an unknown game (GAME_NOT_FOUND)', async () => {
    const p = await player(5_000n);
    expect((await vendor.call('bet', bet(p, '10', { game_code: 'no-such-game' }))).json.status).toBe('GAME_NOT_FOUND');
    await t.database.all.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.id).execute();
    expect((await vendor.call('bet', bet(p, '10'))).json.status).toBe('PLAYER_BLOCKED');
    expect(await balance(p)).toBe(5_000n);
  });
});

describe('bet limits', () => {
  it('refuses a bet below the game’s minimum or above its maximum with BET_LIMIT, stored; a zero bet always passes', async () => {
    const football = (
      await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=SPORTS' })
    ).json().value.content[0];
    expect(football.gameCode).toBe('demo-football');
    expect((await asAdmin('PATCH', `/admin/api/games/${football.nodeId}`, { maxBet: '50000' })).statusCode).toBe(200);
    const p = await player(100_000n);
    const onFootball = (amount: string) => bet(p, amount, { game_code: 'demo-football' });
    // The seed's minimum is 10 PHP (1000 minor units); the operator set 500 PHP as the maximum.
    const low = onFootball('999');
    const first = await vendor.call('bet', low);
    expect(first.statusCode).toBe(200);
    expect(first.json).toMatchObject({ status: 'BET_LIMIT', balance: '100000', tx_id: low.tx_id });
    const high = await vendor.call('bet', onFootball('50001'));
    expect(high.json).toMatchObject({ status: 'BET_LIMIT', balance: '100000' });
    expect(await balance(p)).toBe(100_000n);
    // Final for its tx id, like INSUFFICIENT_FUNDS: the same bytes again, nothing moves, even within the limits now.
    await asAdmin('PATCH', `/admin/api/games/${football.nodeId}`, { minBet: '1' });
    expect((await vendor.call('bet', low)).text).toBe(first.text);
    const stored = await t.database.all
      .selectFrom('game_transactions')
      .select(['status', 'response'])
      .where('member_id', '=', p.id)
      .where('tx_ref', '=', low.tx_id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'refused', response: first.text });
    await asAdmin('PATCH', `/admin/api/games/${football.nodeId}`, { minBet: '1000' });
    // The limits themselves and a free spin pass.
    expect((await vendor.call('bet', onFootball('0'))).json).toMatchObject({ status: 'OK', balance: '100000' });
    expect((await vendor.call('bet', onFootball('1000'))).json).toMatchObject({ status: 'OK', balance: '99000' });
    expect((await vendor.call('bet', onFootball('50000'))).json).toMatchObject({ status: 'OK', balance: '49000' });
    // The operator lifts the maximum: it applies at once.
    await asAdmin('PATCH', `/admin/api/games/${football.nodeId}`, { maxBet: null });
    expect((await vendor.call('bet', onFootball('40000'))).json).toMatchObject({ status: 'OK', balance: '9000' });
    expect(await balance(p)).toBe(9_000n);
  });

  it('our own games’ bet levels are within the seeded limits of their games', async () => {
    const unit = 10n ** BigInt(demo.currencyExponent);
    const rows = await t.database.all
      .selectFrom('games')
      .select(['game_code', 'min_bet', 'max_bet'])
      .where('merchant_id', '=', demo.id)
      .where('vendor_code', '=', 'SEA')
      .where('category', '=', 'RNG')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const g of rows) {
      const c = gameConfig(g.game_code);
      // The smallest stake: the lowest level on one line / one coin; the largest: the highest on every line / coin.
      const smallest = BigInt(Math.min(...c.betLevels)) * unit;
      const per = c.kind === 'slot' ? c.lines.length : c.kind === 'video-poker' ? c.maxCoins : 1;
      const largest = BigInt(Math.max(...c.betLevels) * per) * unit;
      expect(g.min_bet === null || g.min_bet <= smallest, g.game_code).toBe(true);
      expect(g.max_bet === null || g.max_bet >= largest, g.game_code).toBe(true);
    }
  });
});

describe('concurrency', () => {
  it('50 simultaneous bets of 300 on 10,000: exactly the 33 affordable ones pass, never below zero', async () => {
    const p = await player(10_000n);
    const results = await Promise.all(Array.from({ length: 50 }, () => vendor.call('bet', bet(p, '300'))));
    const ok = results.filter((r) => r.json.status === 'OK').length;
    expect(ok).toBe(33);
    expect(results.filter((r) => r.json.status === 'INSUFFICIENT_FUNDS')).toHaveLength(17);
    expect(await balance(p)).toBe(100n);
  });

  it('the same bet delivered 20 times at once: one debit, 20 identical answers', async () => {
    const p = await player(10_000n);
    const b = bet(p, '1234');
    const results = await Promise.all(Array.from({ length: 20 }, () => vendor.call('bet', b)));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results[0]!.json.status).toBe('OK');
    expect(await balance(p)).toBe(10_000n - 1234n);
  });

  it('a bet and its rollback racing each other never keep the stake: refused and tombstoned, or taken and refunded', async () => {
    const p = await player(1_000_000n);
    const pairs = Array.from({ length: 60 }, () => bet(p, '100'));
    const outcomes = await Promise.all(
      pairs.map(async (b) => {
        const rb = { player_id: p.pid, tx_id: `rb-${b.tx_id}`, original_tx_id: b.tx_id, round_id: b.round_id };
        const [placed, rolled] = await Promise.all([vendor.call('bet', b), vendor.call('rollback', rb)]);
        return [placed.json.status, rolled.json.status];
      }),
    );
    for (const [placed, rolled] of outcomes) {
      expect(rolled).toBe('OK');
      expect(['OK', 'ALREADY_SETTLED']).toContain(placed);
    }
    // Whatever the order, every stake taken was given back.
    expect(await balance(p)).toBe(1_000_000n);
  });

  it('a win and a rollback of the same bet racing: exactly one of them applies', async () => {
    const p = await player(1_000_000n);
    const rounds = Array.from({ length: 40 }, () => bet(p, '100'));
    for (const b of rounds) expect((await vendor.call('bet', b)).json.status).toBe('OK');
    const results = await Promise.all(
      rounds.map(async (b) => {
        const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${b.tx_id}`, bet_tx_id: b.tx_id, amount: '250' };
        const rb = { player_id: p.pid, tx_id: `rb-${b.tx_id}`, original_tx_id: b.tx_id, round_id: b.round_id };
        const [won, rolled] = await Promise.all([vendor.call('win', w), vendor.call('rollback', rb)]);
        return { won: won.json.status === 'OK', rolled: rolled.json.status === 'OK' };
      }),
    );
    for (const r of results) expect(r.won !== r.rolled, JSON.stringify(r)).toBe(true);
    const wins = results.filter((r) => r.won).length;
    expect(await balance(p)).toBe(1_000_000n - 100n * BigInt(wins) + 250n * BigInt(wins));
  });

  it('parallel rounds of one player with wins and duplicate deliveries end at the exact balance', async () => {
    const p = await player(50_000n);
    const rounds = Array.from({ length: 20 }, (_, i) => ({
      b: bet(p, String(100 + i)),
      win: String(i % 3 === 0 ? 0 : 150 + i),
    }));
    await Promise.all(
      rounds.map(async ({ b, win }) => {
        await Promise.all([vendor.call('bet', b), vendor.call('bet', b)]);
        const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${b.tx_id}`, bet_tx_id: b.tx_id, amount: win };
        await Promise.all([vendor.call('win', w), vendor.call('win', w)]);
      }),
    );
    const expected = rounds.reduce((acc, { b, win }) => acc - BigInt(b.amount) + BigInt(win), 50_000n);
    expect(await balance(p)).toBe(expected);
  });
});

describe('more certification cases (money-design §2.9)', () => {
  it('refuses a call without signature or timestamp headers (401) and moves nothing', async () => {
    const p = await player(1_000n);
    const raw = JSON.stringify({ request_id: randomUUID(), currency: demo.currency, ...bet(p, '100') });
    const base = {
      'content-type': 'application/json',
      [SEAMLESS_HEADERS.operator]: demo.code,
      [SEAMLESS_HEADERS.vendor]: 'DEMO',
    };
    for (const headers of [
      base,
      { ...base, [SEAMLESS_HEADERS.timestamp]: String(Math.floor(now / 1000)) },
      { ...base, [SEAMLESS_HEADERS.signature]: 'a'.repeat(64) },
    ]) {
      const r = await t.app.inject({ method: 'POST', url: `${SEAMLESS_PATH}/bet`, headers, payload: raw });
      expect(r.statusCode).toBe(401);
      expect(r.json().status).toBe('INVALID_SIGNATURE');
    }
    expect(await balance(p)).toBe(1_000n);
  });

  it('hostile strings as ids (SQL, markup, Unicode) are plain data: played once, shown verbatim in the records', async () => {
    const p = await player(10_000n);
    const round_id = `r'); DROP TABLE game_rounds; -- <script>alert(1)</script> 🐓`;
    const b = bet(p, '1000', { round_id, tx_id: `' OR '1'='1` });
    expect((await vendor.call('bet', b)).json.status).toBe('OK');
    expect((await vendor.call('bet', b)).json.status).toBe('OK'); // the replay, not a second debit
    const w = { player_id: p.pid, round_id, tx_id: `"; SELECT pg_sleep(5); --`, bet_tx_id: b.tx_id, amount: '1500' };
    expect((await vendor.call('win', w)).json.status).toBe('OK');
    expect(await balance(p)).toBe(10_500n);
    const records = (
      await t.app.inject({ method: 'GET', url: '/wps/game/bets', headers: { authorization: `Bearer ${p.token}` } })
    ).json().value.items;
    expect(records).toMatchObject([{ roundRef: round_id, stake: '1000', payout: '1500', status: 'settled' }]);
  });

  it('100 debits, then 100 zero credits (Evolution MULTIPLE_DOND_SETTLEMENTS): every round settled, balance exact', async () => {
    const p = await player(100_000n);
    const bets = Array.from({ length: 100 }, (_, i) => bet(p, String(100 + i)));
    for (const b of bets) expect((await vendor.call('bet', b)).json.status).toBe('OK');
    const staked = bets.reduce((sum, b) => sum + BigInt(b.amount), 0n);
    expect(await balance(p)).toBe(100_000n - staked);
    for (const b of bets) {
      const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${b.tx_id}`, bet_tx_id: b.tx_id, amount: '0' };
      expect((await vendor.call('win', w)).json.status).toBe('OK');
    }
    expect(await balance(p)).toBe(100_000n - staked);
    const settled = (
      await t.app.inject({
        method: 'GET',
        url: '/wps/game/bets?status=settled&pageSize=100',
        headers: { authorization: `Bearer ${p.token}` },
      })
    ).json().value;
    expect(settled.total).toBe(100);
    expect(settled.totals).toEqual({ stake: String(staked), payout: '0', net: String(-staked) });
  });

  it('a failure inside the call answers 503 TEMPORARY_ERROR with nothing kept; the retry with the same ids debits once', async () => {
    const p = await player(5_000n);
    const b = bet(p, '1200');
    const ledger = t.app.modules.ledger;
    // The stake is one ledger post (main first, then bonus money: games/seamless.funding.ts).
    const post = ledger.post;
    ledger.post = () => Promise.reject(new Error('connection lost'));
    let failed;
    try {
      failed = await vendor.call('bet', b);
    } finally {
      ledger.post = post;
    }
    expect(failed.statusCode).toBe(503);
    expect(failed.json.status).toBe('TEMPORARY_ERROR');
    expect(await balance(p)).toBe(5_000n);
    const retry = await vendor.call('bet', b);
    expect(retry.json).toMatchObject({ status: 'OK', balance: '3800' });
    expect((await vendor.call('bet', b)).text).toBe(retry.text);
    expect(await balance(p)).toBe(3_800n);
  });
});

describe('permanent refusals, references and session replacement (issue 26)', () => {
  it('a tx_id or round_id with NUL or a lone surrogate is a permanent BAD_REQUEST on every retry, moving nothing', async () => {
    const p = await player(5_000n);
    const placed = bet(p, '100');
    expect((await vendor.call('bet', placed)).json.status).toBe('OK');
    const cases: Array<['bet' | 'win' | 'rollback', Record<string, unknown>]> = [
      ['bet', bet(p, '100', { tx_id: 'b-\u0000-x' })],
      ['bet', bet(p, '100', { round_id: 'r-\u0000' })],
      ['bet', bet(p, '100', { tx_id: 'b-\ud800' })],
      ['win', { player_id: p.pid, round_id: placed.round_id, tx_id: 'w\u0000', bet_tx_id: placed.tx_id, amount: '5' }],
      ['win', { player_id: p.pid, round_id: 'r\u0000', tx_id: 'w-1', bet_tx_id: placed.tx_id, amount: '5' }],
      ['rollback', { player_id: p.pid, tx_id: 'rb\u0000', original_tx_id: placed.tx_id }],
      ['rollback', { player_id: p.pid, tx_id: 'rb-1', original_tx_id: 'b\u0000' }],
    ];
    for (const [op, body] of cases)
      for (let attempt = 0; attempt < 2; attempt++) {
        const r = await vendor.call(op, body);
        expect([r.statusCode, r.json.status], `${op} ${JSON.stringify(body)}`).toEqual([400, 'BAD_REQUEST']);
      }
    expect(await balance(p)).toBe(4_900n);
    // An unknown extra field is ignored, whatever it holds.
    expect((await vendor.call('bet', bet(p, '100', { vendor_note: 'x\u0000\ud800' }))).json.status).toBe('OK');
  });

  it('every accepted call carries our wallet reference, zero bets and wins and early rollbacks too; a retry the same', async () => {
    const p = await player(1_000n);
    const free = bet(p, '0');
    const first = await vendor.call('bet', free);
    const ref = (first.json as { wallet_tx_id?: string }).wallet_tx_id;
    expect(first.json.status).toBe('OK');
    expect(ref).toMatch(/^\d+$/);
    expect((await vendor.call('bet', free)).text).toBe(first.text);
    const zeroWin = await vendor.call('win', {
      player_id: p.pid,
      round_id: free.round_id,
      tx_id: `w-${randomUUID()}`,
      bet_tx_id: free.tx_id,
      amount: '0',
    });
    const paid = await vendor.call('bet', bet(p, '10'));
    const early = await vendor.call('rollback', {
      player_id: p.pid,
      tx_id: `rb-${randomUUID()}`,
      original_tx_id: 'never',
    });
    const refs = [first, zeroWin, paid, early].map((r) => {
      expect(r.json.status).toBe('OK');
      return (r.json as { wallet_tx_id?: string }).wallet_tx_id;
    });
    expect(new Set(refs).size).toBe(4);
    // The reference names the wallet transaction that recorded the call.
    const row = await t.database.all
      .selectFrom('game_transactions')
      .select(['tx_ref', 'amount'])
      .where('id', '=', BigInt(ref!))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ tx_ref: free.tx_id, amount: 0n });
  });

  it('session replacement is the vendor’s setting: off, two launches both play; on, a launch ends the earlier session', async () => {
    const p = await player(10_000n);
    const second = await launchToken(t, p, gameId);
    for (const session of [p.session, second])
      expect((await vendor.call('balance', { player_id: p.pid, session_token: session })).json.status).toBe('OK');
    const on = await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { replaceSessions: true });
    expect([on.statusCode, JSON.parse(on.body).value.replaceSessions]).toEqual([200, true]);
    try {
      const open = bet({ pid: p.pid, session: second }, '100');
      expect((await vendor.call('bet', open)).json.status).toBe('OK');
      const third = await launchToken(t, p, gameId);
      for (const old of [p.session, second]) {
        expect((await vendor.call('balance', { player_id: p.pid, session_token: old })).json.status).toBe(
          'TOKEN_EXPIRED',
        );
        expect((await vendor.call('bet', bet({ pid: p.pid, session: old }, '100'))).json.status).toBe('TOKEN_EXPIRED');
      }
      expect((await vendor.call('balance', { player_id: p.pid, session_token: third })).json.status).toBe('OK');
      // The ended session's round still settles: wins never depend on a session.
      const won = await vendor.call('win', {
        player_id: p.pid,
        round_id: open.round_id,
        tx_id: `w-${randomUUID()}`,
        bet_tx_id: open.tx_id,
        amount: '300',
      });
      expect(won.json.status).toBe('OK');
      expect(await balance(p)).toBe(10_200n);
    } finally {
      await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { replaceSessions: false });
    }
  });
});

describe('the portable conformance suite (npm run wallet:conformance)', () => {
  it('passes every scenario in-process, and leaves the test player’s balance as it was', async () => {
    const p = await player(100_000n);
    const wallet: WalletCaller = {
      call: (op, body, o = {}) =>
        vendor.call(op, body, {
          signature: o.signature,
          tamper: o.tamper,
          ...(o.timestampOffsetSeconds !== undefined && {
            timestamp: Math.floor(now / 1000) + o.timestampOffsetSeconds,
          }),
        }),
    };
    const results = await runConformance({
      wallet,
      currency: demo.currency,
      playerId: p.pid,
      sessionToken: p.session,
      gameCode: 'demo-baccarat',
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(11);
    expect(await balance(p)).toBe(100_000n);
  });
});

describe('the wallet protocol’s own OpenAPI document', () => {
  it('is served at /docs/wallet: the four calls with their headers, bodies and statuses; real answers fit it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/wallet' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual([
      '/wallet/v1/balance',
      '/wallet/v1/bet',
      '/wallet/v1/win',
      '/wallet/v1/rollback',
    ]);
    const betOp = doc.paths['/wallet/v1/bet'].post;
    expect(betOp.parameters.map((p: { name: string }) => p.name)).toEqual([
      'x-operator-id',
      'x-vendor-id',
      'x-timestamp',
      'x-signature',
    ]);
    const body = betOp.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(
      expect.arrayContaining(['request_id', 'player_id', 'currency', 'round_id', 'tx_id', 'amount']),
    );
    expect(Object.keys(betOp.responses)).toEqual(['200', '400', '401', '503']);
    // The answers a vendor gets validate against the document's schemas (Ajv, OpenAPI 3.0 nullable aside).
    const { default: Ajv } = await import('ajv');
    const ajv = new Ajv({ strict: false });
    const fits = ajv.compile(doc.components.schemas.WalletResponse);
    const fitsBet = ajv.compile(body);
    const p = await player(1_000n);
    const sent = bet(p, '10');
    expect(fitsBet({ request_id: 'r', currency: demo.currency, ...sent })).toBe(true);
    expect(fitsBet({ ...sent, amount: 10 })).toBe(false);
    for (const answer of [
      await vendor.call('bet', sent),
      await vendor.call('bet', bet(p, '5000')),
      await vendor.call('balance', { player_id: p.pid }),
    ])
      expect(fits(answer.json), answer.text).toBe(true);
    // Not part of the player API's document.
    const playerDoc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(playerDoc.paths).some((path) => path.startsWith('/wallet/'))).toBe(false);
  });
});

describe('bet records of vendor rounds', () => {
  it('filter by local date range (merchant time zone) and vendor, page through, totals over every page', async () => {
    const day = (ms: number) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: demo.timezone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(ms));
    const p = await player(100_000n);
    const round = async (stake: string, win: string) => {
      const b = bet(p, stake);
      expect((await vendor.call('bet', b)).json.status).toBe('OK');
      const w = { player_id: p.pid, round_id: b.round_id, tx_id: `w-${b.tx_id}`, bet_tx_id: b.tx_id, amount: win };
      expect((await vendor.call('win', w)).json.status).toBe('OK');
      return b.round_id;
    };
    const first = await round('1000', '0');
    // Rounds start at the database's time: this one is moved to three days ago.
    const saved = Date.now();
    await sql`update game_rounds set started_at = ${new Date(saved - 3 * 86_400_000)} where round_ref = ${first}`.execute(
      t.database.all,
    );
    await round('2000', '5000');
    await round('3000', '0');
    const get = async (query: string) => {
      const r = await t.app.inject({
        method: 'GET',
        url: `/wps/game/bets?${query}`,
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value;
    };
    const old = day(saved - 3 * 86_400_000);
    const today = day(saved);
    expect(await get(`from=${old}&to=${old}`)).toMatchObject({
      total: 1,
      items: [{ stake: '1000' }],
      totals: { stake: '1000', payout: '0', net: '-1000' },
    });
    expect((await get(`from=${today}&to=${today}`)).total).toBe(2);
    expect((await get(`from=${old}&to=${today}&vassalage=DEMO`)).total).toBe(3);
    expect((await get(`vassalage=SEA`)).total).toBe(0);
    // Newest first, one a page; the totals cover every page.
    const second = await get('pageSize=1&pageNo=2');
    expect(second).toMatchObject({ total: 3, items: [{ stake: '2000', payout: '5000' }] });
    expect(second.totals).toEqual({ stake: '6000', payout: '5000', net: '-1000' });
    // An inverted range is refused.
    const inverted = await t.app.inject({
      method: 'GET',
      url: `/wps/game/bets?from=${today}&to=${old}`,
      headers: { authorization: `Bearer ${p.token}` },
    });
    expect(inverted.statusCode).toBe(400);
  });
});
