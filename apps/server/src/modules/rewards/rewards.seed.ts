import type { PointsRepository } from './points.repository.ts';
import type { RewardsRepository } from './rewards.repository.ts';

/** PHP has 2 decimals: minor units of a whole amount. */
const php = (n: number) => BigInt(n * 100);

/**
 * The demo merchant's missions, points rules, mall items and daily leaderboard prizes — each part only when the
 * merchant has none yet (idempotent; staff changes are kept). Prizes follow domain-rules.md §9's demo table.
 */
export async function seedDemoRewards(deps: {
  repo: RewardsRepository;
  points: PointsRepository;
  merchantId: bigint;
  now: Date;
}): Promise<void> {
  const { repo, points, merchantId, now } = deps;
  if ((await repo.missions(merchantId)).length === 0) {
    const missions = [
      { kind: 'check_in', period: 'daily', title: 'Daily check-in', target: 1n, reward: php(5), streak_bonus: php(1) },
      {
        kind: 'bet_amount',
        period: 'daily',
        category: 'RNG',
        title: 'Bet PHP 1,000 on slots',
        target: php(1000),
        reward: php(20),
      },
      { kind: 'rounds', period: 'weekly', title: 'Play 50 rounds this week', target: 50n, reward: php(50) },
      { kind: 'first_deposit', period: 'once', title: 'Make your first deposit', target: 1n, reward: php(30) },
    ] as const;
    for (const [i, m] of missions.entries())
      await repo.insertMission({
        merchant_id: merchantId,
        category: null,
        starts_at: null,
        ends_at: null,
        sort_order: i,
        created_at: now,
        ...m,
      });
  }
  if (!(await points.rules(merchantId)))
    await points.saveRules({
      merchant_id: merchantId,
      threshold: php(10),
      daily_cap: 5000n,
      cash_per_point: 10n,
      default_bps: 5000,
      contributions: JSON.stringify({ RNG: 10000, LIVE: 1000, PVP: 2000, LOTT: 5000, ELOTT: 5000 }) as never,
      updated_at: now,
    });
  if ((await points.items(merchantId, false)).length === 0) {
    const items = [
      { kind: 'cash', name: 'PHP 10 credit', points: 100n, cash_amount: php(10), stock: 1000, per_member_limit: 5 },
      { kind: 'cash', name: 'PHP 50 credit', points: 450n, cash_amount: php(50), stock: 500, per_member_limit: 2 },
      {
        kind: 'physical',
        name: 'Lucky Dragon mug',
        description: 'A ceramic mug with the Lucky Dragon logo, delivered to your address.',
        points: 800n,
        cash_amount: 0n,
        stock: 50,
        per_member_limit: 1,
      },
    ] as const;
    for (const [i, item] of items.entries())
      await points.insertItem({ merchant_id: merchantId, sort_order: i, created_at: now, ...item });
  }
  if ((await repo.prizes(merchantId)).length === 0)
    await repo.setPrizes(merchantId, 'daily', 'valid_bet', [888, 588, 388, ...Array<number>(7).fill(128)].map(php), {
      bonus_multiplier: null,
      bonus_max_conversion: null,
      bonus_max_stake: null,
      bonus_expiry_days: null,
    });
}
