// The chat room across processes (issue 24): two server processes (src/main.ts) on one scratch PostgreSQL database and
// one Redis (the socket.io adapter), BENCH_LISTENERS sockets in the lobby (default 100, half on each process) and
// BENCH_RATE messages a second (default 200) posted for BENCH_SECONDS (default 30) by members spread over both
// processes (POST /wps/chat/rooms/lobby/messages, each member within the room's 20-a-minute limit). Figures: messages
// accepted and refused, delivery latency (post sent → arrival at a listener) p50 / p99 / max over every listener,
// split by listeners on the posting process and on the other, and the share of messages every listener received.
// The host's speed beside them: the trivial-commit ceiling (a one-row UPDATE per transaction, 4 clients).
//   npm run bench:chat    BENCH_PG_URL (else DATABASE_URL, TEST_DATABASE_URL, postgres://postgres@127.0.0.1:5432/postgres),
//                         BENCH_REDIS_URL (else REDIS_URL, redis://127.0.0.1:6379)
import { randomBytes } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import { Agent, request } from 'node:http';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents } from '@sea/contracts';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { type ServerProcess, startServerProcess, waitForReady } from '../apps/server/test/helpers/server-process.ts';
import { onScratchPostgres, trivialCommitCeiling } from './databases.ts';

const PG_URL =
  process.env.BENCH_PG_URL ||
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 100);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
// BENCH_PROFILE=1: the servers run with bench/chat-profile.mjs (stage timings of each post, event-loop delay, pg pool
// wait and query round trips), printed after the run.
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROFILE_OUT = join(tmpdir(), `chat-profile-${process.pid}`);
// BENCH_CLIENT: 'keepalive' (default) posts through node:http with a bounded pool of kept-alive connections per
// process (BENCH_SOCKETS, default 128): the 800 members' browsers would each keep theirs open (a browser reuses its
// connection; the server keeps an idle one 72 s), so a kept-alive client is the real pattern, and 128 a process is
// enough that the bench's own queue stays empty while a loaded host's server takes up to ~1 s a post. 'fetch' posts
// through Node's global fetch (undici: a new connection whenever every open one is busy, no upper bound), the client
// of the runs before 2026-11-29 07:00: one slow second makes it open hundreds of connections at once.
const CLIENT = process.env.BENCH_CLIENT === 'fetch' ? 'fetch' : 'keepalive';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 128);
// A member posts once every 4 s (15 a minute, under the room's 20): RATE × 4 members post in turn.
const EVERY_S = 4;
const POSTERS = RATE * EVERY_S;
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

// The bench's client: connection set-ups (ms) of either client, from its diagnostics (undici) or its sockets.
const connects: number[] = [];
const agent = new Agent({ keepAlive: true, maxSockets: SOCKETS });
// undici's connect events carry copies of the parameters: its set-ups are matched first in, first out per origin.
const connectStarts = new Map<string, number[]>();
type UndiciConnect = { connectParams: { host: string } };
diagnosticsChannel.subscribe('undici:client:beforeConnect', (m) => {
  const host = (m as UndiciConnect).connectParams.host;
  connectStarts.set(host, [...(connectStarts.get(host) ?? []), performance.now()]);
});
diagnosticsChannel.subscribe('undici:client:connected', (m) => {
  const t = connectStarts.get((m as UndiciConnect).connectParams.host)?.shift();
  if (t !== undefined) connects.push(performance.now() - t);
});
diagnosticsChannel.subscribe('undici:client:connectError', (m) => {
  connectStarts.get((m as UndiciConnect).connectParams.host)?.shift();
});

await onScratchPostgres(PG_URL, 8, async (database, scratch) => {
  await migrate(database);
  const ceiling = await trivialCommitCeiling(database);
  console.log(
    `host: trivial-commit ceiling ${Math.round(ceiling.perSecond)} commits/s (4 clients, p99 ${ceiling.p99.toFixed(2)} ms)`,
  );
  // The members and their sessions, made through the app in this process (the servers read them from the database).
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  const merchant = (await app.modules.merchants.findByCode('demo'))!;
  const tokens: string[] = [];
  const tag = randomBytes(3).toString('hex');
  for (let i = 0; i < POSTERS + LISTENERS; i++) {
    const m = await app.modules.members.create({ merchant, account: `chat${tag}${i}`, password: 'bench chat pw 1' });
    const s = await app.modules.auth.startSession(merchant, m, 'member', 'password', {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    tokens.push(s.token);
  }
  await app.close();
  console.log(`${POSTERS} posting members and ${LISTENERS} listeners signed in`);

  const url = new URL(PG_URL);
  url.pathname = `/${scratch.name}`;
  const prefix = `seabench${tag}:`;
  const procs: ServerProcess[] = [0, 1].map(() =>
    startServerProcess({
      DATABASE_URL: url.toString(),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: 'true',
      SEED_DEMO: 'false',
      ...(PROFILE
        ? {
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${new URL('./chat-profile.mjs', import.meta.url).pathname}`,
            CHAT_PROFILE_OUT: PROFILE_OUT,
          }
        : {}),
    }),
  );
  const sockets: Client[] = [];
  try {
    await Promise.all(procs.map((p) => waitForReady(p)));
    // Listeners: half on each process, in the lobby.
    const arrivals: { proc: number; id: string; at: number; stored: number }[] = [];
    for (let i = 0; i < LISTENERS; i++) {
      const proc = i % 2;
      const socket: Client = io(procs[proc]!.url, {
        path: '/socket.io',
        auth: { token: tokens[POSTERS + i]!, merchant: 'demo' },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = await socket.timeout(5000).emitWithAck('chatJoin', { room: 'lobby' });
      if (!ack.ok) throw new Error('a listener could not join the lobby');
      socket.on('chat', (m: ChatMessage) =>
        arrivals.push({ proc, id: m.id, at: performance.now(), stored: Date.parse(m.createdAt) }),
      );
    }
    console.log(`${LISTENERS} listeners in the lobby (${LISTENERS / 2} on each process)`);

    // Posts: RATE a second, member k posts at k / RATE s, then every EVERY_S s; alternate processes.
    const sent = new Map<string, { at: number; proc: number }>();
    let accepted = 0;
    let refused = 0;
    const codes = new Map<string, number>();
    const roundTrips: number[] = [];
    const slowPosts: [number, number][] = []; // [sent at (wall ms), round trip ms] of posts ≥ 500 ms
    const tcpBefore = tcpCounters();
    const benchCpu = process.cpuUsage();
    // The bench's own event loop: a stall here delays every listener's arrival at once (and every POST's answer).
    const benchLoop = monitorEventLoopDelay({ resolution: 10 });
    benchLoop.enable();
    const started = performance.now();
    const total = RATE * SECONDS;
    const posts: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const member = n % POSTERS;
      const proc = n % 2;
      const at = performance.now();
      posts.push(
        postJson(
          `${procs[proc]!.url}/wps/chat/rooms/lobby/messages`,
          {
            authorization: `Bearer ${tokens[member]!}`,
            merchant: 'demo',
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(member >> 16) & 255}.${(member >> 8) & 255}.${member & 255}`,
          },
          JSON.stringify({ text: `bench message ${n}` }),
        ).then(
          ({ status, json }) => {
            const took = performance.now() - at;
            roundTrips.push(took);
            if (took >= 500) slowPosts.push([Math.round(performance.timeOrigin + at), Math.round(took)]);
            const body = json as { success: boolean; value?: ChatMessage; code?: string };
            if (body.success && body.value) {
              accepted++;
              sent.set(body.value.id, { at, proc });
            } else {
              refused++;
              codes.set(body.code ?? String(status), (codes.get(body.code ?? String(status)) ?? 0) + 1);
            }
          },
          (err: unknown) => {
            // The connection failed (the server overloaded): counted as refused, the run goes on.
            refused++;
            const e = err as { code?: string; cause?: { code?: string } };
            const code = String(e.cause?.code ?? e.code ?? 'request failed');
            codes.set(code, (codes.get(code) ?? 0) + 1);
          },
        ),
      );
    }
    await Promise.all(posts);
    const postSeconds = (performance.now() - started) / 1000;
    const benchCpuMs = (process.cpuUsage(benchCpu).user + process.cpuUsage(benchCpu).system) / 1000;
    roundTrips.sort((a, b) => a - b);
    // Stragglers: wait until every accepted message has reached every listener, or 5 s.
    const until = performance.now() + 5000;
    while (arrivals.length < accepted * LISTENERS && performance.now() < until)
      await new Promise((r) => setTimeout(r, 100));
    benchLoop.disable();

    const same: number[] = [];
    const other: number[] = [];
    // Split at the insert's transaction time (PostgreSQL's now(), same clock): sent → stored is the client, the
    // network and the server's path; stored → heard the commit, the emit, Redis and the listener's read — a client
    // starved of CPU reads late and shows here although the server pushed at once.
    const toStored: number[] = [];
    const storedToHeard: number[] = [];
    for (const a of arrivals) {
      const s = sent.get(a.id);
      if (!s) continue;
      (s.proc === a.proc ? same : other).push(a.at - s.at);
      toStored.push(a.stored - (performance.timeOrigin + s.at));
      storedToHeard.push(performance.timeOrigin + a.at - a.stored);
    }
    toStored.sort((a, b) => a - b);
    storedToHeard.sort((a, b) => a - b);
    same.sort((a, b) => a - b);
    other.sort((a, b) => a - b);
    const all = [...same, ...other].sort((a, b) => a - b);
    const line = (xs: number[]) =>
      `p50 ${Math.round(pct(xs, 50))} ms, p99 ${Math.round(pct(xs, 99))} ms, max ${Math.round(xs.at(-1) ?? NaN)} ms`;
    console.log(
      `posted ${total} in ${postSeconds.toFixed(1)} s (${(total / postSeconds).toFixed(0)}/s asked ${RATE}/s): ` +
        `${accepted} accepted, ${refused} refused${refused ? ` ${JSON.stringify(Object.fromEntries(codes))}` : ''}`,
    );
    console.log(
      `delivered ${all.length} of ${accepted * LISTENERS} (${((all.length / Math.max(1, accepted * LISTENERS)) * 100).toFixed(2)} %)`,
    );
    console.log(`delivery, all listeners: ${line(all)}`);
    console.log(`  on the posting process: ${line(same)}`);
    console.log(`  on the other process (through Redis): ${line(other)}`);
    console.log(`  sent → stored (insert's transaction time): ${line(toStored)}`);
    console.log(`  stored → heard by the listener: ${line(storedToHeard)}`);
    console.log(`POST round trip (sent → answer read by the bench): ${line(roundTrips)}`);
    console.log(
      `the bench's own CPU while posting: ${((benchCpuMs / 1000 / postSeconds) * 100).toFixed(0)} % of one core`,
    );
    const tcpAfter = tcpCounters();
    console.log(
      `client: ${CLIENT === 'fetch' ? 'global fetch (undici)' : `node:http keep-alive, ${SOCKETS} sockets a process`}; ` +
        `${connects.length} connections opened, set-up p50 ${pct(
          connects.sort((a, b) => a - b),
          50,
        )?.toFixed(1)} ms, ` +
        `max ${connects.at(-1)?.toFixed(1)} ms`,
    );
    console.log(
      `kernel TCP counters over the posting: ${Object.entries(tcpAfter)
        .map(([k, v]) => `${k.replace(/^Tcp(Ext)?/, '')} +${v - (tcpBefore[k] ?? 0)}`)
        .join(', ')}`,
    );
    console.log(`posts ≥ 500 ms by the second they were sent: ${bySecond(slowPosts)}`);
    const loopMs = (q: number) => Math.round(benchLoop.percentile(q) / 1e6);
    console.log(
      `the bench's own event-loop delay: p50 ${loopMs(50)} ms, p99 ${loopMs(99)} ms, max ${Math.round(benchLoop.max / 1e6)} ms`,
    );
  } finally {
    for (const s of sockets) s.disconnect();
    await Promise.all(procs.map((p) => p.stop()));
    if (PROFILE) printProfiles();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});

/** The servers' profiles (bench/chat-profile.mjs), one table per process. */
function printProfiles(): void {
  const dir = tmpdir();
  const prefix = PROFILE_OUT.slice(dir.length + 1);
  for (const file of readdirSync(dir).filter((f) => f.startsWith(`${prefix}.`))) {
    const stats = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<
      string,
      { n: number; p50: number; p99: number; max: number; sum: number; at?: [number, number][] }
    >;
    rmSync(join(dir, file));
    console.log(`\nserver process ${file.slice(prefix.length + 1)}: what (count) — p50 / p99 / max ms, total s`);
    for (const [name, s] of Object.entries(stats)) {
      if (s.at) {
        console.log(`  ${name}: ${bySecond(s.at)}`);
        continue;
      }
      console.log(
        `  ${name.padEnd(34)} ${String(s.n).padStart(7)}  ${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(8)} ` +
          `${s.max.toFixed(1).padStart(8)}  ${(s.sum / 1000).toFixed(1).padStart(6)}`,
      );
    }
  }
}

/** POSTs `body` and reads the JSON answer, through the client BENCH_CLIENT names. */
function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; json: unknown }> {
  if (CLIENT === 'fetch')
    return fetch(url, { method: 'POST', headers, body }).then(async (res) => ({
      status: res.status,
      json: await res.json(),
    }));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const t = performance.now();
      socket.once('connect', () => connects.push(performance.now() - t));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The kernel's TCP counters that a connection stall would move (nstat, absolute, history untouched). */
function tcpCounters(): Record<string, number> {
  const names = [
    'TcpActiveOpens',
    'TcpRetransSegs',
    'TcpExtListenOverflows',
    'TcpExtListenDrops',
    'TcpExtTCPSynRetrans',
    'TcpExtTCPTimeouts',
    'TcpExtTCPLossProbes',
    'TcpExtTW',
    'TcpExtTWRecycled',
    'TcpExtTCPDelivered',
  ];
  const out: Record<string, number> = {};
  try {
    for (const row of execFileSync('nstat', ['-asz'], { encoding: 'utf8' }).split('\n')) {
      const [name, value] = row.trim().split(/\s+/);
      if (name && names.includes(name)) out[name] = Number(value);
    }
  } catch {
    // nstat (iproute2) not installed: no counters
  }
  return out;
}

/** Seconds (wall clock, UTC hh:mm:ss) → how many of the given [at, ms] events fell in them, and their longest. */
function bySecond(events: [number, number][]): string {
  const seconds = new Map<string, { n: number; max: number }>();
  for (const [at, ms] of events) {
    const key = new Date(at).toISOString().slice(11, 19);
    const s = seconds.get(key) ?? { n: 0, max: 0 };
    s.n++;
    s.max = Math.max(s.max, ms);
    seconds.set(key, s);
  }
  return [...seconds].map(([k, s]) => `${k} ${s.n}×≤${s.max}`).join(', ') || 'none';
}
