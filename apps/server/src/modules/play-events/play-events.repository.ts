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

/** SQL of the play-event queue: the outbox, the consumers' cursors and the ids they have applied (`play_event_done`). */
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

    /**
     * One transaction for a batch of every joined consumer (`fn` gets its executor). Its commit does not wait for the
     * WAL flush (`synchronous_commit = off`, this transaction only): what it writes is derived from outbox rows that
     * producers committed durably, together with the cursors that say how far it got, so a crash that loses it loses
     * the cursor move too and the batch is delivered again. A transaction that reads its effects and commits
     * synchronously (a claim) flushes the WAL up to its own commit, this one's included.
     */
    transaction: <T>(fn: (trx: AnyDb) => Promise<T>): Promise<T> =>
      db.transaction().execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        return fn(trx);
      }),

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

    /**
     * Records `ids` as applied by every one of `consumers` in `executor`'s transaction (commit it with the effects; a
     * rollback forgets them) and returns, per consumer, the ids it had not applied before. One insert for a batch of
     * new ids; ids seen before (a replay, a reset cursor, a producer's retry) are locked and their consumer lists
     * extended, so two transactions claiming one id for one consumer never both get it.
     */
    async claim(
      executor: AnyDb,
      consumers: readonly string[],
      ids: readonly string[],
    ): Promise<Map<string, Set<string>>> {
      const unique = [...new Set(ids)];
      const fresh = new Map(consumers.map((c) => [c, new Set<string>()]));
      if (unique.length === 0 || consumers.length === 0) return fresh;
      const { rows } = await sql<{ event_id: string }>`
        insert into play_event_done (event_id, consumers)
        select unnest(${unique}::text[]), ${[...consumers]}::text[]
        on conflict (event_id) do nothing returning event_id`.execute(executor);
      const inserted = new Set(rows.map((r) => r.event_id));
      for (const set of fresh.values()) for (const id of inserted) set.add(id);
      const seen = unique.filter((id) => !inserted.has(id));
      if (seen.length === 0) return fresh;
      const { rows: before } = await sql<{ event_id: string; consumers: string[] }>`
        select event_id, consumers from play_event_done where event_id = any(${seen}::text[])
         order by event_id for update`.execute(executor);
      for (const r of before) for (const c of consumers) if (!r.consumers.includes(c)) fresh.get(c)!.add(r.event_id);
      await sql`
        update play_event_done
           set consumers = array(select distinct x from unnest(consumers || ${[...consumers]}::text[]) as x order by x)
         where event_id = any(${seen}::text[]) and not consumers @> ${[...consumers]}::text[]`.execute(executor);
      return fresh;
    },

    /** Takes `consumer` off `ids` claimed for it in this transaction (its part rolled back to a savepoint). */
    async unclaim(executor: AnyDb, consumer: string, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await sql`
        update play_event_done set consumers = array_remove(consumers, ${consumer})
         where event_id = any(${[...ids]}::text[])`.execute(executor);
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
        await sql`delete from play_event_done where applied_at < now() - make_interval(days => ${days})`.execute(db);
      return n + Number(r2.numAffectedRows ?? 0n);
    },
  };
}

export type PlayEventsRepository = ReturnType<typeof createPlayEventsRepository>;
