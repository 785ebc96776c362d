import { addAreaTexts, byLanguage } from '../index.ts';
import { chatEn } from '../locales/chat.ts';
import type { Widen } from '../widen.ts';

const texts = {
  en: chatEn,
  ...byLanguage(import.meta.glob<Widen<typeof chatEn>>('../locales/*/chat.ts', { eager: true, import: 'default' })),
};

/** The `chat.*` texts, added when the chat room (or the slip's share button) loads, with its error codes. */
for (const [language, { errors, ...rest }] of Object.entries(texts)) {
  addAreaTexts('chat', { [language]: rest.chat });
  addAreaTexts('errors', { [language]: errors });
}
