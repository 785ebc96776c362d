import { addAreaTexts, byLanguage } from '../index.ts';
import { kycEn } from '../locales/kyc.ts';

const translations = byLanguage(
  import.meta.glob<typeof kycEn>('../locales/*/kyc.ts', { eager: true, import: 'default' }),
);

/** The `kyc.*` texts (identity verification), with the upload's error codes (`errors.*`), in every language. */
for (const [code, texts] of Object.entries({ en: kycEn, ...translations })) {
  addAreaTexts('kyc', { [code]: texts.kyc });
  addAreaTexts('errors', { [code]: texts.errors });
}
