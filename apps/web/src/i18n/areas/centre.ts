import { addAreaTexts, byLanguage } from '../index.ts';
import { centreEn } from '../locales/centre.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof centreEn>>('../locales/*/centre.ts', { eager: true, import: 'default' }),
);

/** The member centre's own texts (`centre.agentOnly.*`), added to the `centre.*` section when its page loads. */
addAreaTexts('centre', { en: centreEn, ...translations });
