import type { Int8, Int8Id } from '../../db/columns.ts';

export interface HelpArticlesTable {
  id: Int8Id;
  merchant_id: Int8;
  category: string;
  category_title: string;
  tag: string;
  language: string;
  device: 'ALL' | 'WEB' | 'MOBILE';
  title: string;
  content: string;
  sort: number;
}

export interface SiteResourcesTable {
  merchant_id: Int8;
  key: string;
  url: string;
  label: string;
  sort: number;
}

/** Kysely types of the system module's tables (read only through this module's repository). */
export interface SystemTables {
  help_articles: HelpArticlesTable;
  site_resources: SiteResourcesTable;
}
