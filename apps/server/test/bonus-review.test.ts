import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, newPlayer, type Player } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The back office's review of bonus claims (issues 22, 23): the list (flagged first, paged, by status and member,
 * the other member of a flag by account, the merchant's currency), approve / reject with a reason kept with the claim
 * and in the audit log, a second decision refused, a rejection without a reason refused with its field, staff without
 * members.manage refused; an approved sign-up bonus is paid once, a rejected one never. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let demo: Merchant;
let owner: TestAdmin;
let ipSeq = 1;

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await t.app.modules.merchants.findByCode('demo'))!;
  owner = await createTestAdmin(t);
});
afterEach(async () => {
  expect(await auditLedger(t.database.db)).toEqual({ ok: true, problems: [] });
});
afterAll(() => t?.close());

const staff = (a: TestAdmin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(a.token), ...(payload && { payload }) });

/** A promotion paying a sign-up bonus of `amount` minor units at once when joined. */
async function signupPromotion(amount: string): Promise<string> {
  const p = await staff(owner, 'POST', '/admin/api/promotions', {
    title: `Sign-up ${randomUUID().slice(0, 6)}`,
    content: '<p>x</p>',
  });
  const id = p.json().value.id as string;
  const o = await staff(owner, 'PUT', `/admin/api/promotions/${id}/bonus`, {
    kind: 'signup',
    enabled: true,
    percentBp: 0,
    fixedAmount: amount,
    maxBonus: null,
    minDeposit: '0',
    multiplier: 1,
    wagerBase: 'bonus',
    maxConversion: null,
    maxStake: null,
    expiryDays: 7,
    newMembersOnly: false,
    contributions: {},
  });
  expect(o.statusCode, o.body).toBe(200);
  return id;
}

const join = (p: Player, promotionId: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/bonus/join',
    headers: { ...bearer(p.token), 'x-forwarded-for': ip },
    payload: { promotionId },
  });
const bonusOf = async (p: Player) =>
  (await t.app.modules.ledger.balances(demo.id, [memberBonus(p.id)]))[memberBonus(p.id)]!.balance;

/** Three members join one promotion: the first from its own IP, the other two from the same IP (both flagged). */
async function flaggedPair(amount = '1500') {
  const promo = await signupPromotion(amount);
  const ip = `192.0.2.${ipSeq++}`;
  const [first, second, third] = [await newPlayer(t, demo), await newPlayer(t, demo), await newPlayer(t, demo)];
  expect((await join(first, promo, ip)).json().value.status).toBe('active');
  expect((await join(second, promo, ip)).json().value.status).toBe('flagged');
  expect((await join(third, promo, ip)).json().value.status).toBe('flagged');
  return { promo, first, second, third };
}

describe('bonus claim review', () => {
  it('lists flagged claims first with the other member by account, pages, and filters by status and member', async () => {
    const { first, second, third } = await flaggedPair();
    // A newer, unflagged claim: still after the flagged ones.
    const later = await newPlayer(t, demo);
    expect((await join(later, await signupPromotion('100'), `198.51.100.${ipSeq++}`)).json().value.status).toBe(
      'active',
    );

    const page = (await staff(owner, 'GET', '/admin/api/bonus/claims?pageSize=2')).json().value;
    expect(page).toMatchObject({ pageNo: 1, pageSize: 2, currency: demo.currency, exponent: demo.currencyExponent });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.list.map((c: { status: string }) => c.status)).toEqual(['flagged', 'flagged']);
    expect(page.list.map((c: { memberAccount: string }) => c.memberAccount)).toEqual([third.account, second.account]);
    expect(page.list[0]).toMatchObject({
      flagMatch: 'ip',
      flagAccount: first.account,
      reviewedBy: null,
      reviewReason: null,
    });

    const mine = (await staff(owner, 'GET', `/admin/api/bonus/claims?account=${second.account}`)).json().value;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ memberAccount: second.account, status: 'flagged', amount: '1500' });
    const active = (await staff(owner, 'GET', `/admin/api/bonus/claims?account=${later.account}&status=flagged`)).json()
      .value;
    expect(active.total).toBe(0);
    const nobody = (await staff(owner, 'GET', '/admin/api/bonus/claims?account=no-such-member')).json().value;
    expect(nobody).toMatchObject({ total: 0, list: [] });
    const bad = await staff(owner, 'GET', '/admin/api/bonus/claims?status=unknown');
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'validation_failed']);
  });

  it('approves one (paid once), rejects the other with its reason (never paid); reasons kept and audited', async () => {
    const { second, third } = await flaggedPair('2500');
    const claimOf = async (p: Player) =>
      (await staff(owner, 'GET', `/admin/api/bonus/claims?account=${p.account}`)).json().value.list[0];
    const [a, b] = [await claimOf(second), await claimOf(third)];
    expect(await bonusOf(second)).toBe(0n);

    const noReason = await staff(owner, 'POST', `/admin/api/bonus/claims/${b.id}/review`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().value.fields.map((f: { field: string }) => f.field)).toEqual(['reason']);

    const approved = await staff(owner, 'POST', `/admin/api/bonus/claims/${a.id}/review`, {
      decision: 'approve',
      reason: 'Same household, checked by phone',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({
      status: 'active',
      reviewedBy: owner.username,
      reviewReason: 'Same household, checked by phone',
    });
    expect(await bonusOf(second)).toBe(2500n);

    const rejected = await staff(owner, 'POST', `/admin/api/bonus/claims/${b.id}/review`, {
      decision: 'reject',
      reason: 'Second account of the same player',
    });
    expect(rejected.json().value).toMatchObject({
      status: 'rejected',
      reviewReason: 'Second account of the same player',
    });
    expect(await bonusOf(third)).toBe(0n);

    // Decided once: a second decision (or one on another merchant's or a missing claim) is refused, nothing paid.
    const again = await staff(owner, 'POST', `/admin/api/bonus/claims/${a.id}/review`, { decision: 'approve' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'bonus_claim_not_flagged']);
    const missing = await staff(owner, 'POST', '/admin/api/bonus/claims/999999999/review', { decision: 'approve' });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'bonus_claim_not_found']);
    expect(await bonusOf(second)).toBe(2500n);

    const audit = await staff(owner, 'GET', '/admin/api/audit?action=bonus.reject');
    expect(audit.json().value.items[0]).toMatchObject({
      targetId: b.id,
      detail: { reason: 'Second account of the same player' },
    });
  });

  it('staff without members.manage see the list but cannot decide', async () => {
    const { second } = await flaggedPair();
    const claim = (await staff(owner, 'GET', `/admin/api/bonus/claims?account=${second.account}`)).json().value.list[0];
    const auditor = await createTestAdmin(t, { role: 'auditor' });
    expect((await staff(auditor, 'GET', '/admin/api/bonus/claims')).statusCode).toBe(200);
    const r = await staff(auditor, 'POST', `/admin/api/bonus/claims/${claim.id}/review`, { decision: 'approve' });
    expect([r.statusCode, r.json().code]).toEqual([403, 'admin_forbidden']);
    expect(
      (await staff(owner, 'GET', `/admin/api/bonus/claims?account=${second.account}`)).json().value.list[0].status,
    ).toBe('flagged');
    expect(await bonusOf(second)).toBe(0n);
  });
});
