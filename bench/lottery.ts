// Lottery (ELOTT) volume: BENCH_BETS bets (default 1,000,000) placed on ONE draw through the lottery service
// (orders of 50 bets: one ledger journal per order, the exposure rows, the bets), then the draw and the settlement
// (each distinct bet settled once by the engine, no bet row rewritten: one read of the bets grouped per member, one
// win journal per member through the ledger's set-based postMany), on PGlite and on PostgreSQL; the ledger audit
// must be clean after each run. Settlement phases in detail: bench/lottery-settle-profile.ts.
//   npm run bench:lottery     BENCH_BETS (1000000), BENCH_MEMBERS (10000), BENCH_CLIENTS (16),
//                             BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres; 'off' to skip),
//                             BENCH_PGLITE ('off' to skip), BENCH_MIX ('fixed': the 5 bets below, the default;
//                             'varied': players' own picks — 40 % big/small/odd/even, 20 % one digit on a position,
//                             20 % 3-digit straights, 20 % 5-digit straights — so the draw has ~90,000 distinct bets)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import { onPglite, onScratchPostgres } from './databases.ts';
import { lotteryBenchSetup } from './lottery-setup.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/ledger-audit.repository.ts';
import { createLotteryModule } from '../apps/server/src/modules/lottery/index.ts';

const BETS = Number(process.env.BENCH_BETS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PER_ORDER = 50;
const ALL = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** A mix of bet types (one of them always wins something: the busiest payout path). */
const BET_MIX = [
  { code: 'ssc.position', selection: { positions: [ALL, [], [], [], []] } },
  { code: 'ssc.bsoe.sum', selection: { sides: ['big', 'odd'] } },
  {
    code: 'ssc.straight.2b',
    selection: {
      positions: [
        [1, 2, 3],
        [4, 5],
      ],
    },
  },
  { code: 'ssc.dragontiger', selection: { sides: ['dragon'] } },
  { code: 'ssc.group6.3f', selection: { digits: [1, 3, 5, 7] } },
];

const MIX = process.env.BENCH_MIX ?? 'fixed';
const digit = () => Math.floor(Math.random() * 10);
const SIDES = ['big', 'small', 'odd', 'even'];

/** Bet `k` of an order: the fixed mix, or a player's own pick (BENCH_MIX=varied). */
function betOf(k: number): { code: string; selection: object } {
  if (MIX !== 'varied') return BET_MIX[k % BET_MIX.length]!;
  const r = Math.random();
  if (r < 0.4)
    return { code: `ssc.bsoe.${1 + Math.floor(Math.random() * 5)}`, selection: { sides: [SIDES[digit() % 4]] } };
  if (r < 0.6) {
    const positions: number[][] = [[], [], [], [], []];
    positions[Math.floor(Math.random() * 5)] = [digit()];
    return { code: 'ssc.position', selection: { positions } };
  }
  if (r < 0.8) return { code: 'ssc.straight.3f', selection: { positions: [[digit()], [digit()], [digit()]] } };
  return { code: 'ssc.straight.5', selection: { positions: [[digit()], [digit()], [digit()], [digit()], [digit()]] } };
}

async function benchOne(label: string, database: Database): Promise<string> {
  const { db, merchantId, members, ledger, merchants, merchant } = await lotteryBenchSetup(database, 'bench', MEMBERS);
  let now = Date.now();
  const lottery = createLotteryModule({ db, ledger, merchants, clock: () => new Date(now) });
  await lottery.seedDemo(merchant);
  // The bench places far more on one number than a real site allows.
  await sql`update lottery_games set max_number_stake = 1000000000000000 where merchant_id = ${merchantId}`.execute(db);
  await lottery.schedule();
  const game = await lottery.gameInfo(merchant, 'elott-ssc-5m');
  // The draw is up to 5 minutes away: the bench's clock stands still until every bet is in.
  const orders = Math.ceil(BETS / PER_ORDER);
  let next = 0;
  let placed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const i = next++;
        if (i >= orders) return;
        const n = Math.min(PER_ORDER, BETS - i * PER_ORDER);
        await lottery.placeBets(merchant, members[i % members.length]!, {
          gameCode: 'elott-ssc-5m',
          issueId: game.current.issueId,
          requestId: randomUUID(),
          bets: Array.from({ length: n }, (_, k) => ({ ...betOf(k), unitStake: '100' })),
        });
        placed += n;
      }
    }),
  );
  const placeSeconds = (performance.now() - started) / 1000;
  now = Date.parse(game.current.drawsAt) + 1000;
  const settleStart = performance.now();
  await lottery.advance();
  const settleSeconds = (performance.now() - settleStart) / 1000;
  const issue = await lottery.issueInfo(merchant, 'elott-ssc-5m', game.current.issueId);
  if (issue.status !== 'settled' || issue.totals?.bets !== placed)
    throw new Error(`not settled: ${JSON.stringify(issue)}`);
  const audit = await auditLedger(db);
  if (!audit.ok) throw new Error(`ledger audit: ${JSON.stringify(audit.problems).slice(0, 500)}`);
  const kinds = await sql<{ n: number }>`
    select count(*)::int as n from lottery_issue_kinds k join lottery_issues i on i.id = k.issue_pk
    where i.issue_id = ${game.current.issueId} and i.game_id = (select id from lottery_games
      where merchant_id = ${merchantId} and game_code = 'elott-ssc-5m')`.execute(db);
  const line = `| ${label} (${MIX}: ${kinds.rows[0]!.n.toLocaleString('en')} distinct bets) | ${placed.toLocaleString('en')} | ${Math.round(placed / placeSeconds).toLocaleString('en')} | ${placeSeconds.toFixed(1)} | ${settleSeconds.toFixed(1)} | ${issue.totals.winners.toLocaleString('en')} |`;
  console.log(line);
  return line;
}

const rows: string[] = [];
if (process.env.BENCH_PGLITE !== 'off')
  rows.push(await onPglite((database) => benchOne('PGlite (embedded)', database)));
if (PG_URL !== 'off')
  rows.push(await onScratchPostgres(PG_URL, Math.min(CLIENTS, 20), (db) => benchOne('PostgreSQL', db)));
console.log(
  `\nLottery: bets on one draw through the service (orders of ${PER_ORDER}, ${CLIENTS} clients, ${MEMBERS.toLocaleString('en')} members), then draw + settle; audit clean\n`,
);
console.log('| database | bets | bets/s | place s | settle s | winners |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
