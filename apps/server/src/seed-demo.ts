import type { Modules } from './app.ts';

export const DEMO_MERCHANT_CODE = 'demo';

/**
 * The demo merchant and its content, through the modules' faces (each module writes its own tables).
 * Idempotent: every step leaves existing rows as they are, so it runs on every start with SEED_DEMO.
 */
export async function seedDemo(
  modules: Pick<
    Modules,
    | 'vip'
    | 'merchants'
    | 'system'
    | 'games'
    | 'lottery'
    | 'deposits'
    | 'promotions'
    | 'bonus'
    | 'content'
    | 'rewards'
    | 'referral'
  >,
): Promise<{ merchantId: bigint }> {
  const merchant = await modules.merchants.ensure({
    code: DEMO_MERCHANT_CODE,
    name: 'Demo Casino',
    currency: 'PHP',
    currencyExponent: 2,
    defaultLanguage: 'en',
    languages: ['en', 'ty', 'tl'],
    timezone: 'Asia/Manila',
    customerServiceUrl: '#livechat',
    paymentMethods: ['GCASH', 'MAYA', 'BANK', 'USDT'],
    domains: [
      { domain: 'localhost', primary: true },
      { domain: '127.0.0.1', primary: false },
    ],
  });
  await modules.system.seedDemo(merchant.id);
  await modules.games.seedDemo(merchant);
  await modules.lottery.seedDemo(merchant);
  await modules.deposits.seedDemo(merchant.id);
  await modules.promotions.seedDemo(merchant.id);
  await modules.bonus.seedDemo(merchant);
  await modules.content.seedDemo(merchant.id);
  await modules.rewards.seedDemo(merchant.id);
  await modules.vip.seedDemo(merchant);
  await modules.referral.seedDemo(merchant.id);
  return { merchantId: merchant.id };
}
