import { z } from 'zod';

/**
 * Money crosses the API as a decimal string in major units ("1234.5", "0.01"), never as a JSON number.
 * Inside the server it is a `bigint` of minor units; the merchant's currency exponent converts between them.
 * These two helpers are the only place that conversion happens (server edge and web forms alike).
 */
export const amountString = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,8})?$/, 'Enter an amount such as 100 or 100.50');

// Parse (major-unit text → minor units; RangeError past the currency's decimals), plain and display forms.
export { formatMoney, minorToMajor, parseAmount } from './money-format.ts';

/** A money value in an answer: minor units as a string (exact) — the client formats with the currency exponent. */
export const minorString = z.string().regex(/^-?\d+$/);

/** The largest amount a column can hold (PostgreSQL bigint, int8). */
export const MINOR_MAX = 9_223_372_036_854_775_807n;

/** A money value in a request, in minor units: digits that fit a bigint column (0 … MINOR_MAX). */
export const minorInput = z
  .string()
  .regex(/^\d{1,19}$/, 'Enter a whole number of minor units.')
  // zod runs this check after a failed pattern too: only digits reach BigInt ('1.5' would throw, a 400 without its field).
  .refine((v) => !/^\d{1,19}$/.test(v) || BigInt(v) <= MINOR_MAX, 'The amount is too large.');

/** The same in a query string (a bigint once parsed). */
export const minorQuery = z.coerce.bigint().min(0n).max(MINOR_MAX, 'The amount is too large.');

export const currencyInfo = z.object({ currency: z.string(), exponent: z.number().int() });
export type CurrencyInfo = z.infer<typeof currencyInfo>;
