import { amountProblem as checkAmount } from '../../lib/amount.ts';

export interface AmountLimits {
  min: string;
  max: string;
  /** What the member can withdraw now (minor units); null when unknown. */
  available: string | null;
  exponent: number;
}

/** The problem with a typed amount as [i18n key, options], or null when it can be sent. */
export const amountProblem = (text: string, limits: AmountLimits) => checkAmount(text, limits, 'withdraw.form');

/** Digits only, spaces and dashes dropped (people paste "1234 5678-90"). */
export const normaliseAccountNumber = (s: string) => s.replace(/[\s-]/g, '');

export { useRequestId } from '../../api/request-id.ts';
