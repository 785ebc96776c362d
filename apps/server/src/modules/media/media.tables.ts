import type { CreatedAt } from '../../db/columns.ts';

export interface MediaTable {
  sha256: string;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  size: number;
  width: number;
  height: number;
  created_at: CreatedAt;
}

export interface MediaTables {
  media: MediaTable;
}
