import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/ledger/ledger-audit.repository.ts';
import { memberBonus, memberMain } from '../src/modules/ledger/index.ts';
import type { Merchant } from '../src/modules/merchants/index.ts';
import { createTestAdmin, type TestAdmin } from './helpers/admin.ts';
import { bearer, multipart, newPlayer, type Player, testImage } from './helpers/players.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * /join and activity applications (issue 23): the page's states; a sign-up bonus joined on /join and paid on the
 * reward request (once, even when requested twice at once); an application with a comment (≤ 140 characters as
 * seen) and images (PNG/JPG by content, ≤ 5 MB, at most 3), one pending at a time; staff approve twice at once →
 * paid once, reject with a reason the member sees; once per member; the same IP as a rewarded member flagged.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
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

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(owner.token), ...(payload && { payload }) });
const member = (p: Player, method: 'GET' | 'POST', url: string, ip = '198.51.100.1') =>
  t.app.inject({ method, url, headers: { ...bearer(p.token), 'x-forwarded-for': ip } });

async function newPromotion(): Promise<string> {
  const r = await staff('POST', '/admin/api/promotions', {
    title: `Promo ${randomUUID().slice(0, 6)}`,
    content: '<p>x</p>',
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().value.id as string;
}

async function signupPromotion(amount: string): Promise<string> {
  const id = await newPromotion();
  const o = await staff('PUT', `/admin/api/promotions/${id}/bonus`, {
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

async function activityPromotion(
  opts: { newMembersOnly?: boolean; oncePerMember?: boolean; bonusTerms?: object } = {},
): Promise<string> {
  const id = await newPromotion();
  const r = await staff('PUT', `/admin/api/promotions/${id}/application`, {
    enabled: true,
    newMembersOnly: opts.newMembersOnly ?? false,
    oncePerMember: opts.oncePerMember ?? true,
    ...(opts.bonusTerms && { payAs: 'bonus', bonusTerms: opts.bonusTerms }),
  });
  expect(r.statusCode, r.body).toBe(200);
  return id;
}

const apply = (p: Player, id: string, comment: string, images: Buffer[] = [], ip = `192.0.2.${ipSeq++}`) => {
  const form = multipart(
    { comment },
    images.map((content, i) => ({ field: 'images', content, name: `shot${i}.png`, type: 'image/png' })),
  );
  return t.app.inject({
    method: 'PUT',
    url: `/wps/join/${id}/application`,
    headers: { ...bearer(p.token), 'x-forwarded-for': ip, ...form.headers },
    payload: form.payload,
  });
};

const balances = async (p: Player) => {
  const b = await t.app.modules.ledger.balances(demo.id, [memberMain(p.id), memberBonus(p.id)]);
  return { main: b[memberMain(p.id)]!.balance, bonus: b[memberBonus(p.id)]!.balance };
};
const stateOf = async (p: Player, id: string) =>
  ((await member(p, 'GET', '/wps/join')).json().value.list as { promotionId: string; state: string }[]).find(
    (i) => i.promotionId === id,
  );
const review = (id: string, body: object) => staff('POST', `/admin/api/activity-applications/${id}/review`, body);

describe('/join: sign-up promotion join and reward request', () => {
  it('joins, then pays the reward once even when requested twice at once; the states follow', async () => {
    const promo = await signupPromotion('1500');
    const p = await newPlayer(t, demo);
    const visitor = (await t.app.inject({ method: 'GET', url: '/wps/join/public' })).json().value;
    expect(visitor.list.find((i: { promotionId: string }) => i.promotionId === promo)).toMatchObject({
      type: 'signup',
      amount: '1500',
      state: 'join',
    });
    expect(await stateOf(p, promo)).toMatchObject({ state: 'join' });
    // The reward cannot be requested before joining.
    expect((await member(p, 'POST', `/wps/join/${promo}/reward`)).json().code).toBe('bonus_reward_not_ready');
    const joined = await member(p, 'POST', `/wps/join/${promo}`);
    expect(joined.json().value?.status, joined.body).toBe('joined');
    expect(await balances(p)).toEqual({ main: 0n, bonus: 0n });
    expect(await stateOf(p, promo)).toMatchObject({ state: 'claim' });
    expect((await member(p, 'POST', `/wps/join/${promo}`)).json().code).toBe('bonus_already_joined');

    const both = await Promise.all([
      member(p, 'POST', `/wps/join/${promo}/reward`),
      member(p, 'POST', `/wps/join/${promo}/reward`),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.map((r) => r.json().code).sort()).toEqual(['bonus_reward_not_ready', 'ok'].sort());
    expect(await balances(p)).toEqual({ main: 0n, bonus: 1500n });
    expect(await stateOf(p, promo)).toMatchObject({ state: 'issued' });
  });

  it('a reward request from the IP of another member’s claim is flagged for staff, not paid', async () => {
    const promo = await signupPromotion('800');
    const [a, b] = [await newPlayer(t, demo), await newPlayer(t, demo)];
    const ip = `203.0.113.${ipSeq++}`;
    for (const p of [a, b]) expect((await member(p, 'POST', `/wps/join/${promo}`, ip)).statusCode).toBe(200);
    expect((await member(a, 'POST', `/wps/join/${promo}/reward`, ip)).json().value.status).toBe('active');
    expect((await member(b, 'POST', `/wps/join/${promo}/reward`, ip)).json().value.status).toBe('flagged');
    expect(await balances(b)).toEqual({ main: 0n, bonus: 0n });
    expect(await stateOf(b, promo)).toMatchObject({ state: 'process' });
  });
});

describe('activity applications', () => {
  it('applies with images; approve twice at once pays once; the member sees issued and a message', async () => {
    const promo = await activityPromotion();
    const p = await newPlayer(t, demo);
    expect(await stateOf(p, promo)).toMatchObject({ type: 'application', state: 'join' });
    const png = await testImage('png');
    const jpg = await testImage('jpeg');
    const r = await apply(p, promo, 'My screenshot 🎉', [png, jpg]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().value).toMatchObject({ status: 'applying', imageCount: 2, comment: 'My screenshot 🎉' });
    expect(await stateOf(p, promo)).toMatchObject({ state: 'applying' });
    // One pending application per member and promotion.
    expect((await apply(p, promo, 'again')).json().code).toBe('activity_already_applying');

    const id = r.json().value.id as string;
    const queue = (await staff('GET', '/admin/api/activity-applications?status=applying')).json().value;
    expect(queue.list.find((a: { id: string }) => a.id === id)).toMatchObject({ account: p.account, imageCount: 2 });
    const img = await staff('GET', `/admin/api/activity-applications/${id}/images/1`);
    expect(img.json().value.contentType).toBe('image/jpeg');
    expect(Buffer.from(img.json().value.data, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await staff('GET', `/admin/api/activity-applications/${id}/images/2`)).statusCode).toBe(404);
    // The images only with a staff session.
    expect((await member(p, 'GET', `/admin/api/activity-applications/${id}/images/0`)).statusCode).toBe(401);

    const both = await Promise.all([
      review(id, { decision: 'approve', amount: '2500' }),
      review(id, { decision: 'approve', amount: '2500' }),
    ]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((x) => x.statusCode === 409)!.json().code).toBe('activity_application_reviewed');
    expect(await balances(p)).toEqual({ main: 2500n, bonus: 0n });
    expect(await stateOf(p, promo)).toMatchObject({ state: 'issued', amount: '2500' });
    const inbox = await t.app.inject({ method: 'GET', url: '/wps/member/messages', headers: bearer(p.token) });
    expect(inbox.body).toContain('Reward issued');
    // Once per member: no second application once rewarded.
    expect((await apply(p, promo, 'more')).json().code).toBe('activity_already_rewarded');
  });

  it('a promotion set to pay as bonus: approved twice at once, one bonus claim with its wagering terms', async () => {
    const terms = { multiplier: 3, maxConversion: null, maxStake: '1000', expiryDays: 5 };
    const promo = await activityPromotion({ bonusTerms: terms });
    const saved = await staff('GET', `/admin/api/promotions/${promo}/application`);
    expect(saved.json().value.offer).toMatchObject({ payAs: 'bonus', bonusTerms: terms });
    const noTerms = await staff('PUT', `/admin/api/promotions/${promo}/application`, {
      enabled: true,
      newMembersOnly: false,
      oncePerMember: true,
      payAs: 'bonus',
    });
    expect(noTerms.json().code).toBe('validation_failed');
    const p = await newPlayer(t, demo);
    const id = (await apply(p, promo, 'Bonus please')).json().value.id as string;
    const both = await Promise.all([
      review(id, { decision: 'approve', amount: '2000' }),
      review(id, { decision: 'approve', amount: '2000' }),
    ]);
    expect(both.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(await balances(p)).toEqual({ main: 0n, bonus: 2000n });
    const bonus = (await member(p, 'GET', '/wps/bonus')).json().value;
    expect(bonus.active).toMatchObject({
      kind: 'reward',
      rewardRef: `ACT-${id}`,
      amount: '2000',
      requirement: '6000',
      maxStake: '1000',
    });
    const inbox = await t.app.inject({ method: 'GET', url: '/wps/member/messages', headers: bearer(p.token) });
    expect(inbox.body).toContain('Reward issued');
  });

  it('a rejection carries its reason to the member, who may apply again; nothing is paid', async () => {
    const promo = await activityPromotion();
    const p = await newPlayer(t, demo);
    const id = (await apply(p, promo, 'first try')).json().value.id as string;
    const noReason = await review(id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('validation_failed');
    const noAmount = await review(id, { decision: 'approve' });
    expect(noAmount.json().code).toBe('validation_failed');
    expect((await review(id, { decision: 'reject', reason: 'The screenshot is unreadable.' })).statusCode).toBe(200);
    expect(await stateOf(p, promo)).toMatchObject({ state: 'rejected', reason: 'The screenshot is unreadable.' });
    expect(await balances(p)).toEqual({ main: 0n, bonus: 0n });
    expect((await review(id, { decision: 'approve', amount: '10' })).json().code).toBe('activity_application_reviewed');
    expect((await apply(p, promo, 'second try')).statusCode).toBe(200);
  });

  it('refuses bad input with clear codes before anything is written', async () => {
    const promo = await activityPromotion();
    const p = await newPlayer(t, demo);
    const png = await testImage('png');
    const code = async (r: Awaited<ReturnType<typeof apply>>) => [r.statusCode, r.json().code];
    // 140 characters as the user sees them: 140 emoji pass, 141 letters do not.
    expect(await code(await apply(p, promo, 'x'.repeat(141)))).toEqual([400, 'validation_failed']);
    expect(await code(await apply(p, promo, '   '))).toEqual([400, 'validation_failed']);
    expect(await code(await apply(p, promo, 'ok', [await testImage('gif')]))).toEqual([415, 'activity_image_type']);
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    expect(await code(await apply(p, promo, 'ok', [fake]))).toEqual([415, 'activity_image_type']);
    expect(await code(await apply(p, promo, 'ok', [png, png, png, png]))).toEqual([400, 'activity_too_many_images']);
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect(await code(await apply(p, promo, 'ok', [big]))).toEqual([413, 'activity_image_too_large']);
    expect(await code(await apply(p, '999999999', 'ok'))).toEqual([404, 'activity_not_found']);
    expect(await stateOf(p, promo)).toMatchObject({ state: 'join' });
    const ok = await apply(p, promo, '👍🏽'.repeat(140), [png, png, png]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('new members only; the same IP as a rewarded member is flagged for staff', async () => {
    const old = await newPlayer(t, demo);
    const promo = await activityPromotion({ newMembersOnly: true, oncePerMember: true });
    // `old` registered before the promotion started (same clock second at most: created earlier).
    const refused = await apply(old, promo, 'hello');
    if (refused.statusCode !== 200) expect(refused.json().code).toBe('activity_not_eligible');
    const ip = `198.51.100.${100 + ipSeq++}`;
    const [a, b] = [await newPlayer(t, demo), await newPlayer(t, demo)];
    const first = (await apply(a, promo, 'a', [], ip)).json().value.id as string;
    expect((await review(first, { decision: 'approve', amount: '100' })).statusCode).toBe(200);
    const second = (await apply(b, promo, 'b', [], ip)).json().value.id as string;
    const list = (await staff('GET', '/admin/api/activity-applications?status=applying')).json().value.list;
    expect(list.find((x: { id: string }) => x.id === second).flagReason).toContain('same IP');
    expect(await balances(b)).toEqual({ main: 0n, bonus: 0n });
  });
});

describe('hostile input on the /join and application routes', () => {
  it('never answers 5xx', async () => {
    const p = await newPlayer(t, demo);
    const ids = ['0', 'abc', '99999999999999999999', '-1', '1'];
    const bodies: unknown[] = [undefined, {}, { comment: 1 }, { comment: 'x'.repeat(5000) }, [1], 'x'];
    const reviewBodies: unknown[] = [
      {},
      { decision: 'approve', amount: '-1' },
      { decision: 'approve', amount: '99999999999999999999' },
      { decision: 'approve', amount: '1.5' },
      { decision: 'reject', reason: 'x'.repeat(501) },
      { decision: 'maybe' },
    ];
    const seen: string[] = [];
    for (const id of ids) {
      for (const [method, url] of [
        ['POST', `/wps/join/${id}`],
        ['POST', `/wps/join/${id}/reward`],
        ['PUT', `/wps/join/${id}/application`],
      ] as const)
        for (const body of bodies) {
          const r = await t.app.inject({
            method,
            url,
            headers: { ...bearer(p.token), ...(typeof body === 'string' && { 'content-type': 'text/plain' }) },
            ...(body !== undefined && { payload: body as object }),
          });
          if (r.statusCode >= 500) seen.push(`${method} ${url} ${JSON.stringify(body)} → ${r.statusCode}`);
        }
      for (const body of reviewBodies) {
        const r = await staff('POST', `/admin/api/activity-applications/${id}/review`, body as object);
        if (r.statusCode >= 500) seen.push(`review ${id} ${JSON.stringify(body)} → ${r.statusCode}`);
      }
      for (const n of ['0', '3', 'x', '-1']) {
        const r = await staff('GET', `/admin/api/activity-applications/${id}/images/${n}`);
        if (r.statusCode >= 500) seen.push(`image ${id}/${n} → ${r.statusCode}`);
      }
    }
    const q = await staff('GET', '/admin/api/activity-applications?status=nope&pageNo=0&pageSize=1000');
    expect(q.statusCode).toBe(400);
    expect(seen).toEqual([]);
  });
});
