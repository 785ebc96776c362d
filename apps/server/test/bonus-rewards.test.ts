import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tablesOf } from '../src/db/schema.ts';
import type { RewardsTables } from '../src/modules/rewards/rewards.tables.ts';
import type { AllTables } from './helpers/tables.ts';
import type { PlayEvent } from '../src/lib/play-events.ts';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, loginTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Rewards paid as bonus money (issue 23): a cashback programme set to pay as bonus grants rewards with wagering
 * terms; claimed, each becomes a bonus claim (the bonus account through the ledger, keyed by the reward's
 * reference), queued behind the active one, converted capped when wagered, expired to the house; a racing double
 * claim pays once; a member on a break cannot claim it. Late cashback events: a settled bet reaching the consumer
 * after its day was closed adds an extra reward, never lost and never paid twice (replayed, reordered, cap kept).
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
// On PostgreSQL the play-event queue waits for every older write transaction of the cluster: a busy server is slow.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let now = new Date('2026-12-01T04:00:00Z'); // noon in Asia/Manila (the demo merchant's zone)
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => t?.close());

type Body = ReturnType<typeof JSON.parse>;
const db = () => tablesOf<AllTables & RewardsTables>(t.database.db);
const call = (p: Player, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' }, ...(payload && { payload }) });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api${url}`,
    headers: { authorization: `Bearer ${owner.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const ok = async <T = Body>(r: Promise<{ json(): Body; body: string }>): Promise<T> => {
  const res = await r;
  const b = res.json();
  if (!b.success) throw new Error(`expected success: ${res.body}`);
  return b.value as T;
};
async function balances(p: Player) {
  const b = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberBonus(p.id)]);
  return { main: b[memberMain(p.id)]!.balance, bonus: b[memberBonus(p.id)]!.balance };
}
/** New sessions after the clock moved a day (sessions expire). */
async function relogin(...ps: Player[]) {
  owner.token = await loginTestAdmin(t, owner);
  for (const p of ps) {
    const row = (await t.app.modules.members.findById(demo.id, p.id))!;
    p.token = (
      await t.app.modules.auth.startSession(demo, row, 'member', 'password', { ip: '203.0.113.5', userAgent: 'vitest' })
    ).token;
  }
}
const bet = (p: Player, over: Partial<Extract<PlayEvent, { kind: 'bet_settled' }>> = {}): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:br-${++seq}`,
  merchantId: demo.id,
  memberId: p.id,
  product: 'house',
  category: 'SLOT',
  gameCode: 'LUCKY_DRAGON',
  stake: 10_000n,
  validBet: 10_000n,
  payout: 0n,
  settledAt: now,
  ...over,
});
const cashbackRewards = async (p: Player) =>
  ((await ok(call(p, 'GET', '/wps/rewards?view=claimable&pageSize=50'))).list as Body[])
    .filter((r) => r.source === 'cashback')
    .sort((x, y) => Number(BigInt(y.amount) - BigInt(x.amount)));
const summary = (p: Player) => ok(call(p, 'GET', '/wps/bonus'));
const claim = (p: Player, ref: string) => call(p, 'POST', `/wps/rewards/${ref}/claim`).then((r) => r.json());

/** Settled bets through the durable queue to the bonus consumer (as the games publish them). */
async function wager(events: PlayEvent[]) {
  for (const e of events) await t.app.modules.playEvents.publish(t.database.db, e);
  const until = Date.now() + 240_000;
  for (;;) {
    await t.app.modules.playEvents.drain();
    if ((await t.app.modules.playEvents.backlog(t.app.modules.bonus.consumerName)) === 0n) return;
    if (Date.now() > until) throw new Error('the play-event queue did not drain within 240 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('cashback paid as bonus money, with late events', () => {
  let d: Player;
  let e: Player;
  let f: Player;
  let programme = '';
  const day = '2026-12-01';
  const lateAt = new Date('2026-12-01T05:00:00Z');

  beforeAll(async () => {
    [d, e, f] = [await newPlayer(t, demo), await newPlayer(t, demo), await newPlayer(t, demo)];
  });

  it('the programme editor takes "pay as bonus" only with its terms', async () => {
    const base = { title: 'Slots cashback (bonus)', period: 'daily', percentBp: 1_000, cap: '5000' };
    const bad = (await staff('POST', '/cashback/programmes', { ...base, payAs: 'bonus' })).json();
    expect(bad.code).toBe('validation_failed');
    expect(JSON.stringify(bad)).toContain('bonusTerms');
    const terms = { multiplier: 2, maxConversion: '1800', maxStake: null, expiryDays: 7 };
    const saved = await ok(staff('POST', '/cashback/programmes', { ...base, payAs: 'bonus', bonusTerms: terms }));
    expect(saved).toMatchObject({ payAs: 'bonus', bonusTerms: terms });
    programme = saved.id;
    const view = (await ok(call(d, 'GET', '/wps/cashback'))).list.find((x: Body) => x.id === programme);
    expect(view).toMatchObject({ payAs: 'bonus', bonusTerms: terms });
  });

  it('closes the day with bonus rewards, then late bets add extra rewards once (replayed, reordered, capped)', async () => {
    await t.app.modules.cashback.consumer.handle([
      bet(d, { stake: 20_000n }), // loss 20,000 → 2,000
      bet(f, { stake: 30_000n }), // loss 30,000 → 3,000
      bet(e, { stake: 10_000n, payout: 10_000n }), // even: nothing
    ]);
    now = new Date('2026-12-02T04:00:00Z');
    await relogin(d, e, f);
    expect(await t.app.modules.cashback.closeEnded()).toMatchObject({ runs: 1, granted: 2, adjusted: 0 });
    const [r1] = await cashbackRewards(d);
    expect(r1).toMatchObject({
      amount: '2000',
      kind: 'bonus',
      bonusTerms: { multiplier: 2, maxConversion: '1800', maxStake: null, expiryDays: 7 },
    });

    // Late: d loses 15,000 (L2) then 10,000 (L1), e loses 50,000 (capped 5,000), fed out of order and replayed.
    const l1 = bet(d, { stake: 10_000n, settledAt: lateAt });
    const l2 = bet(d, { stake: 15_000n, settledAt: lateAt });
    const le = bet(e, { stake: 50_000n, settledAt: lateAt });
    await t.app.modules.cashback.consumer.handle([l2]);
    expect((await t.app.modules.cashback.closeEnded()).adjusted).toBe(1); // d: 3,500 owed − 2,000 paid
    await t.app.modules.cashback.consumer.handle([le, l1, l2]);
    await t.app.modules.cashback.consumer.handle([l1, le]);
    const [x, y] = await Promise.all([t.app.modules.cashback.closeEnded(), t.app.modules.cashback.closeEnded()]);
    expect(x.adjusted + y.adjusted).toBe(2); // d: 1,000 more; e: 5,000
    await t.app.modules.cashback.consumer.handle([l2, l1, le]);
    expect(await t.app.modules.cashback.closeEnded()).toEqual({ runs: 0, granted: 0, adjusted: 0 });
    // A big late loss: the period's cap (5,000) holds across the close and every adjustment.
    await t.app.modules.cashback.consumer.handle([bet(d, { stake: 100_000n, settledAt: lateAt })]);
    expect((await t.app.modules.cashback.closeEnded()).adjusted).toBe(1);

    const ds = await cashbackRewards(d);
    expect(ds.map((r) => r.amount)).toEqual(['2000', '1500', '1000', '500']);
    expect(ds.every((r) => r.kind === 'bonus')).toBe(true);
    expect(ds.slice(1).every((r) => r.title.includes('late bets'))).toBe(true);
    expect((await cashbackRewards(e)).map((r) => r.amount)).toEqual(['5000']);
    const runs = await ok(staff('GET', '/cashback/runs'));
    expect(runs.list.find((r: Body) => r.programmeId === programme)).toMatchObject({
      periodKey: day,
      members: 3,
      total: String(5_000 + 3_000 + 5_000),
    });
  });

  it('a bonus reward claimed goes to the bonus account once (racing claims), the next one queues behind it', async () => {
    const [r1, r2] = await cashbackRewards(d);
    const before = await balances(d);
    const results = await Promise.all(Array.from({ length: 4 }, () => claim(d, r1.reference)));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success).every((r) => r.code === 'reward_already_claimed')).toBe(true);
    expect(await balances(d)).toEqual({ main: before.main, bonus: before.bonus + 2_000n });
    let s = await summary(d);
    expect(s.active).toMatchObject({
      kind: 'reward',
      promotionId: null,
      rewardRef: r1.reference,
      amount: '2000',
      requirement: '4000',
      wagered: '0',
      maxConversion: '1800',
    });
    expect(s.active.title).toContain('Slots cashback (bonus)');
    // The grant's ledger key is the reward's reference.
    const journal = await db()
      .selectFrom('ledger_journals')
      .select(['scope', 'idem_key'])
      .where('idem_key', '=', r1.reference)
      .execute();
    expect(journal).toEqual([{ scope: 'bonus', idem_key: r1.reference }]);

    expect((await claim(d, r2.reference)).success).toBe(true);
    s = await summary(d);
    expect(s.queued.map((c: Body) => c.amount)).toEqual(['1500']);
    expect((await balances(d)).bonus).toBe(before.bonus + 2_000n);
    expect((await ok(call(d, 'GET', '/wps/rewards?view=history'))).list.map((r: Body) => r.reference)).toEqual(
      expect.arrayContaining([r1.reference, r2.reference]),
    );
  });

  it('a member on a break cannot claim a bonus reward; the reward stays claimable', async () => {
    const [r] = await cashbackRewards(f);
    expect(r).toMatchObject({ amount: '3000', kind: 'bonus' });
    const brk = await t.app.inject({
      method: 'POST',
      url: '/wps/responsible-gaming/break',
      headers: bearer(f.token),
      payload: { kind: 'self_exclusion', duration: '6m', password: f.password },
    });
    expect(brk.statusCode, brk.body).toBe(200);
    // Its sessions ended: the claim is tried through the reward centre's face with a member principal.
    const principal = { sessionId: 0n, memberId: f.id, type: 0, area: 'member' as const, isTrial: false };
    await expect(t.app.modules.rewards.centre.claim(demo, principal, r.reference)).rejects.toMatchObject({
      code: 'rg_self_excluded',
    });
    expect(await balances(f)).toEqual({ main: 0n, bonus: 0n });
    const row = await db()
      .selectFrom('member_rewards')
      .select('status')
      .where('reference', '=', r.reference)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('claimable');
  });

  it('wagering met converts to main up to the maximum conversion, then the queued one; expiry takes it back', async () => {
    const before = await balances(d);
    await wager([bet(d, { validBet: 3_000n }), bet(d, { validBet: 999n })]);
    expect((await summary(d)).active).toMatchObject({ amount: '2000', wagered: '3999' });
    await wager([bet(d, { validBet: 1_000n, category: 'LIVE' }), bet(d, { validBet: 1n })]); // LIVE counts 10 %
    expect((await summary(d)).active).toMatchObject({ amount: '1500', wagered: '0' });
    // The bet that met the requirement ended the claim (the consumer settles it): 2,000 held: 1,800 (the maximum conversion) to main, 200 to the house; the queued 1,500 becomes active.
    expect(await balances(d)).toEqual({ main: before.main + 1_800n, bonus: 1_500n });
    let s = await summary(d);
    expect(s.history[0]).toMatchObject({ status: 'converted', wagered: '4000', converted: '1800', forfeited: '200' });
    expect(s.active).toMatchObject({ amount: '1500', requirement: '3000', wagered: '0' });

    now = new Date(now.getTime() + 8 * 86_400_000);
    await relogin(d);
    await t.app.modules.bonus.settleDue();
    expect(await balances(d)).toEqual({ main: before.main + 1_800n, bonus: 0n });
    s = await summary(d);
    expect(s.active).toBeNull();
    expect(s.history[0]).toMatchObject({ status: 'expired', forfeited: '1500', converted: '0' });
  });
});
