import type { AnnouncementAudience } from '@sea/contracts';
import type { ColumnType } from 'kysely';
import type { CreatedAt, Int8, Int8Id } from '../../db/columns.ts';
import type { TranslationsColumn } from '../../lib/translations.ts';

export interface AnnouncementsTable {
  id: Int8Id;
  merchant_id: Int8;
  audience: AnnouncementAudience;
  title: string;
  /** Operator-authored HTML (sanitised by the web where it is shown). */
  content: string;
  /** The title and content in the merchant's other languages (issue 24). */
  translations: TranslationsColumn;
  promotion_type: string | null;
  /** Editable (PUT /admin/api/announcements/:id). */
  starts_at: ColumnType<Date, Date | string | undefined, Date>;
  ends_at: Date | null;
  withdrawn_at: Date | null;
  created_by: Int8 | null;
  created_at: CreatedAt;
}

export interface AnnouncementReadsTable {
  member_id: Int8;
  announcement_id: Int8;
  read_at: CreatedAt;
}

export interface AnnouncementsTables {
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
}
