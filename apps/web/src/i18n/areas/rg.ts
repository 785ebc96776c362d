import { addAreaTexts, byLanguage } from '../index.ts';
import { rgEn } from '../locales/rg.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: rgEn,
  ...byLanguage(import.meta.glob<Widen<typeof rgEn>>('../locales/*/rg.ts', { eager: true, import: 'default' })),
};

/** The `rg.*` texts (responsible gaming), with the error codes of limits and breaks (`errors.*`). */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('rg', { [language]: rest.rg });
  addAreaTexts('errors', { [language]: errors });
}
