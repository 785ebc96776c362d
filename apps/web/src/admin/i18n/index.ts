import { createInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.ts';
import { tl } from './tl.ts';
import { ty } from './ty.ts';

/** The back office's own i18next instance (never the player site's): EN, TY (Vietnamese texts) and TL (Tagalog). */
export const ADMIN_LANGUAGES = ['en', 'ty', 'tl'] as const;
export type AdminLanguage = (typeof ADMIN_LANGUAGES)[number];
const LANGUAGE_KEY = 'adminLng';

function startLanguage(): AdminLanguage {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    return ADMIN_LANGUAGES.find((l) => l === saved) ?? 'en';
  } catch {
    return 'en';
  }
}

export const adminI18n = createInstance();
void adminI18n.use(initReactI18next).init({
  resources: { en: { translation: en }, ty: { translation: ty }, tl: { translation: tl } },
  lng: startLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...ADMIN_LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** `<html lang>` of a back-office language (TY is Vietnamese, TL Tagalog). */
export const htmlLang = (lng: string) => (lng === 'ty' ? 'vi' : lng === 'tl' ? 'tl' : 'en');

export async function setAdminLanguage(lng: AdminLanguage): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await adminI18n.changeLanguage(lng);
  document.documentElement.lang = htmlLang(lng);
}
