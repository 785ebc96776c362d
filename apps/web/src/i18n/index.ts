import i18next, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { byLanguage, htmlLangOf, LANGUAGE_CODES, LANGUAGES } from './languages.ts';
import { en, type Messages } from './locales/en.ts';

export { byLanguage, localeOf } from './languages.ts';

/** The spec's second language is called TY (Vietnamese texts); bingo games show only where it is offered. */
export const SECOND_LOCALE = 'ty';
/** The site's languages, in the menu's order (i18n/languages.ts: one line each). */
export const SUPPORTED_LANGUAGES: string[] = [...LANGUAGE_CODES];

/**
 * English is in the first page's JavaScript; every other language is its own chunk (locales/<code>/main.ts), fetched
 * when it is chosen (or detected at start): i18next switches only once its texts are in, so no English flashes in
 * between.
 */
const LAZY_LOCALES: Record<string, () => Promise<Messages>> = byLanguage(
  import.meta.glob<Messages>('./locales/*/main.ts', { import: 'default' }),
);

/** Texts of areas whose pages are lazy (deposit, withdraw, …), per language, as their chunks registered them. */
const areaTexts = new Map<string, Record<string, object>>();

/** A language's texts with its areas' texts added; an area may add keys to a section the first page also has. */
function mergeAreas(messages: Messages, areas: Record<string, object> | undefined): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...messages };
  for (const [area, texts] of Object.entries(areas ?? {})) {
    const base = merged[area];
    merged[area] = typeof base === 'object' && base !== null ? { ...base, ...texts } : texts;
  }
  return merged;
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LAZY_LOCALES[language];
    if (!load) return callback(null, {});
    load().then(
      (messages) => callback(null, mergeAreas(messages, areaTexts.get(language))),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/** The language kept in localStorage (`i18nextLng`), or `?lang=` of the URL, which wins and is then kept. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    if (typeof window === 'undefined') return undefined;
    const fromUrl = new URLSearchParams(window.location.search).get('lang');
    if (fromUrl) return fromUrl;
    try {
      return localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
  cacheUserLanguage(language) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
    // Also a cookie, so that the server paints the home's first screen in this language (http/spa.ts).
    if (typeof document !== 'undefined') {
      document.cookie = `${LANGUAGE_STORAGE_KEY}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
    }
  },
};

export const i18n = i18next.createInstance();

let initialised = false;
/**
 * Sets the instance up (resources, detector, react binding): called once by the player site's entry in a task of its
 * own after the modules have evaluated (main.tsx), by the tests' set-up, and by nothing else. Until then `i18n.t`
 * returns keys; nothing renders before it. Idempotent.
 */
export function initI18n(): void {
  if (initialised) return;
  initialised = true;
  void i18n
    .use(lazyLocales)
    .use(detector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      fallbackLng: 'en',
      supportedLngs: SUPPORTED_LANGUAGES,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      initAsync: false,
      // Boot waits for the language's texts (`languageReady`) before the app mounts, and later switches only
      // happen once loaded: nothing needs to suspend.
      react: { useSuspense: false },
    });
  // Areas whose chunks registered their texts before this ran (addAreaTexts keeps them): English is bundled.
  for (const [language, areas] of areaTexts) {
    if (i18n.hasResourceBundle(language, 'translation')) {
      i18n.addResourceBundle(language, 'translation', areas, true, true);
    }
  }
  syncHtmlLang(i18n.language);
  i18n.on('languageChanged', syncHtmlLang);
}

/**
 * The texts of an area the first page does not show (`deposit.*`, …), added when a page of it loads (i18n/areas/):
 * English at once, another language now if it is loaded, else with it.
 */
export function addAreaTexts(area: string, texts: Record<string, object>): void {
  for (const [language, messages] of Object.entries(texts)) {
    // Several areas may extend one section (forms and promos both add error codes): merge, don't replace.
    const kept = areaTexts.get(language);
    areaTexts.set(language, { ...kept, [area]: { ...kept?.[area], ...messages } });
    // Before initI18n the texts wait in areaTexts (English is then added by initI18n, others as they load).
    if (i18n.isInitialized && i18n.hasResourceBundle(language, 'translation')) {
      i18n.addResourceBundle(language, 'translation', { [area]: messages }, true, true);
    }
  }
}

/** Resolves once the current language's texts are loaded (at once for English). */
export function languageReady(): Promise<void> {
  return i18n.loadLanguages(i18n.language ?? 'en').then(() => undefined);
}

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(lng);
}

/** Each language's name in that language (the selector shows them before the other language is loaded). */
const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(LANGUAGES.map((l) => [l.code, l.name]));

/** The label of a language, in that language. */
export function languageName(code: string): string {
  return LANGUAGE_NAMES[code] ?? code.toUpperCase();
}
