import { describe, expect, it } from 'vitest';
import { dictionaryProblems } from '../../test/dictionaries.ts';
import { en } from '../i18n/en.ts';
import { ADMIN_LANGUAGES, adminI18n } from '../i18n/index.ts';

/** The back office's languages have every English text, with the same placeholders, and no other. */
describe('back office translations', () => {
  for (const language of ADMIN_LANGUAGES.filter((l) => l !== 'en')) {
    it(`has every English key in ${language}, with the same placeholders, and no other`, () => {
      // `errors` is a map by code: English shows the server's own message, other languages their text for a code.
      const bundle: unknown = adminI18n.getResourceBundle(language, 'translation');
      expect(dictionaryProblems(en, bundle, { open: ['errors'] })).toEqual([]);
    });
  }
});
