import { addAreaTexts, byLanguage } from '../index.ts';
import { feedbackEn } from '../locales/feedback.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: feedbackEn,
  ...byLanguage(
    import.meta.glob<Widen<typeof feedbackEn>>('../locales/*/feedback.ts', { eager: true, import: 'default' }),
  ),
};

/** The `feedback.*` texts, added when the feedback page loads, with the error codes only it meets (`errors.*`). */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('feedback', { [language]: rest.feedback });
  addAreaTexts('errors', { [language]: errors });
}
