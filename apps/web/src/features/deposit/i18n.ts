import type { Widen } from '../../i18n/widen.ts';

/** Texts of this feature (English); merged into the locale under `deposit`. */
export const depositEn = {
  title: 'Deposit',
} as const;

/** The same texts in the second language (TY, Vietnamese). */
export const depositTy: Widen<typeof depositEn> = {
  title: 'Nạp tiền',
};
