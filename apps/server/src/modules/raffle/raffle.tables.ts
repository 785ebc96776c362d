import type { ColumnType, Generated } from 'kysely';
import type { BonusTermsColumns, CreatedAt, Int8, Int8Id } from '../../db/columns.ts';

type Json<T> = ColumnType<T, string, string>;

/** The prizes' pay-as terms (migration 0240): null, cash. */
export interface RafflesTable extends BonusTermsColumns {
  id: Int8Id;
  merchant_id: Int8;
  title: string;
  starts_at: Date;
  ends_at: Date;
  draw_at: Date;
  turnover_per_ticket: Int8;
  max_tickets: number;
  categories: Json<string[]>;
  /** Minor units as strings, prize 1 first. */
  prizes: Json<string[]>;
  status: Generated<'open' | 'drawn'>;
  seed: string;
  seed_hash: string;
  drawn_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RaffleEntriesTable {
  raffle_id: Int8;
  member_id: Int8;
  turnover: Int8;
  updated_at: Date;
}

export interface RaffleDrawsTable {
  raffle_id: Int8;
  /** [{ holder, tickets, memberId }] in ticket order. */
  blocks: Json<Array<{ holder: string; tickets: number; memberId: string }>>;
  total_tickets: number;
}

export interface RaffleWinnersTable {
  raffle_id: Int8;
  rank: number;
  ticket: number;
  member_id: Int8;
  amount: Int8;
}

export interface RaffleTables {
  raffles: RafflesTable;
  raffle_entries: RaffleEntriesTable;
  raffle_draws: RaffleDrawsTable;
  raffle_winners: RaffleWinnersTable;
}
