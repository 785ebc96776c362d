import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFieldRule, lengthHint, PATTERN_IDS, PATTERNS, type RegisterFieldRule } from './registration.ts';

const rule = (over: Partial<RegisterFieldRule> = {}): RegisterFieldRule => ({
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 50,
  patternId: 1,
  acceptedPattern: '*',
  ...over,
});

const cases: Record<number, [string[], string[]]> = {
  1: [['anything at all', '!@#'], []],
  2: [
    ['a1b2', 'Player9'],
    ['1abc', 'ab_c', 'ab c'],
  ],
  3: [
    ['张三123', '123'],
    ['abc', '张 三'],
  ],
  4: [
    ['a@b.co', 'first.last@mail.example.com'],
    ['a@b', 'no-at.example.com', 'a b@c.de'],
  ],
  5: [
    ['abc123', 'ABC'],
    ['abc-1', 'ab c'],
  ],
  6: [
    ['abc123', 'A1'],
    ['abcdef', '123456'],
  ],
  7: [['0123'], ['12a', '1.5']],
  8: [
    ['Abc123', 'ABC'],
    ['abc123', 'Ab-1'],
  ],
  9: [['John Smith'], ['Nguyễn Văn', 'J0hn']],
  10: [['no-spaces!'], ['has space', 'tab\tin']],
  11: [['你好，世界！'], ['hello']],
  12: [
    ['2024-02-29', '12-31-2024'],
    ['2024/02/29', '2024-13-01', '31-12-2024'],
  ],
  13: [
    ['Nguyễn Văn A', 'Juan Dela Cruz'],
    ['R2D2', 'a_b'],
  ],
  14: [['한국어'], ['korean']],
  15: [['ภาษาไทย'], ['thai', 'ไทย thai']],
  16: [['ไทย thai'], ['ไทย1']],
  17: [
    ['JOHN SMITH', 'A'],
    ['   ', 'John'],
  ],
  18: [
    ['P@ssw0rd!', 'a~z'],
    ['pass word', 'mật'],
  ],
};

describe('pattern kinds (spec §5)', () => {
  it('there are 18 of them and each accepts and rejects what it says', () => {
    expect(PATTERN_IDS).toHaveLength(18);
    for (const id of PATTERN_IDS) {
      const [good, bad] = cases[id]!;
      for (const v of good) expect(PATTERNS[id].regex.test(v), `${id} ${PATTERNS[id].name} accepts ${v}`).toBe(true);
      for (const v of bad) expect(PATTERNS[id].regex.test(v), `${id} ${PATTERNS[id].name} rejects ${v}`).toBe(false);
    }
  });
});

describe('checkFieldRule', () => {
  it('checks required, length in code points, pattern and the accepted pattern', () => {
    expect(checkFieldRule(rule(), '')).toBe('required');
    expect(checkFieldRule(rule({ required: false }), '')).toBeNull();
    expect(checkFieldRule(rule({ minLength: 4 }), 'abc')).toBe('tooShort');
    expect(checkFieldRule(rule({ maxLength: 3 }), '한국어')).toBeNull();
    expect(checkFieldRule(rule({ maxLength: 3 }), 'abcd')).toBe('tooLong');
    expect(checkFieldRule(rule({ patternId: 7 }), '12a')).toBe('pattern');
    expect(checkFieldRule(rule({ acceptedPattern: '09\\d{8}' }), '0912345678')).toBeNull();
    expect(checkFieldRule(rule({ acceptedPattern: '09\\d{8}' }), '0812345678')).toBe('pattern');
    expect(checkFieldRule(rule({ acceptedPattern: '(' }), 'x')).toBe('pattern');
  });

  it("'*' accepts every value within the length bounds", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }), (s) => {
        expect(checkFieldRule(rule(), s)).toBe([...s].length > 50 ? 'tooLong' : null);
      }),
    );
  });

  it('hints show min–max, or one length when equal', () => {
    expect(lengthHint({ minLength: 6, maxLength: 16 })).toEqual({ min: 6, max: 16 });
    expect(lengthHint({ minLength: 10, maxLength: 10 })).toEqual({ exact: 10 });
  });
});
