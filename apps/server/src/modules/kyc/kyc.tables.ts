import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';
import type { KycDocumentKind, KycDocumentStatus } from '@sea/contracts';

export type KycContentType = 'image/png' | 'image/jpeg' | 'application/pdf';

export interface KycDocumentsTable {
  id: Int8Id;
  /** Public reference KYC-XXXXXXXX (the API and the audit log name a document only by it). */
  reference: string;
  merchant_id: Int8;
  member_id: Int8;
  kind: KycDocumentKind;
  status: Generated<KycDocumentStatus>;
  /** The member's current document of its kind; a re-upload after a rejection supersedes it. */
  is_current: Generated<boolean>;
  content_type: KycContentType;
  content: Uint8Array;
  size: number;
  reason: string | null;
  reviewed_by: Int8 | null;
  reviewed_by_name: string | null;
  reviewed_at: Date | null;
  created_at: CreatedAt;
}

export interface KycSettingsTable {
  merchant_id: Int8;
  withdrawal_threshold: Int8 | null;
  updated_at: UpdatedAt;
}

export interface KycTables {
  kyc_documents: KycDocumentsTable;
  kyc_settings: KycSettingsTable;
}
