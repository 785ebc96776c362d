/**
 * The player site's languages. Adding one is one folder and one line (docs/i18n.md): its texts in
 * `locales/<code>/` and `play/<code>/` (the same files and keys as English's, which is the reference: `locales/*.ts`,
 * `play/*.ts`), and its line here. A folder without a line is never loaded; a line without a folder fails the
 * completeness test (completeness.test.ts). The merchant then offers it in its languages (a setting, not code).
 *
 * No imports: the game pages' entry (play.ts) reads this list without the site's dictionaries.
 */
export interface SiteLanguage {
  /** The code of the site, the API (`Language` header, member's language) and the merchant's settings. */
  code: string;
  /** Its name in itself, as the language menu shows it (before its texts are loaded). */
  name: string;
  /** `<html lang>` (BCP 47): TY is the spec's name for Vietnamese. */
  html: string;
  /** The locale dates and numbers are formatted in (Intl). */
  locale: string;
  /** The locale's digit-group and decimal separators, for numbers the home formats without Intl (its first use is slow). */
  separators: { group: string; decimal: string };
}

export const LANGUAGES: readonly SiteLanguage[] = [
  { code: 'en', name: 'English', html: 'en', locale: 'en-US', separators: { group: ',', decimal: '.' } },
  { code: 'ty', name: 'Tiếng Việt', html: 'vi', locale: 'vi-VN', separators: { group: '.', decimal: ',' } },
  { code: 'tl', name: 'Tagalog', html: 'tl', locale: 'fil-PH', separators: { group: ',', decimal: '.' } },
];

export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);

const byCode = (code: string | undefined) => LANGUAGES.find((l) => l.code === code);

/** `<html lang>` of a site language (English for an unknown one). */
export const htmlLangOf = (code: string | undefined): string => byCode(code)?.html ?? 'en';

/**
 * A non-negative number with two decimals, its digits grouped by three, in a site language's separators (English's
 * for an unknown one): what Intl.NumberFormat(locale, 2 fraction digits) writes, without Intl.
 */
export function formatNumber2(value: number, code: string | undefined): string {
  const { group, decimal } = (byCode(code) ?? LANGUAGES[0]!).separators;
  const cents = Math.round(Math.abs(value) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 && cents > 0 ? '-' : ''}${whole}${decimal}${String(cents % 100).padStart(2, '0')}`;
}

/** The Intl locale of a site language, for dates and numbers (English's for an unknown one). */
export const localeOf = (code: string | undefined): string => byCode(code)?.locale ?? 'en-US';

/**
 * The texts of one file in every language folder, by language code, from an `import.meta.glob` over
 * `locales/*\/<file>.ts` (or `play/*\/<file>.ts`): only languages of the list above.
 */
export function byLanguage<T>(modules: Record<string, T>): Record<string, T> {
  const found: Record<string, T> = {};
  for (const [path, texts] of Object.entries(modules)) {
    const code = /\/([a-z]{2,3})\/[\w-]+\.ts$/.exec(path)?.[1];
    if (code && code !== 'en' && LANGUAGE_CODES.includes(code)) found[code] = texts;
  }
  return found;
}
