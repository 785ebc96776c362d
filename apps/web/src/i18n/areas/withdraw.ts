import { addAreaTexts, byLanguage } from '../index.ts';
import { withdrawEn } from '../locales/withdraw.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof withdrawEn>>('../locales/*/withdraw.ts', { eager: true, import: 'default' }),
);

/** The `withdraw.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('withdraw', { en: withdrawEn, ...translations });
