import { addAreaTexts, byLanguage } from '../index.ts';
import { rebateEn } from '../locales/rebate.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof rebateEn>>('../locales/*/rebate.ts', { eager: true, import: 'default' }),
);

/** The `rebate.*` texts, added to the dictionary when the manual rebate page loads (not on the first page). */
addAreaTexts('rebate', { en: rebateEn, ...translations });
