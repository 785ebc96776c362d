import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyHouseRound } from '../src/modules/house/house-proof.ts';
import { memberMain, memberVendor } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { houseGameNodes, housePage, launchHouseGame } from './helpers/house.ts';
import { bearer, multipart, newPlayer, testImage } from './helpers/players.ts';
import { launchToken, vendorClient } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 22, the back office's Games screens: the games list's filters, vendor and game changes by a games staff
 * member (audited, refused without games.manage), and a round looked up by its public reference with the proof of
 * our own games (the fairness page's check, server-side).
 */
let t: TestApp;
let demo: Merchant;
let games: TestAdmin;
let risk: TestAdmin;
let finance: TestAdmin;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  t.app.modules.games.registerProvider({
    adapter: 'demo',
    launchUrl: (ctx) => `https://vendor.example/play?token=${ctx.sessionToken}&player=${ctx.playerId}`,
  });
  games = await createTestAdmin(t, { role: 'games' });
  risk = await createTestAdmin(t, { role: 'risk' });
  finance = await createTestAdmin(t, { role: 'finance' });
});
afterAll(() => t?.close());

const call = (a: TestAdmin, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.token), ...(payload && { payload }) });
const ok = async (a: TestAdmin, method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) => {
  const res = await call(a, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const auditOf = (action: string, targetId: string) =>
  t.database.all
    .selectFrom('admin_audit_log')
    .select(['admin_id', 'action', 'target_id', 'detail'])
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();

describe('games list filters', () => {
  it('filters by vendor, category, status, hot and part of the name (wildcards literal), server-paged', async () => {
    const all = await ok(games, 'GET', '/admin/api/games?pageSize=200');
    expect(all.total).toBeGreaterThan(5);
    const sea = await ok(games, 'GET', '/admin/api/games?vendorCode=SEA&category=RNG');
    expect(sea.items.length).toBeGreaterThan(0);
    expect(sea.items.every((g: { vendorCode: string }) => g.vendorCode === 'SEA')).toBe(true);

    const target = sea.items[0] as { id: string; name: string; gameCode: string };
    await ok(games, 'PATCH', `/admin/api/games/${target.id}`, { hot: true, status: 'maintenance' });
    const hot = await ok(games, 'GET', '/admin/api/games?hot=true&status=maintenance');
    expect(hot.items.map((g: { id: string }) => g.id)).toEqual([target.id]);
    expect(hot.total).toBe(1);
    const notHot = await ok(games, 'GET', '/admin/api/games?hot=false&pageSize=200');
    expect(notHot.items.some((g: { id: string }) => g.id === target.id)).toBe(false);
    expect(notHot.total + (await ok(games, 'GET', '/admin/api/games?hot=true')).total).toBe(all.total);

    const byName = await ok(
      games,
      'GET',
      `/admin/api/games?name=${encodeURIComponent(target.name.slice(1, 6).toUpperCase())}`,
    );
    expect(byName.items.map((g: { id: string }) => g.id)).toContain(target.id);
    const byCode = await ok(games, 'GET', `/admin/api/games?name=${encodeURIComponent(target.gameCode)}`);
    expect(byCode.items.map((g: { id: string }) => g.id)).toContain(target.id);
    // '%' and '_' are taken literally: no game's name contains them.
    expect((await ok(games, 'GET', '/admin/api/games?name=%25')).total).toBe(0);
    expect((await ok(games, 'GET', '/admin/api/games?name=_')).total).toBe(0);
    // Paging: the second page of one-row pages is another game.
    const p1 = await ok(games, 'GET', '/admin/api/games?pageSize=1&pageNo=1');
    const p2 = await ok(games, 'GET', '/admin/api/games?pageSize=1&pageNo=2');
    expect(p1.items[0].id).not.toBe(p2.items[0].id);
    await ok(games, 'PATCH', `/admin/api/games/${target.id}`, { hot: false, status: 'active' });
  });

  it('refuses bad filters with 400 and a code, never a 500', async () => {
    for (const q of [
      'hot=maybe',
      'status=closed',
      `name=${'x'.repeat(101)}`,
      'category=NOPE',
      'pageSize=0',
      'pageNo=x',
    ]) {
      const res = await call(games, 'GET', `/admin/api/games?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('validation_failed');
    }
  });
});

describe('vendors and games changed by a games staff member', () => {
  it('puts a vendor into maintenance (audited with the vendor code); a risk member may look but not change', async () => {
    const refused = await call(risk, 'PATCH', '/admin/api/games/vendors/DEMO', { maintenance: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_forbidden');
    expect(await auditOf('vendor.update', 'DEMO')).toEqual([]);
    expect((await ok(risk, 'GET', '/admin/api/games/vendors')).length).toBeGreaterThan(0);
    expect((await call(finance, 'GET', '/admin/api/games/vendors')).statusCode).toBe(403);

    const v = await ok(games, 'PATCH', '/admin/api/games/vendors/DEMO', { maintenance: true });
    expect(v).toMatchObject({ code: 'DEMO', maintenance: true });
    const menus = (await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus' })).json().value;
    const tiles = menus.flatMap((m: { vendors: { vassalage: string; maintenance: boolean }[] }) => m.vendors);
    expect(
      tiles
        .filter((x: { vassalage: string }) => x.vassalage === 'DEMO')
        .every((x: { maintenance: boolean }) => x.maintenance),
    ).toBe(true);
    const audit = await auditOf('vendor.update', 'DEMO');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ admin_id: games.id, detail: { maintenance: true } });
    await ok(games, 'PATCH', '/admin/api/games/vendors/DEMO', { maintenance: false });

    for (const body of [{}, { maintenance: 'yes' }, { sort: 2 ** 31 }, { launchUrl: 'javascript:alert(1)' }]) {
      const res = await call(games, 'PATCH', '/admin/api/games/vendors/DEMO', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(games, 'PATCH', '/admin/api/games/vendors/NOPE', { maintenance: true })).statusCode).toBe(404);
  });

  it('changes a game’s limits, order, hot flag and status; crossing limits are refused on their field', async () => {
    const [g] = (await ok(games, 'GET', '/admin/api/games?vendorCode=DEMO&pageSize=1')).items as { id: string }[];
    const changed = await ok(games, 'PATCH', `/admin/api/games/${g!.id}`, {
      minBet: '500',
      maxBet: '900000',
      sort: 7,
      hot: true,
      status: 'disabled',
    });
    expect(changed).toMatchObject({ minBet: '500', maxBet: '900000', sort: 7, hot: true, status: 'disabled' });
    expect(await auditOf('game.update', g!.id)).toHaveLength(1);

    const crossed = await call(games, 'PATCH', `/admin/api/games/${g!.id}`, { maxBet: '100' });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'maxBet' }] } });
    for (const body of [{ minBet: '-1' }, { minBet: '1.5' }, { maxBet: '99999999999999999999' }, { sort: 1.5 }]) {
      const res = await call(games, 'PATCH', `/admin/api/games/${g!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body) + res.body).toBe('validation_failed');
    }
    expect((await call(risk, 'PATCH', `/admin/api/games/${g!.id}`, { hot: false })).statusCode).toBe(403);
    expect(await auditOf('game.update', g!.id)).toHaveLength(1);
    await ok(games, 'PATCH', `/admin/api/games/${g!.id}`, { status: 'active', minBet: null, maxBet: null });
  });
});

describe('a game icon uploaded in the back office', () => {
  const uploadIcon = (a: TestAdmin, content: Buffer, type = 'image/png') => {
    const form = multipart({}, { field: 'file', content, type });
    return t.app.inject({
      method: 'POST',
      url: '/admin/api/games/icons',
      headers: { ...bearer(a.token), ...form.headers },
      payload: form.payload,
    });
  };

  it('stores the icon (≤ 512 px), sets it on the game and the player site’s list shows it', async () => {
    const res = await uploadIcon(games, await testImage('png', 1024, 800));
    expect(res.statusCode, res.body).toBe(200);
    const icon = res.json().value;
    expect(icon).toMatchObject({ contentType: 'image/png', width: 512, height: 400 });
    expect(icon.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: icon.url })).statusCode).toBe(200);

    const [g] = (await ok(games, 'GET', '/admin/api/games?vendorCode=DEMO&status=active&pageSize=1')).items as {
      id: string;
      gameCode: string;
      category: string;
    }[];
    expect(await ok(games, 'PATCH', `/admin/api/games/${g!.id}`, { iconUrl: icon.url })).toMatchObject({
      iconUrl: icon.url,
    });
    const list = (
      await t.app.inject({ method: 'GET', url: `/lgw/games/list?vassalage=DEMO&gameType=${g!.category}&pageSize=100` })
    ).json().value.content as { gameCode: string; iconUrl: string | null }[];
    expect(list.find((x) => x.gameCode === g!.gameCode)?.iconUrl).toBe(icon.url);
  });

  it('refuses without games.manage, a GIF or an unreadable file, one over 1 MB, and a form without a file', async () => {
    const png = await testImage('png', 64, 64);
    expect((await uploadIcon(risk, png)).statusCode).toBe(403);
    const gif = await uploadIcon(games, await testImage('gif', 64, 64), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
    const fake = await uploadIcon(games, Buffer.concat([png.subarray(0, 16), Buffer.alloc(100)]));
    expect(fake.json().code).toBe('unsupported_media_type');
    const big = await uploadIcon(games, Buffer.concat([png, Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('payload_too_large');
    const empty = multipart({ note: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/admin/api/games/icons',
      headers: { ...bearer(games.token), ...empty.headers },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'validation_failed', value: { fields: [{ field: 'file' }] } });
  });
});

describe('a vendor’s wallet mode changed in the back office', () => {
  const mode = (a: TestAdmin, code: string, walletMode: string) =>
    call(a, 'POST', `/admin/api/games/vendors/${code}/wallet-mode`, { walletMode });
  const toVendor = async (memberId: bigint, amount: bigint, back = false) =>
    t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'bo_wallet_mode_test',
      key: randomUUID(),
      kind: 'wallet_transfer',
      memberId,
      ref: { to: 'DEMOT' },
      legs: [
        back
          ? { debit: memberVendor(memberId, 'DEMOT'), credit: memberMain(memberId), amount, code: 'wallet_transfer' }
          : { debit: memberMain(memberId), credit: memberVendor(memberId, 'DEMOT'), amount, code: 'wallet_transfer' },
      ],
    });

  it('refused while a member holds money in the transfer wallet; then changed both ways, audited', async () => {
    const p = await newPlayer(t, demo, { fund: 10_000n });
    await toVendor(p.id, 2_500n);
    const held = await mode(games, 'DEMOT', 'seamless');
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({
      success: false,
      code: 'vendor_wallet_in_use',
      value: { members: 1, total: '2500' },
    });
    expect(
      (await ok(games, 'GET', '/admin/api/games/vendors')).find((v: { code: string }) => v.code === 'DEMOT'),
    ).toMatchObject({ walletMode: 'transfer' });

    // Transferred back: the change goes through, audited with from/to, and back again.
    await toVendor(p.id, 2_500n, true);
    expect(
      await ok(games, 'POST', '/admin/api/games/vendors/DEMOT/wallet-mode', { walletMode: 'seamless' }),
    ).toMatchObject({
      code: 'DEMOT',
      walletMode: 'seamless',
    });
    const [entry] = await auditOf('vendor.wallet_mode', 'DEMOT');
    expect(entry).toMatchObject({ admin_id: games.id, detail: { from: 'transfer', to: 'seamless' } });
    expect((await mode(games, 'DEMOT', 'seamless')).json().code).toBe('state_invalid');
    await ok(games, 'POST', '/admin/api/games/vendors/DEMOT/wallet-mode', { walletMode: 'transfer' });
    expect(await auditOf('vendor.wallet_mode', 'DEMOT')).toHaveLength(2);
  });

  it('refused while a round is open, without games.manage, and for bad input', async () => {
    const p = await newPlayer(t, demo, { fund: 10_000n });
    const ref = `open-${randomUUID()}`;
    const [game] = (await ok(games, 'GET', '/admin/api/games?vendorCode=DEMO&status=active&pageSize=1')).items as {
      id: string;
    }[];
    await t.database.all
      .insertInto('game_rounds')
      .values({
        merchant_id: demo.id,
        member_id: p.id,
        vendor_code: 'DEMO',
        game_id: BigInt(game!.id),
        round_ref: ref,
        status: 'open',
      } as never)
      .execute();
    const open = await mode(games, 'DEMO', 'transfer');
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('vendor_rounds_open');
    expect((await mode(risk, 'DEMO', 'transfer')).statusCode).toBe(403);
    expect((await mode(games, 'DEMO', 'hybrid')).json().code).toBe('validation_failed');
    expect((await mode(games, 'NOPE', 'transfer')).statusCode).toBe(404);
    expect(await auditOf('vendor.wallet_mode', 'DEMO')).toHaveLength(0);
    await t.database.all.deleteFrom('game_rounds').where('round_ref', '=', ref).execute();
  });
});

describe('a round looked up by its reference', () => {
  it('finds our own game’s round with its proof; the check passes once the seed is revealed', async () => {
    const nodes = await houseGameNodes(t);
    const p = await newPlayer(t, demo, { fund: 100_000n });
    const page = housePage(t, await launchHouseGame(t, nodes, p, 'slot-lucky-dragon'));
    expect((await page.session()).statusCode).toBe(200);
    const played = await page.play({ lines: 20, betLevel: 1 });
    expect(played.statusCode, played.body).toBe(200);
    const round = played.json().value.round as { id: string; winCredits: number };
    const reference = `h${round.id}`;

    const before = await ok(games, 'GET', `/admin/api/games/rounds?reference=${reference}`);
    expect(before.items).toHaveLength(1);
    const r = before.items[0];
    expect(r).toMatchObject({
      reference,
      vendorCode: 'SEA',
      gameCode: 'slot-lucky-dragon',
      memberAccount: p.account,
      stake: '2000',
      status: 'settled',
      currency: 'PHP',
      exponent: 2,
    });
    expect(r.payout).toBe(String(round.winCredits * 100));
    expect(r.proof).toMatchObject({ id: round.id, nonce: 0, serverSeed: null, verification: null });
    expect(r.proof.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(before)).not.toContain(`"memberId"`);

    // The member reveals the seed (rotation): the same lookup now recomputes and checks the round.
    expect((await page.rotate()).statusCode).toBe(200);
    const after = await ok(games, 'GET', `/admin/api/games/rounds?reference=${encodeURIComponent(`#${reference}`)}`);
    expect(after.items[0].proof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.items[0].proof.verification).toEqual({
      hashMatches: true,
      resultMatches: true,
      recomputedWinCredits: round.winCredits,
      error: null,
    });
    // The check is not a constant: a stored win or a commitment that differs fails it.
    const proof = after.items[0].proof;
    expect(verifyHouseRound({ ...proof, winCredits: proof.winCredits + 1 })).toMatchObject({ resultMatches: false });
    expect(verifyHouseRound({ ...proof, serverSeedHash: '0'.repeat(64) })).toMatchObject({
      hashMatches: false,
      resultMatches: true,
    });
  });

  it('shows a vendor’s round as the vendor reported it, without a proof; unknown → empty; bad → 400', async () => {
    const gameId = (await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' })).json()
      .value.content[0].nodeId as string;
    const p = await newPlayer(t, demo, { fund: 100_000n });
    const session = await launchToken(t, p, gameId);
    const vendor = vendorClient(t, demo, 'DEMO');
    const roundRef = `r-${randomUUID()}`;
    const game = (await ok(games, 'GET', '/admin/api/games?vendorCode=DEMO&pageSize=200')).items.find(
      (g: { id: string }) => g.id === gameId,
    ) as { gameCode: string; minBet: string | null };
    const bet = await vendor.call('bet', {
      player_id: String(p.id),
      session_token: session,
      round_id: roundRef,
      tx_id: `b-${randomUUID()}`,
      amount: game.minBet ?? '1000',
      game_code: game.gameCode,
    });
    expect(bet.json.status, bet.text).toBe('OK');

    const found = await ok(games, 'GET', `/admin/api/games/rounds?reference=${roundRef}`);
    expect(found.items).toEqual([
      expect.objectContaining({
        reference: roundRef,
        vendorCode: 'DEMO',
        memberAccount: p.account,
        stake: game.minBet ?? '1000',
        payout: '0',
        status: 'open',
        proof: null,
      }),
    ]);
    expect((await ok(risk, 'GET', `/admin/api/games/rounds?reference=nope-${randomUUID()}`)).items).toEqual([]);
    for (const q of ['', 'reference=', 'reference=a%20b', `reference=${'x'.repeat(65)}`, 'reference=%00']) {
      const res = await call(games, 'GET', `/admin/api/games/rounds?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toMatch(/validation_failed|control_character/);
    }
    const refused = await call(finance, 'GET', `/admin/api/games/rounds?reference=${roundRef}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('the admin OpenAPI document', () => {
  it('lists the round lookup and the games filters', async () => {
    const owner = await createTestAdmin(t);
    const doc = await call(owner, 'GET', '/admin/api/openapi');
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths ?? doc.json().value?.paths;
    expect(Object.keys(paths)).toContain('/admin/api/games/rounds');
    const params = (paths['/admin/api/games'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['vendorCode', 'category', 'status', 'hot', 'name']));
  });
});
