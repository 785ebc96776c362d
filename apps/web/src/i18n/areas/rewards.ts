import { addAreaTexts, byLanguage } from '../index.ts';
import { rewardsEn } from '../locales/rewards.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: rewardsEn,
  ...byLanguage(
    import.meta.glob<Widen<typeof rewardsEn>>('../locales/*/rewards.ts', { eager: true, import: 'default' }),
  ),
};

/** The `rewards.*` texts, added when a rewards page loads, with the error codes only they meet (`errors.*`). */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('rewards', { [language]: rest.rewards });
  addAreaTexts('errors', { [language]: errors });
}
