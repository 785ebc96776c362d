import { addAreaTexts, byLanguage } from '../index.ts';
import { profileEn, type ProfileMessages } from '../locales/profile.ts';

const translations = byLanguage(
  import.meta.glob<ProfileMessages>('../locales/*/profile.ts', { eager: true, import: 'default' }),
);

/** The `profile.*` texts (security centre: profile, closure), with their field errors and error codes. */
for (const [code, texts] of Object.entries({ en: profileEn, ...translations })) {
  addAreaTexts('profile', { [code]: texts.profile });
  addAreaTexts('fieldErrors', { [code]: texts.fieldErrors });
  addAreaTexts('errors', { [code]: texts.errors });
}
