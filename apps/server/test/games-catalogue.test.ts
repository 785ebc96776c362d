import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { bearer, newPlayer } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let demo: Merchant;
let admin: { token: string };

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  admin = await createTestAdmin(t);
  // A transfer vendor with no games and no launch adapter (the demo seed has none such any more).
  await t.database.all
    .insertInto('vendors')
    .values({
      merchant_id: demo.id,
      code: 'NOGAMES',
      name: 'No games',
      wallet_mode: 'transfer',
      adapter: 'none',
      sort: 30,
    })
    .execute();
});
afterAll(() => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(admin.token), ...(payload && { payload }) });
const idOf = async (code: string) =>
  (await get('/lgw/games/list?pageSize=100')).content.find((g: { gameCode: string }) => g.gameCode === code)
    .nodeId as string;

describe('catalogue', () => {
  it('menus list every category that has games, with its vendor tiles; empty categories are left out', async () => {
    const menus = await get('/lgw/games/game_menus');
    expect(menus.map((m: { gameCategory: string }) => m.gameCategory)).toEqual([
      'LOTT',
      'ELOTT',
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'FISH',
      'PVP',
      'RNG',
      'COCKFIGHT',
    ]);
    const rng = menus.find((m: { gameCategory: string }) => m.gameCategory === 'RNG');
    expect(rng.vendors).toEqual([
      expect.objectContaining({
        vassalage: 'SEA',
        displayName: 'SEA Games',
        gameCount: 3,
        maintenance: false,
        walletMode: 'seamless',
      }),
    ]);
    expect(rng.vendors[0].firstGameId).toMatch(/^\d+$/);
    // Transfer vendors without games do not appear.
    expect(JSON.stringify(menus)).not.toContain('NOGAMES');
  });

  it('home rows: games per category (hot first), sports as vendor tiles', async () => {
    const rows = await get('/lgw/games/popular');
    const sports = rows.find((r: { gameCategory: string }) => r.gameCategory === 'SPORTS');
    expect(sports.games).toEqual([]);
    expect(sports.vendors.map((v: { vassalage: string }) => v.vassalage)).toEqual(['DEMO']);
    const rng = rows.find((r: { gameCategory: string }) => r.gameCategory === 'RNG');
    expect(rng.games.length).toBe(3);
    expect(rng.games[0]).toMatchObject({ hot: true, gameType: 'RNG', vassalage: 'SEA', supportPlay: 0, isGame: true });
  });

  it('the list filters by category, vendor, sub-category, name, minimum bet and lines, and pages', async () => {
    const vp = await get('/lgw/games/list?gameType=RNG&gameClassify=VP');
    expect(vp.content.map((g: { gameCode: string }) => g.gameCode)).toEqual(['vp-jacks-or-better']);
    expect((await get('/lgw/games/list?vassalage=DEMO')).total).toBe(8);
    expect((await get('/lgw/games/list?gameName=dragon')).content[0].gameCode).toBe('slot-lucky-dragon');
    expect((await get('/lgw/games/list?gameName=R%E1%BB%93ng')).content[0].gameCode).toBe('slot-lucky-dragon'); // TY name
    expect((await get('/lgw/games/list?gameName=%25')).total).toBe(0); // wildcards are literal
    expect((await get('/lgw/games/list?minLineNum=20')).content.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      'slot-lucky-dragon',
    ]);
    expect(
      (await get('/lgw/games/list?minBet=1000')).content.every((g: { minBet: string }) => BigInt(g.minBet) >= 1000n),
    ).toBe(true);
    const p1 = await get('/lgw/games/list?pageSize=6&pageNo=1');
    const p2 = await get('/lgw/games/list?pageSize=6&pageNo=2');
    const p3 = await get('/lgw/games/list?pageSize=6&pageNo=3');
    const p4 = await get('/lgw/games/list?pageSize=6&pageNo=4');
    expect(p1).toMatchObject({ pageNum: 1, pageSize: 6, total: 20, totalPages: 4 });
    expect(p1.content).toHaveLength(6);
    expect(p2.content).toHaveLength(6);
    expect(p3.content).toHaveLength(6);
    expect(p4.content).toHaveLength(2);
    const all = [...p1.content, ...p2.content, ...p3.content, ...p4.content];
    expect(new Set(all.map((g: { nodeId: string }) => g.nodeId)).size).toBe(20);
    expect((await t.app.inject({ method: 'GET', url: '/lgw/games/list?gameType=NOPE' })).statusCode).toBe(400);
  });

  it('names follow the language (query or Language header)', async () => {
    const ty = await get('/lgw/games/list?gameType=RNG&language=ty');
    expect(ty.content.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-dragon').displayName).toBe(
      'Rồng May Mắn',
    );
    const hot = await get('/lgw/games/hot', { language: 'ty' });
    expect(hot.map((g: { displayName: string }) => g.displayName)).toContain('Rồng May Mắn');
  });

  it('vendor game types say what a vendor offers', async () => {
    const sea = await get('/lgw/games/vendor_game_types?vassalage=sea');
    expect(sea).toEqual({
      vassalage: 'SEA',
      displayName: 'SEA Games',
      gameTypes: [
        { gameType: 'ELOTT', classifies: [], games: 5 },
        { gameType: 'LIVE', classifies: [], games: 1 },
        { gameType: 'RNG', classifies: ['VP', 'SC'], games: 3 },
        { gameType: 'COCKFIGHT', classifies: [], games: 1 },
      ],
    });
    expect((await t.app.inject({ method: 'GET', url: '/lgw/games/vendor_game_types?vassalage=NONE' })).statusCode).toBe(
      404,
    );
  });

  it('another merchant sees only its own catalogue', async () => {
    const m = await createMerchant(t.database.all);
    const res = await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus', headers: { merchant: m.code } });
    expect(res.json().value).toEqual([]);
  });
});

describe('favourites and recent games', () => {
  it('add, list, remove (idempotent), per member; login required', async () => {
    const p = await newPlayer(t, demo);
    const other = await newPlayer(t, demo);
    const id = await idOf('demo-baccarat');
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: '/wps/game/favourites',
        headers: bearer(p.token),
        payload: { nodeId: id, vendor: 'DEMO', gameType: 'LIVE' },
      });
    expect((await add()).json().value).toEqual({ favGameIds: [id] });
    expect((await add()).json().value).toEqual({ favGameIds: [id] });
    const list = await get('/wps/game/favourites', bearer(p.token));
    expect(list.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([id]);
    expect(await get('/wps/game/favourites/ids', bearer(other.token))).toEqual({ favGameIds: [] });
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/wps/game/favourites',
      headers: bearer(p.token),
      payload: { nodeId: id },
    });
    expect(del.json().value).toEqual({ favGameIds: [] });
    expect((await t.app.inject({ method: 'GET', url: '/wps/game/favourites/ids' })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourites',
      headers: bearer(p.token),
      payload: { nodeId: '999999' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('recent games: the member’s launches, newest first, each once', async () => {
    const p = await newPlayer(t, demo, { fund: 10_000n });
    const a = await idOf('demo-baccarat');
    const b = await idOf('demo-football');
    await launchToken(t, p, a);
    await launchToken(t, p, b);
    await launchToken(t, p, a);
    expect((await get('/wps/game/recent', bearer(p.token))).map((g: { nodeId: string }) => g.nodeId)).toEqual([a, b]);
  });
});

describe('launch', () => {
  it('a real account gets a vendor URL with a session token; a trial account only a free trial where offered and enabled', async () => {
    const p = await newPlayer(t, demo);
    const baccarat = await idOf('demo-baccarat');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: bearer(p.token),
      payload: { nodeId: baccarat },
    });
    expect(res.json().value).toMatchObject({
      gameName: 'Demo Baccarat',
      vassalage: 'DEMO',
      vendorName: 'Demo vendor',
      walletMode: 'seamless',
      freePlay: false,
    });
    expect(res.json().value.url).toMatch(/^https:\/\/vendor\.example\/play\?token=[\w-]{43}&player=\d+$/);

    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    const launch = (nodeId: string, freePlay: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/game/launchGame',
        headers: bearer(trial.token),
        payload: { nodeId, freePlay },
      });
    expect((await launch(baccarat, false)).json().code).toBe('in_need_true_account');
    expect((await launch(baccarat, true)).json().code).toBe('function_not_enabled'); // no free trial on this game
    const slot = await idOf('slot-lucky-dragon');
    await t.app.modules.merchants.setFlag(demo.id, 'FREEPLAY3', false);
    expect((await launch(slot, true)).json().code).toBe('function_not_enabled');
    await t.app.modules.merchants.setFlag(demo.id, 'FREEPLAY3', true);
    expect((await launch(slot, true)).json().value).toMatchObject({ freePlay: true, vassalage: 'SEA' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/wps/game/launchGame', payload: { nodeId: slot } })).statusCode,
    ).toBe(401);
  });

  it('refuses games and vendors in maintenance with game_maintenance, unknown games with not_found', async () => {
    const p = await newPlayer(t, demo);
    const duel = await idOf('demo-duel');
    const launch = (nodeId: string) =>
      t.app.inject({ method: 'POST', url: '/wps/game/launchGame', headers: bearer(p.token), payload: { nodeId } });
    expect((await asAdmin('PATCH', `/admin/api/games/${duel}`, { status: 'maintenance' })).statusCode).toBe(200);
    expect((await launch(duel)).json()).toMatchObject({ code: 'game_maintenance' });
    expect((await launch(duel)).statusCode).toBe(503);
    const card = (await get('/lgw/games/list?vassalage=DEMO&gameType=PVP')).content[0];
    expect(card.maintenance).toBe(true);
    await asAdmin('PATCH', `/admin/api/games/${duel}`, { status: 'active' });
    await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { maintenance: true });
    expect((await launch(duel)).json().code).toBe('game_maintenance');
    await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { maintenance: false });
    expect((await launch(duel)).statusCode).toBe(200);
    expect((await launch('987654321')).json().code).toBe('not_found');
  });
});

describe('winners board', () => {
  it('shows real settled wins, newest first, with masked names; losses and open rounds do not appear', async () => {
    const p = await newPlayer(t, demo, { fund: 100_000n });
    const baccarat = await idOf('demo-baccarat');
    const token = await launchToken(t, p, baccarat);
    const vendor = vendorClient(t, demo, 'DEMO');
    const pid = String(p.id);
    for (const [amount, win] of [
      ['1000', '0'],
      ['1000', '4321'],
    ]) {
      const round_id = randomUUID();
      const tx = randomUUID();
      await vendor.call('bet', {
        player_id: pid,
        session_token: token,
        round_id,
        tx_id: tx,
        amount,
        game_code: 'demo-baccarat',
      });
      await vendor.call('win', { player_id: pid, round_id, tx_id: `w${tx}`, bet_tx_id: tx, amount: win });
    }
    const open = randomUUID();
    await vendor.call('bet', {
      player_id: pid,
      session_token: token,
      round_id: open,
      tx_id: open,
      amount: '1000',
      game_code: 'demo-baccarat',
    });
    const board = await get('/lgw/games/winners?gameCategory=LIVE&limitNum=20');
    expect(board).toMatchObject({ currency: 'PHP', exponent: 2 });
    expect(board.winners[0]).toMatchObject({ winAmount: '4321', gameName: 'Demo Baccarat', gameType: 'LIVE' });
    expect(board.winners[0].customerName).toBe(`${p.account.slice(0, 2)}***${p.account.slice(-1)}`);
    expect(board.winners.some((w: { winAmount: string }) => w.winAmount === '0')).toBe(false);
  });
});

describe('back office', () => {
  it('operators add and change games and vendors; every change is audited; anonymous callers are refused', async () => {
    const created = await asAdmin('POST', '/admin/api/games', {
      vendorCode: 'DEMO',
      gameCode: 'demo-roulette',
      name: 'Demo Roulette',
      displayNames: { ty: 'Cò Quay Thử Nghiệm' },
      category: 'LIVE',
      hot: true,
      minBet: '500',
    });
    expect(created.statusCode, created.body).toBe(200);
    const game = created.json().value;
    expect(game).toMatchObject({
      vendorCode: 'DEMO',
      gameCode: 'demo-roulette',
      hot: true,
      status: 'active',
      classify: null,
    });
    expect(
      (
        await asAdmin('POST', '/admin/api/games', {
          vendorCode: 'DEMO',
          gameCode: 'demo-roulette',
          name: 'Again',
          category: 'LIVE',
        })
      ).json().code,
    ).toBe('conflict');
    expect(
      (
        await asAdmin('POST', '/admin/api/games', {
          vendorCode: 'DEMO',
          gameCode: 'x1',
          name: 'X',
          category: 'LIVE',
          classify: 'VP',
        })
      ).statusCode,
    ).toBe(400);
    expect((await get('/lgw/games/list?vassalage=DEMO&gameType=LIVE')).total).toBe(2);
    // Icons, order and the hot flag: the site shows what the operator set.
    const icon = 'https://cdn.example/icons/roulette.png';
    const changed = await asAdmin('PATCH', `/admin/api/games/${game.id}`, { iconUrl: icon, sort: -5, hot: false });
    expect(changed.json().value).toMatchObject({ iconUrl: icon, sort: -5, hot: false });
    const live = (await get('/lgw/games/list?vassalage=DEMO&gameType=LIVE')).content;
    expect(live[0]).toMatchObject({ gameCode: 'demo-roulette', iconUrl: icon, hot: false });
    expect((await get('/lgw/games/hot')).some((g: { gameCode: string }) => g.gameCode === 'demo-roulette')).toBe(false);
    expect((await asAdmin('PATCH', `/admin/api/games/${game.id}`, { iconUrl: 'javascript:alert(1)' })).statusCode).toBe(
      400,
    );
    const logo = 'https://cdn.example/vendors/demo.png';
    await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { iconUrl: logo });
    const tile = (await get('/lgw/games/game_menus'))
      .flatMap((m: { vendors: Array<{ vassalage: string; lagerIcon: string | null }> }) => m.vendors)
      .find((v: { vassalage: string }) => v.vassalage === 'DEMO');
    expect(tile.lagerIcon).toBe(logo);
    await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { iconUrl: null });
    // Disabled: gone from the site.
    await asAdmin('PATCH', `/admin/api/games/${game.id}`, { status: 'disabled' });
    expect((await get('/lgw/games/list?vassalage=DEMO&gameType=LIVE')).total).toBe(1);
    expect((await asAdmin('GET', '/admin/api/games?vendorCode=DEMO')).json().value.total).toBe(9);
    // Vendors: rename and order; rotate the wallet key (shown once).
    const renamed = await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { name: 'Demo vendor (test)', sort: 5 });
    expect(renamed.json().value).toMatchObject({ code: 'DEMO', name: 'Demo vendor (test)', sort: 5, adapter: 'demo' });
    const rotated = (await asAdmin('POST', '/admin/api/games/vendors/DEMO/wallet-secret')).json().value;
    expect(rotated.secret).toMatch(/^[\w-]{43}$/);
    // The new key takes effect at once in this process: calls signed with it pass, the old one is refused.
    expect(await t.app.modules.games.walletSecret(demo.id, 'DEMO')).toBe(rotated.secret);
    await asAdmin('PATCH', '/admin/api/games/vendors/DEMO', { name: 'Demo vendor', sort: 2 });
    const audit = (await asAdmin('GET', '/admin/api/audit?pageSize=20'))
      .json()
      .value.items.map((a: { action: string }) => a.action);
    expect(audit).toEqual(
      expect.arrayContaining(['game.create', 'game.update', 'vendor.update', 'vendor.rotate_wallet_secret']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/games' })).statusCode).toBe(401);
  });

  it('operators set a game’s bet limits (minBet, maxBet in minor units); the maximum may not be below the minimum', async () => {
    const sabong = await idOf('demo-sabong');
    const listed = async () =>
      (await asAdmin('GET', '/admin/api/games?vendorCode=DEMO&pageSize=100'))
        .json()
        .value.items.find((g: { id: string }) => g.id === sabong);
    expect(await listed()).toMatchObject({ minBet: '1000', maxBet: null }); // the seed: 10 PHP, no upper limit
    const set = await asAdmin('PATCH', `/admin/api/games/${sabong}`, { maxBet: '500000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value).toMatchObject({ minBet: '1000', maxBet: '500000' });
    expect(await listed()).toMatchObject({ minBet: '1000', maxBet: '500000' });
    // Against the stored minimum, against a minimum set in the same change, negative: refused, nothing changed.
    for (const body of [{ maxBet: '999' }, { minBet: '600000' }, { minBet: '10', maxBet: '5' }, { maxBet: '-1' }]) {
      const r = await asAdmin('PATCH', `/admin/api/games/${sabong}`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().code).toBe('validation_failed');
    }
    expect(await listed()).toMatchObject({ minBet: '1000', maxBet: '500000' });
    const bad = await asAdmin('POST', '/admin/api/games', {
      vendorCode: 'DEMO',
      gameCode: 'demo-limits',
      name: 'Limits',
      category: 'LIVE',
      minBet: '500',
      maxBet: '100',
    });
    expect(bad.statusCode).toBe(400);
    const cleared = await asAdmin('PATCH', `/admin/api/games/${sabong}`, { maxBet: null });
    expect(cleared.json().value).toMatchObject({ minBet: '1000', maxBet: null });
    const audit = (await asAdmin('GET', '/admin/api/audit?pageSize=5')).json().value.items;
    expect(audit[0]).toMatchObject({ action: 'game.update' });
  });

  it('categories can be ordered and hidden; the menus follow', async () => {
    expect((await asAdmin('PATCH', '/admin/api/games/categories/RNG', { sort: -1 })).json().value).toMatchObject({
      category: 'RNG',
      sort: -1,
      enabled: true,
    });
    await asAdmin('PATCH', '/admin/api/games/categories/PVP', { enabled: false });
    const menus = (await get('/lgw/games/game_menus')).map((m: { gameCategory: string }) => m.gameCategory);
    expect(menus[0]).toBe('RNG');
    expect(menus).not.toContain('PVP');
    expect((await get('/lgw/games/popular')).map((r: { gameCategory: string }) => r.gameCategory)).not.toContain('PVP');
    const listed = (await asAdmin('GET', '/admin/api/games/categories')).json().value;
    expect(listed[0]).toMatchObject({ category: 'RNG' });
    expect(listed.find((c: { category: string }) => c.category === 'PVP').enabled).toBe(false);
    await asAdmin('PATCH', '/admin/api/games/categories/PVP', { enabled: true });
    await asAdmin('PATCH', '/admin/api/games/categories/RNG', { sort: 1_000_007 });
  });

  it('syncs a vendor’s catalogue from its adapter, keeping the operator’s choices and other languages', async () => {
    const slot = await idOf('slot-lucky-dragon');
    await asAdmin('PATCH', `/admin/api/games/${slot}`, { hot: false, sort: 42 });
    const synced = (await asAdmin('POST', '/admin/api/games/vendors/SEA/sync')).json().value;
    expect(synced).toEqual({ vendor: 'SEA', added: 0, updated: 3 });
    const game = (await asAdmin('GET', '/admin/api/games?vendorCode=SEA'))
      .json()
      .value.items.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-dragon');
    expect(game).toMatchObject({ hot: false, sort: 42, lines: 20, classify: null, supportPlay: true });
    expect(game.displayNames).toMatchObject({ en: 'Lucky Dragon', ty: 'Rồng May Mắn' });
    expect((await asAdmin('POST', '/admin/api/games/vendors/NOGAMES/sync')).json().code).toBe('function_not_enabled');
  });

  it('a sync that raises a game’s minimum bet above the operator’s maximum raises the maximum with it', async () => {
    const slot = await idOf('slot-lucky-dragon');
    await asAdmin('PATCH', `/admin/api/games/${slot}`, { minBet: '1', maxBet: '2' });
    expect((await asAdmin('POST', '/admin/api/games/vendors/SEA/sync')).json().success).toBe(true);
    const game = (await asAdmin('GET', '/admin/api/games?vendorCode=SEA'))
      .json()
      .value.items.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-dragon');
    expect(BigInt(game.minBet)).toBeGreaterThan(2n); // the vendor's minimum again
    expect(game.maxBet).toBe(game.minBet);
    await asAdmin('PATCH', `/admin/api/games/${slot}`, { maxBet: null });
  });
});
