/**
 * Compares a translation with the English dictionary it follows (player site and back office tests): every key of
 * English and no other, the same shape, a text for every text, and the same `{{placeholders}}` and `<tags>` in each
 * (a translation that drops `{{amount}}` would show a sentence without the amount; a plural form may differ in
 * `{{count}}` only). A section English leaves empty
 * (`deposit.methodNames`: the operator's names by code) is a map the translations fill as they need.
 */

const PLACEHOLDER = /\{\{\s*-?\s*([\w.]+)[^}]*\}\}/g;
const TAG = /<\/?[\w-]+\s*\/?>/g;

/**
 * A plural form (`rows_one`, `rows_other`): a language picks its forms by its own rules (Filipino's "one" also
 * covers 2, 3, 5, …), so a form may name `{{count}}` where English's "one" says "once" — or leave it out.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The placeholders and tags of a text, sorted (a translation may reorder them, not add or drop any). */
function markers(text: string, plural: boolean): string {
  const names = [...text.matchAll(PLACEHOLDER)].filter((m) => !(plural && m[1] === 'count')).map((m) => `{{${m[1]}}}`);
  const tags = text.match(TAG) ?? [];
  return [...names, ...tags].sort().join(' ');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export interface CompareOptions {
  /** Where the texts sit (a file name), prefixed to every problem's key. */
  path?: string;
  /**
   * Sections that are maps by code, where a translation may add keys English lacks (the back office's `errors`:
   * English shows the server's own message, another language its text for the code).
   */
  open?: readonly string[];
}

/** Every difference, one line each (`path: what`); empty when the translation is complete. */
export function dictionaryProblems(reference: unknown, translation: unknown, options: CompareOptions = {}): string[] {
  const { path = '', open = [] } = options;
  const nested = (r: unknown, t: unknown, p: string) => dictionaryProblems(r, t, { path: p, open });
  const at = path || '(root)';
  if (typeof reference === 'string') {
    if (typeof translation !== 'string') return [`${at}: missing`];
    if (translation.trim() === '' && reference.trim() !== '') return [`${at}: empty`];
    const plural = PLURAL.test(path);
    const want = markers(reference, plural);
    const got = markers(translation, plural);
    return want === got ? [] : [`${at}: placeholders ${got || '(none)'} instead of ${want || '(none)'}`];
  }
  if (Array.isArray(reference)) {
    if (!Array.isArray(translation)) return [`${at}: ${translation === undefined ? 'missing' : 'not a list'}`];
    if (translation.length !== reference.length)
      return [`${at}: ${translation.length} entries instead of ${reference.length}`];
    return reference.flatMap((r, i) => nested(r, translation[i], `${path}[${i}]`));
  }
  if (isObject(reference)) {
    if (!isObject(translation)) return [`${at}: ${translation === undefined ? 'missing' : 'not a section'}`];
    const join = (key: string) => (path ? `${path}.${key}` : key);
    // A section English leaves empty is a map by code the translations fill (deposit method names): any keys, texts.
    if (Object.keys(reference).length === 0)
      return Object.entries(translation)
        .filter(([, text]) => typeof text !== 'string' || text.trim() === '')
        .map(([key]) => `${join(key)}: not a text`);
    const extra = open.includes(path)
      ? []
      : Object.keys(translation)
          .filter((key) => !(key in reference))
          .map((key) => `${join(key)}: not in English`);
    return [...Object.keys(reference).flatMap((key) => nested(reference[key], translation[key], join(key))), ...extra];
  }
  return typeof translation === typeof reference
    ? []
    : [`${at}: ${translation === undefined ? 'missing' : 'another type'}`];
}
