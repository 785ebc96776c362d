import { z } from 'zod';

/**
 * Issue 24: promotions, member messages and announcements are written in the merchant's default language (their
 * title and content) and may carry the same text in the site's other languages. A reader sees the text of its
 * language, else the default one.
 */
export const TRANSLATION_LANGUAGES = ['en', 'ty', 'tl', 'vi'] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** One language's text: both written (an empty tab is no translation, and is left out by the editor). */
export const translation = z.object({
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(20_000),
});
export type Translation = z.infer<typeof translation>;

/** The other languages' texts of a write request, keyed by language (none: the default text only). */
export const translations = z
  .object({
    en: translation.optional(),
    ty: translation.optional(),
    tl: translation.optional(),
    vi: translation.optional(),
  })
  .strict()
  .optional();
export type Translations = z.infer<typeof translations>;

/** The texts as staff read them back (every stored language). */
export const storedTranslations = z.record(z.string(), z.object({ title: z.string(), content: z.string() }));
