import type { DepositMethod } from '@sea/contracts';
import { z } from 'zod';
import { amountText, imageFile } from '../../lib/validation.ts';
import '../../i18n/areas/deposit.ts';

/** The deposit form: the amount within the method's limits; a bank transfer also needs the receipt image. */
export const depositSchema = (method: DepositMethod, exponent: number) =>
  z.object({
    amount: amountText({ min: method.minAmount, max: method.maxAmount, exponent }, 'deposit'),
    receipt:
      method.kind === 'bank_transfer'
        ? imageFile({ required: 'deposit.receiptRequired', type: 'deposit.receiptType', size: 'deposit.receiptSize' })
        : z.unknown().transform(() => null),
  });

const QUICK = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

/** Up to six round amounts (major units) inside the method's limits. */
export function quickAmounts(limits: { min: string; max: string; exponent: number }): number[] {
  const unit = 10n ** BigInt(limits.exponent);
  return QUICK.filter((a) => BigInt(a) * unit >= BigInt(limits.min) && BigInt(a) * unit <= BigInt(limits.max)).slice(
    0,
    6,
  );
}

/** Where the browser goes to pay: only a path on this site or an https page (never javascript: or similar). */
export function safePayUrl(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
