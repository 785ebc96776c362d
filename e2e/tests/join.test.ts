import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { test } from 'node:test';
import { memberBonus, memberMain } from '../../apps/server/src/modules/ledger/index.ts';
import { adminToken, openBackOffice, post, staffMember } from '../lib/admin-api.ts';
import { context, demo, errors, logIn, noHorizontalOverflow, page, server, useE2E } from '../lib/harness.ts';

/**
 * /join (issue 23) in Chromium at 1366 and 390 px on the real server: a new player joins the sign-up promotion on
 * /join and requests its reward (paid into the bonus balance); a player applies to an activity with a comment and
 * an image, staff open it in the back office (the image through the admin route) and approve it with a reward, and
 * the player sees it issued and the money. Screenshots: e2e/artifacts/join-<step>-<width>.png.
 */
const PASSWORD = 'join e2e password 1';
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SIGNUP = 'Sign-up gift 20.00';
const ACTIVITY = 'Share your big win';
let staff = '';
let activityId = '';

async function staffPut(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}`, merchant: 'demo' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, await res.clone().text());
}

useE2E('join', {
  setup: async () => {
    staff = await adminToken('joinsetup');
    const signup = await post<{ id: string }>('/admin/api/promotions', staff, {
      title: SIGNUP,
      category: 'NEW',
      content: '<p>20.00 for every new member.</p>',
    });
    await staffPut(`/admin/api/promotions/${signup.id}/bonus`, {
      kind: 'signup',
      enabled: true,
      percentBp: 0,
      fixedAmount: '2000',
      maxBonus: null,
      minDeposit: '0',
      multiplier: 3,
      wagerBase: 'bonus',
      maxConversion: null,
      maxStake: null,
      expiryDays: 7,
      newMembersOnly: false,
      contributions: {},
    });
    activityId = (
      await post<{ id: string }>('/admin/api/promotions', staff, {
        title: ACTIVITY,
        category: 'EVENT',
        content: '<p>Post a screenshot of your big win.</p>',
      })
    ).id;
    await staffPut(`/admin/api/promotions/${activityId}/application`, {
      enabled: true,
      newMembersOnly: false,
      oncePerMember: true,
    });
  },
});

const shot = async (name: string, width: number) => {
  mkdirSync('e2e/artifacts', { recursive: true });
  await page.screenshot({ path: `e2e/artifacts/join-${name}-${width}.png`, fullPage: true });
};
const balances = async (id: bigint) => {
  const b = await server.app.modules.ledger.balances(demo.id, [memberMain(id), memberBonus(id)]);
  return { main: b[memberMain(id)]!.balance, bonus: b[memberBonus(id)]!.balance };
};
/** A new member logged in at `width`, calling from its own IP (the duplicate checks compare IPs). */
async function newMember(width: number, n: number) {
  const account = `join${width}${n}${randomUUID().slice(0, 6)}`;
  const m = await server.app.modules.members.create({ merchant: demo, account, password: PASSWORD });
  await logIn(account, PASSWORD, width);
  await context!.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${width === 1366 ? 10 + n : 20 + n}` });
  return { ...m, account };
}

for (const width of [1366, 390] as const) {
  test(`the operator makes a promotion take applications in the promotion editor at ${width} px`, async () => {
    const owner = await staffMember(`joinowner${width}`);
    const title = `Photo contest ${width}`;
    const promo = await post<{ id: string }>('/admin/api/promotions', owner.token, { title, content: '<p>x</p>' });
    await openBackOffice(owner.token, '/content/promotions', width);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.getByRole('button', { name: 'Application' }).click();
    const dialog = page.getByRole('dialog', { name: `Activity application: ${title}` });
    await dialog.getByLabel('Takes applications').waitFor();
    await dialog.getByLabel(/New members only/).check();
    await shot('bo-application-settings', width);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await server.app.modules.activities.offer(demo, BigInt(promo.id)), {
      enabled: true,
      newMembersOnly: true,
      oncePerMember: true,
      payAs: 'cash',
      bonusTerms: null,
    });
    assert.deepEqual(errors, []);
  });

  test(`a new player joins the sign-up promotion and requests the reward at ${width} px`, async () => {
    const m = await newMember(width, 1);
    await page.goto(`${server.baseUrl}/join`);
    await page.getByRole('heading', { level: 1, name: 'Join promotions' }).waitFor();
    const card = page.getByRole('article', { name: SIGNUP });
    await card.getByText('Sign-up bonus').waitFor();
    await shot('list', width);
    await card.getByRole('button', { name: 'Join' }).click();
    await card.getByRole('button', { name: 'Request reward' }).click();
    await card.getByText('Issued', { exact: true }).waitFor();
    assert.deepEqual(await balances(m.id), { main: 0n, bonus: 2000n });
    await shot('signup-issued', width);
    assert.ok(await noHorizontalOverflow(), 'no horizontal scrolling');
    assert.deepEqual(errors, []);
  });

  test(`a player applies with an image, staff approve, the player sees it issued at ${width} px`, async () => {
    const m = await newMember(width, 2);
    await page.goto(`${server.baseUrl}/join`);
    const card = page.getByRole('article', { name: ACTIVITY });
    await card.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Comment').fill('My 500× win on the slot 🎰');
    await dialog
      .getByLabel('Image 1')
      .setInputFiles({ name: 'win.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
    await shot('apply-dialog', width);
    await dialog.getByRole('button', { name: 'Send application' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Applying', { exact: true }).first().waitFor();
    await shot('applying', width);
    assert.deepEqual(errors, []);

    const risk = await staffMember(`joinrisk${width}`, 'risk');
    await openBackOffice(risk.token, '/rewards/activity-applications', width);
    await page.getByRole('heading', { level: 1, name: 'Activity applications' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(m.account) });
    await row.getByRole('button', { name: 'Review' }).click();
    const review = page.getByRole('dialog', { name: `Application of ${m.account}` });
    await review.getByRole('img', { name: 'Image 1' }).waitFor();
    await review.getByLabel(/Reward/).fill('15.00');
    await shot('bo-review', width);
    await review.getByRole('button', { name: 'Approve and pay' }).click();
    await review.waitFor({ state: 'detached' });
    await row.getByText('Issued', { exact: true }).waitFor();
    await shot('bo-issued', width);
    assert.deepEqual(await balances(m.id), { main: 1500n, bonus: 0n });
    assert.deepEqual(errors, []);

    await logIn(m.account, PASSWORD, width);
    await page.goto(`${server.baseUrl}/join`);
    const mine = page.getByRole('article', { name: ACTIVITY });
    await mine.getByText('Issued', { exact: true }).waitFor();
    await mine.getByText(/Reward paid: .*15\.00/).waitFor();
    await shot('activity-issued', width);
    assert.ok(await noHorizontalOverflow(), 'no horizontal scrolling');
    assert.deepEqual(errors, []);
  });
}
