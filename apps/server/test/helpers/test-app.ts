import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/app.ts';
import { createPasswordHasher, type PasswordHasher } from '../../src/lib/password.ts';

/** Argon2id with small parameters: the production path, fast enough for hundreds of test logins. */
export const testHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** The app's clock (the one given to buildTestApp, else real time). */
  clock: () => Date;
  close(): Promise<void>;
}

/** A full app on a fresh database with the demo merchant, for `app.inject` tests. */
export async function buildTestApp(
  overrides: Partial<Omit<AppDeps, 'database' | 'config'>> & {
    register?: (app: FastifyInstance) => void;
    /** Settings on top of the test app's (e.g. DATA_DIR, shared with worker processes for the lottery's keys). */
    config?: Partial<AppDeps['config']>;
  } = {},
): Promise<TestApp> {
  const { register, config, ...deps } = overrides;
  const database = await createTestDatabase();
  const app = await buildApp({
    config: {
      TRUST_PROXY: true,
      DEFAULT_MERCHANT: 'demo',
      LOG_LEVEL: 'silent',
      WEB_DIST: undefined,
      SEED_DEMO: true,
      ...config,
    },
    logger: false,
    hasher: testHasher,
    ...deps,
    database,
  });
  register?.(app);
  await app.ready();
  return {
    app,
    database,
    clock: deps.clock ?? (() => new Date()),
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** The test hasher, counting password checks: proves that rate limits refuse before any hash is computed. */
export function countingHasher(): PasswordHasher & { checks: number } {
  const h = {
    checks: 0,
    hash: (p: string) => testHasher.hash(p),
    verify: (hash: string, p: string) => {
      h.checks++;
      return testHasher.verify(hash, p);
    },
    verifyDummy: (p: string) => {
      h.checks++;
      return testHasher.verifyDummy(p);
    },
  };
  return h;
}
