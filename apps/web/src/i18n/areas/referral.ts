import { addAreaTexts, byLanguage } from '../index.ts';
import { referralEn } from '../locales/referral.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof referralEn>>('../locales/*/referral.ts', { eager: true, import: 'default' }),
);

/** The `referral.*` texts, added to the dictionary when the referral page loads (not on the first page). */
addAreaTexts('referral', { en: referralEn, ...translations });
