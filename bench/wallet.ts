// Load test of the seamless wallet: 200 concurrent rounds (a bet, then its win) from signed HTTP clients — as
// vendors call it — against the full server on a random port, on the embedded database (PGlite) and on
// PostgreSQL, with GET /healthz from as many clients measured in the same run as the baseline (this machine is
// noisy: compare ratios). After each run the ledger audit must be clean and every player's balance exact.
//   npm run bench:wallet      BENCH_SECONDS (default 10), BENCH_ROUNDS (concurrent rounds, default 200),
//                             BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; 'off' to skip)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SEAMLESS_HEADERS, SEAMLESS_PATH } from '@sea/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { type Database, openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { signSeamless } from '../apps/server/src/modules/games/index.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FUND = 100_000_000n;
const STAKE = 100n;

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
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const r = await op(c).catch(() => false);
        if (r === false) errors++;
        else {
          done++;
          if (Array.isArray(r)) r.forEach((v, i) => (samples[i] ??= []).push(v));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { done, errors, elapsed, samples: samples.map((s) => s.sort((a, b) => a - b)) };
}

async function benchOne(label: string, database: Database): Promise<string[]> {
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  // The launch hands the vendor our session token (as a real vendor's launch API receives it).
  app.modules.games.registerProvider({ adapter: 'demo', launchUrl: (ctx) => `bench:?token=${ctx.sessionToken}` });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const merchant = (await app.modules.merchants.findByCode('demo'))!;
    const list = await app.inject({ method: 'GET', url: '/lgw/games/list?vassalage=DEMO&gameType=LIVE' });
    const nodeId = (list.json() as { value: { content: Array<{ nodeId: string }> } }).value.content[0]!.nodeId;
    const secret = (await app.modules.games.walletSecret(merchant.id, 'DEMO'))!;
    const players = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => {
        const m = await app.modules.members.create({
          merchant,
          account: `bench${i}${randomBytes(3).toString('hex')}`,
          password: 'bench password 1',
          type: 0,
          uplineId: null,
        });
        await app.modules.ledger.postOrThrow({
          merchantId: merchant.id,
          currency: merchant.currency,
          scope: 'bench_funding',
          key: `fund:${m.id}`,
          kind: 'adjustment',
          memberId: m.id,
          legs: [
            { debit: systemAccount('adjustments', m.id), credit: memberMain(m.id), amount: FUND, code: 'adjustment' },
          ],
        });
        const launched = await app.modules.games.launch(
          merchant,
          { memberId: m.id, isTrial: false },
          { nodeId, freePlay: false, device: 'desktop' },
        );
        const token = new URL(launched.url).searchParams.get('token')!;
        return { id: m.id, token, expected: FUND, seq: 0 };
      }),
    );

    const call = async (op: 'bet' | 'win', body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      const ts = String(Math.floor(Date.now() / 1000));
      const t0 = performance.now();
      const res = await fetch(`${base}${SEAMLESS_PATH}/${op}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SEAMLESS_HEADERS.operator]: merchant.code,
          [SEAMLESS_HEADERS.vendor]: 'DEMO',
          [SEAMLESS_HEADERS.timestamp]: ts,
          [SEAMLESS_HEADERS.signature]: signSeamless(secret, ts, raw),
        },
        body: raw,
      });
      const answer = (await res.json()) as { status: string };
      if (answer.status !== 'OK') throw new Error(`${op}: ${answer.status}`);
      return performance.now() - t0;
    };

    // Baseline: the same clients on GET /healthz.
    const health = await load(ROUNDS, SECONDS, async () => {
      const t0 = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.text();
      return res.ok ? [performance.now() - t0] : false;
    });

    const rounds = await load(ROUNDS, SECONDS, async (c) => {
      const p = players[c]!;
      const n = ++p.seq;
      const round = `bench-${p.id}-${n}`;
      const win = n % 2 === 0 ? 2n * STAKE : 0n; // every other round wins double
      const common = {
        request_id: `${round}`,
        player_id: String(p.id),
        currency: merchant.currency,
        game_code: 'demo-baccarat',
        round_id: round,
      };
      const bet = await call('bet', {
        ...common,
        session_token: p.token,
        tx_id: `${round}:bet`,
        amount: String(STAKE),
      });
      p.expected -= STAKE;
      const paid = await call('win', {
        ...common,
        tx_id: `${round}:win`,
        bet_tx_id: `${round}:bet`,
        amount: String(win),
      });
      p.expected += win;
      return [bet + paid, bet, paid];
    });

    const audit = await app.modules.ledger.audit();
    if (!audit.ok) throw new Error(`ledger audit: ${JSON.stringify(audit.problems)}`);
    const codes = players.map((p) => memberMain(p.id));
    const balances = await app.modules.ledger.balances(merchant.id, codes);
    const wrong = players.filter((p) => balances[memberMain(p.id)]!.balance !== p.expected).length;
    if (wrong) throw new Error(`${wrong} balances differ from the rounds played`);

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

const rows: string[] = [];
{
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(database);
    rows.push(...(await benchOne('PGlite (embedded)', database)));
  } finally {
    await database.close();
  }
}
if (PG_URL !== 'off') {
  const name = `sea_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: PG_URL, poolSize: 1 });
  await admin.session((exec) => exec(`create database ${name}`));
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  try {
    await migrate(database);
    rows.push(...(await benchOne('PostgreSQL', database)));
  } finally {
    await database.close();
    await admin.session((exec) => exec(`drop database if exists ${name} with (force)`));
    await admin.close();
  }
}
console.log(
  `\nSeamless wallet, ${ROUNDS} concurrent rounds (bet then win, signed HTTP, keep-alive), ${SECONDS} s each; ` +
    'ledger audit clean and every balance exact after each run\n',
);
console.log('| database | what | per s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
