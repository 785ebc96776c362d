import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';
import type { TranslationsColumn } from '../../lib/translations.ts';

export interface PromotionsTable {
  id: Int8Id;
  merchant_id: Int8;
  title: string;
  /** Operator-authored HTML (sanitised by the web where it is shown). */
  content: string;
  /** The title and content in the merchant's other languages (issue 24). */
  translations: TranslationsColumn;
  image_url: string | null;
  category: string | null;
  sort: number;
  starts_at: UpdatedAt;
  ends_at: Date | null;
  withdrawn_at: Date | null;
  created_by: Int8 | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionsTables {
  promotions: PromotionsTable;
}
