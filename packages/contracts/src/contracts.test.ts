import { describe, expect, it } from 'vitest';
import { envelopeOf } from './envelope.ts';
import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from './errors.ts';
import { defaultFeatureFlags, FEATURE_FLAG_KEYS } from './flags.ts';
import { whitelabel } from './system.ts';

describe('error catalogue', () => {
  it('uses lower_snake codes with real HTTP error statuses and a message each', () => {
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      const { status, message } = ERROR_CATALOGUE[code];
      expect(status >= 400 && status <= 599).toBe(true);
      expect(message.length).toBeGreaterThan(3);
    }
  });
  it('contains the keys the spec names', () => {
    for (const k of ['in_need_true_account', 'in_incorrect_password', 'invitation_code_error'])
      expect(isErrorCode(k)).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});

describe('feature flags', () => {
  it('defaults cover every key and validate against the whitelabel schema', () => {
    const flags = defaultFeatureFlags();
    expect(Object.keys(flags)).toEqual(FEATURE_FLAG_KEYS);
    expect(whitelabel.parse(flags)).toEqual(flags);
    expect(FEATURE_FLAG_KEYS).toEqual(
      expect.arrayContaining([
        'USERNAMEREG3',
        'MOBILEVERCODELOGIN3',
        'MOBILENUMREG3',
        'REGMOBVERF3',
        'MOBILENUMPASSREG3',
        'FREEPLAY3',
        'PWDEXPFORCECHANGE3',
      ]),
    );
  });
});

describe('envelopeOf', () => {
  it('requires all four envelope fields', () => {
    const schema = envelopeOf(whitelabel.partial());
    expect(schema.safeParse({ success: true, value: {}, message: 'OK', code: 'ok' }).success).toBe(true);
    expect(schema.safeParse({ success: true, value: {} }).success).toBe(false);
  });
});
