// Load test of the seamless wallet: 200 concurrent rounds (a bet, then its win) from signed HTTP clients — as
// vendors call it — against the full server on a random port, on the embedded database (PGlite) and on
// PostgreSQL, with GET /healthz from as many clients measured in the same run as the baseline (this machine is
// noisy: compare ratios). The clients run in a worker thread (node:http, keep-alive), so the server's event loop
// is its own. After each run the ledger audit must be clean and every player's balance exact.
//   npm run bench:wallet      BENCH_SECONDS (default 10), BENCH_ROUNDS (concurrent rounds, default 200),
//                             BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; 'off' to skip)
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import type { Database } from '../apps/server/src/db/database.ts';
import { onPglite, onScratchPostgres } from './databases.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { signSeamless } from '../apps/server/src/modules/games/index.ts';
import { buildWalletBenchApp, checkMoney, launchedPlayers } from './wallet-setup.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** 10 PHP: the seeded minimum bet of the DEMO live table (below it the wallet answers BET_LIMIT). */
const STAKE = 1000n;

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const ms = (v: number) => v.toFixed(1);

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `clients` loops of `op` for `seconds`; each op's latency (ms) is recorded. */
async function load(clients: number, seconds: number, op: (client: number) => Promise<number[] | boolean>) {
  const samples: number[][] = [];
  let done = 0;
  let errors = 0;
  const firstErrors: string[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const r = await op(c).catch((err: unknown) => {
          if (firstErrors.length < 3) firstErrors.push(err instanceof Error ? err.message : String(err));
          return false as const;
        });
        if (r === false) errors++;
        else {
          done++;
          if (Array.isArray(r)) r.forEach((v, i) => (samples[i] ??= []).push(v));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { done, errors, firstErrors, elapsed, samples: samples.map((s) => s.sort((a, b) => a - b)) };
}

async function benchOne(label: string, database: Database): Promise<string[]> {
  const app = await buildWalletBenchApp(database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const { merchant, secret, players } = await launchedPlayers(app, ROUNDS, 'bench');
    const out = await runClients({
      base,
      operator: merchant.code,
      currency: merchant.currency,
      secret,
      players: players.map((p) => ({ id: String(p.id), token: p.token })),
    });
    const health = out.health;
    const rounds = out.rounds;
    for (const [i, p] of players.entries()) p.expected += out.net[i]!;

    if (rounds.errors) console.warn(`${label}: ${rounds.errors} failed rounds, e.g. ${rounds.firstErrors.join('; ')}`);
    await checkMoney(app, merchant.id, players);

    const h = health.samples[0] ?? [];
    const [roundMs = [], betMs = [], winMs = []] = rounds.samples;
    const fig = (f: Figures) =>
      `${Math.round(f.perSecond).toLocaleString('en')} | ${ms(f.p50)} | ${ms(f.p99)} | ${f.errors}`;
    return [
      `| ${label} | GET /healthz (baseline) | ${fig({ perSecond: health.done / health.elapsed, p50: quantile(h, 0.5), p99: quantile(h, 0.99), errors: health.errors })} |`,
      `| ${label} | round = bet + win | ${fig({ perSecond: rounds.done / rounds.elapsed, p50: quantile(roundMs, 0.5), p99: quantile(roundMs, 0.99), errors: rounds.errors })} |`,
      `| ${label} | bet call | ${fig({ perSecond: rounds.done / rounds.elapsed, p50: quantile(betMs, 0.5), p99: quantile(betMs, 0.99), errors: 0 })} |`,
      `| ${label} | win call | ${fig({ perSecond: rounds.done / rounds.elapsed, p50: quantile(winMs, 0.5), p99: quantile(winMs, 0.99), errors: 0 })} |`,
    ];
  } finally {
    await app.close();
  }
}

interface ClientJob {
  base: string;
  operator: string;
  currency: string;
  secret: string;
  players: Array<{ id: string; token: string }>;
}
type LoadResult = Awaited<ReturnType<typeof load>>;
interface ClientResult {
  health: LoadResult;
  rounds: LoadResult;
  /** Per player: what the rounds it played moved (wins − bets), minor units. */
  net: bigint[];
}

// Worker threads do not inherit tsx's loader: each one registers it, then loads this file.
const WORKER_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => {
  register();
  return import(${JSON.stringify(import.meta.url)});
});`;

function runClients(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER_BOOT, { eval: true, workerData: job });
    w.once('message', resolve);
    w.once('error', reject);
  });
}

/** The vendor side: signed wallet calls over keep-alive HTTP connections, one per concurrent round. */
async function clients(job: ClientJob): Promise<ClientResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: job.players.length });
  const url = new URL(job.base);
  const send = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const call = async (op: 'bet' | 'win', body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const t0 = performance.now();
    const res = await send(
      'POST',
      `${SEAMLESS_PATH}/${op}`,
      {
        'content-type': 'application/json',
        [SEAMLESS_HEADERS.operator]: job.operator,
        [SEAMLESS_HEADERS.vendor]: 'DEMO',
        [SEAMLESS_HEADERS.timestamp]: ts,
        [SEAMLESS_HEADERS.signature]: signSeamless(job.secret, ts, raw),
      },
      raw,
    );
    const answer = JSON.parse(res.text) as { status: string };
    if (answer.status !== 'OK') throw new Error(`${op}: ${answer.status}`);
    return performance.now() - t0;
  };

  // Baseline: the same connections on GET /healthz.
  const health = await load(job.players.length, SECONDS, async () => {
    const t0 = performance.now();
    const res = await send('GET', '/healthz', {});
    return res.status === 200 ? [performance.now() - t0] : false;
  });

  const net = job.players.map(() => 0n);
  const seq = job.players.map(() => 0);
  const rounds = await load(job.players.length, SECONDS, async (c) => {
    const p = job.players[c]!;
    const n = ++seq[c]!;
    const round = `bench-${p.id}-${n}`;
    const win = n % 2 === 0 ? 2n * STAKE : 0n; // every other round wins double
    const common = {
      request_id: round,
      player_id: p.id,
      currency: job.currency,
      game_code: 'demo-baccarat',
      round_id: round,
    };
    const bet = await call('bet', { ...common, session_token: p.token, tx_id: `${round}:bet`, amount: String(STAKE) });
    net[c]! -= STAKE;
    const paid = await call('win', {
      ...common,
      tx_id: `${round}:win`,
      bet_tx_id: `${round}:bet`,
      amount: String(win),
    });
    net[c]! += win;
    return [bet + paid, bet, paid];
  });
  agent.destroy();
  return { health, rounds, net };
}

if (!isMainThread) {
  parentPort!.postMessage(await clients(workerData as ClientJob));
} else {
  const rows: string[] = [];
  const migrated = (label: string) => async (database: Database) => {
    await migrate(database);
    return benchOne(label, database);
  };
  rows.push(...(await onPglite(migrated('PGlite (embedded)'))));
  if (PG_URL !== 'off') rows.push(...(await onScratchPostgres(PG_URL, 20, migrated('PostgreSQL'))));
  console.log(
    `\nSeamless wallet, ${ROUNDS} concurrent rounds (bet then win, signed HTTP, keep-alive), ${SECONDS} s each; ` +
      'ledger audit clean and every balance exact after each run\n',
  );
  console.log('| database | what | per s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
}
