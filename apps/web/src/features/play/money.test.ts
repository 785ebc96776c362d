import { formatMoney } from '@sea/contracts';
import { describe, expect, it } from 'vitest';
import { creditsToMinor, formatCredits, formatMinor } from './money.ts';

describe('game page money', () => {
  it('formats exactly like the contracts’ formatMoney', () => {
    for (const exponent of [0, 2, 3])
      for (const v of [0n, 5n, 99n, 100n, 123456n, -250n, 1234567891n, 10n ** 15n])
        expect(formatMinor({ exponent }, v)).toBe(formatMoney(v, exponent));
  });

  it('turns credits into minor units with the session’s credit value', () => {
    const m = { currency: 'PHP', exponent: 2, creditValue: 100n };
    expect(creditsToMinor(m, 20)).toBe(2000n);
    expect(formatCredits(m, 1234)).toBe('1,234.00');
  });
});
