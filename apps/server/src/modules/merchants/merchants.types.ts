export type RegionMode = 'off' | 'block' | 'allow';

/** A merchant as services see it (camelCase; ids stay bigint inside the server). */
export interface Merchant {
  id: bigint;
  code: string;
  name: string;
  currency: string;
  currencyExponent: number;
  defaultLanguage: string;
  languages: string[];
  timezone: string;
  status: 'active' | 'disabled';
  maintenance: boolean;
  maintenanceMessage: string | null;
  maintenanceEndsAt: Date | null;
  regionMode: RegionMode;
  regionCountries: string[];
  customerServiceUrl: string | null;
  paymentMethods: string[];
  agentTypes: number[];
  trialTypes: number[];
  requireEncryption: boolean;
}

export interface MerchantSettingsPatch {
  maintenance?: boolean;
  maintenanceMessage?: string | null;
  maintenanceEndsAt?: Date | null;
  regionMode?: RegionMode;
  regionCountries?: string[];
  requireEncryption?: boolean;
}
