import type { AnnouncementAudience } from '@sea/contracts';
import type { ColumnType, Generated } from 'kysely';
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
  /** Edits a reader should see (title, content, a translation), from 1; a read of an older one is unread. */
  revision: Generated<number>;
  created_by: Int8 | null;
  created_at: CreatedAt;
}

export interface AnnouncementReadsTable {
  member_id: Int8;
  announcement_id: Int8;
  /** When the member last read a new revision. */
  read_at: ColumnType<Date, Date | string | undefined, Date>;
  /** The announcement's revision this read saw. */
  revision: number;
}

export interface AnnouncementsTables {
  announcements: AnnouncementsTable;
  announcement_reads: AnnouncementReadsTable;
}
