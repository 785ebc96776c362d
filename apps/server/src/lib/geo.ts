import { createRequire } from 'node:module';

// geoip-country is CommonJS and ships its data (MaxMind GeoLite2 country, IPv4 + IPv6); lookups are offline.
const require = createRequire(import.meta.url);
const geoip = require('geoip-country') as { lookup(ip: string): { country: string } | null };

/** ISO-3166 alpha-2 country of a public IP, or null (private, loopback, unknown). */
export function countryOf(ip: string): string | null {
  if (!ip) return null;
  return geoip.lookup(ip)?.country ?? null;
}

export type CountryLookup = typeof countryOf;
