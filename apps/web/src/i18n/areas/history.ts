import { addAreaTexts, byLanguage } from '../index.ts';
import { historyEn } from '../locales/history.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof historyEn>>('../locales/*/history.ts', { eager: true, import: 'default' }),
);

/** The `history.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('history', { en: historyEn, ...translations });
