import { describe, expect, it } from 'vitest';
import { depositEn } from './locales/deposit.ts';
import depositTy from './locales/ty/deposit.ts';
import { en } from './locales/en.ts';
import { formsEn } from './locales/forms.ts';
import formsTy from './locales/ty/forms.ts';
import { promosEn } from './locales/promos.ts';
import promosTy from './locales/ty/promos.ts';
import ty from './locales/ty/main.ts';
import { withdrawEn } from './locales/withdraw.ts';
import withdrawTy from './locales/ty/withdraw.ts';
import { i18n, languageName, languageReady, SECOND_LOCALE, SUPPORTED_LANGUAGES } from './index.ts';

/** An error code whose text comes with the form kit (not on the first page). */
const formCode = Object.keys(formsEn.errors)[0] as keyof typeof formsEn.errors;

// One sequence: the second language is fetched once per page, so the order of these steps matters (the test
// set-up switches back to English after each).
describe('site languages', () => {
  it('has English bundled; a lazy area’s texts are added when its page loads', async () => {
    await languageReady();
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.exists('deposit.title')).toBe(false);
    await import('./areas/deposit.ts');
    expect(i18n.t('deposit.title')).toBe(depositEn.title);
  });

  it('adds the form texts to the header’s auth section when the form kit loads, keeping both', async () => {
    expect(i18n.exists('auth.loginTitle')).toBe(false);
    await import('./areas/forms.ts');
    expect(i18n.t('auth.loginTitle')).toBe(formsEn.auth.loginTitle);
    expect(i18n.t('auth.rule.tooShort', { hint: 'x' })).toBe('Too short (x).');
    expect(i18n.t('auth.signOut')).toBe(en.auth.signOut);
    expect(i18n.t('fieldErrors.username.taken')).toBe(formsEn.fieldErrors.username.taken);
    // A second area extending the same section (errors) keeps the first one's texts.
    await import('./areas/promos.ts');
    expect(i18n.t('errors.promotion_not_found')).toBe(promosEn.errors.promotion_not_found);
    expect(i18n.t(`errors.${formCode}`)).toBe(formsEn.errors[formCode]);
  });

  it('fetches the second language only when it is chosen, with the areas already added, before switching', async () => {
    expect(i18n.hasResourceBundle(SECOND_LOCALE, 'translation')).toBe(false);
    const switching = i18n.changeLanguage(SECOND_LOCALE);
    // Until its texts are in, the page stays in English (no half-translated screen).
    expect(i18n.t('nav.home')).toBe(en.nav.home);
    await switching;
    expect(i18n.t('nav.home')).toBe(ty.nav.home);
    expect(i18n.t('deposit.title')).toBe(depositTy.title);
    // A section split between the first page and an area has both parts in the second language too.
    expect(i18n.t('auth.signOut')).toBe(ty.auth.signOut);
    expect(i18n.t('auth.loginTitle')).toBe(formsTy.auth.loginTitle);
    // Both areas' parts of one section (errors), and the first page's own.
    expect(i18n.t('errors.promotion_not_found')).toBe(promosTy.errors.promotion_not_found);
    expect(i18n.t(`errors.${formCode}`)).toBe(formsTy.errors[formCode]);
    expect(document.documentElement.lang).toBe('vi');
  });

  it('adds an area loaded after the second language in both languages', async () => {
    expect(i18n.hasResourceBundle(SECOND_LOCALE, 'translation')).toBe(true);
    await import('./areas/withdraw.ts');
    expect(i18n.t('withdraw.title')).toBe(withdrawEn.title);
    await i18n.changeLanguage(SECOND_LOCALE);
    expect(i18n.t('withdraw.title')).toBe(withdrawTy.title);
    await i18n.changeLanguage('en');
    expect(i18n.t('nav.home')).toBe(en.nav.home);
  });

  it('names each language in that language, as its own texts do', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(['en', SECOND_LOCALE, 'tl']);
    expect(languageName('en')).toBe(en.language.name);
    expect(languageName(SECOND_LOCALE)).toBe(ty.language.name);
    expect(languageName('fr')).toBe('FR');
  });
});
