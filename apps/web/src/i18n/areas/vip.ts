import { addAreaTexts, byLanguage } from '../index.ts';
import { vipEn } from '../locales/vip.ts';
import type { Widen } from '../widen.ts';

const translations = byLanguage(
  import.meta.glob<Widen<typeof vipEn>>('../locales/*/vip.ts', { eager: true, import: 'default' }),
);

/** The `vip.*` texts, added to the dictionary when the VIP page loads (not on the first page). */
addAreaTexts('vip', { en: vipEn, ...translations });
