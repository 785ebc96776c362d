import { addAreaTexts, byLanguage } from '../index.ts';
import { lotteryEn } from '../locales/lottery.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof lotteryEn>>('../locales/*/lottery.ts', { eager: true, import: 'default' }),
);

/** The `lottery.*` texts, added to the dictionary when a lottery page loads (not on the first page). */
addAreaTexts('lottery', { en: lotteryEn, ...translations });
