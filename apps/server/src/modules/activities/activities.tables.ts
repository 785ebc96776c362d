import type { ActivityApplicationStatus } from '@sea/contracts';
import type { ColumnType, Generated } from 'kysely';
import type { Int8, Int8Id } from '../../db/columns.ts';

export interface ActivityOffersTable {
  promotion_id: Int8;
  merchant_id: Int8;
  enabled: boolean;
  new_members_only: boolean;
  once_per_member: boolean;
  /** The approved reward: cash, or bonus money with these terms (migration 0215). */
  pay_as: 'cash' | 'bonus';
  bonus_multiplier: number | null;
  bonus_max_conversion: Int8 | null;
  bonus_max_stake: Int8 | null;
  bonus_expiry_days: number | null;
  updated_by: Int8 | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ActivityApplicationsTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  promotion_id: Int8;
  comment: string;
  status: ActivityApplicationStatus;
  image_count: Generated<number>;
  ip: string;
  device: string;
  flag_reason: string | null;
  reward: Int8 | null;
  review_reason: string | null;
  reviewed_by: Int8 | null;
  reviewed_at: Date | null;
  created_at: Date;
}

export interface ActivityApplicationImagesTable {
  application_id: Int8;
  position: number;
  content_type: 'image/png' | 'image/jpeg';
  content: Uint8Array;
}

export interface ActivitiesTables {
  activity_offers: ActivityOffersTable;
  activity_applications: ActivityApplicationsTable;
  activity_application_images: ActivityApplicationImagesTable;
}
