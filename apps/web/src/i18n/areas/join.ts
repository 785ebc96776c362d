import { addAreaTexts, byLanguage } from '../index.ts';
import { joinEn } from '../locales/join.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: joinEn,
  ...byLanguage(import.meta.glob<Widen<typeof joinEn>>('../locales/*/join.ts', { eager: true, import: 'default' })),
};

/** The `join.*` texts, added when /join loads, with the error codes only it meets (`errors.*`). */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('join', { [language]: rest.join });
  addAreaTexts('errors', { [language]: errors });
}
