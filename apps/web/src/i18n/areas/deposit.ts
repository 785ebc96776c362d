import { addAreaTexts, byLanguage } from '../index.ts';
import { depositEn } from '../locales/deposit.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof depositEn>>('../locales/*/deposit.ts', { eager: true, import: 'default' }),
);

/** The `deposit.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('deposit', { en: depositEn, ...translations });
