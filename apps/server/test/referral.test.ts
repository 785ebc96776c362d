import type { PlayEvent } from '../src/lib/play-events.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Member referral (issue 23): a registration with a member's code records the referrer (an unknown code is
 * referral_code_invalid); the referee's first deposit and turnover qualify it once under replayed and reordered
 * events; the referrer's monthly cap; self-referral (same IP, device, payout account) is flagged, never paid, and a
 * staff approval grants the reward once even when two approvals race. Runs on PGlite and, with DATABASE_URL, on
 * PostgreSQL.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
const START = new Date('2026-11-28T04:00:00Z');
let now = START;
let seq = 0;
let ipSeq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => now });
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterAll(() => t.close());

type Body = ReturnType<typeof JSON.parse>;
const ok = async <T = Body>(r: Promise<{ json(): Body; body: string }>): Promise<T> => {
  const res = await r;
  const b = res.json();
  if (!b.success) throw new Error(`expected success: ${res.body}`);
  return b.value as T;
};
const call = (p: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), merchant: 'demo' }, ...(payload && { payload }) });
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/admin/api/referral${url}`,
    headers: { authorization: `Bearer ${owner.token}`, merchant: 'demo' },
    ...(payload && { payload }),
  });
const main = async (id: bigint) =>
  (await t.app.modules.ledger.balances(demo.id, [memberMain(id)]))[memberMain(id)]?.balance ?? 0n;
const consumer = () => t.app.modules.referral.consumers[0]!;

/** A registration through the HTTP route, from its own IP unless told (and a device id when given). */
async function register(code: string | undefined, opts: { ip?: string; deviceId?: string } = {}) {
  const username = `friend${++seq}${Date.now() % 10000}`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    headers: {
      'x-forwarded-for': opts.ip ?? `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`,
      merchant: 'demo',
      ...(opts.deviceId && { 'device-id': opts.deviceId }),
    },
    payload: {
      username,
      password: 'long enough pw',
      confirmPassword: 'long enough pw',
      agreeTerms: true,
      ...(code && { referralCode: code }),
    },
  });
  const member = await t.app.modules.members.findByAccount(demo.id, username);
  return { res, member };
}
const deposit = (memberId: bigint, amount: bigint, first = true): PlayEvent => ({
  kind: 'deposit_credited',
  id: `deposit:test-${++seq}`,
  merchantId: demo.id,
  memberId,
  amount,
  first,
  at: now,
});
const bet = (memberId: bigint, validBet: bigint, settledAt = now): PlayEvent => ({
  kind: 'bet_settled',
  id: `round:ref-${++seq}`,
  merchantId: demo.id,
  memberId,
  product: 'house',
  category: 'SLOT',
  gameCode: 'LUCKY_DRAGON',
  stake: validBet,
  validBet,
  payout: 0n,
  settledAt,
});
const overview = (p: Player) => ok(call(p, 'GET', '/wps/referral'));
const referralRewards = async (p: Player) =>
  (await ok(call(p, 'GET', '/wps/rewards?view=claimable'))).list.filter(
    (r: { source: string }) => r.source === 'referral',
  );

/** Demo programme: first deposit ≥ 10000, turnover 20000 within 30 days, 5000 to the referrer. */
describe('referral', () => {
  let referrer: Player;
  let code = '';
  beforeAll(async () => {
    referrer = await newPlayer(t, demo);
    const o = await overview(referrer);
    code = o.code;
  });

  it('gives each member one stable code and link, and shows the rules', async () => {
    const o = await overview(referrer);
    expect(o.code).toBe(code);
    expect(o.code).toMatch(/^[A-Z0-9]{8}$/);
    expect(o.link).toBe(`/?referralCode=${code}`);
    expect(o.rules).toMatchObject({
      minFirstDeposit: '10000',
      turnover: '20000',
      withinDays: 30,
      referrerReward: '5000',
    });
    expect(o.friends).toEqual([]);
  });

  it('refuses an unknown code with referral_code_invalid and writes nothing', async () => {
    const { res, member } = await register('NOSUCHCODE');
    expect(res.json()).toMatchObject({ success: false, code: 'referral_code_invalid' });
    expect(member).toBeUndefined();
  });

  it('qualifies once under replayed and reordered events; the referrer claims once', async () => {
    const { res, member } = await register(code.toLowerCase());
    expect(res.json().success).toBe(true);
    const friend = member!;
    let o = await overview(referrer);
    expect(o.friends).toEqual([
      {
        username: `${friend.account.slice(0, 2)}***${friend.account.slice(-1)}`,
        joinedAt: now.toISOString(),
        status: 'registered',
      },
    ]);
    // Bets before the deposit (reordered), one bet outside the 30 days (not counted), one batch delivered twice.
    const late = bet(friend.id, 50_000n, new Date(now.getTime() + 31 * 86_400_000));
    const b1 = bet(friend.id, 12_000n);
    const b2 = bet(friend.id, 7_999n);
    await consumer().handle([late, b1, b2, b1]);
    await consumer().handle([late, b1, b2]);
    expect((await overview(referrer)).friends[0].status).toBe('registered'); // no deposit yet, turnover 19,999
    const d = deposit(friend.id, 10_000n);
    await consumer().handle([d]);
    expect((await overview(referrer)).friends[0].status).toBe('registered'); // turnover still 1 short
    const b3 = bet(friend.id, 1n);
    await Promise.all([consumer().handle([d, b3]), consumer().handle([b3, d])].map((p) => p.catch(() => undefined)));
    await consumer().handle([d, b3, b1, b2]);
    o = await overview(referrer);
    expect(o.friends[0].status).toBe('rewarded');
    expect(o.rewardedCount).toBe(1);
    expect(o.rewardsEarned).toBe('5000');
    const rewards = await referralRewards(referrer);
    expect(rewards).toHaveLength(1);
    expect(rewards[0].amount).toBe('5000');
    const before = await main(referrer.id);
    const claims = await Promise.all([
      call(referrer, 'POST', `/wps/rewards/${rewards[0].reference}/claim`),
      call(referrer, 'POST', `/wps/rewards/${rewards[0].reference}/claim`),
    ]);
    expect(claims.filter((c) => c.json().success)).toHaveLength(1);
    expect(await main(referrer.id)).toBe(before + 5000n);
  });

  it('a first deposit below the minimum never qualifies', async () => {
    const { member } = await register(code);
    await consumer().handle([
      deposit(member!.id, 9_999n),
      bet(member!.id, 100_000n),
      deposit(member!.id, 50_000n, false),
    ]);
    const o = await overview(referrer);
    expect(o.friends.find((f: { status: string }) => f.status === 'registered')).toBeTruthy();
    expect(o.rewardedCount).toBe(1);
  });

  it('holds referrals over the monthly cap as qualified, unpaid', async () => {
    const capped = await newPlayer(t, demo);
    const c = (await overview(capped)).code;
    const settings = await ok(staff('GET', '/settings'));
    await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined, monthlyCap: 1 }));
    try {
      const a = (await register(c)).member!;
      const b = (await register(c)).member!;
      await consumer().handle([deposit(a.id, 10_000n), bet(a.id, 20_000n), deposit(b.id, 20_000n), bet(b.id, 30_000n)]);
      const o = await overview(capped);
      expect(o.friends.map((f: { status: string }) => f.status).sort()).toEqual(['qualified', 'rewarded']);
      expect(await referralRewards(capped)).toHaveLength(1);
    } finally {
      await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined }));
    }
  });

  it('pays referrals held by the cap in the next months with room, once each, oldest first', async () => {
    const capped = await newPlayer(t, demo);
    const c = (await overview(capped)).code;
    const settings = await ok(staff('GET', '/settings'));
    await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined, monthlyCap: 1 }));
    // Read from the tables: the player's session does not outlive the months the clock moves through.
    const statuses = async () =>
      Object.fromEntries(
        (
          await sql<{ status: string; n: number }>`
            select status, count(*)::int as n from referrals where referrer_id = ${capped.id} group by status`.execute(
            t.database.db,
          )
        ).rows.map((r) => [r.status, r.n]),
      );
    const qualify = async (m: { id: bigint }) => consumer().handle([deposit(m.id, 10_000n), bet(m.id, 20_000n)]);
    try {
      const [a, b, d] = [(await register(c)).member!, (await register(c)).member!, (await register(c)).member!];
      for (const m of [a, b, d]) await qualify(m); // November: a paid, b and d held
      expect(await statuses()).toEqual({ rewarded: 1, qualified: 2 });
      await t.app.modules.referral.carryOver(); // the cap is still full this month
      expect(await statuses()).toEqual({ rewarded: 1, qualified: 2 });
      now = new Date('2026-12-02T04:00:00Z');
      const e = (await register(c)).member!;
      await qualify(e); // qualifies in December, but waits behind the two held from November
      expect(await statuses()).toEqual({ rewarded: 1, qualified: 3 });
      // (Other tests' referrers may have held referrals too: this referrer's rows are what is checked.)
      expect(await t.app.modules.referral.carryOver()).not.toBeNull();
      expect(await statuses()).toEqual({ rewarded: 2, qualified: 2 });
      await t.app.modules.referral.carryOver(); // December's one place is taken: nothing more
      expect(await statuses()).toEqual({ rewarded: 2, qualified: 2 });
      now = new Date('2027-01-03T04:00:00Z');
      await t.app.modules.referral.carryOver();
      await t.app.modules.referral.carryOver();
      expect(await statuses()).toEqual({ rewarded: 3, qualified: 1 });
      now = new Date('2027-02-03T04:00:00Z');
      await t.app.modules.referral.carryOver();
      expect(await statuses()).toEqual({ rewarded: 4 });
      // Paid in the order they qualified: b (December), d (January), e (February); each reward once.
      const months = await sql<{ referee_id: bigint; reward_month: string }>`
        select referee_id, reward_month from referrals where referrer_id = ${capped.id}`.execute(t.database.db);
      const month = (id: bigint) => months.rows.find((r) => r.referee_id === id)?.reward_month;
      expect([a, b, d, e].map((m) => month(m.id))).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
      const rewards = await sql<{ n: number }>`
        select count(*)::int as n from member_rewards where member_id = ${capped.id} and source = 'referral'`.execute(
        t.database.db,
      );
      expect(rewards.rows[0]!.n).toBe(4);
    } finally {
      now = START;
      await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined }));
    }
  });

  it('flags self-referral (same IP, device, payout account) for staff; approval pays once, rejection never', async () => {
    const self = await newPlayer(t, demo); // signed in from 203.0.113.5
    const c = (await overview(self)).code;
    const sameIp = (await register(c, { ip: '203.0.113.5' })).member!;
    const device = 'device-abcdefghijklmnop';
    await t.app.modules.auth.startSession(
      demo,
      (await t.app.modules.members.findById(demo.id, self.id))!,
      'member',
      'password',
      {
        ip: '198.51.100.9',
        userAgent: 'vitest',
        deviceId: device,
      },
    );
    const sameDevice = (await register(c, { deviceId: device })).member!;
    const sameBank = (await register(c)).member!;
    for (const id of [self.id, sameBank.id])
      await t.app.modules.withdrawals.bankAccounts.add(demo, id, {
        bankName: 'BDO',
        accountNumber: '0012345678',
        accountName: 'Same Person',
      });
    const events = [sameIp, sameDevice, sameBank].flatMap((m) => [deposit(m.id, 10_000n), bet(m.id, 20_000n)]);
    await consumer().handle(events);
    expect(await referralRewards(self)).toHaveLength(0);
    expect((await overview(self)).friends.map((f: { status: string }) => f.status)).toEqual([
      'flagged',
      'flagged',
      'flagged',
    ]);

    const queue = (await ok(staff('GET', '/referrals?view=flagged'))).list.filter(
      (r: { referrer: string }) => r.referrer === self.account,
    );
    expect(queue).toHaveLength(3);
    const byReferee = (m: { account: string }) => queue.find((r: { referee: string }) => r.referee === m.account)!;
    expect(byReferee(sameIp).flags).toContain('same_ip');
    expect(byReferee(sameDevice).flags).toContain('same_device');
    expect(byReferee(sameBank).flags).toContain('same_bank_account');

    // Two approvals at once: one decision, one reward.
    const approve = () => staff('POST', `/referrals/${byReferee(sameIp).id}/review`, { decision: 'approve' });
    const both = await Promise.all([approve(), approve()]);
    expect(both.map((r) => r.json().code ?? 'ok').sort()).toEqual(['ok', 'referral_not_flagged'].sort());
    expect(both.filter((r) => r.json().success)).toHaveLength(1);
    expect(await referralRewards(self)).toHaveLength(1);

    // A rejection needs its reason, records it, and pays nothing.
    const noReason = await staff('POST', `/referrals/${byReferee(sameBank).id}/review`, { decision: 'reject' });
    expect(noReason.json().success).toBe(false);
    const rejected = await ok(
      staff('POST', `/referrals/${byReferee(sameBank).id}/review`, { decision: 'reject', reason: 'Same bank account' }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      reviewReason: 'Same bank account',
      reviewedBy: owner.username,
    });
    expect(await referralRewards(self)).toHaveLength(1);
    const missing = await staff('POST', '/referrals/999999999/review', { decision: 'approve' });
    expect(missing.json().code).toBe('referral_not_found');
  });

  it('ignores the code when the programme is off; the page says not enabled', async () => {
    const settings = await ok(staff('GET', '/settings'));
    await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined, enabled: false }));
    try {
      const { res, member } = await register('NOSUCHCODE');
      expect(res.json().success).toBe(true);
      expect(member!.referral_code).toBe('NOSUCHCODE');
      expect((await call(referrer, 'GET', '/wps/referral')).json().code).toBe('function_not_enabled');
    } finally {
      await ok(staff('PUT', '/settings', { ...settings, currency: undefined, exponent: undefined, enabled: true }));
    }
  });

  it('validates the settings', async () => {
    const bad = await staff('PUT', '/settings', {
      enabled: true,
      minFirstDeposit: '-1',
      turnover: '0',
      withinDays: 0,
      referrerReward: '0',
      refereeReward: '0',
      monthlyCap: 1,
    });
    expect(bad.json()).toMatchObject({ success: false, code: 'validation_failed' });
  });
});
