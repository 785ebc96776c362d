import { minorToMajor, parseAmount } from '@sea/contracts/money-format';
import { z } from 'zod';

/** Form fields of the rewards screens: amounts in major units (the API takes minor units), whole numbers. */

/** A major-unit amount as typed ("100", "100.50"); the currency's decimals are checked by `toMinor`. */
export const amountText = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,8})?$/, 'rewards.amountInvalid');

/** A whole number from `min` to `max` as typed. */
export const wholeText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'rewards.wholeInvalid')
    .refine((v) => Number(v) >= min && Number(v) <= max, 'rewards.wholeInvalid');

/** Major units → minor units as the API's string, or null when it has more decimals than the currency allows. */
export function toMinor(text: string, exponent: number): string | null {
  try {
    return String(parseAmount(text, exponent));
  } catch {
    return null;
  }
}

/** Minor units → the form's major-unit text ("1000" → "10.00"). */
export const toMajor = (minor: string, exponent: number) => minorToMajor(minor, exponent);

/** Basis points → percent text (2500 → "25"); percent text → basis points ("12.5" → 1250). */
export const bpsToPercent = (bps: number) => String(bps / 100);
export const percentText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'rewards.points.percentInvalid')
  .refine((v) => Number(v) <= 100, 'rewards.points.percentInvalid');
export const percentToBps = (text: string) => Math.round(Number(text) * 100);
