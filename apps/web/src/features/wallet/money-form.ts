import { amountString, parseAmount } from '@sea/contracts';

/** Checks a major-unit amount typed by the user; returns the i18n key of the problem, or null when it is fine. */
export function amountProblem(text: string, exponent: number): string | null {
  if (!text.trim()) return 'wallet.amountRequired';
  if (!amountString.safeParse(text).success) return 'wallet.amountFormat';
  try {
    return parseAmount(text, exponent) > 0n ? null : 'wallet.amountFormat';
  } catch {
    return 'wallet.amountFormat';
  }
}

export { useRequestId } from '../../api/request-id.ts';
