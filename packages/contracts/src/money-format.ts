/** Money text without zod (the web's first page imports this alone): parse, plain and display forms. */

/** Major-unit decimal string → minor units. Throws RangeError when it has more decimals than the currency allows. */
export function parseAmount(text: string, exponent: number): bigint {
  const m = /^(\d{1,15})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) throw new RangeError('not an amount');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exponent) throw new RangeError(`at most ${exponent} decimals`);
  return BigInt(m[1]!) * 10n ** BigInt(exponent) + BigInt(frac.padEnd(exponent, '0') || '0');
}

/** Minor units → plain major-unit string with exactly `exponent` decimals ("1234.50"; "-3.00"). */
export function minorToMajor(minor: bigint | string, exponent: number): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const unit = 10n ** BigInt(exponent);
  const whole = (abs / unit).toString();
  const frac = exponent > 0 ? `.${(abs % unit).toString().padStart(exponent, '0')}` : '';
  return `${neg ? '-' : ''}${whole}${frac}`;
}

/**
 * Display form the spec asks for: thousands separators and 2 decimals ("1,234,567.50"), whatever the currency
 * exponent (a currency with more decimals is shown truncated toward zero, never rounded up).
 */
export function formatMoney(minor: bigint | string, exponent: number): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const cents = exponent >= 2 ? abs / 10n ** BigInt(exponent - 2) : abs * 10n ** BigInt(2 - exponent);
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
