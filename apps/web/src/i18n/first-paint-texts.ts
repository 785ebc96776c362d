import { byLanguage, LANGUAGES } from './languages.ts';
import { en, type Messages } from './locales/en.ts';

const mains: Record<string, Messages> = {
  en,
  ...byLanguage(import.meta.glob<Messages>('./locales/*/main.ts', { eager: true, import: 'default' })),
};

/**
 * The home's first banner slide in every site language, by `<html lang>`: read by the build's first paint
 * (apps/web/first-paint.ts, through Vite's module runner), never by the app.
 */
export const firstSlideTexts = LANGUAGES.map((l) => {
  const texts = mains[l.code];
  if (!texts) throw new Error(`No texts for the site language ${l.code} (i18n/locales/${l.code}/main.ts)`);
  return { lang: l.html, title: texts.home.banner1Title, text: texts.home.banner1Text };
});
