import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../src/lib/play-events.ts';
import type { Fault } from '../src/modules/demo-vendor/index.ts';
import { createWalletClient } from '../src/modules/demo-vendor/demo-vendor.client.ts';
import type { DemoRoundView, DemoSessionView } from '../src/modules/demo-vendor/demo-vendor.schemas.ts';
import { signSeamless } from '../src/modules/games/index.ts';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The demo vendor end to end over real HTTP: the site launches its game, the vendor's page and API answer, and
 * the vendor's backend drives our seamless wallet through the network like a real vendor — retries after lost
 * answers, duplicate deliveries, a rollback that overtakes its bet, results that settle late (after the game
 * session expired). Every scenario checks the member's balance to the unit; at the end the books must audit
 * clean, every wallet call must be final and the vendor's books must match ours round by round.
 */
let t: TestApp;
let demo: Merchant;
let base: string;
let now = Date.parse('2026-03-01T12:00:00Z');
/** The vendor's network: a fault plan per call attempt (none by default). */
let faults: (call: { op: string; txId?: string; attempt: number }) => Fault | undefined = () => undefined;
/** The vendor's dice: a fixed number unless a test says otherwise. */
let dice = () => 0.3;
/** How long the vendor waits for an answer. */
let timeoutMs = 2_000;
const mismatches: string[] = [];
/** Requests the server is handling (copies of calls the vendor stopped waiting for may still be running). */
let inFlight = 0;
async function drained() {
  for (let quiet = 0; quiet < 3;) {
    await new Promise((r) => setTimeout(r, 50));
    quiet = inFlight === 0 ? quiet + 1 : 0;
  }
}

beforeAll(async () => {
  t = await buildTestApp({
    register: (app) => {
      app.addHook('onRequest', async (_request, reply) => {
        inFlight++;
        reply.raw.once('close', () => inFlight--); // also when the caller stopped waiting
      });
    },
    clock: () => new Date(now),
    demoVendor: {
      faultRate: 0,
      random: () => dice(),
      client: {
        timeoutMs: () => timeoutMs,
        attempts: 3,
        backoffMs: 10,
        chaos: (c) => faults(c),
        onMismatch: (op, a, b) => mismatches.push(`${op}: ${a} ≠ ${b}`),
      },
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});

afterAll(async () => {
  if (!t) return;
  await drained(); // late requests still in the (simulated) network
  expect(mismatches).toEqual([]);
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  const db = t.database.all;
  // Every wallet call the vendor owed got a final answer.
  const owed = await db
    .selectFrom('demo_vendor_deliveries')
    .select(['tx_id', 'last_status'])
    .where('status', '=', 'pending')
    .execute();
  expect(owed).toEqual([]);
  // The vendor's books and ours agree round by round (stake and payout of every settled round).
  const theirs = await db
    .selectFrom('demo_vendor_rounds')
    .select(['id', 'stake', 'payout', 'status'])
    .where('vendor_code', '=', 'DEMO')
    .execute();
  const ours = await db
    .selectFrom('game_rounds')
    .select(['round_ref', 'stake', 'payout', 'status'])
    .where('vendor_code', '=', 'DEMO')
    .execute();
  const byRef = new Map(ours.map((r) => [r.round_ref, r]));
  for (const r of theirs) {
    const o = byRef.get(`dv${r.id}`);
    if (r.status === 'settled')
      expect(o, `round dv${r.id}`).toMatchObject({ status: 'settled', stake: r.stake, payout: r.payout });
    if (r.status === 'cancelled' && o) expect(o.status, `round dv${r.id}`).toBe('rolled_back');
    if (r.status === 'refused' && o) expect(o.payout).toBe(0n);
  }
  await t.close();
});

beforeEach(() => {
  faults = () => undefined;
  dice = () => 0.3;
  timeoutMs = 2_000;
});

/** An answer of ours or of the vendor's, as the test reads it. */
interface Answer {
  value: {
    url: string;
    content: Array<{ gameCode: string; nodeId: string }>;
    items: Array<Record<string, string>>;
  };
  error: string;
  message: string;
}
const json = async <T = Answer>(r: Response) => (await r.json()) as T;

const balance = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(p.id)]))[memberMain(p.id)]!.available;

async function gameId(code: string, category: string, vendor = 'DEMO'): Promise<string> {
  const res = await fetch(`${base}/lgw/games/list?vassalage=${vendor}&gameType=${category}&pageSize=50`);
  const game = (await json(res)).value.content.find((g) => g.gameCode === code);
  if (!game) throw new Error(`no ${code} in ${category}`);
  return game.nodeId;
}

/** The member launches a game on the site: the vendor's page opens (its own token in the URL). */
async function launch(p: Player, code: string, category: string, vendor = 'DEMO', language?: string) {
  const res = await fetch(`${base}/wps/game/launchGame`, {
    method: 'POST',
    headers: { ...bearer(p.token), 'content-type': 'application/json' },
    body: JSON.stringify({ nodeId: await gameId(code, category, vendor), ...(language && { language }) }),
  });
  const launched = (await json(res)).value;
  expect(launched).toMatchObject(
    vendor === 'DEMO'
      ? { vassalage: 'DEMO', vendorName: 'Demo vendor', walletMode: 'seamless' }
      : { vassalage: vendor, walletMode: 'transfer' },
  );
  const url = new URL(launched.url, base);
  expect(url.pathname).toBe(`/demo-vendor/play/${code}`);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<span class="dv-badge">Demo vendor</span>');
  const token = url.searchParams.get('s')!;
  const api = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(`${base}/demo-vendor/api/${path}`, {
      ...init,
      headers: { 'x-demo-session': token, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
    return { status: r.status, body: await json<Answer & DemoRoundView & DemoSessionView>(r) };
  };
  let seq = 0;
  return {
    session: async () => (await api('session')).body,
    bet: async (
      pick: string,
      amount: string,
      requestId = `req-${Date.now()}-${++seq}-${Math.random().toString(36).slice(2)}`,
    ) => (await api('rounds', { method: 'POST', body: JSON.stringify({ requestId, pick, amount }) })).body,
    round: async (id: string) => (await api(`rounds/${id}`)).body,
    raw: api,
  };
}

const player = (fund: bigint) => newPlayer(t, demo, { fund });
const work = () => t.app.modules.demoVendor.work();
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('one playable game per category', () => {
  // Dice 0.3: baccarat deals all fours (a tie: banker bets are returned), home wins, Team Dragon wins, the
  // sardine is caught, the duel is a tie (stake back), Meron wins, 3 is drawn.
  const cases = [
    { code: 'demo-baccarat', category: 'LIVE', pick: 'banker', stake: 1000n, payout: 1000n, late: false },
    { code: 'demo-football', category: 'SPORTS', pick: 'home', stake: 1000n, payout: 2100n, late: true },
    { code: 'demo-esports', category: 'ESPORTS', pick: 'dragon', stake: 1000n, payout: 1850n, late: true },
    { code: 'demo-fishing', category: 'FISH', pick: 'sardine', stake: 100n, payout: 190n, late: false },
    { code: 'demo-duel', category: 'PVP', pick: 'duel', stake: 500n, payout: 500n, late: false },
    { code: 'demo-sabong', category: 'COCKFIGHT', pick: 'meron', stake: 1000n, payout: 1900n, late: true },
    { code: 'demo-quickdraw', category: 'ELOTT', pick: '3', stake: 100n, payout: 950n, late: false },
    { code: 'demo-lotto', category: 'LOTT', pick: '3', stake: 100n, payout: 950n, late: true },
  ];
  for (const c of cases) {
    it(`${c.category}: launch → page → bet → result → bet record (${c.code})`, async () => {
      const p = await player(10_000n);
      const v = await launch(p, c.code, c.category);
      const s = await v.session();
      expect(s).toMatchObject({ vendorName: 'Demo vendor', balance: '10000', currency: 'PHP', exponent: 2 });
      expect(s.game.code).toBe(c.code);

      let round = await v.bet(c.pick, String(c.stake));
      if (c.late) {
        expect(round).toMatchObject({ status: 'open', payout: null });
        expect(await balance(p)).toBe(10_000n - c.stake);
        expect(await work()).toEqual({ settled: 0, delivered: 0 }); // not due yet
        advance(s.game.settleAfterSeconds + 1);
        expect((await work()).settled).toBe(1);
        round = await v.round(round.id);
      }
      expect(round).toMatchObject({ status: 'settled', stake: String(c.stake), payout: String(c.payout) });
      expect(await balance(p)).toBe(10_000n - c.stake + c.payout);
      expect((await v.session()).balance).toBe(String(10_000n - c.stake + c.payout));

      const records = (await json(await fetch(`${base}/wps/game/bets`, { headers: bearer(p.token) }))).value;
      expect(records.items).toHaveLength(1);
      expect(records.items[0]).toMatchObject({
        roundRef: `dv${round.id}`,
        vassalage: 'DEMO',
        gameType: c.category,
        stake: String(c.stake),
        payout: String(c.payout),
        status: 'settled',
      });
      expect(records.items[0].summary).toContain(round.summary);
    });
  }

  it('refuses what the vendor cannot take: an unknown session, an unknown pick, a stake below the minimum', async () => {
    const p = await player(10_000n);
    const v = await launch(p, 'demo-baccarat', 'LIVE');
    expect(
      (
        await v.raw('rounds', {
          method: 'POST',
          body: JSON.stringify({ requestId: 'abcdefgh1', pick: 'dragon', amount: '1000' }),
        })
      ).body.error,
    ).toBe('pick_invalid');
    expect(
      (
        await v.raw('rounds', {
          method: 'POST',
          body: JSON.stringify({ requestId: 'abcdefgh2', pick: 'banker', amount: '5' }),
        })
      ).body.error,
    ).toBe('amount_invalid');
    expect((await v.raw('rounds', { method: 'POST', body: JSON.stringify({ pick: 'banker' }) })).status).toBe(400);
    const unknown = await fetch(`${base}/demo-vendor/api/session`, { headers: { 'x-demo-session': 'x'.repeat(32) } });
    expect(unknown.status).toBe(401);
    expect((await fetch(`${base}/demo-vendor/play/no-such-game`)).status).toBe(404);
    expect(await balance(p)).toBe(10_000n);
  });
});

describe("the page follows the player's language", () => {
  it('a launch in TY opens the page in TY (texts, game name, blurb, picks, rounds), in TL in TL; in EN it stays English', async () => {
    const p = await player(10_000n);
    const open = async (language: string) => {
      const res = await fetch(`${base}/wps/game/launchGame`, {
        method: 'POST',
        headers: { ...bearer(p.token), 'content-type': 'application/json' },
        body: JSON.stringify({ nodeId: await gameId('demo-baccarat', 'LIVE'), language }),
      });
      const url = new URL((await json(res)).value.url, base);
      expect(url.searchParams.get('lang')).toBe(language);
      const html = await (await fetch(url)).text();
      const session = async () =>
        json<DemoSessionView>(
          await fetch(`${base}/demo-vendor/api/session`, { headers: { 'x-demo-session': url.searchParams.get('s')! } }),
        );
      return { html, session, token: url.searchParams.get('s')! };
    };
    const ty = await open('ty');
    expect(ty.html).toContain('<html lang="vi" data-language="ty">');
    expect(ty.html).toContain('<h1 id="name">Baccarat Thử Nghiệm</h1>');
    expect(ty.html).toContain('<button id="bet" type="submit">Đặt cược</button>');
    expect(ty.html).toContain('<span class="dv-badge">Demo vendor</span>'); // the label stays as it is
    const bet = await fetch(`${base}/demo-vendor/api/rounds`, {
      method: 'POST',
      headers: { 'x-demo-session': ty.token, 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: 'lang-ty-1', pick: 'banker', amount: '1000' }),
    });
    expect(bet.status).toBe(200);
    const s = await ty.session();
    expect(s.language).toBe('ty');
    expect(s.game).toMatchObject({
      name: 'Baccarat Thử Nghiệm',
      picks: expect.arrayContaining([{ key: 'banker', label: 'Nhà cái 1.95' }]),
    });
    expect(s.game.blurb).toMatch(/^Đặt cửa Nhà cái/);
    expect(s.rounds[0]!.pickLabel).toBe('Nhà cái 1.95');

    const en = await open('en');
    expect(en.html).toContain('<html lang="en" data-language="en">');
    expect(en.html).toContain('<button id="bet" type="submit">Place bet</button>');
    expect((await en.session()).game).toMatchObject({
      name: 'Demo Baccarat',
      blurb: expect.stringMatching(/^Bet on the banker/),
    });
    // Tagalog: the page, the game's texts and the pick labels; names PH players use in English stay English.
    const tl = await open('tl');
    expect(tl.html).toContain('<html lang="tl" data-language="tl">');
    expect(tl.html).toContain('<h1 id="name">Demo Baccarat</h1>');
    expect(tl.html).toContain('<button id="bet" type="submit">Ilagay ang taya</button>');
    const tlSession = await tl.session();
    expect(tlSession.language).toBe('tl');
    expect(tlSession.game.blurb).toMatch(/^Tumaya sa Banker/);
    // The page script picks its texts from the language the server wrote into the page.
    const script = await (await fetch(`${base}/demo-vendor/assets/play.js`)).text();
    expect(script).toContain('document.documentElement.dataset.language');
    expect(script).toContain("placing: 'Đang đặt cược…'");
    expect(script).toContain("placing: 'Inilalagay ang iyong taya…'");
  });
});

describe("the vendor's outcomes and messages follow the player's language", () => {
  it('a round played in TY has its summary in TY on the page and in the bet records; refusals are in TY', async () => {
    const p = await player(100_000n);
    const ty = await launch(p, 'demo-baccarat', 'LIVE', 'DEMO', 'ty');
    // Dice 0.3: all fours, a tie (the banker bet is returned).
    const round = await ty.bet('banker', '1000');
    expect(round).toMatchObject({
      status: 'settled',
      payout: '1000',
      pickLabel: 'Nhà cái 1.95',
      summary: 'Người chơi 8 (4 4) · Nhà cái 8 (4 4) · Hòa',
    });
    expect((await ty.session()).rounds[0]!.summary).toBe('Người chơi 8 (4 4) · Nhà cái 8 (4 4) · Hòa');
    // A result that comes later (the vendor's job) is written in the session's language too.
    const football = await launch(p, 'demo-football', 'SPORTS', 'DEMO', 'ty');
    const match = await football.bet('home', '1000');
    advance(61);
    await work();
    expect(await football.round(match.id)).toMatchObject({
      status: 'settled',
      summary: 'Hết trận: Manila Stars 1 – 0 Cebu United',
    });
    // The bet records show what the vendor stored with its result.
    const records = await json(await fetch(`${base}/wps/game/bets`, { headers: bearer(p.token) }));
    const summaries = records.value.items.map((i) => i.summary);
    expect(summaries).toContain('Nhà cái 1.95: Người chơi 8 (4 4) · Nhà cái 8 (4 4) · Hòa');
    expect(summaries).toContain('Manila Stars 2.10: Hết trận: Manila Stars 1 – 0 Cebu United');
    // Refusals: the wallet's (insufficient funds) and the vendor's own (the stake), in TY.
    expect(await ty.bet('banker', '10000000')).toMatchObject({
      status: 'refused',
      message: 'Số dư không đủ cho cược này.',
    });
    const small = await ty.raw('rounds', {
      method: 'POST',
      body: JSON.stringify({ requestId: 'ty-small', pick: 'banker', amount: '1' }),
    });
    expect(small).toMatchObject({
      status: 400,
      body: { error: 'amount_invalid', message: 'Mỗi ván cược từ 10 đến 1000000.' },
    });
    // The same table launched in English: English texts.
    const en = await launch(p, 'demo-baccarat', 'LIVE', 'DEMO', 'en');
    expect(await en.bet('banker', '1000')).toMatchObject({
      pickLabel: 'Banker 1.95',
      summary: 'Player 8 (4 4) · Banker 8 (4 4) · tie',
    });
    expect(await en.bet('banker', '10000000')).toMatchObject({ message: 'Not enough balance for this bet.' });
  });
});

describe('what a real vendor does to a wallet', () => {
  it('a bet above the balance is refused (INSUFFICIENT_FUNDS) and the page says why; nothing moves', async () => {
    const p = await player(500n);
    const v = await launch(p, 'demo-baccarat', 'LIVE');
    const round = await v.bet('banker', '1000');
    expect(round).toMatchObject({ status: 'refused', message: 'Not enough balance for this bet.' });
    expect(await balance(p)).toBe(500n);
  });

  it('the page retries a bet with the same request id: one round, one debit', async () => {
    const p = await player(10_000n);
    const v = await launch(p, 'demo-fishing', 'FISH');
    const [a, b] = await Promise.all([
      v.bet('sardine', '100', 'same-request-1'),
      v.bet('sardine', '100', 'same-request-1'),
    ]);
    expect(a.id).toBe(b.id);
    const again = await v.bet('sardine', '100', 'same-request-1');
    expect(again).toMatchObject({ id: a.id, status: 'settled' });
    expect(await balance(p)).toBe(10_000n - 100n + 190n);
  });

  it('duplicate deliveries of the bet and the win: identical answers, one debit and one credit', async () => {
    faults = () => ({ duplicate: true });
    const p = await player(10_000n);
    const v = await launch(p, 'demo-quickdraw', 'ELOTT');
    const round = await v.bet('3', '200');
    expect(round).toMatchObject({ status: 'settled', payout: '1900' });
    expect(await balance(p)).toBe(10_000n - 200n + 1900n);
    const txs = await t.database.all
      .selectFrom('game_transactions')
      .select(['tx_ref', 'status'])
      .where('member_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(txs).toEqual([
      { tx_ref: `dv${round.id}:bet`, status: 'applied' },
      { tx_ref: `dv${round.id}:win`, status: 'applied' },
    ]);
  });

  it('retry after a timeout: the answers to the bet and the win are lost once, the retries replay them', async () => {
    faults = (c) => (c.attempt === 1 && c.op !== 'balance' ? { loseResponse: true } : undefined);
    const p = await player(10_000n);
    const v = await launch(p, 'demo-quickdraw', 'ELOTT');
    const round = await v.bet('3', '300');
    expect(round).toMatchObject({ status: 'settled', payout: '2850' });
    expect(await balance(p)).toBe(10_000n - 300n + 2850n);
  });

  it('a bet stuck in the network: the vendor gives up and rolls it back; the rollback overtakes the bet, which lands late and moves nothing', async () => {
    timeoutMs = 300;
    faults = (c) => (c.op === 'bet' ? { delayMs: 2_500 } : undefined);
    const p = await player(10_000n);
    const v = await launch(p, 'demo-fishing', 'FISH');
    const round = await v.bet('sardine', '1000');
    expect(round).toMatchObject({ status: 'cancelled', payout: '0' });
    expect(await balance(p)).toBe(10_000n);
    const games = t.app.modules.games;
    expect(await games.walletTxStatus(demo.id, 'DEMO', p.id, `dv${round.id}:rollback`)).toBe('tombstone');
    await wait(2_600); // the three held copies of the bet arrive now
    expect(await games.walletTxStatus(demo.id, 'DEMO', p.id, `dv${round.id}:bet`)).toBe('refused');
    expect(await balance(p)).toBe(10_000n);
  });

  it('a win with no answer stays owed: the job delivers it later, exactly once', async () => {
    faults = (c) => (c.op === 'win' ? { loseResponse: true } : undefined);
    const p = await player(10_000n);
    const v = await launch(p, 'demo-quickdraw', 'ELOTT');
    const round = await v.bet('3', '100');
    expect(round).toMatchObject({ status: 'open', payout: '950' }); // the result is known, the payment owed
    expect(await balance(p)).toBe(10_000n + 850n); // the wallet did take the win: only the answer was lost
    faults = () => undefined;
    expect(await work()).toEqual({ settled: 0, delivered: 0 }); // backing off
    advance(3);
    expect(await work()).toEqual({ settled: 0, delivered: 1 });
    expect(await v.round(round.id)).toMatchObject({ status: 'settled' });
    expect(await balance(p)).toBe(10_000n + 850n);
  });

  it('late win after the session expired: the match ends 13 hours later and the win is accepted; a new bet is not', async () => {
    const p = await player(10_000n);
    const v = await launch(p, 'demo-football', 'SPORTS');
    const round = await v.bet('away', '1000');
    expect(round.status).toBe('open');
    advance(13 * 3600);
    dice = () => 0.9; // Cebu United win
    expect((await work()).settled).toBeGreaterThanOrEqual(1);
    expect(await v.round(round.id)).toMatchObject({ status: 'settled', payout: '3400' });
    expect(await balance(p)).toBe(10_000n - 1000n + 3400n);
    const refused = await v.bet('home', '1000');
    expect(refused).toMatchObject({ status: 'refused', message: expect.stringContaining('session has ended') });
    expect(await balance(p)).toBe(12_400n);
  });

  it('a cancelled fight refunds the bet with a rollback', async () => {
    const p = await player(10_000n);
    const v = await launch(p, 'demo-sabong', 'COCKFIGHT');
    const round = await v.bet('wala', '2000');
    expect(await balance(p)).toBe(8_000n);
    dice = () => 0.99;
    advance(16);
    await work();
    expect(await v.round(round.id)).toMatchObject({
      status: 'cancelled',
      summary: 'Fight cancelled: every bet is refunded',
    });
    expect(await balance(p)).toBe(10_000n);
    const txs = await t.database.all
      .selectFrom('game_rounds')
      .select('status')
      .where('round_ref', '=', `dv${round.id}`)
      .execute();
    expect(txs).toEqual([{ status: 'rolled_back' }]);
  });

  it('20 bets at once from one player, some duplicated or answered too late: the balance ends exact', async () => {
    let n = 0;
    faults = () => (++n % 3 === 0 ? { duplicate: true } : n % 5 === 0 ? { loseResponse: true } : undefined);
    dice = Math.random;
    const p = await player(20_000n);
    const v = await launch(p, 'demo-baccarat', 'LIVE');
    const rounds = await Promise.all(
      Array.from({ length: 20 }, (_, i) => v.bet(['banker', 'player', 'tie'][i % 3]!, '1000')),
    );
    faults = () => undefined;
    // Owed calls (rollbacks of timed-out bets, wins whose answer was lost) are retried by the job until final.
    for (let i = 0; i < 10; i++) {
      await drained();
      advance(5); // the back-off, well inside the signature's 30 s window for copies still on their way
      if ((await work()).delivered === 0 && i > 2) break;
    }
    let expected = 20_000n;
    for (const r of rounds) {
      const now = await v.round(r.id);
      // Under this load some bets time out on the vendor's side: it cancels them (stake refunded).
      expect(['settled', 'refused', 'cancelled']).toContain(now.status);
      if (now.status === 'settled') expected += BigInt(now.payout ?? 0) - 1000n;
    }
    expect(await balance(p)).toBe(expected);
  }, 120_000);
});

describe("protocol answers over the network (the vendor's own HTTP client)", () => {
  it('refusals: bad key, unknown bet, same tx id with another body, rollback after the win, a foreign session, a malformed body', async () => {
    const p = await player(10_000n);
    const v = await launch(p, 'demo-football', 'SPORTS');
    const open = await v.bet('home', '1000'); // an open bet placed through the vendor
    const client = createWalletClient({ clock: () => new Date(now), attempts: 1 });
    const secret = (await t.app.modules.games.walletSecret(demo.id, 'DEMO'))!;
    const target = { baseUrl: base, operator: 'demo', vendor: 'DEMO', secret };
    const body = (extra: Record<string, unknown>) => ({
      request_id: `q-${Math.random()}`,
      player_id: String(p.id),
      currency: 'PHP',
      ...extra,
    });
    const answer = async (op: 'bet' | 'win' | 'rollback', b: Record<string, unknown>, to = target) => {
      const r = await client.call(to, op, b);
      if (!r.answered) throw new Error(r.error);
      return { http: r.httpStatus, ...r.body };
    };
    const bet = `dv${open.id}:bet`;
    const round = `dv${open.id}`;
    // The operator's game session token, as the vendor received it at launch (its books keep it).
    const { wallet_token: session } = await t.database.all
      .selectFrom('demo_vendor_sessions')
      .select('wallet_token')
      .where('player_id', '=', String(p.id))
      .executeTakeFirstOrThrow();

    expect(
      await answer('win', body({ round_id: round, tx_id: 'x-win-1', bet_tx_id: bet, amount: '1' }), {
        ...target,
        secret: 'wrong',
      }),
    ).toMatchObject({ http: 401, status: 'INVALID_SIGNATURE' });
    expect(
      await answer('win', body({ round_id: 'nope', tx_id: 'x-win-2', bet_tx_id: 'never-placed', amount: '1' })),
    ).toMatchObject({ http: 200, status: 'TX_NOT_FOUND' });
    expect(
      await answer('bet', body({ round_id: round, tx_id: bet, amount: '999', session_token: session })),
    ).toMatchObject({
      status: 'DUPLICATE_MISMATCH',
    });
    expect(await answer('win', body({ round_id: round, tx_id: 'x-win-3', bet_tx_id: bet, amount: '0' }))).toMatchObject(
      { status: 'OK', balance: '9000' },
    );
    expect(await answer('rollback', body({ round_id: round, tx_id: 'x-rb-1', original_tx_id: bet }))).toMatchObject({
      status: 'ALREADY_SETTLED',
      balance: '9000',
    });
    expect(
      await answer('bet', {
        ...body({ round_id: round, tx_id: 'x-bet-1', amount: '1' }),
        session_token: 'not-a-session',
      }),
    ).toMatchObject({ status: 'INVALID_TOKEN' });
    const malformed = await client.call(target, 'bet', { request_id: 'x', player_id: String(p.id) });
    expect(malformed).toMatchObject({ answered: true, httpStatus: 400, body: { status: 'BAD_REQUEST' } });
    // The vendor's own settlement of that round later finds it settled: the wallet refuses the second result.
    advance(61);
    await work();
    expect(await v.round(open.id)).toMatchObject({ message: 'The site answered ALREADY_SETTLED to the win.' });
    expect(await balance(p)).toBe(9_000n);
  });
});

describe('transfer-wallet mode (vendor DEMOT)', () => {
  const wallets = async (p: Player) => {
    const r = await fetch(`${base}/wps/v2/wallets/balance`, { headers: bearer(p.token) });
    return (
      await json<{ value: { main: { balance: string }; vendors: Array<{ vendorCode: string; balance: string }> } }>(r)
    ).value;
  };
  const subOf = async (p: Player) => (await wallets(p)).vendors.find((v) => v.vendorCode === 'DEMOT')?.balance;
  const transfer = async (p: Player, from: string, to: string, amount: string, requestId: string) => {
    const r = await fetch(`${base}/wps/relay/GCS_walletTransfer`, {
      method: 'POST',
      headers: { ...bearer(p.token), 'content-type': 'application/json' },
      body: JSON.stringify({ from, to, amount, requestId }),
    });
    return { status: r.status, body: await json<{ value: Record<string, string>; code: string }>(r) };
  };

  it('the launch moves the main balance to the vendor; play happens in its wallet; results are booked and the money comes back', async () => {
    dice = () => 0.01; // every fish is caught
    const p = await player(10_000n);
    const v = await launch(p, 'demo-fishing', 'FISH', 'DEMOT');
    expect(await balance(p)).toBe(0n); // all of it went to the vendor
    expect(await v.session()).toMatchObject({ walletMode: 'transfer', balance: '10000' });
    expect(await subOf(p)).toBe('10000');

    const won = await v.bet('shark', '1000'); // 19 × → +18,000 at the vendor
    expect(won).toMatchObject({ status: 'settled', payout: '19000' });
    dice = () => 0.99; // a miss
    expect(await v.bet('sardine', '500')).toMatchObject({ status: 'settled', payout: '0' });
    expect(await v.bet('sardine', '1000000')).toMatchObject({ status: 'refused' }); // more than it holds there
    expect((await v.session()).balance).toBe('27500');

    // The wallet page books the vendor's result into the sub-wallet (once, however often it is read).
    expect(await subOf(p)).toBe('27500');
    expect(await subOf(p)).toBe('27500');

    const back = await transfer(p, 'DEMOT', 'MAIN', '200', 'back-to-main-0001');
    expect(back.status).toBe(200);
    expect(back.body.value).toMatchObject({ mainBalance: '20000', vendorBalance: '7500' });
    expect((await transfer(p, 'DEMOT', 'MAIN', '200', 'back-to-main-0001')).body.value).toMatchObject({ replay: true });
    expect((await v.session()).balance).toBe('7500');
    expect((await transfer(p, 'DEMOT', 'MAIN', '100', 'back-to-main-0002')).body.code).toBe('insufficient_funds');
    expect(await balance(p)).toBe(20_000n);

    // Launching again sends the main balance back to the vendor, which now holds all of it.
    await launch(p, 'demo-baccarat', 'LIVE', 'DEMOT');
    expect(await balance(p)).toBe(0n);
    expect(await subOf(p)).toBe('27500');
    const all = await transfer(p, 'DEMOT', 'MAIN', '275', 'back-to-main-0003');
    expect(all.body.value).toMatchObject({ mainBalance: '27500', vendorBalance: '0' });
    expect(await balance(p)).toBe(27_500n);
  });

  it("the vendor's transfer API refuses a caller without the operator's key", async () => {
    const p = await player(1_000n);
    const raw = JSON.stringify({ player_id: String(p.id), transfer_id: 'forged-transfer-1', amount: '100000' });
    const ts = String(Math.floor(now / 1000));
    const res = await fetch(`${base}/demo-vendor/transfer/v1/deposit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-operator-id': 'demo',
        'x-vendor-id': 'DEMOT',
        'x-timestamp': ts,
        'x-signature': signSeamless('not the key', ts, raw),
      },
      body: raw,
    });
    expect(res.status).toBe(401);
    const seamless = await fetch(`${base}/demo-vendor/transfer/v1/balance`, {
      method: 'POST',
      headers: { 'x-operator-id': 'demo', 'x-vendor-id': 'DEMO', 'x-timestamp': ts, 'x-signature': 'f'.repeat(64) },
      body: raw,
    });
    expect(seamless.status).toBe(401); // DEMO is a seamless vendor: no transfer API at all
    expect(await subOf(p)).toBe('0');
    // Nor its bet records.
    const bets = await fetch(`${base}/demo-vendor/transfer/v1/bets`, {
      method: 'POST',
      headers: { 'x-operator-id': 'demo', 'x-vendor-id': 'DEMOT', 'x-timestamp': ts, 'x-signature': 'f'.repeat(64) },
      body: JSON.stringify({ after_time: new Date(0).toISOString(), after_id: '', limit: 10 }),
    });
    expect(bets.status).toBe(401);
  });

  it("the vendor's settled bets are pulled once into settled rounds and play events (wagering, missions, points)", async () => {
    const seen: PlayEvent[] = [];
    t.app.modules.playEvents.consumers.register({
      name: 'test-transfer-bets',
      async handle(events) {
        const fresh = await t.database.all.transaction().execute((trx) =>
          t.app.modules.playEvents.firstTime(
            trx,
            'test-transfer-bets',
            events.map((e) => e.id),
          ),
        );
        seen.push(...events.filter((e) => fresh.has(e.id)));
      },
    });
    dice = () => 0.01; // caught
    const p = await player(10_000n);
    const v = await launch(p, 'demo-fishing', 'FISH', 'DEMOT');
    expect(await v.bet('shark', '1000')).toMatchObject({ status: 'settled', payout: '19000' });
    dice = () => 0.99; // missed
    expect(await v.bet('sardine', '500')).toMatchObject({ status: 'settled', payout: '0' });
    expect(await v.bet('sardine', '1000000')).toMatchObject({ status: 'refused' }); // never a bet

    const pulled = await t.app.modules.games.pullTransferBets();
    expect(pulled.failed).toBe(0);
    expect(pulled.recorded).toBeGreaterThanOrEqual(2);
    // Pulled again (the overlap reads them again; two pullers at once): nothing recorded twice.
    const again = await Promise.all([t.app.modules.games.pullTransferBets(), t.app.modules.games.pullTransferBets()]);
    expect(again.map((r) => r.recorded)).toEqual([0, 0]);
    const rounds = await t.database.all
      .selectFrom('game_rounds')
      .select(['stake', 'payout', 'status', 'game_id'])
      .where('vendor_code', '=', 'DEMOT')
      .where('member_id', '=', p.id)
      .orderBy('id')
      .execute();
    expect(rounds.map((r) => [r.stake, r.payout, r.status])).toEqual([
      [1_000n, 19_000n, 'settled'],
      [500n, 0n, 'settled'],
    ]);
    expect(rounds.every((r) => r.game_id !== null)).toBe(true);
    const until = Date.now() + 60_000;
    while ((await t.app.modules.playEvents.backlog('test-transfer-bets')) > 0n && Date.now() < until)
      await t.app.modules.playEvents.drain();
    const mine = seen.filter((e) => e.kind === 'bet_settled' && e.memberId === p.id);
    expect(mine.map((e) => e.kind === 'bet_settled' && [e.product, e.category, e.stake, e.validBet, e.payout])).toEqual(
      [
        ['vendor', 'FISH', 1_000n, 1_000n, 19_000n],
        ['vendor', 'FISH', 500n, 500n, 0n],
      ],
    );
  });
});
