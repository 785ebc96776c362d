import { randomBytes } from 'node:crypto';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@sea/contracts';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { type ServerProcess, startServerProcess, waitForReady } from './helpers/server-process.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The chat room: members post to the lobby and hear each other over the realtime socket; trial accounts read only;
 * the rate limit refuses before anything is written; links and blocked words are masked and text sanitised; the
 * prune job keeps the retention period; staff delete, mute and ban (told to the member at once); with Redis, a
 * message posted on one process reaches a socket on the other and a mute applies on both.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
const WAIT_MS = 10_000;
const open: Client[] = [];

function connect(url: string, token: string): Promise<Client> {
  const socket: Client = connectClient(url, {
    path: '/socket.io',
    auth: { token, merchant: 'demo' },
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
const join = (s: Client, room: string) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('chatJoin', { room }, resolve));

function nextOf<K extends keyof ServerToClientEvents>(
  socket: Client,
  name: K,
  match: (p: Parameters<ServerToClientEvents[K]>[0]) => boolean = () => true,
): Promise<Parameters<ServerToClientEvents[K]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event within the timeout`)), WAIT_MS);
    const handler = (payload: Parameters<ServerToClientEvents[K]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(name, handler as never);
      resolve(payload);
    };
    socket.on(name, handler as never);
  });
}

afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

const post = (base: TestApp | string, p: Player, body: object, room = 'lobby') =>
  typeof base === 'string'
    ? fetch(`${base}/wps/chat/rooms/${room}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(p.token), merchant: 'demo' },
        body: JSON.stringify(body),
      }).then(async (r) => ({ statusCode: r.status, json: (await r.json()) as { code: string; value: ChatMessage } }))
    : base.app
        .inject({
          method: 'POST',
          url: `/wps/chat/rooms/${room}/messages`,
          headers: { ...bearer(p.token), merchant: 'demo' },
          payload: body,
        })
        .then((r) => ({ statusCode: r.statusCode, json: r.json() as { code: string; value: ChatMessage } }));

const staff = (t: TestApp, a: TestAdmin, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${a.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });

describe('chat room on one process', () => {
  let t: TestApp;
  let demo: Merchant;
  let url = '';
  let now = Date.now();
  let mod: TestAdmin;

  beforeAll(async () => {
    t = await buildTestApp({ clock: () => new Date(now) });
    demo = (await t.app.modules.merchants.findByCode('demo'))!;
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    mod = await createTestAdmin(t, { role: 'risk' });
  });
  afterAll(() => t?.close());

  it('a post reaches the other members in the room, masked; the history gives it back oldest first', async () => {
    const alice = await newPlayer(t, demo);
    const bob = await newPlayer(t, demo);
    const bobSocket = await connect(url, bob.token);
    expect(await join(bobSocket, 'lobby')).toEqual({ ok: true });
    expect(await join(bobSocket, 'no-such-room')).toEqual({ ok: false });
    const heard = nextOf(bobSocket, 'chat');
    const r = await post(t, alice, { text: '  hello   lobby\u200B ' });
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    expect(r.json.value).toMatchObject({ room: 'lobby', text: 'hello lobby', mine: true, slip: null });
    const m = await heard;
    expect(m).toMatchObject({ id: r.json.value.id, text: 'hello lobby', mine: false });
    expect(m.name).toMatch(new RegExp(`^${alice.account.slice(0, 2)}\\*\\*\\*${alice.account.slice(-1)}#[0-9a-z]{4}$`));
    expect(m.name).not.toContain(alice.account);

    await post(t, bob, { text: 'hi alice' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/wps/chat/rooms/lobby/messages',
      headers: { ...bearer(bob.token), merchant: 'demo' },
    });
    const msgs = history.json().value.messages as ChatMessage[];
    expect(msgs.slice(-2).map((x) => [x.text, x.mine])).toEqual([
      ['hello lobby', false],
      ['hi alice', true],
    ]);
    expect((await post(t, alice, { text: 'again' })).json.value.name).toBe(m.name); // stable per member
  });

  it('two members whose masks look the same are told apart by a stable tag', async () => {
    const tail = randomBytes(4).toString('hex');
    // "zq…x" accounts both mask to "zq***x"
    const one = await newPlayer(t, demo, { account: `zq${tail}ax` });
    const two = await newPlayer(t, demo, { account: `zq${tail}bx` });
    const a1 = (await post(t, one, { text: 'first' })).json.value.name;
    const b1 = (await post(t, two, { text: 'second' })).json.value.name;
    const a2 = (await post(t, one, { text: 'third' })).json.value.name;
    expect(a1.startsWith('zq***x#')).toBe(true);
    expect(b1.startsWith('zq***x#')).toBe(true);
    expect(b1).not.toBe(a1);
    expect(a2).toBe(a1);
    expect(a1).not.toContain(tail);
  });

  it('refuses bad input with a code, never a 5xx, and writes nothing', async () => {
    const p = await newPlayer(t, demo);
    for (const body of [{}, { text: '' }, { text: 'x'.repeat(301) }, { text: 42 }, { text: '\u200B\u200B' }]) {
      const r = await post(t, p, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe('validation_failed');
    }
    expect((await post(t, p, { text: 'hi' }, 'Bad Room!')).statusCode).toBe(400);
    expect((await post(t, p, { text: 'hi' }, 'unknown-game')).json.code).toBe('chat_room_not_found');
    const bad = await post(t, p, {
      slip: { gameCode: 'unknown-game', bets: [{ code: 'x', selection: { sides: ['big'] }, unitStake: '1' }] },
    });
    expect(bad.json.code, JSON.stringify(bad.json)).toBe('chat_room_not_found');
    const rows = await t.database.all.selectFrom('chat_messages').select('id').where('member_id', '=', p.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('trial accounts read but do not post; visitors get unauthorized', async () => {
    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] ?? 4 });
    const r = await post(t, trial, { text: 'hello' });
    expect(r.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/wps/chat/rooms',
      headers: { ...bearer(trial.token), merchant: 'demo' },
    });
    expect(read.json().value.standing).toEqual({ canPost: false, reason: 'trial', mutedUntil: null });
    expect(read.json().value.rooms[0]).toEqual({ code: 'lobby', name: 'Lobby' });
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/wps/chat/rooms/lobby/messages',
      headers: { merchant: 'demo' },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('rate-limits a member (3 in 3 s) before writing; others are not affected', async () => {
    const p = await newPlayer(t, demo);
    const other = await newPlayer(t, demo);
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => post(t, p, { text: `burst ${i}` })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json.code).toBe('too_many_requests');
    const rows = await t.database.all.selectFrom('chat_messages').select('id').where('member_id', '=', p.id).execute();
    expect(rows).toHaveLength(3);
    expect((await post(t, other, { text: 'me too' })).statusCode).toBe(200);
  });

  it("masks links and the merchant's blocked words (edited by staff), applied to the next message", async () => {
    const p = await newPlayer(t, demo);
    const put = await staff(t, mod, 'PUT', '/admin/api/chat/blocked-words', { words: ['Cheat', 'scam', 'scam'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().value.words).toEqual(['cheat', 'scam']);
    const r = await post(t, p, { text: 'SCAM site at https://x.example/y and www.bad.net, cheaters <b>hi</b>' });
    expect(r.json.value.text).toBe('**** site at *** and ***, *****ers <b>hi</b>');
    expect((await post(t, p, { text: 'see www.x.net.' })).json.value.text).toBe('see ***.');
    const auditor = await createTestAdmin(t, { role: 'auditor' });
    expect((await staff(t, auditor, 'GET', '/admin/api/chat/blocked-words')).statusCode).toBe(200);
    expect((await staff(t, auditor, 'PUT', '/admin/api/chat/blocked-words', { words: [] })).statusCode).toBe(403);
    await staff(t, mod, 'PUT', '/admin/api/chat/blocked-words', { words: [] });
  });

  it('shares a lottery slip as a card', async () => {
    const p = await newPlayer(t, demo);
    const rooms = (
      await t.app.inject({ method: 'GET', url: '/wps/chat/rooms', headers: { ...bearer(p.token), merchant: 'demo' } })
    ).json().value.rooms as Array<{ code: string }>;
    const game = rooms.find((r) => r.code !== 'lobby');
    expect(game, 'the demo merchant has lottery games').toBeDefined();
    const slip = {
      gameCode: game!.code,
      bets: [{ code: 'ssc.bsoe.1', selection: { sides: ['big'] }, unitStake: '100' }],
    };
    const r = await post(t, p, { text: 'follow me', slip }, game!.code);
    expect(r.statusCode, JSON.stringify(r.json)).toBe(200);
    expect(r.json.value.slip).toEqual(slip);
  });

  it('staff delete a message (gone for everyone at once), mute a member (told at once) and ban', async () => {
    const p = await newPlayer(t, demo);
    const socket = await connect(url, p.token);
    await join(socket, 'lobby');
    const msg = (await post(t, p, { text: 'to be deleted' })).json.value;
    const view = await staff(t, mod, 'GET', '/admin/api/chat/rooms/lobby/messages');
    expect(
      (view.json().value.messages as Array<{ id: string; account: string }>).find((m) => m.id === msg.id)?.account,
    ).toBe(p.account);
    const deleted = nextOf(socket, 'chatDeleted');
    expect((await staff(t, mod, 'DELETE', `/admin/api/chat/messages/${msg.id}`)).statusCode).toBe(200);
    expect(await deleted).toEqual({ room: 'lobby', ids: [msg.id] });
    expect((await staff(t, mod, 'DELETE', '/admin/api/chat/messages/999999999')).json().code).toBe(
      'chat_message_not_found',
    );

    const told = nextOf(socket, 'chatStanding');
    const mute = await staff(t, mod, 'POST', '/admin/api/chat/sanctions', {
      account: p.account,
      kind: 'mute',
      minutes: 10,
    });
    expect(mute.statusCode, mute.body).toBe(200);
    expect(await told).toMatchObject({ canPost: false, reason: 'muted' });
    const refused = await post(t, p, { text: 'still here?' });
    expect([refused.statusCode, refused.json.code]).toEqual([403, 'chat_muted']);
    const list = await staff(t, mod, 'GET', '/admin/api/chat/sanctions');
    expect(list.json().value.items.some((s: { account: string }) => s.account === p.account)).toBe(true);

    now += 11 * 60_000; // the mute has run out
    expect((await post(t, p, { text: 'back again' })).statusCode).toBe(200);

    const banned = nextOf(socket, 'chatStanding');
    await staff(t, mod, 'POST', '/admin/api/chat/sanctions', { account: p.account, kind: 'ban' });
    expect(await banned).toEqual({ canPost: false, reason: 'banned', mutedUntil: null });
    expect((await post(t, p, { text: 'x' })).json.code).toBe('chat_banned');
    expect(await join(socket, 'lobby')).toEqual({ ok: false });
    await staff(t, mod, 'POST', '/admin/api/chat/sanctions', { account: p.account, kind: 'release' });
    expect((await post(t, p, { text: 'released' })).statusCode).toBe(200);

    const games = await createTestAdmin(t, { role: 'games' });
    expect((await staff(t, games, 'GET', '/admin/api/chat/rooms')).statusCode).toBe(403);
    const audit = await t.database.all
      .selectFrom('admin_audit_log')
      .select('action')
      .where('action', 'like', 'chat.%')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['chat.delete', 'chat.mute', 'chat.ban', 'chat.release']),
    );
  });

  it('the prune job deletes messages past the retention period only', async () => {
    const old = (await post(t, await newPlayer(t, demo), { text: 'old news' })).json.value;
    now += 8 * 86_400_000;
    const fresh = (await post(t, await newPlayer(t, demo), { text: 'fresh news' })).json.value;
    const deleted = await t.app.modules.chat.prune();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const ids = (await t.database.all.selectFrom('chat_messages').select('id').execute()).map((r) => String(r.id));
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(fresh.id);
    expect(t.app.modules.chat.jobs.map((j) => j.name)).toEqual(['chat-prune']);
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

describe.skipIf(!twoProcesses)('chat on two processes with Redis', () => {
  const prefix = `seatest${randomBytes(4).toString('hex')}:`;
  let t: TestApp;
  let demo: Merchant;
  const procs: ServerProcess[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    demo = (await t.app.modules.merchants.findByCode('demo'))!;
    for (let i = 0; i < 2; i++)
      procs.push(
        startServerProcess({ DATABASE_URL: t.database.url!, REDIS_URL, REDIS_PREFIX: prefix, SEED_DEMO: 'false' }),
      );
    // Two servers starting on a shared, loaded machine: allow them time.
    await Promise.all(procs.map((p) => waitForReady(p, '/readyz', 240_000)));
  }, 300_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await t?.close();
  });

  it('a message posted on one process reaches a socket on the other; a mute there refuses it on both', async () => {
    const [a, b] = procs as [ServerProcess, ServerProcess];
    const alice = await newPlayer(t, demo);
    const bob = await newPlayer(t, demo);
    const bobOnA = await connect(a.url, bob.token);
    const aliceOnB = await connect(b.url, alice.token);
    expect(await join(bobOnA, 'lobby')).toEqual({ ok: true });
    const heard = nextOf(bobOnA, 'chat', (m) => m.text === 'across processes');
    const sent = await post(b.url, alice, { text: 'across processes' });
    expect(sent.statusCode, JSON.stringify(sent.json)).toBe(200);
    expect((await heard).id).toBe(sent.json.value.id);

    // Staff (on process a) mute alice, whose socket is on process b: she is told, and refused on both.
    const mod = await createTestAdmin(t, { role: 'risk' });
    const told = nextOf(aliceOnB, 'chatStanding');
    const mute = await fetch(`${a.url}/admin/api/chat/sanctions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${mod.token}`, merchant: 'demo' },
      body: JSON.stringify({ account: alice.account, kind: 'mute', minutes: 5 }),
    });
    expect(mute.status, await mute.text()).toBe(200);
    expect(await told).toMatchObject({ reason: 'muted', canPost: false });
    for (const proc of [a, b]) {
      const r = await post(proc.url, alice, { text: 'muted?' });
      expect([r.statusCode, r.json.code]).toEqual([403, 'chat_muted']);
    }
  }, 60_000);
});
