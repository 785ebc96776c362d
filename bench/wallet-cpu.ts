// CPU cost of a seamless-wallet round (bet + win), the measure that holds on a shared machine: wall-clock
// throughput there follows the other sessions' load, CPU time per round much less. The full server in-process
// (app.inject: no sockets, the route, signature, service and database work as over HTTP), BENCH_CLIENTS players
// playing rounds at once; Node CPU of this process per round (PGlite runs in it) and, on PostgreSQL, the CPU of
// the database's backends per round (/proc/<pid>/stat of every backend of the bench database). Statements per
// round on PGlite (each query of the round counted by its text). Audit clean and balances exact afterwards.
//   npm run bench:wallet-cpu   BENCH_ROUNDS (rounds measured, default 400), BENCH_CLIENTS (20),
//                              BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; 'off' to skip)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import type { Database } from '../apps/server/src/db/database.ts';
import { onPglite, onScratchPostgres } from './databases.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { signSeamless } from '../apps/server/src/modules/games/index.ts';
import { buildWalletBenchApp, checkMoney, launchedPlayers } from './wallet-setup.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** 10 PHP: the seeded minimum bet of the DEMO live table (below it the wallet answers BET_LIMIT). */
const STAKE = 1000n;

// Statements per round on PGlite: every query counted while measuring.
let counting = false;
let statements = 0;
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite['query']>) {
  if (counting) statements++;
  return query.apply(this, args);
} as PGlite['query'];

async function benchOne(label: string, database: Database, backendsCpuMs: () => Promise<number>): Promise<string> {
  const app = await buildWalletBenchApp(database);
  try {
    await app.ready();
    const { merchant, secret, players } = await launchedPlayers(app, CLIENTS, 'cpu');
    const call = async (op: 'bet' | 'win', body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const ts = String(Math.floor(Date.now() / 1000));
      const res = await app.inject({
        method: 'POST',
        url: `${SEAMLESS_PATH}/${op}`,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.operator]: merchant.code,
          [SEAMLESS_HEADERS.vendor]: 'DEMO',
          [SEAMLESS_HEADERS.timestamp]: ts,
          [SEAMLESS_HEADERS.signature]: signSeamless(secret, ts, raw),
        },
      });
      const status = (res.json() as { status: string }).status;
      if (status !== 'OK') throw new Error(`${op}: ${status}`);
    };
    const play = async (tag: string, rounds: number) => {
      let next = 0;
      await Promise.all(
        players.map(async (p) => {
          while (next < rounds) {
            const n = next++;
            const round = `${tag}-${p.id}-${n}`;
            const win = n % 2 === 0 ? 2n * STAKE : 0n;
            const common = {
              request_id: round,
              player_id: String(p.id),
              currency: merchant.currency,
              game_code: 'demo-baccarat',
              round_id: round,
            };
            await call('bet', { ...common, session_token: p.token, tx_id: `${round}:bet`, amount: String(STAKE) });
            await call('win', { ...common, tx_id: `${round}:win`, bet_tx_id: `${round}:bet`, amount: String(win) });
            p.expected += win - STAKE;
          }
        }),
      );
    };
    await play('warm', 100);
    statements = 0;
    counting = database.kind === 'pglite';
    const cpu0 = process.cpuUsage();
    const db0 = await backendsCpuMs();
    const t0 = performance.now();
    await play('m', ROUNDS);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const dbMs = (await backendsCpuMs()) - db0;
    counting = false;

    await checkMoney(app, merchant.id, players);
    const nodeMs = (cpu.user + cpu.system) / 1000 / ROUNDS;
    const pg = database.kind === 'postgres';
    return `| ${label} | ${(ROUNDS / (wall / 1000)).toFixed(1)} | ${nodeMs.toFixed(2)} | ${pg ? (dbMs / ROUNDS).toFixed(2) : '(in Node)'} | ${pg ? '' : (statements / ROUNDS).toFixed(1)} |`;
  } finally {
    await app.close();
  }
}

const rows: string[] = [];
rows.push(
  await onPglite(async (database) => {
    await migrate(database);
    return benchOne('PGlite (embedded)', database, async () => 0);
  }),
);
if (PG_URL !== 'off') {
  const row = await onScratchPostgres(PG_URL, 20, async (database, { admin, name }) => {
    // CPU time (ms) of every backend connected to the bench database (clock ticks of 10 ms).
    const backendsCpuMs = async () => {
      const rows = await admin.session((exec) => exec(`select pid from pg_stat_activity where datname = '${name}'`));
      let ticks = 0;
      for (const r of rows) {
        try {
          const f = readFileSync(`/proc/${String(r.pid)}/stat`, 'utf8')
            .split(') ')[1]!
            .split(' ');
          ticks += Number(f[11]) + Number(f[12]);
        } catch {
          // a backend that ended meanwhile
        }
      }
      return ticks * 10;
    };
    await migrate(database);
    return benchOne('PostgreSQL', database, backendsCpuMs);
  });
  rows.push(row);
}
console.log(
  `\nSeamless wallet CPU per round (bet + win, in-process inject), ${CLIENTS} players at once, ${ROUNDS} rounds; ` +
    'ledger audit clean and every balance exact after each run\n',
);
console.log(
  '| database | rounds/s (this load) | Node CPU ms/round | database CPU ms/round | statements/round |\n|---|---|---|---|---|',
);
console.log(rows.join('\n'));
