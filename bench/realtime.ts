// `npm run bench:realtime`: N sockets (BENCH_SOCKETS, default 10,000) connected to one server process (embedded
// PGlite, the full app), each subscribed to one lottery game's room; one `lotteryDrawn` broadcast to all; delivery
// latency (emit → arrival at each client) p50/p99/max, and the server's heap per socket. The clients run in a child
// process on the same machine (their heap and file descriptors are not the server's; the CPU is shared).
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { onPglite } from './databases.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const SESSIONS = 100;
const GAME = 'elott-ssc-1m';
const CLIENTS = fileURLToPath(new URL('./realtime-clients.ts', import.meta.url));

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const heapMb = () => {
  global.gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

await onPglite(async (database) => {
  await migrate(database);
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const merchant = (await app.modules.merchants.findByCode('demo'))!;
    const tokens: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const m = await app.modules.members.create({
        merchant,
        account: `rt${i}${randomBytes(3).toString('hex')}`,
        password: 'bench password 1',
        type: 0,
        uplineId: null,
      });
      const s = await app.modules.auth.startSession(merchant, m, 'member', 'password', {
        ip: '127.0.0.1',
        userAgent: 'bench',
      });
      tokens.push(s.token);
    }
    const before = heapMb();
    const started = Date.now();
    const worker = fork(CLIENTS, { execArgv: ['--import', 'tsx'] });
    worker.send({ url, tokens, count: SOCKETS, game: GAME });
    const message = <T>(key: string) =>
      new Promise<T>((resolve, reject) => {
        const on = (m: Record<string, unknown>) => {
          if (key in m) {
            worker.off('message', on);
            resolve(m as T);
          }
        };
        worker.on('message', on);
        worker.once('error', reject);
        worker.once('exit', (code) => code && reject(new Error(`clients exited with ${code}`)));
      });
    await message<{ connected: number }>('connected');
    const connectSeconds = (Date.now() - started) / 1000;
    const after = heapMb();
    const local = app.modules.realtime.localCount();
    const arrived = message<{ arrivals: number[] }>('arrivals');
    const sentAt = Date.now();
    app.modules.realtime.lotteryDrawn(merchant.id, {
      game: GAME,
      issue: '20260101-0001',
      result: [1, 2, 3, 4, 5],
      settled: false,
    });
    const emitMs = Date.now() - sentAt;
    const latencies = (await arrived).arrivals.map((a) => a - sentAt).sort((a, b) => a - b);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.send({ close: true });
    await exited;
    console.log(
      JSON.stringify(
        {
          sockets: local,
          sessions: SESSIONS,
          connectSeconds,
          emitCallMs: emitMs,
          deliveryMs: { p50: pct(latencies, 50), p99: pct(latencies, 99), max: latencies.at(-1) },
          serverHeapMb: { before: Math.round(before), after: Math.round(after) },
          serverHeapKbPerSocket: Math.round(((after - before) * 1024) / local),
          gcExposed: Boolean(global.gc),
        },
        null,
        2,
      ),
    );
  } finally {
    await app.close();
  }
});
