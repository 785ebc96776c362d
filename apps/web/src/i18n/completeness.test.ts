import { describe, expect, it } from 'vitest';
import { dictionaryProblems } from '../test/dictionaries.ts';
import { LANGUAGE_CODES, LANGUAGES } from './languages.ts';

/**
 * Every language of the player site has every English text, in every file (the first page's, each lazy area's, the
 * game pages'), with the same placeholders, and nothing English lacks: a key added to English without its
 * translations fails here (docs/i18n.md).
 */
type Module = Record<string, unknown>;

/** The one dictionary an English file exports (`depositEn`, …), by the name its translations have in a folder. */
function englishFiles(modules: Record<string, Module>, main: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const [path, module] of Object.entries(modules)) {
    const values = Object.values(module);
    if (values.length !== 1) throw new Error(`${path} must export one dictionary (it exports ${values.length})`);
    const name = path.slice(path.lastIndexOf('/') + 1);
    files.set(name === main ? 'main.ts' : name, values[0]);
  }
  return files;
}

/** A language folder's files: `{ tl: { 'deposit.ts': texts, … } }`. */
function folders(modules: Record<string, unknown>): Map<string, Map<string, unknown>> {
  const byCode = new Map<string, Map<string, unknown>>();
  for (const [path, texts] of Object.entries(modules)) {
    const [code, name] = path.split('/').slice(-2) as [string, string];
    if (!byCode.has(code)) byCode.set(code, new Map());
    byCode.get(code)!.set(name, texts);
  }
  return byCode;
}

const sets = [
  {
    what: 'site (locales/)',
    english: englishFiles(import.meta.glob<Module>('./locales/*.ts', { eager: true }), 'en.ts'),
    folders: folders(import.meta.glob('./locales/*/*.ts', { eager: true, import: 'default' })),
  },
  {
    what: 'game pages (play/)',
    english: englishFiles(import.meta.glob<Module>('./play/*.ts', { eager: true }), 'en.ts'),
    folders: folders(import.meta.glob('./play/*/*.ts', { eager: true, import: 'default' })),
  },
];

const translated = LANGUAGES.filter((l) => l.code !== 'en');

describe('player site translations', () => {
  it('has a line in languages.ts for every folder, and a folder for every line', () => {
    for (const set of sets) {
      expect([...set.folders.keys()].sort(), set.what).toEqual(translated.map((l) => l.code).sort());
    }
    expect(LANGUAGE_CODES[0]).toBe('en');
  });

  for (const language of translated) {
    it(`has every English key in ${language.code}, with the same placeholders, and no other`, () => {
      for (const set of sets) {
        const files = set.folders.get(language.code) ?? new Map<string, unknown>();
        const problems = [
          ...[...set.english].flatMap(([name, english]) =>
            files.has(name) ? dictionaryProblems(english, files.get(name), { path: name }) : [`${name}: no such file`],
          ),
          ...[...files.keys()].filter((name) => !set.english.has(name)).map((name) => `${name}: not in English`),
        ];
        expect(problems, `${language.code} ${set.what}`).toEqual([]);
      }
    });

    it(`names ${language.code} in its own texts as the language menu does`, () => {
      const main = sets[0]!.folders.get(language.code)?.get('main.ts') as { language?: { name?: string } };
      expect(main?.language?.name).toBe(language.name);
    });
  }
});

describe('the completeness check', () => {
  it('reports missing and extra keys, changed shapes, empty texts and changed placeholders', () => {
    const english = {
      title: 'Deposit',
      limits: 'Min {{min}} · Max {{max}}',
      rows_one: '{{count}} row',
      link: 'Read <1>the rules</1>',
      kinds: { bank: 'Bank', gateway: 'Online' },
      list: ['a', 'b'],
    };
    expect(
      dictionaryProblems(english, {
        title: ' ',
        limits: 'Pinakamababa {{min}} · Pinakamataas {{maximum}}',
        rows_one: '{{count}} hilera',
        link: 'Basahin ang mga patakaran',
        kinds: 'Bangko',
        list: ['a'],
        extra: 'x',
      }),
    ).toEqual([
      'title: empty',
      'limits: placeholders {{maximum}} {{min}} instead of {{max}} {{min}}',
      'link: placeholders (none) instead of </1> <1>',
      'kinds: not a section',
      'list: 1 entries instead of 2',
      'extra: not in English',
    ]);
    expect(dictionaryProblems(english, { ...english, kinds: { bank: 'Bangko' } })).toEqual(['kinds.gateway: missing']);
    // A section named open may have keys English lacks; the ones English has are still required.
    expect(
      dictionaryProblems(
        { errors: { unknown: 'Error' } },
        { errors: { unknown: 'Lỗi', x: 'X' } },
        { open: ['errors'] },
      ),
    ).toEqual([]);
    expect(dictionaryProblems({ errors: { unknown: 'Error' } }, { errors: { x: 'X' } }, { open: ['errors'] })).toEqual([
      'errors.unknown: missing',
    ]);
    // A section English leaves empty is a map by code: any keys, each a text.
    expect(dictionaryProblems({ names: {} }, { names: { BANK: 'Bangko', SANDBOX: '' } })).toEqual([
      'names.SANDBOX: not a text',
    ]);
    // A plural form may name the count where English's "one" does not (Filipino's "one" is also 2, 3, 5, …).
    expect(dictionaryProblems({ n_one: 'once {{x}}' }, { n_one: '{{count}} beses {{x}}' })).toEqual([]);
    expect(dictionaryProblems({ n_one: 'once {{x}}' }, { n_one: '{{count}} beses' })).toEqual([
      'n_one: placeholders (none) instead of {{x}}',
    ]);
    // Placeholders may move within the sentence.
    expect(dictionaryProblems({ a: '{{x}} of {{y}}' }, { a: '{{y}}: {{x}}' })).toEqual([]);
  });
});
