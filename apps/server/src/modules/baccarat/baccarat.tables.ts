import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

type Json<T> = ColumnType<T, string, string>;

export type BaccaratRoundStatus = 'betting' | 'dealing' | 'result' | 'settled' | 'cancelled';
export type BaccaratBetStatus = 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';

/** The dealt hand as stored (cards 0..51 in dealing order). */
export interface StoredHand {
  cards: number[];
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BaccaratTablesTable {
  id: Int8Id;
  merchant_id: Int8;
  code: string;
  name: string;
  variant: 'commission' | 'no-commission';
  min_bet: Int8;
  max_bet: Int8;
  round_max: Int8;
  betting_seconds: Generated<number>;
  status: Generated<'open' | 'closed'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  /** Settings saved while a round was in play: applied when the next round opens. */
  pending: ColumnType<PendingTableSettings | null, string | null | undefined, string | null>;
}

/** A table's settings waiting for its next round (minor units as strings). */
export interface PendingTableSettings {
  variant: 'commission' | 'no-commission';
  minBet: string;
  maxBet: string;
  roundMax: string;
  bettingSeconds: number;
}

export interface BaccaratShoesTable {
  id: Int8Id;
  table_id: Int8;
  seed: string;
  seed_hash: string;
  position: number;
  cut_hands: Generated<number>;
  hands: Generated<number>;
  status: Generated<'active' | 'finished'>;
  started_at: Date;
  finished_at: Date | null;
}

export interface BaccaratRoundsTable {
  id: Int8Id;
  table_id: Int8;
  shoe_id: Int8;
  hand: number;
  position: number;
  status: BaccaratRoundStatus;
  opens_at: Date;
  closes_at: Date;
  dealt_at: Date | null;
  deal_ends_at: Date | null;
  result_ends_at: Date | null;
  result: Json<StoredHand | null>;
  settled_at: Date | null;
}

export interface BaccaratBetsTable {
  id: Int8Id;
  round_id: Int8;
  merchant_id: Int8;
  member_id: Int8;
  spot: 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';
  amount: Int8;
  request_id: string;
  status: Generated<BaccaratBetStatus>;
  payout: Int8 | null;
  created_at: CreatedAt;
}

/** Kysely types of the baccarat module's tables (read only through this module's repository). */
export interface BaccaratTables {
  baccarat_tables: BaccaratTablesTable;
  baccarat_shoes: BaccaratShoesTable;
  baccarat_rounds: BaccaratRoundsTable;
  baccarat_bets: BaccaratBetsTable;
}
