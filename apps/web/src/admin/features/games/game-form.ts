import { parseAmount } from '@sea/contracts/money-format';
import { z } from 'zod';

/** Form pieces of the games screens (messages are i18n keys). */

export const GAME_STATUSES = ['active', 'maintenance', 'disabled'] as const;
export const gameStatusTone = (s: (typeof GAME_STATUSES)[number]) =>
  s === 'active' ? ('good' as const) : s === 'maintenance' ? ('warn' as const) : ('bad' as const);

/** A menu position: a whole number within the server's limits. */
export const orderField = z
  .string()
  .trim()
  .regex(/^-?\d{1,7}$/, 'games.orderInvalid')
  .transform(Number)
  .pipe(z.number().int().min(-1_000_000, 'games.orderInvalid').max(1_000_000, 'games.orderInvalid'));

/** An amount typed in major units ("10", "2.50"), or empty for "no limit". */
export const limitField = z
  .string()
  .trim()
  .refine((s) => s === '' || /^\d{1,15}(\.\d{1,8})?$/.test(s), 'games.amountInvalid');

/** The typed limit in minor units (null: no limit); throws on too many decimals for the currency. */
export const limitToMinor = (text: string, exponent: number): string | null =>
  text === '' ? null : parseAmount(text, exponent).toString();
