import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en.ts';
import { ty } from './locales/ty.ts';

/** The spec's second language is called TY; its code lives here only. */
export const SECOND_LOCALE = 'ty';
export const LOCALES = { en, [SECOND_LOCALE]: ty } as const;
export const SUPPORTED_LANGUAGES = Object.keys(LOCALES);

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: Object.fromEntries(Object.entries(LOCALES).map(([k, v]) => [k, { translation: v }])),
    fallbackLng: 'en',
    supportedLngs: SUPPORTED_LANGUAGES,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    detection: { order: ['querystring', 'localStorage'], lookupQuerystring: 'lang', caches: ['localStorage'] },
    initAsync: false,
  });

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng === SECOND_LOCALE ? 'vi' : lng;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

/** The label of a language, in that language (from its own translation file). */
export function languageName(code: string): string {
  return LOCALES[code as keyof typeof LOCALES]?.language.name ?? code.toUpperCase();
}
