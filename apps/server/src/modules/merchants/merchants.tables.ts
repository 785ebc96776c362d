import type { Generated } from 'kysely';
import type { CreatedAt, Int8, Int8Id, UpdatedAt } from '../../db/columns.ts';

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
  login_check: Generated<'off' | 'sms' | 'email' | 'bank_name'>;
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

/** Kysely types of the merchants module's tables (read only through this module's repository). */
export interface MerchantsTables {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  merchant_flags: MerchantFlagsTable;
}
