import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type HouseRoundStatus = 'pending' | 'dealt' | 'settled' | 'rolled_back' | 'refused';
type Json<T> = ColumnType<T, string, string>;

export interface HouseSeedsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The server seed of the member's next pair, committed (its hash shown) while this one is active (0055). */
  next_server_seed: string | null;
  next_server_seed_hash: string | null;
  next_nonce: Generated<number>;
  status: Generated<'active' | 'revealed'>;
  created_at: CreatedAt;
  revealed_at: Date | null;
}

export interface HouseRoundsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  session_id: Int8;
  game_id: string;
  math_version: number;
  seed_id: Int8;
  nonce: number;
  request_id: string;
  bet: Json<Record<string, number>>;
  holds: ColumnType<boolean[] | null, string | null, string | null>;
  credit_value: Int8;
  stake_credits: number;
  win_credits: Generated<number>;
  free_play: Generated<boolean>;
  status: Generated<HouseRoundStatus>;
  result: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  settled_at: Date | null;
}

/** Kysely types of the house module's tables (read only through this module's repository). */
export interface HouseTables {
  house_seeds: HouseSeedsTable;
  house_rounds: HouseRoundsTable;
}
