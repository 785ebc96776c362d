import { addAreaTexts, byLanguage } from '../index.ts';
import { fairnessEn } from '../locales/fairness.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof fairnessEn>>('../locales/*/fairness.ts', { eager: true, import: 'default' }),
);

/** The `fairness.*` texts, added to the dictionary when a page of the area loads (not on the first page). */
addAreaTexts('fairness', { en: fairnessEn, ...translations });
