import type { Int8 } from '../../db/columns.ts';

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

/** Kysely types of the registration module's tables (read only through this module's repository). */
export interface RegistrationTables {
  register_field_rules: RegisterFieldRulesTable;
}
