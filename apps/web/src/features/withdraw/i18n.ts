import type { Widen } from '../../i18n/widen.ts';

/** Texts of this feature (English); merged into the locale under `withdraw`. */
export const withdrawEn = {
  title: 'Withdraw',
} as const;

/** The same texts in the second language (TY, Vietnamese). */
export const withdrawTy: Widen<typeof withdrawEn> = {
  title: 'Rút tiền',
};
