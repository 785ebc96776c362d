import { describe, expect, it } from 'vitest';
import { normaliseIp } from '../../lib/client-ip.ts';
import { hostOnly } from '../merchants/index.ts';
import { isRegionBlocked, statusFor } from './system.policy.ts';

describe('statusFor', () => {
  const m = (o: Partial<Parameters<typeof statusFor>[0]>) => ({
    maintenance: false,
    regionMode: 'off' as const,
    regionCountries: [],
    ...o,
  });
  it('0 when nothing applies, 1 for maintenance, 2 for a blocked country, maintenance first', () => {
    expect(statusFor(m({}), 'US')).toBe(0);
    expect(statusFor(m({ regionMode: 'block', regionCountries: ['US'] }), 'US')).toBe(2);
    expect(statusFor(m({ maintenance: true, regionMode: 'block', regionCountries: ['US'] }), 'US')).toBe(1);
  });
  it('allow lists block the rest but never an unknown country', () => {
    const allow = { regionMode: 'allow' as const, regionCountries: ['VN'] };
    expect(isRegionBlocked(allow, 'VN')).toBe(false);
    expect(isRegionBlocked(allow, 'TH')).toBe(true);
    expect(isRegionBlocked(allow, null)).toBe(false);
  });
});

describe('normaliseIp and hostOnly', () => {
  it('unwraps mapped addresses and rejects garbage', () => {
    expect(normaliseIp('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(normaliseIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseIp('not-an-ip')).toBe('');
    expect(normaliseIp(undefined)).toBe('');
  });
  it('strips ports and lower-cases hosts, including IPv6 literals', () => {
    expect(hostOnly('Example.COM:8080')).toBe('example.com');
    expect(hostOnly('[::1]:3000')).toBe('::1');
    expect(hostOnly('::1')).toBe('::1');
    expect(hostOnly(undefined)).toBe('');
  });
});
