import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { ty } from './locales/ty.ts';
import { i18n, languageName, languageReady, SECOND_LOCALE, SUPPORTED_LANGUAGES } from './index.ts';

describe('site languages', () => {
  it('has English bundled and fetches the second language only when it is chosen, before switching', async () => {
    await languageReady();
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle(SECOND_LOCALE, 'translation')).toBe(false);
    const switching = i18n.changeLanguage(SECOND_LOCALE);
    // Until its texts are in, the page stays in English (no half-translated screen).
    expect(i18n.t('nav.home')).toBe(en.nav.home);
    await switching;
    expect(i18n.hasResourceBundle(SECOND_LOCALE, 'translation')).toBe(true);
    expect(i18n.t('nav.home')).toBe(ty.nav.home);
    expect(document.documentElement.lang).toBe('vi');
    await i18n.changeLanguage('en');
    expect(i18n.t('nav.home')).toBe(en.nav.home);
  });

  it('names each language in that language, as its own texts do', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', SECOND_LOCALE]);
    expect(languageName('en')).toBe(en.language.name);
    expect(languageName(SECOND_LOCALE)).toBe(ty.language.name);
    expect(languageName('fr')).toBe('FR');
  });
});
