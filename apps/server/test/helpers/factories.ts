import type { Kysely } from 'kysely';
import type { AllTables } from './tables.ts';
import type { Modules } from '../../src/app.ts';
import type { Merchant } from '../../src/modules/merchants/index.ts';

let seq = 0;

/** Inserts a merchant with sensible defaults; returns its id and code. */
export async function createMerchant(
  db: Kysely<AllTables>,
  over: Partial<{
    code: string;
    name: string;
    status: 'active' | 'disabled';
    domains: string[];
    languages: string[];
  }> = {},
): Promise<{ id: bigint; code: string }> {
  seq += 1;
  const code = over.code ?? `m${seq}${Date.now().toString(36)}`.slice(0, 32);
  const { id } = await db
    .insertInto('merchants')
    .values({
      code,
      name: over.name ?? `Merchant ${seq}`,
      currency: 'VND',
      currency_exponent: 0,
      default_language: 'en',
      languages: over.languages ?? ['en'],
      timezone: 'Asia/Ho_Chi_Minh',
      status: over.status ?? 'active',
      customer_service_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const domain of over.domains ?? []) {
    await db
      .insertInto('merchant_domains')
      .values({ domain, merchant_id: id, kind: 'web', is_primary: false })
      .execute();
  }
  return { id, code };
}

/** A captcha challenge whose answer the test knows (same hashing as the captcha service). */
export async function solvedCaptcha(
  db: Kysely<AllTables>,
  merchantId: bigint,
  answer = 'ab12',
): Promise<{ captchaId: string; captcha: string }> {
  const { randomId, sha256Hex } = await import('../../src/lib/hash.ts');
  const id = randomId();
  await db
    .insertInto('captchas')
    .values({
      id,
      merchant_id: merchantId,
      answer_hash: sha256Hex(`${id}:${answer}`),
      expires_at: new Date(Date.now() + 10 * 365 * 86_400_000),
    })
    .execute();
  return { captchaId: id, captcha: answer.toUpperCase() };
}

let memberSeq = 0;

/**
 * A member created through the members service (the same validation and hashing as registration).
 * Returns the account and the password so a test can log in with them.
 */
export async function createMember(
  services: Pick<Modules, 'members'>,
  merchant: Merchant,
  over: Partial<{
    account: string;
    password: string;
    type: number;
    mustChangePassword: boolean;
    countryDialingCode: string;
    mobile: string;
    language: string;
    email: string;
  }> = {},
): Promise<{ id: bigint; account: string; password: string }> {
  memberSeq += 1;
  const account = over.account ?? `tm${memberSeq}${Date.now().toString(36)}`.slice(0, 16);
  const password = over.password ?? 'correct horse 1';
  const row = await services.members.create({
    merchant,
    account,
    password,
    type: over.type,
    mustChangePassword: over.mustChangePassword,
    language: over.language,
    email: over.email ?? null,
    ...(over.mobile && { countryDialingCode: over.countryDialingCode ?? '84', mobile: over.mobile }),
  });
  return { id: row.id, account: row.account, password };
}
