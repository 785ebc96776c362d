import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

type Json<T> = ColumnType<T, string, string>;

export type LotteryIssueStatus = 'open' | 'closed' | 'awaiting' | 'drawn' | 'settled' | 'cancelled' | 'refunded';
/** Fast e-lotteries (a hash chain per game) and feed-based ones (an official result per draw: feed.*.ts). */
export type LotteryGameKind = 'ssc' | 'k3' | 'vn' | 'thai' | '4d';
/** A chain game's bet row stays 'placed' after its draw: its outcome is its kind's (the view lottery_bet_outcomes). */
export type LotteryBetStatus = 'placed' | 'won' | 'lost' | 'refunded';

export interface LotteryGamesTable {
  id: Int8Id;
  merchant_id: Int8;
  game_code: string;
  name: string;
  kind: LotteryGameKind;
  interval_seconds: number;
  close_seconds: number;
  prize_group: number;
  min_unit_stake: Int8;
  max_unit_stake: Int8;
  max_number_stake: Int8;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface LotteryChainsTable {
  id: Int8Id;
  game_id: Int8;
  /** 1, 2, 3, … per game (0037): chain n + 1 continues where chain n ends. */
  seq: number;
  terminal_hash: string;
  salt: string;
  length: number;
  checkpoint_every: number;
  /** { "<index>": "<hash>" } of a chain from before 0056 (never answered); null: the signer keeps the secret. */
  checkpoints: ColumnType<Record<string, string> | null, string | null, string | null>;
  /** Where the secret is: 'database' (chains from before 0056) or 'signer' (chain-signer.ts, by signer_ref). */
  secret_store: ColumnType<'database' | 'signer', 'database' | 'signer' | undefined, never>;
  signer_ref: string | null;
  /** The randomness beacon its draws mix in (beacon.ts), named when it is committed; null before 0056. */
  beacon: string | null;
  first_draw_at: Date;
  /** When its terminal hash became public (the service's clock; before its first issue exists). */
  published_at: Date;
  created_at: CreatedAt;
}

export interface LotteryIssuesTable {
  id: Int8Id;
  merchant_id: Int8;
  game_id: Int8;
  /** null for a feed game's issue (its result comes from the results feed, not a chain). */
  chain_id: Int8 | null;
  chain_index: number | null;
  issue_id: string;
  opens_at: Date;
  closes_at: Date;
  draws_at: Date;
  status: Generated<LotteryIssueStatus>;
  hash: string | null;
  /** A beacon chain's issue: the beacon round named when it is scheduled, and its value once drawn (0056). */
  beacon_round: Int8 | null;
  beacon_value: string | null;
  /** ELOTT: the drawn numbers; feed games: the engine's result object (VnResult, ThaiResult, FourDResult). */
  result: ColumnType<number[] | null, string | null, string | null>;
  drawn_at: Date | null;
  settled_at: Date | null;
  bets: Generated<number>;
  stake: Generated<bigint>;
  payout: Generated<bigint>;
  winners: Generated<number>;
}

export interface LotteryOrdersTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  reference: string;
  request_id: string;
  game_id: Int8;
  issues: number;
  stop_on_win: boolean;
  charge: Int8;
  journal_id: Int8;
  created_at: CreatedAt;
}

export interface LotteryWinLineRow {
  line: string;
  times: number;
  amount: string;
}

export interface LotteryBetsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  order_id: Int8;
  issue_pk: Int8;
  reference: string;
  code: string;
  selection: Json<unknown>;
  describe: string;
  units: number;
  unit_stake: Int8;
  charge: Int8;
  status: Generated<LotteryBetStatus>;
  payout: Generated<bigint>;
  lines: ColumnType<LotteryWinLineRow[], string | undefined, string>;
  /** No longer written (0034): a member's payment of an issue is lottery_settled_members.journal_id. */
  paid: Generated<boolean>;
  /** A bet of a chase order that stops on a win (set when placed). */
  stop_on_win: Generated<boolean>;
  created_at: CreatedAt;
  settled_at: Date | null;
  /** Feed games: the result version this bet was last settled on (0: not yet). */
  result_version: Generated<number>;
}

export interface LotteryExposureTable {
  issue_pk: Int8;
  code: string;
  staked: Int8;
}

export interface LotteryFeedGamesTable {
  game_id: Int8;
  region: 'MB' | 'MN' | 'MT' | null;
  station: string;
  timezone: string;
  draw_time: string;
  schedule: Json<{ weekdays?: number[]; monthDays?: number[] }>;
  source: 'simulated' | 'manual';
  secret: string;
  odds: Json<Record<string, string>>;
}

export type LotteryFeedResultStatus = 'pending' | 'confirmed' | 'discarded';

export interface LotteryFeedResultsTable {
  id: Int8Id;
  issue_pk: Int8;
  version: number;
  source: 'feed' | 'manual';
  result: Json<unknown>;
  status: LotteryFeedResultStatus;
  entered_by: Int8 | null;
  entered_at: Date;
  confirmed_by: Int8 | null;
  confirmed_at: Date | null;
  applied_at: Date | null;
}

export interface LotteryFeedCorrectionsTable {
  bet_id: Int8;
  version: number;
  member_id: Int8;
  old_payout: Int8;
  new_payout: Int8;
  posted: Int8;
  shortfall: Int8;
  /** What the collection step took back of the shortfall so far (0036). */
  collected: ColumnType<bigint, bigint | undefined, bigint | number | string>;
  collected_at: Date | null;
  /** A raised payout the ledger could not pay because the member's account is closed: owed to the member (0230). */
  owed: ColumnType<bigint, bigint | undefined, never>;
  created_at: CreatedAt;
}

/** One collection of a correction's shortfall (seq 1, 2, … per bet and version) and its ledger journal. */
export interface LotteryShortfallCollectionsTable {
  bet_id: Int8;
  version: number;
  seq: number;
  member_id: Int8;
  amount: Int8;
  journal_id: Int8;
  created_at: CreatedAt;
}

/** A distinct (bet type, selection, unit stake) of an issue's bets and, once settled, its outcome. */
export interface LotteryIssueKindsTable {
  issue_pk: Int8;
  code: string;
  unit_stake: Int8;
  selection: Json<unknown>;
  status: 'won' | 'lost' | null;
  payout: Int8 | null;
  lines: ColumnType<LotteryWinLineRow[] | null, string | null | undefined, string | null>;
}

/** What the settlement of an issue added up per member (each bet once) and the member's win journal once paid. */
export interface LotterySettledMembersTable {
  issue_pk: Int8;
  member_id: Int8;
  merchant_id: Int8;
  bets: number;
  stake: Int8;
  payout: Int8;
  journal_id: Int8 | null;
}

/** Kysely types of the lottery module's tables (read only through its repository). */
export interface LotteryTables {
  lottery_games: LotteryGamesTable;
  lottery_chains: LotteryChainsTable;
  lottery_issues: LotteryIssuesTable;
  lottery_orders: LotteryOrdersTable;
  lottery_bets: LotteryBetsTable;
  lottery_exposure: LotteryExposureTable;
  lottery_feed_games: LotteryFeedGamesTable;
  lottery_feed_results: LotteryFeedResultsTable;
  lottery_feed_corrections: LotteryFeedCorrectionsTable;
  lottery_shortfall_collections: LotteryShortfallCollectionsTable;
  lottery_settled_members: LotterySettledMembersTable;
  lottery_issue_kinds: LotteryIssueKindsTable;
  /**
   * A view (0038): the bets with their outcome — a chain game's bet keeps status 'placed' in lottery_bets and takes
   * its kind's status, payout and lines (and its issue's settled_at) once the issue is settled. Read only.
   */
  lottery_bet_outcomes: LotteryBetsTable;
}
