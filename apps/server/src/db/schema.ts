import type { ColumnType, Generated } from 'kysely';
import type { AdminTables } from '../modules/admin/admin.tables.ts';
import type { DepositsTables } from '../modules/deposits/deposits.tables.ts';
import type { LedgerTables } from '../modules/ledger/ledger.tables.ts';
import type { WalletTables } from '../modules/wallet/wallet.tables.ts';
import type { WithdrawalsTables } from '../modules/withdrawals/withdrawals.tables.ts';

/** int8 columns: always `bigint` when read (normalised in database.ts), any integer form when written. */
export type Int8 = ColumnType<bigint, bigint | number | string, bigint | number | string>;
export type Int8Id = ColumnType<bigint, never, never>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MerchantsTable {
  id: Int8Id;
  code: string;
  name: string;
  currency: string;
  currency_exponent: number;
  default_language: string;
  languages: string[];
  timezone: string;
  status: 'active' | 'disabled';
  maintenance: Generated<boolean>;
  maintenance_message: string | null;
  maintenance_ends_at: Date | null;
  region_mode: Generated<'off' | 'block' | 'allow'>;
  region_countries: Generated<string[]>;
  customer_service_url: string | null;
  payment_methods: Generated<string[]>;
  agent_types: Generated<number[]>;
  trial_types: Generated<number[]>;
  require_encryption: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MerchantDomainsTable {
  domain: string;
  merchant_id: Int8;
  kind: 'web' | 'mobile' | 'agent' | 'api';
  is_primary: boolean;
}

export interface MerchantFlagsTable {
  merchant_id: Int8;
  flag: string;
  enabled: boolean;
}

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

export interface RegisterFieldRulesTable {
  merchant_id: Int8;
  field: string;
  enabled: boolean;
  required: boolean;
  min_length: number;
  max_length: number;
  pattern_id: number;
  accepted_pattern: string;
}

export interface CaptchasTable {
  id: string;
  merchant_id: Int8;
  answer_hash: string;
  ip: Generated<string>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface VerificationCodesTable {
  id: Int8Id;
  merchant_id: Int8;
  purpose: 'login' | 'register' | 'reset';
  country_dialing_code: string;
  mobile: string;
  code_hash: string;
  ip: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface DevOutboxTable {
  id: Int8Id;
  channel: 'sms' | 'email';
  recipient: string;
  body: string;
  created_at: CreatedAt;
}

export interface MembersTable {
  id: Int8Id;
  merchant_id: Int8;
  account: string;
  country_dialing_code: string | null;
  mobile: string | null;
  type: Generated<number>;
  status: Generated<'active' | 'disabled'>;
  password_hash: string;
  payment_password_hash: string | null;
  nickname: string | null;
  real_name: string | null;
  email: string | null;
  language: Generated<string>;
  upline_id: Int8 | null;
  affiliate_code: string | null;
  referral_code: string | null;
  must_change_password: Generated<boolean>;
  password_changed_at: UpdatedAt;
  failed_login_count: Generated<number>;
  lock_level: Generated<number>;
  locked_until: Date | null;
  created_at: CreatedAt;
  created_ip: Generated<string>;
  last_login_at: Date | null;
  last_login_ip: string | null;
  previous_login_at: Date | null;
}

export interface SessionsTable {
  id: Int8Id;
  token_hash: string;
  member_id: Int8;
  merchant_id: Int8;
  area: 'member' | 'agent';
  created_at: CreatedAt;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  revoked_at: Date | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface PasswordResetTokensTable {
  id: Int8Id;
  merchant_id: Int8;
  member_id: Int8;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface MemberAvatarsTable {
  member_id: Int8;
  content: Uint8Array;
  updated_at: UpdatedAt;
}

export interface ServerKeysTable {
  id: string;
  purpose: 'payload';
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

/** Each money module declares its own tables beside its code (modules/<name>/<name>.tables.ts). */
export interface DB extends LedgerTables, WalletTables, DepositsTables, WithdrawalsTables, AdminTables {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  merchant_flags: MerchantFlagsTable;
  help_articles: HelpArticlesTable;
  site_resources: SiteResourcesTable;
  register_field_rules: RegisterFieldRulesTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  dev_outbox: DevOutboxTable;
  members: MembersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  member_avatars: MemberAvatarsTable;
  server_keys: ServerKeysTable;
  schema_migrations: SchemaMigrationsTable;
}
