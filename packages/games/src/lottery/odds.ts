import { type Rational, rational } from '../rational.ts';

/**
 * Fixed odds as operators write them ("99", "3.2", "17.5"): a stake multiplier for one winning unit, kept exact as a
 * rational (at most 4 decimals). Used by the lotteries whose odds are a table per merchant (VN, Thai, 4D); the fast
 * e-lotteries derive theirs from the prize group instead.
 */
export function parseOdds(text: string): Rational {
  const m = /^(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) throw new RangeError(`odds must be a decimal number with at most 4 decimals, got "${text}"`);
  const decimals = m[2] ?? '';
  const value = rational(BigInt(m[1]! + decimals), 10n ** BigInt(decimals.length));
  if (value.n === 0n) throw new RangeError('odds must be positive');
  return value;
}

/**
 * Odds of a prize line from an operator's table: `${code}.${line}` when the type has several lines (4D big: first,
 * second …), else `${code}`. A missing entry is a configuration error, not a zero.
 */
export function oddsFromTable(table: Readonly<Record<string, string>>, code: string, line: string): Rational {
  const text = table[`${code}.${line}`] ?? table[code];
  if (text === undefined) throw new RangeError(`no odds configured for ${code} (${line})`);
  return parseOdds(text);
}
