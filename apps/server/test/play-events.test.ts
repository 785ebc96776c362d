import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlayEvent, PlayEventConsumer } from '../src/lib/play-events.ts';
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
});
