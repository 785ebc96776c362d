import type { CreatedAt } from '../../db/columns.ts';

export interface ServerKeysTable {
  id: string;
  purpose: 'payload';
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

/** Kysely types of the keys module's tables (read only through this module's repository). */
export interface KeysTables {
  server_keys: ServerKeysTable;
}
