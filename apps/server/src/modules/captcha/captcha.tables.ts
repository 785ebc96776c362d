import type { Generated } from 'kysely';
import type { CreatedAt, Int8 } from '../../db/columns.ts';

export interface CaptchasTable {
  id: string;
  merchant_id: Int8;
  answer_hash: string;
  ip: Generated<string>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

/** Kysely types of the captcha module's tables (read only through this module's repository). */
export interface CaptchaTables {
  captchas: CaptchasTable;
}
