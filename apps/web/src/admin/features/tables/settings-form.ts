import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { z } from 'zod';

/** The settings dialogs' fields: amounts typed in major units (the API takes minor units), whole numbers. */

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,8})?$/, 'tables.form.amountInvalid');
const whole = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .refine((v) => Number(v) >= min && Number(v) <= max, message);

/** Major units → minor units, or null when it has more decimals than the currency allows. */
export function toMinor(text: string, exponent: number): bigint | null {
  try {
    return parseAmount(text.trim(), exponent);
  } catch {
    return null;
  }
}
export const toMajor = (minor: string, exponent: number) => minorToMajor(minor, exponent);

/** min > 0, max ≥ min, the round's limit ≥ max (checked in the currency's minor units). */
function limits(exponent: number, roundField: 'roundMax' | 'fightMax') {
  return (v: Record<string, string>, ctx: z.RefinementCtx) => {
    const [min, max, round] = [v.minBet!, v.maxBet!, v[roundField]!].map((x) => toMinor(x, exponent));
    for (const [field, value] of [
      ['minBet', min],
      ['maxBet', max],
      [roundField, round],
    ] as const)
      if (value === null) ctx.addIssue({ code: 'custom', path: [field], message: 'tables.form.decimals' });
    if (min !== null && min <= 0n)
      ctx.addIssue({ code: 'custom', path: ['minBet'], message: 'tables.form.minPositive' });
    if (min !== null && max !== null && max < min)
      ctx.addIssue({ code: 'custom', path: ['maxBet'], message: 'tables.form.maxBelowMin' });
    if (max !== null && round !== null && round < max)
      ctx.addIssue({ code: 'custom', path: [roundField], message: 'tables.form.roundBelowMax' });
  };
}

export const tableSchema = (exponent: number) =>
  z
    .object({
      variant: z.enum(['commission', 'no-commission']),
      minBet: amount,
      maxBet: amount,
      roundMax: amount,
      bettingSeconds: whole(5, 60, 'tables.form.bettingRange'),
    })
    .superRefine(limits(exponent, 'roundMax'));
export type TableValues = z.infer<ReturnType<typeof tableSchema>>;

export const arenaSchema = (exponent: number) =>
  z
    .object({
      plasadaPercent: z
        .string()
        .trim()
        .regex(/^\d{1,2}(\.\d{1,2})?$/, 'tables.form.plasadaRange')
        .refine((v) => Number(v) <= 15, 'tables.form.plasadaRange'),
      bettingSeconds: whole(10, 300, 'tables.form.windowRange'),
      minBet: amount,
      maxBet: amount,
      fightMax: amount,
      minPayout: whole(100, 150, 'tables.form.minPayoutRange'),
    })
    .superRefine(limits(exponent, 'fightMax'));
export type ArenaValues = z.infer<ReturnType<typeof arenaSchema>>;
