import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { demoLiveTable } from './helpers/seamless.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Manual rebate (member centre › manualRebate): the category rebate accrued on today's valid bets is claimed at
 * once, a repeated or concurrent claim pays nothing more, and the daily payment pays only the day's rest.
 * LIVE rebates 0.8 % by default (spec §9).
 */

// Noon in the demo merchant's zone (Asia/Manila, UTC+8): the whole test stays on local day 2026-11-20.
let now = new Date('2026-11-20T04:00:00Z');
const clock = () => now;
let t: TestApp;
let demo: Merchant;
let table: Awaited<ReturnType<typeof demoLiveTable>>;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  table = await demoLiveTable(t, demo, () => now.getTime());
});
afterAll(async () => {
  if (!t) return;
  expect(await t.app.modules.ledger.audit()).toEqual({ ok: true, problems: [] });
  await t.close();
});

const mainOf = async (id: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;

const lose = (p: Player, stake: bigint) => table.round(p, stake, 0n);

/** A fresh session (the clock jumped past the idle timeout of the first). */
async function relogin(p: Player): Promise<Player> {
  const row = (await t.app.modules.members.findById(demo.id, p.id))!;
  const { token } = await t.app.modules.auth.startSession(demo, row, 'member', 'password', {
    ip: '203.0.113.5',
    userAgent: 'vitest',
  });
  return { ...p, token };
}

const get = (p: Player, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(p.token), merchant: demo.code } });
const claim = (p: Player) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/rebate/manual/claim',
    headers: { ...bearer(p.token), merchant: demo.code },
  });

describe('manual rebate', () => {
  it("shows today's accrued rebate per category and pays it once, however many claims race", async () => {
    const p = await newPlayer(t, demo, { fund: 1_000_000n });
    const empty = await get(p, '/wps/rebate/manual');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().value).toMatchObject({ day: '2026-11-20', rows: [], totalClaimable: '0' });

    await lose(p, 40_000n);
    const view = (await get(p, '/wps/rebate/manual')).json().value;
    expect(view.rows).toEqual([
      { category: 'LIVE', validBet: '40000', rateBp: 80, accrued: '320', claimed: '0', claimable: '320' },
    ]);
    expect(view.totalClaimable).toBe('320');

    const before = await mainOf(p.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => claim(p)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.map((a) => a.json().value.paid).sort()).toEqual(['0', '0', '0', '0', '320']);
    expect((await mainOf(p.id)) - before).toBe(320n);
    const after = answers[0]!.json().value.rebate;
    expect(after.rows[0]).toMatchObject({ accrued: '320', claimed: '320', claimable: '0' });

    // More bets the same day: only the new part is claimable.
    await lose(p, 10_000n);
    const beforeSecond = await mainOf(p.id);
    const second = await claim(p);
    expect(second.json().value.paid).toBe('80');
    expect((await mainOf(p.id)) - beforeSecond).toBe(80n);
  });

  it("the daily payment pays only the day's rest after claims, once", async () => {
    let p = await newPlayer(t, demo, { fund: 1_000_000n });
    await lose(p, 25_000n); // 200 accrued
    expect((await claim(p)).json().value.paid).toBe('200');
    await lose(p, 12_500n); // the day: 37,500 → 300; 100 left for the daily payment
    const before = await mainOf(p.id);

    now = new Date('2026-11-21T04:00:00Z'); // the next local day, well after the grace
    try {
      const settle = t.app.modules.contracts.settleRebates!;
      await settle();
      await settle(); // a second run (job redelivery) pays nothing more
      expect((await mainOf(p.id)) - before).toBe(100n);

      p = await relogin(p);
      const answer = await get(p, '/wps/rebate/records');
      expect(answer.statusCode, answer.body).toBe(200);
      const records = answer.json().value;
      expect(records.total).toBe(2);
      expect(records.list.map((r: { kind: string; amount: string; day: string }) => [r.kind, r.amount, r.day])).toEqual(
        [
          ['daily', '100', '2026-11-20'],
          ['claim', '200', '2026-11-20'],
        ],
      );
      expect(records.list[0].validBet).toBe('37500');
      // Yesterday's bets are not claimable today.
      expect((await get(p, '/wps/rebate/manual')).json().value).toMatchObject({ day: '2026-11-21', rows: [] });
    } finally {
      now = new Date('2026-11-20T04:00:00Z');
    }
  });

  it('a day fully claimed gets no daily payment', async () => {
    let p = await newPlayer(t, demo, { fund: 1_000_000n });
    await lose(p, 50_000n);
    expect((await claim(p)).json().value.paid).toBe('400');
    const before = await mainOf(p.id);
    now = new Date('2026-11-21T04:00:00Z');
    try {
      await t.app.modules.contracts.settleRebates!();
      expect(await mainOf(p.id)).toBe(before);
      p = await relogin(p);
      expect((await get(p, '/wps/rebate/records')).json().value.total).toBe(1);
    } finally {
      now = new Date('2026-11-20T04:00:00Z');
    }
  });

  it('needs a real, logged-in account', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/wps/rebate/manual/claim' })).statusCode).toBe(401);
    const trial = await newPlayer(t, demo, { type: demo.trialTypes[0] });
    const r = await t.app.inject({
      method: 'POST',
      url: '/wps/rebate/manual/claim',
      headers: { ...bearer(trial.token), merchant: demo.code },
    });
    expect(r.json().code).toBe('in_need_true_account');
  });
});
