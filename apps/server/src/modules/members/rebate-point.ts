import { AppError } from '../../lib/errors.ts';

/**
 * Rebate points (返点, domain rules §8.1) are percentages with one decimal, stored as numeric(4,1). Code compares
 * them as integer tenths (12.5 → 125), never as floating point.
 */
export function pointTenths(text: string | number): number {
  const s = String(text).trim();
  const m = /^(\d{1,2})(?:\.(\d))?0*$/.exec(s);
  if (!m) throw new AppError('rebate_point_invalid', 'Use a number such as 12 or 12.5.');
  return Number(m[1]) * 10 + Number(m[2] ?? 0);
}

/** Tenths as the API and SQL write them: '12.5', '0.0'. */
export const pointText = (tenths: number): string => `${Math.floor(tenths / 10)}.${tenths % 10}`;

/** A stored value ('12.0', '12', 12) in the API's form. */
export const normalisePoint = (v: string | number): string => pointText(pointTenths(v));
