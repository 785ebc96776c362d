import { parseAmount } from '@sea/contracts';
import { AppError } from './errors.ts';

/**
 * An amount typed by a person (major units, e.g. "1,250.50" → 125050 at exponent 2) as minor units: the one
 * place where client text becomes money. Refuses malformed text, more decimals than the currency has, and
 * amounts ≤ 0 (= 0 only with `allowZero`) with amount_invalid.
 */
export function amountFromText(text: string, exponent: number, opts: { allowZero?: boolean } = {}): bigint {
  let minor: bigint;
  try {
    minor = parseAmount(text, exponent);
  } catch {
    throw new AppError('amount_invalid', `Enter an amount with at most ${exponent} decimals.`);
  }
  if (minor < 0n || (minor === 0n && !opts.allowZero))
    throw new AppError('amount_invalid', 'Enter an amount greater than zero.');
  return minor;
}
