import { type Kysely, sql } from 'kysely';
import { type AnyDb, tablesOf } from '../../db/schema.ts';
import type { PlayEventSource, PlayEventsTables } from './play-events.tables.ts';

export interface OutboxRow {
  id: bigint;
  xid: string;
  merchant_id: bigint;
  source: PlayEventSource;
  ref: string;
  payload: Record<string, unknown> | null;
  created_at: Date;
}

/** SQL of the play-event queue: the outbox, the consumers' cursors and the ids they have applied. */
export function createPlayEventsRepository(db: Kysely<PlayEventsTables>) {
  return {
    /** One outbox row in the producer's transaction (`executor`). */
    async append(
      executor: AnyDb,
      row: { merchantId: bigint; source: PlayEventSource; ref: string; payload?: Record<string, unknown> },
    ): Promise<void> {
      await tablesOf<PlayEventsTables>(executor)
        .insertInto('play_event_outbox')
        .values({
          merchant_id: row.merchantId,
          source: row.source,
          ref: row.ref,
          payload: row.payload ? JSON.stringify(row.payload) : null,
        })
        .execute();
    },

    /** Many reference rows in the producer's transaction (`executor`), one statement. */
    async appendRefs(
      executor: AnyDb,
      rows: readonly { merchantId: bigint; source: Exclude<PlayEventSource, 'inline'>; ref: string }[],
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 5_000)
        await tablesOf<PlayEventsTables>(executor)
          .insertInto('play_event_outbox')
          .values(rows.slice(i, i + 5_000).map((r) => ({ merchant_id: r.merchantId, source: r.source, ref: r.ref })))
          .execute();
    },

    /**
     * Takes the consumer's lease (creating its cursor on first use): its position, or undefined while another
     * drainer holds it.
     */
    async lease(consumer: string, seconds: number): Promise<{ xid: string; id: bigint } | undefined> {
      await db
        .insertInto('play_event_cursors')
        .values({ consumer })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const { rows } = await sql<{ xid: string; id: bigint }>`
        update play_event_cursors
           set lease_until = now() + make_interval(secs => ${seconds})
         where consumer = ${consumer} and (lease_until is null or lease_until < now())
     returning last_xid::text as xid, last_id as id`.execute(db);
      return rows[0];
    },

    async release(consumer: string): Promise<void> {
      await db.updateTable('play_event_cursors').set({ lease_until: null }).where('consumer', '=', consumer).execute();
    },

    /**
     * The next rows after a position, in commit-safe order: only rows of transactions that ended before every
     * transaction still running (see migration 0110), so no row can later appear before the cursor.
     */
    async after(pos: { xid: string; id: bigint }, limit: number): Promise<OutboxRow[]> {
      const { rows } = await sql<OutboxRow>`
        select id, xid::text as xid, merchant_id, source, ref, payload, created_at
          from play_event_outbox
         where (xid, id) > (${pos.xid}::xid8, ${pos.id}::bigint)
           and xid < pg_snapshot_xmin(pg_current_snapshot())
         order by xid, id
         limit ${limit}`.execute(db);
      return rows;
    },

    async advance(consumer: string, pos: { xid: string; id: bigint }, delivered: number): Promise<void> {
      await sql`
        update play_event_cursors
           set last_xid = ${pos.xid}::xid8, last_id = ${pos.id}, delivered = delivered + ${delivered},
               lease_until = now() + interval '60 seconds', updated_at = now()
         where consumer = ${consumer}`.execute(db);
    },

    /** One transaction for a batch of every joined consumer (`fn` gets its executor). */
    transaction: <T>(fn: (trx: AnyDb) => Promise<T>): Promise<T> => db.transaction().execute(fn),

    /** A savepoint in `trx` (names are the queue's own: `c0`, `c1`…, never a consumer's text). */
    async savepoint(trx: AnyDb, name: string): Promise<void> {
      await sql`savepoint ${sql.id(name)}`.execute(trx);
    },
    async releaseSavepoint(trx: AnyDb, name: string): Promise<void> {
      await sql`release savepoint ${sql.id(name)}`.execute(trx);
    },
    async rollbackToSavepoint(trx: AnyDb, name: string): Promise<void> {
      await sql`rollback to savepoint ${sql.id(name)}`.execute(trx);
    },

    /** Several consumers' cursors moved to one position in `trx`, one statement (each with its delivered count). */
    async advanceMany(
      trx: AnyDb,
      pos: { xid: string; id: bigint },
      moves: readonly { consumer: string; delivered: number }[],
    ): Promise<void> {
      if (moves.length === 0) return;
      await sql`
        update play_event_cursors c
           set last_xid = ${pos.xid}::xid8, last_id = ${pos.id}, delivered = c.delivered + m.delivered,
               lease_until = now() + interval '60 seconds', updated_at = now()
          from unnest(${moves.map((m) => m.consumer)}::text[], ${moves.map((m) => m.delivered)}::int8[]) as m(consumer, delivered)
         where c.consumer = m.consumer`.execute(trx);
    },

    /** Of `ids`, those the consumer had not applied yet, now recorded as applied in `executor`'s transaction. */
    async firstTime(executor: AnyDb, consumer: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      // One array parameter (not two per id: a 2,000-event batch parsed 4,000).
      const { rows } = await sql<{ event_id: string }>`
        insert into play_event_applied (consumer, event_id) select ${consumer}, unnest(${[...new Set(ids)]}::text[])
        on conflict do nothing returning event_id`.execute(executor);
      return new Set(rows.map((r) => r.event_id));
    },

    /** Events still to be handed to a consumer (the queue's lag, in rows). */
    async backlog(consumer: string): Promise<bigint> {
      const { rows } = await sql<{ n: bigint }>`
        select count(*)::bigint as n
          from play_event_outbox o
          left join play_event_cursors c on c.consumer = ${consumer}
         where (o.xid, o.id) > (coalesce(c.last_xid, '0'::xid8), coalesce(c.last_id, 0))`.execute(db);
      return rows[0]?.n ?? 0n;
    },

    /** Rows every consumer has passed and applied ids older than `days` (both only grow otherwise). */
    async prune(consumers: string[], days: number): Promise<number> {
      let n = 0;
      if (consumers.length > 0) {
        const r = await sql`
          delete from play_event_outbox o
           where o.created_at < now() - make_interval(days => ${days})
             and (select count(*) from play_event_cursors c
                   where c.consumer in (${sql.join(consumers)}) and (o.xid, o.id) <= (c.last_xid, c.last_id)) = ${consumers.length}`.execute(
          db,
        );
        n += Number(r.numAffectedRows ?? 0n);
      }
      const r2 =
        await sql`delete from play_event_applied where applied_at < now() - make_interval(days => ${days})`.execute(db);
      return n + Number(r2.numAffectedRows ?? 0n);
    },
  };
}

export type PlayEventsRepository = ReturnType<typeof createPlayEventsRepository>;
