import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: Argon2id, m = 19 MiB, t = 2, p = 1. */
export const ARGON2_OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2ID = 2 as Algorithm; // Algorithm is a const enum: its value, not the import

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real check, for unknown accounts (no timing difference). */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(
  params: { memoryCost: number; timeCost: number; parallelism: number } = ARGON2_OWASP,
): PasswordHasher {
  const opts = { algorithm: ARGON2ID, ...params };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, opts),
    verify: async (h, password) => {
      try {
        return await verify(h, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('dummy password for timing equality', opts);
      await verify(await dummy, password).catch(() => false);
      return false;
    },
  };
}
