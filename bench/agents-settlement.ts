// One period's contract settlement for many agents, on PostgreSQL: BENCH_SETTLE_AGENTS (default 10,000) agents in
// a team of BENCH_SETTLE_MEMBERS (default 50,000) members with BENCH_SETTLE_BETS (default 200,000) bets made
// yesterday (merchant's local day), written in bulk (apps/server/test/helpers/agent-tree.ts). Every agent holds a
// daily wage and a daily dividend made through the contracts face as the demo seed makes them: the house offers
// the root agent, each upline offers its direct downline agents, each accepts. BENCH_SETTLE_FUNDED (default 0.5)
// of the agents get a starting balance through the ledger face (the rest pay their downlines only from what their
// own upline paid them first). Then, with the clock just past the day's end, each type's settlement job pass
// (contracts face `settle`, what the job runs) is timed; a second pass must post nothing (journal count unchanged)
// and the ledger audit must be clean.
//   npm run bench:agents-settle    BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import { contractOfferRequest } from '@sea/contracts';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import {
  CONTRACT_SETTLEMENT_SCOPE,
  type ContractType,
  periodAt,
  termsOf,
} from '../apps/server/src/modules/contracts/index.ts';
import { memberMain, systemAccount } from '../apps/server/src/modules/ledger/index.ts';
import { generateTree, prng } from '../apps/server/test/helpers/agent-tree.ts';
import { onScratchPostgres } from './databases.ts';

const AGENTS = Number(process.env.BENCH_SETTLE_AGENTS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_SETTLE_MEMBERS ?? 50_000);
const BETS = Number(process.env.BENCH_SETTLE_BETS ?? 200_000);
const FUNDED = Number(process.env.BENCH_SETTLE_FUNDED ?? 0.5);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY_MS = 86_400_000;

/** Runs `fn` over `items` with at most `n` under way at once. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const WAGE = [
  { minValidBet: '100', minActive: 0, rate: '1' },
  { minValidBet: '1000', minActive: 0, rate: '2' },
  { minValidBet: '10000', minActive: 0, rate: '3' },
];
const DIVIDEND = [1, 2, 3].map((k) => ({
  minValidBet: String(100 * k),
  minActive: k,
  minProfit: String(50 * k),
  rate: String(5 * k),
}));

await onScratchPostgres(PG_URL, 10, async (database) => {
  await migrate(database);
  let now = new Date();
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    clock: () => now,
  });
  try {
    const { merchants, contracts, ledger } = app.modules;
    const merchant = (await merchants.findByCode('demo'))!;
    // Yesterday in the merchant's time zone: the contracts are accepted at its start, the bets fall in it, and
    // the settlement runs just after its end (past the 5-minute grace).
    const yesterday = periodAt('daily', new Date(Date.now() - DAY_MS), merchant.timezone);

    let t0 = performance.now();
    const tree = await generateTree(database.db, {
      merchantId: merchant.id,
      members: MEMBERS,
      rounds: BETS,
      from: yesterday.start,
      days: 1,
      seed: 11,
      agentShare: AGENTS / MEMBERS,
      prefix: 's',
    });
    const generated = (performance.now() - t0) / 1000;
    await sql`analyze`.execute(database.db);

    // Agents by level (every agent hangs under an agent), so each upline holds its contracts before it offers.
    const agents = tree.ids.slice(0, AGENTS);
    const level = new Map<bigint, number>();
    for (const id of agents) {
      const up = tree.uplineOf.get(id);
      level.set(id, up === null || up === undefined ? 0 : level.get(up)! + 1);
    }
    const levels: bigint[][] = [];
    for (const id of agents) (levels[level.get(id)!] ??= []).push(id);
    const agentType = 1;
    const asMember = (id: bigint) => ({ memberId: id, type: agentType });
    const offer = (type: ContractType, account: string) =>
      contractOfferRequest.parse({
        downlineAccount: account,
        type,
        ...(type === 'dividend' && { period: 'daily' }),
        tiers: type === 'dividend' ? DIVIDEND : WAGE,
      });
    now = new Date(yesterday.start.getTime() + 60_000);
    t0 = performance.now();
    for (const type of ['daily_wage', 'dividend'] as const) {
      const root = agents[0]!;
      const o = await contracts.offerFromHouse(merchant, root, termsOf(merchant, offer(type, `s${root}`)));
      await contracts.accept(merchant, asMember(root), BigInt(o.id));
    }
    for (const ids of levels.slice(1))
      await pool(ids, 8, async (id) => {
        const up = tree.uplineOf.get(id)!;
        for (const type of ['daily_wage', 'dividend'] as const) {
          const o = await contracts.offer(merchant, asMember(up), offer(type, `s${id}`));
          await contracts.accept(merchant, asMember(id), BigInt(o.id));
        }
      });
    const contracted = (performance.now() - t0) / 1000;

    // Starting balances of a share of the agents (one journal per 1,000 through the ledger face).
    const rand = prng(5);
    const funded = agents.filter(() => rand() < FUNDED);
    for (let i = 0; i < funded.length; i += 1000)
      await ledger.postOrThrow({
        merchantId: merchant.id,
        currency: merchant.currency,
        scope: 'bench_funding',
        key: `fund:${i}`,
        kind: 'adjustment',
        legs: funded.slice(i, i + 1000).map((m) => ({
          debit: systemAccount('adjustments', m),
          credit: memberMain(m),
          amount: 50_000n + BigInt(Math.floor(rand() * 500_000)),
          code: 'adjustment',
        })),
      });

    const journals = async () => {
      const { rows } = await sql<{ posted: string; refused: string }>`
        select count(*) filter (where ok) as posted, count(*) filter (where not ok) as refused
          from ledger_journals where scope = ${CONTRACT_SETTLEMENT_SCOPE}`.execute(database.db);
      return { posted: Number(rows[0]!.posted), refused: Number(rows[0]!.refused) };
    };
    const settlements = async () => {
      const { rows } = await sql<{ status: string; n: string }>`
        select status, count(*) as n from contract_settlements group by status order by status`.execute(database.db);
      return rows.map((r) => `${r.status} ${r.n}`).join(', ');
    };

    now = new Date(yesterday.end.getTime() + 10 * 60_000);
    const lines: string[] = [];
    for (const type of ['daily_wage', 'dividend'] as const) {
      const before = await journals();
      t0 = performance.now();
      const r = await contracts.settle!(type);
      const first = (performance.now() - t0) / 1000;
      const after = await journals();
      t0 = performance.now();
      const again = await contracts.settle!(type);
      const second = (performance.now() - t0) / 1000;
      const rerun = await journals();
      lines.push(
        `| ${type} | ${AGENTS.toLocaleString('en')} | ${first.toFixed(1)} | ${r.paid} | ${r.notReached} | ` +
          `${r.insufficientFunds.length} | ${after.posted - before.posted} | ${second.toFixed(1)} | ` +
          `${again.paid + again.insufficientFunds.length} | ${rerun.posted - after.posted} |`,
      );
    }
    const audit = await ledger.audit();
    console.log(
      `\nContract settlement on PostgreSQL: ${AGENTS.toLocaleString('en')} agents (${levels.length} levels) in a team of ` +
        `${MEMBERS.toLocaleString('en')} members, ${BETS.toLocaleString('en')} bets in one local day; generated in ` +
        `${generated.toFixed(0)} s; ${(AGENTS * 2).toLocaleString('en')} contracts offered and accepted through the face ` +
        `in ${contracted.toFixed(0)} s; ${funded.length.toLocaleString('en')} agents funded\n`,
    );
    console.log(
      '| job | agents | pass s | paid | not reached | insufficient funds | journals posted | re-run s | re-run paid | re-run journals |\n' +
        '|---|---|---|---|---|---|---|---|---|---|',
    );
    console.log(lines.join('\n'));
    console.log(
      `\nsettlement records: ${await settlements()}; ledger audit: ${audit.ok ? 'clean' : audit.problems.join('; ')}`,
    );
    if (!audit.ok) process.exitCode = 1;
  } finally {
    await app.close();
  }
});
