import { describe, expect, it } from 'vitest';
import { ageOn, checkProfileValue, normaliseProfileValue } from './profile.ts';

const ctx = { minAge: 18, today: '2026-11-26' };

describe('profile checks (the same on the server and the site)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('checks birthdays: real dates, not in the future, old enough', () => {
    expect(checkProfileValue('birthday', '2008-11-26', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('birthday', '2008-11-27', 'optional', ctx)).toBe('underAge');
    expect(checkProfileValue('birthday', '1990-02-30', 'optional', ctx)).toBe('invalidDate');
    expect(checkProfileValue('birthday', '17/05/1990', 'optional', ctx)).toBe('invalidDate');
    expect(checkProfileValue('birthday', '1899-12-31', 'optional', ctx)).toBe('invalidDate');
    expect(checkProfileValue('birthday', '2026-11-27', 'optional', ctx)).toBe('future');
  });

  it('applies the modes: required needs a value, hidden takes none', () => {
    expect(checkProfileValue('address', null, 'required', ctx)).toBe('required');
    expect(checkProfileValue('address', null, 'optional', ctx)).toBeNull();
    expect(checkProfileValue('zalo', '0901234567', 'hidden', ctx)).toBe('hidden');
    expect(checkProfileValue('zalo', null, 'hidden', ctx)).toBeNull();
  });

  it('checks each field by its rule and refuses text no database stores', () => {
    expect(checkProfileValue('realName', 'Nguyễn Văn An', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('realName', "Maria O'Neil-Cruz", 'optional', ctx)).toBeNull();
    expect(checkProfileValue('realName', 'M4ria', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('email', 'a@b.co', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('email', 'a@nowhere', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('email', 'a\u0000@b.com', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('zalo', '+84901234567', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('zalo', '12ab56', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('telegram', '@lucky_star', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('telegram', '@1abcd', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('nickname', 'A', 'optional', ctx)).toBe('tooShort');
    expect(checkProfileValue('nickname', 'x'.repeat(21), 'optional', ctx)).toBe('tooLong');
    expect(checkProfileValue('nickname', 'Lucky \uD800', 'optional', ctx)).toBe('pattern');
    expect(checkProfileValue('address', '12 Rizal Ave, Manila', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('incomeSource', 'salary', 'optional', ctx)).toBeNull();
    expect(checkProfileValue('incomeSource', 'lottery', 'optional', ctx)).toBe('pattern');
  });

  it('normalises values as stored', () => {
    expect(normaliseProfileValue('nickname', '  Lucky   Star ')).toBe('Lucky Star');
    expect(normaliseProfileValue('email', 'Me@Example.COM')).toBe('me@example.com');
    expect(normaliseProfileValue('telegram', 'lucky_star')).toBe('@lucky_star');
    expect(normaliseProfileValue('address', '   ')).toBeNull();
    expect(normaliseProfileValue('address', null)).toBeNull();
  });
});
