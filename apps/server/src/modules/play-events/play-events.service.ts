import { performance } from 'node:perf_hooks';
import type { AnyDb } from '../../db/schema.ts';
import type { PlayEvent, PlayEventConsumer, PreparedBatch } from '../../lib/play-events.ts';
import type { OutboxRow, PlayEventsRepository } from './play-events.repository.ts';

/** Turns the outbox rows of one producer's source into events (a missing or unsettled ref: left out). */
export type PlayEventSourceResolver = (refs: string[]) => Promise<Map<string, PlayEvent>>;

const BIG = ['merchantId', 'memberId', 'amount', 'stake', 'validBet', 'payout'] as const;
const DATES = ['at', 'settledAt'] as const;

/** An event as stored in an inline outbox row (bigints and dates as strings). */
export function encodeEvent(e: PlayEvent): Record<string, unknown> {
  return JSON.parse(JSON.stringify(e, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Record<
    string,
    unknown
  >;
}

export function decodeEvent(p: Record<string, unknown>): PlayEvent {
  const out: Record<string, unknown> = { ...p };
  for (const k of BIG) if (typeof out[k] === 'string') out[k] = BigInt(out[k]);
  for (const k of DATES) if (typeof out[k] === 'string') out[k] = new Date(out[k]);
  return out as unknown as PlayEvent;
}

export interface DrainReport {
  consumer: string;
  delivered: number;
  batches: number;
  /** Time in this consumer's `prepare`, `apply` and `after` (or `handle` and cursor move), in milliseconds (the reads,
   * the joined consumers' cursor move and commit are shared and not counted). */
  ms: number;
}

/**
 * The durable play-event queue (lib/play-events.ts is the contract): producers `publish` in their own
 * transaction, `drain` hands every consumer the rows after its cursor in batches. Consumers with `prepare` are
 * applied in one transaction per batch (a savepoint each) that also moves their cursors; the others `handle` in
 * their own transaction and their cursor moves after it. A crash before a cursor moved delivers the batch again:
 * consumers count each id once (applied ids recorded in the transaction of their effect: for the joined consumers,
 * once per event by the queue).
 */
export function createPlayEventsService(deps: {
  repo: PlayEventsRepository;
  /** Rows in a batch while the queue keeps up (default 500). */
  batchSize?: number;
  /**
   * Rows in a batch at most (default 16,000): a full batch (a backlog) doubles the next one up to this, a short one
   * halves it back. A big batch writes each member's rows once for many of their events and amortises every
   * statement and commit; it also holds the rows it touches (points, VIP, progress) until it commits.
   */
  maxBatchSize?: number;
  /** Batches per consumer and drain at most (the job runs again at its next period). */
  maxBatches?: number;
  log?: (obj: object, msg: string) => void;
}) {
  const { repo } = deps;
  const consumers = new Map<string, PlayEventConsumer>();
  const sources = new Map<string, PlayEventSourceResolver>();
  const batchSize = deps.batchSize ?? 500;
  const maxBatchSize = Math.max(batchSize, deps.maxBatchSize ?? 16_000);
  /** The next batch's size (kept between drains: a backlog keeps its big batches). */
  let size = batchSize;

  /** The rows' events, one per row (undefined: a ref whose producer row is missing or not settled: skipped). */
  async function resolve(rows: OutboxRow[]): Promise<(PlayEvent | undefined)[]> {
    const bySource = new Map<string, string[]>();
    for (const r of rows) {
      if (r.source === 'inline') continue;
      const refs = bySource.get(r.source);
      if (refs) refs.push(r.ref);
      else bySource.set(r.source, [r.ref]);
    }
    const resolved = new Map<string, Map<string, PlayEvent>>();
    for (const [source, refs] of bySource) {
      const resolver = sources.get(source);
      if (!resolver) throw new Error(`play events: no resolver for source ${source}`);
      resolved.set(source, await resolver(refs));
    }
    return rows.map((r) => {
      const e = r.source === 'inline' ? decodeEvent(r.payload!) : resolved.get(r.source)?.get(r.ref);
      if (!e) deps.log?.({ source: r.source, ref: r.ref }, 'play event without its producer row: skipped');
      return e;
    });
  }

  type Pos = { xid: string; id: bigint };
  const after = (a: { xid: string; id: bigint }, b: Pos) =>
    BigInt(a.xid) > BigInt(b.xid) || (a.xid === b.xid && a.id > b.id);

  /**
   * Every consumer whose lease it takes, moved together: each batch of rows is read and resolved once, from the
   * position of the consumer furthest behind, and each consumer is handed the part after its own cursor, then its
   * cursor moves. A consumer that fails stops for this drain (its cursor stays); the others go on.
   */
  async function drainAll(list: PlayEventConsumer[]): Promise<{ reports: DrainReport[]; failure: unknown }> {
    const leased: { c: PlayEventConsumer; pos: Pos; report: DrainReport; failed: boolean }[] = [];
    const reports: DrainReport[] = [];
    for (const c of list) {
      const report = { consumer: c.name, delivered: 0, batches: 0, ms: 0 };
      reports.push(report);
      const pos = await repo.lease(c.name, 60);
      if (pos) leased.push({ c, pos, report, failed: false });
    }
    let failure: unknown;
    try {
      for (let i = 0; i < (deps.maxBatches ?? 200); i++) {
        const active = leased.filter((l) => !l.failed);
        if (!active.length) break;
        const from = active.reduce((m, l) => (after(m, l.pos) ? l.pos : m), active[0]!.pos);
        const limit = size;
        const rows = await repo.after(from, limit);
        size = rows.length === limit ? Math.min(maxBatchSize, limit * 2) : Math.max(batchSize, limit >> 1);
        if (rows.length === 0) break;
        const events = await resolve(rows);
        const last = rows[rows.length - 1]!;
        const pos: Pos = { xid: last.xid, id: last.id };
        const joined: { l: (typeof leased)[number]; first: number; mine: PlayEvent[]; batch?: PreparedBatch }[] = [];
        for (const l of active) {
          const first = rows.findIndex((r) => after(r, l.pos));
          if (first < 0) continue;
          const started = performance.now();
          const mine = events.slice(first).filter((e): e is PlayEvent => e !== undefined);
          try {
            if (l.c.prepare) {
              // Reads outside the batch's transaction; the writes below, in it.
              joined.push({ l, first, mine, batch: mine.length > 0 ? await l.c.prepare(mine) : undefined });
            } else {
              // A consumer without `prepare`: its own transaction, then its cursor.
              if (mine.length > 0) await l.c.handle(mine);
              l.pos = pos;
              await repo.advance(l.c.name, l.pos, mine.length);
              l.report.delivered += mine.length;
              l.report.batches++;
            }
          } catch (err) {
            failure ??= err;
            l.failed = true;
          }
          l.report.ms += performance.now() - started;
        }
        if (joined.length > 0) {
          // One transaction for every joined consumer: a savepoint each (a failure rolls back that consumer's part
          // and its applied ids only; its cursor stays), then the others' cursors move, then one commit. A crash or a
          // failed commit keeps nothing of the batch: every consumer gets it again, its applied ids count it once.
          const ok: typeof joined = [];
          try {
            await repo.transaction(async (trx) => {
              ok.length = 0;
              // The batch's ids recorded once for every consumer with something to apply (one statement; consumers
              // whose cursor was further on claim their shorter part apart), each handed the ids new to it.
              const fresh = new Map<string, Set<string>>();
              const parts = new Map<number, typeof joined>();
              for (const j of joined) if (j.batch) parts.set(j.first, [...(parts.get(j.first) ?? []), j]);
              for (const part of parts.values()) {
                const names = part.map((j) => j.l.c.name);
                const ids = part[0]!.mine.map((e) => e.id);
                for (const [name, set] of await repo.claim(trx, names, ids)) fresh.set(name, set);
              }
              for (const [i, j] of joined.entries()) {
                const started = performance.now();
                if (j.batch) {
                  const mine = fresh.get(j.l.c.name)!;
                  await repo.savepoint(trx, `c${i}`);
                  try {
                    await j.batch.apply(trx, async (ids) => new Set(ids.filter((id) => mine.has(id))));
                    await repo.releaseSavepoint(trx, `c${i}`);
                  } catch (err) {
                    await repo.rollbackToSavepoint(trx, `c${i}`);
                    await repo.unclaim(trx, j.l.c.name, [...mine]);
                    failure ??= err;
                    j.l.failed = true;
                  }
                }
                if (!j.l.failed) ok.push(j);
                j.l.report.ms += performance.now() - started;
              }
              await repo.advanceMany(
                trx,
                pos,
                ok.map((j) => ({ consumer: j.l.c.name, delivered: j.mine.length })),
              );
            });
          } catch (err) {
            failure ??= err;
            for (const j of joined) j.l.failed = true;
            ok.length = 0;
          }
          for (const j of ok) {
            j.l.pos = pos;
            j.l.report.delivered += j.mine.length;
            j.l.report.batches++;
          }
          for (const j of ok) {
            const started = performance.now();
            try {
              await j.batch?.after?.();
            } catch (err) {
              deps.log?.({ consumer: j.l.c.name, err }, "play events: a consumer's after-commit step failed");
            }
            j.l.report.ms += performance.now() - started;
          }
        }
        if (rows.length < limit) break;
      }
    } finally {
      for (const l of leased) await repo.release(l.c.name);
    }
    return { reports, failure };
  }

  return {
    /**
     * The consumer registry: `consumers.register(consumer)` (its `name` keys its cursor: keep it stable). Not a
     * top-level `register`: app.ts calls every module's `register(app)` for its routes.
     */
    consumers: {
      register(consumer: PlayEventConsumer): void {
        if (consumers.has(consumer.name)) throw new Error(`play events: consumer ${consumer.name} registered twice`);
        consumers.set(consumer.name, consumer);
      },
    },

    /** How a producer's non-inline rows become events (the games module: rounds; the lottery: bets). */
    addSource(source: 'round' | 'lottery', resolver: PlayEventSourceResolver): void {
      sources.set(source, resolver);
    },

    /** An event written whole, in the producer's transaction. */
    publish: (trx: AnyDb, e: PlayEvent): Promise<void> =>
      repo.append(trx, { merchantId: e.merchantId, source: 'inline', ref: e.id, payload: encodeEvent(e) }),

    /** A reference to the producer's own row (resolved when drained), in the producer's transaction. */
    publishRef: (trx: AnyDb, row: { merchantId: bigint; source: 'round' | 'lottery'; ref: string }): Promise<void> =>
      repo.append(trx, row),

    /** Many references at once (a settled lottery issue: one per member), in the producer's transaction. */
    publishRefs: (
      trx: AnyDb,
      rows: readonly { merchantId: bigint; source: 'round' | 'lottery'; ref: string }[],
    ): Promise<void> => (rows.length ? repo.appendRefs(trx, rows) : Promise.resolve()),

    /**
     * For a consumer's `handle`: of these event ids, the ones not applied before, recorded as applied in the
     * consumer's transaction `trx` (commit it with the effect; a rollback forgets them).
     */
    firstTime: async (trx: AnyDb, consumer: string, ids: readonly string[]): Promise<Set<string>> =>
      (await repo.claim(trx, [consumer], ids)).get(consumer)!,

    /** Every consumer's pending events, in batches (the scheduled job; tests call it to settle the queue). */
    async drain(): Promise<DrainReport[]> {
      // One consumer's failure does not hold the others back; the run still fails (the job retries it).
      const { reports, failure } = await drainAll([...consumers.values()]);
      if (failure) throw failure;
      return reports;
    },

    backlog: (consumer: string) => repo.backlog(consumer),
    prune: (days: number) => repo.prune([...consumers.keys()], days),
    consumerNames: () => [...consumers.keys()],
  };
}

export type PlayEventsService = ReturnType<typeof createPlayEventsService>;
