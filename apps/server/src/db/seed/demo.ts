import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { DEMO_HELP, DEMO_RESOURCES } from './demo-content.ts';
import { seedDemoVendors } from '../../modules/wallet/wallet.seed.ts';
import { seedDemoDepositMethods } from '../../modules/deposits/deposits.seed.ts';

export const DEMO_MERCHANT_CODE = 'demo';

/** Seeds the demo merchant and its content. Idempotent: running it again changes nothing. */
export async function seedDemo(db: Kysely<DB>): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', DEMO_MERCHANT_CODE)
      .executeTakeFirst();
    if (existing) {
      await seedDemoVendors(trx, existing.id); // demo data made before the vendor table existed
      await seedDemoDepositMethods(trx, existing.id);
      return { created: false };
    }
    const { id } = await trx
      .insertInto('merchants')
      .values({
        code: DEMO_MERCHANT_CODE,
        name: 'Demo Casino',
        currency: 'PHP',
        currency_exponent: 2,
        default_language: 'en',
        languages: ['en', 'ty'],
        timezone: 'Asia/Manila',
        status: 'active',
        customer_service_url: '#livechat',
        payment_methods: ['GCASH', 'MAYA', 'BANK', 'USDT'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('merchant_domains')
      .values([
        { domain: 'localhost', merchant_id: id, kind: 'web', is_primary: true },
        { domain: '127.0.0.1', merchant_id: id, kind: 'web', is_primary: false },
      ])
      .onConflict((oc) => oc.column('domain').doNothing())
      .execute();
    const help = Object.entries(DEMO_HELP).flatMap(([language, items]) =>
      items.map((a, i) => ({
        merchant_id: id,
        language,
        category: a.category,
        category_title: a.categoryTitle,
        tag: a.tag,
        title: a.title,
        content: a.content,
        device: 'ALL' as const,
        sort: i,
      })),
    );
    await trx.insertInto('help_articles').values(help).execute();
    await trx
      .insertInto('site_resources')
      .values(DEMO_RESOURCES.map((r, i) => ({ ...r, merchant_id: id, sort: i })))
      .execute();
    await seedDemoVendors(trx, id);
    await seedDemoDepositMethods(trx, id);
    return { created: true };
  });
}
