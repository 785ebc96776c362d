import { describe, expect, it } from 'vitest';
import { formatNumber2, LANGUAGES } from './languages.ts';

describe('formatNumber2', () => {
  it('writes what Intl.NumberFormat writes with two decimals, in every site language', () => {
    const values = [0, 5, 12.3, 999.99, 1000, 1234.567, 5_000_000.456, 19_999_999.991, 123_456_789.01];
    for (const l of LANGUAGES) {
      const intl = new Intl.NumberFormat(l.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const v of values) expect(formatNumber2(v, l.code), `${l.code} ${v}`).toBe(intl.format(v));
    }
  });

  it("uses English's separators for an unknown language", () => {
    expect(formatNumber2(1234567.5, 'xx')).toBe('1,234,567.50');
    expect(formatNumber2(1234567.5, 'ty')).toBe('1.234.567,50');
  });
});
