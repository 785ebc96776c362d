import { bankAccountRequest, transactionPassword, type WithdrawSettings } from '@sea/contracts';
import { z } from 'zod';
import { amountText, imageFile, passes, requiredText } from '../../lib/validation.ts';
import '../../i18n/areas/withdraw.ts';

/** The request form: amount within the limits and the available balance, a bank account, the transaction password. */
export const withdrawalSchema = (s: WithdrawSettings) =>
  z.object({
    amount: amountText(
      { min: s.minAmount, max: s.maxAmount, available: s.available, exponent: s.exponent },
      'withdraw.form',
    ),
    bankAccountId: requiredText('withdraw.form.bankRequired'),
    transactionPassword: requiredText('withdraw.form.passwordRequired'),
  });

/** A payout account; the number as the contracts accept it (spaces and dashes dropped, 6–20 digits). */
export const bankAccountSchema = z.object({
  bankName: requiredText('withdraw.banks.required'),
  accountNumber: requiredText('withdraw.banks.required')
    .pipe(passes(bankAccountRequest.shape.accountNumber, 'withdraw.banks.numberFormat'))
    .transform((v) => bankAccountRequest.shape.accountNumber.parse(v)),
  accountName: requiredText('withdraw.banks.required'),
});

/** The 6-digit transaction password (contracts' rule), confirmed, set with the login password. */
export const transactionPasswordSchema = z
  .object({
    loginPassword: z.string().min(1, 'withdraw.txPassword.required'),
    newPassword: z
      .string()
      .min(1, 'withdraw.txPassword.required')
      .pipe(passes(transactionPassword, 'withdraw.txPassword.format')),
    confirm: z.string().min(1, 'withdraw.txPassword.required'),
  })
  .refine((v) => !v.confirm || !v.newPassword || v.confirm === v.newPassword, {
    path: ['confirm'],
    message: 'withdraw.txPassword.mismatch',
  });

/** Not received: a proof image is required. */
export const notReceivedSchema = z.object({
  proof: imageFile({
    required: 'withdraw.receipt.proofRequired',
    type: 'withdraw.receipt.proofType',
    size: 'withdraw.receipt.proofSize',
  }),
});

/** Partially received: more than nothing, less than the withdrawal. */
export const partialSchema = (amount: string, exponent: number) =>
  z.object({
    receivedAmount: amountText({ min: '1', max: (BigInt(amount) - 1n).toString(), exponent }, 'withdraw.form'),
  });
