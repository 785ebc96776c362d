import { addAreaTexts, byLanguage } from '../index.ts';
import { walletPagesEn } from '../locales/wallet-pages.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof walletPagesEn>>('../locales/*/wallet-pages.ts', { eager: true, import: 'default' }),
);

/** The wallet pages' texts, added under `wallet` (next to the header balance's) when a transfer page loads. */
addAreaTexts('wallet', { en: walletPagesEn, ...translations });
