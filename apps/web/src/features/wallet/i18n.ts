import type { Widen } from '../../i18n/widen.ts';

/** Texts of this feature (English); merged into the locale under `wallet`. */
export const walletEn = {
  title: 'Wallet',
} as const;

/** The same texts in the second language (TY, Vietnamese). */
export const walletTy: Widen<typeof walletEn> = {
  title: 'Ví',
};
