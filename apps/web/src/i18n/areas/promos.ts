import { addAreaTexts, byLanguage } from '../index.ts';
import { promosEn } from '../locales/promos.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: promosEn,
  ...byLanguage(import.meta.glob<Widen<typeof promosEn>>('../locales/*/promos.ts', { eager: true, import: 'default' })),
};

/**
 * The `promos.*` texts, added when the promotions page, the home's promotions block or the messages load, with the
 * error codes only these pages meet (`errors.*`, merged into the first page's section).
 */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('promos', { [language]: rest });
  addAreaTexts('errors', { [language]: errors });
}
