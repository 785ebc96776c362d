import { SystemStatusCode } from '@sea/contracts';
import type { Merchant } from '../../http/principals.ts';

export type StatusCode = (typeof SystemStatusCode)[keyof typeof SystemStatusCode];

/**
 * Whether the merchant's region rule blocks a visitor. A country that cannot be told (private or
 * loopback address, or missing from the data) is not blocked: operators reach their own site from inside.
 */
export function isRegionBlocked(
  merchant: Pick<Merchant, 'regionMode' | 'regionCountries'>,
  country: string | null,
): boolean {
  if (merchant.regionMode === 'off' || country === null) return false;
  const listed = merchant.regionCountries.includes(country);
  return merchant.regionMode === 'block' ? listed : !listed;
}

/** 0 normal, 1 maintenance, 2 region restriction. Maintenance wins over region. */
export function statusFor(
  merchant: Pick<Merchant, 'maintenance' | 'regionMode' | 'regionCountries'>,
  country: string | null,
): StatusCode {
  if (merchant.maintenance) return SystemStatusCode.MAINTENANCE;
  if (isRegionBlocked(merchant, country)) return SystemStatusCode.REGION_RESTRICTED;
  return SystemStatusCode.NORMAL;
}
