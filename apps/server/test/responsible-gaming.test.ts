import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { houseGameNodes, housePage, launchHouseGame } from './helpers/house.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable, launchToken } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Responsible gaming, enforced on the server for every product (PGlite by default; PostgreSQL with DATABASE_URL):
 * limits under concurrency (two deposits racing past a daily limit: one refused, at request and at credit), a loss
 * limit reached mid-session refusing the next bet in every product (a seamless vendor, our house game, the lottery,
 * a transfer-in), the 24-hour delay on raising a limit (controlled clock), and self-exclusion: sessions ended, login,
 * deposit and every bet path refused, and no one — staff included — can lift or shorten it.
 */
let t: TestApp;
let demo: Merchant;
let staff: TestAdmin;
let now = Date.parse('2026-11-26T04:00:05.000Z');
const UNIT = 100n; // PHP, 2 decimals
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    lottery: { chainLength: 200, checkpointEvery: 50 },
    demoVendor: { faultRate: 0 },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  await t.app.modules.lottery.schedule();
}, 180_000);
afterAll(async () => {
  if (t) {
    expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    await t.close();
  }
});

const member = (p: Player, method: 'GET' | 'POST', path = '', payload?: object) =>
  t.app.inject({
    method,
    url: `/wps/responsible-gaming${path}`,
    headers: bearer(p.token),
    ...(payload && { payload }),
  });
let staffAt = 0;
/** A back-office call by a staff member signed in within the last minutes of the test clock (which jumps ahead). */
const admin = async (method: 'GET' | 'POST' | 'DELETE', account: string, path = '', payload?: object) => {
  if (now - staffAt > 10 * 60_000) {
    staff = await createTestAdmin(t, { clock: () => new Date(now) });
    staffAt = now;
  }
  return t.app.inject({
    method,
    url: `/admin/api/members/${account}/responsible-gaming${path}`,
    headers: { ...bearer(staff.token), merchant: 'demo' },
    ...(payload && { payload }),
  });
};
/** A new session after the clock moved past the old one's expiry (through the login API). */
async function relogin(p: Player): Promise<void> {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: p.account, password: p.password },
  });
  expect(r.statusCode, r.body).toBe(200);
  p.token = r.json().value.token as string;
}
const setLimit = (p: Player, kind: string, period: string, amount: string | null) =>
  member(p, 'POST', '/limits', { kind, period, amount });
const depositOrder = (p: Player, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/deposit/orders',
    headers: bearer(p.token),
    payload: { methodCode: 'SANDBOX', amount, requestId: randomUUID() },
  });
async function pay(reference: string) {
  const row = await t.database.all
    .selectFrom('deposits')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  const cb = await t.app.modules.deposits.sandbox.buildCallback(
    { orderId: row.order_ref, amount: row.amount, currency: row.currency },
    'paid',
  );
  return t.app.inject({
    method: 'POST',
    url: '/wps/deposit/callback/sandbox',
    headers: { 'content-type': 'application/json', ...cb.headers },
    payload: cb.body,
  });
}
const limitOf = (body: { value: { limits: { kind: string; period: string }[] } }, kind: string, period: string) =>
  body.value.limits.find((l) => l.kind === kind && l.period === period);

describe('a loss limit reached mid-session refuses the next bet in every product', () => {
  it('seamless vendor, house game, lottery and transfer-in', async () => {
    await t.app.modules.lottery.schedule();
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    await setLimit(p, 'loss', 'day', '100');
    const table = await demoLiveTable(t, demo, () => now);
    await table.round(p, 90n * UNIT, 0n); // lost 90 of 100
    // A vendor's next bet of 20: BET_LIMIT in the wallet protocol, nothing moves.
    const session = await launchToken(t, p, table.liveGame);
    const bet = await table.vendor.call('bet', {
      player_id: String(p.id),
      round_id: `r-${randomUUID()}`,
      session_token: session,
      tx_id: `b-${randomUUID()}`,
      amount: String(20n * UNIT),
      game_code: 'demo-baccarat',
    });
    expect(bet.json.status).toBe('BET_LIMIT');
    expect(bet.json.balance).toBe(String(910n * UNIT));
    // A bet of 10 still fits (90 + 10 = 100).
    await table.round(p, 10n * UNIT, 0n);

    // Our own slot (20 credits of 1 PHP): refused before a round is recorded.
    const nodes = await houseGameNodes(t);
    const g = housePage(t, await launchHouseGame(t, nodes, p, 'slot-lucky-dragon'));
    await g.session();
    const slot = await g.play({ lines: 20, betLevel: 1 });
    expect(slot.json().code, slot.body).toBe('rg_loss_limit');

    // The lottery.
    const ssc = (await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/elott-ssc-1m' })).json().value;
    const lot = await t.app.inject({
      method: 'POST',
      url: '/wps/lottery/bets',
      headers: bearer(p.token),
      payload: {
        requestId: randomUUID(),
        gameCode: 'elott-ssc-1m',
        issueId: ssc.current.issueId,
        bets: [{ code: 'ssc.bsoe.sum', selection: { sides: ['big'] }, unitStake: String(2n * UNIT) }],
      },
    });
    expect(lot.json().code, lot.body).toBe('rg_loss_limit');

    // A transfer-in to a transfer-wallet vendor.
    const tr = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCS_walletTransfer',
      headers: bearer(p.token),
      payload: { from: 'MAIN', to: 'DEMOT', amount: '5', requestId: randomUUID() },
    });
    expect(tr.json().code, tr.body).toBe('rg_loss_limit');
    expect(
      (await t.app.modules.ledger.balances(demo.id, [`member:${p.id}:main`]))[`member:${p.id}:main`]!.balance,
    ).toBe(900n * UNIT);
  });

  it('two vendor bets racing past a wager limit: one is refused', async () => {
    const p = await newPlayer(t, demo, { fund: 1_000n * UNIT });
    await setLimit(p, 'wager', 'week', '100');
    const table = await demoLiveTable(t, demo, () => now);
    const session = await launchToken(t, p, table.liveGame);
    const bet = () =>
      table.vendor.call('bet', {
        player_id: String(p.id),
        round_id: `r-${randomUUID()}`,
        session_token: session,
        tx_id: `b-${randomUUID()}`,
        amount: String(60n * UNIT),
        game_code: 'demo-baccarat',
      });
    const answers = await Promise.all([bet(), bet()]);
    expect(answers.map((a) => a.json.status).sort()).toEqual(['BET_LIMIT', 'OK']);
  });
});

describe('deposit limits', () => {
  it('two deposits racing past a daily limit: one is refused at request', async () => {
    const p = await newPlayer(t, demo);
    expect((await setLimit(p, 'deposit', 'day', '1000')).statusCode).toBe(200);
    const [a, b] = await Promise.all([depositOrder(p, '600'), depositOrder(p, '600')]);
    const codes = [a, b].map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes).toEqual(['ok', 'rg_deposit_limit']);
    // The refusal says which limit and how much of it is used.
    const refused = [a, b].find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().value).toMatchObject({ period: 'day', limit: String(1000n * UNIT) });
  });

  it('two credits racing past a limit set after their requests: one is credited, the other fails', async () => {
    const p = await newPlayer(t, demo);
    const first = (await depositOrder(p, '600')).json().value.depositId as string;
    const second = (await depositOrder(p, '600')).json().value.depositId as string;
    expect((await setLimit(p, 'deposit', 'week', '1000')).statusCode).toBe(200);
    await Promise.all([pay(first), pay(second)]);
    const rows = await t.database.all.selectFrom('deposits').select(['status']).where('member_id', '=', p.id).execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'success']);
    const status = (await member(p, 'GET')).json();
    expect(limitOf(status, 'deposit', 'week')).toMatchObject({ used: String(600n * UNIT) });
  });

  it('a decrease applies at once; a raise or removal only after 24 hours (controlled clock)', async () => {
    const p = await newPlayer(t, demo);
    await setLimit(p, 'deposit', 'month', '500');
    const raised = (await setLimit(p, 'deposit', 'month', '2000')).json();
    const pending = limitOf(raised, 'deposit', 'month')!;
    expect(pending).toMatchObject({ amount: String(500n * UNIT), pending: { amount: String(2000n * UNIT) } });
    expect(Date.parse((pending as unknown as { pending: { effectiveAt: string } }).pending.effectiveAt)).toBe(
      now + 24 * HOUR,
    );
    // Early: the old limit still applies.
    expect((await depositOrder(p, '800')).json().code).toBe('rg_deposit_limit');
    now += 23 * HOUR;
    await relogin(p);
    expect((await depositOrder(p, '800')).json().code).toBe('rg_deposit_limit');
    now += HOUR;
    await relogin(p);
    expect((await depositOrder(p, '800')).statusCode).toBe(200);
    expect(limitOf((await member(p, 'GET')).json(), 'deposit', 'month')).toMatchObject({
      amount: String(2000n * UNIT),
      pending: null,
    });
    // A decrease: at once, and it drops a pending raise.
    await setLimit(p, 'deposit', 'month', '5000');
    const lowered = (await setLimit(p, 'deposit', 'month', '900')).json();
    expect(limitOf(lowered, 'deposit', 'month')).toMatchObject({ amount: String(900n * UNIT), pending: null });
    // Removal waits too.
    const removed = limitOf((await setLimit(p, 'deposit', 'month', null)).json(), 'deposit', 'month');
    expect(removed).toMatchObject({ amount: String(900n * UNIT), pending: { amount: null } });
    // Staff may lower, never raise.
    const up = await admin('POST', p.account, '/limits', { kind: 'deposit', period: 'month', amount: '5000' });
    expect(up.json().code).toBe('rg_staff_raise_refused');
    const down = await admin('POST', p.account, '/limits', { kind: 'deposit', period: 'month', amount: '100' });
    expect(down.statusCode, down.body).toBe(200);
    const view = down.json().value;
    expect(view.events.map((e: { actor: string }) => e.actor)).toContain('staff');
    expect(view.events.length).toBeGreaterThanOrEqual(5);
  });
});

describe('time-out and self-exclusion', () => {
  it('self-exclusion ends sessions, blocks login, deposit and every bet path; nobody can lift it', async () => {
    const p = await newPlayer(t, demo, { fund: 500n * UNIT });
    const table = await demoLiveTable(t, demo, () => now);
    const vendorSession = await launchToken(t, p, table.liveGame);
    const nodes = await houseGameNodes(t);
    const g = housePage(t, await launchHouseGame(t, nodes, p, 'slot-lucky-dragon'));
    await g.session();

    const wrong = await member(p, 'POST', '/break', { kind: 'self_exclusion', duration: '6m', password: 'nope' });
    expect(wrong.json().code).toBe('in_incorrect_password');
    const ok = await member(p, 'POST', '/break', { kind: 'self_exclusion', duration: '6m', password: p.password });
    expect(ok.statusCode, ok.body).toBe(200);
    const until = ok.json().value.until as string;
    expect(Date.parse(until)).toBeGreaterThan(now + 180 * 24 * HOUR);

    // The session is over; a login is refused with the end date.
    expect((await member(p, 'GET')).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: p.account, password: p.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('rg_self_excluded');
    expect(login.json().message).toContain(until);

    // Every bet path through the API: the vendor (its session still open at the vendor), our game, a deposit credit.
    const bet = await table.vendor.call('bet', {
      player_id: String(p.id),
      round_id: `r-${randomUUID()}`,
      session_token: vendorSession,
      tx_id: `b-${randomUUID()}`,
      amount: String(10n * UNIT),
      game_code: 'demo-baccarat',
    });
    expect(bet.json.status).toBe('PLAYER_BLOCKED');
    expect((await g.play({ lines: 1, betLevel: 1 })).json().code).toBe('rg_self_excluded');
    const stake = await t.app.modules.rg.stakeRefusal(t.database.db, demo, p.id, UNIT);
    expect(stake?.code).toBe('rg_self_excluded');
    await expect(t.app.modules.rg.precheckStake(demo, p.id, UNIT)).rejects.toMatchObject({ code: 'rg_self_excluded' });
    await expect(
      t.database.db.transaction().execute((trx) => t.app.modules.rg.assertDeposit(trx, demo, p.id, UNIT)),
    ).rejects.toMatchObject({ code: 'rg_self_excluded' });

    // Staff: cannot lift it, cannot shorten it (a time-out ending sooner), and the view shows it.
    const lift = await admin('DELETE', p.account, '/break');
    expect(lift.statusCode).toBe(409);
    expect(lift.json().code).toBe('rg_break_locked');
    const shorter = await admin('POST', p.account, '/break', { kind: 'time_out', duration: '24h', note: 'asked' });
    expect(shorter.json().code).toBe('rg_break_locked');
    const view = (await admin('GET', p.account)).json().value;
    expect(view.block).toEqual({ kind: 'self_exclusion', until });
    expect(view.events[0]).toMatchObject({ actor: 'member', action: 'self_exclusion.start' });
    // Marketing and bonuses skip the member.
    expect([...(await t.app.modules.rg.blockedAmong(demo.id, [p.id]))]).toEqual([p.id]);

    // After the term the member may log in again.
    now = Date.parse(until) + 1000;
    const back = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: p.account, password: p.password },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('staff set a time-out on request (audited); it blocks bets and ends sessions', async () => {
    const p = await newPlayer(t, demo, { fund: 100n * UNIT });
    const r = await admin('POST', p.account, '/break', { kind: 'time_out', duration: '1w', note: 'by phone' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value.block.kind).toBe('time_out');
    expect((await member(p, 'GET')).statusCode).toBe(401);
    await expect(t.app.modules.rg.precheckStake(demo, p.id, UNIT)).rejects.toMatchObject({ code: 'rg_time_out' });
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'rg.time_out.start')
      .where('target_id', '=', String(p.id))
      .execute();
    expect(audit).toHaveLength(1);

    // Marketing: a segment message (members registered today) skips the member on a break.
    const other = await newPlayer(t, demo);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: demo.timezone }).format(new Date(now));
    await admin('GET', p.account); // a fresh staff session
    const sent = await t.app.inject({
      method: 'POST',
      url: '/admin/api/messages',
      headers: { ...bearer(staff.token), merchant: 'demo' },
      payload: {
        to: 'segment',
        segment: { registeredFrom: today, registeredTo: today },
        title: 'Weekend bonus',
        content: 'Join now',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const recipients = await t.database.all
      .selectFrom('member_message_recipients')
      .select('member_id')
      .where('member_id', 'in', [p.id, other.id])
      .execute();
    expect(recipients.map((r) => r.member_id)).toEqual([other.id]);
  });
});

describe('help contacts', () => {
  it('the operator writes them per language (audited); the page reads its language, else the default; bad input refused', async () => {
    const help = (language?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/wps/responsible-gaming/help',
        headers: { merchant: 'demo', ...(language && { language }) },
      });
    expect((await help('tl')).json().value).toEqual({ text: null });
    const owner = await createTestAdmin(t, { clock: () => new Date(now) });
    const auditor = await createTestAdmin(t, { role: 'auditor', clock: () => new Date(now) });
    const put = (a: TestAdmin, texts: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/site-settings/rg-help',
        headers: { ...bearer(a.token), merchant: 'demo' },
        payload: { texts },
      });
    const en = 'PAGCOR helpline: 1800-10-000-7777\nOur support: 24/7 in the help centre';
    const tl = 'PAGCOR helpline: 1800-10-000-7777\nAming suporta: 24/7 sa help centre';
    // An auditor reads but cannot write; nothing is stored.
    expect((await put(auditor, { en })).statusCode).toBe(403);
    expect((await help('en')).json().value).toEqual({ text: null });
    // A language the site does not offer, or a text too long: refused on its field, nothing stored.
    const unknown = await put(owner, { en, xx: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'validation_failed' });
    const long = await put(owner, { en: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await help('en')).json().value).toEqual({ text: null });

    const saved = await put(owner, { en, tl, ty: '  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.texts).toEqual({ en, tl }); // the blank one dropped
    expect((await help('tl')).json().value).toEqual({ text: tl });
    expect((await help('en')).json().value).toEqual({ text: en });
    // No text in TY: the merchant's default language's.
    expect((await help('ty')).json().value).toEqual({ text: en });
    const read = await t.app.inject({
      method: 'GET',
      url: '/admin/api/site-settings/rg-help',
      headers: { ...bearer(auditor.token), merchant: 'demo' },
    });
    expect(read.json().value).toEqual({ texts: { en, tl }, languages: demo.languages });
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'rg.help')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
