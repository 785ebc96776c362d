import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '../src/db/schema.ts';
import type { PlayEvent } from '../src/lib/play-events.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { qualifyingOf } from '../src/modules/vip/index.ts';
import { periodOf } from '../src/modules/vip/periods.ts';
import { createVipRepository } from '../src/modules/vip/vip.repository.ts';
import type { VipTables } from '../src/modules/vip/vip.tables.ts';
import { newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The set-based engagement paths against the one-at-a-time ones from the same state (issue 23, engine): the VIP
 * consumer's promotions of a whole batch (`promoteMany`: grants, member rows and level changes in one statement
 * each) against `promote` per member and period as the consumer did before, and the reward centre's `grantMany`
 * against `grant` one at a time. Twin members get the same events: levels, judged periods, level history, totals
 * and the rewards granted (amount, title, key, expiry) must be equal; a replayed batch changes nothing. Demo ladder:
 * Bronze 500, Silver 5,000, Gold 25,000, Platinum 100,000 tier points a local month (RNG 100 %).
 */
let t: TestApp;
let demo: Merchant;
const now = new Date('2026-11-10T04:00:00Z');
const october = new Date('2026-10-20T04:00:00Z');
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
});
afterAll(async () => {
  await t?.close();
});

const bet = (p: Player, pesos: number, at = now): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:set-${++seq}`,
  merchantId: demo.id,
  memberId: p.id,
  product: 'house',
  category: 'RNG',
  gameCode: 'LUCKY_DRAGON',
  stake: BigInt(pesos * 100),
  validBet: BigInt(pesos * 100),
  payout: 0n,
  settledAt: at,
});
const consumer = () => t.app.modules.vip.consumers[0]!;

/** The consumer as it was before promoteMany: totals and promotions one member and period at a time. */
async function perMember(events: PlayEvent[]) {
  const vip = t.app.modules.vip;
  const db = tablesOf<VipTables>(t.database.db);
  const repo = createVipRepository(db);
  const s = await vip.settingsOf(demo.id);
  const levels = await repo.levels(demo.id);
  const sums = new Map<string, { memberId: bigint; periodKey: string; w: bigint; at: Date }>();
  for (const e of events) {
    if (e.kind !== 'bet_settled') continue;
    const periodKey = periodOf(s.period, e.settledAt, demo.timezone).key;
    const k = `${e.memberId}:${periodKey}`;
    const cur = sums.get(k) ?? { memberId: e.memberId, periodKey, w: 0n, at: e.settledAt };
    cur.w += e.validBet;
    if (e.settledAt > cur.at) cur.at = e.settledAt;
    sums.set(k, cur);
  }
  const ordered = [...sums.values()].sort((a, b) =>
    a.memberId === b.memberId ? a.periodKey.localeCompare(b.periodKey) : a.memberId < b.memberId ? -1 : 1,
  );
  await db.transaction().execute(async (trx) => {
    for (const x of ordered) {
      const member = await repo.lockMember(trx, demo.id, x.memberId);
      const totals = await repo.addTotals(trx, x.memberId, x.periodKey, x.w, 0n);
      const q = qualifyingOf(s, totals, demo.currencyExponent);
      await vip.promote(trx, demo, levels, member, s, x.periodKey, q, x.at);
    }
  });
}

/** Everything VIP and the reward centre hold of a member (ids and random references left out). */
async function stateOf(memberId: bigint) {
  const db = t.database.db;
  const member = (
    await sql<{ level: number; judged_period: string | null }>`
      select level, judged_period from vip_members where member_id = ${memberId}`.execute(db)
  ).rows;
  const changes = (
    await sql`select from_level, to_level, reason, period_key, qualifying::text, created_at
                from vip_level_changes where member_id = ${memberId} order by id`.execute(db)
  ).rows;
  const totals = (
    await sql`select period_key, weighted::text, deposits::text from vip_period_totals
               where member_id = ${memberId} order by period_key`.execute(db)
  ).rows;
  const rewards = (
    await sql<{ title: string; kind: string }>`select source, source_key, amount::text, title, kind, status, expires_at,
                created_at, bonus_multiplier, bonus_max_conversion::text, bonus_max_stake::text, bonus_expiry_days
                from member_rewards where member_id = ${memberId} order by source, source_key`.execute(db)
  ).rows;
  return { member, changes, totals, rewards };
}

describe('VIP promotions of a batch at once', () => {
  it('equal one member at a time: two levels in one batch, two periods in one batch, no climb; replay once', async () => {
    // Silver's level-up reward is paid as bonus (migration 0240): both paths must grant it with its terms.
    await sql`update vip_levels set bonus_multiplier = 3, bonus_max_stake = 2000, bonus_expiry_days = 5
              where merchant_id = ${demo.id} and name = 'Silver'`.execute(t.database.db);
    const pairs: [Player, Player][] = [];
    for (let i = 0; i < 4; i++) pairs.push([await newPlayer(t, demo), await newPlayer(t, demo)]);
    // The same starting point for both twins of the last pair: Bronze already (a batch before).
    const [bronzeA, bronzeB] = pairs[3]!;
    await consumer().handle([bet(bronzeA, 600)]);
    await perMember([bet(bronzeB, 600)]);

    // One batch for each path: 0 → Gold (three levels, two bets); Silver in October then Gold in November;
    // a member who stays at 0; Bronze → Platinum.
    const plan = (p: Player, i: number): PlayEvent[] =>
      [
        [bet(p, 20_000), bet(p, 10_000)],
        [bet(p, 6_000, october), bet(p, 30_000)],
        [bet(p, 100), bet(p, 200)],
        [bet(p, 50_000), bet(p, 60_000)],
      ][i]!;
    const setBased = pairs.flatMap(([a], i) => plan(a, i));
    await consumer().handle(setBased);
    await perMember(pairs.flatMap(([, b], i) => plan(b, i)));

    const levels: number[] = [];
    for (const [a, b] of pairs) {
      const [sa, sb] = [await stateOf(a.id), await stateOf(b.id)];
      expect(sa).toEqual(sb);
      levels.push(sa.member[0]?.level ?? 0);
    }
    // The cases are what they say: Gold from 0, Gold after Silver in October, still 0, Platinum from Bronze.
    expect(levels).toEqual([3, 3, 0, 4]);
    const [octNov] = pairs[1]!;
    expect((await stateOf(octNov.id)).changes).toMatchObject([
      { from_level: 0, to_level: 2, period_key: '2026-10-01' },
      { from_level: 2, to_level: 3, period_key: '2026-11-01' },
    ]);
    expect((await stateOf(pairs[0]![0].id)).rewards.map((r) => `${r.title} ${r.kind}`)).toEqual([
      'VIP level-up: Bronze cash',
      'VIP level-up: Silver bonus',
      'VIP level-up: Gold cash',
    ]);

    // The batch again (a replay after a crash before the cursor moved): nothing changes.
    const before = await Promise.all(pairs.map(([a]) => stateOf(a.id)));
    await consumer().handle(setBased);
    expect(await Promise.all(pairs.map(([a]) => stateOf(a.id)))).toEqual(before);
  });
});

describe('reward centre grants of a batch at once', () => {
  it('grantMany grants what grant one at a time would: a key granted before or twice in the batch once', async () => {
    const [a, b] = [await newPlayer(t, demo), await newPlayer(t, demo)];
    const centre = t.app.modules.rewards.centre;
    const g = (p: Player, key: string, amount: bigint) => ({
      merchantId: demo.id,
      memberId: p.id,
      source: 'mission' as const,
      sourceKey: key,
      amount,
      title: `Mission ${key}`,
      at: now,
    });
    const db = t.database.db;
    await centre.grant(tablesOf(db), g(a, 'k0', 100n));
    await centre.grant(tablesOf(db), g(b, 'k0', 100n));
    const batch = (p: Player) => [g(p, 'k0', 999n), g(p, 'k1', 200n), g(p, 'k2', 300n), g(p, 'k1', 777n)];
    const many = await db.transaction().execute((trx) => centre.grantMany(tablesOf(trx), batch(a)));
    const one: unknown[] = [];
    await db.transaction().execute(async (trx) => {
      for (const x of batch(b)) {
        const row = await centre.grant(tablesOf(trx), x);
        if (row) one.push(row);
      }
    });
    expect(many.map((r) => [r.source_key, r.amount])).toEqual([
      ['k1', 200n],
      ['k2', 300n],
    ]);
    expect(many).toHaveLength(one.length);
    expect((await stateOf(a.id)).rewards).toEqual((await stateOf(b.id)).rewards);
    expect(await db.transaction().execute((trx) => centre.grantMany(tablesOf(trx), batch(a)))).toEqual([]);
    // The batch's badge counts in one read (the consumers call it without waiting; a broken read would go unseen).
    await expect(centre.notifyMany([a.id, b.id, a.id])).resolves.toBeUndefined();
  });
});
