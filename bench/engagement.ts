// The engagement engine's throughput on PostgreSQL: the app's own play-event queue with every consumer the app
// registers (bonus wagering, missions + points + leaderboards, cashback, raffle, VIP, referral), built by buildApp
// exactly as the server builds it, on a scratch database seeded as the demo merchant (missions, points rules, VIP
// ladder, referral programme, welcome bonus). BENCH_MEMBERS members are written in bulk; BENCH_BONUS_MEMBERS of
// them join the welcome bonus and deposit through the queue, so they wager an active bonus during the run.
// Producers then settle rounds as the games module does (a settled game_rounds row and its outbox reference in one
// transaction, `publishRefs`), while the drainer hands them to the consumers. Reports events/s through all the
// consumers, the lag (round settled → applied by every consumer) p50 / p99, each consumer's share of the drain
// time, the drain's batch sizes and how long a batch's transaction held the rows it writes (p50 / p99 / max: a
// player's claim on one of those rows waits that long), and the trivial-commit ceiling measured first in the same run
// (the host's speed that day).
//   npm run bench:engagement   BENCH_EVENTS (default 300000), BENCH_MEMBERS (10000), BENCH_BONUS_MEMBERS (1000),
//                              BENCH_PRODUCERS (2), BENCH_PRODUCER_BATCH (200), BENCH_BATCH (the drain's first
//                              batch; default: the app's), BENCH_MAX_BATCH (its largest; default: the app's),
//                              BENCH_MAX_BATCHES (batches per consumer and drain, 4),
//                              BENCH_PROFILE=1 (time per SQL statement kind: bench/statement-profile.ts),
//                              BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { PlayEvent } from '../apps/server/src/lib/play-events.ts';
import { createPasswordHasher } from '../apps/server/src/lib/password.ts';
import { generateTree } from '../apps/server/test/helpers/agent-tree.ts';
import { onScratchPostgres, trivialCommitCeiling } from './databases.ts';
import { installStatementProfile, profileOn, statementReport } from './statement-profile.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const BONUS_MEMBERS = Math.min(MEMBERS, Number(process.env.BENCH_BONUS_MEMBERS ?? 1_000));
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 2);
const PRODUCER_BATCH = Number(process.env.BENCH_PRODUCER_BATCH ?? 200);
const num = (v: string | undefined) => (v ? Number(v) : undefined);
const BATCH = num(process.env.BENCH_BATCH);
const MAX_BATCH = num(process.env.BENCH_MAX_BATCH);
const MAX_BATCHES = Number(process.env.BENCH_MAX_BATCHES ?? 4);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PROFILE = process.env.BENCH_PROFILE === '1';
if (PROFILE) installStatementProfile();

const ascending = (xs: number[]) => xs.sort((a, b) => a - b);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

await onScratchPostgres(PG_URL, PRODUCERS + 6, async (database) => {
  await migrate(database);
  const db = database.db;
  const ceiling = await trivialCommitCeiling(database);
  const app = await buildApp({
    config: { TRUST_PROXY: false, DEFAULT_MERCHANT: 'demo', LOG_LEVEL: 'silent', WEB_DIST: undefined, SEED_DEMO: true },
    database,
    logger: false,
    hasher: createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
    playEvents: { batchSize: BATCH, maxBatchSize: MAX_BATCH, maxBatches: MAX_BATCHES },
  });
  try {
    const { playEvents, merchants, bonus, promotions } = app.modules;
    const merchant = (await merchants.findByCode('demo'))!;

    // The bench's own last consumer: the order events were delivered in, and when each was settled.
    const settled: number[] = [];
    // It joins the batch's transaction (`prepare`, noted after the commit) like the app's consumers; a tree without
    // `prepare` in the queue calls `handle`. Registered last, its `prepare` is the last step before the batch's
    // transaction and its `after` the last after the commit: the time between is how long the batch held its rows.
    const batches: { size: number; holdMs: number }[] = [];
    const note = (batch: readonly PlayEvent[]) => {
      for (const e of batch) settled.push(e.kind === 'bet_settled' ? e.settledAt.getTime() : e.at.getTime());
    };
    playEvents.consumers.register({
      name: 'bench-lag',
      async handle(batch) {
        note(batch);
      },
      async prepare(batch: readonly PlayEvent[]) {
        const prepared = performance.now();
        return {
          apply: async () => undefined,
          after: () => {
            batches.push({ size: batch.length, holdMs: performance.now() - prepared });
            note(batch);
          },
        };
      },
    } as Parameters<typeof playEvents.consumers.register>[0]);
    const real = playEvents.consumerNames().filter((n) => n !== 'bench-lag');
    const delivered = new Map<string, number>(real.map((n) => [n, 0]));
    const ms = new Map<string, number>(real.map((n) => [n, 0]));
    const lags: number[] = [];
    let lagged = 0;
    async function drainOnce(): Promise<number> {
      const reports = await playEvents.drain();
      const now = Date.now();
      let moved = 0;
      for (const r of reports) {
        if (r.consumer === 'bench-lag') continue;
        delivered.set(r.consumer, delivered.get(r.consumer)! + r.delivered);
        ms.set(r.consumer, ms.get(r.consumer)! + r.ms);
        moved += r.delivered;
      }
      // Applied by every consumer: as far as the slowest one (all see the same events in the same order).
      const done = Math.min(settled.length, ...delivered.values());
      for (; lagged < done; lagged++) lags.push(now - settled[lagged]!);
      return moved;
    }
    async function drainAll() {
      while ((await drainOnce()) > 0);
    }

    // Members, and the welcome bonus joined by some, qualified by a first deposit through the queue.
    const tree = await generateTree(db, {
      merchantId: merchant.id,
      members: MEMBERS,
      rounds: 0,
      from: new Date(),
      days: 1,
      agentShare: 0.01,
      prefix: 'eng',
    });
    const welcome = (await promotions.list(merchant)).list.find((p) => p.imageUrl === '/promotions/welcome.svg')!;
    const unit = 10n ** BigInt(merchant.currencyExponent);
    for (const [i, memberId] of tree.ids.slice(0, BONUS_MEMBERS).entries())
      await bonus.join(merchant, memberId, BigInt(welcome.id), { ip: `10.9.${i >> 8}.${i & 255}`, device: `b${i}` });
    await db.transaction().execute(async (trx) => {
      for (const memberId of tree.ids.slice(0, BONUS_MEMBERS))
        await playEvents.publish(trx, {
          kind: 'deposit_credited',
          id: `deposit:bench:${memberId}`,
          merchantId: merchant.id,
          memberId,
          amount: 1_000n * unit,
          first: true,
          at: new Date(),
        });
    });
    await drainAll();
    const claims = (
      await sql<{
        status: string;
        n: number;
      }>`select status, count(*)::int as n from bonus_claims group by status`.execute(db)
    ).rows;
    const setupEvents = settled.length;
    for (const n of real) {
      delivered.set(n, 0);
      ms.set(n, 0);
    }
    settled.length = 0;
    batches.length = 0;
    lagged = 0;
    lags.length = 0;

    // Games of every category the demo has (contributions differ per category).
    const games = (
      await sql<{ id: bigint; vendor_code: string }>`
        select g.id, g.vendor_code from games g
          join vendors v on v.merchant_id = g.merchant_id and v.code = g.vendor_code
         where g.merchant_id = ${merchant.id} order by g.id`.execute(db)
    ).rows;
    let seed = 7;
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

    let produced = 0;
    profileOn(PROFILE);
    const start = performance.now();
    async function producer() {
      while (produced < EVENTS) {
        const n = Math.min(PRODUCER_BATCH, EVENTS - produced);
        produced += n;
        const rows = Array.from({ length: n }, () => {
          const g = games[Math.floor(rand() * games.length)]!;
          const stake = BigInt(1 + Math.floor(rand() * 500)) * unit;
          const payout = rand() < 0.45 ? (stake * BigInt(Math.floor(rand() * 30))) / 10n : 0n;
          return { member: tree.ids[Math.floor(rand() * tree.ids.length)]!, g, stake, payout };
        });
        await db.transaction().execute(async (trx) => {
          const ids = (
            await sql<{ id: bigint }>`
              insert into game_rounds (merchant_id, vendor_code, member_id, game_id, round_ref, status, stake, payout, settled_at)
              select ${merchant.id}::bigint, vendor, member, game, 'bench-' || gen_random_uuid(), 'settled', stake, payout, now()
                from unnest(${rows.map((r) => r.g.vendor_code)}::text[], ${rows.map((r) => String(r.member))}::bigint[],
                            ${rows.map((r) => String(r.g.id))}::bigint[], ${rows.map((r) => String(r.stake))}::bigint[],
                            ${rows.map((r) => String(r.payout))}::bigint[]) as x(vendor, member, game, stake, payout)
              returning id`.execute(trx)
          ).rows;
          await playEvents.publishRefs(
            trx,
            ids.map((r) => ({ merchantId: merchant.id, source: 'round' as const, ref: String(r.id) })),
          );
        });
      }
    }
    let producing = true;
    const producers = Promise.all(Array.from({ length: PRODUCERS }, () => producer())).finally(() => {
      producing = false;
    });
    const allDone = () => Math.min(...delivered.values()) >= EVENTS;
    while (producing || !allDone()) {
      if ((await drainOnce()) === 0) {
        if (!producing && allDone()) break;
        await new Promise((res) => setTimeout(res, 20));
      }
    }
    await producers;
    profileOn(false);
    const seconds = (performance.now() - start) / 1000;
    lags.sort((a, b) => a - b);
    const total = [...ms.values()].reduce((a, b) => a + b, 0);
    const perConsumer = Object.fromEntries(
      real.map((n) => [
        n,
        {
          delivered: delivered.get(n),
          ms: Math.round(ms.get(n)!),
          share: `${((100 * ms.get(n)!) / total).toFixed(0)} %`,
          eventsPerSecond: Math.round((delivered.get(n)! * 1000) / ms.get(n)!),
        },
      ]),
    );
    console.log(
      JSON.stringify(
        {
          events: EVENTS,
          members: MEMBERS,
          setup: { events: setupEvents, bonusClaims: Object.fromEntries(claims.map((c) => [c.status, c.n])) },
          seconds: Number(seconds.toFixed(1)),
          eventsPerSecond: Math.round(EVENTS / seconds),
          lagP50ms: pct(lags, 0.5),
          lagP99ms: pct(lags, 0.99),
          perConsumer,
          trivialCommitsPerSecond: Math.round(ceiling.perSecond),
          producers: PRODUCERS,
          drainBatch: {
            first: BATCH ?? 'app default',
            max: MAX_BATCH ?? 'app default',
            batches: batches.length,
            sizeP50: pct(ascending(batches.map((b) => b.size)), 0.5),
            sizeMax: Math.max(0, ...batches.map((b) => b.size)),
            holdP50ms: Math.round(pct(ascending(batches.map((b) => b.holdMs)), 0.5)),
            holdP99ms: Math.round(pct(ascending(batches.map((b) => b.holdMs)), 0.99)),
            holdMaxMs: Math.round(Math.max(0, ...batches.map((b) => b.holdMs))),
          },
          ...(PROFILE && { statements: statementReport() }),
        },
        null,
        1,
      ),
    );
  } finally {
    await app.close();
  }
});
