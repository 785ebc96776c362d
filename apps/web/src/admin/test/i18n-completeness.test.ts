import { describe, expect, it } from 'vitest';
import { dictionaryProblems } from '../../test/dictionaries.ts';
import { en } from '../i18n/en.ts';
import { ADMIN_LANGUAGES, adminI18n } from '../i18n/index.ts';
import { memberProfileTexts } from '../features/members/member-profile-texts.ts';
import { memberRgTexts } from '../features/members/member-rg-texts.ts';
import { siteProfileTexts } from '../features/settings/profile-settings-texts.ts';

/** The back office's languages have every English text, with the same placeholders, and no other. */
describe('back office translations', () => {
  for (const language of ADMIN_LANGUAGES.filter((l) => l !== 'en')) {
    it(`has every English key in ${language}, with the same placeholders, and no other`, () => {
      // `errors` is a map by code: English shows the server's own message, other languages their text for a code.
      const bundle: unknown = adminI18n.getResourceBundle(language, 'translation');
      expect(dictionaryProblems(en, bundle, { open: ['errors'] })).toEqual([]);
    });
  }

  // The texts a screen adds when it loads (its own file): every language has them too.
  const screens = { memberProfile: memberProfileTexts, memberRg: memberRgTexts, siteProfile: siteProfileTexts };
  for (const [name, texts] of Object.entries(screens))
    for (const language of ADMIN_LANGUAGES.filter((l) => l !== 'en'))
      it(`has every English text of ${name} in ${language}`, () => {
        expect(dictionaryProblems(texts.en, texts[language])).toEqual([]);
      });
});
