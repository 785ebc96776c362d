import type { CreatedAt, Int8Id } from '../../db/columns.ts';

export interface DevOutboxTable {
  id: Int8Id;
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  created_at: CreatedAt;
}

/** Kysely types of the outbox module's tables (read only through this module's repository). */
export interface OutboxTables {
  dev_outbox: DevOutboxTable;
}
