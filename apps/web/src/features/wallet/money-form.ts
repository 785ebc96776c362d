import { formatMoney, type HierarchyTransferResult, MAIN_WALLET } from '@sea/contracts';
import { z } from 'zod';
import { amountText, requiredText } from '../../lib/validation.ts';

/** A wallet amount: above zero, in the currency's decimals (the server checks the balance). */
const amount = (exponent: number) => amountText({ exponent }, 'wallet');

/** Main wallet ↔ one game wallet (spec: one side is always the main wallet). */
export const walletTransferSchema = (exponent: number) =>
  z.object({ from: z.string(), to: z.string(), amount: amount(exponent) }).superRefine((v, ctx) => {
    if (v.from === v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'wallet.sameWallet' });
    else if (v.from !== MAIN_WALLET && v.to !== MAIN_WALLET)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'wallet.mainRequired' });
  });

export const uplineTransferSchema = (exponent: number) => z.object({ amount: amount(exponent) });

export const downlineTransferSchema = (exponent: number) =>
  z.object({ downlineAccount: requiredText('wallet.pickDownline'), amount: amount(exponent) });

/** The values of the "sent to" message of an upline or downline transfer. */
export const sentTo = (r: HierarchyTransferResult) => ({
  amount: `${r.currency} ${formatMoney(r.amount, r.exponent)}`,
  account: r.toAccount,
});
