import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberMain, memberVendor, systemAccount } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createMerchant } from './helpers/factories.ts';
import { fundMember } from './helpers/money.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { addTransferVendors } from './helpers/transfer-vendors.ts';

let t: TestApp;
let demo: Merchant;
let other: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  const b = await createMerchant(t.database.all);
  await t.app.modules.games.seedDemo({ id: b.id, currencyExponent: 0 });
  other = (await t.app.modules.merchants.findByCode(b.code))!;
  for (const m of [demo, other]) await addTransferVendors(t, m.id);
});
afterAll(async () => {
  expect(await auditLedger(t.database.all)).toEqual({ ok: true, problems: [] });
  await t.close();
});

/** A member (type 0), agent (type 1) or trial account (type 4) with a session. */
const player = (opts: { type?: number; upline?: Player; merchant?: Merchant; fund?: bigint } = {}) =>
  newPlayer(t, opts.merchant ?? demo, opts);

/** Test funding through the ledger: adjustments → the member's main wallet. */
const fund = (p: Player, amount: bigint) => fundMember(t.app.modules, p.merchant, p.id, amount);

const call = (p: Player, method: 'GET' | 'POST', url: string, payload?: unknown, merchantCode = p.merchant.code) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${p.token}`, merchant: merchantCode },
    ...(payload !== undefined && { payload: payload as object }),
  });

const balance = async (p: Player) => (await call(p, 'GET', '/wps/v2/wallets/balance')).json().value;
const mainOf = async (p: Player) => BigInt((await balance(p)).main.balance);
const transfer = (p: Player, body: { from: string; to: string; amount: string; requestId?: string }) =>
  call(p, 'POST', '/wps/relay/GCS_walletTransfer', { requestId: randomUUID(), ...body });
const toUpline = (p: Player, amount: string, requestId: string = randomUUID()) =>
  call(p, 'POST', '/wps/member/transfer/upline', { amount, requestId });
const toDownline = (p: Player, downlineAccount: string, amount: string, requestId: string = randomUUID()) =>
  call(p, 'POST', '/wps/agent/transfer/downline', { downlineAccount, amount, requestId });

describe('balances', () => {
  it('shows the main wallet and one sub-wallet per transfer vendor, in minor units, with currency and exponent', async () => {
    const p = await player({ fund: 123_456n });
    const res = await call(p, 'GET', '/wps/v2/wallets/balance');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      currency: 'PHP',
      exponent: 2,
      main: { balance: '123456', available: '123456' },
      bonus: '0',
      vendors: [
        { vendorCode: 'DEMOT', vendorName: 'Demo vendor (transfer wallet)', balance: '0' },
        { vendorCode: 'SABA', vendorName: 'SABA Sports', balance: '0' },
        { vendorCode: 'EVO', vendorName: 'Evolution Live', balance: '0' },
        { vendorCode: 'JILI', vendorName: 'JILI Slots', balance: '0' },
      ],
    });
  });

  it('consolidates main and sub-wallets and reports held (pending withdrawal) money', async () => {
    const p = await player({ fund: 10_000n });
    expect((await transfer(p, { from: 'MAIN', to: 'EVO', amount: '30' })).statusCode).toBe(200);
    // A pending withdrawal hold on the main wallet, as the withdrawals module places it.
    await t.app.modules.ledger.postOrThrow({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'test_hold',
      key: `hold:${p.id}`,
      kind: 'withdrawal',
      memberId: p.id,
      legs: [
        {
          debit: memberMain(p.id),
          credit: systemAccount('payment_clearing', p.id),
          amount: 1_500n,
          code: 'withdrawal',
          pending: true,
        },
      ],
    });
    const res = await call(p, 'GET', '/wps/member/info/funds/consolidated');
    expect(res.json().value).toEqual({
      currency: 'PHP',
      exponent: 2,
      total: '10000',
      main: '7000',
      subWallets: '3000',
      held: '1500',
      available: '5500',
    });
    expect((await balance(p)).main).toEqual({ balance: '7000', available: '5500' });
    // A hold counts against what can be moved.
    expect((await transfer(p, { from: 'MAIN', to: 'EVO', amount: '56' })).json().code).toBe('insufficient_funds');
  });

  it('lets a trial account see zero but not move money', async () => {
    const trial = await player({ type: 4 });
    expect((await balance(trial)).main).toEqual({ balance: '0', available: '0' });
    const res = await transfer(trial, { from: 'MAIN', to: 'EVO', amount: '1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('in_need_true_account');
    expect((await toUpline(trial, '1')).json().code).toBe('in_need_true_account');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' });
    expect(res.statusCode).toBe(401);
  });

  it("gives the merchant's wallet settings, and only its own", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/relay/GCS_merchantWallet?merchantCode=demo' });
    expect(res.json().value).toEqual({
      merchantCode: 'demo',
      currency: 'PHP',
      exponent: 2,
      singleWallet: false,
      transferVendors: [
        { vendorCode: 'DEMOT', vendorName: 'Demo vendor (transfer wallet)' },
        { vendorCode: 'SABA', vendorName: 'SABA Sports' },
        { vendorCode: 'EVO', vendorName: 'Evolution Live' },
        { vendorCode: 'JILI', vendorName: 'JILI Slots' },
      ],
    });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/GCS_merchantWallet?merchantCode=${other.code}`,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');
    const single = await createMerchant(t.database.all);
    const s = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/GCS_merchantWallet',
      headers: { merchant: single.code },
    });
    expect(s.json().value).toMatchObject({
      merchantCode: single.code,
      currency: 'VND',
      exponent: 0,
      singleWallet: true,
      transferVendors: [],
    });
  });
});

describe('main ↔ vendor wallet transfer', () => {
  it('moves money both ways in one ledger post each', async () => {
    const p = await player({ fund: 100_000n });
    const out = await transfer(p, { from: 'MAIN', to: 'SABA', amount: '250.50' });
    expect(out.statusCode).toBe(200);
    expect(out.json().value).toMatchObject({
      from: 'MAIN',
      to: 'SABA',
      amount: '25050',
      mainBalance: '74950',
      vendorCode: 'SABA',
      vendorBalance: '25050',
      replay: false,
    });
    const back = await transfer(p, { from: 'saba', to: 'main', amount: '50' });
    expect(back.json().value).toMatchObject({
      from: 'SABA',
      to: 'MAIN',
      amount: '5000',
      mainBalance: '79950',
      vendorBalance: '20050',
    });
    const b = await balance(p);
    expect(b.main.balance).toBe('79950');
    expect(b.vendors.find((v: { vendorCode: string }) => v.vendorCode === 'SABA').balance).toBe('20050');
    const journals = await t.database.all
      .selectFrom('ledger_journals')
      .select(['scope', 'kind', 'idem_key'])
      .where('member_id', '=', p.id)
      .where('scope', '=', 'wallet_transfer')
      .execute();
    expect(journals).toHaveLength(2);
    expect(journals.every((j) => j.kind === 'wallet_transfer' && j.idem_key.startsWith(`${p.id}:`))).toBe(true);
  });

  it('refuses more than the wallet holds, and bad amounts, with clear codes', async () => {
    const p = await player({ fund: 1_000n });
    const res = await transfer(p, { from: 'MAIN', to: 'JILI', amount: '10.01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('insufficient_funds');
    expect((await transfer(p, { from: 'JILI', to: 'MAIN', amount: '0.01' })).json().code).toBe('insufficient_funds');
    expect((await transfer(p, { from: 'MAIN', to: 'JILI', amount: '0' })).json().code).toBe('amount_invalid');
    expect((await transfer(p, { from: 'MAIN', to: 'JILI', amount: '1.001' })).json().code).toBe('amount_invalid');
    expect((await transfer(p, { from: 'MAIN', to: 'JILI', amount: '-5' })).json().code).toBe('validation_failed');
    expect((await transfer(p, { from: 'MAIN', to: 'JILI', amount: '1', requestId: 'bad id!' })).json().code).toBe(
      'validation_failed',
    );
    expect(await mainOf(p)).toBe(1_000n);
  });

  it('refuses seamless vendors, vendor to vendor, the same wallet and unknown vendors', async () => {
    const p = await player({ fund: 1_000n });
    const seamless = await transfer(p, { from: 'MAIN', to: 'SEA', amount: '1' });
    expect(seamless.statusCode).toBe(400);
    expect(seamless.json()).toMatchObject({ code: 'transfer_not_supported', value: { reason: 'seamless_vendor' } });
    expect((await transfer(p, { from: 'SABA', to: 'EVO', amount: '1' })).json()).toMatchObject({
      code: 'transfer_not_supported',
      value: { reason: 'vendor_to_vendor' },
    });
    expect((await transfer(p, { from: 'MAIN', to: 'MAIN', amount: '1' })).json()).toMatchObject({
      code: 'transfer_not_supported',
      value: { reason: 'same_wallet' },
    });
    expect((await transfer(p, { from: 'MAIN', to: 'NOPE', amount: '1' })).json().code).toBe('not_found');
    expect((await transfer(p, { from: 'MAIN', to: 'x y', amount: '1' })).json().code).toBe('not_found');
    expect(await mainOf(p)).toBe(1_000n);
  });

  it('replays a requestId with the same answer and no second move; another amount is a conflict', async () => {
    const p = await player({ fund: 10_000n });
    const requestId = randomUUID();
    const first = await transfer(p, { from: 'MAIN', to: 'EVO', amount: '10', requestId });
    const again = await transfer(p, { from: 'MAIN', to: 'EVO', amount: '10', requestId });
    expect(again.statusCode).toBe(200);
    expect({ ...again.json().value, replay: false }).toEqual(first.json().value);
    expect(again.json().value.replay).toBe(true);
    expect(await mainOf(p)).toBe(9_000n);
    const conflict = await transfer(p, { from: 'MAIN', to: 'EVO', amount: '11', requestId });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('idempotency_conflict');
    // Another member may use the same requestId: keys are scoped by member.
    const q = await player({ fund: 1_000n });
    expect((await transfer(q, { from: 'MAIN', to: 'EVO', amount: '10', requestId })).json().value.mainBalance).toBe(
      '0',
    );
    // A failure is final for its key.
    const failedId = randomUUID();
    expect((await transfer(q, { from: 'MAIN', to: 'EVO', amount: '5', requestId: failedId })).json().code).toBe(
      'insufficient_funds',
    );
    await fund(q, 1_000n);
    expect((await transfer(q, { from: 'MAIN', to: 'EVO', amount: '5', requestId: failedId })).json().code).toBe(
      'insufficient_funds',
    );
    expect(await mainOf(q)).toBe(1_000n);
  });

  it('lets only the affordable ones of 20 concurrent transfers through, never below zero', async () => {
    const p = await player({ fund: 10_000n }); // 100.00
    const results = await Promise.all(
      Array.from({ length: 20 }, () => transfer(p, { from: 'MAIN', to: 'SABA', amount: '7' })),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(14);
    expect(codes.filter((c) => c === 'insufficient_funds')).toHaveLength(6);
    const b = await balance(p);
    expect(b.main.balance).toBe('200');
    expect(b.vendors.find((v: { vendorCode: string }) => v.vendorCode === 'SABA').balance).toBe('9800');
  });
});

describe('vendor wallets with nothing to play', () => {
  it('the demo seed has only vendors with games', async () => {
    const fresh = await createMerchant(t.database.all);
    await t.app.modules.games.seedDemo({ id: fresh.id, currencyExponent: 0 });
    const vendors = await t.app.modules.games.listVendors(fresh.id);
    expect(vendors.map((v) => v.code)).toEqual(['SEA', 'DEMO', 'DEMOT']);
    for (const v of vendors)
      expect([v.code, await t.app.modules.games.hasLaunchableGame(fresh.id, v)]).toEqual([v.code, true]);
  });

  it('refuses money into a vendor wallet with no game, only disabled ones or no launch adapter; lets it out', async () => {
    const db = t.database.all;
    await db
      .insertInto('vendors')
      .values([
        { merchant_id: other.id, code: 'EMPTY', name: 'No games', wallet_mode: 'transfer', adapter: 'http', sort: 20 },
        {
          merchant_id: other.id,
          code: 'OFF',
          name: 'Disabled games',
          wallet_mode: 'transfer',
          adapter: 'http',
          sort: 21,
        },
        { merchant_id: other.id, code: 'NOAD', name: 'No adapter', wallet_mode: 'transfer', adapter: 'none', sort: 22 },
      ])
      .execute();
    await db
      .insertInto('games')
      .values([
        {
          merchant_id: other.id,
          vendor_code: 'OFF',
          game_code: 'off-1',
          name: 'Off',
          category: 'RNG',
          status: 'disabled',
        },
        { merchant_id: other.id, vendor_code: 'NOAD', game_code: 'noad-1', name: 'No adapter', category: 'RNG' },
      ])
      .execute();
    const p = await player({ merchant: other, fund: 10_000n }); // VND, exponent 0
    for (const code of ['EMPTY', 'OFF', 'NOAD']) {
      const res = await transfer(p, { from: 'MAIN', to: code, amount: '1' });
      expect([res.statusCode, res.json().code, res.json().value?.reason], code).toEqual([
        400,
        'transfer_not_supported',
        'no_games',
      ]);
    }
    expect(await mainOf(p)).toBe(10_000n);
    // Money already there (from before its games were withdrawn) still comes out.
    await t.app.modules.ledger.moveOrThrow({
      merchant: other,
      scope: 'test',
      key: `empty:${p.id}`,
      kind: 'wallet_transfer',
      memberId: p.id,
      from: memberMain(p.id),
      to: memberVendor(p.id, 'EMPTY'),
      amount: 500n,
    });
    const out = await transfer(p, { from: 'EMPTY', to: 'MAIN', amount: '5' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().value).toMatchObject({ mainBalance: '9505', vendorBalance: '495' });
    // A game enabled again: money goes in again.
    await db
      .updateTable('games')
      .set({ status: 'active' })
      .where('merchant_id', '=', other.id)
      .where('vendor_code', '=', 'OFF')
      .execute();
    expect((await transfer(p, { from: 'MAIN', to: 'OFF', amount: '1' })).statusCode).toBe(200);
  });
});

describe('every transfer answers the balances it left', () => {
  it('200 parallel transfers both ways: each answer is its own ledger entries’ balance after, a replay the same', async () => {
    const p = await player({ fund: 20_000n }); // 200.00
    expect((await transfer(p, { from: 'MAIN', to: 'SABA', amount: '100' })).statusCode).toBe(200);
    const sent = Array.from({ length: 200 }, (_, i) => ({
      requestId: randomUUID(),
      ...(i % 2 === 0 ? { from: 'MAIN', to: 'SABA' } : { from: 'SABA', to: 'MAIN' }),
      amount: '1',
    }));
    const answers = (await Promise.all(sent.map((body) => transfer(p, body)))).map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value as { requestId: string; mainBalance: string; vendorBalance: string; replay: boolean };
    });
    // What the ledger wrote for each transfer: the balance after its entry on main and on the sub-wallet.
    const entries = await t.database.all
      .selectFrom('ledger_journals as j')
      .innerJoin('ledger_entries as e', 'e.journal_id', 'j.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .select(['j.idem_key', 'a.code', 'e.balance_after'])
      .where('j.scope', '=', 'wallet_transfer')
      .where('j.member_id', '=', p.id)
      .execute();
    const after = new Map(entries.map((e) => [`${e.idem_key}/${e.code}`, String(e.balance_after)]));
    const main = memberMain(p.id);
    const sub = memberVendor(p.id, 'SABA');
    for (const a of answers) {
      expect(a.replay).toBe(false);
      expect([a.mainBalance, a.vendorBalance]).toEqual([
        after.get(`${p.id}:${a.requestId}/${main}`),
        after.get(`${p.id}:${a.requestId}/${sub}`),
      ]);
      // Each transfer of 1.00 leaves the two wallets holding 200.00 between them.
      expect(BigInt(a.mainBalance) + BigInt(a.vendorBalance)).toBe(20_000n);
    }
    // A retry of a request answers what the first one did, whatever happened since.
    await transfer(p, { from: 'MAIN', to: 'SABA', amount: '3' });
    const again = await transfer(p, sent[0]!);
    expect(again.json().value).toMatchObject({ ...answers[0], replay: true });
  });
});

describe('hierarchy transfers', () => {
  it('sends money to the direct upline; a member without an upline is refused', async () => {
    const agent = await player({ type: 1 });
    const m = await player({ upline: agent, fund: 5_000n });
    expect((await call(m, 'GET', '/wps/member/upline')).json().value).toEqual({ uplineAccount: agent.account });
    const res = await toUpline(m, '12.34');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      toAccount: agent.account,
      amount: '1234',
      balance: '3766',
      replay: false,
      currency: 'PHP',
      exponent: 2,
    });
    expect(await mainOf(agent)).toBe(1_234n);
    const journal = await t.database.all
      .selectFrom('ledger_journals')
      .select(['kind', 'member_id', 'ref'])
      .where('scope', '=', 'hierarchy_transfer')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      kind: 'transfer_upline',
      member_id: m.id,
      ref: { fromMemberId: String(m.id), toMemberId: String(agent.id), toAccount: agent.account },
    });
    // An agent may pay its own upline too.
    const sub = await player({ type: 1, upline: agent, fund: 100n });
    expect((await toUpline(sub, '1')).json().value.balance).toBe('0');

    const orphan = await player({ fund: 100n });
    expect((await call(orphan, 'GET', '/wps/member/upline')).json().value).toEqual({ uplineAccount: null });
    const refused = await toUpline(orphan, '1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('not_in_hierarchy');
    expect((await toUpline(m, '1000')).json().code).toBe('insufficient_funds');
  });

  it('replays an upline transfer without a second move', async () => {
    const agent = await player({ type: 1 });
    const m = await player({ upline: agent, fund: 1_000n });
    const id = randomUUID();
    expect((await toUpline(m, '3', id)).json().value.replay).toBe(false);
    expect((await toUpline(m, '3', id)).json().value.replay).toBe(true);
    expect((await toUpline(m, '4', id)).json().code).toBe('idempotency_conflict');
    expect(await mainOf(agent)).toBe(300n);
  });

  it('lets an agent pay any member of its own tree, and nobody else', async () => {
    //        top
    //       /   \
    //   agent    sibling ── cousin
    //     |
    //    sub (agent) ── leaf ── deep
    const top = await player({ type: 1 });
    const agent = await player({ type: 1, upline: top, fund: 50_000n });
    const sibling = await player({ type: 1, upline: top });
    const cousin = await player({ upline: sibling });
    const sub = await player({ type: 2, upline: agent });
    const leaf = await player({ type: 1, upline: sub });
    const deep = await player({ upline: leaf });

    const res = await toDownline(agent, deep.account.toUpperCase(), '100');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ toAccount: deep.account, amount: '10000', balance: '40000' });
    expect(await mainOf(deep)).toBe(10_000n);
    const journal = await t.database.all
      .selectFrom('ledger_journals')
      .select(['kind', 'member_id', 'ref'])
      .where('scope', '=', 'hierarchy_transfer')
      .where('member_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({
      kind: 'transfer_downline',
      ref: { fromMemberId: String(agent.id), toMemberId: String(deep.id) },
    });
    expect((await toDownline(agent, sub.account, '1')).statusCode).toBe(200);

    for (const outsider of [top, sibling, cousin, agent]) {
      const r = await toDownline(agent, outsider.account, '1');
      expect(r.statusCode, outsider.account).toBe(403);
      expect(r.json().code).toBe('not_in_hierarchy');
    }
    expect((await toDownline(agent, 'no-such-account', '1')).json().code).toBe('not_in_hierarchy');
    // A downline agent cannot reach up or sideways either.
    expect((await toDownline(sub, agent.account, '1')).json().code).toBe('not_in_hierarchy');
    expect((await toDownline(agent, deep.account, '1000')).json().code).toBe('insufficient_funds');
    expect(await mainOf(top)).toBe(0n);
    expect(await mainOf(cousin)).toBe(0n);
  });

  it('refuses downline transfers and the picker to non-agents', async () => {
    const m = await player({ fund: 1_000n });
    const below = await player({ upline: m });
    const r = await toDownline(m, below.account, '1');
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('forbidden');
    expect((await call(m, 'GET', '/wps/agent/downlines')).json().code).toBe('forbidden');
    expect(await mainOf(below)).toBe(0n);
  });

  it("lists the agent's own tree for the picker, searchable and paginated", async () => {
    const agent = await player({ type: 1 });
    const a1 = await player({ upline: agent });
    const a2 = await player({ type: 1, upline: agent });
    const a3 = await player({ upline: a2 });
    await player(); // not in the tree
    const res = await call(agent, 'GET', '/wps/agent/downlines?pageSize=2');
    const v = res.json().value;
    expect(v.total).toBe(3);
    expect(v.list).toHaveLength(2);
    expect(v.list.every((i: { level: number }) => i.level === 1)).toBe(true);
    const page2 = (await call(agent, 'GET', '/wps/agent/downlines?pageSize=2&pageNo=2')).json().value;
    expect(page2.list).toEqual([{ account: a3.account, nickname: null, level: 2, isAgent: false }]);
    const found = (await call(agent, 'GET', `/wps/agent/downlines?search=${a2.account.slice(1).toUpperCase()}`)).json()
      .value;
    expect(found.list).toEqual([{ account: a2.account, nickname: null, level: 1, isAgent: true }]);
    expect((await call(agent, 'GET', '/wps/agent/downlines?search=%25')).json().value.total).toBe(0);
    expect([a1.account, a2.account]).toContain(v.list[0].account);
  });

  it('keeps merchants apart: a member of another merchant is invisible', async () => {
    const agentA = await player({ type: 1, fund: 10_000n });
    const agentB = await player({ type: 1, merchant: other, fund: 10_000n });
    const inB = await player({ upline: agentB, merchant: other });
    // Same account name in A under agentA? Not needed: B's downline must be unreachable from A.
    expect((await toDownline(agentA, inB.account, '1')).json().code).toBe('not_in_hierarchy');
    expect((await call(agentA, 'GET', `/wps/agent/downlines?search=${inB.account}`)).json().value.total).toBe(0);
    // A session of merchant A is not valid on merchant B.
    expect((await call(agentA, 'GET', '/wps/v2/wallets/balance', undefined, other.code)).statusCode).toBe(401);
    // On B (exponent 0) amounts are whole units.
    const ok = await toDownline(agentB, inB.account, '25');
    expect(ok.json().value).toMatchObject({ amount: '25', currency: 'VND', exponent: 0 });
    expect((await toDownline(agentB, inB.account, '2.5')).json().code).toBe('amount_invalid');
    expect((await balance(inB)).main.balance).toBe('25');
  });
});

describe('vendor seed', () => {
  it('is idempotent', async () => {
    await t.app.modules.games.seedDemo(demo);
    const rows = await t.database.all.selectFrom('vendors').select('code').where('merchant_id', '=', demo.id).execute();
    expect(rows.map((r) => r.code).sort()).toEqual(['DEMO', 'DEMOT', 'EVO', 'JILI', 'SABA', 'SEA']);
    expect(memberVendor(1n, 'EVO')).toBe('member:1:vendor:EVO');
  });
});
