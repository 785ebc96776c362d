/** Exact non-negative rationals on bigint, for RTP figures that must not carry float rounding. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

export function rational(n: bigint | number, d: bigint | number = 1n): Rational {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === 0n) throw new RangeError('zero denominator');
  if (dd < 0n) [nn, dd] = [-nn, -dd];
  const g = gcd(nn, dd) || 1n;
  return { n: nn / g, d: dd / g };
}

export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
export const div = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n);
export const equals = (a: Rational, b: Rational): boolean => a.n * b.d === b.n * a.d;

/** Decimal string truncated (toward zero) to `digits` decimals, e.g. toDecimal(1/3, 4) = "0.3333". */
export function toDecimal(r: Rational, digits: number): string {
  const neg = r.n < 0n;
  const abs = neg ? -r.n : r.n;
  const scaled = (abs * 10n ** BigInt(digits)) / r.d;
  const s = scaled.toString().padStart(digits + 1, '0');
  const whole = s.slice(0, s.length - digits);
  return `${neg ? '-' : ''}${whole}${digits > 0 ? `.${s.slice(s.length - digits)}` : ''}`;
}

/** As a percentage string: toPercent(0.96008…, 4) = "96.0078". */
export function toPercent(r: Rational, digits: number): string {
  return toDecimal(mul(r, rational(100)), digits);
}

export function toNumber(r: Rational): number {
  // Scale first so huge numerators and denominators keep full double precision.
  return Number((r.n * 10n ** 30n) / r.d) / 1e30;
}
