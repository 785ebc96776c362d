import { randomInt } from 'node:crypto';

/** Crockford base32: no I, L, O or U, so a reference read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

/**
 * A public reference such as `DEP-7K3Q9M2X`: random (32^8 ≈ 1.1 × 10^12 values), so it tells nothing about how
 * many orders the site has; uniqueness is the table's unique index, and `withFreshReference` retries the rare clash.
 */
export function newReference(prefix: string, random: (max: number) => number = randomInt): string {
  let s = '';
  for (let i = 0; i < LENGTH; i++) s += ALPHABET[random(ALPHABET.length)];
  return `${prefix}-${s}`;
}

export const referencePattern = (prefix: string) => new RegExp(`^${prefix}-[${ALPHABET}]{${LENGTH}}$`);

/** True for a unique violation of a `*_reference_key` index (PostgreSQL and PGlite report the same text). */
export function isReferenceClash(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  if (!err || err.code !== '23505') return false;
  const where = `${String(err.constraint ?? '')} ${String(err.message ?? '')}`;
  return where.includes('_reference_key');
}

/** Runs `insert` with a new reference, again with another one when the first clashed (up to 5 tries). */
export async function withFreshReference<T>(
  prefix: string,
  insert: (reference: string) => Promise<T>,
  make: (prefix: string) => string = newReference,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await insert(make(prefix));
    } catch (e) {
      if (attempt >= 5 || !isReferenceClash(e)) throw e;
    }
  }
}
