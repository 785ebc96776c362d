import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

/** An int8 column with a default. */
type Int8Default = ColumnType<bigint, bigint | number | string | undefined, bigint | number | string>;

export type WalletMode = 'seamless' | 'transfer';
export type VendorAdapter = 'none' | 'house' | 'demo' | 'http';
export type GameCategoryCode = 'LOTT' | 'ELOTT' | 'LIVE' | 'SPORTS' | 'ESPORTS' | 'FISH' | 'PVP' | 'RNG' | 'COCKFIGHT';
export type GameClassifyCode = 'SC' | 'VP' | 'JP' | 'TG' | 'AC' | 'BG';
export type RoundStatusCode = 'open' | 'settled' | 'rolled_back';
export type GameTxKind = 'bet' | 'win' | 'rollback';
export type GameTxStatus = 'pending' | 'applied' | 'refused' | 'tombstone';

/** A merchant's game vendor; transfer-mode vendors have a sub-wallet per member. */
export interface VendorsTable {
  merchant_id: Int8;
  code: string;
  name: string;
  wallet_mode: WalletMode;
  status: Generated<'active' | 'disabled'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  adapter: Generated<VendorAdapter>;
  icon_url: string | null;
  maintenance: Generated<boolean>;
  wallet_secret: string | null;
  launch_url: string | null;
  /** Transfer vendors: what a launch moves there when the player names no amount (whole main balance or nothing). */
  launch_funding: Generated<'all' | 'none'>;
  /** A real-money launch ends the player's earlier live sessions at this vendor (migration 0050). */
  replace_sessions: Generated<boolean>;
}

export interface GameCategoriesTable {
  merchant_id: Int8;
  category: GameCategoryCode;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  id: Int8Id;
  merchant_id: Int8;
  vendor_code: string;
  game_code: string;
  name: string;
  display_names: ColumnType<Record<string, string>, string | undefined, string>;
  category: GameCategoryCode;
  classify: GameClassifyCode | null;
  icon_url: string | null;
  support_play: Generated<boolean>;
  hot: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<'active' | 'maintenance' | 'disabled'>;
  min_bet: Int8 | null;
  /** Largest stake in minor units (null: no upper limit; migration 0041). */
  max_bet: Int8 | null;
  lines: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GameFavouritesTable {
  member_id: Int8;
  game_id: Int8;
  merchant_id: Int8;
  created_at: CreatedAt;
}

export interface GameSessionsTable {
  id: Int8Id;
  token_hash: string;
  merchant_id: Int8;
  member_id: Int8;
  vendor_code: string;
  game_id: Int8;
  free_play: Generated<boolean>;
  fun_balance: Int8 | null;
  created_at: CreatedAt;
  expires_at: Date;
}

export interface GameRoundsTable {
  id: Int8Id;
  merchant_id: Int8;
  vendor_code: string;
  member_id: Int8;
  game_id: Int8 | null;
  round_ref: string;
  status: Generated<RoundStatusCode>;
  stake: Int8Default;
  payout: Int8Default;
  summary: string | null;
  started_at: CreatedAt;
  settled_at: Date | null;
  /** What counts as turnover when the vendor reported it (its closing win's valid_bet); null: the whole stake. */
  valid_bet: Generated<bigint | null>;
}

export interface GameTransactionsTable {
  id: Int8Id;
  merchant_id: Int8;
  vendor_code: string;
  member_id: Int8;
  tx_ref: string;
  kind: GameTxKind;
  round_id: Int8 | null;
  amount: Int8;
  ref_tx: string | null;
  status: GameTxStatus;
  request_hash: string;
  /** The answer exactly as sent (a replay returns these bytes). */
  response: string | null;
  journal_id: Int8 | null;
  created_at: CreatedAt;
}

/** Kysely types of the games module's tables (read only through this module's repositories). */
/** A transfer vendor's bet recorded once (its round: the game round written for it). */
export interface VendorBetIngestTable {
  merchant_id: Int8;
  vendor_code: string;
  bet_id: string;
  round_id: Int8 | null;
  created_at: CreatedAt;
}

/** How far a transfer vendor's bet records were read (settlement time). */
export interface VendorBetCursorsTable {
  merchant_id: Int8;
  vendor_code: string;
  settled_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: Generated<Date>;
}

export interface GamesTables {
  vendors: VendorsTable;
  game_categories: GameCategoriesTable;
  games: GamesTable;
  game_favourites: GameFavouritesTable;
  game_sessions: GameSessionsTable;
  game_rounds: GameRoundsTable;
  game_transactions: GameTransactionsTable;
  vendor_bet_ingest: VendorBetIngestTable;
  vendor_bet_cursors: VendorBetCursorsTable;
}
