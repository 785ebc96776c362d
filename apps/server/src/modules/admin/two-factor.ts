import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s — what every authenticator app reads) through otplib, and the
 * one-time recovery codes. A code is accepted within one step either side of the server's clock, and only once:
 * the caller stores the accepted time step and passes it back (`afterStep`), so a seen code is refused.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/** The time step the code was made for, or null when it is wrong, outside the window or not newer than `afterStep`. */
export async function checkTotp(secret: string, code: string, now: Date, afterStep: bigint): Promise<bigint | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  try {
    const r = await verify({
      secret,
      token: code,
      epoch,
      epochTolerance: TOTP_PERIOD_SECONDS,
      ...(afterStep > 0n && { afterTimeStep: Number(afterStep) }),
    });
    // delta: periods between the code's step and the current one (negative: a code of the past step).
    return r.valid ? BigInt(Math.floor(epoch / TOTP_PERIOD_SECONDS) + r.delta) : null;
  } catch {
    return null;
  }
}

/** Recovery codes: 10 groups of random base32-ish characters, shown once; only their SHA-256 is stored. */
export function newRecoveryCodes(): string[] {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored form of a recovery code: case, spaces and dashes do not matter when typed. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return createHash('sha256').update(`admin-recovery:${normal}`).digest('hex');
}
