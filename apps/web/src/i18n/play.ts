import i18next from 'i18next';
import { byLanguage, htmlLangOf, LANGUAGE_CODES } from './languages.ts';
import { baccaratEn, type BaccaratTexts } from './play/baccarat.ts';
import { playEn, type PlayMessages } from './play/en.ts';
import { sabongEn, type SabongTexts } from './play/sabong.ts';

const mains: Record<string, PlayMessages> = {
  en: playEn,
  ...byLanguage(import.meta.glob<PlayMessages>('./play/*/main.ts', { eager: true, import: 'default' })),
};
const baccarats: Record<string, BaccaratTexts> = {
  en: baccaratEn,
  ...byLanguage(import.meta.glob<BaccaratTexts>('./play/*/baccarat.ts', { eager: true, import: 'default' })),
};
const sabongs: Record<string, SabongTexts> = {
  en: sabongEn,
  ...byLanguage(import.meta.glob<SabongTexts>('./play/*/sabong.ts', { eager: true, import: 'default' })),
};

/**
 * The game pages' own i18n instance (the /play entry does not load the site's dictionaries): the site's languages
 * (languages.ts, texts in play/<code>/), picked by the launch URL's `lang`.
 */
export const PLAY_LANGUAGES = LANGUAGE_CODES.filter((l) => l in mains);

export function createPlayI18n(lang: string | null) {
  const wanted = lang?.toLowerCase();
  const lng = PLAY_LANGUAGES.find((l) => l === wanted || wanted?.startsWith(`${l}-`)) ?? 'en';
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(
      PLAY_LANGUAGES.map((l) => [
        l,
        {
          translation: mains[l]!,
          baccarat: baccarats[l] ?? baccaratEn,
          sabong: sabongs[l] ?? sabongEn,
        },
      ]),
    ),
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lng);
  return instance;
}
