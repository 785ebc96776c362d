import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyAlone, type PlayEvent, type PlayEventConsumer, type PreparedBatch } from '../src/lib/play-events.ts';
import { createPlayEventsRepository } from '../src/modules/play-events/play-events.repository.ts';
import { createPlayEventsService } from '../src/modules/play-events/play-events.service.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { newPlayer } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The durable play-event queue (modules/play-events): producers' rows reach every consumer in commit order, at
 * least once; a consumer that records ids with `firstTime` in its own transaction counts each event once, whatever
 * the replays (a crash between its effect and the cursor), and whatever order the producers committed in.
 */
// On PostgreSQL the queue waits for every older write transaction of the cluster: a busy shared server is slow.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  await t?.close();
});

/** A consumer that counts each event once in a table-less way: ids through firstTime, sums kept in memory only on commit. */
function counting(name: string, opts: { failAfterEffect?: () => boolean } = {}) {
  const seen: PlayEvent[] = [];
  let calls = 0;
  const c: PlayEventConsumer = {
    name,
    async handle(events) {
      calls++;
      const fresh = await t.database.all.transaction().execute(async (trx) => {
        const ids = await t.app.modules.playEvents.firstTime(
          trx,
          name,
          events.map((e) => e.id),
        );
        if (opts.failAfterEffect?.()) throw new Error('crash after the effect');
        return ids;
      });
      seen.push(...events.filter((e) => fresh.has(e.id)));
    },
  };
  return { c, seen, calls: () => calls };
}

/** Drains until `consumer` has every event (PostgreSQL: older write transactions of the cluster hold the queue back). */
async function drainFor(consumer: string): Promise<void> {
  const until = Date.now() + 240_000;
  for (;;) {
    await t.app.modules.playEvents.drain();
    if ((await t.app.modules.playEvents.backlog(consumer)) === 0n) return;
    if (Date.now() > until) throw new Error('the play-event queue did not drain within 240 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const inline = (id: string, memberId: bigint): PlayEvent => ({
  kind: 'deposit_credited',
  id,
  merchantId: demo.id,
  memberId,
  amount: 100n,
  first: false,
  at: new Date(),
});

describe('play-event queue', () => {
  it('delivers settled rounds, deposits and registrations to a consumer, each counted once', async () => {
    const probe = counting('test-probe');
    t.app.modules.playEvents.consumers.register(probe.c);
    const p = await newPlayer(t, demo, { fund: 100_000n });
    const table = await demoLiveTable(t, demo);
    await table.round(p, 1_000n, 1_500n);
    await table.round(p, 2_000n, 0n);
    await drainFor('test-probe');
    const mine = probe.seen.filter((e) => e.memberId === p.id);
    expect(mine.map((e) => e.kind).sort()).toEqual(['bet_settled', 'bet_settled', 'member_registered']);
    const bets = mine.filter((e) => e.kind === 'bet_settled');
    expect(bets.map((e) => [e.stake, e.payout, e.category, e.product])).toEqual([
      [1_000n, 1_500n, 'LIVE', 'vendor'],
      [2_000n, 0n, 'LIVE', 'vendor'],
    ]);
    // Nothing new: a second drain hands nothing.
    const before = probe.seen.length;
    await t.app.modules.playEvents.drain();
    expect(probe.seen.length).toBe(before);
  });

  it('a crash between the effect and the cursor replays the batch, counted once', async () => {
    let crash = true;
    const probe = counting('test-crash', { failAfterEffect: () => crash });
    t.app.modules.playEvents.consumers.register(probe.c);
    const p = await newPlayer(t, demo);
    await t.database.all.transaction().execute(async (trx) => {
      await t.app.modules.playEvents.publish(trx, inline(`test:a:${p.id}`, p.id));
      await t.app.modules.playEvents.publish(trx, inline(`test:b:${p.id}`, p.id));
    });
    // (PostgreSQL: the rows may wait for older transactions of the cluster: drain until the consumer is reached.)
    const until = Date.now() + 240_000;
    let crashed: unknown = null;
    while (!crashed && Date.now() < until) {
      crashed = await t.app.modules.playEvents.drain().then(
        () => null,
        (err: unknown) => err,
      );
      if (!crashed) await new Promise((r) => setTimeout(r, 100));
    }
    expect((crashed as Error | null)?.message).toBe('crash after the effect');
    expect(probe.seen.filter((e) => e.id.startsWith('test:'))).toHaveLength(0);
    crash = false;
    await drainFor('test-crash');
    // A replay of an event already applied (a second outbox row of the same id, e.g. a producer retry) is skipped.
    await t.database.all
      .transaction()
      .execute((trx) => t.app.modules.playEvents.publish(trx, inline(`test:a:${p.id}`, p.id)));
    await drainFor('test-crash');
    expect(probe.seen.filter((e) => e.id.startsWith('test:')).map((e) => e.id)).toEqual([
      `test:a:${p.id}`,
      `test:b:${p.id}`,
    ]);
    expect(probe.calls()).toBeGreaterThanOrEqual(3);
  });

  it('hands nothing of a transaction still open, then everything once it commits, whatever the commit order', async () => {
    const probe = counting('test-order');
    t.app.modules.playEvents.consumers.register(probe.c);
    const p = await newPlayer(t, demo);
    if (!process.env.DATABASE_URL?.startsWith('postgres')) {
      // PGlite runs one transaction at a time: order is commit order by construction.
      await t.database.all
        .transaction()
        .execute((trx) => t.app.modules.playEvents.publish(trx, inline(`test:o1:${p.id}`, p.id)));
      await t.app.modules.playEvents.drain();
      expect(probe.seen.some((e) => e.id === `test:o1:${p.id}`)).toBe(true);
      return;
    }
    // An earlier transaction (lower outbox id) that commits after a later one: the later one's event waits for it.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const isOpen = new Promise<void>((r) => (started = r));
    const slow = t.database.all.transaction().execute(async (trx) => {
      await t.app.modules.playEvents.publish(trx, inline(`test:slow:${p.id}`, p.id));
      started();
      await gate;
    });
    await isOpen;
    await t.database.all
      .transaction()
      .execute((trx) => t.app.modules.playEvents.publish(trx, inline(`test:fast:${p.id}`, p.id)));
    // (a new consumer starts from the beginning of the queue: only this test's two events are looked at)
    const mine = () => probe.seen.filter((e) => e.id.startsWith('test:') && e.id.endsWith(`:${p.id}`));
    try {
      await t.app.modules.playEvents.drain();
      expect(mine()).toHaveLength(0);
    } finally {
      release();
    }
    await slow;
    await drainFor('test-order');
    expect(mine().map((e) => e.id)).toEqual([`test:slow:${p.id}`, `test:fast:${p.id}`]);
  });

  it('one transaction per batch: a failing consumer rolls back only its own part, the others apply once', async () => {
    let fail = true;
    /** A consumer joined to the batch's transaction: ids through firstTime in it, events kept after the commit. */
    const joined = (name: string, failing: boolean) => {
      const seen: PlayEvent[] = [];
      const c: PlayEventConsumer = {
        name,
        handle: (events) =>
          applyAlone(t.database.all, c.prepare!(events), (trx, ids) =>
            t.app.modules.playEvents.firstTime(trx, name, ids),
          ),
        async prepare(events): Promise<PreparedBatch> {
          let fresh = new Set<string>();
          return {
            async apply(trx, firstTime) {
              fresh = await firstTime(events.map((e) => e.id));
              // A statement error: the transaction is aborted until the queue rolls back to this consumer's savepoint.
              if (failing && fail) await sql`select 1 / 0`.execute(trx);
            },
            after() {
              seen.push(...events.filter((e) => fresh.has(e.id)));
            },
          };
        },
      };
      return { c, seen };
    };
    const bad = joined('test-joined-bad', true);
    const good = joined('test-joined-good', false);
    t.app.modules.playEvents.consumers.register(bad.c);
    t.app.modules.playEvents.consumers.register(good.c);
    const p = await newPlayer(t, demo);
    const ids = [`test:j1:${p.id}`, `test:j2:${p.id}`];
    await t.database.all.transaction().execute(async (trx) => {
      for (const id of ids) await t.app.modules.playEvents.publish(trx, inline(id, p.id));
    });
    const mine = (seen: PlayEvent[]) => seen.filter((e) => ids.includes(e.id)).map((e) => e.id);
    const applied = async (consumer: string) =>
      (
        await sql<{ event_id: string }>`select event_id from play_event_done
           where ${consumer} = any(consumers) and event_id in (${sql.join(ids)}) order by event_id`.execute(
          t.database.all,
        )
      ).rows.map((r) => r.event_id);
    // Drain until the good consumer has the events (PostgreSQL: older transactions of the cluster hold rows back).
    const until = Date.now() + 240_000;
    let failure: unknown = null;
    while (mine(good.seen).length === 0 && Date.now() < until) {
      failure = await t.app.modules.playEvents.drain().then(
        () => null,
        (err: unknown) => err,
      );
      if (mine(good.seen).length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect((failure as Error | null)?.message).toMatch(/division by zero/);
    // The good consumer committed with the batch: its events, its applied ids, its cursor past them.
    expect(mine(good.seen)).toEqual(ids);
    expect(await applied('test-joined-good')).toEqual(ids);
    // The bad one: its applied ids rolled back with its savepoint, its cursor behind them.
    expect(mine(bad.seen)).toEqual([]);
    expect(await applied('test-joined-bad')).toEqual([]);
    expect(await t.app.modules.playEvents.backlog('test-joined-bad')).toBeGreaterThan(0n);
    fail = false;
    await drainFor('test-joined-bad');
    await drainFor('test-joined-good');
    expect(mine(bad.seen)).toEqual(ids);
    expect(mine(good.seen)).toEqual(ids); // not handed again
    expect(await applied('test-joined-bad')).toEqual(ids);
  });

  it('a crash after the consumers applied and before the commit keeps nothing; the replay applies each once', async () => {
    const consumers = [
      t.app.modules.cashback.consumer,
      t.app.modules.raffle.consumer,
      ...t.app.modules.rewards.consumers,
      ...t.app.modules.vip.consumers,
    ];
    for (const c of consumers) await drainFor(c.name); // the app's queue first: only this test's events remain
    // The same queue and consumers, its cursor move crashing once after every savepoint was released.
    const repo = createPlayEventsRepository(t.database.all);
    let crash = true;
    const queue = createPlayEventsService({
      repo: {
        ...repo,
        async advanceMany(trx, pos, moves) {
          await repo.advanceMany(trx, pos, moves);
          if (crash) throw new Error('crash before the commit');
        },
      },
    });
    for (const c of consumers) queue.consumers.register(c);
    const p = await newPlayer(t, demo);
    const bet = (n: number, stake: bigint, payout: bigint): PlayEvent => ({
      kind: 'bet_settled',
      id: `test:crash-bet:${n}:${p.id}`,
      merchantId: demo.id,
      memberId: p.id,
      product: 'house',
      category: 'SLOT',
      gameCode: 'LUCKY_DRAGON',
      stake,
      validBet: stake,
      payout,
      settledAt: new Date(),
    });
    const bets = [bet(1, 1_000n, 0n), bet(2, 2_000n, 2_500n), bet(3, 3_000n, 0n)];
    await t.database.all.transaction().execute(async (trx) => {
      for (const e of bets) await t.app.modules.playEvents.publish(trx, e);
    });
    const effects = async () => {
      const cash = await sql<{ stake: string; payout: string }>`
        select coalesce(sum(stake), 0)::text as stake, coalesce(sum(payout), 0)::text as payout
          from cashback_daily where member_id = ${p.id}`.execute(t.database.all);
      const vip = await sql<{ weighted: string }>`
        select coalesce(sum(weighted), 0)::text as weighted from vip_period_totals where member_id = ${p.id}`.execute(
        t.database.all,
      );
      const ids = bets.map((e) => e.id);
      const count = async (consumer: string) =>
        (
          await sql<{ n: string }>`select count(*)::text as n from play_event_done
             where event_id in (${sql.join(ids)}) and ${consumer} = any(consumers)`.execute(t.database.all)
        ).rows[0]!.n;
      return {
        cashback: cash.rows[0]!,
        vipWeighted: vip.rows[0]!.weighted,
        applied: {
          cashback: await count('cashback'),
          raffle: await count('raffle'),
          rewards: await count('rewards'),
          vip: await count('vip'),
        },
      };
    };
    const until = Date.now() + 240_000;
    let crashed: unknown = null;
    while (!crashed && Date.now() < until) {
      crashed = await queue.drain().then(
        () => null,
        (err: unknown) => err,
      );
      if (!crashed) await new Promise((r) => setTimeout(r, 100));
    }
    expect((crashed as Error | null)?.message).toBe('crash before the commit');
    // Nothing of the batch was kept: no effect, no applied id, no cursor moved.
    expect(await effects()).toEqual({
      cashback: { stake: '0', payout: '0' },
      vipWeighted: '0',
      applied: { cashback: '0', raffle: '0', rewards: '0', vip: '0' },
    });
    for (const c of consumers) expect(await queue.backlog(c.name)).toBeGreaterThan(0n);
    crash = false;
    for (;;) {
      await queue.drain();
      const left = await Promise.all(consumers.map((c) => queue.backlog(c.name)));
      if (left.every((n) => n === 0n)) break;
      if (Date.now() > until) throw new Error('the replay did not drain within 240 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const once = await effects();
    expect(once.cashback).toEqual({ stake: '6000', payout: '2500' });
    expect(BigInt(once.vipWeighted)).toBeGreaterThan(0n);
    expect(once.applied).toEqual({ cashback: '3', raffle: '3', rewards: '3', vip: '3' });
    // Delivered again (a producer's retry): counted once.
    await t.database.all.transaction().execute(async (trx) => {
      for (const e of bets) await t.app.modules.playEvents.publish(trx, e);
    });
    for (;;) {
      await queue.drain();
      const left = await Promise.all(consumers.map((c) => queue.backlog(c.name)));
      if (left.every((n) => n === 0n)) break;
      if (Date.now() > until) throw new Error('the replay did not drain within 240 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await effects()).toEqual(once);
  });
  it('records a batch once per event for every joined consumer; a replayed id only for a consumer that lacks it', async () => {
    const p = await newPlayer(t, demo);
    const bet: PlayEvent = {
      kind: 'bet_settled',
      id: `test:done-bet:${p.id}`,
      merchantId: demo.id,
      memberId: p.id,
      product: 'house',
      category: 'SLOT',
      gameCode: 'LUCKY_DRAGON',
      stake: 1_000n,
      validBet: 1_000n,
      payout: 0n,
      settledAt: new Date(),
    };
    await t.database.all.transaction().execute((trx) => t.app.modules.playEvents.publish(trx, bet));
    for (const name of t.app.modules.playEvents.consumerNames()) await drainFor(name);
    const rows = async () =>
      (
        await sql<{ consumers: string[] }>`select consumers from play_event_done where event_id = ${bet.id}`.execute(
          t.database.all,
        )
      ).rows;
    // One row, naming every consumer of the app (each had the bet to apply), and the tests' joined ones.
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row!.consumers).toEqual(
      expect.arrayContaining(['bonus-wagering', 'cashback', 'raffle', 'referral', 'rewards', 'vip']),
    );
    // Claimed again: nothing new for a consumer that has it, the id for one that has not (added to the same row).
    const again = await t.database.all.transaction().execute(async (trx) => ({
      vip: await t.app.modules.playEvents.firstTime(trx, 'vip', [bet.id]),
      other: await t.app.modules.playEvents.firstTime(trx, 'test-late', [bet.id, bet.id]),
    }));
    expect([...again.vip]).toEqual([]);
    expect([...again.other]).toEqual([bet.id]);
    expect((await rows())[0]!.consumers).toContain('test-late');
    expect(await rows()).toHaveLength(1);
  });

  it('batches double while they come back full, up to the largest size, and halve after a short one', async () => {
    const repo = createPlayEventsRepository(t.database.all);
    const reads: { limit: number; got: number }[] = [];
    const queue = createPlayEventsService({
      repo: {
        ...repo,
        async after(pos, limit) {
          const rows = await repo.after(pos, limit);
          reads.push({ limit, got: rows.length });
          return rows;
        },
      },
      batchSize: 2,
      maxBatchSize: 8,
    });
    // Rows of the other tests' producers (rounds, lottery) are read too: resolved to nothing, skipped.
    queue.addSource('round', () => Promise.resolve(new Map()));
    queue.addSource('lottery', () => Promise.resolve(new Map()));
    const seen: string[] = [];
    queue.consumers.register({
      name: 'test-sizes',
      async handle(events) {
        seen.push(...events.map((e) => e.id));
      },
    });
    const p = await newPlayer(t, demo);
    const ids = Array.from({ length: 30 }, (_, i) => `test:size:${i}:${p.id}`);
    await t.database.all.transaction().execute(async (trx) => {
      for (const id of ids) await t.app.modules.playEvents.publish(trx, inline(id, p.id));
    });
    const until = Date.now() + 240_000;
    while (!ids.every((id) => seen.includes(id))) {
      await queue.drain();
      if (Date.now() > until) throw new Error('the play-event queue did not drain within 240 s');
      if (!ids.every((id) => seen.includes(id))) await new Promise((r) => setTimeout(r, 100));
    }
    expect(reads[0]!.limit).toBe(2);
    expect(reads.some((r) => r.limit === 8 && r.got === 8)).toBe(true);
    for (const [i, r] of reads.entries()) {
      expect(r.limit).toBeLessThanOrEqual(8);
      const next = reads[i + 1];
      if (next) expect(next.limit).toBe(r.got === r.limit ? Math.min(8, r.limit * 2) : Math.max(2, r.limit >> 1));
    }
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids); // each once, in order
  });

  it("the batch's transaction commits without waiting for the WAL flush; other transactions still wait", async () => {
    const settings: string[] = [];
    const c: PlayEventConsumer = {
      name: 'test-sync',
      handle: () => Promise.resolve(),
      async prepare() {
        return {
          async apply(trx) {
            const { rows } = await sql<{ v: string }>`select current_setting('synchronous_commit') as v`.execute(trx);
            settings.push(rows[0]!.v);
          },
        };
      },
    };
    t.app.modules.playEvents.consumers.register(c);
    const p = await newPlayer(t, demo);
    await t.database.all
      .transaction()
      .execute((trx) => t.app.modules.playEvents.publish(trx, inline(`test:sync:${p.id}`, p.id)));
    await drainFor('test-sync');
    expect(settings.length).toBeGreaterThan(0);
    expect(new Set(settings)).toEqual(new Set(['off']));
    const outside = await t.database.all
      .transaction()
      .execute((trx) => sql<{ v: string }>`select current_setting('synchronous_commit') as v`.execute(trx));
    expect(outside.rows[0]!.v).toBe('on');
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two transactions claiming one id for one consumer: the second waits and gets it only if the first rolls back',
    async () => {
      const p = await newPlayer(t, demo);
      const claim = (id: string, hold: Promise<void>, rollback: boolean) => {
        let claimed!: () => void;
        const done = new Promise<void>((r) => (claimed = r));
        const result = t.database.all
          .transaction()
          .execute(async (trx) => {
            const got = await t.app.modules.playEvents.firstTime(trx, 'test-race', [id]);
            claimed();
            await hold;
            if (rollback) throw new Error('rolled back');
            return got;
          })
          .catch((err: Error) => (err.message === 'rolled back' ? 'rolled back' : Promise.reject(err)));
        return { done, result };
      };
      const waiting = async () => {
        const until = Date.now() + 30_000;
        for (;;) {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.all);
          if (rows[0]!.n > 0) return;
          if (Date.now() > until) throw new Error('the second claim never waited');
          await new Promise((r) => setTimeout(r, 20));
        }
      };
      // A new id (committed, then rolled back), and an id another consumer recorded before (its row is locked).
      const cases = [
        { rollback: false, before: false },
        { rollback: true, before: false },
        { rollback: false, before: true },
      ];
      for (const { rollback, before } of cases) {
        const id = `test:race:${rollback}:${before}:${p.id}`;
        if (before)
          await t.database.all
            .transaction()
            .execute((trx) => t.app.modules.playEvents.firstTime(trx, 'test-race-other', [id]));
        let release!: () => void;
        const first = claim(id, new Promise<void>((r) => (release = r)), rollback);
        await first.done;
        const second = claim(id, Promise.resolve(), false);
        await waiting();
        release();
        const [a, b] = await Promise.all([first.result, second.result]);
        if (rollback) {
          expect(a).toBe('rolled back');
          expect([...(b as Set<string>)]).toEqual([id]);
        } else {
          expect([...(a as Set<string>)]).toEqual([id]);
          expect([...(b as Set<string>)]).toEqual([]);
        }
      }
    },
  );
});
