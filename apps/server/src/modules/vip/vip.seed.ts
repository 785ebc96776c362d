import type { Kysely } from 'kysely';
import type { MerchantsModule } from '../merchants/index.ts';
import type { VipRepository } from './vip.repository.ts';
import type { VipTables } from './vip.tables.ts';

/**
 * The demo merchant's VIP ladder (tier points: one per PHP 1 of valid bet × contribution, over a local month) and
 * the VIP3 flag on — only when it has no levels yet, so an operator's later changes (or a flag turned off) stay.
 */
export async function seedDemoVip(deps: {
  db: Kysely<VipTables>;
  repo: VipRepository;
  merchants: Pick<MerchantsModule, 'setFlag'>;
  merchant: { id: bigint; currencyExponent: number };
}): Promise<void> {
  const { db, repo, merchant } = deps;
  if ((await repo.levels(merchant.id)).length) return;
  const cash = (major: number) => BigInt(major) * 10n ** BigInt(merchant.currencyExponent);
  const ladder = [
    { name: 'Member', threshold: 0n, keep: 0n, up: 0, weekly: 0, monthly: 0, bp: 0 },
    { name: 'Bronze', threshold: 500n, keep: 250n, up: 50, weekly: 0, monthly: 20, bp: 5 },
    { name: 'Silver', threshold: 5_000n, keep: 2_500n, up: 200, weekly: 20, monthly: 100, bp: 10 },
    { name: 'Gold', threshold: 25_000n, keep: 12_500n, up: 1_000, weekly: 100, monthly: 500, bp: 20 },
    { name: 'Platinum', threshold: 100_000n, keep: 50_000n, up: 5_000, weekly: 500, monthly: 2_000, bp: 30 },
  ];
  await db.transaction().execute(async (trx) => {
    await repo.saveSettings(trx, merchant.id, { basis: 'tier_points', period: 'month' });
    for (const [level, l] of ladder.entries())
      await repo.insertLevel(trx, {
        merchant_id: merchant.id,
        level,
        name: l.name,
        threshold: l.threshold,
        keep_threshold: l.keep,
        level_up_reward: cash(l.up),
        weekly_bonus: cash(l.weekly),
        monthly_bonus: cash(l.monthly),
        rebate_bonus_bp: l.bp,
      });
    await deps.merchants.setFlag(merchant.id, 'VIP3', true, trx);
  });
}
