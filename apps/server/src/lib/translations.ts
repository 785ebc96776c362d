import type { Translations } from '@sea/contracts';
import type { ColumnType } from 'kysely';

/**
 * Texts per language of promotions, member messages and announcements (issue 24). Their title and content columns
 * hold the merchant's default language; `translations` (jsonb) the other languages the operator wrote.
 */
export type TranslationsJson = Record<string, { title: string; content: string }>;
/** The column: an object when read (parsed below if a driver hands back text), JSON text when written. */
export type TranslationsColumn = ColumnType<TranslationsJson, string | undefined, string>;

/** jsonb comes back parsed from node-postgres and PGlite; accept text too, and anything else as no translation. */
export function parseTranslations(value: unknown): TranslationsJson {
  const v = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return v && typeof v === 'object' ? (v as TranslationsJson) : {};
}

/** The stored form of a request's translations: only languages with both fields written. */
export function storeTranslations(t: Translations | undefined): string {
  const kept = Object.entries(t ?? {}).filter(([, x]) => x && x.title.length > 0 && x.content.length > 0);
  return JSON.stringify(Object.fromEntries(kept));
}

/** The reader's language (the Language header the site sends, or a query), lower-cased: 'en', 'ty', 'tl'… */
export function readerLanguage(header: string | string[] | undefined, query?: string): string | undefined {
  const raw = query ?? (Array.isArray(header) ? header[0] : header);
  return raw ? raw.toLowerCase().slice(0, 10) : undefined;
}

/**
 * The title and content a reader sees: its language's translation when the operator wrote one, else the default
 * text (the merchant's default language). A title never comes from one language and the content from another.
 */
export function translated(
  row: { title: string; content?: string; translations?: unknown },
  language: string | undefined,
): { title: string; content: string } {
  const t = language ? parseTranslations(row.translations)[language] : undefined;
  if (t && t.title && t.content) return { title: t.title, content: t.content };
  return { title: row.title, content: row.content ?? '' };
}

/** A text the site writes itself (a notice to a member), with the same text in the site's other languages. */
export type SystemText = { title: string; content: string; translations: TranslationsJson };

/**
 * A system message in every language the site has texts for (issue 24): the default text is the member's language
 * (else `fallback`), and every language is stored as a translation, so the member reads it in whichever language the
 * site shows at the time (the inbox picks it by the reader's Language header).
 */
export function inEveryLanguage<L extends string>(
  memberLanguage: string,
  languages: readonly L[],
  fallback: L,
  render: (language: L) => { title: string; content: string },
): SystemText {
  const own = (languages as readonly string[]).includes(memberLanguage) ? (memberLanguage as L) : fallback;
  const translations: TranslationsJson = Object.fromEntries(languages.map((l) => [l, render(l)]));
  return { ...translations[own]!, translations };
}
