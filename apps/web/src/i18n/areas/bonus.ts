import { addAreaTexts, byLanguage } from '../index.ts';
import { bonusEn } from '../locales/bonus.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: bonusEn,
  ...byLanguage(import.meta.glob<Widen<typeof bonusEn>>('../locales/*/bonus.ts', { eager: true, import: 'default' })),
};

/** The `bonus.*` texts, added when a page with bonus money loads, with the error codes only it meets (`errors.*`). */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('bonus', { [language]: rest.bonus });
  addAreaTexts('errors', { [language]: errors });
}
