import { addAreaTexts } from '../index.ts';
import { walletPagesEn } from '../locales/wallet-pages.ts';
import { walletPagesTy } from '../locales/wallet-pages.ty.ts';

/** The wallet pages' texts, added under `wallet` (next to the header balance's) when a transfer page loads. */
addAreaTexts('wallet', { en: walletPagesEn, ty: walletPagesTy });
