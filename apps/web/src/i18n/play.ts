import i18next from 'i18next';
import { playEn } from './play/en.ts';
import { playTy } from './play/ty.ts';

/**
 * The game pages' own i18n instance (the /play entry does not load the site's dictionaries): English and the
 * second language TY, picked by the launch URL's `lang`.
 */
export const PLAY_LANGUAGES = ['en', 'ty'] as const;

export function createPlayI18n(lang: string | null) {
  const lng = PLAY_LANGUAGES.find((l) => l === lang?.toLowerCase().slice(0, 2)) ?? 'en';
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: playEn }, ty: { translation: playTy } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  if (typeof document !== 'undefined') document.documentElement.lang = lng === 'ty' ? 'vi' : 'en';
  return instance;
}
