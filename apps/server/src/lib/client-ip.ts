import { isIP } from 'node:net';

/** `::ffff:1.2.3.4` → `1.2.3.4`; strips an IPv6 zone; returns '' for anything that is not an address. */
export function normaliseIp(raw: string | undefined): string {
  if (!raw) return '';
  let ip = raw.trim();
  if (ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4) ip = ip.slice(7);
  const zone = ip.indexOf('%');
  if (zone > 0) ip = ip.slice(0, zone);
  return isIP(ip) ? ip : '';
}
