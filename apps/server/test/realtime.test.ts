import { randomBytes, randomUUID } from 'node:crypto';
import type { BalanceEvent, ClientToServerEvents, LotteryDrawnEvent, ServerToClientEvents } from '@sea/contracts';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { memberMain, systemAccount } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin } from './helpers/admin.ts';
import { createMerchant } from './helpers/factories.ts';
import { fundMember } from './helpers/money.ts';
import { bearer, newAgent, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { type ServerProcess, startServerProcess, waitForReady } from './helpers/server-process.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Pushed events: a member's socket hears `balance` after each committed journal on its wallets (deposit credit,
 * seamless bet and win) and nothing of other members' or of rolled-back transactions; sockets need a live session
 * and are dropped when it ends; with Redis, an event published by one process reaches a socket on another.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const WAIT_MS = 10_000;
const open: Client[] = [];

function connect(url: string, token: string, merchant = 'demo'): Promise<Client> {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    auth: { token, merchant },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('connect timed out')), WAIT_MS);
    socket.once('connect', () => (clearTimeout(timer), resolve(socket)));
    socket.once('connect_error', (err) => (clearTimeout(timer), reject(err)));
  });
}

/** Every `name` event the socket receives, in order; `next()` waits (with a timeout) for the next one. */
function queue<E>(socket: Client, name: keyof ServerToClientEvents) {
  const seen: E[] = [];
  const waiters: Array<(e: E) => void> = [];
  socket.on(name, ((e: E) => {
    const w = waiters.shift();
    if (w) w(e);
    else seen.push(e);
  }) as never);
  return {
    next(): Promise<E> {
      const queued = seen.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${name} event within the timeout`)), WAIT_MS);
        waiters.push((e) => (clearTimeout(timer), resolve(e)));
      });
    },
  };
}
const balances = (socket: Client) => queue<BalanceEvent>(socket, 'balance');

/** The next `name` event on the socket (listening starts now), or a timeout error. */
function nextOf<K extends keyof ServerToClientEvents>(
  socket: Client,
  name: K,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within the timeout`)), WAIT_MS);
    socket.once(name, ((payload: Parameters<ServerToClientEvents[K]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

function disconnected(socket: Client): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket still connected')), WAIT_MS);
    socket.once('disconnect', (reason) => (clearTimeout(timer), resolve(reason)));
  });
}

const mainOf = async (t: TestApp, p: Player) =>
  (await t.app.modules.ledger.balances(p.merchant.id, [memberMain(p.id)]))[memberMain(p.id)]!;

afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

describe('pushed events on one process', () => {
  let t: TestApp;
  let demo: Merchant;
  let url = '';
  let now = Date.now();

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => new Date(now), realtime: { recheckMs: 300 } });
    demo = (await t.app.modules.merchants.findByCode('demo'))!;
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a member hears its own balance after a credit, and nothing of another member', async () => {
    const alice = await newPlayer(t, demo);
    const bob = await newPlayer(t, demo);
    const events = balances(await connect(url, alice.token));
    await fundMember(t.app.modules, demo, bob.id, 5_000n); // bob's: alice must not hear it
    await fundMember(t.app.modules, demo, alice.id, 12_345n);
    const first = await events.next();
    expect(first).toMatchObject({ main: '12345', available: '12345', currency: demo.currency });
    await fundMember(t.app.modules, demo, alice.id, 55n);
    expect((await events.next()).main).toBe('12400');
  });

  it('a deposit credited by the gateway callback and a seamless bet and win each push the new balance', async () => {
    const p = await newPlayer(t, demo);
    const events = balances(await connect(url, p.token));
    const order = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/orders',
      headers: bearer(p.token),
      payload: { methodCode: 'SANDBOX', amount: '100', requestId: randomUUID() },
    });
    expect(order.statusCode, order.body).toBe(200);
    const row = await t.database.all
      .selectFrom('deposits')
      .select(['order_ref', 'amount', 'currency'])
      .where('reference', '=', order.json().value.depositId)
      .executeTakeFirstOrThrow();
    const cb = await t.app.modules.deposits.sandbox.buildCallback(
      { orderId: row.order_ref, amount: row.amount, currency: row.currency },
      'paid',
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: '/wps/deposit/callback/sandbox',
      headers: cb.headers,
      payload: cb.body,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const credited = await events.next();
    expect(credited.main).toBe(String(row.amount));

    const table = await demoLiveTable(t, demo);
    await table.round(p, 2_500n, 4_000n);
    const afterBet = await events.next();
    const afterWin = await events.next();
    expect(afterBet.main).toBe(String(row.amount - 2_500n));
    expect(afterWin.main).toBe(String(row.amount + 1_500n));
    expect(BigInt(afterWin.seq)).toBeGreaterThan(BigInt(afterBet.seq));
    expect((await mainOf(t, p)).balance).toBe(row.amount + 1_500n);
  });

  it('a post inside a transaction that rolls back pushes nothing; the committed one after it does', async () => {
    const p = await newPlayer(t, demo);
    const events = balances(await connect(url, p.token));
    const credit = (key: string, amount: bigint) => ({
      merchantId: demo.id,
      currency: demo.currency,
      scope: 'test_realtime',
      key,
      kind: 'adjustment',
      memberId: p.id,
      legs: [{ debit: systemAccount('adjustments', p.id), credit: memberMain(p.id), amount, code: 'adjustment' }],
    });
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.modules.ledger.postOrThrow(credit(`rb-${p.id}`, 999n), trx);
        await t.app.modules.ledger.postMany([credit(`rb2-${p.id}`, 888n)], trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.database.db.transaction().execute(async (trx) => {
      await t.app.modules.ledger.postOrThrow(credit(`ok-${p.id}`, 7n), trx);
    });
    expect((await events.next()).main).toBe('7');
    expect((await mainOf(t, p)).balance).toBe(7n);
  });

  it('refuses a socket without a live session or for another merchant', async () => {
    await expect(connect(url, 'not-a-token-at-all-xxxxxxxxxxxxxxxx')).rejects.toThrow('unauthorized');
    await expect(connect(url, '')).rejects.toThrow('unauthorized');
    const p = await newPlayer(t, demo);
    const other = await createMerchant(t.database.all);
    await expect(connect(url, p.token, other.code)).rejects.toThrow('unauthorized');
  });

  it('logout drops the socket of that session only; a password change drops the others', async () => {
    const p = await newPlayer(t, demo);
    const login = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: p.account, password: p.password },
        })
      ).json().value.token as string;
    const [token2, token3] = [await login(), await login()];
    const a = await connect(url, p.token);
    const b = await connect(url, token2);
    const c = await connect(url, token3);
    const logout = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: bearer(p.token) });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await disconnected(a)).toBe('io server disconnect');
    await expect(connect(url, p.token)).rejects.toThrow('unauthorized');
    expect(b.connected && c.connected).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: bearer(token2),
      payload: { oldPassword: p.password, newPassword: 'another password 2', confirmNewPassword: 'another password 2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await disconnected(c)).toBe('io server disconnect');
    // b's session is the one that changed the password: it stays and still hears its events.
    const events = balances(b);
    await fundMember(t.app.modules, demo, p.id, 3n);
    expect((await events.next()).main).toBe('3');
  });

  it('message counts, maintenance changes and contract offers reach the sockets they are for', async () => {
    const admin = await createTestAdmin(t);
    const asAdmin = (method: 'POST' | 'PATCH', path: string, payload: object) =>
      t.app.inject({ method, url: path, headers: { ...bearer(admin.token), merchant: 'demo' }, payload });
    const p = await newPlayer(t, demo);
    const socket = await connect(url, p.token);
    const toMember = nextOf(socket, 'messages');
    const sent = await asAdmin('POST', '/admin/api/messages', {
      to: 'member',
      account: p.account,
      title: 'Hi',
      content: 'x',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await toMember).toEqual({ unread: 1 });
    const toAll = nextOf(socket, 'messages');
    await asAdmin('POST', '/admin/api/messages', { to: 'all', title: 'All', content: 'x' });
    expect(await toAll).toEqual({ unread: null });

    const on = nextOf(socket, 'maintenance');
    const changed = await asAdmin('PATCH', '/admin/api/site-settings', {
      maintenance: true,
      maintenanceMessage: 'Soon back',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await on).toEqual({ on: true, message: 'Soon back', endsAt: null });
    const off = nextOf(socket, 'maintenance');
    await asAdmin('PATCH', '/admin/api/site-settings', { maintenance: false, maintenanceMessage: null });
    expect(await off).toMatchObject({ on: false });

    const agent = await newAgent(t, demo);
    const offered = nextOf(await connect(url, agent.token), 'contractOffer');
    const offer = await asAdmin('POST', '/admin/api/contracts/house-offer', {
      agentAccount: agent.account,
      type: 'daily_wage',
      tiers: [
        { minValidBet: '10000', minActive: 3, rate: '0.3' },
        { minValidBet: '50000', minActive: 5, rate: '0.5' },
        { minValidBet: '100000', minActive: 10, rate: '0.8' },
      ],
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(await offered).toEqual({ contractId: expect.any(String), type: 'daily_wage' });
  });

  it('a session that expires is dropped by the re-check', async () => {
    const p = await newPlayer(t, demo);
    const s = await connect(url, p.token);
    now += 31 * 60_000; // past the 30-minute idle expiry
    try {
      expect(await disconnected(s)).toBe('io server disconnect');
    } finally {
      now = Date.now();
    }
  });
});

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on('error', () => undefined);
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const twoProcesses = Boolean(DATABASE_URL) && (await redisReachable());

describe.skipIf(!twoProcesses)('two processes on one Redis', () => {
  const prefix = `seatest${randomBytes(4).toString('hex')}:`;
  let t: TestApp;
  let demo: Merchant;
  const procs: ServerProcess[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    demo = (await t.app.modules.merchants.findByCode('demo'))!;
    for (let i = 0; i < 2; i++)
      procs.push(
        startServerProcess({
          DATABASE_URL: t.database.url!,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          SEED_DEMO: 'true',
        }),
      );
    await Promise.all(procs.map((p) => waitForReady(p)));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await t?.close();
  });

  it('a deposit credited on one process reaches the socket on the other; logout there drops it', async () => {
    const [a, b] = procs as [ServerProcess, ServerProcess];
    const p = await newPlayer(t, demo);
    const socket = await connect(a.url, p.token);
    const events = balances(socket);
    const order = await fetch(`${b.url}/wps/deposit/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(p.token) },
      body: JSON.stringify({ methodCode: 'SANDBOX', amount: '250', requestId: randomUUID() }),
    });
    const body = (await order.json()) as { value: { depositId: string } };
    expect(order.status, JSON.stringify(body)).toBe(200);
    const row = await t.database.all
      .selectFrom('deposits')
      .select(['order_ref', 'amount', 'currency'])
      .where('reference', '=', body.value.depositId)
      .executeTakeFirstOrThrow();
    const cb = await t.app.modules.deposits.sandbox.buildCallback(
      { orderId: row.order_ref, amount: row.amount, currency: row.currency },
      'paid',
    );
    const paid = await fetch(`${b.url}/wps/deposit/callback/sandbox`, {
      method: 'POST',
      headers: cb.headers,
      body: cb.body,
    });
    expect(paid.status, await paid.text()).toBe(200);
    expect((await events.next()).main).toBe(String(row.amount));

    const gone = disconnected(socket);
    const logout = await fetch(`${b.url}/wps/session/logout`, { method: 'DELETE', headers: bearer(p.token) });
    expect(logout.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  }, 60_000);
});

describe('lottery draws pushed to the game room', () => {
  let t: TestApp;
  let now = Date.parse('2026-11-26T04:00:05.000Z');

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => new Date(now), lottery: { chainLength: 600, checkpointEvery: 50 } });
    await t.app.modules.lottery.schedule();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a subscribed socket hears the drawn result and then the settlement; another game room hears nothing', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const demo = (await t.app.modules.merchants.findByCode('demo'))!;
    const p = await newPlayer(t, demo);
    const ssc = await connect(url, p.token);
    const k3 = await connect(url, p.token);
    const ack = (s: Client, game: string) =>
      new Promise<{ ok: boolean }>((resolve) => s.emit('subscribe', { game }, resolve));
    expect(await ack(ssc, 'elott-ssc-1m')).toEqual({ ok: true });
    expect(await ack(k3, 'elott-k3-1m')).toEqual({ ok: true });
    expect(await ack(ssc, 'bad code!')).toEqual({ ok: false });
    const heardByK3: string[] = [];
    k3.on('lotteryDrawn', (e) => heardByK3.push(e.game));

    const game = (await t.app.inject({ method: 'GET', url: '/lgw/lottery/games/elott-ssc-1m' })).json().value;
    const heard = queue<LotteryDrawnEvent>(ssc, 'lotteryDrawn');
    now = Date.parse(game.current.drawsAt) + 1000;
    await t.app.modules.lottery.advance(); // closes, draws and settles every due issue
    const first = await heard.next();
    expect(first).toMatchObject({ game: 'elott-ssc-1m', issue: game.current.issueId, settled: false });
    expect(first.result).toHaveLength(5);
    expect(await heard.next()).toEqual({ ...first, settled: true });
    expect(heardByK3.every((g) => g === 'elott-k3-1m')).toBe(true);
  });
});
