import type { BannerGroup, LinkageType, NoticeType, PopupAudience } from '@sea/contracts';
import type { ColumnType } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

/** Texts per language, written as JSON text, read as an object. */
export type Texts<T> = ColumnType<Record<string, T>, string, string>;
export type BannerTexts = Record<string, { title: string; text: string }>;
export type NoticeTexts = Record<string, { title: string; content: string }>;

export interface ContentBannersTable {
  id: Int8Id;
  merchant_id: Int8;
  group_name: BannerGroup;
  image_url: string;
  linkage_type: LinkageType;
  linkage_target: string | null;
  texts: Texts<{ title: string; text: string }>;
  sort: number;
  starts_at: UpdatedAt;
  ends_at: Date | null;
  published: boolean;
  deleted_at: Date | null;
  created_by: Int8 | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ContentNoticesTable {
  id: Int8Id;
  merchant_id: Int8;
  type: NoticeType;
  audience: PopupAudience;
  promotion_id: Int8 | null;
  texts: Texts<{ title: string; content: string }>;
  sort: number;
  starts_at: UpdatedAt;
  ends_at: Date | null;
  published: boolean;
  deleted_at: Date | null;
  created_by: Int8 | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ContentTables {
  content_banners: ContentBannersTable;
  content_notices: ContentNoticesTable;
}
