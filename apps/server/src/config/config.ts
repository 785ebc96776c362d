import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: 'false' (default, use the socket address), 'true' (trust every hop), a hop count ('1'),
 * or a comma-separated list of proxy addresses/CIDRs. Passed to Fastify's trustProxy.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((v): boolean | number | string[] => {
    const s = v.trim();
    if (s === '' || s === 'false' || s === '0') return false;
    if (s === 'true') return true;
    if (/^\d+$/.test(s)) return Number(s);
    return s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // The listening socket's accept queue (the kernel caps it at net.core.somaxconn). Node's 511 overflows when
  // hundreds of clients connect at once (a burst of posts from clients without keep-alive, every socket
  // reconnecting after a restart): the kernel then drops their SYNs and each waits 1 s, 3 s, 7 s … to retry.
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key and channel (several installations or test runs may share one Redis). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/)
    .default('sea:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  DEFAULT_MERCHANT: z.string().min(1).max(32).default('demo'),
  SEED_DEMO: bool.default(true),
  /** Days of activity the demo team gets on its first seed (0: none, the team of today only). */
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(90).default(30),
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER: z.string().max(11).default('Casino'),
  MAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  SANDBOX_GATEWAY_SECRET: z
    .string()
    .min(32, 'at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * The fast e-lottery chain signer's key (64 hex digits), for several processes or machines sharing it; without it
   * the key is the file lottery-signer.key under DATA_DIR (created owner-only). Never stored in the database.
   */
  LOTTERY_SIGNER_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** /docs and the OpenAPI document: on outside production; in production only with API_DOCS=true. */
  API_DOCS: bool.optional(),
  /** Origins (comma-separated) of the installation's CDN: allowed for images, frames and connections (CSP). */
  CDN_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[A-Za-z0-9.:[\]-]+$/, 'must be origins like https://cdn.example.com'))),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Where the demo vendor sends its wallet calls (default: this server's own address). */
  DEMO_VENDOR_WALLET_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Share of the demo vendor's wallet calls delivered twice (and half as many whose answer is lost). */
  DEMO_VENDOR_FAULT_RATE: z.coerce.number().min(0).max(0.5).default(0.05),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Settings that only make sense together. */
function crossCheck(c: Config): string[] {
  const problems: string[] = [];
  if (c.SMS_PROVIDER === 'http' && (!c.SMS_HTTP_URL || !c.SMS_HTTP_TOKEN))
    problems.push('  SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
  if (c.MAIL_PROVIDER === 'smtp' && !c.SMTP_URL) problems.push('  MAIL_PROVIDER=smtp needs SMTP_URL');
  return problems;
}

/** Parse the environment once at start-up; a bad value stops the process with a readable list. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const problems = crossCheck(parsed.data);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return parsed.data;
}
