import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type PlayEventSource = 'round' | 'lottery' | 'inline';

export interface PlayEventOutboxTable {
  id: Int8Id;
  /** xid8, read as text. */
  xid: ColumnType<string, never, never>;
  merchant_id: Int8;
  source: PlayEventSource;
  ref: string;
  payload: ColumnType<Record<string, unknown> | null, string | null, never>;
  created_at: CreatedAt;
}

export interface PlayEventCursorsTable {
  consumer: string;
  last_xid: ColumnType<string, string | undefined, string>;
  last_id: ColumnType<bigint, bigint | undefined, bigint>;
  delivered: ColumnType<bigint, bigint | undefined, bigint>;
  lease_until: Date | null;
  updated_at: Generated<Date>;
}

/** An applied event id and the consumers that applied it (one row per event, not per consumer). */
export interface PlayEventDoneTable {
  event_id: string;
  consumers: string[];
  applied_at: Generated<Date>;
}

export interface PlayEventsTables {
  play_event_outbox: PlayEventOutboxTable;
  play_event_cursors: PlayEventCursorsTable;
  play_event_done: PlayEventDoneTable;
}
