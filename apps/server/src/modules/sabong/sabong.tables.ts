import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

export type SabongFightStatus = 'open' | 'closed' | 'fighting' | 'result' | 'settled' | 'cancelled';
export type SabongBetStatus = 'pending' | 'placed' | 'refused' | 'settled' | 'refunded';
export type SabongSideCode = 'meron' | 'wala' | 'draw';

export interface SabongArenasTable {
  id: Int8Id;
  merchant_id: Int8;
  code: string;
  name: string;
  plasada_bps: Generated<number>;
  min_bet: Int8;
  max_bet: Int8;
  fight_max: Int8;
  betting_seconds: Generated<number>;
  status: Generated<'open' | 'closed'>;
  sort: Generated<number>;
  created_at: CreatedAt;
  /** The Meron / Wala payout per 100 at or below which a fight is cancelled (§6.2: 107). */
  min_payout: Generated<number>;
  /** Settings saved while a fight was in play: applied when the next fight opens. */
  pending: ColumnType<PendingArenaSettings | null, string | null | undefined, string | null>;
}

/** An arena's settings waiting for its next fight (minor units as strings). */
export interface PendingArenaSettings {
  plasadaBps: number;
  bettingSeconds: number;
  minBet: string;
  maxBet: string;
  fightMax: string;
  minPayout: number;
}

export interface SabongFightsTable {
  id: Int8Id;
  arena_id: Int8;
  fight_no: number;
  seed: string;
  seed_hash: string;
  status: SabongFightStatus;
  opens_at: Date;
  closes_at: Date;
  plasada_bps: number;
  /** The arena's minimum payout when the fight opened. */
  min_payout: Generated<number>;
  meron_pool: Int8 | null;
  wala_pool: Int8 | null;
  draw_pool: Int8 | null;
  outcome: SabongSideCode | null;
  cancel_reason: 'minimum_payout' | 'operator' | null;
  fight_ends_at: Date | null;
  result_ends_at: Date | null;
  settled_at: Date | null;
}

export interface SabongBetsTable {
  id: Int8Id;
  fight_id: Int8;
  merchant_id: Int8;
  member_id: Int8;
  side: SabongSideCode;
  amount: Int8;
  request_id: string;
  status: Generated<SabongBetStatus>;
  payout: Int8 | null;
  created_at: CreatedAt;
}

/** Kysely types of the sabong module's tables (read only through this module's repository). */
export interface SabongTables {
  sabong_arenas: SabongArenasTable;
  sabong_fights: SabongFightsTable;
  sabong_bets: SabongBetsTable;
}
