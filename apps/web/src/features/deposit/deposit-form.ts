import { amountProblem as checkAmount } from '../../lib/amount.ts';

export interface AmountLimits {
  min: string;
  max: string;
  exponent: number;
}

/** The problem with a typed amount as [i18n key, options], or null when it can be sent. */
export const amountProblem = (text: string, limits: AmountLimits) => checkAmount(text, limits, 'deposit');

const QUICK = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** Up to six round amounts (major units) inside the method's limits. */
export function quickAmounts(limits: AmountLimits): number[] {
  const unit = 10n ** BigInt(limits.exponent);
  return QUICK.filter((a) => BigInt(a) * unit >= BigInt(limits.min) && BigInt(a) * unit <= BigInt(limits.max)).slice(
    0,
    6,
  );
}

export { useRequestId } from '../../api/request-id.ts';

/** Where the browser goes to pay: only a path on this site or an https page (never javascript: or similar). */
export function safePayUrl(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
