import type { RewardBonusTerms, RewardBonusTermsWrite, RewardPayAs } from '@sea/contracts';
import { minorToMajor, parseAmount } from '@sea/contracts/money-format';

const toMajor = (minor: string, exponent: number) => minorToMajor(minor, exponent);
const toMinor = (text: string, exponent: number): string | null => {
  try {
    return String(parseAmount(text, exponent));
  } catch {
    return null;
  }
};

/**
 * The "pay as cash / as bonus (+ terms)" choice of a reward programme's editor (cashback programmes, activity
 * promotions), as the form holds it: amounts in major units as typed. One conversion to the API's shape.
 */
export interface PayAsValue {
  payAs: RewardPayAs;
  multiplier: string;
  maxConversion: string;
  maxStake: string;
  expiryDays: string;
}
export type PayAsField = 'multiplier' | 'maxConversion' | 'maxStake' | 'expiryDays';

export function payAsValue(
  saved: { payAs: RewardPayAs; bonusTerms: RewardBonusTerms | null } | undefined | null,
  exponent: number,
): PayAsValue {
  const b = saved?.bonusTerms;
  return {
    payAs: saved?.payAs ?? 'cash',
    multiplier: String(b?.multiplier ?? 1),
    maxConversion: b?.maxConversion ? toMajor(b.maxConversion, exponent) : '',
    maxStake: b?.maxStake ? toMajor(b.maxStake, exponent) : '',
    expiryDays: String(b?.expiryDays ?? 7),
  };
}

const whole = (v: string, min: number, max: number) =>
  /^\d{1,3}$/.test(v.trim()) && Number(v) >= min && Number(v) <= max ? Number(v) : null;

/** The request's pay-as fields, or the first field in error with its message key. */
export function payAsRequest(
  v: PayAsValue,
  exponent: number,
):
  | { ok: true; payAs: RewardPayAs; bonusTerms: RewardBonusTermsWrite | null }
  | { ok: false; field: PayAsField; message: string } {
  if (v.payAs === 'cash') return { ok: true, payAs: 'cash', bonusTerms: null };
  const multiplier = whole(v.multiplier, 0, 200);
  if (multiplier === null) return { ok: false, field: 'multiplier', message: 'payAs.multiplierInvalid' };
  const optional = (text: string) => (text.trim() === '' ? null : toMinor(text.trim(), exponent));
  const maxConversion = optional(v.maxConversion);
  if (v.maxConversion.trim() !== '' && maxConversion === null)
    return { ok: false, field: 'maxConversion', message: 'rewards.decimals' };
  const maxStake = optional(v.maxStake);
  if (v.maxStake.trim() !== '' && (maxStake === null || maxStake === '0'))
    return { ok: false, field: 'maxStake', message: 'rewards.aboveZero' };
  const expiryDays = whole(v.expiryDays, 1, 365);
  if (expiryDays === null) return { ok: false, field: 'expiryDays', message: 'payAs.expiryInvalid' };
  return { ok: true, payAs: 'bonus', bonusTerms: { multiplier, maxConversion, maxStake, expiryDays } };
}

/** A server's refusal of one of the terms (`bonusTerms.<field>`) as the fields' error; null when none is. */
export function payAsServerError(
  fields: readonly { field: string; message: string }[],
): { field: PayAsField; message: string } | null {
  for (const f of fields) {
    const m = /^bonusTerms\.(multiplier|maxConversion|maxStake|expiryDays)$/.exec(f.field);
    if (m) return { field: m[1] as PayAsField, message: f.message };
  }
  return null;
}
