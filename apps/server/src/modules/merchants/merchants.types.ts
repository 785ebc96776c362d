import type { Merchant } from '../../http/principals.ts';

/** The settings an operator changes at run time (maintenance, region rule, payload encryption, login check). */
export type MerchantSettingsPatch = Partial<
  Pick<
    Merchant,
    | 'maintenance'
    | 'maintenanceMessage'
    | 'maintenanceEndsAt'
    | 'regionMode'
    | 'regionCountries'
    | 'requireEncryption'
    | 'loginCheck'
  >
>;

/** A merchant to create (seeds, tests, later the back office). */
export type NewMerchant = Pick<
  Merchant,
  'code' | 'name' | 'currency' | 'currencyExponent' | 'defaultLanguage' | 'languages' | 'timezone'
> &
  Partial<Pick<Merchant, 'status' | 'customerServiceUrl' | 'paymentMethods'>> & {
    domains?: Array<{ domain: string; kind?: 'web' | 'mobile' | 'agent' | 'api'; primary?: boolean }>;
  };
