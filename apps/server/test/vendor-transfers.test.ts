import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransferFault } from '../src/modules/demo-vendor/index.ts';
import { memberMain, memberVendor } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { PENDING_RETRY_SECONDS } from '../src/modules/wallet/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Money between the main wallet and a transfer-mode vendor (DEMOT, the demo vendor's transfer API over real
 * HTTP) when the vendor does not answer, refuses, or we stop half-way: a transfer in flight is never booked as a
 * result of play, a refused deposit comes back once, a withdrawal the vendor paid out reaches the main wallet
 * once, and the books equal the vendor's after every scenario (the ledger audit too).
 */
let t: TestApp;
let demo: Merchant;
let now = Date.parse('2026-03-01T12:00:00Z');
/** The network between us and the vendor's transfer API: a fault per call attempt (none by default). */
let faults: (call: { op: string; transferId?: string; attempt: number }) => TransferFault | undefined = () => undefined;
/** The most a player may hold at the vendor (its deposits past it are refused); none by default. */
let limit: bigint | undefined;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => new Date(now),
    demoVendor: {
      faultRate: 0,
      transferChaos: (c) => faults(c),
      transferAttempts: 2,
      transferLimit: () => limit,
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(() => {
  faults = () => undefined;
  limit = undefined;
});

afterEach(async () => {
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
});

const player = (fund: bigint) => newPlayer(t, demo, { fund });
/** Deposits and withdrawals never reach the vendor / reach it but their answers are lost (balance reads work). */
const down = (c: { op: string }): TransferFault | undefined => (c.op === 'balance' ? undefined : { unreachable: true });
const lost = (c: { op: string }): TransferFault | undefined =>
  c.op === 'balance' ? undefined : { loseResponse: true };
const advance = (seconds: number) => {
  now += seconds * 1000;
};
const job = () => t.app.modules.wallet.retryPendingTransfers();

/** What the member holds in our books (main, sub-wallet, and what of the sub-wallet is free) and at the vendor. */
async function money(p: Player) {
  const main = memberMain(p.id);
  const sub = memberVendor(p.id, 'DEMOT');
  const b = await t.app.modules.ledger.balances(demo.id, [main, sub]);
  const vendor = await t.app.modules.demoVendor.transferBalance(demo.id, 'DEMOT', String(p.id));
  return { main: b[main]!.balance, sub: b[sub]!.balance, subFree: b[sub]!.available, vendor: vendor.balance };
}

async function transfer(p: Player, from: string, to: string, amount: string, requestId: string) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: bearer(p.token),
    payload: { from, to, amount, requestId },
  });
  return { status: r.statusCode, body: r.json<{ value: Record<string, unknown>; code: string }>() };
}

/** The wallet page (it syncs the vendor's balance into the sub-wallet first). */
async function walletPage(p: Player) {
  const r = await t.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(p.token) });
  expect(r.statusCode).toBe(200);
  return r.json<{ value: { vendors: Array<{ vendorCode: string; balance: string }> } }>().value;
}

const rowsOf = (p: Player) =>
  t.database.all
    .selectFrom('wallet_vendor_transfers')
    .select(['transfer_id', 'direction', 'amount', 'state', 'attempts'])
    .where('member_id', '=', p.id)
    .orderBy('id')
    .execute();

/** Journals of the member by idempotency scope (every money movement is one). */
async function journals(p: Player) {
  const rows = await t.database.all
    .selectFrom('ledger_journals')
    .select(['scope', 'idem_key', 'ok'])
    .where('member_id', '=', p.id)
    .execute();
  const count = (scope: string) => rows.filter((r) => r.scope === scope && r.ok).length;
  return {
    transfers: count('wallet_transfer'),
    compensations: count('vendor_transfer_compensation'),
    syncs: count('vendor_sync'),
  };
}

/** Plays at the vendor without us: its own wallet changes (a result of play we have not booked yet). */
async function playAtVendor(p: Player, delta: bigint) {
  await t.database.all
    .updateTable('demo_vendor_wallets')
    .set((eb) => ({ balance: eb('balance', '+', delta), version: eb('version', '+', 1n) }))
    .where('merchant_id', '=', demo.id)
    .where('vendor_code', '=', 'DEMOT')
    .where('player_id', '=', String(p.id))
    .execute();
}

describe('main → vendor', () => {
  it('the deposit gets no answer after our post: nothing is booked as a loss; the re-send lands it once', async () => {
    const p = await player(10_000n);
    faults = down;
    const r = await transfer(p, 'MAIN', 'DEMOT', '50', 'to-vendor-0001');
    expect(r).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect(await money(p)).toEqual({ main: 5_000n, sub: 5_000n, subFree: 5_000n, vendor: 0n });
    expect(await rowsOf(p)).toMatchObject([{ direction: 'to_vendor', amount: 5_000n, state: 'pending' }]);

    // The wallet page while the vendor is still unreachable: the sync cannot settle the transfer, so it books
    // nothing (the old code booked vendor 0 < sub 5,000 as a 5,000 loss here).
    const page = await walletPage(p);
    expect(page.vendors.find((v) => v.vendorCode === 'DEMOT')?.balance).toBe('5000');
    expect(await journals(p)).toMatchObject({ syncs: 0 });

    faults = () => undefined;
    await walletPage(p); // settles the transfer first (same transfer id), then compares: equal
    expect(await money(p)).toEqual({ main: 5_000n, sub: 5_000n, subFree: 5_000n, vendor: 5_000n });
    expect(await rowsOf(p)).toMatchObject([{ state: 'confirmed' }]);
    // The member's retry of the same request replays; nothing moves twice.
    const again = await transfer(p, 'MAIN', 'DEMOT', '50', 'to-vendor-0001');
    expect(again).toMatchObject({ status: 200, body: { value: { replay: true, mainBalance: '5000' } } });
    expect(await money(p)).toMatchObject({ main: 5_000n, sub: 5_000n, vendor: 5_000n });
    expect(await journals(p)).toEqual({ transfers: 1, compensations: 0, syncs: 0 });
  });

  it('the vendor applied the deposit but its answer was lost: the re-send is answered from its record, once', async () => {
    const p = await player(10_000n);
    faults = lost;
    expect((await transfer(p, 'MAIN', 'DEMOT', '30', 'to-vendor-0002')).status).toBe(503);
    expect(await money(p)).toMatchObject({ main: 7_000n, sub: 3_000n, vendor: 3_000n });
    faults = () => undefined;
    const r = await transfer(p, 'MAIN', 'DEMOT', '30', 'to-vendor-0002');
    expect(r).toMatchObject({ status: 200, body: { value: { replay: true, vendorBalance: '3000' } } });
    expect(await money(p)).toMatchObject({ main: 7_000n, sub: 3_000n, vendor: 3_000n });
    expect(await rowsOf(p)).toMatchObject([{ state: 'confirmed' }]);
  });

  it('the vendor refuses the deposit: compensated once, the main wallet restored exactly', async () => {
    const p = await player(10_000n);
    limit = 4_000n; // the vendor lets a player hold 40.00 at most
    const r = await transfer(p, 'MAIN', 'DEMOT', '50', 'to-vendor-0003');
    expect(r).toMatchObject({ status: 409, body: { code: 'vendor_transfer_refused' } });
    expect(await money(p)).toEqual({ main: 10_000n, sub: 0n, subFree: 0n, vendor: 0n });
    expect(await rowsOf(p)).toMatchObject([{ state: 'refused' }]);
    // Repeats of the request, the job and the wallet page: the refusal stands, nothing is given back twice.
    expect((await transfer(p, 'MAIN', 'DEMOT', '50', 'to-vendor-0003')).status).toBe(409);
    limit = undefined; // even if the vendor would take it now, that transfer id is settled
    advance(PENDING_RETRY_SECONDS + 1);
    expect(await job()).toBeNull();
    await walletPage(p);
    expect(await money(p)).toEqual({ main: 10_000n, sub: 0n, subFree: 0n, vendor: 0n });
    expect(await journals(p)).toEqual({ transfers: 1, compensations: 1, syncs: 0 });
  });

  it('a refusal after attempts without an answer: the job settles it, compensating once however often it runs', async () => {
    const p = await player(10_000n);
    faults = down;
    expect((await transfer(p, 'MAIN', 'DEMOT', '60', 'to-vendor-0004')).status).toBe(503);
    faults = () => undefined;
    limit = 1_000n;
    advance(PENDING_RETRY_SECONDS + 1);
    const runs = await Promise.all([job(), job(), walletPage(p), job()]);
    expect(runs.filter((x) => x && 'refused' in x)).toContainEqual({ confirmed: 0, refused: 1, pending: 0 });
    expect(await money(p)).toEqual({ main: 10_000n, sub: 0n, subFree: 0n, vendor: 0n });
    expect(await journals(p)).toEqual({ transfers: 1, compensations: 1, syncs: 0 });
  });

  it('a crash after our post (the vendor never called): the job completes the deposit once', async () => {
    const p = await player(10_000n);
    // What a crash between the commit and the vendor call leaves: the row and the move, nothing at the vendor.
    faults = down;
    expect((await transfer(p, 'MAIN', 'DEMOT', '25', 'to-vendor-0005')).status).toBe(503);
    faults = () => undefined;
    expect(await job()).toBeNull(); // not due yet: a transfer is left alone for a while
    advance(PENDING_RETRY_SECONDS + 1);
    expect(await job()).toEqual({ confirmed: 1, refused: 0, pending: 0 });
    expect(await job()).toBeNull();
    expect(await money(p)).toEqual({ main: 7_500n, sub: 2_500n, subFree: 2_500n, vendor: 2_500n });
    expect(await rowsOf(p)).toMatchObject([{ state: 'confirmed', attempts: 2 }]);
  });
});

describe('vendor → main', () => {
  /** A member with `atVendor` at the vendor and in the sub-wallet, the rest in main. */
  async function playerAtVendor(fund: bigint, atVendor: bigint, id: string) {
    const p = await player(fund);
    expect((await transfer(p, 'MAIN', 'DEMOT', String(atVendor / 100n), `fund-vendor-${id}`)).status).toBe(200);
    return p;
  }

  it('a crash after the vendor paid out (answer lost): the hold stays, no loss is booked, the job credits main once', async () => {
    const p = await playerAtVendor(10_000n, 8_000n, 'w1');
    faults = lost;
    expect((await transfer(p, 'DEMOT', 'MAIN', '20', 'from-vendor-0001')).status).toBe(503);
    // The vendor paid out; our books still hold it in the sub-wallet, reserved for the transfer.
    expect(await money(p)).toEqual({ main: 2_000n, sub: 8_000n, subFree: 6_000n, vendor: 6_000n });
    await walletPage(p); // the re-send loses its answer again: nothing is booked
    expect(await journals(p)).toMatchObject({ syncs: 0 });
    faults = () => undefined;
    advance(PENDING_RETRY_SECONDS + 1);
    expect(await job()).toEqual({ confirmed: 1, refused: 0, pending: 0 });
    expect(await job()).toBeNull();
    expect(await money(p)).toEqual({ main: 4_000n, sub: 6_000n, subFree: 6_000n, vendor: 6_000n });
    await walletPage(p);
    expect(await journals(p)).toMatchObject({ syncs: 0 }); // books and vendor agree: nothing to book
    const again = await transfer(p, 'DEMOT', 'MAIN', '20', 'from-vendor-0001');
    expect(again).toMatchObject({ status: 200, body: { value: { replay: true, mainBalance: '4000' } } });
    expect(await money(p)).toMatchObject({ main: 4_000n, vendor: 6_000n });
  });

  it('the vendor refuses a pending withdrawal (the player lost there meanwhile): the hold is released', async () => {
    const p = await playerAtVendor(10_000n, 5_000n, 'w2');
    faults = down;
    expect((await transfer(p, 'DEMOT', 'MAIN', '30', 'from-vendor-0002')).status).toBe(503);
    expect(await money(p)).toEqual({ main: 5_000n, sub: 5_000n, subFree: 2_000n, vendor: 5_000n });
    await playAtVendor(p, -4_000n); // lost 40.00 at the vendor before the withdrawal reached it
    faults = () => undefined;
    const r = await transfer(p, 'DEMOT', 'MAIN', '30', 'from-vendor-0002');
    expect(r).toMatchObject({ status: 400, body: { code: 'insufficient_funds' } });
    // The refused withdrawal moved nothing; with it settled, the sync booked the loss.
    expect(await money(p)).toEqual({ main: 5_000n, sub: 1_000n, subFree: 1_000n, vendor: 1_000n });
    expect(await journals(p)).toMatchObject({ syncs: 1 });
    // More than the books hold at the vendor: refused before the vendor is asked (no transfer recorded).
    expect((await transfer(p, 'DEMOT', 'MAIN', '20', 'from-vendor-0003')).body.code).toBe('insufficient_funds');
    expect(await rowsOf(p)).toMatchObject([{ state: 'confirmed' }, { state: 'refused' }]);
    expect(await rowsOf(p)).toHaveLength(2);
  });

  it('a withdrawal is refused while an earlier transfer at the vendor is unsettled (no sync past it)', async () => {
    const p = await playerAtVendor(10_000n, 5_000n, 'w3');
    faults = (c) => (c.op === 'deposit' ? down(c) : undefined);
    expect((await transfer(p, 'MAIN', 'DEMOT', '10', 'to-vendor-0006')).status).toBe(503);
    const r = await transfer(p, 'DEMOT', 'MAIN', '10', 'from-vendor-0004');
    expect(r).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    faults = () => undefined;
    expect((await transfer(p, 'DEMOT', 'MAIN', '10', 'from-vendor-0004')).status).toBe(200);
    expect(await money(p)).toEqual({ main: 5_000n, sub: 5_000n, subFree: 5_000n, vendor: 5_000n });
  });
  it('the vendor is down altogether: a withdrawal is refused (503) before anything is recorded', async () => {
    const p = await playerAtVendor(10_000n, 5_000n, 'w4');
    faults = () => ({ unreachable: true }); // balance reads too
    const r = await transfer(p, 'DEMOT', 'MAIN', '10', 'from-vendor-0005');
    expect(r).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    expect((await walletPage(p)).vendors.find((v) => v.vendorCode === 'DEMOT')?.balance).toBe('5000');
    expect(await rowsOf(p)).toHaveLength(1); // the funding only
    expect(await money(p)).toEqual({ main: 5_000n, sub: 5_000n, subFree: 5_000n, vendor: 5_000n });
  });
});

describe('concurrency', () => {
  it('syncs, job runs and request retries all at once around pending transfers: nothing doubled', async () => {
    const p = await player(20_000n);
    expect((await transfer(p, 'MAIN', 'DEMOT', '100', 'concurrent-fund')).status).toBe(200);
    await playAtVendor(p, 2_500n); // a win at the vendor, not booked yet
    faults = lost; // both transfers reach the vendor, neither answer comes back
    expect((await transfer(p, 'DEMOT', 'MAIN', '40', 'concurrent-out')).status).toBe(503);
    expect((await transfer(p, 'MAIN', 'DEMOT', '30', 'concurrent-in')).status).toBe(503);
    faults = () => undefined;
    advance(PENDING_RETRY_SECONDS + 1);
    await Promise.all([
      walletPage(p),
      job(),
      transfer(p, 'DEMOT', 'MAIN', '40', 'concurrent-out'),
      walletPage(p),
      transfer(p, 'MAIN', 'DEMOT', '30', 'concurrent-in'),
      job(),
      walletPage(p),
    ]);
    await walletPage(p); // whatever a racing sync skipped is booked now
    // 200.00 − 100 + 40 − 30 in main; at the vendor 100 + 25 (won) − 40 + 30.
    expect(await money(p)).toEqual({ main: 11_000n, sub: 11_500n, subFree: 11_500n, vendor: 11_500n });
    expect(await rowsOf(p)).toMatchObject([{ state: 'confirmed' }, { state: 'confirmed' }, { state: 'confirmed' }]);
    // The journals: the funding, the withdrawal's hold and its posting, the deposit; one sync (the win).
    expect(await journals(p)).toEqual({ transfers: 4, compensations: 0, syncs: 1 });
  });

  it('concurrent wallet pages while the vendor moves: one booking per vendor balance version', async () => {
    const p = await player(10_000n);
    expect((await transfer(p, 'MAIN', 'DEMOT', '50', 'concurrent-fund-2')).status).toBe(200);
    await playAtVendor(p, -1_200n);
    await Promise.all(Array.from({ length: 6 }, () => walletPage(p)));
    expect(await money(p)).toMatchObject({ sub: 3_800n, vendor: 3_800n });
    expect(await journals(p)).toMatchObject({ syncs: 1 });
  });
});

describe('launch funding', () => {
  async function launch(p: Player, transferAmount?: string) {
    const list = await t.app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMOT&gameType=FISH' });
    const nodeId = list.json<{ value: { content: Array<{ nodeId: string }> } }>().value.content[0]!.nodeId;
    const r = await t.app.inject({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: bearer(p.token),
      payload: { nodeId, ...(transferAmount !== undefined && { transferAmount }) },
    });
    return { status: r.statusCode, body: r.json<{ code?: string }>() };
  }
  /** The operator's setting (back office): what a launch without an amount moves. */
  async function setLaunchFunding(launchFunding: 'all' | 'none') {
    const admin = await createTestAdmin(t);
    const r = await t.app.inject({
      method: 'PATCH',
      url: '/admin/api/games/vendors/DEMOT',
      headers: bearer(admin.token),
      payload: { launchFunding },
    });
    expect(r.json()).toMatchObject({ success: true, value: { code: 'DEMOT', launchFunding } });
  }

  it('the player names the amount to bring; otherwise the vendor setting decides (whole balance, or nothing)', async () => {
    const p = await player(10_000n);
    expect((await launch(p, '30')).status).toBe(200);
    expect(await money(p)).toMatchObject({ main: 7_000n, sub: 3_000n, vendor: 3_000n });
    expect(await launch(p, '500')).toMatchObject({ status: 400, body: { code: 'insufficient_funds' } });
    expect((await launch(p, '0')).status).toBe(200); // nothing brought: plays with what the game wallet holds
    expect(await money(p)).toMatchObject({ main: 7_000n, sub: 3_000n });
    expect(await launch(p, '1.001')).toMatchObject({ status: 400, body: { code: 'amount_invalid' } });
    await setLaunchFunding('none');
    try {
      expect((await launch(p)).status).toBe(200);
      expect(await money(p)).toMatchObject({ main: 7_000n, sub: 3_000n });
    } finally {
      await setLaunchFunding('all');
    }
    expect((await launch(p)).status).toBe(200);
    expect(await money(p)).toMatchObject({ main: 0n, sub: 10_000n, vendor: 10_000n });
  });

  it('a launch whose deposit gets no answer fails, and the job completes the deposit', async () => {
    const p = await player(4_000n);
    faults = down;
    expect(await launch(p, '15')).toMatchObject({ status: 503, body: { code: 'service_unavailable' } });
    faults = () => undefined;
    advance(PENDING_RETRY_SECONDS + 1);
    expect(await job()).toEqual({ confirmed: 1, refused: 0, pending: 0 });
    expect(await money(p)).toMatchObject({ main: 2_500n, sub: 1_500n, vendor: 1_500n });
  });
});
