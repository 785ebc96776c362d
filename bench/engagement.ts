// Play-event queue throughput (modules/play-events): settled bets written to the outbox by producers in their own
// transactions while the drainer hands them to a consumer that counts each id once (firstTime in its transaction,
// as the bonus wagering consumer does), on a scratch PostgreSQL database. Reports events/s through the consumer
// and the lag (event time → applied) p50 / p99.
//   npm run bench:engagement   BENCH_EVENTS (default 300000), BENCH_PRODUCERS (4), BENCH_PRODUCER_BATCH (200),
//                              BENCH_BATCH (drain batch, 2000), BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { PlayEvent } from '../apps/server/src/lib/play-events.ts';
import { createPlayEventsModule } from '../apps/server/src/modules/play-events/index.ts';
import { onScratchPostgres } from './databases.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300_000);
const PRODUCERS = Number(process.env.BENCH_PRODUCERS ?? 4);
const PRODUCER_BATCH = Number(process.env.BENCH_PRODUCER_BATCH ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 2_000);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

await onScratchPostgres(PG_URL, PRODUCERS + 4, async (database) => {
  await migrate(database);
  const db = database.db;
  const events = createPlayEventsModule({ db, batchSize: BATCH, maxBatches: 1_000_000 });
  const lags: number[] = [];
  let applied = 0;
  events.consumers.register({
    name: 'bench',
    async handle(batch) {
      const fresh = await db.transaction().execute(async (trx) => {
        const ids = await events.firstTime(
          trx,
          'bench',
          batch.map((e) => e.id),
        );
        // The consumer's effect: one row per member touched (as wagering updates a claim).
        const perMember = new Map<bigint, bigint>();
        for (const e of batch)
          if (ids.has(e.id) && e.kind === 'bet_settled')
            perMember.set(e.memberId, (perMember.get(e.memberId) ?? 0n) + e.validBet);
        // One set-based statement per batch (not one per member).
        if (perMember.size) {
          await sql`create temporary table if not exists bench_sums (member_id bigint primary key, total bigint) on commit preserve rows`.execute(
            trx,
          );
          await sql`insert into bench_sums select * from unnest(${[...perMember.keys()].map(String)}::bigint[], ${[...perMember.values()].map(String)}::bigint[])
                    on conflict (member_id) do update set total = bench_sums.total + excluded.total`.execute(trx);
        }
        return ids;
      });
      const now = Date.now();
      for (const e of batch) if (fresh.has(e.id) && e.kind === 'bet_settled') lags.push(now - e.settledAt.getTime());
      applied += fresh.size;
    },
  });

  let produced = 0;
  const start = performance.now();
  async function producer(p: number) {
    while (produced < EVENTS) {
      const n = Math.min(PRODUCER_BATCH, EVENTS - produced);
      produced += n;
      const base = produced;
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < n; i++) {
          const e: PlayEvent = {
            kind: 'bet_settled',
            id: `bench:${p}:${base}:${i}`,
            merchantId: 1n,
            memberId: BigInt((base + i) % 10_000),
            product: 'house',
            category: 'RNG',
            gameCode: 'slot-lucky-dragon',
            stake: 100n,
            validBet: 100n,
            payout: 0n,
            settledAt: new Date(),
          };
          await events.publish(trx, e);
        }
      });
    }
  }
  let producing = true;
  const producers = Promise.all(Array.from({ length: PRODUCERS }, (_, p) => producer(p))).finally(() => {
    producing = false;
  });
  while (producing || applied < EVENTS) {
    const r = await events.drain();
    if (r.every((x) => x.delivered === 0)) await new Promise((res) => setTimeout(res, 20));
    if (!producing && applied >= EVENTS) break;
  }
  await producers;
  const seconds = (performance.now() - start) / 1000;
  lags.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      events: applied,
      seconds: Number(seconds.toFixed(1)),
      eventsPerSecond: Math.round(applied / seconds),
      lagP50ms: pct(lags, 0.5),
      lagP99ms: pct(lags, 0.99),
      producers: PRODUCERS,
      drainBatch: BATCH,
    }),
  );
});
