import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { FormMessage } from '../error-text.ts';
import { placeServerErrors } from './server-errors.ts';

const invalid = (fields: Array<{ field: string; reason: string; message: string }>) =>
  new ApiError('validation_failed', fields[0]?.message ?? 'Some fields are not valid.', 400, { in: 'body', fields });

function place(err: unknown, shown: string[], alias?: Record<string, string>) {
  const set: Record<string, FormMessage & { focus?: boolean }> = {};
  const rest = placeServerErrors((name, e, o) => (set[name] = { ...e, focus: o?.shouldFocus }), err, shown, alias);
  return { set, rest };
}

describe('placeServerErrors', () => {
  it('puts value.fields on the shown fields: translated by field and reason, else the server’s text', () => {
    const { set, rest } = place(
      invalid([
        { field: 'username', reason: 'taken', message: 'This username is taken.' },
        { field: 'idNumber', reason: 'weird', message: 'The ID number is odd.' },
      ]),
      ['username', 'idNumber'],
    );
    expect(set.username).toEqual({ type: 'server-field', message: 'fieldErrors.username.taken', focus: true });
    expect(set.idNumber).toEqual({ type: 'server', message: 'The ID number is odd.', focus: false });
    expect(rest).toBeNull();
  });

  it('falls back to the reason alone, and leaves fields the form does not show to the form-level alert', () => {
    const { set, rest } = place(
      invalid([
        { field: 'password', reason: 'tooShort', message: 'password: tooShort' },
        { field: 'mobileNum', reason: 'required', message: 'Missing phone number' },
      ]),
      ['password'],
    );
    expect(set.password?.message).toBe('fieldErrors.tooShort');
    expect(rest).toEqual({ type: 'server-field', message: 'fieldErrors.required' });
  });

  it('renames API fields with the alias', () => {
    const { set } = place(invalid([{ field: 'captcha', reason: 'x', message: 'Bad captcha' }]), ['smsCaptcha'], {
      captcha: 'smsCaptcha',
    });
    expect(set.smsCaptcha?.message).toBe('Bad captcha');
  });

  it('puts a business code that is about one field on that field when the form shows it', () => {
    const wrong = new ApiError('transaction_password_invalid', 'The transaction password is not correct.', 400);
    expect(place(wrong, ['amount', 'transactionPassword']).set.transactionPassword).toMatchObject({
      message: 'errors.transaction_password_invalid',
    });
    const { set, rest } = place(wrong, []);
    expect(set).toEqual({});
    expect(rest).toEqual({ type: 'code', message: 'errors.transaction_password_invalid' });
  });

  it('gives the code’s text, the server’s message for an unknown code, and a generic text for anything else', () => {
    expect(place(new ApiError('in_incorrect_password', 'x', 401), ['username']).rest?.message).toBe(
      'errors.in_incorrect_password',
    );
    expect(place(new ApiError('brand_new_code', 'Something new.', 400), []).rest).toEqual({
      type: 'server',
      message: 'Something new.',
    });
    expect(place(new Error('boom'), []).rest?.message).toBe('errors.internal_error');
  });
});
