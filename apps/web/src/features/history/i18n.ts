import type { Widen } from '../../i18n/widen.ts';

/** Texts of this feature (English); merged into the locale under `history`. */
export const historyEn = {
  title: 'Transaction history',
} as const;

/** The same texts in the second language (TY, Vietnamese). */
export const historyTy: Widen<typeof historyEn> = {
  title: 'Lịch sử giao dịch',
};
